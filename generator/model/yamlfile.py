"""Reading YAML with the line of every key and item, so errors can name them.

One safe loader for every YAML file of content/: the file is read by files.read_text; values are
read as YAML 1.2 reads them (only true and false are booleans: `no`, `on` and `2024-01-01` are
text as written); aliases may not refer to the value they are part of, nor expand the file beyond
MAX_VALUES values; values nest at most MAX_DEPTH deep. Each limit is a one-line error.
"""
from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

import yaml

from ..limits import MAX_DEPTH, MAX_VALUES
from .files import read_text


class LDict(dict):
    """A mapping that remembers the line of each key (1-based) and its own."""

    line: int = 1
    lines: dict

    def at(self, key: str) -> int:
        return self.lines.get(key, self.line)


class LList(list):
    line: int = 1
    lines: list

    def at(self, index: int) -> int:
        return self.lines[index] if index < len(self.lines) else self.line


class _Limit(Exception):
    """A file beyond one of the loader's limits: the line and the message."""

    def __init__(self, node: yaml.Node, message: str):
        super().__init__(message)
        self.line, self.message = node.start_mark.line + 1, message


class _Converter:
    """Nodes to values, with lines; counts every value an alias repeats and tracks the path taken."""

    def __init__(self):
        self.values, self.open = 0, set()

    def convert(self, node: yaml.Node, depth: int = 1) -> Any:
        self.values += 1
        if self.values > MAX_VALUES:
            raise _Limit(node, f"the file expands to more than {MAX_VALUES:,} values (aliases repeat values); "
                               "that is the limit")
        if node.tag not in _TAGS:
            raise _Limit(node, f"the tag {node.tag.replace('tag:yaml.org,2002:', '!!')} is not one Giv reads; "
                               "content files hold text, numbers, true, false, lists and mappings")
        if isinstance(node, yaml.ScalarNode):
            return node.value if node.tag == _STR else _plain(node.tag, node.value)
        if depth > MAX_DEPTH:
            raise _Limit(node, f"values nest more than {MAX_DEPTH} deep; that is the limit")
        if id(node) in self.open:
            raise _Limit(node, "an alias refers to the value it is part of")
        self.open.add(id(node))
        try:
            if isinstance(node, yaml.MappingNode):
                return self.mapping(node, depth)
            items = LList([self.convert(n, depth + 1) for n in node.value])
            items.line, items.lines = node.start_mark.line + 1, [n.start_mark.line + 1 for n in node.value]
            return items
        finally:
            self.open.discard(id(node))

    def mapping(self, node: yaml.MappingNode, depth: int) -> LDict:
        out = LDict()
        out.line, out.lines = node.start_mark.line + 1, {}
        for key_node, value_node in node.value:
            key = self.convert(key_node, depth + 1)
            if not isinstance(key, str):
                raise yaml.MarkedYAMLError(problem="keys must be text", problem_mark=key_node.start_mark)
            if key in out:
                raise yaml.MarkedYAMLError(problem=f"duplicate key '{key}'", problem_mark=key_node.start_mark)
            out[key] = self.convert(value_node, depth + 1)
            out.lines[key] = key_node.start_mark.line + 1
        return out


_STR = "tag:yaml.org,2002:str"  # SafeLoader's construct_yaml_str returns such a scalar's text as it is
def _float(text: str) -> float:
    special = text.lower().replace(".inf", "inf").replace(".nan", "nan")
    return float(special)


_PLAIN = {"tag:yaml.org,2002:null": lambda text: None,
          "tag:yaml.org,2002:bool": lambda text: text.lower() == "true",
          "tag:yaml.org,2002:int": lambda text: int(text, 0 if text[:2] in ("0o", "0x") else 10),
          "tag:yaml.org,2002:float": _float}
_TAGS = {_STR, *_PLAIN, "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}


@functools.lru_cache(maxsize=4096)
def _plain(tag: str, value: str) -> Any:
    """A null, bool, int or float: immutable, so built once per distinct text (from the text alone)."""
    return _PLAIN[tag](value)


_CORE = [("tag:yaml.org,2002:null", re.compile(r"~|null|Null|NULL|")),  # YAML 1.2's core schema
         ("tag:yaml.org,2002:bool", re.compile(r"true|True|TRUE|false|False|FALSE")),
         ("tag:yaml.org,2002:int", re.compile(r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+")),
         ("tag:yaml.org,2002:float", re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?"
                                                r"|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN)"))]


@functools.lru_cache(maxsize=16384)
def _scalar_tag(value: str, implicit: tuple[bool, bool]) -> str:
    """A plain scalar's tag as YAML 1.2 resolves it; any other scalar is text."""
    if implicit[0]:
        for tag, pattern in _CORE:
            if pattern.fullmatch(value):
                return tag
    return _STR


class _Composer(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # libyaml's parser when PyYAML has it: 15x faster
    """Resolves the tag of each distinct scalar text once: keys and numbers recur in every file."""

    def resolve(self, kind: type, value: Any, implicit: Any) -> str:
        if kind is yaml.ScalarNode:
            return _scalar_tag(value, implicit)
        return super().resolve(kind, value, implicit)


COMPOSER = _Composer


# The parser's words for the mistakes people make most, in the author's words (the parser's own
# name the tokens it expected: "<block end>", "?").
_SAID_PLAINLY = {
    "mapping values are not allowed here":
        "a ': ' where no key can start (put a value that holds ': ' in quotes, name: 'A: B'; "
        "or is the line indented too far?)",
    "expected <block end>, but found '?'":
        "a 'key: value' line among the '- ' items of a list (a '-' needs a space after it; "
        "or is the line indented too little?)",
    "expected <block end>, but found '-'": "a '- ' item among the keys of a mapping (is it indented too little?)",
    "expected <block end>": "this line is indented differently from the lines before it "
                            "(the keys of one mapping start in one column)",
    "found character '\\t' that cannot start any token": "a tab; YAML indents with spaces",
}


def _yaml_problem(exc: yaml.MarkedYAMLError) -> tuple[int, str]:
    """The line and message of a YAML error. An unclosed bracket or quote is named where it opens,
    and a key without its ':' where the key is: the parser only notices either lines later, where
    the next key stands."""
    mark, context = exc.problem_mark or exc.context_mark, exc.context or ""
    line = mark.line + 1 if mark else 1
    opened = exc.context_mark.line + 1 if exc.context_mark else line
    if opened != line and context.startswith(("while parsing a flow", "while scanning a quoted")):
        kind = context.split(" a ", 1)[1]
        return opened, f"invalid YAML: the {kind} that starts on this line is not closed ({exc.problem} on line {line})"
    if context == "while scanning a simple key":
        return opened, ("invalid YAML: this line is neither 'key: value' nor a '- ' item (is its ':' missing, "
                        "or is it text of the value above that needs more indent?)")
    plain = next((text for start, text in _SAID_PLAINLY.items() if (exc.problem or "").startswith(start)), None)
    return line, f"invalid YAML: {plain or exc.problem}"


def _problem(text: str, exc: yaml.YAMLError) -> tuple[int, str]:
    """The line and message of a YAML error, in one line."""
    if isinstance(exc, yaml.reader.ReaderError):
        return text.count("\n", 0, exc.position) + 1, f"invalid YAML: the character U+{exc.character:04X} is not allowed"
    if not isinstance(exc, yaml.MarkedYAMLError):
        return 1, f"invalid YAML: {str(exc).splitlines()[0]}"
    if exc.problem == "exceeded maximum nesting depth":  # libyaml's own limit, deeper than ours
        return exc.problem_mark.line + 1, f"values nest more than {MAX_DEPTH} deep; that is the limit"
    if exc.context == "expected a single document in the stream":
        return exc.problem_mark.line + 1, "invalid YAML: a second document ('---'); a content file holds one"
    if not issubclass(COMPOSER, yaml.SafeLoader):  # libyaml's messages say less ("found character"): ask PyYAML's
        try:
            yaml.compose(text, Loader=yaml.SafeLoader)
        except yaml.MarkedYAMLError as pure:
            exc = pure
        except (yaml.YAMLError, RecursionError):
            pass
    return _yaml_problem(exc)


def load_yaml(path: Path, root: Path) -> tuple[Any, int, str]:
    """Parsed YAML with lines, or None with the line and message of the first problem.
    root is the content/ folder: nothing outside it is read."""
    text, line, message = read_text(path, root)
    if text is None:
        return None, line, message
    try:
        node = yaml.compose(text, Loader=COMPOSER)
        data = None if node is None else _Converter().convert(node)
    except _Limit as exc:
        return None, exc.line, exc.message
    except RecursionError:  # only without libyaml, whose parser stops at its own depth first
        return None, 1, f"values nest more than {MAX_DEPTH} deep; that is the limit"
    except yaml.YAMLError as exc:
        return (None, *_problem(text, exc))
    if data is None:
        return None, 1, "file holds only comments" if node is None else "file holds only an empty value (null)"
    return data, 0, ""
