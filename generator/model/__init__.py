"""Loading content/ into the typed model, with file:line errors."""
