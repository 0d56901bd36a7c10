"""Shape checks: input that is not of the contract's shape at all is refused with one line."""
from __future__ import annotations

from typing import Any

from .spec import TEMPLATES, check_value, template_spec
from .values import whole

TRUMPS = ["turnUp", "hearts", "diamonds", "clubs", "spades", "none"]
# carryIn and adjust: agreed scores, far beyond any game's points, and exact in JavaScript.
AGREED_LIMIT = 1_000_000


class ShapeError(ValueError):
    """Input that is not of the contract's shape at all. Its message is one line; round is the
    number (from 1) of the round it is about, if any, for a caller that knows where that round is written."""

    round: int | None = None


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ShapeError(message)


def _agreed(value: Any, allow_null: bool) -> bool:
    if value is None:
        return allow_null
    number = whole(value)
    return number is not None and -AGREED_LIMIT <= number <= AGREED_LIMIT


def _per_seat(values: Any, players: list[str], allow_null: bool) -> bool:
    return isinstance(values, list) and len(values) == len(players) and all(_agreed(v, allow_null) for v in values)


def check_spec(spec: Any, template: str) -> None:
    _require(isinstance(spec, dict), "input: 'spec' must be an object")
    _require(spec.get("template", template) == template, "input: 'spec.template' differs from 'template'")
    players = spec.get("players")
    _require(isinstance(players, dict) and whole(players.get("min")) is not None
             and whole(players.get("max")) is not None, "input: 'spec.players' must be {min, max}")
    # A game narrows the template's range of players, as it does its settings' limits.
    limits = TEMPLATES[template]["players"]
    _require(limits["min"] <= players["min"] <= players["max"] <= limits["max"],
             f"input: 'spec.players' must lie within {limits['min']}..{limits['max']}, min at most max")
    settings = spec.get("settings")
    _require(isinstance(settings, dict), "input: 'spec.settings' must be an object")
    known = TEMPLATES[template]["settings"]
    for key, meta in settings.items():
        _require(key in known and isinstance(meta, dict) and meta.get("type") == known[key]["type"]
                 and "default" in meta, f"input: 'spec.settings.{key}' is not a setting of template {template}")
        hard = known[key]
        if meta["type"] == "int":
            _require(all(whole(meta.get(k)) is not None for k in ("min", "max", "step")) and meta["step"] > 0,
                     f"input: 'spec.settings.{key}' needs whole min, max and step")
            # A game narrows the template's hard limits; it never widens them (a hand of 0 cards,
            # a deck of "sixty" cards cannot be scored).
            _require(hard["min"] <= meta["min"] and meta["max"] <= hard["max"],
                     f"input: 'spec.settings.{key}' goes beyond the template's limits")
        if meta["type"] == "enum":
            options = meta.get("options")
            _require(isinstance(options, list) and all(isinstance(o, str) and o in hard["options"] for o in options),
                     f"input: 'spec.settings.{key}' needs options of the template")
        _require(check_value(meta, meta["default"]) is not None,
                 f"input: 'spec.settings.{key}.default' is not a value of the setting")
    fixed = spec.get("fixed", {})
    _require(isinstance(fixed, dict) and all(k in known for k in fixed),
             "input: 'spec.fixed' must name settings of the template")
    for key, value in fixed.items():
        _require(check_value(known[key], value) is not None,
                 f"input: 'spec.fixed.{key}' is not a value of the setting")


def _check_bid_round(rnd: dict, number: int, players: list[str]) -> None:
    for key in ("bids", "took"):
        _require(isinstance(rnd.get(key), list) and len(rnd[key]) == len(players),
                 f"input: round {number}: '{key}' must list one number per player")
    _require("handSize" not in rnd or whole(rnd["handSize"]) is not None,
             f"input: round {number}: 'handSize' must be a whole number")
    _require("dealer" not in rnd or (whole(rnd["dealer"]) is not None and 0 <= whole(rnd["dealer"]) < len(players)),
             f"input: round {number}: 'dealer' must be the index of a player")
    _require("trump" not in rnd or (isinstance(rnd["trump"], str) and rnd["trump"] in TRUMPS),
             f"input: round {number}: 'trump' must be one of {', '.join(TRUMPS)}")
    _require(not players or any(b is not None or t is not None for b, t in zip(rnd["bids"], rnd["took"])),
             f"input: round {number}: every seat is absent")


def _check_tally_round(rnd: dict, number: int, players: list[str]) -> None:
    _require("loser" in rnd, f"input: round {number}: 'loser' is missing")
    away = rnd.get("away", [])
    seats = [whole(seat) for seat in away] if isinstance(away, list) else [None]
    _require(all(seat is not None and 0 <= seat < len(players) for seat in seats) and len(set(seats)) == len(seats),
             f"input: round {number}: 'away' must list seats (indices of players), each once")
    _require(not players or len(seats) < len(players), f"input: round {number}: every seat is absent")


def _check_round(rnd: Any, number: int, template: str, players: list[str]) -> None:
    _require(isinstance(rnd, dict), f"input: round {number} is not an object")
    if template == "bid":
        _check_bid_round(rnd, number, players)
    else:
        _check_tally_round(rnd, number, players)
    _require("adjust" not in rnd or _per_seat(rnd["adjust"], players, allow_null=True),
             f"input: round {number}: 'adjust' must list one whole number (or null) per player, "
             f"from -{AGREED_LIMIT} to {AGREED_LIMIT}")


def check_shape(data: Any) -> tuple[str, dict, list[str]]:
    """The template, the spec and the players of input of the contract's shape; ShapeError otherwise."""
    _require(isinstance(data, dict), "input: expected a JSON object")
    spec = data.get("spec")
    template = data.get("template", spec.get("template") if isinstance(spec, dict) else None)
    _require(isinstance(template, str) and template in TEMPLATES, "input: 'template' must be \"bid\" or \"tally\" (or name a 'game')")
    if spec is None:
        spec = template_spec(template)
    check_spec(spec, template)
    players = data.get("players")
    _require(isinstance(players, list) and all(isinstance(p, str) for p in players),
             "input: 'players' must be a list of names")
    _require(isinstance(data.get("settings", {}), dict), "input: 'settings' must be an object")
    rounds = data.get("rounds", [])
    _require(isinstance(rounds, list), "input: 'rounds' must be a list")
    for number, rnd in enumerate(rounds, 1):
        try:
            _check_round(rnd, number, template, players)
        except ShapeError as exc:
            exc.round = number
            raise
    first = data.get("firstDealer", 0)
    _require(whole(first) is not None and (not players or 0 <= whole(first) < len(players)),
             "input: 'firstDealer' must be the index of a player")
    _require("carryIn" not in data or _per_seat(data["carryIn"], players, allow_null=False),
             f"input: 'carryIn' must list one whole number per player, from -{AGREED_LIMIT} to {AGREED_LIMIT}")
    if template == "bid":
        sizes = data.get("handSizes", [1])
        _require(isinstance(sizes, list) and sizes and all(whole(s) is not None and whole(s) >= 1 for s in sizes),
                 "input: 'handSizes' must be a non-empty list of whole numbers from 1")
    else:
        _require(isinstance(data.get("ended", False), bool), "input: 'ended' must be true or false")
    return template, spec, players
