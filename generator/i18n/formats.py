"""Numbers, lists and language names in the reader's locale, through Babel (never glued by hand).

Babel's answers are remembered (ANSWERS): in this process, and, when generator/cache names a
file, between builds. Loading three locales' data takes Babel about 60 ms, more than an
incremental build spends on the pages it renders, and those pages ask what earlier builds
asked already. Babel stays the only source of the answers: a question not asked before goes
to it, and the file is keyed by Babel's version and the question."""
from __future__ import annotations

import functools
import marshal
import os
import re
from pathlib import Path
from typing import Callable

Key = tuple


class Answers:
    """Babel's answers by question; take() and merge() carry what parallel workers learned back
    to the process that keeps them (generator/parallel.py)."""

    def __init__(self) -> None:
        self.folder: Path | None = None   # generator/cache sets it
        self.known: dict[Key, str] | None = None
        self.new: dict[Key, str] = {}

    def ask(self, key: Key, compute: Callable[[], str]) -> str:
        known = self.known if self.known is not None else self._load()
        found = known.get(key)
        if found is None:
            found = known[key] = self.new[key] = compute()
        return found

    def _file(self) -> Path | None:
        return self.folder / f"formats-{_babel_version()}.marshal" if self.folder else None

    def _load(self) -> dict[Key, str]:
        self.known = {}
        path = self._file()
        if path and path.exists():
            try:
                loaded = marshal.loads(path.read_bytes())
                if isinstance(loaded, dict):
                    self.known = loaded
            except (ValueError, EOFError, TypeError, OSError):
                pass  # a damaged file: ask Babel again
        return self.known

    def forget(self) -> None:
        """Ask Babel everything again (`giv build --clean`); the file is replaced at the next save."""
        self.known, self.new = {}, {}

    def take(self) -> dict[Key, str]:
        new, self.new = self.new, {}
        return new

    def merge(self, entries: dict[Key, str]) -> None:
        if entries:
            known = self.known if self.known is not None else self._load()
            known.update(entries)
            self.new.update(entries)

    def save(self) -> None:
        """Write the answers down if this build learned any (the file is replaced whole)."""
        path = self._file()
        if path is None or not self.new or self.known is None:
            return
        try:
            data = marshal.dumps(self.known)
        except ValueError:  # a question marshal cannot write: keep the answers for this process only
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        temp.write_bytes(data)
        temp.replace(path)
        self.new = {}


@functools.cache
def _babel_version() -> str:
    """Babel's version, read from its __init__.py without importing it (which costs more than
    the answers save)."""
    from importlib.util import find_spec

    origin = find_spec("babel").origin
    found = re.search(r"""__version__\s*=\s*['"]([^'"]+)""", Path(origin).read_text("utf-8"))
    return found.group(1) if found else str(os.stat(origin).st_mtime_ns)


ANSWERS = Answers()


def number(value: int, locale: str) -> str:
    """An integer as the locale writes it: Babel's grouping and minus sign for that locale."""
    def compute() -> str:
        from babel.numbers import format_decimal
        return format_decimal(value, locale=locale)
    return ANSWERS.ask(("number", value, locale), compute)


def items(values: list[str], locale: str, style: str = "standard") -> str:
    def compute() -> str:
        from babel.lists import format_list
        return format_list(values, style=style, locale=locale)
    return ANSWERS.ask(("items", tuple(str(v) for v in values), locale, style), compute)  # Markup too


def language_name(code: str, in_locale: str) -> str:
    def compute() -> str:
        from babel import Locale
        name = Locale.parse(code).get_display_name(in_locale) or code
        return name[:1].upper() + name[1:]
    return ANSWERS.ask(("language", code, in_locale), compute)
