"""The content format, declared once: every file of content/, its keys and the kind of each value.

The build's shape checks (model/schema.py's Shape, called by each loader) read these declarations,
and `giv schema` (generator/schema.py) renders them as the JSON Schemas in schema/, so a key
declared here is both checked and offered to editors. What depends on a template (its settings,
their ranges and options) is declared from generator/engine/templates.json.
"""
from __future__ import annotations

import json
from typing import Any

from ..engine.shape import AGREED_LIMIT, TRUMPS
from ..engine.spec import TEMPLATES
from .nodes import AnyOf, Bool, Choice, Fields, Int, ListOf, MapOf, Node, Null, Ref, Text
from .types import LANGS

SLUG = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
UNITS = ("deal", "round")  # what the page calls one deal of the cards: a deal (the default), or a round
SLUG_PROBLEM = "must be lowercase letters, digits and hyphens"
# a variant's, a worked example's or a check's id: a key of every <lang>.yaml and, lowercased, the
# page's anchor (#variant-minuspoints), so ids that differ only in case are one id (schema.same_id)
ITEM_ID = r"^[A-Za-z][A-Za-z0-9]*$"
ITEM_ID_PROBLEM = "must be letters and digits, starting with a letter (like minusPoints or firstFiveDeals)"
LANG = Text(pattern="^[a-z]{2}$", problem="is not a language code")


# game.yaml and examples.yaml: a template's settings, as a game states them and as values

def setting_meta(base: dict[str, Any], key: str = "") -> Fields:
    """A setting in game.yaml's `settings:`, within what its template allows (base)."""
    doc = f"{key} ({base['type']}; template default {json.dumps(base['default'])})" if key else ""
    if base["type"] == "int":
        bound = Int(minimum=base["min"], maximum=base["max"])
        return Fields({"default": bound, "min": bound, "max": bound,
                       "step": Int(minimum=1, maximum=max(1, base["max"] - base["min"]))}, doc=doc)
    if base["type"] == "enum":
        options = Choice(tuple(base["options"]))
        return Fields({"default": options, "options": ListOf(options, min_items=1, unique=True)}, doc=doc)
    return Fields({"default": Bool()}, doc=doc)


def setting_value(base: dict[str, Any]) -> Node:
    if base["type"] == "int":
        return Int(minimum=base["min"], maximum=base["max"])
    return Choice(tuple(base["options"])) if base["type"] == "enum" else Bool()


def template_settings(template: str) -> Fields:
    return Fields(optional={k: setting_meta(b, k) for k, b in TEMPLATES[template]["settings"].items()})


def template_values(template: str) -> Fields:
    """Values of a template's settings: `fixed`, a variant's or a worked example's settings."""
    return Fields(optional={k: setting_value(b) for k, b in TEMPLATES[template]["settings"].items()})


VALUES = AnyOf(tuple(Ref(f"{name}-fixed") for name in TEMPLATES))
PLAYERS = Fields({"min": Int(), "max": Int()}, doc="How many players the game takes, within the template's limits.")
VARIANT = Fields({"settings": VALUES})
GAME = Fields({"id": Text(pattern=SLUG, problem=SLUG_PROBLEM, doc="The game's id: the name of its folder (lowercase letters, digits, "
                                            "hyphens).")}, {
    "template": Choice(tuple(TEMPLATES), doc="bid: bids and tricks per round; tally: a loser per deal."),
    "extends": Text(pattern=SLUG, problem=SLUG_PROBLEM, doc="The id of a game this one builds on; state only what differs."),
    "order": Int(doc="Position on the index."),
    "unit": Choice(UNITS, doc="What the page calls one deal of the cards: deal (the default) or round."),
    "players": PLAYERS,
    "fixed": AnyOf(VALUES.options, doc="Template settings the game does not let players change."),
    "settings": AnyOf(tuple(Ref(f"{name}-settings") for name in TEMPLATES), doc="What the sheet's settings panel and the page's settings "
                                            "reference show."),
    "variants": MapOf(AnyOf((VARIANT, Null(doc="In a game that extends another: not a variant here."))),
                      keys=Text(pattern=ITEM_ID, problem=ITEM_ID_PROBLEM), key_name="variant id",
                      doc="Named presets of the game's settings."),
    "drafts": ListOf(Choice(LANGS), doc="Languages whose texts are not published yet: giv serve and giv build "
                                        "--drafts show them, marked."),
}, doc="A game's facts (docs/content-format.md).")

INTS = ListOf(Int())
SEATS = ListOf(AnyOf((Int(), Null())), doc="One number per seat; null for a seat absent from the round.")
ADJUST = ListOf(AnyOf((Int(minimum=-AGREED_LIMIT, maximum=AGREED_LIMIT), Null())),
                doc="Points added to each seat's score for the round (a penalty, a correction); null for none.")
ERROR = Fields({"code": Text()}, {"round": Int(minimum=1), "player": Int(minimum=0), "setting": Text()})
EXPECT = Fields(optional={"scores": ListOf(SEATS, doc="Per round, per player."),
                          "totals": ListOf(INTS, doc="Running totals per round."),
                          "final": ListOf(Int(), doc="Totals at the end, bonuses included."),
                          "ranks": ListOf(Int(), doc="Place per player; equal totals share a place."),
                          "finished": Bool()})
# a round as the engine takes it (docs/engine.md): a bid round or a tally round
ROUND = AnyOf((Fields({"bids": SEATS, "took": SEATS},
                      {"handSize": Int(doc="The hand size actually played."), "dealer": Int(minimum=0),
                       "trump": Choice(tuple(TRUMPS)), "adjust": ADJUST}),
               Fields({"loser": Int(minimum=0, doc="The seat that lost the deal.")}, {"adjust": ADJUST})))
CHECK = Fields({"id": Text(pattern=ITEM_ID, problem=ITEM_ID_PROBLEM), "settings": VALUES, "expect": EXPECT}, {"errors": ListOf(ERROR)})
EXAMPLE = Fields({"id": Text(pattern=ITEM_ID, problem=ITEM_ID_PROBLEM, doc="Its texts in each <lang>.yaml are under examples.<id>."),
                  "players": ListOf(Text(), min_items=1, doc="The players' names, one per seat."),
                  "rounds": ListOf(ROUND), "expect": EXPECT},
                 {"settings": AnyOf(VALUES.options, doc="The settings that differ from the game's defaults."),
                  "firstDealer": Int(minimum=0, doc="The seat that deals the first round (default 0)."),
                  "errors": ListOf(ERROR, doc="Errors the example demonstrates on purpose."),
                  "checks": ListOf(CHECK, doc="The same rounds under changed settings.")})
EXAMPLES = ListOf(EXAMPLE, doc="Worked examples: inputs and the results the engine must give (docs/authoring.md).")


# <lang>.yaml and content/settings/<lang>.yaml: the texts

LABELLED = Fields(optional={"label": Text(), "description": Text()})
ALL_OPTIONS = Choice(tuple(sorted({o for t in TEMPLATES.values() for s in t["settings"].values()
                                   for o in s.get("options", [])})))


def setting_text(kind: str | None = None, options: tuple[str, ...] | None = None) -> Fields:
    """A setting's texts: a switch (bool) says in a sentence what on and off mean, an enum names its
    options. Without a kind, the texts any setting may have (a game's <lang>.yaml)."""
    keys = {"label": Text(), "description": Text(),
            "options": (Fields(optional={o: LABELLED for o in options}) if options is not None
                        else MapOf(LABELLED, keys=ALL_OPTIONS, key_name="option")),
            "when_on": Text(doc="A switch: the sentence that says it is on."),
            "when_off": Text(doc="A switch: the sentence that says it is off.")}
    wanted = {None: keys, "bool": ("label", "description", "when_on", "when_off"),
              "enum": ("label", "description", "options")}.get(kind, ("label", "description"))
    return Fields(optional={k: n for k, n in keys.items() if k in wanted})


SETTING_KEYS = Choice(tuple(sorted({k for t in TEMPLATES.values() for k in t["settings"]})))
ALIAS = Fields({"name": Text(), "lang": LANG})
EXAMPLE_TEXT = Fields({"title": Text(), "note": Text()}, {"checks": MapOf(Text())})
VARIANT_TEXT = Fields(optional={"name": Text(), "description": Text()})
TEXT = Fields({"name": Text(), "slug": Text(pattern=SLUG, problem=SLUG_PROBLEM, doc="URL part in this language."), "summary": Text()}, {
    "aliases": ListOf(AnyOf((Text(), ALIAS))),
    "settings": MapOf(setting_text(), keys=SETTING_KEYS, key_name="setting"),
    "variants": MapOf(VARIANT_TEXT),
    "examples": MapOf(EXAMPLE_TEXT),
}, doc="One language's text of a game (docs/content-format.md).")
SHARED = Fields(optional={
    name: Fields(optional={key: setting_text(base["type"], tuple(base.get("options", [])) or None)
                           for key, base in template["settings"].items()})
    for name, template in TEMPLATES.items()},
    doc="The texts of the templates' settings in one language, for every game of the site "
        "(docs/content-format.md): template -> setting -> texts.")


# site.yaml

LANGUAGE_TEXTS = {"name": Text(doc="The site's name in this language."),
                  "short_name": Text(doc="For the home screen (the web app manifest)."),
                  "description": Text(doc="Of the language's index page and the manifest.")}
LANGUAGE = Fields({"locale": Text(doc="language_COUNTRY, like da_DK."),
                   "base_url": Text(doc="Where the language is published: an http(s) address ending in '/'.")},
                  {**LANGUAGE_TEXTS, "draft": Bool(doc="Not published yet: built only by giv serve and "
                                                       "giv build --drafts.")})
SITE = Fields({"languages": MapOf(LANGUAGE, keys=Choice(LANGS, problem=f"Giv speaks {', '.join(LANGS)}"),
                                   key_name="language"), "root_url": Text()},
              {"x_default": Choice(LANGS, doc="The language of hreflang=\"x-default\".")},
              doc="The site: its languages and where each is published (docs/publishing.md).")
