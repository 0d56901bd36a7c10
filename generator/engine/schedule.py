"""The planned rounds of a bid game: hand sizes, dealers and trump."""
from __future__ import annotations

from typing import Any

ROTATION = ["hearts", "diamonds", "clubs", "spades", "none"]


def max_hand(settings: dict[str, Any], players: int) -> int:
    """The largest hand: maxHandSize clamped to what the deck allows for this many players."""
    return min(settings["maxHandSize"], settings["deckSize"] // players)


def pattern(name: str, m: int) -> list[int]:
    down = list(range(m, 0, -1))
    up = list(range(1, m + 1))
    return {
        "downAndUp": down + up[1:],
        "upAndDown": up + down[1:],
        "down": down,
        "up": up,
        "constant": [m] * m,
    }[name]


def planned_sizes(settings: dict[str, Any], players: int) -> list[int]:
    """Hand sizes of every planned round: the pattern, or roundCount rounds of it repeated or cut."""
    sizes = pattern(settings["handSizePattern"], max_hand(settings, players))
    count = settings["roundCount"]
    if count == 0:
        return sizes
    return [sizes[i % len(sizes)] for i in range(count)]


def size_for(settings: dict[str, Any], players: int, index: int) -> int:
    """The hand size the schedule gives round index (0-based), past its end included."""
    sizes = pattern(settings["handSizePattern"], max_hand(settings, players))
    return sizes[index % len(sizes)]


def trump(settings: dict[str, Any], players: int, index: int, hand_size: int) -> str:
    if settings["oneCardRoundTrump"] == "none" and hand_size == 1:
        return "none"
    if settings["fullDealNoTrump"] and hand_size * players == settings["deckSize"]:
        return "none"
    selection = settings["trumpSelection"]
    if selection == "rotating":
        return ROTATION[index % len(ROTATION)]
    return selection
