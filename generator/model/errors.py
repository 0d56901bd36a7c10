"""Content errors: each names the file and line and says what is wrong, in one line."""
from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .content_error import ContentError

# What a terminal or an editor would act on rather than show: control characters (C0, DEL, C1),
# bidirectional overrides and marks, line and paragraph separators, lone surrogates.
UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]")


def printable(text: str) -> str:
    """text with every character a terminal would act on written as an escape (\\x1b, \\u202e)."""
    return UNPRINTABLE.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100
                           else f"\\u{ord(m.group()):04x}", text)


def closest(name: object, known: Iterable[str]) -> str | None:
    """The known name nearest to a misspelt one (case aside), if one is near enough to suggest."""
    import difflib  # here: only a build with a problem needs it

    names = {k.casefold(): k for k in known}
    found = difflib.get_close_matches(str(name).casefold(), list(names), n=1)
    return names[found[0]] if found else None


def hint(name: object, known: Iterable[str]) -> str:
    """' (did you mean 'x'?)' for a message that ends with the unknown name, or ''."""
    near = closest(name, known)
    return f" (did you mean '{near}'?)" if near else ""


def listing(name: object, known: Iterable[str]) -> str:
    """The known names for a message that names an unknown one: ': did you mean 'x'? (known: ...)'
    with the nearest first when one is near, else ' (known: ...)'."""
    known = list(known)
    near = closest(name, known)
    return (f": did you mean '{near}'?" if near else "") + f" (known: {', '.join(known)})"


@dataclass(frozen=True, order=True)
class Problem:
    file: str
    line: int
    message: str
    detail: str = ""  # lines shown under the one-line message, such as a table of numbers

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


class Problems:
    """Collects independent problems so that one run reports them all."""

    def __init__(self, root: Path):
        self.root = root
        self.items: list[Problem] = []
        self._base = os.path.dirname(os.path.abspath(root))
        self._rels: dict[Path, str] = {}

    def rel(self, path: Path | str) -> str:
        """The path from the folder that holds content/, as errors name it: the name the author
        gave it, links not followed (a link is named for itself, not for its target)."""
        path = Path(path)
        if path not in self._rels:
            full = os.path.abspath(path)
            inside = full.startswith(self._base.rstrip(os.sep) + os.sep)
            self._rels[path] = Path(os.path.relpath(full, self._base)).as_posix() if inside else path.as_posix()
        return self._rels[path]

    def add(self, path: Path | str, line: int, message: str, detail: str = "") -> None:
        """A problem in one line: what the input holds is shown, never acted on (see printable)."""
        detail = "\n".join(printable(row) for row in detail.split("\n")) if detail else ""
        self.items.append(Problem(printable(self.rel(path)), max(line, 1), printable(message), detail))

    def extend(self, found: list[Problem]) -> None:
        """Add problems found elsewhere (such as in a worker process, with its own Problems)."""
        self.items.extend(found)

    def raise_if_any(self) -> None:
        if self.items:
            raise ContentError(self.items)
