"""language_indexes(): each language's Pagefind index of the rule pages the build publishes.

The search finds games, not sentences: a rule page's record (record()) holds what names and
describes its game, its name, its aliases (other languages' names for it among them, as its page
lists them), its summary (the page's lead) and the headings of its rules and its variants' names,
and no more: not the rules' body, the worked examples or the settings. A result shows the game's
name and its summary (the record's meta). The records come from the model, not from the pages'
HTML, and Pagefind indexes them as they are (pagefind.py).

A language's index is cut into shards, each the index of the records whose page's path falls into
its bucket (a stable hash), made and kept on its own and keyed on its records: an edit that leaves
every record as it was (a rules text's body, an example, a setting) makes no shard again; one that
changes a record (a name, an alias, a summary, a heading) makes its shard again. Pagefind cannot
add a record to an index it made, so the size of a shard is a trade-off between a reader and an
author: each shard is a few more files for a reader's search to load (its entry, metadata and
an index chunk for each word), and all of a shard's records are indexed again when one of them
changes. Records are small, so a shard holds up to SHARD_PAGES of them: one shard per language
up to a site of that many games, and the number of shards doubles as the site grows past that,
so that a changed name or heading costs the indexing of a few hundred records at most, whatever
the size of the site, and a reader's search loads a few shards up to a site of a thousand games.
The search page (templates/assets/search.js) loads the first shard with pagefind.js and merges the
others into it (Pagefind's mergeIndex).

A language's pagefind/ folder, beside assets/, holds the first shard's bundle; each other shard's
index is in pagefind/<bucket>/, and pagefind/shards.json lists those folders."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from ..files import Files
from ..model.types import GameText
from .pagefind import make_indexes, pagefind

FOLDER = "pagefind/"
SHARDS = "shards.json"
SEARCH_PAGE = "search.html"  # a file, not a folder: no game's or alias's address can take it
# The records a shard holds on average at most: the number of buckets is the smallest power of two
# that keeps to it.
SHARD_PAGES = 250


@dataclass(frozen=True)
class Shard:
    lang: str
    prefix: str           # the language's folder in the build ("" for a language built alone)
    folder: str           # where its files go: prefix + pagefind/ (the first), or a bucket's folder
    records: list[dict]   # record() of each of its pages, by URL
    key: tuple            # what it is made from (shard_key)

    @property
    def first(self) -> bool:
        return self.folder == self.prefix + FOLDER


def record(url: str, text: GameText) -> dict:
    """What the search finds a rule page by (url: its address in its language's folder), and what
    a result shows of it (meta: the game's name and summary)."""
    words = [text.name, *(alias.name for alias in text.aliases), text.summary]
    return {"url": url, "content": "\n".join(words) + text.headings, "meta": {"title": text.name, "lead": text.summary}}


def buckets(pages: int) -> int:
    n = 1
    while n * SHARD_PAGES < pages:
        n *= 2
    return n


def bucket(url: str, n: int) -> int:
    """The bucket of a page (its URL in the language's folder) among n: the same in every build."""
    return int.from_bytes(hashlib.sha256(url.encode()).digest()[:8], "big") % n


def shard_key(folder: str, lang: str, records: list[dict], made_by: str) -> tuple:
    """What a shard is made from: its place, its records and Pagefind (pagefind())."""
    data = json.dumps([made_by, records], ensure_ascii=False, sort_keys=True).encode()
    return ("search", lang, folder, hashlib.sha256(data).hexdigest())


def shards_of(prefix: str, records: list[dict]) -> list[tuple[str, list[dict]]]:
    """The language's shards as (folder, its records), the first one at pagefind/ itself. A
    language without pages has one shard with none (Pagefind makes it an empty index)."""
    n = buckets(len(records))
    groups: dict[int, list[dict]] = {}
    for found in sorted(records, key=lambda r: r["url"]):
        groups.setdefault(bucket(found["url"], n), []).append(found)
    order = sorted(groups) or [0]
    return [(prefix + FOLDER + ("" if b == order[0] else f"{b}/"), groups.get(b, [])) for b in order]


def language_indexes(pages: dict[str, tuple[str, list[tuple[str, GameText]]]], earlier) -> Files:
    """Each language's index ({lang: (prefix, [(path in the build, text) of its rule pages])}). In
    an incremental build (`earlier`), a language's whole index is as the last build made it while
    no game's stub changed (a record is made of what its game's stub holds: its names, summary,
    headings and address; the cache keeps such files as its ("listing", ...) groups); else each
    shard is as the last build made it when its records are the same, else made anew from them."""
    files: Files = {}
    todo: list[Shard] = []
    made_by = pagefind()
    made: dict[str, list[str]] = {}  # each language's files, when not kept whole
    for lang, (prefix, found) in pages.items():
        whole = earlier.reuse_made(("listing", lang, "search", made_by)) if earlier is not None else None
        if whole is not None:
            files.update(whole)
            continue
        records = [record("/" + path[len(prefix):].removesuffix("index.html"), text) for path, text in found]
        shards = shards_of(prefix, records)
        mine = made[lang] = [prefix + FOLDER + SHARDS]
        for folder, held in shards:
            key = shard_key(folder, lang, held, made_by)
            kept = earlier.reuse_made(key) if earlier is not None else None
            if kept is not None:
                files.update(kept)
                mine += kept
            else:
                todo.append(Shard(lang, prefix, folder, held, key))
        merged = [folder[len(prefix + FOLDER):] for folder, _ in shards[1:]]
        files[prefix + FOLDER + SHARDS] = (json.dumps(merged) + "\n").encode()
    for shard, bundle in zip(todo, make_indexes(todo) if todo else []):
        named = {shard.folder + name: data for name, data in bundle.items()}
        files.update(named)
        made[shard.lang] += named
        if earlier is not None:
            earlier.made_files(list(named), shard.key)
    for lang, paths in made.items():
        if earlier is not None:
            earlier.made_files(paths, ("listing", lang, "search", made_by))
    return files
