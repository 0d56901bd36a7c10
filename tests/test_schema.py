"""The JSON Schemas in schema/ are what `giv schema` generates, and the bundled content fits them."""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from generator.schema import schemas

ROOT = Path(__file__).resolve().parent.parent


def test_committed_schemas_equal_the_generated_ones():
    for name, text in schemas().items():
        path = ROOT / "schema" / name
        assert path.exists() and path.read_text("utf-8") == text, f"run `giv schema`: {path} is out of date"


def schema_for(path: Path) -> dict:
    name = {"game.yaml": "game", "examples.yaml": "examples"}.get(path.name, "text")
    return json.loads((ROOT / "schema" / f"{name}.schema.json").read_text("utf-8"))


@pytest.mark.parametrize("path", sorted((ROOT / "content" / "games").glob("*/*.yaml")), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_bundled_content_fits_the_schemas(path):
    jsonschema.Draft202012Validator(schema_for(path)).validate(yaml.safe_load(path.read_text("utf-8")))


@pytest.mark.parametrize("name, text, fault", [
    ("game.yaml", "id: x\ntemplate: bid\nsettings:\n  maxHandSize: {default: 10, min: 1, max: 99, step: 1}\n", "99"),
    ("game.yaml", "id: x\ntemplate: tally\nsettings:\n  dealerHook: {default: true}\n", "dealerHook"),
    ("game.yaml", "id: x\nplayers: {min: 2, max: 5}\n", "extends"),
    ("examples.yaml", "- id: a\n  players: [A, B]\n  rounds: [{loser: 0}]\n  expect: {total: [1, 0]}\n", "total"),
    ("game.yaml", "id: x\ntemplate: bid\nvariants:\n  short:\n    settings: {handSizePattern: upanddown}\n", "upanddown"),
    ("game.yaml", "id: x\nextends: y\nvariants:\n  short:\n    settings: {handSizePattern: upanddown}\n", "upanddown"),
    ("examples.yaml", "- id: a\n  settings: {pointsPerMisedTrick: 2}\n  players: [A, B]\n  rounds: [{loser: 0}]\n"
                      "  expect: {totals: [1, 0]}\n", "pointsPerMisedTrick"),
    ("da.yaml", "name: X\nslug: Not A Slug\nsummary: S\n", "Not A Slug"),
    ("da.yaml", "name: X\nslug: x\nsummary: S\nsettings:\n  maxHandSise: {label: L, description: D}\n", "maxHandSise"),
])
def test_schemas_catch_what_the_build_refuses(name, text, fault):
    errors = list(jsonschema.Draft202012Validator(schema_for(Path(name))).iter_errors(yaml.safe_load(text)))
    assert errors and any(fault in str(e.message) or fault in json.dumps(list(e.path)) or fault in str(e.instance)
                          for e in errors), [e.message for e in errors]
