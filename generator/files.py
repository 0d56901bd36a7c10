"""The files of a build, as the stages hand them on: relative path -> bytes, or Kept for a file the
last build wrote and this one leaves as it is (render/ makes them, write/ writes them, cache/
remembers their digests)."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass


@dataclass(frozen=True)
class Kept:
    """A file the output holds already, as the last build wrote it: only its SHA-256 is in memory."""
    digest: bytes


Files = dict[str, "bytes | Kept"]


def digest(data: bytes | Kept) -> bytes:
    return data.digest if isinstance(data, Kept) else hashlib.sha256(data).digest()
