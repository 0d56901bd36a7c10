"""Facts for the "at a glance" box, computed from the engine and the game's default settings.

They are the same in every language: compute them once per game (pages.py does), then word them
per language (views.glance)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import score
from ..engine.bid import points
from ..engine.schedule import max_hand
from ..model.types import Game


@dataclass
class Glance:
    higher_wins: bool
    rounds: list[tuple[int, int, int]]  # (from players, to players, rounds); rounds 0 = open
    round_min: int
    round_max: int
    negative: bool
    loss_limit: int = 0
    hands: list[tuple[int, int, int]] = field(default_factory=list)  # (players, largest hand, deals), bid games

    def paper_rows(self) -> int:
        """The rows of the blank sheet for paper play, which has a column for every seat up to the
        most players: a row for each deal of the longest game the default settings give any
        number of players, or OPEN_ROWS when the number of deals is open."""
        counts = [count for _, _, count in self.rounds]
        return OPEN_ROWS if 0 in counts else max(counts)


OPEN_ROWS = 20  # a game played to a loss limit, or until the table stops: a page's worth of rows


def _settings(game: Game, players: int) -> dict:
    out = score({"template": game.template, "spec": game.spec(), "players": ["p"] * players, "rounds": []})
    return out


def _score_range(settings: dict[str, Any], hand: int) -> tuple[int, int]:
    """The fewest and most points of one player in one round, with hands of up to `hand` cards.

    A smaller hand's (bid, took) pairs are a part of a larger hand's, and the default settings do
    not depend on the number of players: the largest hand of any player count gives the range."""
    values = [points(settings, bid, took) for bid in range(hand + 1) for took in range(hand + 1)]
    return min(values), max(values)


def glance(game: Game) -> Glance:
    return _bid_glance(game) if game.template == "bid" else _tally_glance(game)


def _bid_glance(game: Game) -> Glance:
    """The schedule, and so the number of rounds, depends on the number of players."""
    low, high = game.players
    runs: list[tuple[int, int, int]] = []
    hands = []
    table = []
    settings: dict[str, Any] = {}
    for n in range(low, high + 1):
        out = _settings(game, n)
        settings = out["settings"]
        count = len(out["schedule"])
        hands.append(max_hand(settings, n))
        table.append((n, hands[-1], count))
        if runs and runs[-1][2] == count:
            runs[-1] = (runs[-1][0], n, count)
        else:
            runs.append((n, n, count))
    round_min, round_max = _score_range(settings, max(hands))
    return Glance(True, runs, round_min, round_max, round_min < 0, hands=table)


def _tally_glance(game: Game) -> Glance:
    """The number of deals is a setting: the same for any number of players."""
    low, high = game.players
    settings = _settings(game, low)["settings"]
    return Glance(False, [(low, high, settings["roundCount"])], 0, 1, False, settings["lossLimit"])
