"""Template `tally`: Vändtia and other games where each deal has one loser. Fewer losses is better."""
from __future__ import annotations

from typing import Any

from .values import whole, whole_in


def score_tally(settings: dict[str, Any], n: int, rounds: list[dict], carry: list[int], ended: bool) -> dict:
    limit, count = settings["lossLimit"], settings["roundCount"]
    totals = list(carry)
    out_rounds, errors, valid = [], [], 0
    for index, rnd in enumerate(rounds):
        errs = []
        extra = (count > 0 and index >= count) or (limit > 0 and max(totals) >= limit)
        if extra:
            errs.append({"code": "tooManyRounds", "player": None, "round": index + 1})
        loser = whole_in(rnd["loser"], 0, n - 1)
        if loser is None:
            errs.append({"code": "loserRange", "player": None, "round": index + 1})
        adjust = rnd.get("adjust", [None] * n)
        scores = [(1 if p == loser else 0) + (whole(adjust[p]) or 0) for p in range(n)]
        if not extra:  # a round after the game's last deal is shown, but the game ended before it
            totals = [t + s for t, s in zip(totals, scores)]
        valid += not errs
        errors.extend(errs)
        out_rounds.append({"round": index + 1, "loser": loser, "scores": scores,
                           "totals": list(totals), "errors": errs})
    finished = ended or (count > 0 and valid >= count) or (limit > 0 and max(totals) >= limit)
    return {"schedule": [], "rounds": out_rounds, "totals": totals, "bonuses": [],
            "finished": finished, "errors": errors}
