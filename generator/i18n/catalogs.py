"""The templates' and the sheet's UI strings: one gettext catalog per language, complete or an error."""
from __future__ import annotations

import hashlib
import io
import os
from gettext import GNUTranslations
from pathlib import Path
from typing import TYPE_CHECKING

from ..model.errors import Problems
from ..model.files import read_bytes

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog



def catalog_path(templates: Path, lang: str) -> Path:
    return templates / "locale" / lang / "LC_MESSAGES" / "messages.po"


def missing(catalog: Catalog) -> list[tuple[int, str, str]]:
    """(line, msgid, what is wrong) of every message without a translation (or only spaces), or
    marked fuzzy. The build and tests/test_catalogs.py both ask this."""
    out = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
        if not all(s.strip() for s in strings):
            out.append((message.lineno or 1, msgid, "missing translation"))
        elif message.fuzzy:
            out.append((message.lineno or 1, msgid, "fuzzy translation (check it, then remove the fuzzy flag)"))
    return out


def load_catalogs(problems: Problems, templates: Path, langs: list[str],
                  store: Path | None = None) -> dict[str, GNUTranslations]:
    """The translations per language; an absent, broken or incomplete catalog is a problem per message.
    `store`: a folder that keeps each complete catalog compiled, by its .po's hash (generator/cache)."""
    out = {}
    for lang in langs:
        path = catalog_path(templates, lang)
        if not path.exists():
            problems.add(path, 1, f"missing translation: the UI catalog for {lang}")
            continue
        data, why = read_bytes(path, templates)  # the safe reader: no link out of templates/, no pipe
        if data is None:
            problems.add(path, 1, why)
            continue
        compiled = store / f"{lang}-{hashlib.blake2b(data, digest_size=16).hexdigest()}.mo" if store else None
        if compiled and compiled.exists():  # this very catalog was complete when it was compiled
            out[lang] = GNUTranslations(io.BytesIO(compiled.read_bytes()))
            continue
        from babel.messages.mofile import write_mo  # only when the catalog changed: the compiled one is kept
        from babel.messages.pofile import read_po

        try:
            catalog = read_po(io.BytesIO(data), locale=lang)
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
        if compiled:
            compiled.parent.mkdir(parents=True, exist_ok=True)
            temp = compiled.with_suffix(f".{os.getpid()}.tmp")
            temp.write_bytes(buffer.getvalue())
            temp.replace(compiled)
        buffer.seek(0)
        out[lang] = GNUTranslations(buffer)
    return out
