"""Template `bid`: Vend om / Oh Hell, Tips, Wizard. Scores rounds of bids and tricks taken."""
from __future__ import annotations

from typing import Any

from . import schedule as sched
from .values import whole, whole_in


def points(settings: dict[str, Any], bid: int, took: int) -> int:
    """One player's points for one round in which both numbers are valid."""
    if took == bid:
        shape = settings["bonusShape"]
        extra = settings["pointsPerBidTrick"] * bid if shape == "perTrick" else bid * bid if shape == "squared" else 0
        zero = settings["zeroBidBonus"] if bid == 0 else 0
        return settings["exactBidBonus"] + extra + zero
    off = abs(took - bid)
    return {
        "nothing": 0,
        "perTrickOff": -settings["pointsPerMissedTrick"] * off,
        "perTrickTaken": took,
        "flatLoss": -settings["exactBidBonus"],
        "squaredOff": -(off * off),
    }[settings["missPenalty"]]


def round_errors(settings: dict[str, Any], number: int, hand: int, dealer: int,
                 bids: list[Any], took: list[Any], extra: bool, hand_ok: bool) -> list[dict]:
    """Every check of ENGINE.md on one round, in a fixed order."""
    errors = []

    def add(code: str, player: int | None) -> None:
        errors.append({"code": code, "player": player, "round": number})

    if extra:
        add("tooManyRounds", None)
    if not hand_ok:
        add("handSizeRange", None)
    good_bids = [whole_in(b, 0, hand) for b in bids]
    good_took = [whole_in(t, 0, hand) for t in took]
    for player, value in enumerate(good_bids):
        if value is None:
            add("bidRange", player)
    for player, value in enumerate(good_took):
        if value is None:
            add("tookRange", player)
    if None not in good_took and sum(good_took) != hand:
        add("tricksSum", None)
    if settings["dealerHook"] and None not in good_bids and sum(good_bids) == hand:
        add("dealerHook", dealer)
    return errors


def score_bid(settings: dict[str, Any], players: list[str], first_dealer: int, rounds: list[dict]) -> dict:
    n = len(players)
    planned = sched.planned_sizes(settings, n)
    limit = settings["deckSize"] // n
    totals = [0] * n
    made_all = [True] * n
    out_rounds, errors, valid = [], [], 0
    played: dict[int, int] = {}
    for index, rnd in enumerate(rounds):
        given = whole(rnd.get("handSize")) if "handSize" in rnd else None
        hand = given if given is not None else sched.size_for(settings, n, index)
        if given is not None:
            played[index] = given
        dealer = (first_dealer + index) % n
        hand_ok = 1 <= hand <= limit
        errs = round_errors(settings, index + 1, hand, dealer, rnd["bids"], rnd["took"], index >= len(planned), hand_ok)
        scores = []
        for p in range(n):
            bid, took = whole_in(rnd["bids"][p], 0, hand), whole_in(rnd["took"][p], 0, hand)
            ok = bid is not None and took is not None
            scores.append(points(settings, bid, took) if ok else 0)
            made_all[p] = made_all[p] and ok and bid == took
        totals = [t + s for t, s in zip(totals, scores)]
        valid += not errs
        errors.extend(errs)
        out_rounds.append({"round": index + 1, "handSize": hand, "dealer": dealer,
                           "trump": sched.trump(settings, n, index, hand),
                           "scores": scores, "totals": list(totals), "errors": errs})
    plan = []
    for index, planned_size in enumerate(planned):
        hand = played.get(index, planned_size)
        plan.append({"round": index + 1, "handSize": hand, "dealer": (first_dealer + index) % n,
                     "trump": sched.trump(settings, n, index, hand)})
    finished = valid >= len(planned)
    bonuses = []
    if finished and settings["perfectGameBonus"] > 0 and rounds:
        for p in range(n):
            if made_all[p]:
                bonuses.append({"player": p, "points": settings["perfectGameBonus"], "reason": "perfectGame"})
                totals[p] += settings["perfectGameBonus"]
    return {"schedule": plan, "rounds": out_rounds, "totals": totals, "bonuses": bonuses,
            "finished": finished, "errors": errors}
