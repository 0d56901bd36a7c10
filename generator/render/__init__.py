"""Rendering the model into pages: Jinja2 and view models (the Markdown is generator/markdown/'s)."""
