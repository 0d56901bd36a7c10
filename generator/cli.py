"""The `giv` command: build, serve, score, new, status."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def cmd_score(args: argparse.Namespace) -> int:
    from .engine import ShapeError, score

    raw = sys.stdin.read()
    try:
        data = json.loads(raw)
    except ValueError as exc:
        print(f"giv score: input is not JSON: {exc}", file=sys.stderr)
        return 2
    try:
        if isinstance(data, dict) and "game" in data and "spec" not in data:
            from .model.specs import spec_for_game

            data = {**data, **spec_for_game(Path(args.content), data["game"])}
        result = score(data)
    except ShapeError as exc:
        print(f"giv score: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result, sort_keys=True, ensure_ascii=False, indent=1))
    return 0


def cmd_build(args: argparse.Namespace) -> int:
    from .build import build_command

    return build_command(args)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="giv", description="Card-game rule pages with a live scoresheet.")
    p.add_argument("--content", default="content", help="content folder (default: content)")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("score", help="score one game: JSON input on stdin, JSON output on stdout")
    s.set_defaults(func=cmd_score)
    b = sub.add_parser("build", help="build the site from content/ into site/")
    b.add_argument("--out", default="site", help="output folder (default: site)")
    b.add_argument("--lang", action="append", help="build only this language (repeatable)")
    b.add_argument("--bless", action="store_true", help="rewrite the worked examples' expected values")
    b.set_defaults(func=cmd_build)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    return args.func(args)
