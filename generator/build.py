"""The pipeline: load -> validate -> verify examples -> render -> write. Nothing is written on error."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .i18n.catalogs import load_catalogs
from .model.errors import ContentError, Problems
from .model.load import load_site
from .render.pages import render_site
from .verify.bless import bless
from .verify.examples import verify
from .write.output import write_tree


def build(content: Path, templates: Path, out: Path, langs: list[str] | None = None, bless_examples: bool = False) -> dict[str, bytes]:
    """Build the site into out. Raises ContentError, listing every problem, before writing anything."""
    site = load_site(content)                                   # load + validate the whole model
    langs = langs or list(site.languages)
    problems = Problems(content)
    unknown = [lang for lang in langs if lang not in site.languages]
    for lang in unknown:
        problems.add(content / "site.yaml", 1, f"--lang {lang}: not a language of this site")
    catalogs = load_catalogs(problems, templates, list(site.languages))  # every language, complete
    mismatches: list = []
    results = verify(problems, site, mismatches)                # execute every worked example
    if bless_examples and mismatches and len(problems.items) == len(mismatches):
        bless(content.resolve().parent, mismatches)
        return build(content, templates, out, langs)
    problems.raise_if_any()
    files = render_site(site, templates, catalogs, results, langs, single=len(langs) == 1)
    write_tree(out, files)                                      # temp folder, then swap
    return files


def build_command(args: argparse.Namespace) -> int:
    content = Path(args.content)
    templates = Path(getattr(args, "templates", None) or content.resolve().parent / "templates")
    try:
        files = build(content, templates, Path(args.out), args.lang, args.bless)
    except ContentError as exc:
        for problem in exc.problems:
            print(f"error: {problem}", file=sys.stderr)
            if problem.detail:
                print(problem.detail, file=sys.stderr)
        print(f"giv build: {len(exc.problems)} error(s); {args.out}/ was left as it was", file=sys.stderr)
        return 1
    pages = sum(1 for name in files if name.endswith(".html"))
    print(f"giv build: {pages} pages, {len(files)} files written to {args.out}/")
    return 0
