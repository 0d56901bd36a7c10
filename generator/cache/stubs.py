"""Games as other games' pages see them: the unchanged games of an incremental build are not read
again, and these stand in for them (names, slugs, summaries, aliases).

A stub is the Game without its folder, rules text, settings texts, examples, settings or variants: the
pages of an unchanged game are not rendered again, and the pages that list every game (indexes,
aliases, sitemap) use only what a stub keeps. Stubs are pickled with the cache as they are."""
from __future__ import annotations

import dataclasses
from pathlib import Path

from ..model.types import Game

NO_FILE = Path()  # one object for every stub: pickled once, not once per game or text
EMPTY_GAME = {"settings": {}, "variants": {}, "fixed": {}, "examples": [], "folder": NO_FILE}
EMPTY_TEXT = {"settings": {}, "variants": {}, "examples": {}, "rules_file": NO_FILE, "rules_html": None}
SHARED = ("heading_ids", "aliases")  # read only: nothing changes a stub's texts once made


def stub(game: Game) -> Game:
    """The game without the heavy parts (a new object; the game itself is left as it is). Its
    texts hold their heading ids and aliases as one object where they are equal (they often are
    in every language), so that the pickle of the stubs holds them once."""
    texts, first = {}, None
    for lang, t in game.texts.items():
        same = {key: getattr(first, key) for key in SHARED if first and getattr(first, key) == getattr(t, key)}
        texts[lang] = dataclasses.replace(t, **EMPTY_TEXT, **same)
        first = first or t
    return dataclasses.replace(game, **EMPTY_GAME, texts=texts)


def links_of(game: Game) -> set[str]:
    """Every game id the game's texts link to (their `game:` links, as generator/markdown/ found them)."""
    found: set[str] = set()
    for text in game.texts.values():
        for markdown in (text.rules_html, *(e.note_html for e in text.examples.values())):
            found |= markdown.games if markdown else set()
    return found
