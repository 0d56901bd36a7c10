"""Numbers, lists and language names in the reader's locale, through Babel (never glued by hand).

Each answer is asked of Babel once per process: the pages of a build ask the same few questions
thousands of times."""
from __future__ import annotations

import functools


@functools.cache
def number(value: int, locale: str) -> str:
    """An integer as the locale writes it: Babel's grouping and minus sign for that locale."""
    from babel.numbers import format_decimal

    return format_decimal(value, locale=locale)


@functools.cache
def plural_form(value: int, locale: str) -> str:
    """The locale's plural category of a count (CLDR's "one", "other", ...)."""
    from babel import Locale

    return Locale.parse(locale).plural_form(value)


def items(values: list[str], locale: str, style: str = "standard") -> str:
    """The values as a list in the locale's words ("a, b and c"); Markup stays Markup."""
    return _items(tuple(values), locale, style)


@functools.cache
def _items(values: tuple[str, ...], locale: str, style: str) -> str:
    from babel.lists import format_list

    return format_list(list(values), style=style, locale=locale)


@functools.cache
def language_name(code: str, in_locale: str) -> str:
    from babel import Locale

    name = Locale.parse(code).get_display_name(in_locale) or code
    return name[:1].upper() + name[1:]
