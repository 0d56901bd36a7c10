"""The Jinja2 environment: autoescape on, StrictUndefined, gettext from the language's catalog
(generator/render/messages.py: the meaning of jinja2.ext.i18n's newstyle gettext, memoised)."""
from __future__ import annotations

import json
from gettext import GNUTranslations
from pathlib import Path
from typing import Hashable

from jinja2 import BytecodeCache, Environment, StrictUndefined, select_autoescape
from markupsafe import Markup

from ..i18n.formats import items, number
from .loader import TemplateLoader
from .messages import TemplateGettext


def json_script(value: object) -> Markup:
    """JSON safe to place inside <script type="application/json">: no '<' can close the element."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


def json_object_script(members: dict[str, object], encoded: dict[str, Markup]) -> Markup:
    """json_script({**members, **encoded}), where each value of `encoded` is json_script's text for
    it already: the same text, without encoding those values again (a language's sheet strings, on
    every rule page). An object is its members' texts in key order, as json.dumps(sort_keys) has it."""
    texts = {key: json_script(value) for key, value in members.items()} | encoded
    return Markup("{" + ",".join(f"{json_script(key)}:{texts[key]}" for key in sorted(texts)) + "}")


class Fragments:
    """fragment(name, **values) in a template: the template `name` rendered with only these values,
    once per language for the same values. For the parts of a page that depend on a few small
    values and not on the page (the blank scoresheet's grid, for the template and the seats).
    Kept because it makes a clean build's rendering noticeably faster (bench/README.md)."""

    def __init__(self, env: Environment) -> None:
        self.env = env
        self.done: dict[tuple, Markup] = {}

    def __call__(self, name: str, /, **values: Hashable) -> Markup:
        key = (name, *sorted(values.items()))
        found = self.done.get(key)
        if found is None:
            found = self.done[key] = Markup(self.env.get_template(name).render(values))
        return found


def environment(templates: Path, translations: GNUTranslations, locale: str,
                bytecode: BytecodeCache | None = None) -> Environment:
    env = Environment(
        bytecode_cache=bytecode,
        loader=TemplateLoader(templates),
        autoescape=select_autoescape(["html", "xml"], default=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,  # one environment serves one build: load each template once, not once a page
    )
    gettext = TemplateGettext(translations)
    env.globals.update(_=gettext.gettext, gettext=gettext.gettext, ngettext=gettext.ngettext)
    env.filters["number"] = lambda value: number(value, locale)
    env.filters["items"] = lambda values: items(list(values), locale)
    env.filters["json_script"] = json_script
    env.globals["fragment"] = Fragments(env)
    return env
