"""Page addresses made from names: slugify()."""
from __future__ import annotations

import re
import unicodedata

WORDS = re.compile(r"[A-Za-z0-9]+")  # after lower(), NFKD may still make capitals (ℌ -> H)
NON_ASCII = re.compile(r"[^\x00-\x7f]")
FOLDED = {"æ": "ae", "ø": "o", "å": "a", "ä": "a", "ö": "o", "ß": "ss"}


def _separate(match: re.Match) -> str:
    """A combining mark is dropped (é is e); any other character beyond ASCII separates words."""
    return "" if unicodedata.combining(match.group()) else "-"


def slugify(name: str) -> str:
    """A URL part for an alias or a heading: its ASCII letters and digits, lowercase, in words
    joined by hyphens. Danish and Swedish letters are folded (æ -> ae, ø -> o), accents dropped
    (é -> e); every other character separates words."""
    text = name.lower()
    if not text.isascii():  # str.replace, not str.translate: a few times faster on short texts
        for letter, folded in FOLDED.items():
            if letter in text:
                text = text.replace(letter, folded)
        if not text.isascii():  # the regular expression visits only the characters beyond ASCII
            text = NON_ASCII.sub(_separate, unicodedata.normalize("NFKD", text))
    return "-".join(WORDS.findall(text))
