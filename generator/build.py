"""The pipeline: load -> validate -> verify examples -> render -> write. Nothing is written on error."""
from __future__ import annotations

import argparse
import gc
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .model.content_error import ContentError

if TYPE_CHECKING:
    from .cache import Cache
    from .progress import Progress


def build(content: Path, templates: Path, out: Path | None, langs: list[str] | None = None,
          bless_examples: bool = False, cache: Cache | None = None, progress: Progress | None = None,
          drafts: bool = False, left_out: list[str] | None = None) -> list[str]:
    """Build the site into out (None: only into the cache's memory, for giv serve). Raises
    ContentError, listing every problem, before writing anything. With a cache (generator/cache),
    only what changed since the last build is read, rendered and written; an incremental build
    that fails is done again in full, so that errors are reported as a clean build reports them.
    With `drafts`, the draft languages of the site and of each game are built too, marked as
    drafts; without, `left_out` (if given) gets what the build left out. Returns the paths of
    the build's files."""
    if cache and cache.fresh():                                 # no input changed: nothing to do
        if left_out is not None and not drafts:
            left_out[:] = cache.manifest.left_out
        return cache.outputs()
    try:
        return _build(content, templates, out, langs, bless_examples, cache, progress, drafts, left_out)
    except ContentError:
        if not cache or cache.full:
            raise
        cache.forget()
        return _build(content, templates, out, langs, False, cache, progress, drafts, left_out)
    finally:
        gc.unfreeze()  # what the build froze (generator/parallel.py, cache/records.py) is collected as usual again


def _build(content: Path, templates: Path, out: Path | None, langs: list[str] | None, bless_examples: bool,
           cache: Cache | None, progress: Progress | None, drafts: bool, left_out: list[str] | None) -> list[str]:
    from .files import digest
    from .i18n.catalogs import load_catalogs
    from .model.errors import Problems
    from .model.load import load_site
    from .render.pages import Theme, drafts_of, render_site
    from .render.urls import Urls
    from .verify.examples import verify
    from .write.output import write_site

    site = cache.load_site() if cache else load_site(content)   # load + validate (with a cache: what changed)
    langs = langs or [code for code, info in site.languages.items() if drafts or not info.draft]
    problems = Problems(content)
    for lang in langs:
        if lang not in site.languages:
            problems.add(content / "site.yaml", 1, f"--lang {lang}: not a language of this site "
                                                   f"({', '.join(site.languages)})")
        elif site.languages[lang].draft and not drafts:
            problems.add(content / "site.yaml", site.languages[lang].line, f"--lang {lang}: a draft language "
                         f"(languages.{lang}.draft); giv build --drafts builds it to review")
    for code, why in Urls(site, langs, len(langs) == 1).misplaced():
        problems.add(content / "site.yaml", site.languages[code].line, why)
    catalogs = load_catalogs(problems, templates, list(site.languages), cache and cache.catalogs())  # all, complete
    mismatches: list = []
    results = verify(problems, site, mismatches)                # execute every worked example
    if bless_examples and mismatches and len(problems.items) == len(mismatches):
        from .verify.bless import bless

        bless(content.resolve().parent, mismatches)
        return build(content, templates, out, langs)
    problems.raise_if_any()
    theme = Theme(templates, catalogs, cache and cache.bytecode())
    files = render_site(site, theme, results, langs, earlier=cache, tick=progress and progress.tick, drafts=drafts)
    omitted = [] if drafts else drafts_of(site, langs)
    if left_out is not None:
        left_out[:] = omitted
    if progress:
        progress.writing()
    if out is not None:                                         # a full build: a new folder swapped in
        last = cache.index.pages if cache and not cache.full else None
        digests = write_site(out, files, last)
    else:
        digests = {path: digest(data) for path, data in files.items()}
    if cache:
        cache.remember(files, digests, omitted)
    return list(files)


OUT = "site"  # giv build's folder (--out), where it runs


def templates_beside(content: Path) -> Path:
    """The templates a site's content is built with: templates/ beside content/."""
    return content.resolve().parent / "templates"


def cache_store(content: Path) -> Path:
    return content.resolve().parent / ".giv-cache"


def site_cache(content: Path, out: Path, langs: list[str] | None = None) -> Cache:
    """The cache giv build keeps for building content into out, in .giv-cache/ beside content/."""
    from .cache import Cache

    return Cache(content, templates_beside(content), out, langs, cache_store(content))


def last_cache(content: Path) -> Cache:
    """The cache of the last `giv build` of content, whatever its --out and --lang (a default
    build's when there was none): the one that knows the site as it is now best."""
    from .cache.index import last_target

    out, langs = last_target(cache_store(content)) or (Path(OUT), None)
    return site_cache(content, out, langs)


def build_command(args: argparse.Namespace) -> int:
    import time

    from .progress import Progress

    content, out = Path(args.content), Path(args.out)
    templates = templates_beside(content)
    drafts = getattr(args, "drafts", False)
    cache = None if args.bless or drafts else site_cache(content, out, args.lang)
    if cache and getattr(args, "clean", False):
        cache.forget()                                          # build everything; the cache starts anew
    started = time.monotonic()
    left: list[str] = []
    try:
        with Progress() as progress:
            files = build(content, templates, out, args.lang, args.bless, cache, progress, drafts, left)
    except ContentError as exc:
        for problem in exc.problems:
            print(f"error: {problem}", file=sys.stderr)
            if problem.detail:
                print(problem.detail, file=sys.stderr)
        print(f"giv build: {len(exc.problems)} error(s); {args.out}/ was left as it was", file=sys.stderr)
        return 1
    pages = sum(1 for name in files if name.endswith(".html"))
    seconds = time.monotonic() - started
    if left:
        print(f"giv build: drafts left out (giv build --drafts shows them): {'; '.join(left)}")
    if cache and not cache.built:
        print(f"giv build: {pages} pages, {len(files)} files in {args.out}/ are up to date ({seconds:.2f} s)")
    elif cache and not cache.full:
        print(f"giv build: {pages} pages, {len(files)} files in {args.out}/; {len(cache.changed)} changed ({seconds:.2f} s)")
    else:
        print(f"giv build: {pages} pages, {len(files)} files written to {args.out}/ ({seconds:.2f} s)")
    return 0
