"""The Cache that build() consults: fresh(), load_site(), reuse(), remember()."""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from ..files import Files, Kept
from ..model.content_error import ContentError
from . import index as idx
from .inputs import RACY_NS, Inputs

if TYPE_CHECKING:  # imported when some input changed: `giv build` with nothing to do needs none of them
    from jinja2 import BytecodeCache

    from ..model.types import Game, Site
    from .records import GameRecord, Records


class Cache:
    """One build target's memory of its last successful build, in .giv-cache/ (store) or only in
    memory (store=None). out=None keeps the files in memory (giv serve) instead of writing them."""

    def __init__(self, content: Path, templates: Path, out: Path | None, langs: list[str] | None = None,
                 store: Path | None = None):
        self.content, self.templates, self.out = content, templates, out
        self.target = idx.target_of(out, langs)
        self.store = store
        self.base = idx.base_path(store, self.target) if store else None
        self.manifest = idx.load_manifest(self._file("manifest"), self.target)
        self._index: idx.Index | None = None
        self._records: Records | None = None
        self.files: dict[str, bytes] = {}  # memory mode: the last build's files
        self.inputs: Inputs | None = None
        self.full = True                   # this build renders everything
        self.rerender: set[str] = set()    # games whose pages this build renders again
        self.listing_changed = True        # what the indexes and the sitemap show of the games
        self.loaded: dict[str, Game] = {}  # games read in full by this build
        self.made: dict[str, GameRecord] = {}  # their records, made as they were read
        self.new_keys: dict[str, tuple] = {}
        self.carried: list[list[str]] = []  # the files of the listing groups kept whole
        self.new_groups: dict[tuple, list[str]] = {}
        self.changed: list[str] = []       # output files the last build changed
        self.intact = False
        self.built = False                 # this build rendered and wrote (not only found it up to date)

    def _file(self, part: str) -> Path | None:
        return self.base.with_suffix(f".{part}") if self.base else None

    @property
    def index(self) -> idx.Index:
        """The inputs' hashes and the outputs' digests of the last build (read when first needed)."""
        if self._index is None:
            self._index = idx.load_index(self._file("index")) if self.manifest.outputs else idx.Index()
        return self._index

    @property
    def records(self) -> Records:
        if self._records is None:
            from .records import Records, read_pickle

            self._records = Records()
            if self.base and self.manifest.outputs:
                try:
                    parts = {}
                    for part in Records.PARTS:
                        parts[part] = read_pickle(self._file(part))
                    self._records = Records(**parts, listed=None)
                except Exception:  # cannot trust half a cache: no records, so build() builds all
                    self._records = Records()
        return self._records

    @property
    def listed(self) -> dict[str, tuple]:
        """Records.listed, read when first needed: only a build that makes some listing page again needs it."""
        records = self.records
        if records.listed is None:
            from .records import read_pickle

            try:
                records.listed = read_pickle(self._file("listed"))
            except Exception:  # lost: those pages are made again, not kept
                records.listed = {}
        return records.listed

    def forget(self) -> None:
        """Start anew: the next build is a full one. What it changes is still told against the
        last build's files, which giv serve keeps serving meanwhile (and then reloads only the
        pages that changed)."""
        from .records import Records

        self.manifest, self._index = idx.Manifest(self.target), idx.Index(pages=self.index.pages)
        self._records = Records()

    def catalogs(self) -> Path | None:
        """Where complete catalogs are kept compiled (i18n/catalogs.py)."""
        return self.store / "catalogs" if self.store else None

    def bytecode(self) -> BytecodeCache | None:
        """Where compiled templates are kept (Jinja2 checks each against its template's source)."""
        if not self.store:
            return None
        from jinja2 import FileSystemBytecodeCache

        (self.store / "jinja").mkdir(parents=True, exist_ok=True)
        return FileSystemBytecodeCache(str(self.store / "jinja"))

    # -- nothing changed? --------------------------------------------------------------------------
    def fresh(self) -> bool:
        """True when no input changed since the last build and its output is still there: the
        inputs' stats are those the manifest holds (and the racy ones' hashes too), or else their
        hashes are those the index holds."""
        manifest = self.manifest
        self.inputs, self.changed = Inputs.scan(self.content, self.templates), []
        self.intact = idx.outputs_intact(self.out, manifest.outputs) if self.out else bool(self.files)
        if not manifest.outputs or not self.intact or manifest.context != idx.context(self.target):
            return False
        if idx.stats_fresh(manifest, self.inputs.stats, self.inputs.hash_of):
            return True
        self.inputs.hash_all(manifest.stats, self.index.hashes, manifest.scanned_at - RACY_NS)
        if self.inputs.keys(manifest.context, self.index.games) != (self.index.common, self.index.games):
            return False
        manifest.stats, manifest.scanned_at = self.inputs.stats, self.inputs.scanned_at  # only file times changed
        idx.save_manifest(self._file("manifest"), manifest, self.inputs.hashes)
        return True

    def outputs(self) -> list[str]:
        """Every file of the last build, sorted."""
        return sorted(self.files) if self.out is None else list(self.manifest.outputs)

    # -- loading only what changed -----------------------------------------------------------------
    def load_site(self) -> Site:
        """The site, reading only the games whose folders changed; a clean load when in doubt."""
        from .records import record

        if self.inputs is None:
            self.fresh()
        if not self.inputs.hashes:
            self.inputs.hash_all(self.manifest.stats, self.index.hashes, self.manifest.scanned_at - RACY_NS)
        self.common, self.keys = self.inputs.keys(idx.context(self.target), self.index.games)
        self.new_keys, self.new_groups, self.loaded, self.rerender, self.carried = {}, {}, {}, set(), []
        self.full = not self.manifest.outputs or self.common != self.index.common or not self.intact
        if not self.full:
            try:
                return self._partial()
            except ContentError:
                pass  # a clean load reports it, exactly
        from ..model.load import load_site

        self.full = True
        site = load_site(self.content)
        self.made = {game.id: record(game) for game in site.games}  # now: later, the workers share these pages
        return site

    def _partial(self) -> Site:
        import dataclasses

        from ..model.crosscheck import crosscheck
        from ..model.errors import Problems
        from ..model.yamlfile import load_yaml
        from .records import addresses, record

        old = self.records.games
        if not old:  # the records are lost (or there were no games): a clean load
            raise ContentError([])
        keys = self.keys
        changed = {g for g, k in keys.items() if self.index.games.get(g) != k or g not in old}
        removed = set(old) - set(keys)
        extends = {g: r.extends for g, r in old.items() if g not in changed}
        for gid in changed:
            path = self.content / "games" / gid / "game.yaml"
            data = load_yaml(path, self.content)[0]
            if not isinstance(data, dict):
                raise ContentError([])
            extends[gid] = data.get("extends") if isinstance(data.get("extends"), str) else None
        reload = changed | {g for g, r in old.items() if r.links & removed and g not in removed}
        while more := {g for g, parent in extends.items() if parent in reload | removed and g not in reload}:
            reload |= more  # what extends a changed or removed game changes with it
        partial = self._load(reload, extends)
        moved = removed | {g for g in reload if g in old and g in partial
                           and addresses(partial[g]) != old[g].slugs}
        if linking := {g for g, r in old.items() if r.links & moved and g not in reload | removed}:
            reload |= linking  # their pages link to a game whose address changed
            partial = self._load(reload, extends)
        games = sorted((partial[g] if g in partial else old[g].stub for g in keys if g in partial or g in old),
                       key=lambda g: (g.order, g.id))
        site = dataclasses.replace(self._site, root=self.content, games=games)
        problems = Problems(self.content)
        crosscheck(problems, site)  # the games read again had their Markdown checked as they were read
        problems.raise_if_any()
        self.rerender, self.loaded = reload, partial
        self.made = {gid: record(game) for gid, game in partial.items()}
        self.listing_changed = bool(removed or changed - set(old)
                                    or any(self.made[g].stub != old[g].stub for g in reload if g in partial))
        return site

    def _load(self, reload: set[str], extends: dict[str, str | None]) -> dict[str, Game]:
        """The games to read again, with the games they extend (their texts and facts are inherited)."""
        only = set(reload)
        for gid in reload:
            parent = extends.get(gid)
            while parent and parent not in only:
                only.add(parent)
                parent = extends.get(parent)
        from ..model.load import load_site

        self._site = load_site(self.content, only=only)
        return {g.id: g for g in self._site.games}

    # -- rendering only what changed ---------------------------------------------------------------
    def reuse(self, path: str, key: tuple) -> bytes | Kept | None:
        """The page as the last build made it, when nothing it depends on changed (render_site's hook)."""
        self.new_keys[path] = key
        found = self._find(path, key)
        if found is None and key[0] == "game" and not self.full and key[1] not in self.loaded:
            raise ContentError([])  # a game that was not read has no page to keep: build() builds all
        return found

    def reuse_made(self, key: tuple) -> Files | None:
        """The files the last build made from key, when it made any and key did not change; else
        None, and the build makes them and calls made_files(). A key is a search shard's (its
        pages' digests), or ("listing", lang, ...): what shows every game's name and address
        (indexes, alias pages, sitemaps, a language's search index), the same while no game's
        stub changed."""
        if self.full or (key[0] == "listing" and self.listing_changed):
            return None
        last, pages = self.records.groups.get(key), self.index.pages
        if last is None or not all(map(pages.__contains__, last)):
            return None
        self.new_groups[key] = last
        if key[0] == "listing":
            self.carried.append(last)
        if self.out is None:
            return {path: self.files[path] for path in last}
        return {path: Kept(pages[path]) for path in last}

    def made_files(self, paths: list[str], key: tuple) -> None:
        self.new_groups[key] = list(paths)

    def _find(self, path: str, key: tuple) -> bytes | Kept | None:
        if self.full or path not in self.index.pages:
            return None
        if (self.records.keys if key[0] == "game" else self.listed).get(path) != key:
            return None
        if key[0] == "game" and key[1] in self.rerender:
            return None
        if key[0] in ("index", "sitemap") and self.listing_changed:  # pages that list every game
            return None
        return self.files.get(path) if self.out is None else Kept(self.index.pages[path])

    # -- remembering -------------------------------------------------------------------------------
    def remember(self, files: Files, digests: dict[str, bytes], left_out: list[str]) -> None:
        """This build, as write/ left it (digests: path -> SHA-256 of every file), and the drafts
        it left out: the next build's answers. Without an output folder the files themselves are
        kept (giv serve)."""
        import pickle

        from .records import Records

        index, manifest = self.index, self.manifest
        records = Records() if self.full else self.records  # a full build does not read the last one's
        if self.out is None:
            self.files = {p: (self.files[p] if isinstance(d, Kept) else d) for p, d in files.items()}
        gone = index.pages.keys() - digests.keys()
        differ = {path for path, _ in digests.items() - index.pages.items()} | gone  # new, changed or gone
        self.changed = sorted(differ - gone) + sorted(gone)
        games = {g: r for g, r in records.games.items() if g in self.keys} | self.made
        # a group of files this build neither made nor kept whole (a search shard inside a language's
        # index kept whole) stays while its files are as they were made
        groups = {key: paths for key, paths in records.groups.items() if key not in self.new_groups
                  and differ.isdisjoint(paths)} | self.new_groups
        index.pages, index.common, index.games, index.hashes = digests, self.common, dict(self.keys), self.inputs.hashes
        manifest.context, manifest.stats = idx.context(self.target), self.inputs.stats
        manifest.scanned_at = self.inputs.scanned_at
        manifest.outputs, manifest.left_out = sorted(digests), list(left_out)
        keys = {path: key for path, key in self.new_keys.items() if key[0] == "game"}
        listed = {path: key for path, key in self.new_keys.items() if key[0] != "game"}
        if not self.full and listed:  # with the pages of the listing groups kept whole
            carried = set().union(*self.carried)
            listed = {path: key for path, key in self.listed.items() if path in carried} | listed
        new = Records(games, keys, groups, listed if self.full or listed else records.listed)
        same = {"games": self.full is False and games.keys() == records.games.keys()
                and all(records.games[g] == r for g, r in self.made.items()),
                "keys": self.full is False and new.keys == records.keys,
                "groups": self.full is False and new.groups == records.groups,
                "listed": self.full is False and new.listed is records.listed}
        self._records = new
        self.inputs, self.built = None, True
        if self.base:  # no manifest while the rest changes: a build stopped halfway leaves no cache
            self.base.parent.mkdir(parents=True, exist_ok=True)
            self._file("manifest").unlink(missing_ok=True)
            for part in (*Records.PARTS, "listed"):
                if not same[part]:
                    path = self._file(part)
                    temp = path.with_suffix(f".{part}.{os.getpid()}")
                    with temp.open("wb") as handle:
                        pickle.dump(getattr(new, part), handle, protocol=pickle.HIGHEST_PROTOCOL)
                    os.replace(temp, path)
            idx.save_index(self._file("index"), index)
        idx.save_manifest(self._file("manifest"), manifest, index.hashes)
