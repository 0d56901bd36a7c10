"""write_site(): the output folder made to hold exactly a build's files, never half of them.

A full build fills a new folder beside the output and swaps it in; an incremental one writes each
changed file beside itself and renames it over the old one, and removes the files the build no
longer makes. Either way a reader of the folder never sees half a file, and a build stopped
before the swap leaves the output as it was."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

from ..files import Files, Kept, digest


def write_site(out: Path, files: Files, last: dict[str, bytes] | None) -> dict[str, bytes]:
    """Write the files into out/: all of them (last=None), or those whose digest differs from the
    last build's (last: path -> digest). Returns path -> digest of every file."""
    digests = {path: digest(data) for path, data in files.items()}
    if last is None:
        with Staging(out) as stage:
            stage.fill(files)
            stage.swap()
    else:
        changed = {rel: data for rel, data in files.items() if not isinstance(data, Kept) and last.get(rel) != digests[rel]}
        for rel, data in changed.items():
            path = out / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            temp = path.with_name(f".{path.name}.giv-new")
            temp.write_bytes(data)
            os.replace(temp, path)
        _epoch(out, ["", *folders_of(changed), *changed])
        for rel in sorted(set(last) - set(files), reverse=True):
            path = out / rel
            path.unlink(missing_ok=True)
            folder = path.parent
            while folder != out and folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()
                folder = folder.parent
    return digests


class Staging:
    """A new folder beside the target: fill() it, then swap() it in place of the target. Leaving
    the `with` block without the swap (an error, Ctrl-C) removes it: the target is as it was."""

    def __init__(self, target: Path):
        self.target = target.resolve()
        self.folder = self.target.with_name(f".{self.target.name}.new-{os.getpid()}")
        self.done = False

    def __enter__(self) -> "Staging":
        shutil.rmtree(self.folder, ignore_errors=True)
        self.target.parent.mkdir(parents=True, exist_ok=True)
        self.folder.mkdir()
        return self

    def __exit__(self, *exc) -> None:
        if not self.done:
            shutil.rmtree(self.folder, ignore_errors=True)

    def fill(self, files: Files) -> None:
        for rel in folders_of(files):
            (self.folder / rel).mkdir()
        for rel, data in files.items():
            (self.folder / rel).write_bytes(data)
        _epoch(self.folder, ["", *folders_of(files), *files])

    def swap(self) -> None:
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


def folders_of(files: Files) -> list[str]:
    """Every folder that holds a file, each after its parent: ["da", "da/tips", ...]."""
    folders = set()
    for rel in files:
        parent = rel.rpartition("/")[0]
        while parent and parent not in folders:
            folders.add(parent)
            parent = parent.rpartition("/")[0]
    return sorted(folders)  # a parent's path is a prefix of its children's, so it sorts first


def _epoch(base: Path, rels: list[str]) -> None:
    """With SOURCE_DATE_EPOCH set (reproducible builds), every file and folder written gets that time."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        for rel in rels:
            os.utime(base / rel, (int(epoch), int(epoch)), follow_symlinks=False)
