"""Page addresses made from names: slugify()."""
from __future__ import annotations

import re
import unicodedata

ASCII_WORDS = re.compile(r"[a-z0-9]+")
FOLD = str.maketrans({"æ": "ae", "ø": "o", "å": "a", "ä": "a", "ö": "o", "ß": "ss"})


def slugify(name: str) -> str:
    """A URL part for an alias: lowercase ASCII letters and digits joined by hyphens."""
    if name.isascii():  # the same result, faster: most names and headings are plain ASCII
        return "-".join(ASCII_WORDS.findall(name.lower()))
    text = unicodedata.normalize("NFKD", name.lower().translate(FOLD))
    text = "".join(c if c.isascii() and c.isalnum() else "-" for c in text if not unicodedata.combining(c))
    return "-".join(part for part in text.split("-") if part)
