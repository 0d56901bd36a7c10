"""giv status: per language, what is missing and which items are stale (docs/translations.md).

Missing: what the build reports as a missing translation, and every TODO(giv) placeholder (a
draft's too: the build lets a draft keep them, a translator needs the list).
Stale: no language is the master. A text is a list of items: the name, slug, summary and aliases,
each setting, variant and example of <lang>.yaml, and each section and ### item of <lang>.md
(model/rules.py). Each game folder has a translations.lock that records, for each pair of
languages, the hash of every item of both texts when the two last said the same thing. An item
of L is stale against M when M's item changed since then. `giv status --mark L GAME` records
that L's text now says what the others say: it renews L's agreement with every language that is
itself up to date. Hashes of the text with its whitespace folded: a touch, a checkout or a new
blank line changes nothing."""
from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path
from typing import Any

import yaml

from .model.content_error import ContentError
from .model.errors import Problems
from .model.load import load_site
from .model.rules import fold, kind, parse_rules
from .model.files import read_text
from .model.markers import unwritten
from .model.yamlfile import load_yaml
from .markdown.parser import parse

LOCK = "translations.lock"
HEADER = ("# Written by `giv status --mark LANG GAME` (docs/translations.md). For each pair of languages: the\n"
          "# hash of every item of both texts when the two last said the same thing.\n")
TEXT_FILE = re.compile(r"games/([^/]+)/([a-z]{2})\.(yaml|md)$")
SHARED = "settings"  # content/settings/<lang>.yaml: the standard settings' texts (model/shared.py), followed too
NOT_A_LOCK = "not a record giv status wrote; delete it and mark again"
YAML_KEYS = ("name", "slug", "summary", "aliases")  # the items of <lang>.yaml besides settings, variants, examples
Items = dict[str, tuple[str, str, int]]  # item key -> (hash, file name, line)
UNPARSED = "(rules)"  # an item of a text whose rules do not parse (the build says why): its rules items are not known


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def _folded(value: Any) -> Any:
    if isinstance(value, str):
        return fold(value)
    if isinstance(value, dict):
        return {k: _folded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_folded(v) for v in value]
    return value


def items(folder: Path, lang: str) -> Items:
    """Every item of one language's text, with its hash and where it is; {} when there is no text."""
    out: Items = {}
    ypath, mpath = folder / f"{lang}.yaml", folder / f"{lang}.md"
    common = folder.name == SHARED and not (folder / "game.yaml").exists()  # content/settings/: texts of every game
    content = folder.parent if common else folder.parent.parent  # nothing outside content/ is read
    data = load_yaml(ypath, content)[0] if ypath.exists() else None
    if isinstance(data, dict):
        for key, value in data.items():
            if isinstance(value, dict) and (common or key in ("settings", "variants", "examples")):
                for sub, entry in value.items():
                    out[f"{key}.{sub}"] = (_digest(json.dumps(_folded(entry), sort_keys=True)), ypath.name,
                                           value.at(sub) if hasattr(value, "at") else 1)
            else:
                out[key] = (_digest(json.dumps(_folded(value), sort_keys=True)), ypath.name, data.at(key))
    text = read_text(mpath, content)[0] if mpath.exists() else None
    if text is not None:
        rules, problems = parse_rules(text, parse(text, lang))
        for item in rules:
            out[item.key] = (_digest(item.text), mpath.name, item.line)
        if problems:
            out[UNPARSED] = ("", mpath.name, problems[0][0])
    return out


def pair(a: str, b: str) -> str:
    return "+".join(sorted((a, b)))


class Unreadable(Exception):
    """A file giv status needs cannot be read; its message is `file:line: what`."""


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


def read_lock(folder: Path) -> dict[str, dict[str, dict[str, str]]]:
    path = folder / LOCK
    if not path.exists():
        return {}
    # Giv writes this file with PyYAML's YAML 1.1 dumper, so it is read back by the same rules
    # (the content loader reads YAML 1.2, where an unquoted hash such as 123e4567 is a number).
    text, line, message = read_text(path, folder)
    try:
        data = yaml.safe_load(text) if text is not None else None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line, message = (mark.line + 1 if mark else 1), NOT_A_LOCK
        data = None
    if not isinstance(data, dict):
        raise Unreadable(f"{path}:{max(line, 1)}: {message or NOT_A_LOCK}")
    return {key: {lang: hashes for lang, hashes in value.items() if isinstance(hashes, dict)}
            for key, value in data.items() if isinstance(value, dict)}


def _changed(agreed: dict[str, str] | None, now: Items) -> list[str]:
    """The items that changed, appeared or went away since `agreed`; all of them when never agreed."""
    if agreed is None:
        return [k for k in now if k != UNPARSED] or ["(no text)"]
    unknown = UNPARSED in now  # its rules items are not known until its rules text parses: none is reported

    def known(key: str) -> bool:
        return not (unknown and (key == UNPARSED or _in_rules(key)))

    return ([k for k in now if known(k) and agreed.get(k) != now[k][0]]
            + [k for k in agreed if k not in now and known(k)])


def _stale(lock: dict, current: dict[str, Items], langs: list[str]) -> dict[str, dict[str, list[str]]]:
    out: dict[str, dict[str, list[str]]] = {code: {} for code in langs}
    for lang in langs:
        for other in langs:
            if other != lang and (changed := _changed(lock.get(pair(lang, other), {}).get(other), current[other])):
                out[lang][other] = changed
    return out


def stale(folder: Path, langs: list[str]) -> dict[str, dict[str, list[str]]] | None:
    """Per language, per other language: the other's items that changed since the two last agreed;
    None when the game was never marked."""
    lock = read_lock(folder)
    if not lock:
        return None
    return _stale(lock, {code: items(folder, code) for code in langs}, langs)


def placeholders(content: Path, folder: Path, lang: str) -> list[str]:
    """Every TODO(giv) placeholder left in the language's files of the folder, as file:line: text."""
    found = Problems(content)
    for suffix in ("yaml", "md"):
        if (folder / f"{lang}.{suffix}").is_file():
            unwritten(found, folder / f"{lang}.{suffix}")
    return [str(problem) for problem in found.items]


def mark(folder: Path, lang: str, langs: list[str], unwritten_langs: set[str] = frozenset()) -> list[str]:
    """Record that lang's text now says what the others' texts say. lang may be several languages,
    "da,sv,en": their texts agree with one another (after one change made in all of them at once).
    A language whose text still holds placeholders agrees with nothing yet: no pair with it is
    recorded, nor with one that is behind a third language. Returns the other languages marked
    in sync with lang's."""
    lock = read_lock(folder)
    marked = lang.split(",")
    current = {code: items(folder, code) for code in langs}
    behind = _stale(lock, current, langs) if lock else {code: {} for code in langs}
    agreed: list[str] = []
    for one in marked:
        for other in langs:
            if other in unwritten_langs or UNPARSED in current[other]:  # (its rules items are not known)
                continue
            if other != one and (other in marked or not [c for c in behind[other] if c not in marked]):
                lock[pair(one, other)] = {code: {k: v[0] for k, v in current[code].items()} for code in (one, other)}
                agreed += [other] if other not in marked and other not in agreed else []
    (folder / LOCK).write_text(HEADER + yaml.safe_dump(dict(sorted(lock.items())), sort_keys=True, width=120), "utf-8")
    return agreed


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
    for folder in texts_folders(content):
        for code in langs:
            missing[code] += placeholders(content, folder, code)
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
                base = folder.relative_to(content.parent).as_posix()
                where = [f"{base}/{now[code][k][1]}:{now[code][k][2]}: {_name(k)}"
                         if k in now[code] else f"{base}/{_file(k, code)}: {_name(k)} (removed)" for k in keys]
                stale_by[lang].append([folder.name, code, where])
    return {"languages": langs, "missing": missing, "stale": stale_by, "untracked": untracked, "other": other}


def texts_folders(content: Path) -> list[Path]:
    """Every folder whose texts are translated: content/settings/ (when there is one), then each game's."""
    games = sorted(p for p in (content / "games").iterdir() if p.is_dir())
    return ([content / SHARED] if (content / SHARED).is_dir() else []) + games


def _in_rules(key: str) -> bool:
    """Whether the item is one of <lang>.md's (a section or ### item), not of <lang>.yaml's."""
    return not ("." in key or key in YAML_KEYS or key.startswith("("))


def _name(key: str) -> str:
    """An item as a reader of the report knows it: settings.maxHandSize, summary, question 'tied-game'."""
    return kind(key) if _in_rules(key) else key


def _file(key: str, lang: str) -> str:
    """The file an item was in, for one that is gone: da.md, da.yaml (da for the whole text)."""
    return f"{lang}.md" if _in_rules(key) else lang if key.startswith("(") else f"{lang}.yaml"


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
        for folder in folders:
            game = folder.name
            unwritten_langs = {code for code in langs if placeholders(content, folder, code)}
            if unwritten_langs & set(marked):
                first = placeholders(content, folder, sorted(unwritten_langs & set(marked))[0])[0]
                print(f"giv status: {game}: not marked: {first} (write every TODO(giv) first)", file=sys.stderr)
                return 2
            unparsed = [code for code in langs if UNPARSED in items(folder, code)]
            if set(unparsed) & set(marked):
                where = items(folder, sorted(set(unparsed) & set(marked))[0])[UNPARSED]
                print(f"giv status: {game}: not marked: {folder.relative_to(content.parent).as_posix()}/{where[1]}:"
                      f"{where[2]}: its rules text has problems (`giv build` lists them)", file=sys.stderr)
                return 2
            agreed = mark(folder, args.mark, langs, unwritten_langs)
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
                print(f"  stale: {game}: {other} changed since {lang} was last marked in sync:")
                for line in where:
                    print(f"    {line}")
        if result["untracked"]:
            print(f"untracked: {', '.join(result['untracked'])} (no two languages marked in sync yet: check each language, then "
                  f"`giv status --mark LANG GAME`)")
        if result["other"]:
            print(f"other: {result['other']} problem(s) that are not translations; `giv build` lists them")
    bad = any(result["missing"].values()) or any(result["stale"].values()) or result["untracked"]
    return 1 if args.check and bad else 0
