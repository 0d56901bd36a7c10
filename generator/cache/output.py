"""The output folder of an incremental build: what is in it, and writing only what changed."""
from __future__ import annotations

import os
from pathlib import Path

from ..render.pages import Kept, digest
from ..write.output import Staging


def _epoch(path: Path) -> None:
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        os.utime(path, (int(epoch), int(epoch)), follow_symlinks=False)


def write_changed(out: Path, files: dict[str, bytes | Kept], old: dict[str, bytes],
                  stage: Staging | None) -> dict[str, bytes]:
    """Write what differs from the last build (old: path -> digest); returns path -> digest.

    A full build finishes its staging folder (write/output.py: a new folder swapped in). Otherwise
    each changed file is written beside itself and renamed over the old one, so that a reader never
    sees half a file; files the build no longer makes are removed."""
    digests = {path: digest(data) for path, data in files.items()}
    if stage:
        stage.finish(files)
        return digests
    for rel, data in files.items():
        if isinstance(data, Kept) or old.get(rel) == digests[rel]:
            continue
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_name(f".{path.name}.giv-new")
        temp.write_bytes(data)
        _epoch(temp)
        os.replace(temp, path)
        _epoch(path.parent)
    for rel in sorted(set(old) - set(files), reverse=True):
        path = out / rel
        path.unlink(missing_ok=True)
        folder = path.parent
        while folder != out and folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
            folder = folder.parent
    return digests
