"""JSON Schemas of content/'s files, for editors: the declaration the build checks against
(generator/model/format.py) rendered as JSON Schema. `giv schema` writes them to schema/;
tests/test_schema.py fails when the committed files differ from what this module generates.
The build stays the judge: a schema cannot say, for instance, that a default lies on its step.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from .engine.spec import TEMPLATES
from .model.format import EXAMPLES, GAME, SHARED, SITE, TEXT, template_settings, template_values
from .model.nodes import Node

DRAFT = "https://json-schema.org/draft/2020-12/schema"


def document(title: str, node: Node, defs: dict[str, Node] | None = None, extra: dict | None = None) -> dict:
    """A schema file: the declaration of a file rendered, with the named parts it refers to."""
    body = node.schema()
    out = {"$schema": DRAFT, "title": title, "description": body.pop("description"), **body, **(extra or {})}
    if defs:
        out["$defs"] = {name: part.schema() for name, part in defs.items()}
    return out


def template_defs(settings: bool) -> dict[str, Node]:
    """Per template: its settings' values (`<t>-fixed`) and, for game.yaml, its settings (`<t>-settings`)."""
    out: dict[str, Node] = {f"{name}-fixed": template_values(name) for name in TEMPLATES}
    if settings:
        out.update({f"{name}-settings": template_settings(name) for name in TEMPLATES})
    return out


def game_branches() -> list[dict]:
    """game.yaml names its template (or extends a game that does): that template's settings apply."""
    branches = []
    for name, template in TEMPLATES.items():
        limits = template["players"]
        count = {"type": "integer", "minimum": limits["min"], "maximum": limits["max"]}
        values = {"$ref": f"#/$defs/{name}-fixed"}
        branches.append({"if": {"required": ["template"], "properties": {"template": {"const": name}}},
                         "then": {"properties": {"settings": {"$ref": f"#/$defs/{name}-settings"}, "fixed": values,
                                                 "variants": {"additionalProperties": {"properties": {"settings": values}}},
                                                 "players": {"properties": {"min": count, "max": count}}}}})
    # a game that extends none states its template and players itself, and has no variant to leave out
    branches.append({"if": {"not": {"required": ["extends"]}}, "then": {
        "required": ["template", "players"], "properties": {"variants": {"additionalProperties": {"type": "object"}}}}})
    return branches


def schemas() -> dict[str, str]:
    """File name in schema/ -> its text."""
    out = {"game.schema.json": document("Giv game.yaml", GAME, template_defs(True), {"allOf": game_branches()}),
           "examples.schema.json": document("Giv examples.yaml", EXAMPLES, template_defs(False)),
           "text.schema.json": document("Giv <lang>.yaml", TEXT),
           "settings.schema.json": document("Giv content/settings/<lang>.yaml", SHARED),
           "site.schema.json": document("Giv site.yaml", SITE)}
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
