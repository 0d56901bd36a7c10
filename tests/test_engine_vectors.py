"""The engine vectors (tests/engine/*.json), shared with the JavaScript twin.

Each file is a list of cases {"name", "input", "expected"}. Every key of "expected" must equal the
same key of the engine's output exactly; {"shapeError": message} means the input is refused with
that one-line message.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from generator.engine import TEMPLATES, ShapeError, score

HERE = Path(__file__).parent
VECTOR_DIR = HERE / "engine"
ROOT = HERE.parent
DOCS_ENGINE_MD = ROOT / "docs" / "engine.md"

# Every error code the contract (docs/engine.md) defines.
ERROR_CODES = {"badSetting", "playerCount", "bidRange", "tookRange", "tricksSum", "dealerHook",
               "tooManyRounds", "handSizeRange", "loserRange", "tooFewPresent", "dealerAbsent",
               "adjustAbsent", "loserAbsent"}


def load_cases() -> list[tuple[str, dict]]:
    cases = []
    for path in sorted(VECTOR_DIR.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert isinstance(data, list), f"{path.name}: expected a list of cases"
        for case in data:
            cases.append((f"{path.name}:{case['name']}", case))
    return cases


CASES = load_cases()


def strict_equal(actual, expected, where="output") -> None:
    """Deep equality in the JSON model: bools are not numbers, 2 and 2.0 are the same number."""
    if isinstance(expected, bool) or isinstance(actual, bool):
        assert actual is expected, f"{where}: {actual!r} != {expected!r}"
    elif isinstance(expected, (int, float)):
        assert isinstance(actual, (int, float)) and actual == expected, f"{where}: {actual!r} != {expected!r}"
    elif isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: {actual!r} is not an object"
        assert sorted(actual) == sorted(expected), f"{where}: keys {sorted(actual)} != {sorted(expected)}"
        for key in expected:
            strict_equal(actual[key], expected[key], f"{where}.{key}")
    elif isinstance(expected, list):
        assert isinstance(actual, list), f"{where}: {actual!r} is not a list"
        assert len(actual) == len(expected), f"{where}: length {len(actual)} != {len(expected)}\n{actual!r}"
        for index, (a, e) in enumerate(zip(actual, expected)):
            strict_equal(a, e, f"{where}[{index}]")
    else:
        assert actual == expected and type(actual) is type(expected), f"{where}: {actual!r} != {expected!r}"


@pytest.mark.parametrize("case", [c for _, c in CASES], ids=[i for i, _ in CASES])
def test_vector(case: dict) -> None:
    expected = case["expected"]
    assert expected, "a case must expect something"
    if "shapeError" in expected:
        assert list(expected) == ["shapeError"]
        with pytest.raises(ShapeError) as info:
            score(case["input"])
        message = str(info.value)
        assert "\n" not in message
        assert message == expected["shapeError"]
        return
    output = score(case["input"])
    for key, value in expected.items():
        assert key in output, f"output has no key {key!r}"
        strict_equal(output[key], value, key)


def test_enough_vectors() -> None:
    assert len(CASES) >= 60
    # version 2 (house rules and table events) has its own files
    assert sum(1 for i, _ in CASES if i.startswith(("house.json:", "events.json:"))) >= 40


def test_vector_names_unique_and_files_pure_data() -> None:
    ids = [i for i, _ in CASES]
    assert len(ids) == len(set(ids))
    for _, case in CASES:
        assert set(case) == {"name", "input", "expected"}
        assert isinstance(case["name"], str) and case["name"]


def _expected_codes() -> set[str]:
    codes = set()
    for _, case in CASES:
        expected = case["expected"]
        for error in expected.get("errors", []):
            codes.add(error["code"])
        for rnd in expected.get("rounds", []):
            for error in rnd.get("errors", []):
                codes.add(error["code"])
    return codes


def test_every_error_code_has_a_vector() -> None:
    missing = ERROR_CODES - _expected_codes()
    assert not missing, f"no vector expects {sorted(missing)}"


def test_error_code_list_matches_the_docs() -> None:
    text = DOCS_ENGINE_MD.read_text(encoding="utf-8")
    for code in ERROR_CODES:
        assert f"`{code}`" in text, f"{code} is not in the docs"
    # codes the docs name explicitly: "code `x`", "error code `x`", "Error codes: `x`, `y`", "- `x` / `y`:"
    named = set(re.findall(r"[Cc]ode `(\w+)`", text))
    for listing in re.findall(r"Error codes: ([^\n]*)", text):
        named |= set(re.findall(r"`(\w+)`", listing))
    checks = re.findall(r"Checks on a round.*?(?=\n## )", text, flags=re.S)
    assert checks, "docs/engine.md has a section 'Checks on a round'"
    for bullet in re.findall(r"^- ((?:`\w+`(?: / )?)+):", checks[0], flags=re.M):
        named |= set(re.findall(r"`(\w+)`", bullet))
    assert named >= {"badSetting", "loserRange", "handSizeRange", "bidRange", "tookRange", "tricksSum"}
    assert named <= ERROR_CODES, f"codes in the docs this test does not know: {named - ERROR_CODES}"


def test_the_smallest_deck_holds_a_card_for_the_most_players() -> None:
    """docs/engine.md, "Player count": the templates' limits alone keep players within the cards."""
    bid = TEMPLATES["bid"]
    assert bid["settings"]["deckSize"]["min"] >= bid["players"]["max"]
