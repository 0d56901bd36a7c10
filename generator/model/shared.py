"""content/settings/<lang>.yaml: the texts of the engine's standard settings, written once per
language for every game of the site (docs/content-format.md). A game's own <lang>.yaml states
only what is its own or what it words differently; for the rest it takes these.

The file is a mapping of template -> setting -> {label, description, options, when_on, when_off},
the same shape as a game's `settings:`. Without it, every game writes all its settings' texts."""
from __future__ import annotations

from pathlib import Path

from ..engine.spec import TEMPLATES
from .errors import Problems, hint, listing
from .files import present
from .format import SHARED
from .schema import Shape, line_of
from .yamlfile import load_yaml

Shared = dict[str, tuple[Path, dict[str, dict]]]  # language -> (its file, {template: {setting: texts}})


def load_shared(problems: Problems, root: Path, languages: list[str]) -> Shared:
    out: Shared = {}
    for lang in languages:
        path = root / "settings" / f"{lang}.yaml"
        if not present(path):
            continue
        data, line, message = load_yaml(path, root)
        if data is None:
            problems.add(path, line, message)
            continue
        if not Shape(problems, path).mapping(data, 1, SHARED):
            continue
        for template, settings in data.items():
            known = TEMPLATES[template]["settings"]
            for key in settings:
                if key not in known:
                    problems.add(path, line_of(settings, key), f"{template}.{key}: not a setting of template "
                                                               f"{template}{listing(key, known)}")
            for key, texts in settings.items():
                options = texts.get("options", {}) if isinstance(texts, dict) else {}
                for option in options if isinstance(options, dict) else []:
                    if key in known and option not in known[key].get("options", []):
                        problems.add(path, line_of(options, option),
                                     f"{template}.{key}.options.{option}: the template has no such option"
                                     + hint(option, known[key].get("options", [])))
        out[lang] = (path, dict(data))
    return out
