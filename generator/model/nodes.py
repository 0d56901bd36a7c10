"""The building blocks of the content format's one declaration (model/format.py).

Each node says two things from the same fields: the kind the build's shape check (model/schema.py)
asks of a value (text, int, bool, map, list or any), and the JSON Schema an editor is given for it
(`giv schema`). What the build checks beyond a value's kind (a default on its step, a language
that is complete) is the stage's own code, with its own message.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Node:
    doc: str = field(default="", kw_only=True)
    kind = "any"

    def schema(self) -> dict[str, Any]:
        """The node as JSON Schema, with its doc as the description an editor shows on hover."""
        return {**self.body(), **({"description": self.doc} if self.doc else {})}

    def body(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True)
class Text(Node):
    """Text that is not blank; with a pattern, text of that form, and what to say of text that is not."""
    pattern: str | None = None
    problem: str = ""
    kind = "text"

    def body(self) -> dict[str, Any]:
        return {"type": "string", "minLength": 1, **({"pattern": self.pattern} if self.pattern else {})}


@dataclass(frozen=True)
class Int(Node):
    minimum: int | None = None
    maximum: int | None = None
    kind = "int"

    def body(self) -> dict[str, Any]:
        bounds = {"minimum": self.minimum, "maximum": self.maximum}
        return {"type": "integer", **{k: v for k, v in bounds.items() if v is not None}}


@dataclass(frozen=True)
class Bool(Node):
    kind = "bool"

    def body(self) -> dict[str, Any]:
        return {"type": "boolean"}


@dataclass(frozen=True)
class Choice(Node):
    """One of a few names (a template, a unit, a setting's options): the check asks for text. As a
    MapOf's keys, problem is what follows an unknown name (what the names are, when they are few)."""
    options: tuple[str, ...] = ()
    problem: str = ""
    kind = "text"

    def body(self) -> dict[str, Any]:
        return {"enum": list(self.options)}


@dataclass(frozen=True)
class Null(Node):
    def body(self) -> dict[str, Any]:
        return {"type": "null"}


@dataclass(frozen=True)
class ListOf(Node):
    item: Node = field(default_factory=Node)
    min_items: int = 0
    unique: bool = False
    kind = "list"

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "array", "items": self.item.schema()}
        if self.min_items:
            out["minItems"] = self.min_items
        if self.unique:
            out["uniqueItems"] = True
        return out


@dataclass(frozen=True)
class MapOf(Node):
    """A mapping of names the author chooses (variant ids, setting keys) to values of one kind; with
    keys (text of a pattern, or a choice), the names it takes, and key_name says what one is."""
    values: Node = field(default_factory=Node)
    keys: Text | Choice | None = None
    key_name: str = "key"
    kind = "map"

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "object"}
        if self.keys is not None:
            out["propertyNames"] = self.keys.body()
        return {**out, "additionalProperties": self.values.schema()}


@dataclass(frozen=True)
class Fields(Node):
    """A mapping of known keys: the required ones, then the optional ones; any other key is unknown."""
    required: dict[str, Node] = field(default_factory=dict)
    optional: dict[str, Node] = field(default_factory=dict)
    kind = "map"

    def all(self) -> dict[str, Node]:
        return {**self.required, **self.optional}

    def __getitem__(self, key: str) -> Node:
        return self.all()[key]

    def only(self, *keys: str) -> Fields:
        """The same mapping with just these keys (a switch's texts without options, say)."""
        return Fields({k: n for k, n in self.required.items() if k in keys},
                      {k: n for k, n in self.optional.items() if k in keys}, doc=self.doc)

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "object"}
        if self.required:
            out["required"] = list(self.required)
        return {**out, "additionalProperties": False, "properties": {k: n.schema() for k, n in self.all().items()}}


@dataclass(frozen=True)
class AnyOf(Node):
    """A value of one of several forms; its kind is theirs when they share one."""
    options: tuple[Node, ...] = ()

    @property
    def kind(self) -> str:  # type: ignore[override]
        kinds = {option.kind for option in self.options}
        return kinds.pop() if len(kinds) == 1 else "any"

    def body(self) -> dict[str, Any]:
        return {"anyOf": [option.schema() for option in self.options]}


@dataclass(frozen=True)
class Ref(Node):
    """A node kept once under a name in the schema's $defs (one template's settings, say)."""
    name: str = ""
    kind_of: str = "map"

    @property
    def kind(self) -> str:  # type: ignore[override]
        return self.kind_of

    def body(self) -> dict[str, Any]:
        return {"$ref": f"#/$defs/{self.name}"}
