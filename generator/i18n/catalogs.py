"""The templates' and the sheet's UI strings: one gettext catalog per language, complete or an error."""
from __future__ import annotations

import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from ..model.errors import Problems


def catalog_path(templates: Path, lang: str) -> Path:
    return templates / "locale" / lang / "LC_MESSAGES" / "messages.po"


def missing(catalog: Catalog) -> list[tuple[int, str, str]]:
    """(line, msgid, what is wrong) of every message without a translation, or marked fuzzy."""
    out = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
        if not all(strings):
            out.append((message.lineno or 1, msgid, "missing translation"))
        elif message.fuzzy:
            out.append((message.lineno or 1, msgid, "fuzzy translation (check it, then remove the fuzzy flag)"))
    return out


def load_catalogs(problems: Problems, templates: Path, langs: list[str]) -> dict[str, Translations]:
    """Translations per language; an absent, broken or incomplete catalog is a problem per message."""
    out = {}
    for lang in langs:
        path = catalog_path(templates, lang)
        if not path.exists():
            problems.add(path, 1, f"missing translation: the UI catalog for {lang}")
            continue
        try:
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=lang)
        except Exception as exc:  # Babel raises several kinds on a malformed .po
            problems.add(path, getattr(exc, "lineno", 1) or 1, f"broken catalog: {exc}")
            continue
        gaps = missing(catalog)
        for line, msgid, what in gaps:
            problems.add(path, line, f"{what} ({lang}): {msgid!r}")
        if gaps:
            continue
        buffer = io.BytesIO()
        write_mo(buffer, catalog)
        buffer.seek(0)
        out[lang] = Translations(buffer)
    return out
