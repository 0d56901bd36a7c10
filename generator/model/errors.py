"""Content errors: each names the file and line and says what is wrong, in one line."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, order=True)
class Problem:
    file: str
    line: int
    message: str
    detail: str = ""  # lines shown under the one-line message, such as a table of numbers

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


class ContentError(Exception):
    """One or more problems in content/; the build stops and prints each on its own line."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(set(problems))
        super().__init__("\n".join(str(p) for p in self.problems))


class Problems:
    """Collects independent problems so that one run reports them all."""

    def __init__(self, root: Path):
        self.root = root
        self.items: list[Problem] = []

    def rel(self, path: Path | str) -> str:
        path = Path(path)
        try:
            return path.resolve().relative_to(self.root.resolve().parent).as_posix()
        except ValueError:
            return path.as_posix()

    def add(self, path: Path | str, line: int, message: str, detail: str = "") -> None:
        self.items.append(Problem(self.rel(path), max(line, 1), message, detail))

    def raise_if_any(self) -> None:
        if self.items:
            raise ContentError(self.items)
