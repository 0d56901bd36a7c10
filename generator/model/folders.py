"""A game folder on its own: its game.yaml checked, and every other file in it accounted for."""
from __future__ import annotations

from pathlib import Path

from .errors import Problems
from .files import present
from .format import GAME
from .markers import unwritten
from .schema import Shape, line_of
from .scratch import scratch
from .yamlfile import LDict, load_yaml

KNOWN_FILES = {"game.yaml", "examples.yaml", "translations.lock"}  # the lock: `giv status --mark`


def read_game_file(problems: Problems, folder: Path, langs: set[str]) -> LDict | None:
    """The folder's game.yaml when it is usable (a mapping of known keys whose id is the folder's
    name), and a problem for every file beside it that is unknown or not written yet."""
    path = folder / "game.yaml"
    if not present(path):
        problems.add(path, 1, "game.yaml is missing")
        return None
    data, line, message = load_yaml(path, problems.root)
    if data is None:
        problems.add(path, line, message)
        return None
    if not Shape(problems, path).mapping(data, 1, GAME):
        return None
    if data["id"] != folder.name:
        problems.add(path, line_of(data, "id"), f"id '{data['id']}' must match its folder '{folder.name}'")
        return None
    drafts = data.get("drafts")
    check_other_files(problems, folder, langs, {d for d in drafts if isinstance(d, str)} & langs if isinstance(drafts, list) else set())
    fixed, settings = data.get("fixed", {}), data.get("settings", {})
    for key in fixed:
        if key in settings:  # which one would the page and the engine take?
            problems.add(path, line_of(fixed, key), f"fixed.{key}: also in settings (line {line_of(settings, key)}); "
                                                    "a setting is either fixed or chosen by the players")
            return None
    return data


def check_other_files(problems: Problems, folder: Path, langs: set[str], drafts: set[str]) -> None:
    """TODO(giv) placeholders are errors in what is published: a language's files unless it is a
    draft, game.yaml and examples.yaml unless every language is."""
    for extra in sorted(folder.iterdir()):
        if scratch(extra.name):
            continue
        stem, _, suffix = extra.name.partition(".")
        if extra.name in KNOWN_FILES or (suffix in ("yaml", "md") and stem in langs):
            if not ({stem} if stem in langs else langs) <= drafts:
                unwritten(problems, extra)  # TODO(giv) placeholders of `giv new`
            continue
        what = f"unknown language '{stem}'" if suffix in ("yaml", "md") and len(stem) == 2 else "unknown file"
        problems.add(extra, 1, f"{what} (expected game.yaml, examples.yaml, <lang>.yaml, <lang>.md for "
                               f"{', '.join(sorted(langs))})")
