"""The Jinja2 environment: autoescape on, StrictUndefined, gettext from the language's catalog."""
from __future__ import annotations

import json
import os
from pathlib import Path

from babel.support import Translations
from jinja2 import BytecodeCache, Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from ..i18n.formats import items, number


def json_script(value: object) -> Markup:
    """JSON safe to place inside <script type="application/json">: no '<' can close the element."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


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


def environment(templates: Path, translations: Translations, locale: str) -> Environment:
    env = Environment(
        bytecode_cache=BYTECODE,
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
