#!/usr/bin/env python3
"""What each part of a clean `giv build` costs against the floor, in one process: CPU seconds
of the named parts of the build (GIV_WORKERS=1: no workers, no results sent between processes),
and of bench/floor.py's page() over the same rules texts, on a synthetic site of bench/synth.py.

    bench/parts.py [--games N]      (default 200)

A part's time is its function's, counted once where parts call one another (a note's Markdown
is not counted again as the rules' Markdown). "floors" is the part's CPU over the floor's: a
clean build at half the floor's speed may cost two floors in all."""
from __future__ import annotations

import argparse
import collections
import gc
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
VENV = ROOT / ".venv" / "bin" / "python"
if VENV.exists() and Path(sys.prefix).resolve() != (ROOT / ".venv").resolve():
    os.execv(str(VENV), [str(VENV), __file__, *sys.argv[1:]])  # the project's interpreter and packages
os.environ["GIV_WORKERS"] = "1"
sys.path[:0] = [str(ROOT), str(HERE)]

import floor  # noqa: E402
from synth import make_site  # noqa: E402

from generator.build import build  # noqa: E402
from generator.markdown import html, parser  # noqa: E402
from generator.render.language import LanguagePages  # noqa: E402
from generator.verify import examples  # noqa: E402

# (where the function is, its name, the part it is): each part is one function of the build
PARTS = [(parser, "parse", "rules texts: Markdown parsed"),
         (html, "render", "rules texts: HTML and checks"),
         (html, "convert", "example notes: Markdown"),
         (LanguagePages, "game_page", "rule pages: template"),
         (examples, "verify", "worked examples verified")]
spent: collections.Counter = collections.Counter()
inside: list[str] = []


def timed(fn, part: str):
    def run(*args, **kwargs):
        if inside:  # counted in the part that called it
            return fn(*args, **kwargs)
        inside.append(part)
        started = time.process_time()
        try:
            return fn(*args, **kwargs)
        finally:
            spent[part] += time.process_time() - started
            inside.pop()
    return run


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=200)
    args = p.parse_args()
    for where, name, part in PARTS:
        setattr(where, name, timed(getattr(where, name), part))
    yamlfile = sys.modules["generator.model.yamlfile"]
    load_yaml = yamlfile.load_yaml
    for module in [m for n, m in sys.modules.items() if n.startswith("generator.")]:
        if getattr(module, "load_yaml", None) is load_yaml:  # each module that reads YAML holds its own name
            module.load_yaml = timed(load_yaml, "YAML files read")
    work = Path(tempfile.mkdtemp(prefix="giv-parts-"))
    try:
        make_site(work / "content", args.games)
        shutil.copytree(ROOT / "templates", work / "templates")
        texts = sorted(str(t) for t in (work / "content").glob("games/*/*.md"))
        gc.collect()
        started = time.process_time()
        for text in texts:
            floor.page(text)
        floor_cpu = time.process_time() - started
        gc.collect()
        started = time.process_time()
        build(work / "content", work / "templates", work / "site")
        whole = time.process_time() - started
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{args.games} games, {len(texts)} rules texts, one process; load average {os.getloadavg()[0]:.1f}")
    print(f"{'':34} {'CPU s':>7} {'floors':>7}")
    print(f"{'floor (bench/floor.py page())':34} {floor_cpu:7.2f} {1:7.2f}")
    for part, cpu in spent.most_common():
        print(f"{part:34} {cpu:7.2f} {cpu / floor_cpu:7.2f}")
    rest = whole - sum(spent.values())
    print(f"{'the rest of the build':34} {rest:7.2f} {rest / floor_cpu:7.2f}")
    print(f"{'clean build (this process)':34} {whole:7.2f} {whole / floor_cpu:7.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
