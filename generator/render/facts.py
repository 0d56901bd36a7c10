"""Facts for the "at a glance" box, computed from the engine and the game's default settings."""
from __future__ import annotations

from dataclasses import dataclass

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


def _settings(game: Game, players: int) -> dict:
    out = score({"template": game.template, "spec": game.spec(), "players": ["p"] * players, "rounds": []})
    return out


def glance(game: Game) -> Glance:
    low, high = game.players
    runs: list[tuple[int, int, int]] = []
    lows, highs = [], []
    loss_limit = 0
    for n in range(low, high + 1):
        out = _settings(game, n)
        settings = out["settings"]
        if game.template == "bid":
            count = len(out["schedule"])
            m = max_hand(settings, n)
            values = [points(settings, b, t) for b in range(m + 1) for t in range(m + 1)]
            lows.append(min(values))
            highs.append(max(values))
        else:
            count = settings["roundCount"]
            loss_limit = settings["lossLimit"]
            lows.append(0)
            highs.append(1)
        if runs and runs[-1][2] == count:
            runs[-1] = (runs[-1][0], n, count)
        else:
            runs.append((n, n, count))
    return Glance(game.template == "bid", runs, min(lows), max(highs), min(lows) < 0, loss_limit)
