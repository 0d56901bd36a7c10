"""load_site(): read every file of content/ into the typed model, reporting every problem."""
from __future__ import annotations

import os
from pathlib import Path

from ..bugs import reading
from ..parallel import parallel_map
from .assemble import Raw, build_family, families
from .crosscheck import crosscheck
from .errors import Problem, Problems
from .files import present
from .format import LANGUAGE, LANGUAGE_TEXTS, SITE
from .folders import read_game_file
from .schema import Shape, line_of
from .shared import Shared, load_shared
from .sitefile import locale_problem, url_problem
from .types import LANGS, Game, Language, Site
from .yamlfile import LDict, load_yaml


def load_languages(problems: Problems, root: Path) -> tuple[dict[str, Language], str, str | None]:
    path = root / "site.yaml"
    if not present(path):
        problems.add(path, 1, "site.yaml is missing")
        return {}, "", None
    data, line, message = load_yaml(path, root)
    if data is None:
        problems.add(path, line, message)
        return {}, "", None
    if not Shape(problems, path).mapping(data, 1, SITE):
        return {}, "", None
    languages, addresses = {}, {}  # each base_url (case aside) -> the language that has it
    if not data["languages"]:
        problems.add(path, line_of(data, "languages"), f"languages is empty: name at least one of {', '.join(LANGS)}")
    for code, info in data["languages"].items():
        shape = Shape(problems, path, f"languages.{code}")
        if shape.mapping(info, line_of(data["languages"], code), LANGUAGE):
            if why := locale_problem(code, info["locale"]):
                problems.add(path, line_of(info, "locale"), f"languages.{code}.locale {why}")
            if why := url_problem(info["base_url"]):
                problems.add(path, line_of(info, "base_url"), f"languages.{code}.base_url {why}")
            elif (other := addresses.setdefault(info["base_url"].lower(), code)) != code:
                problems.add(path, line_of(info, "base_url"), f"languages.{code}.base_url {info['base_url']} is "
                                                              f"also {other}'s (line {languages[other].line}): each "
                                                              "language needs an address of its own")
            texts = {key: info[key].strip() for key in LANGUAGE_TEXTS if key in info}
            languages[code] = Language(code, info["locale"], info["base_url"], **texts, line=line_of(info, "base_url"),
                                       draft=info.get("draft", False))
    if why := url_problem(data["root_url"]):
        problems.add(path, line_of(data, "root_url"), f"root_url {why}")
    x_default = data.get("x_default")
    if x_default is not None and x_default not in languages:
        problems.add(path, line_of(data, "x_default"), f"x_default '{x_default}' is not a language of this site "
                                                       f"({', '.join(languages)})")
    return languages, data["root_url"], x_default


def load_site(root: Path, only: set[str] | None = None) -> Site:
    """The whole site as the typed model. Raises ContentError listing every problem found.

    With `only`, just those games (an incremental build's changed games and the games they
    extend) and no checks across games: the caller checks the whole site (generator/cache).
    Game folders are read, and games built, on every core (generator/parallel.py)."""
    problems = Problems(root)
    with reading(problems.rel(root / "site.yaml")):
        languages, root_url, x_default = load_languages(problems, root)
    if not languages:  # every game would be in no language: site.yaml's problem is the one to say
        problems.raise_if_any()
    names = game_folders(problems, root / "games")
    folders = [root / "games" / name for name in names if only is None or name in only]
    raw = read_games(problems, root, folders, set(languages))
    shared = load_shared(problems, root, list(languages))
    games = build_games(problems, root, raw, list(languages), set(names), shared)
    games.sort(key=lambda g: (g.order, g.id))
    site = Site(root, languages, root_url, games, x_default)
    if only is None:
        crosscheck(problems, site)
    problems.raise_if_any()
    return site


def game_folders(problems: Problems, games: Path) -> list[str]:
    """The names of the folders in content/games/, sorted (no stat per folder: there may be thousands).
    A games/ that is there but is not a folder is a problem; no games/ at all is a site without games."""
    try:
        with os.scandir(games) as entries:
            return sorted(entry.name for entry in entries if _is_folder(entry))
    except FileNotFoundError:
        if present(games):
            problems.add(games, 1, "is a symbolic link to nothing")
    except NotADirectoryError:
        problems.add(games, 1, "is a file, not the folder of the games")
    except OSError as exc:
        problems.add(games, 1, f"cannot be read: {(exc.strerror or type(exc).__name__).lower()}")
    return []


def _is_folder(entry: os.DirEntry) -> bool:
    try:
        return entry.is_dir()
    except OSError:  # a loop of links: not a game folder (and no game.yaml is read through it)
        return False


def read_games(problems: Problems, root: Path, folders: list[Path], langs: set[str]) -> Raw:
    """Every usable game.yaml by game id, in folder order."""
    def read(folder: Path) -> tuple[LDict | None, list[Problem]]:
        found = Problems(root)
        with reading(f"{found.rel(folder)}/"):
            return read_game_file(found, folder, langs), found.items

    raw = {}
    for folder, (data, found) in zip(folders, parallel_map(read, folders)):
        problems.extend(found)
        if data is not None:
            raw[data["id"]] = (data, folder / "game.yaml")
    return raw


def build_games(problems: Problems, root: Path, raw: Raw, languages: list[str], game_ids: set[str],
                shared: Shared) -> list[Game]:
    """The usable games, a family of games that extend one another at a time."""
    def build(members: list[str]) -> tuple[list[Game], list[Problem]]:
        found = Problems(root)
        with reading(", ".join(f"{found.rel(raw[gid][1].parent)}/" for gid in members if gid in raw)):
            return build_family(found, raw, members, languages, set(languages), game_ids, shared), found.items

    games = []
    for built, found in parallel_map(build, families(raw)):
        problems.extend(found)
        games.extend(built)
    return games
