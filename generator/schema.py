"""JSON Schemas of a game's files (game.yaml, examples.yaml, <lang>.yaml), for editors.

Generated from what the build itself checks: the templates' settings (generator/engine/
templates.json) and the key sets of generator/model. `giv schema` writes them to schema/;
tests/test_schema.py fails when the committed files differ from what this module generates.
The build stays the judge: a schema cannot say, for instance, that a default lies on its step.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from .engine.spec import TEMPLATES
from .model.examples import EXPECT
from .model.games import GAME_KEYS, META_KEYS, UNITS
from .model.texts import SLUG, TEXT_KEYS

DRAFT = "https://json-schema.org/draft/2020-12/schema"
KIND = {"text": {"type": "string", "minLength": 1}, "int": {"type": "integer"}, "bool": {"type": "boolean"},
        "map": {"type": "object"}, "list": {"type": "array"}, "any": {}}
ID = {"type": "string", "pattern": SLUG.pattern}
TEXT = {"type": "string", "minLength": 1}
LANG = {"type": "string", "pattern": "^[a-z]{2}$"}
DOCS = {
    "id": "The game's id: the name of its folder (lowercase letters, digits, hyphens).",
    "template": "bid: bids and tricks per round; tally: a loser per deal.",
    "extends": "The id of a game this one builds on; state only what differs.",
    "order": "Position on the index.",
    "unit": "What the page calls one deal of the cards: deal (the default) or round.",
    "players": "How many players the game takes, within the template's limits.",
    "fixed": "Template settings the game does not let players change.",
    "settings": "What the sheet's settings panel and the page's settings reference show.",
    "variants": "Named presets of the game's settings.",
    "drafts": "Languages whose texts are not published yet: giv serve and giv build --drafts show them, marked.",
}


def _setting_meta(key: str, base: dict) -> dict:
    kind = base["type"]
    props = {k: dict(KIND[v]) for k, v in META_KEYS[kind].items()}
    if kind == "int":
        for k in ("default", "min", "max"):
            props[k].update(minimum=base["min"], maximum=base["max"])
        props["step"].update(minimum=1, maximum=max(1, base["max"] - base["min"]))
    elif kind == "enum":
        props["default"] = {"enum": base["options"]}
        props["options"] = {"type": "array", "items": {"enum": base["options"]}, "uniqueItems": True, "minItems": 1}
    return {"type": "object", "additionalProperties": False, "properties": props,
            "description": f"{key} ({kind}; template default {json.dumps(base['default'])})"}


def _setting_value(base: dict) -> dict:
    if base["type"] == "int":
        return {"type": "integer", "minimum": base["min"], "maximum": base["max"]}
    if base["type"] == "enum":
        return {"enum": base["options"]}
    return {"type": "boolean"}


def _setting_values() -> dict[str, dict]:
    """$defs: per template, an object of setting values (a variant's, a worked example's, `fixed`)."""
    return {f"{name}-fixed": {"type": "object", "additionalProperties": False,
                              "properties": {k: _setting_value(b) for k, b in template["settings"].items()}}
            for name, template in TEMPLATES.items()}


def game_schema() -> dict:
    defs, branches = _setting_values(), []
    for name, template in TEMPLATES.items():
        settings = template["settings"]
        defs[f"{name}-settings"] = {"type": "object", "additionalProperties": False,
                                    "properties": {k: _setting_meta(k, b) for k, b in settings.items()}}
        limits = template["players"]
        count = {"type": "integer", "minimum": limits["min"], "maximum": limits["max"]}
        branches.append({"if": {"required": ["template"], "properties": {"template": {"const": name}}},
                         "then": {"properties": {"settings": {"$ref": f"#/$defs/{name}-settings"},
                                                 "fixed": {"$ref": f"#/$defs/{name}-fixed"},
                                                 "variants": {"additionalProperties": {
                                                     "properties": {"settings": {"$ref": f"#/$defs/{name}-fixed"}}}},
                                                 "players": {"properties": {"min": count, "max": count}}}}})
    branches.append({"if": {"not": {"required": ["template"]}},
                     "then": {"required": ["extends"],
                              "properties": {"settings": {"anyOf": [{"$ref": f"#/$defs/{n}-settings"} for n in TEMPLATES]},
                                             "fixed": {"anyOf": [{"$ref": f"#/$defs/{n}-fixed"} for n in TEMPLATES]},
                                             "variants": {"additionalProperties": {"properties": {"settings": {
                                                 "anyOf": [{"$ref": f"#/$defs/{n}-fixed"} for n in TEMPLATES]}}}}}}})
    props = {k: {**KIND[v], "description": DOCS.get(k, "")} for k, v in GAME_KEYS.items()}
    props["id"] = {**ID, "description": DOCS["id"]}
    props["extends"] = {**ID, "description": DOCS["extends"]}
    props["template"] = {"enum": list(TEMPLATES), "description": DOCS["template"]}
    props["players"] = {"type": "object", "required": ["min", "max"], "additionalProperties": False,
                        "properties": {"min": {"type": "integer"}, "max": {"type": "integer"}},
                        "description": DOCS["players"]}
    props["variants"] = {"type": "object", "description": DOCS["variants"], "propertyNames": {"pattern": "^[A-Za-z][A-Za-z0-9]*$"},
                         "additionalProperties": {"anyOf": [
                             {"type": "object", "required": ["settings"], "additionalProperties": False,
                              "properties": {"settings": {"type": "object"}}},
                             {"type": "null", "description": "In a game that extends another: not a variant here."}]}}
    props["unit"] = {"enum": list(UNITS), "description": DOCS["unit"]}
    return {"$schema": DRAFT, "title": "Giv game.yaml", "description": "A game's facts (docs/content-format.md).",
            "type": "object", "required": ["id"], "additionalProperties": False, "properties": props,
            "allOf": branches, "$defs": defs}


def examples_schema() -> dict:
    """examples.yaml does not name its template: its settings are one template's setting values."""
    values = {"anyOf": [{"$ref": f"#/$defs/{n}-fixed"} for n in TEMPLATES]}
    ints = {"type": "array", "items": {"type": "integer"}}
    error = {"type": "object", "required": ["code"], "additionalProperties": False,
             "properties": {"code": TEXT, "round": {"type": "integer", "minimum": 1},
                            "player": {"type": "integer", "minimum": 0}, "setting": TEXT}}
    expect = {"type": "object", "additionalProperties": False,
              "properties": {k: dict(KIND[v]) for k, v in EXPECT.items()}}
    for key in ("scores", "totals"):
        expect["properties"][key]["items"] = ints
    for key in ("final", "ranks"):
        expect["properties"][key]["items"] = {"type": "integer"}
    round_ = {"oneOf": [{"type": "object", "required": ["bids", "took"], "additionalProperties": False,
                         "properties": {"bids": ints, "took": ints}},
                        {"type": "object", "required": ["loser"], "additionalProperties": False,
                         "properties": {"loser": {"type": "integer", "minimum": 0}}}]}
    check = {"type": "object", "required": ["id", "settings", "expect"], "additionalProperties": False,
             "properties": {"id": TEXT, "settings": values, "errors": {"type": "array", "items": error},
                            "expect": expect}}
    example = {"type": "object", "required": ["id", "players", "rounds", "expect"], "additionalProperties": False,
               "properties": {"id": TEXT, "settings": values,
                              "players": {"type": "array", "items": TEXT, "minItems": 1},
                              "firstDealer": {"type": "integer", "minimum": 0},
                              "rounds": {"type": "array", "items": round_},
                              "errors": {"type": "array", "items": error}, "expect": expect,
                              "checks": {"type": "array", "items": check}}}
    return {"$schema": DRAFT, "title": "Giv examples.yaml",
            "description": "Worked examples: inputs and the results the engine must give (docs/authoring.md).",
            "type": "array", "items": example, "$defs": _setting_values()}


def text_schema() -> dict:
    keys = sorted({k for t in TEMPLATES.values() for k in t["settings"]})
    options = sorted({o for t in TEMPLATES.values() for s in t["settings"].values() for o in s.get("options", [])})
    labelled = {"type": "object", "additionalProperties": False, "properties": {"label": TEXT, "description": TEXT}}
    setting = {"type": "object", "additionalProperties": False,
               "properties": {"label": TEXT, "description": TEXT,
                              "options": {"type": "object", "propertyNames": {"enum": options},
                                          "additionalProperties": labelled},
                              "when_on": {**TEXT, "description": "A switch: the sentence that says it is on."},
                              "when_off": {**TEXT, "description": "A switch: the sentence that says it is off."}}}
    props = {k: dict(KIND[v]) for k, v in TEXT_KEYS.items()}
    props["slug"] = {"type": "string", "pattern": SLUG.pattern, "description": "URL part in this language."}
    props["aliases"] = {"type": "array", "items": {"anyOf": [TEXT, {
        "type": "object", "required": ["name", "lang"], "additionalProperties": False,
        "properties": {"name": TEXT, "lang": LANG}}]}}
    props["settings"] = {"type": "object", "propertyNames": {"enum": keys}, "additionalProperties": setting}
    props["variants"] = {"type": "object", "additionalProperties": {
        "type": "object", "additionalProperties": False, "properties": {"name": TEXT, "description": TEXT}}}
    props["examples"] = {"type": "object", "additionalProperties": {
        "type": "object", "required": ["title", "note"], "additionalProperties": False,
        "properties": {"title": TEXT, "note": TEXT, "checks": {"type": "object", "additionalProperties": TEXT}}}}
    return {"$schema": DRAFT, "title": "Giv <lang>.yaml", "description": "One language's text of a game "
            "(docs/content-format.md).", "type": "object", "required": ["name", "slug", "summary"],
            "additionalProperties": False, "properties": props}


def schemas() -> dict[str, str]:
    """File name in schema/ -> its text."""
    out = {"game.schema.json": game_schema(), "examples.schema.json": examples_schema(),
           "text.schema.json": text_schema()}
    return {name: json.dumps(data, indent=2, ensure_ascii=False) + "\n" for name, data in out.items()}


def schema_command(args) -> int:
    folder = Path(args.out) if args.out else Path(args.content).resolve().parent / "schema"
    stale = [name for name, text in schemas().items()
             if not (folder / name).exists() or (folder / name).read_text("utf-8") != text]
    if args.check:
        for name in stale:
            print(f"giv schema: {folder / name} differs from what `giv schema` generates", file=sys.stderr)
        return 1 if stale else 0
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in schemas().items():
        (folder / name).write_text(text, "utf-8")
    print(f"giv schema: wrote {', '.join(schemas())} to {folder}/")
    return 0
