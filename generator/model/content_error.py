"""ContentError: what a build raises for problems in content/. A module of its own, with no
imports, so that `giv build` with nothing to do can name it without importing the rest of
model.errors (its dataclasses)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .errors import Problem


class ContentError(Exception):
    """One or more problems in content/; the build stops and prints each on its own line."""

    def __init__(self, problems: list[Problem]):
        # by file and line; problems at the same line keep the order they were found in (a text's
        # missing sections in the order of the sections)
        self.problems = sorted(dict.fromkeys(problems), key=lambda p: (p.file, p.line))
        super().__init__("\n".join(str(p) for p in self.problems))

    def __reduce__(self):  # back from a worker process as it was raised
        return ContentError, (self.problems,)
