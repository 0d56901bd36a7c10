"""Template `tally`: Vändtia and other games where each deal has one loser. Fewer losses is better."""
from __future__ import annotations

from typing import Any

from .values import whole_in


def score_tally(settings: dict[str, Any], players: list[str], rounds: list[dict]) -> dict:
    n = len(players)
    limit, count = settings["lossLimit"], settings["roundCount"]
    totals = [0] * n
    out_rounds, errors, valid = [], [], 0
    for index, rnd in enumerate(rounds):
        errs = []
        over_count = count > 0 and index >= count
        over_limit = limit > 0 and max(totals) >= limit
        if over_count or over_limit:
            errs.append({"code": "tooManyRounds", "player": None, "round": index + 1})
        loser = whole_in(rnd["loser"], 0, n - 1)
        if loser is None:
            errs.append({"code": "loserRange", "player": None, "round": index + 1})
        scores = [1 if p == loser else 0 for p in range(n)]
        totals = [t + s for t, s in zip(totals, scores)]
        valid += not errs
        errors.extend(errs)
        out_rounds.append({"round": index + 1, "loser": loser, "scores": scores,
                           "totals": list(totals), "errors": errs})
    finished = (count > 0 and valid >= count) or (limit > 0 and max(totals, default=0) >= limit)
    return {"schedule": [], "rounds": out_rounds, "totals": totals, "bonuses": [],
            "finished": finished, "errors": errors}
