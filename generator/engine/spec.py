"""Template metadata (templates.json) and the resolution of settings against a game's spec."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .values import whole

TEMPLATES: dict[str, dict[str, Any]] = json.loads(
    (Path(__file__).with_name("templates.json")).read_text(encoding="utf-8")
)


def template_spec(template: str) -> dict[str, Any]:
    """The spec a template stands for when no game is named: every setting, its own limits."""
    base = TEMPLATES[template]
    return {"players": dict(base["players"]), "settings": json.loads(json.dumps(base["settings"])), "fixed": {}}


def check_value(meta: dict[str, Any], value: Any) -> Any | None:
    """The value normalised when it fits the setting's metadata, else None."""
    kind = meta["type"]
    if kind == "bool":
        return value if isinstance(value, bool) else None
    if kind == "enum":
        return value if isinstance(value, str) and value in meta["options"] else None
    number = whole(value)
    if number is None or number < meta["min"] or number > meta["max"]:
        return None
    if (number - meta["min"]) % meta.get("step", 1) != 0:
        return None
    return number


def resolve_settings(template: str, spec: dict[str, Any], given: dict[str, Any]) -> tuple[dict[str, Any], list[dict]]:
    """Template defaults, then the spec's fixed values and defaults, then the given settings.

    Returns the effective settings and a badSetting error per key that is unknown to the spec
    or holds a value outside its metadata. Keys are visited in sorted order.
    """
    known = TEMPLATES[template]["settings"]
    settings = {key: meta["default"] for key, meta in known.items()}
    # The spec was checked (core._check_spec): its values fit, so check_value only normalises
    # them (60.0 -> 60, as JavaScript sees it).
    for key, value in spec.get("fixed", {}).items():
        settings[key] = check_value(known[key], value)
    for key, meta in spec["settings"].items():
        settings[key] = check_value(meta, meta["default"])
    errors = []
    for key in sorted(given):
        meta = spec["settings"].get(key)
        value = None if meta is None else check_value(meta, given[key])
        if value is None:
            errors.append({"code": "badSetting", "player": None, "round": None, "setting": key})
        else:
            settings[key] = value
    return settings, errors
