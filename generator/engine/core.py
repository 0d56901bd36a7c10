"""score(input) -> output: shape checks, settings resolution, dispatch to a template, standings."""
from __future__ import annotations

from typing import Any

from .bid import score_bid
from .shape import ShapeError, check_shape
from .spec import resolve_settings
from .standings import standings
from .tally import score_tally
from .values import whole

__all__ = ["ShapeError", "score"]


def score(data: Any) -> dict:
    """Score one game. Raises ShapeError for input that is not of the contract's shape."""
    template, spec, players = check_shape(data)
    settings, errors = resolve_settings(template, spec, data.get("settings", {}))
    n = len(players)
    # Never more players than cards: the spec's range lies within the template's (shape.py), and
    # the smallest deck of a template holds a card for the most players it allows.
    if not spec["players"]["min"] <= n <= spec["players"]["max"]:
        errors.append({"code": "playerCount", "player": None, "round": None})
    result: dict[str, Any] = {"template": template, "players": players, "settings": settings}
    if errors:
        result.update({"schedule": [], "rounds": [], "totals": [0] * n, "bonuses": [],
                       "standings": [], "finished": False, "errors": errors})
        return result
    rounds = data.get("rounds", [])
    carry = [whole(c) for c in data.get("carryIn", [0] * n)]
    if template == "bid":
        sizes = [whole(s) for s in data["handSizes"]] if "handSizes" in data else None
        result.update(score_bid(settings, n, whole(data.get("firstDealer", 0)), rounds, carry, sizes))
    else:
        result.update(score_tally(settings, n, rounds, carry, data.get("ended", False)))
    result["standings"] = standings(players, result["totals"], higher_wins=template == "bid")
    return result
