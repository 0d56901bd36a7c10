"""The Jinja2 environment: autoescape on, StrictUndefined, gettext from the language's catalog
(generator/render/messages.py: the meaning of jinja2.ext.i18n's newstyle gettext, memoised)."""
from __future__ import annotations

import json
import os
from gettext import GNUTranslations
from pathlib import Path
from typing import Hashable

from jinja2 import BytecodeCache, Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from ..i18n.formats import items, number
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


class SharedBytecode(BytecodeCache):
    """Compiled templates, shared by the languages' environments (they differ only in what is
    installed at run time) and, when generator/cache gives it a folder, by later builds."""

    def __init__(self) -> None:
        self.memory: dict[str, bytes] = {}
        self.folder: Path | None = None

    def load_bytecode(self, bucket) -> None:
        data = self.memory.get(bucket.key)
        if data is None and self.folder and (self.folder / bucket.key).exists():
            data = (self.folder / bucket.key).read_bytes()
        if data is not None:
            bucket.bytecode_from_string(data)

    def dump_bytecode(self, bucket) -> None:
        data = self.memory[bucket.key] = bucket.bytecode_to_string()
        if self.folder:  # best effort: parallel workers may write the same template at once
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                temp = self.folder / f"{bucket.key}.{os.getpid()}.tmp"
                temp.write_bytes(data)
                temp.replace(self.folder / bucket.key)
            except OSError:
                pass


BYTECODE = SharedBytecode()


class Fragments:
    """fragment(name, **values) in a template: the template `name` rendered with only these values,
    once per language for the same values. For the parts of a page that depend on a few small
    values and not on the page (the blank scoresheet's grid, for the template and the seats)."""

    def __init__(self, env: Environment) -> None:
        self.env = env
        self.done: dict[tuple, Markup] = {}

    def __call__(self, name: str, /, **values: Hashable) -> Markup:
        key = (name, *sorted(values.items()))
        found = self.done.get(key)
        if found is None:
            found = self.done[key] = Markup(self.env.get_template(name).render(values))
        return found


def environment(templates: Path, translations: GNUTranslations, locale: str) -> Environment:
    env = Environment(
        bytecode_cache=BYTECODE,
        loader=FileSystemLoader(str(templates)),
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
