"""Games as other games' pages see them, stored compactly: the unchanged games of an incremental
build are not read again, and these stand in for them (names, slugs, summaries, aliases).

A stub has no rules text, settings texts, examples, settings or variants: the pages of an
unchanged game are not rendered again, and the pages that list every game (indexes, aliases,
sitemap) use only what a stub keeps."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from ..model.types import Alias, Game, GameText, Loc

LINK = re.compile(r"game:([A-Za-z0-9_-]+)")
EMPTY = {"settings": {}, "variants": {}, "examples": {}, "rules": "", "fixed": {}}


def _flat(value):
    if isinstance(value, Path):
        return ("path", str(value))
    if isinstance(value, Loc):
        return ("loc", value.file, value.line)
    if isinstance(value, list) and value and isinstance(value[0], Alias):
        return ("aliases", [dataclasses.astuple(a) for a in value])
    return value


def _unflat(value):
    if type(value) is tuple and value and value[0] in ("path", "loc", "aliases"):
        if value[0] == "path":
            return Path(value[1])
        if value[0] == "loc":
            return Loc(value[1], value[2])
        return [Alias(*a) for a in value[1]]
    return value


def pack(game: Game) -> tuple:
    """(game fields, {lang: text fields}) without the heavy parts, as plain values."""
    fields = {f.name: _flat(getattr(game, f.name)) for f in dataclasses.fields(game)
              if f.name not in EMPTY and f.name != "texts" and f.name not in ("examples",)}
    texts = {lang: {f.name: _flat(getattr(t, f.name)) for f in dataclasses.fields(t) if f.name not in EMPTY}
             for lang, t in game.texts.items()}
    return fields, texts


def unpack(packed: tuple) -> Game:
    fields, texts = packed
    text_objects = {lang: GameText(**{k: _unflat(v) for k, v in t.items()}, settings={}, variants={}, examples={},
                                   rules="") for lang, t in texts.items()}
    return Game(**{k: _unflat(v) for k, v in fields.items()}, settings={}, variants={}, fixed={}, examples=[],
                texts=text_objects)


def links_of(game: Game) -> set[str]:
    """Every game id the game's texts may link to (a superset: any `game:` in the text)."""
    text = " ".join(t.rules + " ".join(e.note for e in t.examples.values()) for t in game.texts.values())
    return set(LINK.findall(text))
