"""One game as the typed model: its game.yaml merged along `extends`, its examples and its texts."""
from __future__ import annotations

from pathlib import Path

from .errors import Problems
from .examples import load_examples
from .rules import parallel, parse_rules
from .games import build_game_facts, draft_languages, merged
from .shared import Shared
from .texts import game_text, load_raw
from .types import Game, RulesItem
from .yamlfile import LDict

Raw = dict[str, tuple[LDict, Path]]  # game id -> its usable game.yaml and the file's path
RawTexts = dict[str, tuple[dict | None, str | None]]  # language -> <lang>.yaml and <lang>.md, as load_raw reads them


def extends_chain(raw: Raw, game_id: str) -> list[str]:
    """The game and the games it extends, nearest first, as far as raw has them and without a loop."""
    chain = [game_id]
    while (parent := raw[chain[-1]][0].get("extends")) in raw and parent not in chain:
        chain.append(parent)
    return chain


def families(raw: Raw) -> list[list[str]]:
    """The games grouped by the game at the top of their extends chain, in the order of raw: a
    game whose chain is whole is in one group with every game it extends."""
    groups: dict[str, list[str]] = {}
    for game_id in raw:
        groups.setdefault(extends_chain(raw, game_id)[-1], []).append(game_id)
    return list(groups.values())


def build_family(problems: Problems, raw: Raw, members: list[str], languages: list[str],
                 langs: set[str], game_ids: set[str], shared: Shared | None = None) -> list[Game]:
    """The usable games of one family (see families), reading each game's texts once and checking
    their Markdown (game_ids: every game folder, loaded or not, for the links between games)."""
    raw_texts = {gid: {lang: load_raw(problems, raw[gid][1].parent, lang) for lang in languages} for gid in members}
    games = [game for gid in members if (game := build_game(problems, raw, raw_texts, gid, languages, langs,
                                                           shared or {}))]
    for game in games:
        items = check_markdown(problems, game, {lang: raw_texts[game.id][lang][1] for lang in game.texts}, game_ids)
        parallel(problems, list(game.texts.values()), items, game.drafts)
    return games


def check_markdown(problems: Problems, game: Game, rules: dict[str, str], game_ids: set[str]) -> dict[str, list[RulesItem]]:
    """Each rules text (rules: by language) and example note parsed once (generator/markdown/):
    from a rules text's tokens come its items (model/rules.py; returned, by language, empty where
    its headings have problems) and the headings the search finds, its problems (raw HTML, images,
    unknown games, headings without a usable id, sections out of order) and its HTML, kept for the pages."""
    from ..markdown.html import convert, render
    from ..markdown.parser import parse

    items: dict[str, list[RulesItem]] = {}
    for lang, text in game.texts.items():
        tokens = parse(rules[lang], lang)
        items[lang], found = parse_rules(rules[lang], tokens)
        titles = (*(item.title for item in items[lang]), *(variant.label for variant in text.variants.values()))
        text.headings = "".join("\n" + title for title in titles)
        text.rules_html = render(tokens, lang, game_ids)
        for line, message in [*found, *text.rules_html.problems]:
            problems.add(text.rules_file, line, message)
        ids = {hid for _, hid in text.rules_html.ids}
        links = [(problems.rel(text.rules_file), line, "", game, hid) for line, game, hid in text.rules_html.game_anchors]
        for eid, example in text.examples.items():  # notes are Markdown too, one per example
            example.note_html = convert(example.note, lang, game_ids)
            for _, message in example.note_html.problems:
                problems.add(text.loc.file, example.line, f"examples.{eid}.note: {message}")
            ids |= {hid for _, hid in example.note_html.ids}
            links += [(text.loc.file, example.line, f"examples.{eid}.note: ", game, hid)
                      for _, game, hid in example.note_html.game_anchors]
        text.heading_ids, text.game_anchors = frozenset(ids), tuple(links)
    return items


def build_game(problems: Problems, raw: Raw, raw_texts: dict[str, RawTexts], game_id: str, languages: list[str],
               langs: set[str], shared: Shared) -> Game | None:
    """The game with everything it inherits, or None when a problem makes it unusable. raw_texts
    holds the texts of the game and of every game it extends."""
    data, path = raw[game_id]
    merge = merged(raw, game_id, problems)
    if merge is None:
        return None
    facts = build_game_facts(problems, game_id, *merge)
    loaded = load_examples(problems, path.parent / "examples.yaml")
    if facts is None or loaded is None:  # without its examples, the texts' examples cannot be checked
        return None
    examples, named = loaded
    chain = extends_chain(raw, game_id)
    drafts = draft_languages(problems, data, path, langs)
    texts = {}
    for lang in languages:
        own, rules = raw_texts[game_id][lang]
        layers = [(raw[gid][1].parent / f"{lang}.yaml", raw_texts[gid][lang][0]) for gid in chain]
        if own is None or rules is None or any(d is None for _, d in layers):
            continue
        common = ((shared[lang][0], facts["template"], shared[lang][1].get(facts["template"], {}))
                  if lang in shared else None)
        text = game_text(problems, lang, layers, path.parent / f"{lang}.md", facts["settings"],
                         list(facts["variants"]), named, common, lang in drafts)
        if text:
            texts[lang] = text
    return Game(game_id, facts["template"], facts["order"], facts["players"], facts["fixed"],
                facts["settings"], facts["variants"], examples, texts, path.parent, data.get("extends"),
                facts["unit"], drafts)
