"""game.yaml: a game's facts (template, players, settings metadata, variants), with `extends`."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..engine.spec import TEMPLATES, check_value
from .errors import Problems
from .schema import Shape, kind_of, line_of
from .types import SettingMeta, Variant

GAME_KEYS = {"id": "text", "template": "text", "extends": "text", "order": "int", "players": "map",
             "fixed": "map", "settings": "map", "variants": "map"}
META_KEYS = {"int": {"default": "int", "min": "int", "max": "int", "step": "int"},
             "enum": {"default": "text", "options": "list"}, "bool": {"default": "bool"}}


def merged(raw: dict[str, tuple[Any, Path]], game_id: str, problems: Problems) -> tuple[dict, Path] | None:
    """The game's raw definition with what it extends filled in; None on a broken chain."""
    chain, current = [], game_id
    while current is not None:
        if current in chain:
            data, path = raw[game_id]
            problems.add(path, line_of(data, "extends"), f"circular extends: {' -> '.join(chain + [current])}")
            return None
        if current not in raw:
            data, path = raw[chain[-1]]
            problems.add(path, line_of(data, "extends"), f"extends unknown game '{current}'")
            return None
        chain.append(current)
        current = raw[current][0].get("extends")
    result: dict[str, Any] = {"fixed": {}, "settings": {}, "variants": {}}
    for gid in reversed(chain):
        data = raw[gid][0]
        for key in ("template", "players", "order"):
            if key in data:
                result[key] = data[key]
        settings = data.get("settings", {})
        result["fixed"] = {k: v for k, v in result["fixed"].items() if k not in settings}
        result["fixed"].update(data.get("fixed", {}))
        for key, meta in settings.items():
            base = result["settings"].get(key, {})
            result["settings"][key] = {**base, **meta} if isinstance(meta, dict) else meta
            result["settings"][key + "\0line"] = (raw[gid][1], line_of(settings, key))
        result["variants"].update(data.get("variants", {}))
    return result, raw[game_id][1]


def check_meta(problems: Problems, path: Path, line: int, template: str, key: str, meta: Any) -> SettingMeta | None:
    known = TEMPLATES[template]["settings"]
    if key not in known:
        problems.add(path, line, f"unknown setting '{key}' for template {template} (known: {', '.join(known)})")
        return None
    base = known[key]
    shape = Shape(problems, path, f"settings.{key}")
    req = META_KEYS[base["type"]]
    if not shape.mapping(meta, line, req):
        return None
    if base["type"] == "enum":
        options = meta["options"]
        bad = [o for o in options if o not in base["options"]]
        if bad or not options or len(set(options)) != len(options):
            what = f"unknown option '{bad[0]}'" if bad else "options must be distinct and not empty"
            problems.add(path, line, f"settings.{key}: {what} (template options: {', '.join(base['options'])})")
            return None
        if meta["default"] not in options:
            problems.add(path, line, f"settings.{key}: default '{meta['default']}' is not one of its options")
            return None
        return SettingMeta(key, "enum", meta["default"], options=list(options))
    if base["type"] == "bool":
        return SettingMeta(key, "bool", meta["default"])
    low, high, step, default = meta["min"], meta["max"], meta["step"], meta["default"]
    if step < 1 or low > high or low < base["min"] or high > base["max"]:
        problems.add(path, line, f"settings.{key}: range {low}..{high} step {step} must lie within "
                                 f"{base['min']}..{base['max']} with a step of at least 1")
        return None
    if not low <= default <= high:
        problems.add(path, line_of(meta, "default"), f"settings.{key}: default {default} is outside {low}..{high}")
        return None
    if (default - low) % step:
        problems.add(path, line_of(meta, "default"), f"settings.{key}: default {default} is off its step "
                                                     f"({step} from {low})")
        return None
    return SettingMeta(key, "int", default, low, high, step)


def build_game_facts(problems: Problems, game_id: str, data: dict, path: Path) -> dict[str, Any] | None:
    """Validated facts of one merged game definition, or None when they cannot be used."""
    template = data.get("template")
    if template not in TEMPLATES:
        problems.add(path, 1, f"'template' must be one of {', '.join(TEMPLATES)}, not {template!r}")
        return None
    players = data.get("players")
    limits = TEMPLATES[template]["players"]
    ok = True
    if not Shape(problems, path, "players").mapping(players, 1, {"min": "int", "max": "int"}):
        ok = False
    elif not limits["min"] <= players["min"] <= players["max"] <= limits["max"]:
        problems.add(path, line_of(players), f"players {players['min']}..{players['max']} must lie within "
                                             f"{limits['min']}..{limits['max']}")
        ok = False
    settings: dict[str, SettingMeta] = {}
    for key, meta in data["settings"].items():
        if key.endswith("\0line"):
            continue
        where, line = data["settings"][key + "\0line"]
        checked = check_meta(problems, where, line, template, key, meta)
        ok = ok and checked is not None
        if checked:
            settings[key] = checked
    fixed = {}
    for key, value in data["fixed"].items():
        base = TEMPLATES[template]["settings"].get(key)
        if base is None or check_value(base, value) is None:
            problems.add(path, 1, f"fixed.{key}: {value!r} is not a valid value of a {template} setting")
            ok = False
        fixed[key] = value
    variants = {}
    for vid, vdata in data["variants"].items():
        vpath, vline = path, line_of(data["variants"], vid)
        if not Shape(problems, vpath, f"variants.{vid}").mapping(vdata, vline, {"settings": "map"}):
            ok = False
            continue
        for key, value in vdata["settings"].items():
            line = line_of(vdata["settings"], key)
            if key not in settings:
                problems.add(vpath, line, f"variant '{vid}' sets '{key}', which {game_id} does not have as a setting")
                ok = False
            elif check_value(settings[key].as_spec(), value) is None:
                problems.add(vpath, line, f"variant '{vid}': {value!r} is not a valid value of '{key}' "
                                          f"({kind_of(value)})")
                ok = False
        variants[vid] = Variant(vid, dict(vdata["settings"]))
    if not ok:
        return None
    return {"template": template, "players": (players["min"], players["max"]), "settings": settings,
            "fixed": fixed, "variants": variants, "order": data.get("order", 999)}
