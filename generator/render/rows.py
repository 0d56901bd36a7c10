"""The rows of the view models (views.py): small dataclasses, not dicts, because the templates
read them by attribute, which Jinja finds at once on an object (on a dict it tries the attribute
first, and fails)."""
from __future__ import annotations

from dataclasses import dataclass

ROW = {"slots": True}  # the rows' dataclass options


@dataclass(**ROW)
class Row:
    """A label and its value: a glance fact, or a setting's value."""
    label: str
    value: str


@dataclass(**ROW)
class Option:
    label: str
    description: str
    default: bool


@dataclass(**ROW)
class SettingRef:
    """One setting in the page's reference: range and step are only for whole-number settings."""
    id: str
    label: str
    description: str
    default: str
    type: str
    options: list[Option]
    range: str = ""
    step: str = ""


@dataclass(**ROW)
class VariantRef:
    id: str
    name: str
    description: str
    settings: list[Row]


@dataclass(**ROW)
class AliasRef:
    name: str
    lang: str | None  # None when it is the page's language


@dataclass(**ROW)
class Cell:
    """A player's cell in a round of a worked example, as the sheet's rounds table shows it: for
    `bid` games bid/tricks, the round's points and the running total; for `tally` games the count
    of rounds lost."""
    total: str
    words: str  # all of it in words, for a screen reader (the numbers shown are hidden from it)
    state: str = ""  # is-made or is-missed (a bid), is-loser (the round's loser)
    mark: str = ""  # the dealer's mark (D), or the loser's
    bid_took: str = ""  # 2/2
    score: str = ""  # +12, signed


@dataclass(**ROW)
class RoundRow:
    """One round of a worked example: its number, its facts (the hand size, and the trump where
    it is not the same in every round; `bid` games) and a cell per player."""
    n: str
    words: str  # the round's number and facts in words
    cells: list[Cell]
    cards: str = ""  # 5 cards
    trump: str = ""


@dataclass(**ROW)
class HandRow:
    """A row of the table of hands by number of players (bid games)."""
    players: str
    hand: str
    deals: str


@dataclass(**ROW)
class Standing:
    place: str
    name: str
    total: str


@dataclass(**ROW)
class CheckView:
    text: str
    settings: list[Row]
    totals: list[str]
    finished: bool
    errors: list[str]


@dataclass(**ROW)
class ExampleView:
    id: str
    title: str
    note: str  # HTML
    settings: list[Row]
    players: list[str]
    rounds: list[RoundRow]
    key: str  # what the cells show, and the trump when every round has the same
    final: list[str]
    standings: list[Standing]
    finished: bool
    checks: list[CheckView]
    players_text: str
