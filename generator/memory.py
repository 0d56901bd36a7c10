"""bulk_allocation(): no cyclic garbage collection while many long-lived objects are made."""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def bulk_allocation() -> Iterator[None]:
    """For building the model or reading the cache: hundreds of thousands of objects that all
    live on. The collector would walk them again and again for nothing (reading a cache file
    took up to four times as long with it)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
