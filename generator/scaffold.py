"""giv new game ID --template bid|tally: a new game folder in every language, full of placeholders.

The game starts as a draft in every language (game.yaml `drafts`): the site builds without it,
and `giv serve` and `giv build --drafts` show its pages, marked as drafts. Every placeholder is a
TODO(giv) marker, and the build rejects each one with its file and line (generator/model/markers.py)
as soon as its language is published (taken out of `drafts`), so a half-written or half-translated
game cannot ship."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml

from .engine.spec import TEMPLATES
from .model.crosscheck import taken
from .model.markers import MARKER
from .model.types import Site

ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
LANGUAGE = {"da": "Danish", "sv": "Swedish", "en": "English"}
SETTINGS = {"bid": ["handSizePattern", "maxHandSize", "roundCount", "exactBidBonus", "missPenalty", "dealerHook"],
            "tally": ["lossLimit", "roundCount"]}
SECTIONS = {"overview": "overview", "deal": "what you need and the deal", "play": "play", "scoring": "scoring",
            "end": "end of the game", "house-rules": "house rules (each a ### heading with its id)",
            "tips": "tips (each a ### heading with its id)",
            "questions": "questions at the table (each a ### heading with its id)"}
SCHEMA = "# yaml-language-server: $schema=../../../schema/{}.schema.json\n"


def todo(what: str) -> str:
    return f"{MARKER}: {what}"


def game_yaml(game_id: str, template: str, order: int, langs: list[str]) -> str:
    spec = TEMPLATES[template]
    settings = {}
    for key in SETTINGS[template]:
        meta = spec["settings"][key]
        if meta["type"] == "int":
            settings[key] = {k: meta[k] for k in ("default", "min", "max", "step")}
        elif meta["type"] == "enum":
            settings[key] = {"default": meta["default"], "options": list(meta["options"])}
        else:
            settings[key] = {"default": meta["default"]}
    body = yaml.safe_dump({"id": game_id, "template": template, "order": order, "drafts": langs,
                           "players": dict(spec["players"]), "settings": settings, "variants": {}},
                          sort_keys=False, default_flow_style=None, width=100)
    return (SCHEMA.format("game") + f"# {todo('choose the players and the settings this game offers (docs/authoring.md), then delete this line')}\n"
            + body)


def examples_yaml() -> str:
    return (SCHEMA.format("examples") + f"# {todo('add worked examples (docs/authoring.md, Worked examples), then delete this line')}\n"
            + "[]\n")


def text_yaml(game_id: str, template: str, lang: str, shared: bool = False) -> str:
    """shared: content/settings/<lang>.yaml describes the standard settings, so the game needs no
    text of its own for them (it may still word one differently)."""
    language = LANGUAGE[lang]
    spec = TEMPLATES[template]["settings"]
    settings = {}
    for key in [] if shared else SETTINGS[template]:
        entry = {"label": todo(f"a short label for {key}, in {language}"),
                 "description": todo(f"what {key} does at the table, in {language}")}
        if spec[key]["type"] == "bool":
            entry["when_on"] = todo(f"a sentence saying {key} is on, in {language}")
            entry["when_off"] = todo(f"a sentence saying {key} is off, in {language}")
        if spec[key]["type"] == "enum":
            entry["options"] = {o: {"label": todo(f"a label for {o}, in {language}"),
                                    "description": todo(f"what {o} means, in {language}")} for o in spec[key]["options"]}
        settings[key] = entry
    data = {"name": todo(f"the name of {game_id} in {language}"), "slug": game_id,
            "summary": todo(f"one or two sentences for the index, in {language}"), "aliases": [],
            "settings": settings, "variants": {}, "examples": {}}
    return SCHEMA.format("text") + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def rules_md(lang: str) -> str:
    language = LANGUAGE[lang]
    parts = [f"## {todo(f'heading: {section}, in {language}')} {{#{sid}}}\n\n{todo(f'write this section in {language}')}\n"
             for sid, section in SECTIONS.items()]
    return "\n".join(parts)


def load(content: Path) -> Site:
    """The site as `giv build` would load it: from the cache of the last build (whatever its --out
    and --lang), reading again only what changed since. Raises ValueError when it has problems."""
    from .build import last_cache
    from .model.content_error import ContentError

    try:
        return last_cache(content).load_site()
    except ContentError as exc:
        raise ValueError(f"{len(exc.problems)} problem(s) in {content}/ to mend first (`giv build` lists them), "
                         f"so that the new game can be checked against the others: {exc.problems[0]}") from None


def new_game(content: Path, game_id: str, template: str) -> list[Path]:
    """Write the folder of a new game; returns the files written. Raises ValueError when it cannot."""
    if not ID.match(game_id):
        raise ValueError(f"'{game_id}' is not a game id: lowercase letters, digits and hyphens")
    if template not in TEMPLATES:
        raise ValueError(f"--template must be one of {', '.join(TEMPLATES)}")
    folder = content / "games" / game_id
    if folder.exists():
        raise ValueError(f"{folder} already exists")
    site = load(content)
    if game_id in (claims := taken(site)):
        raise ValueError(f"the address {game_id}/ is taken by {claims[game_id]}, and the new game's pages would "
                         "have it in every language: choose another id")
    langs = list(site.languages)
    order = max((game.order for game in site.games), default=0) + 1
    files = {"game.yaml": game_yaml(game_id, template, order, langs), "examples.yaml": examples_yaml()}
    for lang in langs:
        files[f"{lang}.yaml"] = text_yaml(game_id, template, lang, (content / "settings" / f"{lang}.yaml").exists())
        files[f"{lang}.md"] = rules_md(lang)
    folder.mkdir(parents=True)
    written = []
    for name, text in files.items():
        (folder / name).write_text(text, "utf-8")
        written.append(folder / name)
    return written


def new_command(args) -> int:
    content = Path(args.content)
    try:
        written = new_game(content, args.id, args.template)
    except ValueError as exc:
        print(f"giv new: {exc}", file=sys.stderr)
        return 2
    for path in written:
        print(f"  {path}")
    print(f"giv new: {args.id} ({args.template}) has {len(written)} files; it is a draft in every language, "
          f"shown by `giv serve` and `giv build --drafts` only. Take a language out of `drafts` in game.yaml "
          f"to publish it: every {MARKER} marker left in it is then a build error, with its file and line.")
    return 0
