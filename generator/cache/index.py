"""The light half of the cache: what the last build read and wrote, enough to tell that nothing
changed (`giv build` with nothing to do) without reading the games' records."""
from __future__ import annotations

import gc
import hashlib
import os
import pickle
import time
from dataclasses import dataclass, field
from pathlib import Path
from stat import S_ISREG

from .inputs import RACY_NS, Inputs, Stat

VERSION = 8


@dataclass
class Index:
    target: str
    common: str = ""                                        # hash of what every page may depend on
    stats: dict[str, Stat] = field(default_factory=dict)    # input file -> stat when hashed
    hashes: dict[str, str] = field(default_factory=dict)    # input file -> content hash
    games: dict[str, str] = field(default_factory=dict)     # game id -> hash of its folder
    pages: dict[str, bytes] = field(default_factory=dict)   # output file -> SHA-256
    saved_at: int = 0
    context: str = ""                                       # extra() of the last build (SOURCE_DATE_EPOCH)
    left_out: list[str] = field(default_factory=list)       # the drafts it left out (render.pages.drafts_of)
    version: int = VERSION

    def extra(self) -> str:
        return f"v{VERSION}|{os.environ.get('SOURCE_DATE_EPOCH', '')}|{self.target}"


def target_of(out: Path | None, langs: list[str] | None) -> str:
    return f"{out.resolve() if out else ':memory:'}|{','.join(langs or ['*'])}"


def index_path(store: Path, target: str) -> Path:
    """The index file (and beside it, the records' files: builder.Records) of a target, for this version of the cache."""
    return store / f"build-{hashlib.blake2b(f'{VERSION}|{target}'.encode(), digest_size=8).hexdigest()}.index"


def read_pickle(path: Path) -> object:
    """A pickle's objects, made with the garbage collector paused: every one of them stays alive,
    and collections halfway through would only walk them again and again."""
    paused = gc.isenabled()
    gc.disable()
    try:
        with path.open("rb") as handle:
            return pickle.load(handle)
    finally:
        if paused:
            gc.enable()


def load(path: Path | None, target: str) -> Index:
    if path and path.exists():
        try:
            index = read_pickle(path)
            if isinstance(index, Index) and index.version == VERSION and index.target == target:
                return index
        except Exception:  # a cache that cannot be read is no cache
            pass
    return Index(target)


def save(path: Path | None, index: Index) -> None:
    index.saved_at = time.time_ns()
    if not path:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_suffix(f".{os.getpid()}.tmp")
    with temp.open("wb") as handle:
        pickle.dump(index, handle, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(temp, path)


def outputs_intact(out: Path, pages: dict[str, bytes]) -> bool:
    """True when every file the last build wrote is still there (a file edited in place goes
    unseen: `giv build --clean` writes everything anew)."""
    base, stat, regular = str(out) + os.sep, os.stat, S_ISREG
    try:
        return bool(pages) and all(regular(stat(base + rel).st_mode) for rel in pages)
    except OSError:
        return False


def fresh(index: Index, inputs: Inputs, intact: bool) -> bool:
    """True when no input changed since the last build and its output is intact. When only file
    times changed, the index takes the new times (the caller saves it)."""
    if not index.pages or not intact or index.context != index.extra():
        return False
    trusted = index.saved_at - RACY_NS
    if inputs.stats == index.stats and all(s[1] < trusted for s in index.stats.values()):
        return True
    inputs.hash_all(index.stats, index.hashes, trusted)
    common, games = inputs.keys(index.extra())
    if common == index.common and games == index.games:
        index.stats, index.hashes = inputs.stats, inputs.hashes
        return True
    return False
