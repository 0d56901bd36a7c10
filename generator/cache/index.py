"""What the last build read and wrote, in two files of marshal data (few imports, quick to read):

- the manifest: the inputs' stats, when they were taken, the hashes of the few inputs that had
  changed just before (racy), and the files the build wrote; all that `giv build` with nothing
  to do reads, also right after an edit;
- the index: every input's hash, each game folder's key and every output's digest; read when
  some input's stat changed.

Beside them, the records (builder.Records), read only when some game changed."""
from __future__ import annotations

import marshal
import os
import zlib
from itertools import repeat
from operator import itemgetter
from pathlib import Path
from typing import Callable

from .inputs import RACY_NS, Stat

VERSION = 13


def context(target: str) -> str:
    """What every page depends on besides the inputs: the cache's version, SOURCE_DATE_EPOCH, the target."""
    return f"v{VERSION}|{os.environ.get('SOURCE_DATE_EPOCH', '')}|{target}"


class Manifest:
    """The light half: enough to tell that nothing changed since the last build."""

    def __init__(self, target: str, context: str = "", scanned_at: int = 0, stats: dict[str, Stat] | None = None,
                 racy: dict[str, str] | None = None, outputs: list[str] | None = None,
                 left_out: list[str] | None = None):
        self.target, self.context = target, context
        self.scanned_at = scanned_at            # when the stats were taken (Inputs.scan)
        self.stats = stats or {}                # input file -> stat when hashed
        self.racy = racy or {}                  # input file -> content hash, of those racy at the scan
        self.outputs = outputs or []            # every file of the last build, sorted
        self.left_out = left_out or []          # the drafts it left out (render.pages.drafts_of)

    def fields(self) -> tuple:
        return self.target, self.context, self.scanned_at, self.stats, self.racy, self.outputs, self.left_out


class Index:
    """The heavy half: what the inputs hashed to and what the outputs were."""

    def __init__(self, common: str = "", hashes: dict[str, str] | None = None, games: dict[str, str] | None = None,
                 pages: dict[str, bytes] | None = None):
        self.common = common                    # hash of what every page may depend on
        self.hashes = hashes or {}              # input file -> content hash
        self.games = games or {}                # game id -> hash of its folder
        self.pages = pages or {}                # output file -> SHA-256

    def fields(self) -> tuple:
        return self.common, self.hashes, self.games, self.pages


def target_of(out: Path | None, langs: list[str] | None) -> str:
    return f"{out.resolve() if out else ':memory:'}|{','.join(langs or ['*'])}"


def last_target(store: Path) -> tuple[Path, list[str] | None] | None:
    """The output folder and languages (target_of's) of the last build that wrote a cache into
    store and whose folder is still there, or None when there is none."""
    try:
        manifests = sorted(store.glob("build-*.manifest"), key=lambda path: path.stat().st_mtime_ns, reverse=True)
    except OSError:  # a file removed while the folder is read: a build is writing the cache
        return None
    for path in manifests:
        fields = _read(path)
        if fields and isinstance(fields[0], str) and "|" in fields[0]:
            out, langs = fields[0].rsplit("|", 1)
            if Path(out).is_dir():
                return Path(out), None if langs == "*" else langs.split(",")
    return None


def base_path(store: Path, target: str) -> Path:
    """The files of a target's cache, each with its own suffix: .manifest, .index, and the records'."""
    return store / f"build-{zlib.crc32(f'{VERSION}|{target}'.encode()):08x}-{len(target)}"


def _read(path: Path) -> tuple | None:
    """The fields of a file of this version, or None (a cache that cannot be read is no cache)."""
    try:
        data = marshal.loads(path.read_bytes())  # from bytes: marshal.load reads a file a few bytes at a time
    except (OSError, EOFError, ValueError, TypeError):
        return None
    return data[1:] if isinstance(data, tuple) and data and data[0] == VERSION else None


def _write(path: Path, fields: tuple) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    temp.write_bytes(marshal.dumps((VERSION, *fields)))
    os.replace(temp, path)


def load_manifest(path: Path | None, target: str) -> Manifest:
    fields = _read(path) if path else None
    if fields and len(fields) == 7 and fields[0] == target:
        return Manifest(*fields)
    return Manifest(target)


def load_index(path: Path | None) -> Index:
    fields = _read(path) if path else None
    return Index(*fields) if fields and len(fields) == 4 else Index()


def save_manifest(path: Path | None, manifest: Manifest, hashes: dict[str, str]) -> None:
    """The manifest with the hashes (input file -> content hash) of the inputs changed so shortly
    before their stats were taken that a later edit within the clock's tick could leave their stat
    as it is."""
    manifest.racy = {key: hashes[key] for key in racy(manifest.stats, manifest.scanned_at)}
    if path:
        _write(path, manifest.fields())


def save_index(path: Path | None, index: Index) -> None:
    if path:
        _write(path, index.fields())


def outputs_intact(out: Path, outputs: list[str]) -> bool:
    """True when something is still at the place of every file the last build wrote (a file
    edited in place, or replaced, goes unseen: `giv build --clean` writes everything anew). One
    access() a file, with no stat to make: every later build asks this of thousands of files."""
    base = str(out) + os.sep
    return bool(outputs) and all(map(os.access, map(base.__add__, outputs), repeat(os.F_OK)))


def racy(stats: dict[str, Stat], scanned_at: int) -> list[str]:
    """The inputs whose stat cannot tell an edit made within the clock's tick of the scan that took
    the stats (git's racy rule, measured from when the files were looked at, not from when the
    build that read them ended): changed less than RACY_NS before it. Folders have no time, so
    none is racy."""
    trusted = scanned_at - RACY_NS
    if max(map(itemgetter(1), stats.values()), default=0) < trusted:  # the usual answer, from C
        return []
    return [key for key, st in stats.items() if st[1] >= trusted]


def stats_fresh(manifest: Manifest, stats: dict[str, Stat], file_hash: Callable[[str], str]) -> bool:
    """True when every input has the stat it had when the last build hashed it, and each one
    that had changed so shortly before that build that an edit within the clock's tick could
    hide (racy) still has the content hash it had (file_hash: input file -> its hash now)."""
    return stats == manifest.stats and all(
        manifest.racy.get(key) == file_hash(key) for key in racy(stats, manifest.scanned_at))
