"""The templates' gettext: what jinja2.ext.i18n's newstyle gettext does, without its per-call cost.

A page asks for the same few dozen messages; the extension looks each one up in the catalog and
formats it on every call, through two rounds of Jinja's context machinery. These functions keep
its meaning exactly (autoescape is on for every template):

- the translation is markup (a catalog may hold HTML); the values are escaped into it;
- it is always %-formatted, even without values ("%%" is "%");
- ngettext's `num` defaults to the count.

A message without values is formatted once per language and kept: memoised because that makes a
clean build's rendering noticeably faster (bench/README.md).
"""
from __future__ import annotations

from gettext import GNUTranslations
from typing import Any

from markupsafe import Markup


class TemplateGettext:
    """gettext / ngettext for one language's templates, memoised per message."""

    def __init__(self, translations: GNUTranslations) -> None:
        self.translations = translations
        self._translated: dict[str, Markup] = {}
        self._finished: dict[str, Markup] = {}

    def _translation(self, message: str) -> Markup:
        found = self._translated.get(message)
        if found is None:
            found = self._translated[message] = Markup(self.translations.gettext(message))
        return found

    def gettext(self, message: str, /, **values: Any) -> Markup:
        if values:
            return self._translation(message) % values
        found = self._finished.get(message)
        if found is None:
            found = self._finished[message] = self._translation(message) % {}
        return found

    def ngettext(self, singular: str, plural: str, count: int, /, **values: Any) -> Markup:
        values.setdefault("num", count)
        return Markup(self.translations.ngettext(singular, plural, count)) % values
