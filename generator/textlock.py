"""The translations.lock of a folder of texts (a game's, or content/settings/), and what it tells.

No language is the master. A text is a list of items: the name, slug, summary and aliases, each
setting, variant and example of <lang>.yaml, and each section and ### item of <lang>.md
(model/rules.py). Each folder's translations.lock records, for each pair of languages, the hash
of every item of both texts when the two last said the same thing. An item of L is stale against
M when M's item changed since then. Marking L records that L's text now says what the others
say: it renews L's agreement with every language that is itself up to date. Hashes are of the
text with its whitespace folded: a touch, a checkout or a new blank line changes nothing."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import yaml

from .markdown.parser import parse
from .model.files import read_text
from .model.rules import fold, parse_rules
from .model.yamlfile import load_yaml

LOCK = "translations.lock"
HEADER = ("# Written by `giv status --mark LANG GAME` (docs/translations.md). For each pair of languages: the\n"
          "# hash of every item of both texts when the two last said the same thing.\n")
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
        return not (unknown and (key == UNPARSED or in_rules(key)))

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


def in_rules(key: str) -> bool:
    """Whether the item is one of <lang>.md's (a section or ### item), not of <lang>.yaml's."""
    return not ("." in key or key in YAML_KEYS or key.startswith("("))


def mark(folder: Path, lang: str, current: dict[str, Items], unwritten_langs: set[str] = frozenset()) -> list[str]:
    """Record that lang's text now says what the others' texts say (current: items() of each of the
    site's languages). lang may be several languages, "da,sv,en": their texts agree with one
    another (after one change made in all of them at once). A language whose text still holds
    placeholders agrees with nothing yet: no pair with it is recorded, nor with one that is behind
    a third language. Returns the other languages marked in sync with lang's."""
    lock = read_lock(folder)
    marked = lang.split(",")
    langs = list(current)
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
