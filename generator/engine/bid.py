"""Template `bid`: Vend om / Oh Hell, Tips, Wizard. Scores rounds of bids and tricks taken."""
from __future__ import annotations

from typing import Any

from .schedule import Plan, trump
from .seats import next_dealer, present_seats
from .values import whole, whole_in


def made_bid(settings: dict[str, Any], bid: int) -> int:
    """What a made bid scores."""
    shape = settings["bonusShape"]
    zero = settings["zeroBidBonus"] if bid == 0 else 0
    if shape == "prefix":  # the digit 1 written before the bid: 0 -> 10, 3 -> 13, 10 -> 110
        return 10 ** len(str(bid)) + bid + zero
    extra = settings["pointsPerBidTrick"] * bid if shape == "perTrick" else bid * bid if shape == "squared" else 0
    return settings["exactBidBonus"] + extra + zero


def points(settings: dict[str, Any], bid: int, took: int) -> int:
    """One player's points for one round in which both numbers are valid."""
    if took == bid:
        return made_bid(settings, bid)
    off = abs(took - bid)
    return {
        "nothing": 0,
        "perTrickOff": -settings["pointsPerMissedTrick"] * off,
        "perTrickTaken": took,
        "flatLoss": -settings["exactBidBonus"],
        "squaredOff": -(off * off),
    }[settings["missPenalty"]]


def round_errors(settings: dict[str, Any], number: int, hand: int, dealer: int, rnd: dict[str, Any],
                 present: list[bool], extra: bool) -> list[dict]:
    """Every check on one round, in a fixed order; only the seats present are checked."""
    errors = []

    def add(code: str, player: int | None) -> None:
        errors.append({"code": code, "player": player, "round": number})

    seats = [p for p, here in enumerate(present) if here]
    if extra:
        add("tooManyRounds", None)
    if len(seats) < 2:
        add("tooFewPresent", None)
    if not 1 <= hand <= settings["deckSize"] // len(seats):
        add("handSizeRange", None)
    if not present[dealer]:
        add("dealerAbsent", dealer)
    good_bids = [whole_in(rnd["bids"][p], 0, hand) for p in seats]
    good_took = [whole_in(rnd["took"][p], 0, hand) for p in seats]
    for player, value in zip(seats, good_bids):
        if value is None:
            add("bidRange", player)
    for player, value in zip(seats, good_took):
        if value is None:
            add("tookRange", player)
    if None not in good_took and sum(good_took) != hand:
        add("tricksSum", None)
    if settings["dealerHook"] and present[dealer] and None not in good_bids and sum(good_bids) == hand:
        add("dealerHook", dealer)
    for player, value in enumerate(rnd.get("adjust", [])):
        if value is not None and not present[player]:
            add("adjustAbsent", player)
    return errors


def round_scores(settings: dict[str, Any], rnd: dict[str, Any], hand: int, present: list[bool]) -> list[int | None]:
    """Each seat's points for the round plus its adjustment; None for an absent seat."""
    adjust = rnd.get("adjust", [None] * len(present))
    scores: list[int | None] = []
    for p, here in enumerate(present):
        if not here:
            scores.append(None)
            continue
        bid, took = whole_in(rnd["bids"][p], 0, hand), whole_in(rnd["took"][p], 0, hand)
        base = points(settings, bid, took) if bid is not None and took is not None else 0
        scores.append(base + (whole(adjust[p]) or 0))
    return scores


def score_bid(settings: dict[str, Any], n: int, first_dealer: int, rounds: list[dict],
              carry: list[int], hand_sizes: list[int] | None) -> dict:
    plan = Plan(settings, n, hand_sizes)
    totals = list(carry)
    played, made_all = [False] * n, [True] * n
    out_rounds: list[dict] = []
    errors: list[dict] = []
    valid, dealer = 0, first_dealer - 1
    for index, rnd in enumerate(rounds):
        present = present_seats(rnd)
        hand = whole(rnd["handSize"]) if "handSize" in rnd else plan.size(index)
        dealer = whole(rnd["dealer"]) if "dealer" in rnd else next_dealer((dealer + 1) % n, present)
        extra = index >= plan.length
        errs = round_errors(settings, index + 1, hand, dealer, rnd, present, extra)
        scores = round_scores(settings, rnd, hand, present)
        if not extra:  # a round after the game's last deal is shown, but the game ended before it
            totals = [t if s is None else t + s for t, s in zip(totals, scores)]
            for p in range(n):
                if present[p]:
                    bid, took = whole_in(rnd["bids"][p], 0, hand), whole_in(rnd["took"][p], 0, hand)
                    played[p] = True
                    made_all[p] = made_all[p] and bid is not None and bid == took
        valid += not errs
        errors.extend(errs)
        played_trump = rnd["trump"] if "trump" in rnd else trump(settings, sum(present), index, hand)
        out_rounds.append({"round": index + 1, "handSize": hand, "dealer": dealer, "trump": played_trump,
                           "scores": scores, "totals": list(totals), "errors": errs})
    schedule = [{k: r[k] for k in ("round", "handSize", "dealer", "trump")} for r in out_rounds[:plan.length]]
    for index in range(len(schedule), plan.length):
        dealer = (dealer + 1) % n
        hand = plan.size(index)
        schedule.append({"round": index + 1, "handSize": hand, "dealer": dealer,
                         "trump": trump(settings, n, index, hand)})
    finished = valid >= plan.length
    bonuses = []
    if finished and settings["perfectGameBonus"] > 0:
        for p in range(n):
            if played[p] and made_all[p]:
                bonuses.append({"player": p, "points": settings["perfectGameBonus"], "reason": "perfectGame"})
                totals[p] += settings["perfectGameBonus"]
    return {"schedule": schedule, "rounds": out_rounds, "totals": totals, "bonuses": bonuses,
            "finished": finished, "errors": errors}
