"""Properties of the scoring engine on random games (hypothesis, derandomized for stable CI)."""
from __future__ import annotations

import copy
import json

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from generator.engine import TEMPLATES, ShapeError, score

STABLE = settings(derandomize=True, max_examples=200, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
FEW = settings(STABLE, max_examples=100)

PATTERNS = ["downAndUp", "upAndDown", "down", "up", "constant"]
SHAPES = ["perTrick", "squared", "flat", "prefix"]
MISSES = ["nothing", "perTrickOff", "perTrickTaken", "flatLoss", "squaredOff"]
TRUMPS = ["turnUp", "spades", "rotating", "none"]
PLAYED_TRUMPS = ["turnUp", "hearts", "diamonds", "clubs", "spades", "none"]
ODD_NUMBERS = [-1, 1.5, "1", None, True, [], {}, 99]


# ---------------------------------------------------------------- strategies

@st.composite
def bid_settings(draw) -> dict:
    s = {"handSizePattern": draw(st.sampled_from(PATTERNS)), "maxHandSize": draw(st.integers(1, 4))}
    optional = {
        "roundCount": st.integers(0, 6),
        "exactBidBonus": st.integers(0, 30),
        "bonusShape": st.sampled_from(SHAPES),
        "pointsPerBidTrick": st.integers(0, 10),
        "missPenalty": st.sampled_from(MISSES),
        "pointsPerMissedTrick": st.integers(0, 10),
        "zeroBidBonus": st.integers(-10, 10),
        "oneCardDeals": st.sampled_from(["once", "perPlayer"]),
        "dealerHook": st.booleans(),
        "perfectGameBonus": st.sampled_from([0, 0, 5, 50]),
        "trumpSelection": st.sampled_from(TRUMPS),
        "oneCardRoundTrump": st.sampled_from(["normal", "none"]),
        "fullDealNoTrump": st.booleans(),
    }
    for key, strategy in optional.items():
        if draw(st.booleans()):
            s[key] = draw(strategy)
    return s


def _sizes(s: dict, n: int) -> list[int]:
    """The planned hand sizes, written independently of the engine (docs/engine.md's schedule)."""
    m = min(s["maxHandSize"], 52 // n)
    down, up = list(range(m, 0, -1)), list(range(1, m + 1))
    sizes = {"downAndUp": down + up[1:], "upAndDown": up + down[1:], "down": down, "up": up,
             "constant": [m] * m}[s["handSizePattern"]]
    if s.get("oneCardDeals") == "perPlayer":
        sizes = sum(([1] * n if size == 1 else [size] for size in sizes), [])
    count = s.get("roundCount", 0)
    return sizes if count == 0 else [sizes[i % len(sizes)] for i in range(count)]


@st.composite
def number_list(draw, n: int, hand: int, summing: bool) -> list:
    if summing:
        values, left = [], hand
        for _ in range(n - 1):
            v = draw(st.integers(0, left))
            values.append(v)
            left -= v
        values.append(left)
        values = draw(st.permutations(values))
    else:
        values = draw(st.lists(st.integers(0, hand), min_size=n, max_size=n))
    if draw(st.integers(0, 9)) == 0:   # now and then a number that is not valid
        values[draw(st.integers(0, n - 1))] = draw(st.sampled_from(ODD_NUMBERS))
    return list(values)


agreed = st.integers(-30, 30)


@st.composite
def bid_games(draw) -> dict:
    """Bid games with the table's events: an edited staircase, absent seats, adjustments, a carry-in,
    and the dealer and trump of a round as played."""
    n = draw(st.integers(2, 6))
    s = draw(bid_settings())
    sizes = _sizes(s, n)
    game: dict = {"template": "bid", "settings": s, "firstDealer": draw(st.integers(0, n - 1))}
    if draw(st.integers(0, 4)) == 0:
        sizes = draw(st.lists(st.integers(1, 4), min_size=1, max_size=6))
        game["handSizes"] = sizes
    if draw(st.integers(0, 3)) == 0:
        game["carryIn"] = draw(st.lists(agreed, min_size=n, max_size=n))
    count = draw(st.integers(0, len(sizes) + 1))
    away = draw(st.integers(0, 3)) == 0  # a game where seats come, sit out and go
    rounds = []
    for index in range(count):
        hand = sizes[index] if index < len(sizes) else 1
        rnd = {"bids": draw(number_list(n, hand, summing=draw(st.booleans()))),
               "took": draw(number_list(n, hand, summing=draw(st.integers(0, 4)) > 0))}
        if away:
            for p in draw(st.lists(st.integers(0, n - 1), max_size=n - 1, unique=True)):
                rnd["bids"][p] = rnd["took"][p] = None
        if draw(st.integers(0, 7)) == 0:
            rnd["handSize"] = draw(st.integers(0, 14))
        if draw(st.integers(0, 5)) == 0:
            rnd["adjust"] = draw(st.lists(st.none() | agreed, min_size=n, max_size=n))
        if draw(st.integers(0, 6)) == 0:
            rnd["dealer"] = draw(st.integers(0, n - 1))
        if draw(st.integers(0, 6)) == 0:
            rnd["trump"] = draw(st.sampled_from(PLAYED_TRUMPS))
        rounds.append(rnd)
    names = draw(st.lists(st.sampled_from(["Anna", "Ben", "Cara", "Dan", "Eva", "Finn", "Anna"]),
                          min_size=n, max_size=n))
    return {**game, "players": names, "rounds": rounds}


@st.composite
def tally_games(draw) -> dict:
    n = draw(st.integers(2, 5))
    s = {}
    if draw(st.booleans()):
        s["lossLimit"] = draw(st.integers(0, 4))
    if draw(st.booleans()):
        s["roundCount"] = draw(st.integers(0, 6))
    losers = draw(st.lists(st.integers(0, n - 1) | st.sampled_from(ODD_NUMBERS), max_size=10))
    game = {"template": "tally", "players": [f"P{k}" for k in range(n)], "settings": s,
            "rounds": [{"loser": x} for x in losers]}
    for rnd in game["rounds"]:
        if draw(st.integers(0, 5)) == 0:
            rnd["adjust"] = draw(st.lists(st.none() | st.integers(-2, 2), min_size=n, max_size=n))
        if draw(st.integers(0, 3)) == 0:  # seats away from the deal, in any order, never all
            rnd["away"] = draw(st.lists(st.integers(0, n - 1), unique=True, max_size=n - 1))
    if draw(st.integers(0, 3)) == 0:
        game["carryIn"] = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    if draw(st.integers(0, 3)) == 0:
        game["ended"] = draw(st.booleans())
    return game


games = st.one_of(bid_games(), tally_games())

KEYS = ["template", "game", "players", "settings", "rounds", "bids", "took", "handSize", "loser",
        "firstDealer", "spec", "min", "max", "step", "default", "type", "options", "fixed",
        "maxHandSize", "deckSize", "handSizePattern", "lossLimit", "roundCount", "dealerHook"]
scalars = (st.none() | st.booleans() | st.integers(-3, 20) | st.integers() | st.floats()
           | st.text(max_size=4) | st.sampled_from(["bid", "tally", "int", "enum", "bool", "up", "down"]))
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=3),
                                                                 inner, max_size=5),
    max_leaves=25)


@st.composite
def mutated_games(draw) -> dict:
    """A valid-looking game (or spec'd game) with one value somewhere replaced by arbitrary JSON."""
    game = copy.deepcopy(draw(games))
    if draw(st.booleans()):
        game["spec"] = {"template": game["template"], "players": {"min": 2, "max": 8},
                        "settings": {"roundCount": {"type": "int", "default": 0, "min": 0, "max": 6, "step": 1}},
                        "fixed": {}}
    # walk down to a random container and replace or add one entry
    node = game
    for _ in range(draw(st.integers(0, 4))):
        children = [v for v in (node.values() if isinstance(node, dict) else node) if isinstance(v, (dict, list))]
        if not children:
            break
        node = draw(st.sampled_from(children))
    value = draw(json_values)
    if isinstance(node, dict):
        key = draw(st.sampled_from(sorted(node) + KEYS)) if node else draw(st.sampled_from(KEYS))
        if draw(st.integers(0, 5)) == 0 and key in node:
            del node[key]
        else:
            node[key] = value
    elif node:
        node[draw(st.integers(0, len(node) - 1))] = value
    return game


@st.composite
def spec_games(draw) -> dict:
    """A game carrying a random, often broken, spec: fixed values and setting metadata of every kind,
    including specs that widen the template (a 0-card hand, an unknown pattern) in a coherent way."""
    game = copy.deepcopy(draw(games))
    template = game["template"]
    known = TEMPLATES[template]["settings"]
    names = sorted(known)
    structural = [k for k in ("maxHandSize", "deckSize", "handSizePattern", "roundCount", "lossLimit",
                              "bonusShape", "missPenalty", "exactBidBonus") if k in known]
    options = sorted({o for meta in known.values() for o in meta.get("options", [])}) or ["up"]
    odd = st.one_of(st.integers(-2, 70), st.booleans(), st.sampled_from(options), scalars)
    key_choice = st.sampled_from(structural) | st.sampled_from(names)
    fixed = draw(st.dictionaries(key_choice, odd, max_size=3)) if draw(st.booleans()) else {}
    given = {} if draw(st.integers(0, 3)) else dict(game.get("settings", {}))
    settings_meta = {}
    for key in draw(st.lists(key_choice, unique=True, max_size=4)):
        meta = copy.deepcopy(known[key])
        how = draw(st.sampled_from(["keep", "field", "default", "widen"]))
        if how == "field":
            field = draw(st.sampled_from(["type", "default", "min", "max", "step", "options"]))
            meta[field] = draw(odd | st.lists(odd, max_size=3))
        elif how == "default":
            meta["default"] = draw(odd)
        elif how == "widen" and meta["type"] == "int":
            meta["min"] = meta["default"] = draw(st.integers(-3, 0))
            if draw(st.booleans()):
                given[key] = meta["min"]
        elif how == "widen" and meta["type"] == "enum":
            meta["options"] = [draw(st.text(max_size=3))]
            meta["default"] = meta["options"][0]
        settings_meta[key] = meta
    game["settings"] = given
    game["spec"] = {"template": template, "settings": settings_meta, "fixed": fixed,
                    "players": draw(st.just({"min": 2, "max": 12})
                                    | st.fixed_dictionaries({"min": st.integers(-1, 4), "max": st.integers(1, 10)}))}
    return game


# ---------------------------------------------------------------- helpers

def scored(game: dict) -> dict:
    out = score(game)
    assert not any(e["code"] in ("badSetting", "playerCount") for e in out["errors"]), out["errors"]
    return out


def permute_game(game: dict, order: list[int], first_dealer: int) -> dict:
    """New seat j holds old seat order[j]."""
    moved = copy.deepcopy(game)
    moved["players"] = [game["players"][o] for o in order]
    moved["firstDealer"] = first_dealer
    if "carryIn" in game:
        moved["carryIn"] = [game["carryIn"][o] for o in order]
    for new, old in zip(moved["rounds"], game["rounds"]):
        for key in ("bids", "took", "adjust"):
            if key in old:
                new[key] = [old[key][o] for o in order]
        if "dealer" in old:
            new["dealer"] = order.index(old["dealer"])
        if "away" in old:
            new["away"] = [order.index(seat) for seat in old["away"]]
        if "loser" in old:
            loser = old["loser"]
            if isinstance(loser, int) and not isinstance(loser, bool) and 0 <= loser < len(order):
                new["loser"] = order.index(loser)
    return moved


def absent_seats(rnd: dict) -> list[int]:
    return [p for p, (b, t) in enumerate(zip(rnd["bids"], rnd["took"])) if b is None and t is None]


def away_rounds(game: dict, out: dict, away_of):
    """Each scored round with its given round and the seats away from it, once the rule both
    templates share holds for it: a seat away scores null and keeps its total, a seat at the
    table scores."""
    n = len(game["players"])
    before = list(game.get("carryIn", [0] * n))
    for rnd, given_rnd in zip(out["rounds"], game["rounds"]):
        away = set(away_of(given_rnd))
        for p in range(n):
            assert (rnd["scores"][p] is None) == (p in away)
            if p in away:
                assert rnd["totals"][p] == before[p]
        yield rnd, given_rnd, away
        before = rnd["totals"]


def canon(items) -> list[str]:
    return sorted(json.dumps(i, sort_keys=True) for i in items)


# ---------------------------------------------------------------- properties

@STABLE
@given(games)
def test_totals_are_round_scores_plus_bonuses(game):
    """Totals: the carry-in, plus every counted round's scores (a round after the game's last deal
    is not counted; an absent seat scores null), plus the bonuses."""
    out = scored(game)
    n = len(game["players"])
    running = list(game.get("carryIn", [0] * n))
    for rnd in out["rounds"]:
        assert len(rnd["scores"]) == n
        if "tooManyRounds" not in [e["code"] for e in rnd["errors"]]:
            running = [a if b is None else a + b for a, b in zip(running, rnd["scores"])]
        assert rnd["totals"] == running
    bonus = [0] * n
    for b in out["bonuses"]:
        bonus[b["player"]] += b["points"]
    assert out["totals"] == [r + b for r, b in zip(running, bonus)]
    assert [e for r in out["rounds"] for e in r["errors"]] == out["errors"]
    if out["bonuses"]:
        assert out["finished"] and out["template"] == "bid"


@STABLE
@given(bid_games())
def test_finished_counts_valid_rounds_against_the_schedule(game):
    out = scored(game)
    valid = sum(1 for r in out["rounds"] if not r["errors"])
    assert out["finished"] == (valid >= len(out["schedule"]))
    assert [r["handSize"] for r in out["schedule"]][: len(game["rounds"])] == [
        r["handSize"] for r in out["rounds"]][: len(out["schedule"])]
    n = len(game["players"])
    plain = not any("dealer" in r or absent_seats(r) for r in game["rounds"])
    for index, rnd in enumerate(out["rounds"]):
        if plain:  # nobody away, no dealer given: the deal passes one seat on every round
            assert rnd["dealer"] == (game["firstDealer"] + index) % n
        assert ("tooManyRounds" in [e["code"] for e in rnd["errors"]]) == (index >= len(out["schedule"]))


@STABLE
@given(games, st.data())
def test_rotating_the_seats_rotates_everything(game, data):
    n = len(game["players"])
    k = data.draw(st.integers(0, n - 1))
    order = [(j + k) % n for j in range(n)]
    fd = game.get("firstDealer", 0)
    moved = permute_game(game, order, (fd - k) % n)
    a, b = scored(game), scored(moved)
    seat = lambda old: None if old is None else (old - k) % n     # old seat -> new seat

    assert b["totals"] == [a["totals"][o] for o in order]
    assert b["finished"] == a["finished"] and b["settings"] == a["settings"]
    assert [dict(r, dealer=seat(r["dealer"])) for r in a["schedule"]] == b["schedule"]
    for ra, rb in zip(a["rounds"], b["rounds"]):
        assert rb["scores"] == [ra["scores"][o] for o in order]
        assert rb["totals"] == [ra["totals"][o] for o in order]
        if "dealer" in ra:
            assert rb["dealer"] == seat(ra["dealer"]) and rb["handSize"] == ra["handSize"]
            assert rb["trump"] == ra["trump"]
        else:
            assert rb["loser"] == seat(ra["loser"])
        assert canon(rb["errors"]) == canon([dict(e, player=seat(e["player"])) for e in ra["errors"]])
    assert canon(b["bonuses"]) == canon([dict(x, player=seat(x["player"])) for x in a["bonuses"]])
    assert canon(b["standings"]) == canon([dict(x, player=seat(x["player"])) for x in a["standings"]])


@STABLE
@given(games, st.data())
def test_any_seat_order_reorders_totals_and_nothing_else(game, data):
    """Any permutation, the same person dealing first. Dealers then differ, so only what cannot
    depend on who deals is compared: scores, totals, bonuses, ranks, finished, error codes."""
    n = len(game["players"])
    order = data.draw(st.permutations(range(n)))
    fd = game.get("firstDealer", 0)
    moved = permute_game(game, order, order.index(fd))
    a, b = scored(game), scored(moved)
    seat = lambda old: None if old is None else order.index(old)

    assert b["totals"] == [a["totals"][o] for o in order]
    assert b["finished"] == a["finished"]
    assert [r["handSize"] for r in b["schedule"]] == [r["handSize"] for r in a["schedule"]]
    for ra, rb in zip(a["rounds"], b["rounds"]):
        assert rb["scores"] == [ra["scores"][o] for o in order]
        codes = lambda r, f: canon([dict(e, player=None if e["code"] == "dealerHook" else f(e["player"]))
                                    for e in r["errors"]])
        assert codes(rb, lambda p: p) == codes(ra, seat)
    assert canon(b["bonuses"]) == canon([dict(x, player=seat(x["player"])) for x in a["bonuses"]])
    ranks_a = {seat(x["player"]): (x["rank"], x["shared"], x["total"], x["name"]) for x in a["standings"]}
    ranks_b = {x["player"]: (x["rank"], x["shared"], x["total"], x["name"]) for x in b["standings"]}
    assert ranks_a == ranks_b


@STABLE
@given(games)
def test_ranks_agree_with_totals(game):
    out = scored(game)
    totals = out["totals"]
    higher = game["template"] == "bid"
    better = (lambda a, b: a > b) if higher else (lambda a, b: a < b)
    rows = out["standings"]
    assert sorted(r["player"] for r in rows) == list(range(len(totals)))
    for r in rows:
        assert r["total"] == totals[r["player"]]
        assert r["name"] == game["players"][r["player"]]
        assert r["rank"] == 1 + sum(1 for t in totals if better(t, r["total"]))
        assert r["shared"] == (totals.count(r["total"]) > 1)
    keys = [((-r["total"] if higher else r["total"]), r["player"]) for r in rows]
    assert keys == sorted(keys), "best first, equal totals in seat order"


def score_or_refuse(game) -> dict | None:
    """The engine's output, or None when it refused the input with a one-line ShapeError."""
    try:
        out = score(game)
    except ShapeError as exc:
        assert str(exc).startswith("input: ") and "\n" not in str(exc)
        return None
    json.dumps(out, allow_nan=False)
    return out


@STABLE
@given(json_values)
def test_arbitrary_json_raises_nothing_but_shape_error(value):
    score_or_refuse(value)


@STABLE
@given(mutated_games())
def test_malformed_games_raise_nothing_but_shape_error(game):
    out = score_or_refuse(game)
    if out is not None:
        assert len(out["totals"]) == len(game["players"])


def _spec_game(settings_meta=None, fixed=None, given=None) -> dict:
    return {"template": "bid", "players": ["A", "B"], "settings": given or {},
            "rounds": [{"bids": [0, 0], "took": [0, 1]}],
            "spec": {"template": "bid", "players": {"min": 2, "max": 6}, "settings": settings_meta or {},
                     "fixed": fixed or {}}}


INT = {"type": "int", "default": 1, "min": 1, "max": 9, "step": 1}


@STABLE
@given(spec_games())
# Shapes that once crashed the engine (TypeError, ZeroDivisionError, KeyError) instead of a ShapeError:
@example(_spec_game(fixed={"deckSize": "sixty"}))
@example(_spec_game(fixed={"maxHandSize": 0}))
@example(_spec_game({"maxHandSize": {**INT, "default": "x"}}))
@example(_spec_game({"maxHandSize": {**INT, "min": 0, "default": 0}}))
@example(_spec_game({"maxHandSize": {**INT, "min": 0}}, given={"maxHandSize": 0}))
@example(_spec_game({"handSizePattern": {"type": "enum", "default": "zz", "options": ["zz"]}}))
@example(_spec_game({"bonusShape": {"type": "enum", "default": "cubed", "options": ["perTrick", "cubed"]}},
                    given={"bonusShape": "cubed"}))
def test_broken_specs_raise_nothing_but_shape_error(game):
    score_or_refuse(game)


@FEW
@given(st.one_of(games, mutated_games(), spec_games()))
def test_output_is_json_and_deterministic(game):
    before = json.dumps(game, sort_keys=True)
    try:
        first = json.dumps(score(game), sort_keys=True, allow_nan=False)
    except ShapeError:
        return
    assert json.dumps(game, sort_keys=True) == before, "the input is not changed"
    assert json.dumps(score(copy.deepcopy(game)), sort_keys=True, allow_nan=False) == first
    assert json.dumps(score(json.loads(before)), sort_keys=True, allow_nan=False) == first


@STABLE
@given(bid_games())
def test_an_absent_seat_never_deals_and_its_total_never_changes(game):
    out = scored(game)
    n = len(game["players"])
    dealer = game["firstDealer"] - 1
    for rnd, given_rnd, away in away_rounds(game, out, absent_seats):
        if "dealer" in given_rnd:
            assert rnd["dealer"] == given_rnd["dealer"]
            absent_dealer = {"code": "dealerAbsent", "player": rnd["dealer"], "round": rnd["round"]}
            assert (absent_dealer in rnd["errors"]) == (rnd["dealer"] in away)
        else:  # the next seat on that is at the table
            dealer = (dealer + 1) % n
            while dealer in away:
                dealer = (dealer + 1) % n
            assert rnd["dealer"] == dealer
        dealer = rnd["dealer"]
    played = out["schedule"][: len(out["rounds"])]
    assert played == [{k: r[k] for k in ("round", "handSize", "dealer", "trump")} for r in out["rounds"]][: len(played)]
    if "handSizes" in game:
        assert len(out["schedule"]) == len(game["handSizes"])


@STABLE
@given(tally_games())
def test_a_seat_away_from_a_tally_deal_scores_null_and_cannot_lose_it(game):
    out = scored(game)
    n = len(game["players"])
    for rnd, _, away in away_rounds(game, out, lambda given_rnd: given_rnd.get("away", [])):
        codes = [e["code"] for e in rnd["errors"]]
        assert ("loserAbsent" in codes) == (rnd["loser"] in away)
        assert ("tooFewPresent" in codes) == (n - len(away) < 2)


def _without_adjust(game: dict) -> dict:
    plain = copy.deepcopy(game)
    for rnd in plain["rounds"]:
        rnd.pop("adjust", None)
    return plain


@STABLE
@given(games)
def test_adjustments_add_exactly_their_value(game):
    with_adjust, without = scored(game), scored(_without_adjust(game))
    for rnd, a, b in zip(game["rounds"], with_adjust["rounds"], without["rounds"]):
        adjust = rnd.get("adjust", [None] * len(game["players"]))
        for p, value in enumerate(adjust):
            if b["scores"][p] is None:  # an absent seat: the adjustment is refused, nothing added
                assert a["scores"][p] is None
                assert (value is not None) == ({"code": "adjustAbsent", "player": p, "round": a["round"]}
                                               in a["errors"])
            else:
                assert a["scores"][p] == b["scores"][p] + (value or 0)
        if game["template"] == "bid":  # (in a tally game an adjustment may reach the loss limit)
            assert [e for e in a["errors"] if e["code"] != "adjustAbsent"] == b["errors"]
