"""The `giv` command: build, serve, score, new, status."""
from __future__ import annotations

import argparse
import os
import sys

from .build import OUT

PAGEFIND_MISSING = ("{command}: Pagefind's binary (the pagefind_bin package, which makes the search index) is not "
                    "installed in this Python; run `make site`, or `.venv/bin/pip install -e .`")


def pagefind_missing(command: str) -> str | None:
    """The one line to print when Pagefind's binary is not installed (a .venv made before Giv
    needed it): every build makes a search index."""
    from importlib.util import find_spec

    return PAGEFIND_MISSING.format(command=command) if find_spec("pagefind_bin") is None else None


def cmd_build(args: argparse.Namespace) -> int:
    from .build import build_command

    if missing := pagefind_missing("giv build"):
        print(missing, file=sys.stderr)
        return 1
    return build_command(args)


def port(text: str) -> int:
    """--port: a TCP port, or 0 for any free one (argparse says what is wrong with anything else)."""
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port: a whole number from 0 to 65535")
    return int(text)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="giv", description="Card-game rule pages with a live scoresheet.")
    p.add_argument("--content", default="content", help="content folder (default: content)")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("score", help="score one game: JSON input on stdin, JSON output on stdout")
    s.set_defaults(func=cmd_score)
    b = sub.add_parser("build", help="build the site from content/ into site/")
    b.add_argument("--out", default=OUT, help=f"output folder (default: {OUT})")
    b.add_argument("--lang", action="append", help="build only this language (repeatable)")
    b.add_argument("--bless", action="store_true", help="rewrite the worked examples' expected values")
    b.add_argument("--clean", action="store_true", help="build everything anew, ignoring .giv-cache/")
    b.add_argument("--drafts", action="store_true", help="build the games' draft languages too, marked as drafts "
                                                         "(to review them; never to publish)")
    b.set_defaults(func=cmd_build)
    v = sub.add_parser("serve", help="build into memory, serve on 127.0.0.1, rebuild and reload on every change")
    v.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    v.add_argument("--port", type=port, default=8000, help="port (default: 8000; 0 picks a free one)")
    v.add_argument("--lang", action="append", help="serve only this language (repeatable)")
    v.set_defaults(func=cmd_serve)
    n = sub.add_parser("new", help="start a new game: a folder in every language, with TODO(giv) placeholders")
    n.add_argument("kind", choices=["game"], help="what to create")
    n.add_argument("id", help="the game's id: lowercase letters, digits and hyphens")
    n.add_argument("--template", required=True, choices=["bid", "tally"], help="the scoring template")
    n.set_defaults(func=cmd_new)
    t = sub.add_parser("status", help="per language: missing and stale translations")
    t.add_argument("games", nargs="*", help="only these games (default: all)")
    t.add_argument("--mark", metavar="LANG", help="record that LANG's text of the games says what the others say "
                                                  "(da,sv,en: that these agree with one another)")
    t.add_argument("--json", action="store_true", help="the report as JSON")
    t.add_argument("--check", action="store_true", help="exit 1 when anything is missing or stale")
    t.set_defaults(func=cmd_status)
    j = sub.add_parser("schema", help="write the JSON Schemas of the content files to schema/ (for editors)")
    j.add_argument("--out", help="folder (default: schema/ beside content/)")
    j.add_argument("--check", action="store_true", help="exit 1 when the files differ from what would be written")
    j.set_defaults(func=cmd_schema)
    return p


def cmd_score(args: argparse.Namespace) -> int:
    from .score import score_command

    return score_command(args)


def cmd_schema(args: argparse.Namespace) -> int:
    from .schema import schema_command

    return schema_command(args)


def cmd_status(args: argparse.Namespace) -> int:
    from .status import status_command

    return status_command(args)


def cmd_new(args: argparse.Namespace) -> int:
    from .scaffold import new_command

    return new_command(args)


def cmd_serve(args: argparse.Namespace) -> int:
    from .serve import serve_command

    if missing := pagefind_missing("giv serve"):
        print(missing, file=sys.stderr)
        return 1
    return serve_command(args)


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.func(args)
    except BrokenPipeError:
        raise
    except Exception as exc:  # a bug: one line, and the details in a log (generator/bugs.py)
        from .bugs import report

        print(report(args.command, exc, sys.argv[1:] if argv is None else argv), file=sys.stderr)
        return 2 if args.command == "score" else 1


def run() -> None:
    """The `giv` command: main(), then the process ends without tearing down the interpreter
    (every file is closed by then). Kept because freeing a large site's objects one by one is a
    part of a rebuild an author waits for (bench/README.md). Tests call main() and exit normally."""
    try:
        code = main()
    except KeyboardInterrupt:  # a build's new folder is removed as it stops (write/output.Staging)
        print("giv: stopped", file=sys.stderr)
        code = 130
    except BrokenPipeError:  # `giv score | head`: the reader has gone; nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 1
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:
        code = code or 1
    os._exit(code)
