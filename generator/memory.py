"""bulk_allocation(): no cyclic garbage collection while many long-lived objects are made."""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def bulk_allocation() -> Iterator[None]:
    """For building the model, reading the cache, and a whole build (as a decorator of build()):
    hundreds of thousands of objects that all live on. The collector would walk them again and
    again for nothing (reading a cache file took up to four times as long with it; a clean
    1,000-game build paused twice for 0.15 and 0.3 s in full collections that found 51 objects).
    A build's few cycles are collected when it ends (giv serve builds again and again)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
