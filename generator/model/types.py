"""The typed model of a site: what content/ says once it is loaded and validated."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .slugs import slugify

if TYPE_CHECKING:
    from ..markdown.html import Markdown

LANGS = ("da", "sv", "en")


@dataclass(frozen=True)
class Loc:
    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass
class SettingMeta:
    key: str
    type: str  # "int", "enum" or "bool", from the template
    default: Any
    min: int | None = None
    max: int | None = None
    step: int | None = None
    options: list[str] = field(default_factory=list)

    def as_spec(self) -> dict[str, Any]:
        spec: dict[str, Any] = {"type": self.type, "default": self.default}
        if self.type == "int":
            spec.update(min=self.min, max=self.max, step=self.step)
        if self.type == "enum":
            spec["options"] = list(self.options)
        return spec


@dataclass
class Variant:
    id: str
    settings: dict[str, Any]


@dataclass
class Check:
    id: str
    settings: dict[str, Any]
    errors: list[dict]
    expect: dict[str, Any]
    loc: Loc
    lines: dict[str, int] = field(default_factory=dict)  # line of each key of the check


@dataclass
class Example:
    id: str
    settings: dict[str, Any]
    players: list[str]
    first_dealer: int
    rounds: list[dict]
    errors: list[dict]
    expect: dict[str, Any]
    checks: list[Check]
    loc: Loc
    lines: dict[str, int] = field(default_factory=dict)  # line of each key of the example


@dataclass
class Text:
    label: str
    description: str


@dataclass
class SettingText(Text):
    options: dict[str, Text] = field(default_factory=dict)
    on: str = ""  # a switch (bool setting): the sentence that says it is on, and the one that says it is off
    off: str = ""


@dataclass
class Alias:
    name: str
    lang: str  # the language the name belongs to
    line: int = 1  # where the <lang>.yaml lists it
    slug: str = field(init=False)  # the address of its alias page: computed once, and kept with the stubs

    def __post_init__(self) -> None:
        self.slug = slugify(self.name)


@dataclass
class ExampleText:
    title: str
    note: str  # Markdown
    checks: dict[str, str]
    line: int = 1  # of the note in <lang>.yaml
    note_html: Markdown | None = field(default=None, repr=False)  # the note converted (model/assemble.py)


@dataclass(frozen=True)
class RulesItem:
    """One part of a rules text that every language of the game has (docs/content-format.md):
    a `##` section, or a `###` item inside one (a house rule, a tip, a question at the table)."""
    key: str  # "questions" for a section, "questions/tied-game" for an item in it
    title: str  # the heading, without its {#id}
    line: int  # of the heading in <lang>.md
    text: str  # the heading and the body up to the next heading, whitespace folded to single spaces


@dataclass
class GameText:
    lang: str
    name: str
    slug: str
    summary: str
    aliases: list[Alias]
    settings: dict[str, SettingText]
    variants: dict[str, Text]  # label = the variant's name
    examples: dict[str, ExampleText]
    rules_file: Path  # <lang>.md: its Markdown is kept only as rules_html
    loc: Loc  # the file, at the line of the name
    slug_line: int = 1
    rules_html: Markdown | None = field(default=None, repr=False)  # the rules converted (model/assemble.py)
    # What the search finds the game by besides its names and summary (generator/search/): the
    # headings of its rules text (its items') and its variants' names, each after a line break, as
    # the search record appends them. A stub keeps it: one string, not one per heading, to pickle.
    headings: str = ""
    # The links between pages, kept in an incremental build's stubs too (model/crosscheck.py checks
    # them across games): the ids of the headings of its rules text and notes, and where it links
    # to a heading of another game's page (file, line, what, game id, heading id; what: "" in the
    # rules text, "examples.<id>.note: " in a note).
    heading_ids: frozenset[str] = frozenset()
    game_anchors: tuple[tuple[str, int, str, str, str], ...] = ()


@dataclass
class Game:
    id: str
    template: str
    order: int
    players: tuple[int, int]
    fixed: dict[str, Any]
    settings: dict[str, SettingMeta]  # in declaration order
    variants: dict[str, Variant]
    examples: list[Example]
    texts: dict[str, GameText]
    folder: Path
    extends: str | None = None
    unit: str = "deal"  # what the page calls one deal of the cards: "deal" or "round" (model/games.py)
    drafts: frozenset[str] = frozenset()  # languages whose texts are not published yet (game.yaml `drafts`)

    def spec(self) -> dict[str, Any]:
        """The game's rules as the engine takes them (docs/engine.md, "Game spec")."""
        return {"template": self.template, "players": {"min": self.players[0], "max": self.players[1]},
                "settings": {k: m.as_spec() for k, m in self.settings.items()}, "fixed": dict(self.fixed)}

    def defaults(self) -> dict[str, Any]:
        return {k: m.default for k, m in self.settings.items()}


@dataclass
class Language:
    code: str
    locale: str
    base_url: str
    name: str = "Giv"         # the site's name in this language (header, og:site_name, manifest, breadcrumbs)
    short_name: str = ""      # for the home screen (the manifest); "" = the name
    description: str = ""     # of the language's index page, the manifest and the root page; "" = the catalog's
    line: int = 1             # of base_url in site.yaml
    draft: bool = False       # a language not published yet: built only by giv serve and giv build --drafts


@dataclass
class Site:
    root: Path
    languages: dict[str, Language]
    root_url: str
    games: list[Game]
    x_default: str | None = None  # the language of hreflang="x-default" (site.yaml), or none

    def game(self, game_id: str) -> Game:
        try:  # an index built on first use: links look games up thousands of times
            return self._index[game_id]
        except (AttributeError, KeyError):
            self._index = {g.id: g for g in self.games}
            return self._index[game_id]
