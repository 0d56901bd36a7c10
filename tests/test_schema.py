"""The JSON Schemas in schema/ are what `giv schema` generates, the bundled content fits them, and
they refuse what the build's shape check refuses (both come from generator/model/format.py)."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from fixtures.sites import INVALID, cases, make_site
from generator.model.yamlfile import load_yaml
from generator.schema import schemas

ROOT = Path(__file__).resolve().parent.parent


def test_committed_schemas_equal_the_generated_ones():
    for name, text in schemas().items():
        path = ROOT / "schema" / name
        assert path.exists() and path.read_text("utf-8") == text, f"run `giv schema`: {path} is out of date"
    assert sorted(p.name for p in (ROOT / "schema").iterdir()) == sorted(schemas())


def test_giv_schema_writes_them(tmp_path):
    result = subprocess.run([sys.executable, "-m", "generator", "schema", "--out", str(tmp_path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    for name in schemas():
        assert (tmp_path / name).read_bytes() == (ROOT / "schema" / name).read_bytes(), name
    check = [sys.executable, "-m", "generator", "schema", "--check", "--out", str(tmp_path)]
    assert subprocess.run(check, capture_output=True, timeout=60).returncode == 0
    (tmp_path / "game.schema.json").write_text("{}", "utf-8")
    stale = subprocess.run(check, capture_output=True, text=True, timeout=60)
    assert stale.returncode == 1 and "game.schema.json differs" in stale.stderr


def schema_for(path: Path) -> dict:
    name = {"game.yaml": "game", "examples.yaml": "examples", "site.yaml": "site"}.get(path.name, "text")
    if path.parent.name == "settings":
        name = "settings"
    return json.loads((ROOT / "schema" / f"{name}.schema.json").read_text("utf-8"))


def content_files(content: Path) -> list[Path]:
    """Every YAML file of a content/ folder."""
    return [content / "site.yaml", *sorted((content / "settings").glob("*.yaml")),
            *sorted((content / "games").glob("*/*.yaml"))]


def read(path: Path, content: Path):
    """The file as the build reads it (YAML 1.2, as editors do: `yes` is text)."""
    data, line, message = load_yaml(path, content)
    assert data is not None, f"{path}:{line}: {message}"
    return data


BUNDLED = content_files(ROOT / "content") + content_files(ROOT / "tests" / "fixtures" / "valid" / "minimal" / "content")


def test_every_kind_of_content_file_is_covered():
    assert {schema_for(path)["title"] for path in BUNDLED} == {json.loads(t)["title"] for t in schemas().values()}


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: str(p.relative_to(ROOT)))
def test_bundled_content_fits_the_schemas(path):
    content = next(p for p in path.parents if p.name == "content")
    jsonschema.Draft202012Validator(schema_for(path)).validate(read(path, content))


# The build's shape check (unknown key, missing key, wrong kind, text or a key of the wrong form) reads the same declaration as the
# schemas: every fixture case it fails, the schema of the file it names refuses too.
SHAPE = re.compile(r"^error: content/(\S+\.yaml):\d+: (unknown key|'[^']+' is missing|'[^']+' must be "
                   r"(text|a whole number|true or false|a mapping|a list),|\S+ '[^']*' (must be lowercase letters, "
                   r"digits and hyphens|is not a language code)$|variant id '[^']*' must be letters and digits|"
                   r"unknown setting '|unknown language '[^']*' \(Giv speaks)")
SHAPE_CASES = [(case, match.group(1)) for case in cases()
               for line in (INVALID / case / "expected.txt").read_text("utf-8").splitlines()
               if (match := SHAPE.match(line))]


def test_there_are_shape_cases():
    assert len({file for _, file in SHAPE_CASES}) >= 3 and len(SHAPE_CASES) >= 8, SHAPE_CASES


@pytest.mark.parametrize("case, file", SHAPE_CASES, ids=[f"{c}:{f}" for c, f in SHAPE_CASES])
def test_schemas_refuse_what_the_shape_check_refuses(case, file, tmp_path):
    content = make_site(tmp_path / "site", case) / "content"
    path = content / file
    assert not jsonschema.Draft202012Validator(schema_for(path)).is_valid(read(path, content))


@pytest.mark.parametrize("name, text, fault", [
    ("game.yaml", "id: x\ntemplate: bid\nsettings:\n  maxHandSize: {default: 10, min: 1, max: 99, step: 1}\n", "99"),
    ("game.yaml", "id: x\ntemplate: tally\nsettings:\n  dealerHook: {default: true}\n", "dealerHook"),
    ("game.yaml", "id: x\nplayers: {min: 2, max: 5}\n", "template"),
    ("game.yaml", "id: x\ntemplate: tally\n", "players"),
    ("game.yaml", "id: x\ntemplate: tally\nplayers: {min: 2, max: 4}\nvariants: {long: null}\n", "long"),
    ("examples.yaml", "- id: a\n  players: [A, B]\n  rounds: [{loser: 0}]\n  expect: {total: [1, 0]}\n", "total"),
    ("game.yaml", "id: x\ntemplate: bid\nvariants:\n  short:\n    settings: {handSizePattern: upanddown}\n", "upanddown"),
    ("game.yaml", "id: x\nextends: y\nvariants:\n  short:\n    settings: {handSizePattern: upanddown}\n", "upanddown"),
    ("examples.yaml", "- id: a\n  settings: {pointsPerMisedTrick: 2}\n  players: [A, B]\n  rounds: [{loser: 0}]\n"
                      "  expect: {totals: [1, 0]}\n", "pointsPerMisedTrick"),
    ("da.yaml", "name: X\nslug: Not A Slug\nsummary: S\n", "Not A Slug"),
    ("da.yaml", "name: X\nslug: x\nsummary: S\nsettings:\n  maxHandSise: {label: L, description: D}\n", "maxHandSise"),
    ("settings/da.yaml", "bid:\n  lossLimit: {label: L, description: D}\n", "lossLimit"),
    ("settings/da.yaml", "bid:\n  dealerHook: {label: L, description: D, when_of: W}\n", "when_of"),
    ("settings/da.yaml", "bid:\n  missPenalty:\n    options: {perTrik: {label: L}}\n", "perTrik"),
    ("settings/da.yaml", "tally:\n  lossLimit: {label: L, options: {}}\n", "options"),
    ("site.yaml", "root_url: https://x.org/\nlanguages:\n  da: {locale: da_DK, base_url: https://x.org/, drft: true}\n",
     "drft"),
    ("site.yaml", "root_url: https://x.org/\nlanguages:\n  de: {locale: de_DE, base_url: https://x.org/}\n", "de"),
])
def test_schemas_catch_what_the_build_refuses(name, text, fault, tmp_path):
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf-8")
    errors = list(jsonschema.Draft202012Validator(schema_for(path)).iter_errors(read(path, tmp_path)))
    assert errors and any(fault in str(e.message) or fault in json.dumps(list(e.path)) or fault in str(e.instance)
                          for e in errors), [e.message for e in errors]


@pytest.mark.parametrize("template, rounds", [
    ("bid", [{"bids": [1, 0, None], "took": [1, 1, None], "handSize": 2, "dealer": 1, "trump": "spades",
              "adjust": [-10, None, None]}]),
    ("tally", [{"loser": 2, "adjust": [0, 1, None]}]),
])
def test_rounds_the_engine_takes_fit_the_examples_schema(template, rounds):
    from generator.engine import score

    players = ["Anna", "Ben", "Cara"]
    output = score({"template": template, "players": players, "rounds": rounds})
    example = [{"id": "a", "players": players, "rounds": rounds,
                "expect": {"scores": [r["scores"] for r in output["rounds"]],
                           "totals": [r["totals"] for r in output["rounds"]]}}]
    jsonschema.Draft202012Validator(schema_for(Path("examples.yaml"))).validate(example)


def keyed_maps(node, where=""):
    """Every mapping of the content format whose keys are declared (MapOf keys=...), with where it is."""
    from generator.model.nodes import AnyOf, Fields, ListOf, MapOf

    if isinstance(node, MapOf):
        if node.keys is not None:
            yield where, node
        yield from keyed_maps(node.values, f"{where}.*")
    elif isinstance(node, Fields):
        for key, part in node.all().items():
            yield from keyed_maps(part, f"{where}.{key}")
    elif isinstance(node, (AnyOf, ListOf)):
        for part in (node.options if isinstance(node, AnyOf) else (node.item,)):
            yield from keyed_maps(part, where)


def declarations():
    from generator.model import format

    return [(name, node) for name in ("GAME", "EXAMPLES", "TEXT", "SHARED", "SITE")
            for node in [getattr(format, name)] for where, node in keyed_maps(node, name)]


def test_the_shape_check_refuses_a_key_its_declaration_refuses(tmp_path):
    """Each mapping whose keys the format declares (variant ids, languages, settings, options): a key
    the declaration refuses is one line at that key, naming it; a key it takes is no problem."""
    from generator.model.errors import Problems
    from generator.model.nodes import Choice, Fields
    from generator.model.schema import Shape

    assert len(declarations()) >= 4, declarations()
    for name, node in declarations():
        bad, good = ("zz", node.keys.options[0]) if isinstance(node.keys, Choice) else ("not an id", "fine")
        path = tmp_path / "file.yaml"
        path.write_text(f"map:\n  {good}: null\n  {bad}: null\n", "utf-8")
        problems = Problems(tmp_path)
        Shape(problems, path).mapping(read(path, tmp_path), 1, Fields(optional={"map": node}))
        assert [(p.line, f"'{bad}'" in p.message) for p in problems.items] == [(3, True)], (name, problems.items)
        assert "\n" not in problems.items[0].message
