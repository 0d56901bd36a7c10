"""Differential test: the JavaScript engine (generator/engine/engine.js) gives exactly the Python
engine's output on thousands of random games.

Games are drawn with a fixed seed: both templates; no spec, the four games' specs as the model
loader gives them to the build and `giv score` (with their variants), and random specs narrowed from the templates;
every setting with good, off-range, off-step and wrong-typed values and unknown keys; random
player counts, hand sizes, dealers; bad numbers, extra rounds; the table's events (an edited
staircase, absent seats (null in a bid round, a tally round's away), adjustments, a carry-in, the dealer and trump as played, an ended tally
game); and inputs that are not of the contract's shape at all. Both engines read the same JSON text. One node process scores all games
(tests/js/score-many.mjs).
"""
from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from generator.engine import TEMPLATES, ShapeError, score
from generator.engine.values import whole
from generator.model.load import load_site

ROOT = Path(__file__).resolve().parents[1]
SCORE_MANY = ROOT / "tests" / "js" / "score-many.mjs"
SEED = 20250611
GAMES = 10000

ALL_CODES = {"badSetting", "playerCount", "tooManyRounds", "handSizeRange", "bidRange", "tookRange",
             "tricksSum", "dealerHook", "loserRange", "loserAbsent", "tooFewPresent", "dealerAbsent", "adjustAbsent"}
PLAYED_TRUMPS = ["turnUp", "hearts", "diamonds", "clubs", "spades", "none"]
NAMES = ["Anna", "Ben", "Cara", "Dan", "Eva", "Finn", "Gro", "Hans", "Ida", "Jens", "Kai", "Lis", "Mads",
         "Åse", "Ødegård", "", "Anna", "名前", "\U0001F0A1 Ace", "a\"b\\c", "\u00e9"]
UNKNOWN_KEYS = ["bogus", "", "1", "10", "Z", "zz", "é", "\uffff", "\U0001F600", "\ud7ff", "maxhandsize",
                "__proto__", "constructor", "toString", "hasOwnProperty"]
WRONG_TYPES = [None, True, False, "3", [], {}, [1], {"a": 1}]
BIG = [2.0 ** 53, 2.0 ** 53 + 2, 1e20, 1e300]


# ---- specs --------------------------------------------------------------------------------

def game_specs() -> dict[str, dict[str, Any]]:
    """The spec of every game in content/games as the build and `giv score` have it (the model
    loader's Game.spec(), extends followed), with its variants' settings."""
    site = load_site(ROOT / "content")
    return {game.id: {**game.spec(), "variants": {vid: dict(v.settings) for vid, v in game.variants.items()}}
            for game in site.games}


def random_spec(rng: random.Random, template: str) -> dict[str, Any]:
    """A well-formed spec narrowed from the template: some settings open, some fixed, some absent."""
    settings, fixed = {}, {}
    for key, meta in TEMPLATES[template]["settings"].items():
        roll = rng.random()
        if roll < 0.55:
            if meta["type"] == "int":
                low = rng.randint(meta["min"], meta["max"])
                high = rng.randint(low, min(meta["max"], low + rng.choice([0, 3, 10, 40, 1000])))
                step = rng.choice([1, 1, 1, 2, 5, 10])
                default = low + step * rng.randint(0, (high - low) // step)
                settings[key] = {"type": "int", "default": as_float(rng, default), "min": as_float(rng, low),
                                 "max": as_float(rng, high), "step": as_float(rng, step)}
            elif meta["type"] == "enum":
                options = rng.sample(meta["options"], rng.randint(1, len(meta["options"])))
                settings[key] = {"type": "enum", "default": rng.choice(options), "options": options}
            else:
                settings[key] = {"type": "bool", "default": rng.choice([True, False])}
        elif roll < 0.8:
            fixed[key] = good_value(rng, meta)
    limits = TEMPLATES[template]["players"]
    low = rng.choice([limits["min"], limits["min"], 3, 4])
    spec = {"players": {"min": low, "max": rng.randint(low, limits["max"])}, "settings": settings, "fixed": fixed}
    if rng.random() < 0.5:
        spec["template"] = template
    if not fixed and rng.random() < 0.5:
        del spec["fixed"]
    return spec


# ---- values -------------------------------------------------------------------------------

def as_float(rng: random.Random, value: Any) -> Any:
    """Sometimes the same whole number written as a float (2.0)."""
    if isinstance(value, int) and not isinstance(value, bool) and rng.random() < 0.15:
        return float(value)
    return value


def good_value(rng: random.Random, meta: dict[str, Any]) -> Any:
    if meta["type"] == "int":
        low, high, step = int(meta["min"]), int(meta["max"]), int(meta.get("step", 1))
        return as_float(rng, low + step * rng.randint(0, (high - low) // step))
    if meta["type"] == "enum":
        return rng.choice(meta["options"])
    return rng.choice([True, False])


def bad_value(rng: random.Random, meta: dict[str, Any]) -> Any:
    if meta["type"] == "int":
        meta = {**meta, "min": int(meta["min"]), "max": int(meta["max"]), "step": int(meta.get("step", 1))}
        step = meta["step"]
        choices = [meta["min"] - step, meta["max"] + step, meta["min"] - 1, meta["max"] + 1, 2.5, -0.5,
                   *WRONG_TYPES, *BIG, -1e20]
        if step > 1:
            choices += [meta["min"] + 1, meta["max"] - 1, float(meta["min"] + step // 2)]
        return rng.choice(choices)
    if meta["type"] == "enum":
        return rng.choice(["bogus", meta["options"][0].upper(), "", 1, *WRONG_TYPES])
    return rng.choice([0, 1, 0.0, 1.0, "true", "false", None, [], {}])


def given_settings(rng: random.Random, template: str, spec: dict[str, Any] | None,
                   variant: dict[str, Any] | None) -> dict[str, Any]:
    metas = spec["settings"] if spec is not None else TEMPLATES[template]["settings"]
    given: dict[str, Any] = dict(variant or {})
    roll = rng.random()
    for key, meta in metas.items():
        if rng.random() < 0.3:
            given[key] = good_value(rng, meta)
    if roll < 0.15:
        key = rng.choice(list(metas)) if metas else "bogus"
        given[key] = bad_value(rng, metas[key]) if key in metas else 1
    elif roll < 0.2:
        for key in rng.sample(UNKNOWN_KEYS, rng.randint(1, 4)):
            given[key] = rng.choice([1, "x", None, True])
    elif roll < 0.23:
        # a setting of the template that the spec does not open (fixed or absent)
        others = [k for k in TEMPLATES[template]["settings"] if k not in metas]
        if others:
            key = rng.choice(others)
            given[key] = good_value(rng, TEMPLATES[template]["settings"][key])
    keys = list(given)
    rng.shuffle(keys)
    return {key: given[key] for key in keys}


def bad_number(rng: random.Random, hand: int) -> Any:
    return rng.choice([-1, hand + 1, hand + 5, 1.5, -0.5, True, False, None, "1", [], {}, -1e20, 1e20])


def as_other_whole(rng: random.Random, value: int) -> Any:
    return rng.choice([float(value), -0.0]) if value == 0 else float(value)


# ---- games --------------------------------------------------------------------------------

def split(rng: random.Random, total: int, parts: int) -> list[int]:
    """total tricks shared out among parts players."""
    out = [0] * parts
    for _ in range(total):
        out[rng.randrange(parts)] += 1
    return out


def bid_rounds(rng: random.Random, plan: list[dict], sizes: list[int], n: int, first: int,
               hook: bool, limit: int) -> list[dict]:
    count = rng.choice([0, 1, 2, 3, len(plan), len(plan), len(plan), len(plan) + 1, len(plan) + 3,
                        rng.randint(0, len(plan) + 2)])
    clean = rng.random() < 0.35
    away = 0.0 if rng.random() < 0.6 else rng.choice([0.1, 0.3, 0.6])  # how often a seat is absent
    loyal = [rng.random() < 0.5 for _ in range(n)]
    rounds = []
    for index in range(count):
        rnd: dict[str, Any] = {}
        hand = sizes[index % len(sizes)] if sizes else 1
        if not clean and rng.random() < 0.12:
            hand = rng.choice([1, limit, rng.randint(1, max(1, limit)), 0, -1, limit + 1, 1000])
            rnd["handSize"] = as_float(rng, hand)
        elif rng.random() < 0.05:
            rnd["handSize"] = as_float(rng, hand)
        if not clean and rng.random() < 0.015:
            big = rng.choice([2.0 ** 53, 2.0 ** 54, 1e300])
            rnd["handSize"] = big
            families = [[big, 1.0], [big / 2, big / 2], [big, 0.0], [big - 2, 1.0, 1.0], [2.0 ** 52, 2.0 ** 52, 1.0]]
            numbers = rng.choice(families)[:n] + [0.0] * max(0, n - 2)
            numbers = numbers[:n]
            other = [-1] * n
            rnd["bids"], rnd["took"] = (other, numbers) if rng.random() < 0.5 else (numbers, other)
            rounds.append(rnd)
            continue
        took = split(rng, max(hand, 0), n)
        bids = [t if (loyal[p] and rng.random() < 0.85) or rng.random() < 0.3 else rng.randint(0, max(hand, 0))
                for p, t in enumerate(took)]
        dealer = (first + index) % n
        if hook and sum(bids) == hand and (clean or rng.random() < 0.7):
            others = hand - bids[dealer]
            options = [b for b in range(0, hand + 1) if others + b != hand]
            if options:
                bids[dealer] = rng.choice(options)
        if not clean and rng.random() < 0.05:
            took = [t + (1 if p == 0 else 0) for p, t in enumerate(took)]
        if not clean and rng.random() < 0.2:
            target = rng.choice([bids, took])
            p = rng.randrange(n)
            target[p] = bad_number(rng, hand) if rng.random() < 0.7 else as_other_whole(rng, target[p])
        rnd["bids"], rnd["took"] = bids, took
        table_events(rng, rnd, n, away)
        if rng.random() < 0.1:
            rnd["note"] = "ignored"
        keys = list(rnd)
        rng.shuffle(keys)
        rounds.append({k: rnd[k] for k in keys})
    return rounds


def agreed(rng: random.Random) -> Any:
    return as_float(rng, rng.choice([0, 1, -1, 5, -10, 25, rng.randint(-200, 200), 1000000, -1000000]))


def table_events(rng: random.Random, rnd: dict, n: int, away: float) -> None:
    """Absent seats, an adjustment, the dealer and trump as played: each now and then."""
    if away and n:
        gone = [p for p in range(n) if rng.random() < away]
        if len(gone) == n and rng.random() < 0.9:
            gone.pop(rng.randrange(n))
        for p in gone:
            rnd["bids"][p] = rnd["took"][p] = None
    if rng.random() < 0.12:
        rnd["adjust"] = [agreed(rng) if rng.random() < 0.5 else None for _ in range(n)]
    if rng.random() < 0.1 and n:
        rnd["dealer"] = as_float(rng, rng.randrange(n))
    if rng.random() < 0.1:
        rnd["trump"] = rng.choice(PLAYED_TRUMPS)


def tally_rounds(rng: random.Random, n: int) -> list[dict]:
    count = rng.choice([0, 1, 3, 5, 10, 20, rng.randint(0, 60)])
    weights = [rng.random() for _ in range(n)]
    rounds = []
    for _ in range(count):
        loser = rng.choices(range(n), weights=weights)[0] if n else 0
        if rng.random() < 0.08:
            loser = rng.choice([n, -1, 1.5, True, False, None, "0", [], 1e20])
        elif rng.random() < 0.1:
            loser = as_other_whole(rng, loser)
        rnd: dict[str, Any] = {"loser": loser}
        if n > 1 and rng.random() < 0.15:  # seats away: sometimes the loser, sometimes all but one
            rnd["away"] = rng.sample(range(n), rng.randint(0, n - 1))
        if rng.random() < 0.1:
            rnd["adjust"] = [rng.choice([None, 0, 1, -1, 2, as_float(rng, 3)]) for _ in range(n)]
        rounds.append(rnd)
    return rounds


def plan_of(template: str, spec: dict | None, settings: dict, players: list[str], first: Any) -> dict | None:
    """The Python output for the game without rounds (None when it is not scorable)."""
    probe = {"template": template, "players": players, "settings": settings, "rounds": []}
    if spec is not None:
        probe["spec"] = spec
    if first is not None:
        probe["firstDealer"] = first
    try:
        out = score(json.loads(json.dumps(probe)))
    except ShapeError:
        return None
    return out


def make_game(rng: random.Random, specs: dict[str, dict]) -> Any:
    template = rng.choice(["bid", "bid", "tally"])
    roll = rng.random()
    spec, variant = None, None
    if roll < 0.4:
        candidates = [s for s in specs.values() if s["template"] == template]
        game = rng.choice(candidates)
        spec = {k: json.loads(json.dumps(game[k])) for k in ("template", "players", "settings", "fixed")}
        if rng.random() < 0.4 and game["variants"]:
            variant = rng.choice(list(game["variants"].values()))
    elif roll < 0.6:
        spec = random_spec(rng, template)
    settings = given_settings(rng, template, spec, variant)
    low, high = (spec or TEMPLATES[template])["players"]["min"], (spec or TEMPLATES[template])["players"]["max"]
    n = rng.choice([0, 1, 2, 13, max(low, 2), high, *[rng.randint(max(low, 2), max(high, 2))] * 24])
    players = [rng.choice(NAMES) for _ in range(n)]
    first_roll = rng.random()
    first: Any = None if first_roll < 0.3 else rng.randrange(n) if n else 0
    if first_roll > 0.98:
        first = rng.choice([n, -1, 1.5, True, None, "0"])
    elif first_roll > 0.9 and isinstance(first, int):
        first = float(first)
    data: dict[str, Any] = {"template": template, "players": players, "settings": settings}
    if spec is not None:
        data["spec"] = spec
        if rng.random() < 0.3:
            del data["template"]
            spec["template"] = template
    if first is not None:
        data["firstDealer"] = first
    if rng.random() < 0.2:
        data["game"] = rng.choice(list(specs))
    out = plan_of(template, spec, settings, players, first)
    if out is not None and not out["errors"]:
        if template == "bid":
            resolved = out["settings"]
            limit = resolved["deckSize"] // n
            m = min(resolved["maxHandSize"], limit)
            pattern = {"downAndUp": list(range(m, 0, -1)) + list(range(2, m + 1)),
                       "upAndDown": list(range(1, m + 1)) + list(range(m - 1, 0, -1)),
                       "down": list(range(m, 0, -1)), "up": list(range(1, m + 1)),
                       "constant": [m] * m}[resolved["handSizePattern"]]
            plan = out["schedule"]
            if rng.random() < 0.2:
                edited = [as_float(rng, rng.choice([1, 2, 3, limit, limit + rng.randint(1, 5), rng.randint(1, limit)]))
                          for _ in range(rng.randint(1, 8))]
                data["handSizes"] = edited
                plan = [{"handSize": min(int(h), limit)} for h in edited]
            sizes = [r["handSize"] for r in plan] + pattern * 3
            first_index = whole(first) if first is not None else 0
            data["rounds"] = bid_rounds(rng, plan, sizes, n, first_index, resolved["dealerHook"], limit)
        else:
            data["rounds"] = tally_rounds(rng, n)
            if rng.random() < 0.2:
                data["ended"] = rng.random() < 0.7
        if rng.random() < 0.15:
            data["carryIn"] = [agreed(rng) if template == "bid" else rng.choice([0, 1, 2, 3]) for _ in range(n)]
    elif rng.random() < 0.5:
        # not scorable (settings or player-count error, or a shape error): rounds of the right shape
        count = rng.randint(0, 4)
        data["rounds"] = ([{"bids": [1] * n, "took": [0] * n} for _ in range(count)] if template == "bid"
                          else [{"loser": 0} for _ in range(count)])
    if rng.random() < 0.15:
        data = break_shape(rng, data)
    keys = list(data) if isinstance(data, dict) else []
    rng.shuffle(keys)
    return {k: data[k] for k in keys} if isinstance(data, dict) else data


def break_shape(rng: random.Random, data: dict[str, Any]) -> Any:
    """One change that makes the input not of the contract's shape (or nearly so)."""
    data = json.loads(json.dumps(data))
    template = data.get("template") or data.get("spec", {}).get("template", "bid")
    spec = data.get("spec")
    kind = rng.randrange(34) if rng.random() < 0.6 else rng.choice([7, 7, 7, 10])
    if kind == 0:
        return rng.choice([[], [data], "x", 3, None, True, 2.5])
    if kind == 1:
        data.pop("template", None)
        if isinstance(spec, dict):
            spec.pop("template", None)
    elif kind == 2:
        data["template"] = rng.choice(["poker", "", "Bid", 3, None, True])
    elif kind == 3:
        data["spec"] = rng.choice([3, "x", [], True, None])
    elif kind == 4:
        data["spec"] = {**(spec or {"players": {"min": 2, "max": 5}, "settings": {}}),
                        "template": "tally" if template == "bid" else "bid"}
    elif kind == 5:
        data["spec"] = {**(spec or {"settings": {}}),
                        "players": rng.choice([None, {}, {"min": 2}, {"max": 5}, {"min": 2.5, "max": 5},
                                               {"min": True, "max": 5}, {"min": 2, "max": "5"}, [2, 5],
                                               {"min": 2.0, "max": 4.0}, {"min": 1, "max": 5}, {"min": 0, "max": 5},
                                               {"min": 2, "max": 13}, {"min": 2, "max": 30}, {"min": 5, "max": 3}])}
    elif kind == 6:
        data["spec"] = {**(spec or {"players": {"min": 2, "max": 6}}), "settings": rng.choice([None, [], "x", 1])}
    elif kind in (7, 8, 9):
        base = spec or {"players": {"min": 2, "max": 6}, "settings": {}}
        settings = dict(base.get("settings", {}))
        key = rng.choice(list(TEMPLATES[template]["settings"]))
        meta = dict(TEMPLATES[template]["settings"][key])
        bad = rng.choice(["unknown", "type", "default", "meta", "min", "step", "options", "none",
                          "beyond", "foreign", "badDefault", "badDefault"])
        if bad == "unknown":
            key = rng.choice(UNKNOWN_KEYS)
        elif bad == "type":
            meta["type"] = rng.choice(["int", "enum", "bool", "string", None])
        elif bad == "default":
            del meta["default"]
        elif bad == "meta":
            meta = rng.choice([None, 1, "int", []])
        elif bad == "min" and meta.get("type") == "int":
            meta[rng.choice(["min", "max", "step"])] = rng.choice([None, 1.5, True, "1", 2.0])
            if rng.random() < 0.3:
                del meta[rng.choice(["min", "max", "step"])]
        elif bad == "step" and meta.get("type") == "int":
            meta["step"] = rng.choice([0, -1, 0.0, 2.0])
        elif bad == "options" and meta.get("type") == "enum":
            meta["options"] = rng.choice([None, "a", {}, 1])
            if rng.random() < 0.3:
                del meta["options"]
        elif bad == "beyond" and meta.get("type") == "int":
            if rng.random() < 0.5:
                meta["min"] = meta["min"] - rng.choice([1, 5])
            else:
                meta["max"] = meta["max"] + rng.choice([1, 100])
            meta["default"] = meta["min"] if meta["min"] >= TEMPLATES[template]["settings"][key]["min"] else meta["max"]
        elif bad == "foreign" and meta.get("type") == "enum":
            meta["options"] = rng.choice([meta["options"] + ["bogus"], [1] + meta["options"], ["", meta["default"]],
                                          [meta["default"], None], []])
        elif bad == "badDefault":
            meta["default"] = bad_value(rng, meta) if meta.get("type") in ("int", "enum", "bool") else None
        items = list(settings.items()) + [(key, meta)]
        rng.shuffle(items)
        data["spec"] = {**base, "settings": dict(items)}
    elif kind == 10:
        base = spec or {"players": {"min": 2, "max": 6}, "settings": {}}
        data["spec"] = {**base, "fixed": rng.choice([
            None, [], "x", {"bogus": 1}, {"deckSize": 52, "": 1}, {"lossLimit": 1}, {"maxHandSize": 3},
            {"maxHandSize": 0}, {"deckSize": "60"}, {"deckSize": 60.0, "maxHandSize": 7.0}, {"dealerHook": 1},
            {"handSizePattern": "zigzag"}, {"roundCount": -1}, {"lossLimit": 2.5}, {"roundCount": 3.0},
            {"lossLimit": True}, {"perfectGameBonus": 1001}, {"trumpSelection": None}])}
    elif kind == 11:
        data["players"] = rng.choice([None, "Anna", {"a": 1}, ["Anna", 3], ["Anna", None], [["Anna"]], 4, [True]])
    elif kind == 12:
        data.pop("players", None)
    elif kind == 13:
        data["settings"] = rng.choice([None, [], "x", 1, [["maxHandSize", 3]]])
    elif kind == 14:
        data["rounds"] = rng.choice([None, {}, "x", 1, {"0": {"loser": 0}}])
    elif kind in (15, 16, 17, 18):
        rounds = data.get("rounds") or [{"bids": [0] * len(data["players"]), "took": [0] * len(data["players"]),
                                         "loser": 0}]
        at = rng.randrange(len(rounds) + 1)
        what = rng.choice(["notObject", "bids", "took", "handSize", "loser"])
        if what == "notObject":
            rounds.insert(at, rng.choice([None, [], 1, "x", [0, 1]]))
        else:
            rnd = dict(rounds[min(at, len(rounds) - 1)])
            if what in ("bids", "took"):
                choice = rng.choice(["missing", "short", "long", "notList"])
                if choice == "missing":
                    rnd.pop(what, None)
                elif choice == "short":
                    rnd[what] = list(rnd.get(what, []))[:-1]
                elif choice == "long":
                    rnd[what] = list(rnd.get(what, [])) + [0]
                else:
                    rnd[what] = rng.choice([None, 3, "0,1", {"0": 1}])
            elif what == "handSize":
                rnd["handSize"] = rng.choice([None, 1.5, "3", True, False, [], -0.5])
            else:
                rnd.pop("loser", None)
            rounds.insert(at, rnd)
        data["rounds"] = rounds
    elif kind in (19, 20):
        data["firstDealer"] = rng.choice([None, -1, len(data.get("players") or []), 1.5, True, "0", [0], 99])
    elif kind == 21:
        data["firstDealer"] = rng.choice([0, 3, -2, 7.0])
        data["players"] = []
    elif kind == 22:
        data["handSizes"] = rng.choice([[], None, 3, "3", [0], [2, -1], [1.5], [True], [2, None], {"0": 1}, [1e300]])
    elif kind == 23:
        n = len(data.get("players") or [])
        data["carryIn"] = rng.choice([None, 5, [], [0] * (n + 1), [0] * max(n - 1, 0), [1.5] * n, [True] * n,
                                      [1000001] * n, [-1000001] * n, [None] * n, [0] * n])
    elif kind == 24:
        data["ended"] = rng.choice([None, 1, 0, "true", [], True, False])
    elif kind in (25, 26):
        n = len(data.get("players") or [])
        rounds = data.get("rounds") or [{"bids": [0] * n, "took": [0] * n, "loser": 0}]
        rnd = dict(rounds[rng.randrange(len(rounds))])
        what = rng.choice(["adjust", "dealer", "trump", "allAbsent"])
        if what == "adjust":
            rnd["adjust"] = rng.choice([None, 1, [0] * (n + 1), [1.5] * n, ["1"] * n, [2000000] * n, [True] * n,
                                        [None] * n])
        elif what == "dealer":
            rnd["dealer"] = rng.choice([None, -1, n, 1.5, True, "0", [0], 0])
        elif what == "trump":
            rnd["trump"] = rng.choice([None, "rotating", "Spades", "", 1, "none"])
        else:
            rnd["bids"], rnd["took"] = [None] * n, [None] * n
        rounds.insert(rng.randrange(len(rounds) + 1), rnd)
        data["rounds"] = rounds
    else:
        # a setting value of every kind on a known key, in a shape that is otherwise right
        metas = (spec or TEMPLATES[template])["settings"] if isinstance(spec, dict) or spec is None else {}
        if isinstance(metas, dict) and metas:
            key = rng.choice(list(metas))
            data.setdefault("settings", {})[key] = bad_value(rng, metas[key]) if isinstance(metas[key], dict) \
                else 1
    return data


# ---- running both engines -----------------------------------------------------------------

def run_python(data: Any) -> Any:
    try:
        return json.loads(json.dumps(score(data)))
    except ShapeError as exc:
        return {"shapeError": str(exc)}
    except Exception as exc:  # noqa: BLE001 - reported as a failure below
        return {"crash": f"{type(exc).__name__}: {exc}"}


def run_js(texts: list[str]) -> list[Any]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not on PATH: the JavaScript engine cannot be tested")
    proc = subprocess.run([node, str(SCORE_MANY)], input="[" + ",".join(texts) + "]",
                          capture_output=True, text=True, encoding="utf-8", timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def same(a: Any, b: Any) -> bool:
    """Strict JSON equality: true is not 1, 2 and 2.0 are the same number, lists keep order."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def first_difference(a: Any, b: Any, path: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        if a.keys() != b.keys():
            return f"{path or '.'}: keys {sorted(a.keys() ^ b.keys())} only on one side"
        for k in a:
            if not same(a[k], b[k]):
                return first_difference(a[k], b[k], f"{path}.{k}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if not same(x, y):
                return first_difference(x, y, f"{path}[{i}]")
    return f"{path or '.'}: python {json.dumps(a, ensure_ascii=False)} != js {json.dumps(b, ensure_ascii=False)}"


@pytest.fixture(scope="module")
def games() -> list[str]:
    rng = random.Random(SEED)
    specs = game_specs()
    return [json.dumps(make_game(rng, specs)) for _ in range(GAMES)]


def test_games_cover_the_contract(games: list[str]) -> None:
    """The random games reach every error code, shape errors, finished games and bonuses."""
    outputs = [run_python(json.loads(text)) for text in games]
    crashes = [(text, out["crash"]) for text, out in zip(games, outputs) if isinstance(out, dict) and "crash" in out]
    assert not crashes, f"the Python engine crashed on {len(crashes)} games, first: {crashes[:3]}"
    scored = [o for o in outputs if "shapeError" not in o]
    codes = {e["code"] for o in scored for e in o["errors"]}
    assert codes == ALL_CODES
    assert len({o["shapeError"] for o in outputs if "shapeError" in o}) >= 20
    assert {o["template"] for o in scored if o["finished"]} == {"bid", "tally"}
    assert any(o["bonuses"] for o in scored)
    assert sum(1 for o in scored if o["rounds"]) >= GAMES // 3
    # the table's events are given, and scored
    inputs = [json.loads(text) for text, out in zip(games, outputs) if "shapeError" not in out and out["rounds"]]
    rounds = [r for d in inputs for r in d["rounds"]]
    assert sum(1 for d in inputs if "handSizes" in d) >= 100 and sum(1 for d in inputs if "carryIn" in d) >= 100
    assert sum(1 for d in inputs if "ended" in d) >= 50
    for key in ("adjust", "dealer", "trump"):
        assert sum(1 for r in rounds if key in r) >= 500, key
    assert sum(1 for o in scored for r in o["rounds"] if None in r["scores"]) >= 500
    # every setting of every template is given both accepted and refused
    accepted, refused = set(), set()
    for text, out in zip(games, outputs):
        given = json.loads(text).get("settings") if "shapeError" not in out else None
        if isinstance(given, dict):
            bad = {e["setting"] for e in out["errors"] if e["code"] == "badSetting"}
            refused |= {(out["template"], k) for k in bad}
            accepted |= {(out["template"], k) for k in given if k not in bad}
    every = {(t, k) for t in TEMPLATES for k in TEMPLATES[t]["settings"]}
    assert every <= accepted and every <= refused, (every - accepted, every - refused)


def test_js_engine_matches_python(games: list[str]) -> None:
    js_outputs = run_js(games)
    assert len(js_outputs) == len(games)
    differences = []
    for text, js in zip(games, js_outputs):
        py = run_python(json.loads(text))
        if not same(py, js):
            differences.append((text, py, js))
    print(f"differential: {len(games)} random games, {len(differences)} differences between the engines")
    if differences:
        report = [f"{len(differences)} of {len(games)} games differ"]
        for text, py, js in differences[:3]:
            report += ["", f"input: {text}", f"first difference: {first_difference(py, js)}",
                       f"python: {json.dumps(py, ensure_ascii=False)}", f"js: {json.dumps(js, ensure_ascii=False)}"]
        pytest.fail("\n".join(report), pytrace=False)


def test_every_code_the_engines_give_has_a_meaning_in_the_build_errors():
    """A worked example whose round the engine refuses is reported to its author with what the
    code means (generator/verify/examples.py): every code the fuzz reaches has one."""
    from generator.verify.examples import MEANING

    assert set(MEANING) == ALL_CODES
