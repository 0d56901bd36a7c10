"""What the search page's script says (templates/assets/search.js), in the page's language: marked
for extraction and translated through the catalogs, as the sheet's strings are
(i18n/sheet_messages.py: {placeholders}, plural forms as key_one, key_other)."""
from __future__ import annotations

from gettext import GNUTranslations

from ..i18n.marks import N_

MESSAGES = {
    "searching": N_("Searching ..."),
    "found_one": N_("{n} game found for “{query}”."),
    "found_other": N_("{n} games found for “{query}”."),
    "none": N_("No game found for “{query}”. Try another name, or a word from a game's description or headings."),
    "offline": N_("The search could not be loaded. Check the connection and try again; every game is listed on the front page."),
}


def search_strings(translations: GNUTranslations) -> dict[str, str]:
    return {key: translations.gettext(text) for key, text in sorted(MESSAGES.items())}
