"""The checks on the values that say what may be published: locales, language codes and URLs."""
from __future__ import annotations

import functools
import re
from urllib.parse import urlsplit

LOCALE = re.compile(r"[a-z]{2,3}(_[A-Z]{2})?")
HOST = re.compile(r"[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[0-9]{1,5})?")
URL_CHARS = re.compile(r"[A-Za-z0-9._~:/@!$&()*+,;=%-]+")  # RFC 3986 without quotes, '?' and '#'


def locale_problem(code: str, locale: str) -> str | None:
    """Why locale cannot be the locale of language code (da_DK for da), or None."""
    if not LOCALE.fullmatch(locale):
        return f"'{locale}' is not a locale: write it as language_COUNTRY, like da_DK"
    from babel import Locale, UnknownLocaleError

    try:
        known = Locale.parse(locale)
    except (UnknownLocaleError, ValueError):
        return f"'{locale}' is not a locale Giv knows{_locales_of(code)}"
    if known.language != code:
        return f"'{locale}' is a locale of {known.language}, not of {code}"
    return None


def _locales_of(language: str) -> str:
    """The locales Babel knows for a language, to follow an unknown one: " (sv: sv_AX, sv_FI, sv_SE)";
    nothing for a language with none, or with too many to list."""
    from babel.localedata import locale_identifiers

    known = sorted(i for i in locale_identifiers() if LOCALE.fullmatch(i) and i.startswith(f"{language}_"))
    return f" ({language}: {', '.join(known)})" if 0 < len(known) <= 8 else ""  # not English's hundred


@functools.lru_cache(maxsize=None)
def language_problem(code: str) -> str | None:
    """Why code (an alias's lang) is not a language Babel knows, or None: dk is no language (Danish is da)."""
    from babel import Locale, UnknownLocaleError

    try:
        Locale.parse(code)
    except (UnknownLocaleError, ValueError):
        return f"'{code}' is not a language code Giv knows (ISO 639, as in da, sv, en, de)"
    return None


def url_problem(url: str) -> str | None:
    """Why url cannot be where a site is published, or None: an http(s) address of a host, a
    folder (ending in '/'), with no query, fragment, password or character that needs quoting."""
    scheme = url.split(":", 1)[0].lower() if ":" in url else ""
    if scheme not in ("http", "https"):
        return f"must be an http:// or https:// address, not '{url}'"
    if not URL_CHARS.fullmatch(url):
        bad = next(ch for ch in url if not URL_CHARS.fullmatch(ch))
        return f"holds {bad!r}, which an address cannot hold as it is ('{url}')"
    parts = urlsplit(url)
    if not url.lower().startswith(f"{scheme}://") or not HOST.fullmatch(parts.netloc.lower()):
        return f"must name a host, as in {scheme}://example.org/ (not '{url}')"
    if not url.endswith("/"):
        return "must end with '/'"
    return None
