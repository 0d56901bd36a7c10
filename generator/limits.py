"""The limits of what Giv reads: beyond them an input is refused with a message, never run into.
docs/authoring.md lists them for authors; each check that enforces one imports it from here."""
from __future__ import annotations

MAX_BYTES = 1_000_000   # a content file, and the input of `giv score`
MAX_DEPTH = 20          # lists and mappings inside one another (YAML and `giv score`'s JSON)
MAX_VALUES = 100_000    # values in one YAML file, counting each value an alias repeats
MAX_ROUNDS = 1_000      # rounds in one `giv score` input (a long evening is well under 100)
MAX_ADDRESS = 100       # characters of a page's address part: a slug, or the address an alias makes
