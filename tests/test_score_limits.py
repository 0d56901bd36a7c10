"""`giv score` on hostile input: one line on stderr, exit 2, nothing on stdout, and an answer at once
(the limits of generator/limits.py), never a traceback or a wait."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TALLY = {"template": "tally", "players": ["Anna", "Ben"], "rounds": [{"loser": 0}]}


def score(data: bytes | str) -> subprocess.CompletedProcess:
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return subprocess.run([sys.executable, "-m", "generator", "score"], input=raw, capture_output=True, cwd=ROOT,
                          timeout=30)


def nested(depth: int) -> str:
    return json.dumps({**TALLY, "extra": None}).replace("null", "[" * (depth - 1) + "]" * (depth - 1))


CASES = {
    "a million deep": ("[" * 1_000_000 + "]" * 1_000_000, "giv score: input: over 1,000,000 bytes, the limit"),
    "400,000 deep": ("[" * 400_000 + "]" * 400_000,
                     "giv score: input: arrays and objects nest more than 20 deep, the limit"),
    "21 deep": (nested(21), "giv score: input: arrays and objects nest more than 20 deep, the limit"),
    "NaN": (json.dumps(TALLY).replace('"loser": 0', '"loser": NaN'),
            "giv score: input: NaN is not a number (JSON has no NaN or Infinity)"),
    "Infinity": (json.dumps(TALLY).replace('"loser": 0', '"loser": Infinity'),
                 "giv score: input: Infinity is not a number (JSON has no NaN or Infinity)"),
    "-Infinity": (json.dumps(TALLY).replace('"loser": 0', '"loser": -Infinity'),
                  "giv score: input: -Infinity is not a number (JSON has no NaN or Infinity)"),
    "a number beyond floats": (json.dumps(TALLY).replace('"loser": 0', '"loser": 1e999'),
                               "giv score: input: 1e999 is too large a number"),
    "a lone surrogate": (json.dumps(TALLY).replace('"Anna"', '"Anna\\ud800"'),
                         "giv score: input: the text 'Anna\\ud800' holds a lone surrogate, which is not Unicode text"),
    "a lone surrogate in a key": ('{"\\udfff": 1}',
                                  "giv score: input: the text '\\udfff' holds a lone surrogate, which is not Unicode text"),
    "a spec for 100,000 players": (json.dumps({**TALLY, "players": [f"P{i}" for i in range(100_000)],
                                               "spec": {"players": {"min": 2, "max": 100_000}, "settings": {}}}),
                                   "giv score: input: 'spec.players' must lie within 2..12, min at most max"),
    "1,001 rounds": (json.dumps({**TALLY, "rounds": [{"loser": 0}] * 1001}),
                     "giv score: input: 1,001 rounds; the limit is 1,000"),
    "over a megabyte": (json.dumps({**TALLY, "note": "x" * 1_000_000}),
                        "giv score: input: over 1,000,000 bytes, the limit"),
    "not UTF-8": (b'{"players": ["\xff"]}', "giv score: input is not UTF-8 (byte 0xff at offset 14)"),
}


@pytest.mark.parametrize("case", CASES)
def test_hostile_input_is_one_line_and_exit_2(case):
    data, line = CASES[case]
    result = score(data)
    assert result.returncode == 2, result.stderr
    assert result.stderr.decode("utf-8").splitlines() == [line]
    assert result.stdout == b""


def test_the_limits_themselves_are_scored():
    """Twelve players, a thousand rounds and twenty levels of nesting are inside the limits."""
    players = [f"P{i}" for i in range(12)]
    result = score(json.dumps({"template": "tally", "players": players, "rounds": [{"loser": 3}] * 1000}))
    assert result.returncode == 0, result.stderr
    assert len(json.loads(result.stdout)["rounds"]) == 1000
    deep = score(nested(20))  # within the limit: the engine's own shape check answers
    assert b"nest more than" not in deep.stderr and b"Traceback" not in deep.stderr


@pytest.mark.parametrize("count", [13, 100_000])
def test_more_players_than_a_template_allows_is_player_count_at_once(count):
    """The engine's answer, as engine.js gives it on the page: playerCount, and nothing scored."""
    result = score(json.dumps({**TALLY, "players": [f"P{i}" for i in range(count)]}))
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["errors"] == [{"code": "playerCount", "player": None, "round": None}]
    assert out["rounds"] == [] and out["totals"] == [0] * count


def test_a_reader_that_goes_away_is_no_traceback():
    """`giv score | head -c 1`: the pipe closes early; Giv stops without a traceback."""
    rounds = {**TALLY, "rounds": [{"loser": 0}] * 900}
    proc = subprocess.run(f"{sys.executable} -m generator score | head -c 1", shell=True, cwd=ROOT, timeout=30,
                          input=json.dumps(rounds).encode(), capture_output=True)
    assert proc.stdout == b"{"
    assert proc.stderr == b""
