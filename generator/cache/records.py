"""What an incremental build keeps of each game and of each file it made (the records), beside
the index: read only when some game changed."""
from __future__ import annotations

import gc
import pickle
from dataclasses import dataclass, field
from pathlib import Path

from ..model.types import Game


@dataclass
class GameRecord:
    extends: str | None
    stub: Game                     # stubs.stub(game)
    links: set[str]                # game ids its texts may link to (a superset)
    slugs: dict[str, str]          # addresses(game)


def addresses(game: Game) -> dict[str, str]:
    """The game's slug in each language it is published in: what the pages that link to it show
    (a link to a game that is a draft in the page's language is plain text)."""
    return {lang: t.slug for lang, t in game.texts.items() if lang not in game.drafts}


def record(game: Game) -> GameRecord:
    from .stubs import links_of, stub

    return GameRecord(game.extends, stub(game), links_of(game), addresses(game))


@dataclass
class Records:
    """The heavy half of the cache, read only when some game changed. Each part is a file of its
    own beside the index, written only when it changed."""
    games: dict[str, GameRecord] = field(default_factory=dict)
    keys: dict[str, tuple] = field(default_factory=dict)       # a rule page's path -> what it depended on
    groups: dict[tuple, list[str]] = field(default_factory=dict)  # what files were made from -> them
    # the same as keys for the pages of the listing groups (indexes, alias pages, ...), read only
    # when some of them are made again (None: not read yet; Cache.listed)
    listed: dict[str, tuple] | None = field(default_factory=dict)

    PARTS = ("games", "keys", "groups")  # read together; listed on its own


def read_pickle(path: Path) -> object:
    """A pickle's objects, made with the garbage collector paused and then left out of its
    collections (gc.freeze): they live as long as the build, and every collection would only walk
    them again, the oldest generation's several times over a rebuild."""
    paused = gc.isenabled()
    gc.disable()
    try:
        with path.open("rb") as handle:
            return pickle.load(handle)
    finally:
        gc.freeze()
        if paused:
            gc.enable()
