#!/usr/bin/env python3
"""The floor for bench/run: the site's rules texts through markdown-it-py and one Jinja2 template
alone, on every core, writing nothing. What any generator built on these two libraries pays for
the rule pages before it does anything else.

    bench/floor.py CONTENT      (prints: <pages> pages)"""
from __future__ import annotations

import multiprocessing
import os
import sys
from pathlib import Path

from jinja2 import Environment
from markdown_it import MarkdownIt

TEMPLATE = "<!doctype html><html lang=\"{{ lang }}\"><title>{{ title }}</title><main>{{ body }}</main></html>"
_md = MarkdownIt("commonmark").enable("table")
_template = Environment(autoescape=True).from_string(TEMPLATE)


def page(path: str) -> int:
    from markupsafe import Markup

    text = Path(path).read_text("utf-8")
    html = _template.render(lang=Path(path).stem, title=Path(path).parent.name, body=Markup(_md.render(text)))
    return len(html)


def main() -> int:
    texts = sorted(str(p) for p in Path(sys.argv[1]).glob("games/*/*.md"))
    with multiprocessing.get_context("fork").Pool(len(os.sched_getaffinity(0))) as pool:
        sizes = pool.map(page, texts, chunksize=max(1, len(texts) // (len(os.sched_getaffinity(0)) * 32)))
    print(f"{len(sizes)} pages")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
