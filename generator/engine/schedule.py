"""The planned deals of a bid game: hand sizes and trump."""
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


class Plan:
    """The hand size of every deal: `length` planned deals, and beyond them the cycle repeated.

    The cycle is the table's own `handSizes` (each clamped to the deck) when given, else the
    pattern with, for `oneCardDeals: perPlayer`, every one-card deal played once per player.
    `handSizes` fixes the length; otherwise `roundCount` does, or the cycle's own length.
    """

    def __init__(self, settings: dict[str, Any], players: int, hand_sizes: list[int] | None) -> None:
        if hand_sizes is not None:
            limit = settings["deckSize"] // players
            self.cycle = [min(size, limit) for size in hand_sizes]
            self.length = len(hand_sizes)
            return
        sizes = pattern(settings["handSizePattern"], max_hand(settings, players))
        if settings["oneCardDeals"] == "perPlayer":
            sizes = [one for size in sizes for one in ([1] * players if size == 1 else [size])]
        self.cycle = sizes
        self.length = settings["roundCount"] or len(sizes)

    def size(self, index: int) -> int:
        """The hand size of deal `index` (0-based), past the planned length included."""
        return self.cycle[index % len(self.cycle)]


def trump(settings: dict[str, Any], players: int, index: int, hand_size: int) -> str:
    """The trump of deal `index` with `players` seats at the table holding `hand_size` cards each."""
    if settings["oneCardRoundTrump"] == "none" and hand_size == 1:
        return "none"
    if settings["fullDealNoTrump"] and hand_size * players == settings["deckSize"]:
        return "none"
    selection = settings["trumpSelection"]
    if selection == "rotating":
        return ROTATION[index % len(ROTATION)]
    return selection
