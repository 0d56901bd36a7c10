"""Page addresses made from names: slugify()."""
from __future__ import annotations

import unicodedata

FOLD = str.maketrans({"æ": "ae", "ø": "o", "å": "a", "ä": "a", "ö": "o", "ß": "ss"})


def slugify(name: str) -> str:
    """A URL part for an alias or a heading: its ASCII letters and digits, lowercase, in words
    joined by hyphens. Danish and Swedish letters are folded (æ -> ae, ø -> o), accents dropped
    (é -> e); every other character separates words."""
    text = unicodedata.normalize("NFKD", name.lower().translate(FOLD)).lower()  # NFKD may make capitals: ℌ -> H
    text = "".join(c if c.isascii() and c.isalnum() else "-" for c in text if not unicodedata.combining(c))
    return "-".join(part for part in text.split("-") if part)
