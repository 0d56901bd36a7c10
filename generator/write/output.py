"""Atomic output: nothing touches the target folder until every file has been written beside it."""
from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from ..render.pages import Kept, digest

CREATE = os.O_WRONLY | os.O_CREAT | os.O_TRUNC  # as open(path, "wb"); os.open adds O_CLOEXEC


@dataclass(frozen=True)
class Written(Kept):
    """A file put() into the staging folder, with its folder's stat just after (size 0, mtime, inode):
    the cache records it, and a folder that holds only this file keeps it after the swap."""
    folder: tuple[int, int, int] = (0, 0, 0)


class Staging:
    """A new folder beside the target that a full build fills, then swaps in place of the target.

    put() writes one file and may be called from the parallel workers that render the pages, so
    that writing is shared by the cores and the pages do not travel back to this process; finish()
    writes the rest and swaps the folder in. Leaving the `with` block without finish(), on an
    error, removes the folder: the target is as it was."""

    def __init__(self, target: Path):
        self.target = target.resolve()
        self.folder = self.target.with_name(f".{self.target.name}.new-{os.getpid()}")
        self.base = str(self.folder)
        self.done = False

    def __enter__(self) -> "Staging":
        shutil.rmtree(self.folder, ignore_errors=True)
        self.target.parent.mkdir(parents=True, exist_ok=True)
        os.mkdir(self.base)
        return self

    def __exit__(self, *exc) -> None:
        if not self.done:
            shutil.rmtree(self.folder, ignore_errors=True)

    def put(self, rel: str, data: bytes) -> Written:
        """Write one file (its folders as needed); what stands for it in the build's files."""
        path = f"{self.base}/{rel}"
        try:
            _write(path, data)
        except FileNotFoundError:
            os.makedirs(os.path.dirname(path), exist_ok=True)  # another worker may make it at the same time
            _write(path, data)
        st = os.stat(os.path.dirname(path))
        return Written(digest(data), (0, st.st_mtime_ns, st.st_ino))

    def finish(self, files: dict[str, bytes | Kept]) -> None:
        """Write the files not put() yet, then swap the folder in place of the target."""
        rest = {rel: data for rel, data in files.items() if not isinstance(data, Kept)}
        for rel in folders_of(rest):
            os.makedirs(f"{self.base}/{rel}", exist_ok=True)
        for rel, data in rest.items():
            _write(f"{self.base}/{rel}", data)
        epoch = os.environ.get("SOURCE_DATE_EPOCH")
        if epoch:
            for rel in folders_of(files) + list(files):
                os.utime(f"{self.base}/{rel}", (int(epoch), int(epoch)), follow_symlinks=False)
        old = self.target.with_name(f".{self.target.name}.old-{os.getpid()}")
        moved = self.target.exists()
        if moved:
            self.target.rename(old)
        try:
            self.folder.rename(self.target)
        except OSError:
            if moved:
                old.rename(self.target)  # the last site stays where it was
            raise
        self.done = True
        shutil.rmtree(old, ignore_errors=True)


def folders_of(files: dict[str, bytes | Kept]) -> list[str]:
    """Every folder that holds a file, each after its parent: ["da", "da/tips", ...]."""
    folders = set()
    for rel in files:
        parent = rel.rpartition("/")[0]
        while parent and parent not in folders:
            folders.add(parent)
            parent = parent.rpartition("/")[0]
    return sorted(folders)  # a parent's path is a prefix of its children's, so it sorts first


def _write(path: str, data: bytes) -> None:
    fd = os.open(path, CREATE, 0o666)
    try:
        written = os.write(fd, data)
        while written < len(data):  # a regular file takes it all at once, unless the disk is full
            written += os.write(fd, memoryview(data)[written:])
    finally:
        os.close(fd)
