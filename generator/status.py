"""giv status: per language, what is missing and which items are stale (docs/translations.md).

Missing: what the build reports as a missing translation, and every TODO(giv) placeholder (a
draft's too: the build lets a draft keep them, a translator needs the list).
Stale: what changed in another language since the two were last marked in sync (textlock.py);
`giv status --mark L GAME` marks them."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from .model.content_error import ContentError
from .model.errors import Problems
from .model.load import load_site
from .model.markers import unwritten
from .model.rules import kind
from .model.yamlfile import load_yaml
from .textlock import SHARED, UNPARSED, Unreadable, in_rules, items, mark, pair, read_lock, stale

TEXT_FILE = re.compile(r"games/([^/]+)/([a-z]{2})\.(yaml|md)$")


def _yaml(path: Path, root: Path) -> dict:
    """A mapping from path, read by the build's own reader and loader (limits and all)."""
    data, line, message = load_yaml(path, root)
    if not isinstance(data, dict):
        raise Unreadable(f"{path}:{max(line, 1)}: {message or 'expected a mapping of keys to values'}")
    return data


def languages(content: Path) -> list[str]:
    """The site's language codes, from site.yaml."""
    codes = _yaml(content / "site.yaml", content).get("languages")
    if not isinstance(codes, dict) or not codes:
        raise Unreadable(f"{content / 'site.yaml'}:1: 'languages' must name at least one language")
    return list(codes)


def placeholders(content: Path, folder: Path, lang: str) -> list[str]:
    """Every TODO(giv) placeholder left in the language's files of the folder, as file:line: text."""
    found = Problems(content)
    for suffix in ("yaml", "md"):
        if (folder / f"{lang}.{suffix}").is_file():
            unwritten(found, folder / f"{lang}.{suffix}")
    return [str(problem) for problem in found.items]


def report(content: Path) -> dict:
    """{"languages", "missing": {lang: [line]}, "stale": {lang: [[game, other, [line]]]}, "untracked": [game],
    "other": n}; a stale line is "<file>:<line>: <item>" of the item that changed in the other language."""
    langs = languages(content)
    missing: dict[str, list[str]] = {code: [] for code in langs}
    other = 0
    try:
        load_site(content)
    except ContentError as exc:
        for problem in exc.problems:
            m = TEXT_FILE.search(problem.file)
            if m and m.group(2) in missing and problem.message.startswith("not written yet"):
                continue  # placeholders are listed below, drafts' too
            if m and m.group(2) in missing and "missing translation" in problem.message:
                missing[m.group(2)].append(str(problem))
            else:
                other += 1
    unwritten_langs: dict[Path, set[str]] = {}  # per folder, the languages whose texts still hold TODO(giv)
    for folder in texts_folders(content):
        for code in langs:
            found = placeholders(content, folder, code)
            missing[code] += found
            if found:
                unwritten_langs.setdefault(folder, set()).add(code)
    stale_by: dict[str, list] = {code: [] for code in langs}
    untracked = []
    for folder in texts_folders(content):
        result = stale(folder, langs)
        if result is None:
            untracked.append(folder.name)
            continue
        now = {code: items(folder, code) for code in langs}
        for lang, others in result.items():
            for code, keys in others.items():
                if code in unwritten_langs.get(folder, ()):
                    continue  # a text with placeholders says nothing yet: no other language is behind it
                base = folder.relative_to(content.parent).as_posix()
                where = [f"{base}/{now[code][k][1]}:{now[code][k][2]}: {_name(k)}"
                         if k in now[code] else f"{base}/{_file(k, code)}: {_name(k)} (removed)" for k in keys]
                stale_by[lang].append([folder.name, code, where])
    return {"languages": langs, "missing": missing, "stale": stale_by, "untracked": untracked, "other": other}


def texts_folders(content: Path) -> list[Path]:
    """Every folder whose texts are translated: content/settings/ (when there is one), then each game's."""
    games = sorted(p for p in (content / "games").iterdir() if p.is_dir())
    return ([content / SHARED] if (content / SHARED).is_dir() else []) + games


def _name(key: str) -> str:
    """An item as a reader of the report knows it: settings.maxHandSize, summary, question 'tied-game'."""
    return kind(key) if in_rules(key) else key


def _file(key: str, lang: str) -> str:
    """The file an item was in, for one that is gone: da.md, da.yaml (da for the whole text)."""
    return f"{lang}.md" if in_rules(key) else lang if key.startswith("(") else f"{lang}.yaml"


def status_command(args) -> int:
    content = Path(args.content)
    try:
        return _status(args, content, languages(content))
    except Unreadable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


def _status(args, content: Path, langs: list[str]) -> int:
    folders = [f for f in texts_folders(content) if not args.games or f.name in args.games]
    for game in args.games or []:
        if not any(f.name == game for f in folders):
            print(f"giv status: no game '{game}' in {content}/games (nor {content}/{SHARED})", file=sys.stderr)
            return 2
    if args.mark:
        if not set(args.mark.split(",")) <= set(langs):
            print(f"giv status: --mark {args.mark}: not a language of this site ({', '.join(langs)})", file=sys.stderr)
            return 2
        marked = args.mark.split(",")
        found, refused = [], []  # every game is looked at before any is marked: a refusal marks nothing
        for folder in folders:
            game = folder.name
            unwritten_langs = {code for code in langs if placeholders(content, folder, code)}
            current = {code: items(folder, code) for code in langs}
            unparsed = [code for code in langs if UNPARSED in current[code]]
            if unwritten_langs & set(marked):
                first = placeholders(content, folder, sorted(unwritten_langs & set(marked))[0])[0]
                refused.append(f"giv status: {game}: not marked: {first} (write every TODO(giv) first)")
            elif set(unparsed) & set(marked):
                where = current[sorted(set(unparsed) & set(marked))[0]][UNPARSED]
                refused.append(f"giv status: {game}: not marked: {folder.relative_to(content.parent).as_posix()}/"
                               f"{where[1]}:{where[2]}: its rules text has problems (`giv build` lists them)")
            found.append((folder, game, unwritten_langs, current, unparsed))
        if refused:
            print("\n".join(refused + ([f"giv status: nothing marked ({len(refused)} of {len(found)} games refused)"]
                                        if len(found) > 1 else [])), file=sys.stderr)
            return 2
        for folder, game, unwritten_langs, current, unparsed in found:
            agreed = mark(folder, args.mark, current, unwritten_langs)
            said = " and ".join(part for part in ("one another" if len(marked) > 1 else "", ", ".join(agreed)) if part)
            waiting = sorted(unwritten_langs)
            broken = [c for c in unparsed if c not in unwritten_langs]
            behind = [c for c in langs if c not in marked + agreed + waiting + broken]
            notes = ([f"{', '.join(waiting)}: still TODO(giv), not marked"] if waiting else []) + (
                [f"{', '.join(broken)}: its rules text has problems, not marked"] if broken else []) + (
                [f"{', '.join(behind)}: behind another language, not marked"] if behind else [])
            print(f"giv status: {game}: {args.mark} marked as in sync with {said or 'no other language'}"
                  + (f" ({'; '.join(notes)})" if notes else ""))
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
        locks = {folder.name: read_lock(folder) for folder in texts_folders(content)}
        for lang in result["languages"]:
            gaps, behind = result["missing"][lang], result["stale"][lang]
            summary = []
            if gaps:
                summary.append(f"{len(gaps)} missing")
            if behind:
                summary.append(f"{sum(len(w) for _, _, w in behind)} stale")
            print(f"{lang}: {', '.join(summary) if summary else 'complete and up to date'}")
            for line in gaps:
                print(f"  missing: {line}")
            for game, other, where in behind:
                if pair(lang, other) in locks[game]:
                    print(f"  stale: {game}: {other} changed since {lang} was last marked in sync:")
                else:  # every item of the other's text, to be checked against this one's
                    print(f"  stale: {game}: {lang} and {other} were never marked in sync; {other}'s text:")
                for line in where:
                    print(f"    {line}")
        if result["untracked"]:
            print(f"untracked: {', '.join(result['untracked'])} (no two languages marked in sync yet: check each language, then "
                  f"`giv status --mark LANG GAME`)")
        if result["other"]:
            print(f"other: {result['other']} problem(s) that are not translations; `giv build` lists them")
    bad = any(result["missing"].values()) or any(result["stale"].values()) or result["untracked"]
    return 1 if args.check and bad else 0
