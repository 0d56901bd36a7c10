#!/usr/bin/env python3
"""What a one-game rebuild cannot do without, beside what it costs: on a site that
`bench/run --keep DIR` built, alternately (a) the rebuild's floor, a process that only starts,
imports the build's modules, takes the stat of every input, checks that every output is there and
reads and writes the cache's index and manifest, the work a rebuild of this design does whatever
changed; and (b) `giv build` after one game's rules changed. Each as its own process, wall and
CPU seconds.

    bench/rebuild_floor.py DIR [--runs N]      (default 5)"""
from __future__ import annotations

import argparse
import marshal
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
VENV = ROOT / ".venv" / "bin" / "python"
if VENV.exists() and Path(sys.prefix).resolve() != (ROOT / ".venv").resolve():
    os.execv(str(VENV), [str(VENV), __file__, *sys.argv[1:]])  # the project's interpreter and packages


def floor(work: Path) -> None:
    """The floor itself (run in a process of its own by main())."""
    sys.path.insert(0, str(ROOT))
    import generator.build  # noqa: F401  the modules a rebuild imports
    import generator.i18n.catalogs  # noqa: F401
    import generator.model.crosscheck  # noqa: F401
    import generator.model.load  # noqa: F401
    import generator.render.pages  # noqa: F401
    import generator.verify.examples  # noqa: F401
    import generator.write.output  # noqa: F401
    from generator.cache import index as idx
    from generator.cache.inputs import Inputs

    Inputs.scan(work / "content", work / "templates")
    target = idx.target_of(work / "site", None)
    base = idx.base_path(work / ".giv-cache", target)
    manifest, index = idx.load_manifest(base.with_suffix(".manifest"), target), idx.load_index(base.with_suffix(".index"))
    if not idx.outputs_intact(work / "site", manifest.outputs):
        sys.exit("the site's cache or output is not there: build it first")
    idx.save_index(base.with_suffix(".floor-index"), index)  # written beside the cache's own, then removed
    idx.save_manifest(base.with_suffix(".floor-manifest"), manifest, index.hashes)
    for part in ("index", "manifest"):
        base.with_suffix(f".floor-{part}").unlink()
    os._exit(0)  # as `giv build` ends


def timed(argv: list[str], cwd: Path) -> tuple[float, float]:
    """(wall, CPU) seconds of one process."""
    before, started = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    subprocess.run(argv, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.perf_counter() - started, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("dir", help="a folder that bench/run --keep built")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--floor", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args()
    work = Path(args.dir).resolve()
    if args.floor:
        floor(work)
    games = sorted(path.name for path in (work / "content" / "games").iterdir())
    build = [sys.executable, "-m", "generator", "--content", "content", "build", "--out", "site"]
    subprocess.run(build, cwd=work, check=True, stdout=subprocess.DEVNULL)  # up to date before the first run
    print(f"load average {os.getloadavg()[0]:.1f}; {len(games)} games in {work}")
    rows = []
    for run in range(args.runs):
        rules = work / "content" / "games" / games[(run * 7919) % len(games)] / "da.md"
        floor_run = timed([sys.executable, __file__, str(work), "--floor"], work)
        rules.write_text(rules.read_text("utf-8") + "\nEndnu en sætning om spillet.\n", "utf-8")
        rows.append((floor_run, timed(build, work)))
        print(f"floor {floor_run[0]:.2f} s ({floor_run[1]:.2f} CPU); one game {rows[-1][1][0]:.2f} s ({rows[-1][1][1]:.2f} CPU)")
    median = [sorted(run[side][0] for run in rows)[len(rows) // 2] for side in (0, 1)]
    print(f"median: floor {median[0]:.2f} s; one game {median[1]:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
