"""The pipeline: load -> validate -> verify examples -> render -> write. Nothing is written on error."""
from __future__ import annotations

import argparse
import sys
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

from .i18n.catalogs import load_catalogs
from .memory import bulk_allocation
from .model.errors import ContentError, Problems
from .model.load import load_site
from .render.pages import drafts_of, render_site
from .render.urls import Urls
from .verify.bless import bless
from .verify.examples import verify
from .write.output import Staging

if TYPE_CHECKING:
    from .cache import Cache
    from .progress import Progress


@bulk_allocation()  # the model lives as long as the build: the collector would walk it for nothing
def build(content: Path, templates: Path, out: Path, langs: list[str] | None = None, bless_examples: bool = False,
          cache: Cache | None = None, progress: Progress | None = None, drafts: bool = False,
          left_out: list | None = None) -> dict:
    """Build the site into out. Raises ContentError, listing every problem, before writing anything.
    With a cache (generator/cache), only what changed since the last build is read, rendered, written.
    With `drafts`, the games' draft languages are built too (marked); else `left_out` gets what was not."""
    if cache and cache.fresh():                                 # no input changed: nothing to do
        return cache.last_files()
    site = cache.load_site() if cache else load_site(content)   # load + validate (with a cache: what changed)
    langs = langs or [code for code, info in site.languages.items() if drafts or not info.draft]
    problems = Problems(content)
    unknown = [lang for lang in langs if lang not in site.languages]
    for lang in unknown:
        problems.add(content / "site.yaml", 1, f"--lang {lang}: not a language of this site")
    for lang in (code for code in langs if code in site.languages and site.languages[code].draft and not drafts):
        problems.add(content / "site.yaml", site.languages[lang].line,
                     f"--lang {lang}: a draft language (languages.{lang}.draft); giv build --drafts builds it to review")
    catalogs = load_catalogs(problems, templates, list(site.languages))  # every language, complete
    mismatches: list = []
    results = verify(problems, site, mismatches)                # execute every worked example
    if bless_examples and mismatches and len(problems.items) == len(mismatches):
        bless(content.resolve().parent, mismatches)
        return build(content, templates, out, langs)
    for code, why in Urls(site, langs, len(langs) == 1).misplaced():
        problems.add(content / "site.yaml", site.languages[code].line, why)
    problems.raise_if_any()
    whole = cache.full and cache.out is not None if cache else True  # a new folder, swapped in at the end
    with Staging(out) if whole else nullcontext() as stage:    # on an error, out/ is left as it was
        files = render_site(site, templates, catalogs, results, langs, single=len(langs) == 1,
                            earlier=cache, tick=progress and progress.tick, sink=stage.put if stage else None,
                            drafts=drafts)
        if left_out is not None and not drafts:
            left_out.extend(drafts_of(site, langs))
        if progress:
            progress.writing()                                  # the rest, the swap, the old site removed
        if cache:
            cache.write(files, stage)                           # only what changed, or as below
        else:
            stage.finish(files)                                 # the other files, then the swap
    return files


def build_command(args: argparse.Namespace) -> int:
    import time

    from .cache import Cache
    from .progress import Progress

    content, out = Path(args.content), Path(args.out)
    templates = Path(getattr(args, "templates", None) or content.resolve().parent / "templates")
    drafts = getattr(args, "drafts", False)
    cache = None if args.bless or drafts else Cache(content, templates, out, args.lang, content.resolve().parent / ".giv-cache")
    if cache and getattr(args, "clean", False):
        cache.forget()                                          # build everything; the cache starts anew
    elif cache and getattr(args, "checked", None):
        cache.adopt(args.checked)                               # what `giv build` found out already
    started = time.monotonic()
    left: list = []
    try:
        with Progress() as progress:
            try:
                files = build(content, templates, out, args.lang, args.bless, cache, progress, drafts, left)
            except ContentError:
                if not cache or cache.full:
                    raise
                cache.forget()                                  # report errors exactly as a clean build does
                left.clear()
                files = build(content, templates, out, args.lang, cache=cache, progress=progress, left_out=left)
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
