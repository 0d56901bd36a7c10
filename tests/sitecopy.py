"""A private copy of the project's content/ and templates/ for tests that edit files.

The copy's UI catalogs get the English text for any message not translated yet, so that tests of
serving, caching and scaffolding do not fail while a catalog is being completed; tests/test_catalogs.py
is the one that holds the catalogs to completeness."""
from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def fill_catalogs(templates: Path) -> None:
    from babel.messages.pofile import read_po, write_po

    for path in templates.glob("locale/*/LC_MESSAGES/messages.po"):
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=path.parts[-3])
        changed = False
        for message in catalog:
            if not message.id:
                continue
            if isinstance(message.id, tuple) and not all(message.string):
                message.string, changed = tuple(message.id[min(i, 1)] for i in range(len(message.string))), True
            elif not isinstance(message.id, tuple) and not message.string:
                message.string, changed = message.id, True
            if message.fuzzy:
                message.flags.discard("fuzzy")
                changed = True
        if changed:
            with path.open("wb") as handle:
                write_po(handle, catalog, omit_header=True)


def site_copy(tmp: Path, games: list[str] | None = None) -> Path:
    """tmp/content and tmp/templates; only the named games when `games` is given. Returns tmp/content."""
    content = tmp / "content"
    shutil.copytree(ROOT / "content", content, ignore=shutil.ignore_patterns("translations.lock"))
    if games is not None:
        for folder in (content / "games").iterdir():
            if folder.name not in games:
                shutil.rmtree(folder)
    shutil.copytree(ROOT / "templates", tmp / "templates")
    fill_catalogs(tmp / "templates")
    return content


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
