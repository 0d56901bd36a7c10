"""score(input) -> output: shape checks, settings resolution, dispatch to a template, standings."""
from __future__ import annotations

from typing import Any

from .bid import score_bid
from .spec import TEMPLATES, check_value, resolve_settings, template_spec
from .standings import standings
from .tally import score_tally
from .values import whole

SPEC_TYPES = {"int", "enum", "bool"}


class ShapeError(ValueError):
    """Input that is not of the contract's shape at all. Its message is one line."""


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ShapeError(message)


def _check_spec(spec: Any, template: str) -> None:
    _require(isinstance(spec, dict), "input: 'spec' must be an object")
    _require(spec.get("template", template) == template, "input: 'spec.template' differs from 'template'")
    players = spec.get("players")
    _require(isinstance(players, dict) and whole(players.get("min")) is not None
             and whole(players.get("max")) is not None, "input: 'spec.players' must be {min, max}")
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


def _check_shape(data: Any) -> tuple[str, dict, list[str]]:
    _require(isinstance(data, dict), "input: expected a JSON object")
    spec = data.get("spec")
    template = data.get("template", spec.get("template") if isinstance(spec, dict) else None)
    _require(isinstance(template, str) and template in TEMPLATES, "input: 'template' must be \"bid\" or \"tally\" (or name a 'game')")
    if spec is None:
        spec = template_spec(template)
    _check_spec(spec, template)
    players = data.get("players")
    _require(isinstance(players, list) and all(isinstance(p, str) for p in players),
             "input: 'players' must be a list of names")
    _require(isinstance(data.get("settings", {}), dict), "input: 'settings' must be an object")
    rounds = data.get("rounds", [])
    _require(isinstance(rounds, list), "input: 'rounds' must be a list")
    for number, rnd in enumerate(rounds, 1):
        _require(isinstance(rnd, dict), f"input: round {number} is not an object")
        if template == "bid":
            for key in ("bids", "took"):
                _require(isinstance(rnd.get(key), list) and len(rnd[key]) == len(players),
                         f"input: round {number}: '{key}' must list one number per player")
            _require("handSize" not in rnd or whole(rnd["handSize"]) is not None,
                     f"input: round {number}: 'handSize' must be a whole number")
        else:
            _require("loser" in rnd, f"input: round {number}: 'loser' is missing")
    first = data.get("firstDealer", 0)
    _require(whole(first) is not None and (not players or 0 <= whole(first) < len(players)),
             "input: 'firstDealer' must be the index of a player")
    return template, spec, players


def score(data: Any) -> dict:
    """Score one game. Raises ShapeError for input that is not of the contract's shape."""
    template, spec, players = _check_shape(data)
    settings, errors = resolve_settings(template, spec, data.get("settings", {}))
    n = len(players)
    low, high = spec["players"]["min"], spec["players"]["max"]
    if template == "bid" and n:
        high = min(high, settings["deckSize"])
    if not 2 <= n or not low <= n <= high:
        errors.append({"code": "playerCount", "player": None, "round": None})
    result: dict[str, Any] = {"template": template, "players": players, "settings": settings}
    if errors:
        result.update({"schedule": [], "rounds": [], "totals": [0] * n, "bonuses": [],
                       "standings": [], "finished": False, "errors": errors})
        return result
    rounds = data.get("rounds", [])
    if template == "bid":
        result.update(score_bid(settings, players, whole(data.get("firstDealer", 0)), rounds))
    else:
        result.update(score_tally(settings, players, rounds))
    result["standings"] = standings(players, result["totals"], higher_wins=template == "bid")
    return result
