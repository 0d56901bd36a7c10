"""A private copy of the project's content/ and templates/ for tests that edit files."""
from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def site_copy(tmp: Path, games: list[str] | None = None) -> Path:
    """tmp/content and tmp/templates; only the named games when `games` is given. Returns tmp/content."""
    content = tmp / "content"
    shutil.copytree(ROOT / "content", content, ignore=shutil.ignore_patterns("translations.lock"))
    if games is not None:
        for folder in (content / "games").iterdir():
            if folder.name not in games:
                shutil.rmtree(folder)
    shutil.copytree(ROOT / "templates", tmp / "templates")
    return content


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
