"""Reading YAML with the line of every key and item, so errors can name them."""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import yaml

MAX_BYTES = 1_000_000


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


def _convert(node: yaml.Node) -> Any:
    if isinstance(node, yaml.ScalarNode):
        return node.value if node.tag == _STR else _scalar(node)
    if isinstance(node, yaml.MappingNode):
        return _mapping(node)
    items = LList([_convert(n) for n in node.value])
    items.line, items.lines = node.start_mark.line + 1, [n.start_mark.line + 1 for n in node.value]
    return items


def _mapping(node: yaml.MappingNode) -> LDict:
    out = LDict()
    out.line, out.lines = node.start_mark.line + 1, {}
    for key_node, value_node in node.value:
        key = _convert(key_node)
        if not isinstance(key, str):
            raise yaml.MarkedYAMLError(problem="keys must be text", problem_mark=key_node.start_mark)
        if key in out:
            raise yaml.MarkedYAMLError(problem=f"duplicate key '{key}'", problem_mark=key_node.start_mark)
        out[key] = _convert(value_node)
        out.lines[key] = key_node.start_mark.line + 1
    return out


_LOADER = yaml.SafeLoader("")
_STR = "tag:yaml.org,2002:str"  # SafeLoader's construct_yaml_str returns such a scalar's text as it is
_PLAIN = {tag: yaml.SafeLoader.yaml_constructors[tag]
          for tag in ("tag:yaml.org,2002:null", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:int",
                      "tag:yaml.org,2002:float")}


def _scalar(node: yaml.ScalarNode) -> Any:
    if node.tag in _PLAIN:
        return _plain(node.tag, node.value)
    try:  # any other tag, and its errors, exactly as PyYAML constructs it
        return _LOADER.construct_object(node, deep=True)
    finally:
        _LOADER.constructed_objects.clear()


@functools.lru_cache(maxsize=4096)
def _plain(tag: str, value: str) -> Any:
    """A null, bool, int or float: immutable, so built once per distinct text (from the text alone)."""
    return _PLAIN[tag](_LOADER, yaml.ScalarNode(tag, value))


@functools.lru_cache(maxsize=16384)
def _scalar_tag(value: str, implicit: tuple[bool, bool]) -> str:
    return _LOADER.resolve(yaml.ScalarNode, value, implicit)


class _Composer(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # libyaml's parser when PyYAML has it: 15x faster
    """Resolves the tag of each distinct scalar text once: keys and numbers recur in every file."""

    def resolve(self, kind: type, value: Any, implicit: Any) -> str:
        if kind is yaml.ScalarNode:
            return _scalar_tag(value, implicit)
        return super().resolve(kind, value, implicit)


COMPOSER = _Composer


def read_text(path: Path) -> tuple[str | None, int, str]:
    """The file's text, or None with the line and message of why it cannot be read."""
    data = path.read_bytes()
    if len(data) > MAX_BYTES:
        return None, 1, f"file is {len(data):,} bytes; the limit is {MAX_BYTES:,}"
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, data[: exc.start].count(b"\n") + 1, f"not UTF-8 (byte 0x{data[exc.start]:02x})"
    if not text.strip():
        return None, 1, "file is empty"
    return text, 0, ""


def _yaml_problem(exc: yaml.MarkedYAMLError) -> tuple[int, str]:
    """The line and message of a YAML error. An unclosed bracket or quote is named where it opens:
    the parser only notices it lines later, where the next key stands."""
    mark, context = exc.problem_mark or exc.context_mark, exc.context or ""
    line = mark.line + 1 if mark else 1
    opened = exc.context_mark.line + 1 if exc.context_mark else line
    if opened != line and context.startswith(("while parsing a flow", "while scanning a quoted")):
        kind = context.split(" a ", 1)[1]
        return opened, f"invalid YAML: the {kind} that starts on this line is not closed ({exc.problem} on line {line})"
    return line, f"invalid YAML: {exc.problem}"


def load_yaml(path: Path) -> tuple[Any, int, str]:
    """Parsed YAML with lines, or None with the line and message of the first problem."""
    text, line, message = read_text(path)
    if text is None:
        return None, line, message
    try:
        node = yaml.compose(text, Loader=COMPOSER)
        return _convert(node), 0, ""
    except yaml.MarkedYAMLError as exc:
        if not issubclass(COMPOSER, yaml.SafeLoader):  # libyaml's messages say less ("found character"): ask PyYAML's
            try:
                yaml.compose(text, Loader=yaml.SafeLoader)
            except yaml.MarkedYAMLError as pure:
                exc = pure
        return (None, *_yaml_problem(exc))
    except yaml.YAMLError as exc:
        return None, 1, f"invalid YAML: {exc}"
