"""The scoresheet's UI strings. Marked for extraction (pybabel) and handed to the page as JSON.

Keys are what sheet.js asks for; values are the English source text, translated through the
same catalogs as the templates. Placeholders use {name} style and are filled in by the script.
"""
from __future__ import annotations

from babel.support import Translations


def N_(message: str) -> str:
    """Marks a string for extraction; translation happens in sheet_strings()."""
    return message


MESSAGES = {
    "title": N_("Scoresheet"),
}


def sheet_strings(translations: Translations) -> dict[str, str]:
    return {key: translations.gettext(text) for key, text in sorted(MESSAGES.items())}
