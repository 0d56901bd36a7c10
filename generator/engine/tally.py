"""Template `tally`: Vändtia and other games where each deal has one loser. Fewer losses is better."""
from __future__ import annotations

from typing import Any

from .values import whole, whole_in


def round_errors(number: int, loser: int | None, rnd: dict[str, Any], present: list[bool], extra: bool) -> list[dict]:
    """Every check on one tally round, in a fixed order; only the seats present are checked."""
    errors = []

    def add(code: str, player: int | None) -> None:
        errors.append({"code": code, "player": player, "round": number})

    if extra:
        add("tooManyRounds", None)
    if sum(present) < 2:
        add("tooFewPresent", None)
    if loser is None:
        add("loserRange", None)
    elif not present[loser]:
        add("loserAbsent", loser)
    for player, value in enumerate(rnd.get("adjust", [])):
        if value is not None and not present[player]:
            add("adjustAbsent", player)
    return errors


def score_tally(settings: dict[str, Any], n: int, rounds: list[dict], carry: list[int], ended: bool) -> dict:
    limit, count = settings["lossLimit"], settings["roundCount"]
    totals = list(carry)
    out_rounds, errors, valid = [], [], 0
    for index, rnd in enumerate(rounds):
        extra = (count > 0 and index >= count) or (limit > 0 and max(totals) >= limit)
        loser = whole_in(rnd["loser"], 0, n - 1)
        away = {whole(seat) for seat in rnd.get("away", [])}
        present = [p not in away for p in range(n)]
        errs = round_errors(index + 1, loser, rnd, present, extra)
        adjust = rnd.get("adjust", [None] * n)
        scores = [(1 if p == loser else 0) + (whole(adjust[p]) or 0) if present[p] else None for p in range(n)]
        if not extra:  # a round after the game's last deal is shown, but the game ended before it
            totals = [t if s is None else t + s for t, s in zip(totals, scores)]
        valid += not errs
        errors.extend(errs)
        out_rounds.append({"round": index + 1, "loser": loser, "scores": scores,
                           "totals": list(totals), "errors": errs})
    finished = ended or (count > 0 and valid >= count) or (limit > 0 and max(totals) >= limit)
    return {"schedule": [], "rounds": out_rounds, "totals": totals, "bonuses": [],
            "finished": finished, "errors": errors}
