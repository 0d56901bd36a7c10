"""language_indexes(): each language's Pagefind index, made from the rule pages the build publishes.

Pagefind (the `pagefind[bin]` package: its binary comes in the wheel) reads the pages' HTML as
the build made them and writes an index of them all at once: it cannot add one page to an index
it made. So a language's index is cut into shards, each the index of the pages whose path falls
into its bucket (a stable hash), made and kept on its own: a changed page makes its shard again,
not the language's whole index. The search page (templates/assets/search.js) loads the first
shard with pagefind.js and merges the others into it (Pagefind's mergeIndex).

A language's pagefind/ folder, beside assets/, holds the first shard's bundle: what pagefind.js
loads (the script and its worker, the language's stemmer, the index and its fragments), not
Pagefind's own UI (the search page has a script of its own). Each other shard's index is in
pagefind/<bucket>/, and pagefind/shards.json lists those folders."""
from __future__ import annotations

import hashlib
import json
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ..files import Files, Kept, digest
from ..parallel import workers

FOLDER = "pagefind/"
SHARDS = "shards.json"
SEARCH_PAGE = "search.html"  # a file, not a folder: no game's or alias's address can take it
# What Pagefind reads of a rule page: its <main>, without the scoresheet (the same words on every
# page) and the note on a draft page.
ROOT, EXCLUDE = "main", ("#sheet", ".draft-note", ".breadcrumb", ".toc")
UI = ("pagefind-ui", "pagefind-modular-ui", "pagefind-component-ui", "pagefind-highlight")
# What a merged shard needs of its bundle: the first shard's script, worker and stemmer serve all.
MERGED = ("pagefind-entry.json", "index/", "fragment/", "filter/")
# The pages a shard holds on average at most: the number of buckets is the smallest power of two
# that keeps to it, so a shard's size, and what one changed page costs, does not grow with the
# site. Pagefind's time grows with a shard's pages, the search page's with the number of shards.
SHARD_PAGES = 12


@dataclass(frozen=True)
class Shard:
    lang: str
    prefix: str                # the language's folder in the build ("" for a language built alone)
    folder: str                # where its files go: prefix + pagefind/ (the first), or a bucket's folder
    pages: dict[str, bytes]    # path in the build -> HTML
    key: tuple                 # what it is made from (shard_key)

    @property
    def first(self) -> bool:
        return self.folder == self.prefix + FOLDER


def buckets(pages: int) -> int:
    n = 1
    while n * SHARD_PAGES < pages:
        n *= 2
    return n


def bucket(name: str, n: int) -> int:
    """The bucket of a page (its path in the language's folder) among n: the same in every build."""
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big") % n


def shard_key(folder: str, lang: str, pages: Files, pagefind: str) -> tuple:
    """What a shard is made from: its place, its pages (path and digest) and Pagefind (pagefind())."""
    h = hashlib.sha256(pagefind.encode())
    for path in sorted(pages):
        h.update(path.encode() + b"\0" + digest(pages[path]))
    return ("search", lang, folder, h.hexdigest())


def shards_of(lang: str, prefix: str, pages: Files) -> list[tuple[str, Files]]:
    """The language's shards as (folder, its pages), the first one at pagefind/ itself. A language
    without pages has one shard with none (Pagefind makes it an empty index)."""
    n = buckets(len(pages))
    groups: dict[int, Files] = {}
    for path in sorted(pages):
        groups.setdefault(bucket(path[len(prefix):], n), {})[path] = pages[path]
    order = sorted(groups) or [0]
    return [(prefix + FOLDER + ("" if b == order[0] else f"{b}/"), groups.get(b, {})) for b in order]


def pagefind() -> str:
    """Which Pagefind makes the indexes: its binary's path, size and time (a new version is a new
    binary; the file's stat is cheaper than importing importlib.metadata for the version)."""
    from pagefind_bin import get_executable

    binary = get_executable()
    st = binary.stat()
    return f"{binary}|{st.st_size}|{st.st_mtime_ns}"


def search_indexes(shards: list[Shard]) -> list[dict[str, bytes]]:
    """The files of each shard, as paths in the build, in the order of shards. Pagefind's binary
    indexes a temporary copy of each shard's pages, as many shards at a time as there are cores,
    and exits when its files are written; a page's URL is its path after its language's prefix."""
    from pagefind_bin import get_executable

    out: dict[str, dict[str, bytes]] = {}
    with tempfile.TemporaryDirectory(prefix="giv-search-") as temp:
        def start(number: int, shard: Shard) -> tuple[Shard, Path, subprocess.Popen]:
            site, bundle = Path(temp) / str(number), Path(temp) / f"{number}.pagefind"
            site.mkdir()
            for path, html in shard.pages.items():
                (site / path[len(shard.prefix):]).parent.mkdir(parents=True, exist_ok=True)
                (site / path[len(shard.prefix):]).write_bytes(html)
            command = [str(get_executable()), "--site", str(site), "--output-path", str(bundle), "--silent",
                       "--root-selector", ROOT, "--force-language", shard.lang]
            command += [arg for selector in EXCLUDE for arg in ("--exclude-selectors", selector)]
            return shard, bundle, subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

        waiting = list(enumerate(shards))
        running = [start(*waiting.pop(0)) for _ in range(min(workers(), len(waiting)))]
        while running:
            shard, bundle, run = running.pop(0)
            said = run.communicate()[0]
            if waiting:
                running.append(start(*waiting.pop(0)))
            if run.returncode != 0:
                raise RuntimeError(f"pagefind failed on the {shard.lang} pages (exit {run.returncode}): {said.strip()}")
            out[shard.folder] = bundle_files(shard, bundle)
    return [out[shard.folder] for shard in shards]


def bundle_files(shard: Shard, bundle: Path) -> dict[str, bytes]:
    """What the build keeps of a shard's bundle, as paths in the build."""
    found = {p.relative_to(bundle).as_posix(): p.read_bytes() for p in sorted(bundle.rglob("*")) if p.is_file()}
    if not shard.first:
        return {shard.folder + name: data for name, data in found.items()
                if name.startswith(MERGED) or name.endswith(".pf_meta")}
    entry = json.loads(found["pagefind-entry.json"])
    stemmers = {f"wasm.{info['wasm']}.pagefind" for info in entry["languages"].values()}
    return {shard.folder + name: data for name, data in found.items()
            if not name.startswith(UI) and (not name.startswith("wasm.") or name in stemmers)}


def language_indexes(pages: dict[str, tuple[str, Files]], earlier, read: Callable[[str], bytes]) -> Files:
    """Each language's index ({lang: (prefix, its rule pages)}): each shard as the last build
    made it when its pages are the same (an incremental build, `earlier`), else made anew from
    its pages (a page the build kept is read with `read`)."""
    files: Files = {}
    todo: list[Shard] = []
    made_by = pagefind()
    for lang, (prefix, found) in pages.items():
        shards = shards_of(lang, prefix, found)
        for folder, held in shards:
            key = shard_key(folder, lang, held, made_by)
            kept = earlier.reuse_made(key) if earlier is not None else None
            if kept is not None:
                files.update(kept)
            else:
                todo.append(Shard(lang, prefix, folder, {p: read(p) if isinstance(d, Kept) else d
                                                         for p, d in held.items()}, key))
        merged = [folder[len(prefix + FOLDER):] for folder, _ in shards[1:]]
        files[prefix + FOLDER + SHARDS] = (json.dumps(merged) + "\n").encode()
    for shard, made in zip(todo, search_indexes(todo) if todo else []):
        files.update(made)
        if earlier is not None:
            earlier.made_files(list(made), shard.key)
    return files
