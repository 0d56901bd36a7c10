"""load_site(): read every file of content/ into the typed model, reporting every problem."""
from __future__ import annotations

from pathlib import Path

from .errors import Problems
from .markers import unwritten
from .games import GAME_KEYS, build_game_facts, merged
from .crosscheck import crosscheck
from .examples import load_examples
from .schema import Shape, line_of
from .texts import game_text, load_raw
from .types import Game, Language, Site
from .yamlfile import load_yaml

KNOWN_FILES = {"game.yaml", "examples.yaml", "translations.lock"}  # the lock: `giv status --mark`


def load_languages(problems: Problems, root: Path) -> tuple[dict[str, Language], str]:
    path = root / "site.yaml"
    if not path.exists():
        problems.add(path, 1, "site.yaml is missing")
        return {}, ""
    data, line, message = load_yaml(path)
    if data is None:
        problems.add(path, line, message)
        return {}, ""
    if not Shape(problems, path).mapping(data, 1, {"languages": "map", "root_url": "text"}):
        return {}, ""
    languages = {}
    for code, info in data["languages"].items():
        shape = Shape(problems, path, f"languages.{code}")
        if code not in ("da", "sv", "en"):
            problems.add(path, line_of(data["languages"], code), f"unknown language '{code}' (Giv speaks da, sv, en)")
        elif shape.mapping(info, line_of(data["languages"], code), {"locale": "text", "base_url": "text"}):
            if not info["base_url"].endswith("/"):
                problems.add(path, line_of(info, "base_url"), f"languages.{code}.base_url must end with '/'")
            languages[code] = Language(code, info["locale"], info["base_url"])
    return languages, data["root_url"]


def load_site(root: Path, only: set[str] | None = None) -> Site:
    """The whole site as the typed model. Raises ContentError listing every problem found.

    With `only`, just those games (an incremental build's changed games and the games they
    extend) and no checks across games: the caller checks the whole site (generator/cache)."""
    problems = Problems(root)
    languages, root_url = load_languages(problems, root)
    langs = set(languages)
    raw = {}
    folders = sorted(p for p in (root / "games").iterdir() if p.is_dir()) if (root / "games").is_dir() else []
    for folder in (f for f in folders if only is None or f.name in only):
        path = folder / "game.yaml"
        if not path.exists():
            problems.add(path, 1, "game.yaml is missing")
            continue
        data, line, message = load_yaml(path)
        if data is None:
            problems.add(path, line, message)
            continue
        if not Shape(problems, path).mapping(data, 1, {"id": "text"}, {k: v for k, v in GAME_KEYS.items() if k != "id"}):
            continue
        if data["id"] != folder.name:
            problems.add(path, line_of(data, "id"), f"id '{data['id']}' must match its folder '{folder.name}'")
            continue
        raw[data["id"]] = (data, path)
        for extra in sorted(folder.iterdir()):
            stem, _, suffix = extra.name.partition(".")
            if extra.name in KNOWN_FILES or (suffix in ("yaml", "md") and stem in langs):
                unwritten(problems, extra)  # TODO(giv) placeholders of `giv new`
                continue
            what = f"unknown language '{stem}'" if suffix in ("yaml", "md") and len(stem) == 2 else "unknown file"
            problems.add(extra, 1, f"{what} (expected game.yaml, examples.yaml, <lang>.yaml, <lang>.md for "
                                   f"{', '.join(sorted(langs))})")
    texts_raw = {(gid, lang): load_raw(problems, path.parent, lang) for gid, (_, path) in raw.items()
                 for lang in languages}
    games = []
    for game_id, (data, path) in raw.items():
        merge = merged(raw, game_id, problems)
        if merge is None:
            continue
        facts = build_game_facts(problems, game_id, *merge)
        examples = load_examples(problems, path.parent / "examples.yaml")
        if facts is None:
            continue
        chain = [game_id]
        while raw[chain[-1]][0].get("extends"):
            chain.append(raw[chain[-1]][0]["extends"])
        texts = {}
        for lang in languages:
            own, rules = texts_raw[(game_id, lang)]
            layers = [(raw[gid][1].parent / f"{lang}.yaml", texts_raw[(gid, lang)][0]) for gid in chain]
            if own is None or rules is None or any(d is None for _, d in layers):
                continue
            text = game_text(problems, lang, layers, rules, path.parent / f"{lang}.md", facts["settings"],
                             list(facts["variants"]), {e.id: [c.id for c in e.checks] for e in examples}, langs)
            if text:
                texts[lang] = text
        games.append(Game(game_id, facts["template"], facts["order"], facts["players"], facts["fixed"],
                          facts["settings"], facts["variants"], examples, texts, path.parent, data.get("extends")))
    games.sort(key=lambda g: (g.order, g.id))
    site = Site(root, languages, root_url, games)
    if only is None:
        crosscheck(problems, site, {folder.name for folder in folders})
    problems.raise_if_any()
    return site
