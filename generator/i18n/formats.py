"""Numbers, lists and ranges in the reader's locale, through Babel (never glued by hand)."""
from __future__ import annotations

from functools import lru_cache

from babel import Locale
from babel.lists import format_list
from babel.numbers import format_decimal


@lru_cache(maxsize=65536)  # pages format the same small numbers thousands of times
def number(value: int, locale: str) -> str:
    # Babel writes U+2212 for minus in sv; keep it, it is the correct sign in that locale.
    return format_decimal(value, locale=locale)


def items(values: list[str], locale: str, style: str = "standard") -> str:
    return format_list(values, style=style, locale=locale)


@lru_cache(maxsize=None)
def language_name(code: str, in_locale: str) -> str:
    name = Locale.parse(code).get_display_name(in_locale) or code
    return name[:1].upper() + name[1:]
