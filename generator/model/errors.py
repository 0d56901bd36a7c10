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
        self._base = root.resolve().parent
        self._folders: dict[Path, Path] = {}  # folder -> its resolved path
        self._rels: dict[Path, str] = {}

    def rel(self, path: Path | str) -> str:
        """The path from the folder that holds content/, as errors name it."""
        path = Path(path)
        if path not in self._rels:
            try:
                self._rels[path] = self._resolve(path).relative_to(self._base).as_posix()
            except ValueError:
                self._rels[path] = path.as_posix()
        return self._rels[path]

    def _resolve(self, path: Path) -> Path:
        """path.resolve(), resolving each folder once: a file that is not a link adds only its name."""
        if path.name in ("", ".", "..") or path.is_symlink():
            return path.resolve()
        folder = path.parent
        if folder not in self._folders:
            self._folders[folder] = folder.resolve()
        return self._folders[folder] / path.name

    def add(self, path: Path | str, line: int, message: str, detail: str = "") -> None:
        self.items.append(Problem(self.rel(path), max(line, 1), message, detail))

    def extend(self, found: list[Problem]) -> None:
        """Add problems found elsewhere (such as in a worker process, with its own Problems)."""
        self.items.extend(found)

    def raise_if_any(self) -> None:
        if self.items:
            raise ContentError(self.items)
