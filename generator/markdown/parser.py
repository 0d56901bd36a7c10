"""The language's markdown-it-py parser, with Giv's core and render rules (see __init__.py)."""
from __future__ import annotations

import functools
import re

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from mdit_py_plugins.attrs import attrs_plugin

QUOTES = {"da": "»«›‹", "sv": "””’’", "en": "“”‘’"}  # “double”, ‘single’ as each language writes them
ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")  # a heading's id: lowercase words joined by hyphens
HEADING_ID = re.compile(r"[ \t]*\{#([^{}]*)\}$")  # `{#id}` at the end of a heading
# A hyphen-minus that begins a number: not after a letter, digit or hyphen ("2-5", "x-2", "--5")
MINUS = re.compile(r"(?<![\w.,/\-\u2212])-(?=\d)")
SLOT = "\0"  # around a game link's target in the HTML; the parser turns a NUL in the text into U+FFFD


def _heading_ids(state: StateCore) -> None:
    """Core rule, before the inline parse: a ## or ### heading's `{#id}` is taken out of its text
    into meta["id"], and is the heading's id when it is one a link can name (check says when not)."""
    tokens = state.tokens
    for index, token in enumerate(tokens):
        if token.type == "heading_open" and token.tag in ("h2", "h3") and token.markup.startswith("#"):
            inline = tokens[index + 1]
            if found := HEADING_ID.search(inline.content):
                inline.content = inline.content[:found.start()]
                token.meta["id"] = found.group(1)
                if ID.fullmatch(found.group(1)):
                    token.attrSet("id", found.group(1))


def _minus(state: StateCore) -> None:
    """Core rule, after the typographer's replacements: "-4 points", "from -10" take the minus
    sign, U+2212, as the page writes every number it computes. A hyphen between words or digits
    ("re-deal", "2-5") stays, and so does everything in code and in an autolink's address. The
    character before a text is the last one of the token before it, so "*5*-3" is left alone too."""
    for block in state.tokens:
        before, autolink = " ", False
        for token in block.children or ():
            if token.type == "link_open" and token.markup == "autolink":
                autolink = True
            elif token.type == "link_close" and autolink:
                autolink = False
            elif token.type == "text" and not autolink and "-" in token.content:
                token.content = MINUS.sub("\u2212", before + token.content)[1:]
            if token.type in ("softbreak", "hardbreak"):
                before = " "
            elif token.content:
                before = token.content[-1]


def _game_links(state: StateCore) -> None:
    """Core rule: a link to game:<id>[#anchor] keeps its target in meta["game"]."""
    for block in state.tokens:
        for token in block.children or ():
            if token.type == "link_open" and (href := token.attrGet("href") or "").startswith("game:"):
                token.meta["game"] = href[5:]


def _link_open(self, tokens: list[Token], idx: int, options, env) -> str:
    game = tokens[idx].meta.get("game")
    if game is None:
        return self.renderToken(tokens, idx, options, env)
    title = tokens[idx].attrGet("title")
    return f'<a href="{SLOT}{game}{SLOT}"' + (f' title="{escapeHtml(str(title))}"' if title else "") + ">"


def _cell_open(self, tokens: list[Token], idx: int, options, env) -> str:
    token = tokens[idx]
    align = str(token.attrGet("style") or "").removeprefix("text-align:")
    return f'<{token.tag} class="align-{align}">' if align else f"<{token.tag}>"


def _as_text(self, tokens: list[Token], idx: int, options, env) -> str:
    """Raw HTML (refused by the check) is shown as text, never as markup."""
    html = escapeHtml(tokens[idx].content)
    return f"<p>{html.rstrip(chr(10))}</p>\n" if tokens[idx].type == "html_block" else html


@functools.cache
def parser(lang: str) -> MarkdownIt:
    """The language's parser: one per process and language (the quotes are the parser's option)."""
    md = MarkdownIt("commonmark", {"typographer": True, "quotes": QUOTES.get(lang, QUOTES["en"])})
    md.enable(["table", "smartquotes"])
    md.validateLink = lambda url: True  # every link reaches the check, which allows only what is safe
    attrs_plugin(md, spans=True, after=(), allowed=("lang",))
    md.core.ruler.after("block", "heading_ids", _heading_ids)
    md.core.ruler.after("replacements", "minus", _minus)
    md.core.ruler.push("game_links", _game_links)
    for rule, render in (("link_open", _link_open), ("th_open", _cell_open), ("td_open", _cell_open),
                         ("html_inline", _as_text), ("html_block", _as_text)):
        md.add_render_rule(rule, render)
    return md


def parse(text: str, lang: str) -> list[Token]:
    """The text's tokens, as the language's parser reads it."""
    return parser(lang).parse(text)

