"""giv status: per language, what is missing and what is stale.

Missing: what the build reports as a missing translation or an unwritten TODO(giv) marker.
Stale: no language is the master. Each game folder has a translations.lock that records, for
each pair of languages, the content hashes of both texts (<lang>.yaml and <lang>.md together)
when they last said the same thing. L is stale against M when M's text changed since then.
`giv status --mark L GAME` records that L's text now says what the others say: it renews L's
agreement with every language that is itself up to date (one that is behind a third language
cannot agree with the new text yet). Hashes, not file times: a checkout or a touch changes nothing.
"""
from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

import yaml

from .model.errors import ContentError
from .model.load import load_site

LOCK = "translations.lock"
HEADER = ("# Written by `giv status --mark LANG GAME` (docs/translations.md). For each pair of languages: the\n"
          "# content hashes of both texts (<lang>.yaml + <lang>.md) when they last said the same thing.\n")
TEXT_FILE = re.compile(r"games/([^/]+)/([a-z]{2})\.(yaml|md)$")


def text_hash(folder: Path, lang: str) -> str | None:
    parts = [folder / f"{lang}.yaml", folder / f"{lang}.md"]
    if not any(p.exists() for p in parts):
        return None
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.read_bytes() if part.exists() else b"")
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def pair(a: str, b: str) -> str:
    return "+".join(sorted((a, b)))


def read_lock(folder: Path) -> dict[str, dict[str, str]]:
    path = folder / LOCK
    if not path.exists():
        return {}
    data = yaml.safe_load(path.read_text("utf-8")) or {}
    return {key: value for key, value in data.items() if isinstance(value, dict)}


def _stale(lock: dict, current: dict[str, str | None], langs: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {code: [] for code in langs}
    for lang in langs:
        for other in langs:
            agreed = lock.get(pair(lang, other)) if other != lang else None
            if other != lang and (agreed is None or agreed.get(other) != current[other]):
                out[lang].append(other)  # never agreed, or the other changed since
    return out


def stale(folder: Path, langs: list[str]) -> dict[str, list[str]] | None:
    """Per language, the languages whose text changed since the two last agreed; None when never marked."""
    lock = read_lock(folder)
    if not lock:
        return None
    return _stale(lock, {code: text_hash(folder, code) for code in langs}, langs)


def mark(folder: Path, lang: str, langs: list[str]) -> dict:
    """Record that lang's text now says what the others' texts say."""
    lock = read_lock(folder)
    current = {code: text_hash(folder, code) for code in langs}
    behind = _stale(lock, current, langs) if lock else {code: [] for code in langs}
    for other in langs:
        if other != lang and not [c for c in behind[other] if c != lang]:
            lock[pair(lang, other)] = {lang: current[lang], other: current[other]}
    (folder / LOCK).write_text(HEADER + yaml.safe_dump(dict(sorted(lock.items())), sort_keys=True), "utf-8")
    return lock


def report(content: Path) -> dict:
    """{"languages", "missing": {lang: [line]}, "stale": {lang: [(game, [langs])]}, "untracked": [game], "other": n}"""
    data = yaml.safe_load((content / "site.yaml").read_text("utf-8"))
    langs = list(data["languages"])
    missing: dict[str, list[str]] = {code: [] for code in langs}
    other = 0
    try:
        load_site(content)
    except ContentError as exc:
        for problem in exc.problems:
            m = TEXT_FILE.search(problem.file)
            if m and m.group(2) in missing and ("missing translation" in problem.message
                                                or problem.message.startswith("not written yet")):
                missing[m.group(2)].append(str(problem))
            else:
                other += 1
    stale_by: dict[str, list] = {code: [] for code in langs}
    untracked = []
    for folder in sorted(p for p in (content / "games").iterdir() if p.is_dir()):
        result = stale(folder, langs)
        if result is None:
            untracked.append(folder.name)
            continue
        for lang, others in result.items():
            if others:
                stale_by[lang].append((folder.name, others))
    return {"languages": langs, "missing": missing, "stale": stale_by, "untracked": untracked, "other": other}


def status_command(args) -> int:
    content = Path(args.content)
    langs = list(yaml.safe_load((content / "site.yaml").read_text("utf-8"))["languages"])
    if args.mark:
        if args.mark not in langs:
            print(f"giv status: --mark {args.mark}: not a language of this site ({', '.join(langs)})", file=sys.stderr)
            return 2
        games = args.games or sorted(p.name for p in (content / "games").iterdir() if p.is_dir())
        for game in games:
            folder = content / "games" / game
            if not (folder / "game.yaml").exists():
                print(f"giv status: no game '{game}' in {content}/games", file=sys.stderr)
                return 2
            mark(folder, args.mark, langs)
            print(f"giv status: {game}: {args.mark} marked as in sync with {', '.join(c for c in langs if c != args.mark)}")
        return 0
    result = report(content)
    if args.games:
        keep = set(args.games)
        result["stale"] = {k: [s for s in v if s[0] in keep] for k, v in result["stale"].items()}
        result["missing"] = {k: [m for m in v if TEXT_FILE.search(m.split(":", 1)[0]).group(1) in keep]
                             for k, v in result["missing"].items()}
        result["untracked"] = [g for g in result["untracked"] if g in keep]
    if args.json:
        print(json.dumps(result, indent=1, ensure_ascii=False))
    else:
        for lang in result["languages"]:
            gaps, behind = result["missing"][lang], result["stale"][lang]
            summary = []
            if gaps:
                summary.append(f"{len(gaps)} missing")
            if behind:
                summary.append(f"{len(behind)} stale")
            print(f"{lang}: {', '.join(summary) if summary else 'complete and up to date'}")
            for line in gaps:
                print(f"  missing: {line}")
            for game, others in behind:
                files = ", ".join(f"content/games/{game}/{o}.yaml|.md" for o in others)
                print(f"  stale: {game}: {', '.join(others)} changed since {lang} was last marked in sync ({files})")
        if result["untracked"]:
            print(f"untracked: {', '.join(result['untracked'])} (no {LOCK}: check each language, then "
                  f"`giv status --mark LANG GAME`)")
        if result["other"]:
            print(f"other: {result['other']} problem(s) that are not translations; `giv build` lists them")
    bad = any(result["missing"].values()) or any(result["stale"].values())
    return 1 if args.check and bad else 0
