"""Atomic output: nothing touches the target folder until every file has been written beside it."""
from __future__ import annotations

import os
import shutil
from pathlib import Path


def write_tree(target: Path, files: dict[str, bytes]) -> None:
    """Write files into a sibling temporary folder, then swap it in place of target."""
    target = target.resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    temp = target.with_name(f".{target.name}.new-{os.getpid()}")
    old = target.with_name(f".{target.name}.old-{os.getpid()}")
    shutil.rmtree(temp, ignore_errors=True)
    try:
        for rel, data in files.items():
            path = temp / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        epoch = os.environ.get("SOURCE_DATE_EPOCH")
        if epoch:
            for path in sorted(temp.rglob("*")):
                os.utime(path, (int(epoch), int(epoch)), follow_symlinks=False)
        if target.exists():
            target.rename(old)
        temp.rename(target)
    finally:
        shutil.rmtree(temp, ignore_errors=True)
        shutil.rmtree(old, ignore_errors=True)
