"""The Jinja2 environment: autoescape on, StrictUndefined, gettext from the language's catalog."""
from __future__ import annotations

import json
from pathlib import Path

from babel.support import Translations
from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from ..i18n.formats import items, number


def json_script(value: object) -> Markup:
    """JSON safe to place inside <script type="application/json">: no '<' can close the element."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


def environment(templates: Path, translations: Translations, locale: str) -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(templates)),
        autoescape=select_autoescape(["html", "xml"], default=True),
        undefined=StrictUndefined,
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.install_gettext_translations(translations, newstyle=True)
    env.filters["number"] = lambda value: number(value, locale)
    env.filters["items"] = lambda values: items(list(values), locale)
    env.filters["json_script"] = json_script
    return env
