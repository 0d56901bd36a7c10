"""Placeholders that `giv new` writes into a new game: each one fails the build until it is written."""
from __future__ import annotations

from pathlib import Path

from .errors import Problems
from .files import read_bytes

MARKER = "TODO(giv)"


def held_as(form: str) -> str:
    """The end of a draft's "missing translation" error: how the draft holds what it lacks (form,
    with a placeholder) until it is translated."""
    return f"; a draft holds it as '{form}' until it is translated"


def unwritten(problems: Problems, path: Path) -> None:
    """A problem for every line of the file that still holds a TODO(giv) placeholder."""
    data, _ = read_bytes(path, problems.root)  # a file it refuses is reported where it is loaded
    if data is None or MARKER.encode() not in data:
        return
    for number, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
        if MARKER in line:
            text = line[line.index(MARKER):].strip().rstrip("'\"").replace("''", "'")
            problems.add(path, number, f"not written yet: {text[:120]}")
