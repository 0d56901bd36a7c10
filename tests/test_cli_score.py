"""`python -m generator score`: JSON on stdin, JSON on stdout; shape errors give one line and exit 2."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.engine import score

ROOT = Path(__file__).resolve().parent.parent

SEED_000 = {
    "template": "bid",
    "settings": {"maxHandSize": 5, "dealerHook": False},
    "players": ["Anna", "Ben", "Cara", "Dan"],
    "rounds": [
        {"bids": [2, 1, 1, 0], "took": [2, 2, 1, 0]},
        {"bids": [1, 2, 0, 1], "took": [0, 2, 1, 1]},
        {"bids": [1, 0, 2, 0], "took": [1, 0, 2, 0]},
        {"bids": [0, 1, 0, 1], "took": [1, 1, 0, 0]},
        {"bids": [1, 0, 0, 0], "took": [1, 0, 0, 0]},
    ],
}


def run_score(stdin: str | bytes) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    return subprocess.run([sys.executable, "-m", "generator", "score"], input=data, capture_output=True,
                          cwd=ROOT, env=env, timeout=60)


def assert_keys_sorted(text: str) -> None:
    def hook(pairs):
        keys = [k for k, _ in pairs]
        assert keys == sorted(keys), f"keys not sorted: {keys}"
        return dict(pairs)

    json.loads(text, object_pairs_hook=hook)


def assert_one_line_refusal(proc: subprocess.CompletedProcess) -> str:
    assert proc.returncode == 2
    assert proc.stdout == b""
    err = proc.stderr.decode("utf-8")
    assert err.endswith("\n") and err.count("\n") == 1, repr(err)
    assert "Traceback" not in err
    return err.strip()


def test_valid_input_prints_sorted_json_and_exits_0():
    proc = run_score(json.dumps(SEED_000))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b""
    text = proc.stdout.decode("utf-8")
    assert_keys_sorted(text)
    out = json.loads(text)
    assert out == score(SEED_000)
    assert out["totals"] == [34, 43, 43, 41]
    assert [(s["name"], s["rank"], s["shared"]) for s in out["standings"]] == [
        ("Ben", 1, True), ("Cara", 1, True), ("Dan", 3, False), ("Anna", 4, False)]
    assert out["errors"] == [] and out["finished"] is False


def test_output_is_byte_identical_across_runs_and_keeps_unicode():
    game = {"template": "tally", "players": ["Åsa", "Björn", "Øystein"], "rounds": [{"loser": 1}]}
    first, second = run_score(json.dumps(game)), run_score(json.dumps(game, indent=2))
    assert first.returncode == second.returncode == 0
    assert first.stdout == second.stdout
    assert "Björn" in first.stdout.decode("utf-8")


def test_bad_setting_is_reported_in_the_output_with_exit_0():
    proc = run_score(json.dumps({**SEED_000, "settings": {"maxHandSize": 0, "colour": "red"}}))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["errors"] == [
        {"code": "badSetting", "player": None, "round": None, "setting": "colour"},
        {"code": "badSetting", "player": None, "round": None, "setting": "maxHandSize"},
    ]
    assert out["totals"] == [0, 0, 0, 0] and out["rounds"] == [] and out["standings"] == []


def test_round_errors_are_output_with_exit_0():
    proc = run_score(json.dumps({**SEED_000, "settings": {"maxHandSize": 5}}))
    assert proc.returncode == 0
    codes = [(e["code"], e["round"], e["player"]) for e in json.loads(proc.stdout)["errors"]]
    assert codes == [("dealerHook", 2, 1), ("dealerHook", 3, 2), ("dealerHook", 4, 3), ("dealerHook", 5, 0)]


BAD_UTF8 = pytest.param(b"\xff\xfe{}", id="bad-utf8")


@pytest.mark.parametrize("stdin", ["", "not json", "{\"template\": \"bid\",", BAD_UTF8],
                         ids=["empty", "words", "truncated", "bad-utf8"])
def test_not_json_is_one_line_and_exit_2(stdin):
    message = assert_one_line_refusal(run_score(stdin))
    assert message.startswith("giv score:")


@pytest.mark.parametrize("game, message", [
    ([1, 2, 3], "input: expected a JSON object"),
    ({"players": ["A", "B"]}, "input: 'template' must be \"bid\" or \"tally\" (or name a 'game')"),
    ({"template": "bid", "players": "Anna"}, "input: 'players' must be a list of names"),
    ({"template": "bid", "players": ["A", "B"], "rounds": [7]}, "input: round 1 is not an object"),
    ({"template": "bid", "players": ["A", "B"], "rounds": [{"bids": [1], "took": [1, 0]}]},
     "input: round 1: 'bids' must list one number per player"),
    ({"template": "tally", "players": ["A", "B"], "rounds": [{"lost": 0}]}, "input: round 1: 'loser' is missing"),
    ({"template": "bid", "players": ["A", "B"], "firstDealer": 5}, "input: 'firstDealer' must be the index of a player"),
    ({"template": "bid", "players": ["A", "B"], "spec": {"template": "bid", "players": {"min": 2, "max": 6},
                                                         "settings": {}, "fixed": {"maxHandSize": 0}}},
     "input: 'spec.fixed.maxHandSize' is not a value of the setting"),
], ids=["list", "no-template", "players", "round", "bids", "loser", "firstDealer", "spec"])
def test_wrong_shape_is_one_line_and_exit_2(game, message):
    assert assert_one_line_refusal(run_score(json.dumps(game))) == f"giv score: {message}"


def test_a_named_game_never_gives_a_traceback():
    proc = run_score(json.dumps({"game": "vend-om", "players": ["A", "B"], "settings": {"maxHandSize": 3}}))
    assert "Traceback" not in proc.stderr.decode("utf-8")
    assert proc.returncode in (0, 2)
    if proc.returncode == 0:
        assert len(json.loads(proc.stdout)["schedule"]) == 5
