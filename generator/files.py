"""The files of a build, as the stages hand them on: relative path -> bytes, or Kept for a file the
last build wrote and this one leaves as it is (render/ makes them, write/ writes them, cache/
remembers their digests)."""
from __future__ import annotations

import hashlib
from typing import NamedTuple


class Kept(NamedTuple):
    """A file the output holds already, as the last build wrote it: only its SHA-256 is in memory.
    A tuple, not a dataclass: a rebuild makes one for every page it keeps."""
    digest: bytes


Files = dict[str, "bytes | Kept"]


def digest(data: bytes | Kept) -> bytes:
    return data.digest if isinstance(data, Kept) else hashlib.sha256(data).digest()
