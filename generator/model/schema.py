"""The build's shape check of loaded YAML against the content format's declaration (model/format.py):
known keys, required keys, the kind of each value and the names a mapping of chosen names takes
(a MapOf's keys), each problem with its file and line."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .errors import Problems, closest, hint, listing
from .nodes import Choice, Fields, MapOf, Text
from .yamlfile import LDict, LList

KINDS = {
    "text": (str,),
    "int": (int,),
    "bool": (bool,),
    "map": (dict,),
    "list": (list,),
    "any": (object,),
}
NAMES = {"text": "text", "int": "a whole number", "bool": "true or false", "map": "a mapping",
         "list": "a list", "any": "a value"}


def kind_of(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):  # shown as written when short: `yes` is text, not a boolean
        return f"text '{value}'" if 0 < len(value) <= 40 and value.isprintable() else "text"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return "empty" if value is None else type(value).__name__


def is_kind(value: Any, kind: str) -> bool:
    if kind == "int" and isinstance(value, bool):
        return False
    if kind == "text":
        return isinstance(value, str) and value.strip() != ""
    return isinstance(value, KINDS[kind])


def line_of(data: Any, key: Any = None) -> int:
    if isinstance(data, (LDict, LList)) and key is not None:
        return data.at(key)
    return getattr(data, "line", 1)


def same_id(seen: dict[str, tuple[str, str]], item_id: str, where: str, anchor: str = "") -> str | None:
    """None when item_id is new (it is recorded as written at `where`, "line 7"); else what follows
    "duplicate ... id 'x'": nothing for the same id, or the earlier id that differs from it only in
    case (ids are told apart regardless of case: the page's anchor is the id in lowercase)."""
    first = seen.setdefault(item_id.lower(), (item_id, where))
    if first == (item_id, where):
        return None
    if first[0] == item_id:
        return ""
    return (f": '{first[0]}' ({first[1]}) differs from it only in case"
            + (f", and on the page both would be #{anchor}{item_id.lower()}" if anchor else ""))


class Shape:
    """Checks one mapping against its required and optional keys; problems go to `problems`."""

    def __init__(self, problems: Problems, path: Path, where: str = ""):
        self.problems, self.path, self.where = problems, path, where

    def name(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def mapping(self, data: Any, line: int, fields: Fields) -> bool:
        """True when data is a mapping whose keys are known and whose values have the right kind."""
        required, optional = fields.required, fields.optional
        if not isinstance(data, dict):
            label = self.where or "the file"
            self.problems.add(self.path, line, f"{label} must be a mapping, not {kind_of(data)}")
            return False
        ok = True
        known = sorted({**required, **optional})
        meant = set()  # the keys an unknown key is a misspelling of: said once, with the unknown key
        for key in data:
            if key not in required and key not in optional:
                self.problems.add(self.path, line_of(data, key), f"unknown key '{self.name(key)}'{listing(key, known)}")
                meant.add(closest(key, known))
                ok = False
        for key in required:
            if key not in data:
                if key not in meant:
                    self.problems.add(self.path, line_of(data), f"'{self.name(key)}' is missing")
                ok = False
        for key, node in fields.all().items():
            if key in data and not is_kind(data[key], node.kind):
                if node.kind == "text" and isinstance(data[key], str):  # text, but only spaces or nothing
                    why = "is empty"
                else:
                    why = f"must be {NAMES[node.kind]}, not {kind_of(data[key])}"
                self.problems.add(self.path, line_of(data, key), f"'{self.name(key)}' {why}")
                ok = False
            elif key in data and isinstance(node, Text) and node.pattern and not re.search(node.pattern, data[key]):
                # text of the wrong form is a problem, but still text: the checks after this one go on
                self.problems.add(self.path, line_of(data, key), f"{self.name(key)} '{data[key]}' {node.problem}")
            elif key in data and isinstance(node, MapOf) and node.keys is not None:
                ok = self.names(data[key], node) and ok
        return ok

    def names(self, data: dict, node: MapOf) -> bool:
        """True when the declaration's keys take every key of the mapping; a problem at each one they
        do not (the checks after this one would only repeat it: a variant's texts, a language's pages)."""
        keys, ok = node.keys, True
        for key in data:
            if isinstance(keys, Choice) and key not in keys.options:
                self.problems.add(self.path, line_of(data, key), f"unknown {node.key_name} '{key}'"
                                  f"{hint(key, keys.options)}{f' ({keys.problem})' if keys.problem else ''}")
                ok = False
            elif isinstance(keys, Text) and not re.search(keys.pattern or "", key):
                self.problems.add(self.path, line_of(data, key), f"{node.key_name} '{key}' {keys.problem}")
                ok = False
        return ok
