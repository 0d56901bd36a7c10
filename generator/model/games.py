"""game.yaml: a game's facts (template, players, settings metadata, variants), with `extends`."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..engine.spec import TEMPLATES, check_value
from ..engine.values import whole
from .errors import Problems, closest, hint, listing
from .format import PLAYERS, UNITS, VARIANT, setting_meta
from .schema import Shape, kind_of, line_of, same_id
from .types import SettingMeta, Variant
from .yamlfile import LDict


def _overlay(base: dict, meta: Any) -> Any:
    """A setting's metadata with an extending game's keys over its parent's; lines from the child."""
    if not base or not isinstance(meta, LDict):
        return meta
    out = LDict({**base, **meta})
    out.line, out.lines = meta.line, {key: meta.at(key) for key in out}
    return out


def merged(raw: dict[str, tuple[Any, Path]], game_id: str, problems: Problems) -> tuple[dict, Path] | None:
    """The game's raw definition with what it extends filled in; None on a broken chain.

    result["where"] maps "template", "players", "settings.<key>", "fixed.<key>", "variants.<id>"
    to the (file, line) that states it, so that an error names the file of the game that said it.
    """
    chain, current = [], game_id
    while current is not None:
        if current in chain:
            data, path = raw[game_id]
            problems.add(path, line_of(data, "extends"), f"circular extends: {' -> '.join(chain + [current])}")
            return None
        if current not in raw:
            data, path = raw[chain[-1]]
            problems.add(path, line_of(data, "extends"), f"extends unknown game '{current}'"
                                                      + hint(current, [g for g in raw if g not in chain]))
            return None
        chain.append(current)
        current = raw[current][0].get("extends")
    result: dict[str, Any] = {"fixed": {}, "settings": {}, "variants": {}, "where": {}}
    where = result["where"]
    for gid in reversed(chain):
        data, path = raw[gid]
        for key in ("template", "players", "order", "unit"):
            if key in data:
                result[key] = data[key]
                where[key] = (path, line_of(data, key))
        settings = data.get("settings", {})
        result["fixed"] = {k: v for k, v in result["fixed"].items() if k not in settings}
        for key, value in data.get("fixed", {}).items():  # a game may fix what the game it extends offers
            result["fixed"][key] = value
            result["settings"].pop(key, None)
            where[f"fixed.{key}"] = (path, line_of(data["fixed"], key))
        for key, meta in settings.items():
            result["settings"][key] = _overlay(result["settings"].get(key, {}), meta)
            where[f"settings.{key}"] = (path, line_of(settings, key))
        for vid, vdata in data.get("variants", {}).items():
            if vdata is None and vid in result["variants"]:  # `<id>: null`: not a variant of this game
                del result["variants"][vid]
                continue
            result["variants"][vid] = vdata
            where[f"variants.{vid}"] = (path, line_of(data["variants"], vid))
    return result, raw[game_id][1]


def draft_languages(problems: Problems, data: dict, path: Path, langs: set[str]) -> frozenset[str]:
    """The languages a game.yaml's `drafts` names (its own: a game does not inherit them)."""
    drafts = data.get("drafts", [])
    for lang in drafts:
        if not isinstance(lang, str) or lang not in langs:
            problems.add(path, line_of(data, "drafts"), f"drafts: '{lang}' is not a language of this site "
                                                        f"(site.yaml: {', '.join(sorted(langs))})")
    return frozenset(lang for lang in drafts if isinstance(lang, str) and lang in langs)


def why_invalid(meta: dict[str, Any], value: Any) -> str:
    """Why a value does not fit a setting, to follow the setting's name: "11 is outside 1..10"."""
    if meta["type"] == "bool":
        return f"must be true or false, not {kind_of(value)}"
    if meta["type"] == "enum":
        options = ", ".join(meta["options"])
        if not isinstance(value, str):
            return f"must be one of {options}, not {kind_of(value)}"
        return f"'{value}' is not one of its options ({options})"
    number = whole(value)
    if number is None:
        return f"must be a whole number, not {kind_of(value)}"
    if not meta["min"] <= number <= meta["max"]:
        return f"{number} is outside {meta['min']}..{meta['max']}"
    return f"{number} is off its step ({meta.get('step', 1)} from {meta['min']})"


def check_meta(problems: Problems, path: Path, line: int, template: str, key: str, meta: Any) -> SettingMeta | None:
    known = TEMPLATES[template]["settings"]
    if key not in known:
        problems.add(path, line, f"unknown setting '{key}' for template {template}{listing(key, known)}")
        return None
    base = known[key]
    shape = Shape(problems, path, f"settings.{key}")
    if not shape.mapping(meta, line, setting_meta(base)):
        return None
    if base["type"] == "enum":
        options = meta["options"]
        bad = [o for o in options if o not in base["options"]]
        if bad or not options or len(set(options)) != len(options):
            near = closest(bad[0], base["options"]) if bad else None
            what = f"unknown option '{bad[0]}'" if bad else "options must be distinct and not empty"
            what += f": did you mean '{near}'?" if near else ""
            problems.add(path, line_of(meta, "options"),
                         f"settings.{key}: {what} (template options: {', '.join(base['options'])})")
            return None
        if meta["default"] not in options:
            problems.add(path, line_of(meta, "default"), f"settings.{key}: default '{meta['default']}' is not one of "
                                                         f"its options ({', '.join(options)})")
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
    where = data["where"]
    template = data.get("template")
    if template is None:
        problems.add(path, 1, "'template' is missing")
        return None
    if template not in TEMPLATES:
        problems.add(*where["template"], f"unknown template '{template}'{listing(template, TEMPLATES)}")
        return None
    players = data.get("players")
    limits = TEMPLATES[template]["players"]
    ok = True
    if players is None:
        problems.add(path, 1, "'players' is missing")
        ok = False
    elif not Shape(problems, where["players"][0], "players").mapping(players, where["players"][1], PLAYERS):
        ok = False
    elif players["min"] > players["max"]:
        problems.add(*where["players"], f"players: min {players['min']} is above max {players['max']}")
        ok = False
    elif not limits["min"] <= players["min"] <= players["max"] <= limits["max"]:
        problems.add(*where["players"], f"players {players['min']}..{players['max']} must lie within "
                                        f"{limits['min']}..{limits['max']} (template {template})")
        ok = False
    settings: dict[str, SettingMeta] = {}
    for key, meta in data["settings"].items():
        checked = check_meta(problems, *where[f"settings.{key}"], template, key, meta)
        ok = ok and checked is not None
        if checked:
            settings[key] = checked
    known = TEMPLATES[template]["settings"]
    fixed = {}
    for key, value in data["fixed"].items():
        if key not in known:
            problems.add(*where[f"fixed.{key}"], f"fixed.{key}: not a setting of template {template}"
                                                 + listing(key, known))
            ok = False
        elif check_value(known[key], value) is None:
            problems.add(*where[f"fixed.{key}"], f"fixed.{key}: {why_invalid(known[key], value)}")
            ok = False
        fixed[key] = value
    variants, seen = {}, {}
    for vid, vdata in data["variants"].items():  # each id of the form the shape check of game.yaml asks
        vpath, vline = where[f"variants.{vid}"]
        again = same_id(seen, vid, f"{problems.rel(vpath)}:{vline}", "variant-")
        if again is not None:
            problems.add(vpath, vline, f"duplicate variant id '{vid}'{again}")
            ok = False
        if not Shape(problems, vpath, f"variants.{vid}").mapping(vdata, vline, VARIANT):
            ok = False
            continue
        for key, value in vdata["settings"].items():
            line = line_of(vdata["settings"], key)
            fixer = where.get(f"fixed.{key}") if key in data["fixed"] else None
            if fixer and fixer[0] != vpath:  # the game fixes a setting that an inherited variant chooses
                problems.add(*fixer, f"fixed.{key}: variant '{vid}' of {vpath.parent.name} ({vpath.name}:{vline}) "
                                     f"sets it; leave the variant out ({vid}: null under variants) or keep {key} "
                                     "a setting")
                ok = False
            elif key not in data["settings"]:
                problems.add(vpath, line, f"variant '{vid}' sets '{key}', which {game_id} does not have as a setting"
                                          + hint(key, settings))  # checked ones: never the misspelt key
                ok = False
            elif key in settings and check_value(settings[key].as_spec(), value) is None:
                problems.add(vpath, line, f"variant '{vid}': {key} {why_invalid(settings[key].as_spec(), value)}")
                ok = False
        if ok and all(key in settings and settings[key].default == value for key, value in vdata["settings"].items()):
            problems.add(vpath, vline, f"variant '{vid}' sets only what {game_id}'s defaults already are: "
                                       "choosing it would change nothing")
            ok = False
        variants[vid] = Variant(vid, dict(vdata["settings"]))
    unit = data.get("unit", "deal")
    if unit not in UNITS:
        problems.add(*where["unit"], f"unit '{unit}' must be one of {', '.join(UNITS)}")
        ok = False
    if not ok:
        return None
    return {"unit": unit, "template": template, "players": (players["min"], players["max"]), "settings": settings,
            "fixed": fixed, "variants": variants, "order": data.get("order", 999)}
