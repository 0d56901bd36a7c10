"""<lang>.yaml and <lang>.md: one language's text for a game. Missing text is an error."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from .errors import Problems, hint
from .format import ALIAS, EXAMPLE_TEXT, LABELLED, TEXT, VARIANT_TEXT, setting_text
from .nodes import Fields
from .schema import Shape, line_of
from .sitefile import language_problem
from .types import Alias, ExampleText, GameText, Loc, SettingMeta, SettingText, Text
from .files import present, read_text
from .markers import MARKER, held_as
from .yamlfile import load_yaml

OPTIONAL_EXAMPLE_TEXT = Fields(optional=EXAMPLE_TEXT.all())  # its required keys are checked as translations
Common = tuple[Path, str, dict]  # content/settings/<lang>.yaml, the game's template, its texts for that template


def load_raw(problems: Problems, folder: Path, lang: str) -> tuple[dict | None, str | None]:
    """The raw language file and rules text; a missing file is a missing translation."""
    data = rules = None
    ypath, mpath = folder / f"{lang}.yaml", folder / f"{lang}.md"
    exists = {path: present(path) for path in (ypath, mpath)}
    for path in (ypath, mpath):
        if not exists[path]:
            problems.add(path, 1, f"missing translation: {path.name} ({lang})")
    if exists[ypath]:
        data, line, message = load_yaml(ypath, problems.root)
        if data is None:
            problems.add(ypath, line, message)
        elif Shape(problems, ypath).mapping(data, 1, TEXT):
            pass
        else:
            data = None
    if exists[mpath]:
        rules, line, message = read_text(mpath, problems.root)
        if rules is None:
            problems.add(mpath, line, message)
    return data, rules


def stand_in(key: str, texts: dict[str, Any]) -> str:
    """How a draft holds an entry it lacks until it is translated: `key: {name: TODO(giv), ...}`."""
    def flow(values: dict[str, Any]) -> str:
        return "{" + ", ".join(f"{k}: {flow(v) if isinstance(v, dict) else v}" for k, v in values.items()) + "}"
    return held_as(f"{key}: {flow(texts)}")


def _text(problems: Problems, path: Path, where: str, data: Any, line: int, lang: str,
          fields: Fields = LABELLED, draft_stand_in: str = "") -> Text | None:
    shape, keys = Shape(problems, path, where), tuple(fields.all())
    if not isinstance(data, dict):
        problems.add(path, line, f"missing translation: {where} ({lang}){draft_stand_in}")
        return None
    missing = [k for k in keys if k not in data]
    for key in missing:
        problems.add(path, line_of(data), f"missing translation: {where}.{key} ({lang})")
    if missing or not shape.mapping(data, line, fields):
        return None
    return Text(data[keys[0]], data[keys[1]])


def settings_text(problems: Problems, layers: list[tuple[Path, dict]], settings: dict[str, SettingMeta],
                  lang: str, shared: Common | None = None) -> dict[str, SettingText]:
    """Labels for every exposed setting and option. Each text (label, description, when_on, when_off,
    each option) comes from the nearest layer that has it: the game's own file, the games it
    extends, then the texts the site writes once for the template (shared: content/settings/)."""
    sources = layers + ([(shared[0], {"settings": shared[2]})] if shared else [])

    def named(path: Path, key: str) -> str:  # a setting as its file writes it: settings.<key>, or <template>.<key>
        return f"{shared[1]}.{key}" if shared and path == shared[0] else f"settings.{key}"

    own_path, own = layers[0]
    out = {}
    for key, meta in settings.items():
        line = line_of(own.get("settings", own), key)
        where = f"settings.{key}"
        found = [(p, d["settings"][key]) for p, d in sources if key in (d.get("settings") or {})]
        declared = setting_text(meta.type)
        fields = tuple(name for name in declared.all() if name != "options")
        ok = True
        for path, data in found:
            if not Shape(problems, path, named(path, key)).mapping(data, line_of(data), declared):
                ok = False
        if not ok:
            continue
        chosen = {}
        at = (found[0][0], line_of(found[0][1])) if found else (own_path, line)  # where a missing text belongs
        for name in fields:
            data = next((d for _, d in found if name in d), None)
            if data is None:
                problems.add(*at, f"missing translation: {named(at[0], key)}.{name} ({lang})")
            else:
                chosen[name] = data[name].strip()
        options = {}
        listed = next(((p, line_of(d, "options")) for p, d in found if "options" in d), at)
        for option in meta.options:
            path, data = next(((p, d["options"]) for p, d in found if option in d.get("options", {})), (None, None))
            otext = _text(problems, path or listed[0], f"{named(path or listed[0], key)}.options.{option}",
                          data and data[option],
                          line_of(data, option) if data else listed[1], lang)
            if otext:
                options[option] = otext
        for path, data in found:
            # the shared texts name every option of the template, and a parent's texts are checked
            # with the parent (a game that extends it may offer fewer options)
            if path != own_path:
                continue
            for option in data.get("options", {}):
                if option not in meta.options:
                    problems.add(path, line_of(data["options"], option),
                                 f"{where}.options.{option}: the game has no such option" + hint(option, meta.options))
        if len(chosen) == len(fields):
            out[key] = SettingText(chosen["label"], chosen["description"], options,
                                   chosen.get("when_on", ""), chosen.get("when_off", ""))
    for path, data in layers[:1]:  # a parent's texts are checked with the parent (a game may fix its settings)
        for key in data.get("settings", {}):
            if key not in settings:
                problems.add(path, line_of(data["settings"], key), f"settings.{key}: the game has no such setting"
                                                                      + hint(key, settings))
    return out


def aliases(problems: Problems, path: Path, data: dict, lang: str) -> list[Alias]:
    out = []
    items = data.get("aliases", [])
    for index, item in enumerate(items):
        line = line_of(items, index)
        if isinstance(item, str) and item.strip():
            out.append(Alias(item.strip(), lang, line))
        elif Shape(problems, path, f"aliases[{index + 1}]").mapping(item, line, ALIAS):
            problem = language_problem(item["lang"])
            if problem:
                problems.add(path, line_of(item, "lang"), f"aliases[{index + 1}].lang: {problem}")
            else:
                out.append(Alias(item["name"].strip(), item["lang"], line))
    return out


def game_text(problems: Problems, lang: str, layers: list[tuple[Path, dict]], rules_file: Path,
              settings: dict[str, SettingMeta], variant_ids: list[str], examples: dict[str, list[str]],
              shared: Common | None = None, draft: bool = False) -> GameText | None:
    """The complete text of a game in one language; layers are the game's file first, then its parents'.
    A draft language that lacks a variant or an example is told how to hold it (stand_in)."""
    path, own = layers[0]
    slug = own["slug"]
    stext = settings_text(problems, layers, settings, lang, shared)
    vtext = {}
    for vid in variant_ids:
        vpath, vdata = next(((p, d["variants"][vid]) for p, d in layers if vid in d.get("variants", {})), (path, None))
        text = _text(problems, vpath, f"variants.{vid}", vdata, line_of(own.get("variants", own), vid), lang,
                     VARIANT_TEXT, stand_in(vid, dict.fromkeys(VARIANT_TEXT.all(), MARKER)) if draft else "")
        if text:
            vtext[vid] = text
    for vpath, vdata in layers[:1]:  # a parent's texts are checked with the parent (it may have more variants)
        for vid in vdata.get("variants", {}):
            if vid not in variant_ids:
                problems.add(vpath, line_of(vdata["variants"], vid), f"variants.{vid}: the game has no such variant"
                                                                    + hint(vid, variant_ids))
    etext = {}
    raw_examples = own.get("examples", {})
    for eid, check_ids in examples.items():
        data = raw_examples.get(eid)
        # where the text is, or should be: under `examples:` when the file has it, else the file itself
        line = line_of(raw_examples, eid) if eid in raw_examples else line_of(own, "examples" if "examples" in own else None)
        where = f"examples.{eid}"
        if not isinstance(data, dict):
            held = {**dict.fromkeys(EXAMPLE_TEXT.required, MARKER),
                    **({"checks": dict.fromkeys(check_ids, MARKER)} if check_ids else {})}
            problems.add(path, line, f"missing translation: {where} ({lang}){stand_in(eid, held) if draft else ''}")
            continue
        # a title or note left out is a missing translation (giv status lists it), a misspelt key is still named
        missing = [key for key in EXAMPLE_TEXT.required if key not in data]
        for key in missing:
            problems.add(path, line, f"missing translation: {where}.{key} ({lang})")
        ok = Shape(problems, path, where).mapping(data, line, OPTIONAL_EXAMPLE_TEXT) and not missing
        checks = data.get("checks", {}) if isinstance(data.get("checks"), dict) else {}
        for cid in check_ids:
            if not isinstance(checks.get(cid), str) or not checks[cid].strip():
                problems.add(path, line_of(data, "checks"), f"missing translation: {where}.checks.{cid} ({lang})")
                ok = False
        for cid in checks:
            if cid not in check_ids:
                problems.add(path, line_of(checks, cid), f"{where}.checks.{cid}: the example has no such check"
                                                                  + hint(cid, check_ids))
        if ok:
            etext[eid] = ExampleText(data["title"], data["note"], {c: checks[c] for c in check_ids},
                                     line_of(data, "note"))
    for eid in raw_examples:
        if eid not in examples:
            problems.add(path, line_of(raw_examples, eid), f"examples.{eid}: the game has no such example"
                                                                  + hint(eid, examples))
    return GameText(lang, own["name"].strip(), slug, own["summary"].strip(), aliases(problems, path, own, lang),
                    stext, vtext, etext, rules_file, Loc(problems.rel(path), line_of(own, "name")),
                    line_of(own, "slug"))
