"""Atomic output: nothing touches the target folder until every file has been written beside it."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

CREATE = os.O_WRONLY | os.O_CREAT | os.O_TRUNC  # as open(path, "wb"); os.open adds O_CLOEXEC


def write_tree(target: Path, files: dict[str, bytes]) -> None:
    """Write files into a sibling temporary folder, then swap it in place of target."""
    target = target.resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    temp = target.with_name(f".{target.name}.new-{os.getpid()}")
    old = target.with_name(f".{target.name}.old-{os.getpid()}")
    shutil.rmtree(temp, ignore_errors=True)
    try:
        fill(temp, files)
        if target.exists():
            target.rename(old)
        temp.rename(target)
    finally:
        shutil.rmtree(temp, ignore_errors=True)
        shutil.rmtree(old, ignore_errors=True)


def fill(folder: Path, files: dict[str, bytes]) -> None:
    """Create folder with files in it (paths relative to it), making each folder once, parents
    first, and writing each file with one open, write and close."""
    base = str(folder)
    os.mkdir(base)
    folders = folders_of(files)
    for rel in folders:
        os.mkdir(f"{base}/{rel}")
    for rel, data in files.items():
        _write(f"{base}/{rel}", data)
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        for rel in folders + list(files):
            os.utime(f"{base}/{rel}", (int(epoch), int(epoch)), follow_symlinks=False)


def folders_of(files: dict[str, bytes]) -> list[str]:
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
