"""Markdown for rules texts and example notes: markdown-it-py (CommonMark with tables) and its plugins.

What Giv adds: the language's quotes (the typographer), the minus sign of a negative number (a
core rule beside the typographer's), language spans written [text]{lang=sv}
(the attrs plugin), a ## or ### heading's id written after it, `## Scoring {#scoring}` (a core
rule: the id is the rules item's, the same in every language), `game:<id>` links (a core rule),
table alignment as classes (the CSP allows no style attribute), and a check that refuses raw HTML,
images, H1s, ids no link can name and links that go nowhere, with the line of each.

parse() reads a text once; render() makes its problems and its HTML from those tokens, and
model/rules.py its items. A page fills in the `game:` links (their address depends on the page)."""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Callable

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from mdit_py_plugins.attrs import attrs_plugin

from ..model.errors import hint

QUOTES = {"da": "»«›‹", "sv": "””’’", "en": "“”‘’"}  # “double”, ‘single’ as each language writes them
LANG = re.compile(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*")
ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")  # a heading's id: lowercase words joined by hyphens
HEADING_ID = re.compile(r"[ \t]*\{#([^{}]*)\}$")  # `{#id}` at the end of a heading
# A hyphen-minus that begins a number: not after a letter, digit or hyphen ("2-5", "x-2", "--5")
MINUS = re.compile(r"(?<![\w.,/\-\u2212])-(?=\d)")
SLOT = "\0"  # around a game link's target in the HTML; the parser turns a NUL in the text into U+FFFD

Problem = tuple[int, str]  # (line, message)


@dataclass(frozen=True)
class Markdown:
    """One text, converted: its problems and its HTML, with the `game:` links left open."""
    parts: tuple[str, ...]      # HTML, a game link's target ('id' or 'id#anchor'), HTML, ...
    problems: tuple[Problem, ...]
    games: frozenset[str]       # the games it links to
    ids: tuple[tuple[int, str], ...] = ()      # (line, id) of each heading: the page checks them (render/anchors)
    anchors: tuple[tuple[int, str], ...] = ()  # (line, target) of each link to #target on the page
    sections: tuple[tuple[str, str], ...] = ()  # (id, words) of each ## heading: the page's contents
    game_anchors: tuple[tuple[int, str, str], ...] = ()  # (line, game, id) of each link to game:<game>#<id>

    def html(self, link: Callable[[str], str | None]) -> str:
        """The HTML, with each game link's address from link(game id). A game without a page in
        this build (a draft in the page's language: link() is None) is named as plain text: its
        <a> keeps no href (a placeholder link, neither a link nor a tab stop)."""
        parts = list(self.parts)
        for i in range(1, len(parts), 2):
            game, hash_, anchor = parts[i].partition("#")
            href = link(game)
            if href is None:
                parts[i - 1], parts[i], parts[i + 1] = parts[i - 1].removesuffix(' href="'), "", parts[i + 1][1:]
            else:
                parts[i] = escapeHtml(href + hash_ + anchor)
        return "".join(parts)


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


def render(tokens: list[Token], lang: str, game_ids: set[str] | frozenset[str]) -> Markdown:
    """A parsed text's problems (see check) and its HTML."""
    md = parser(lang)
    html = md.renderer.render(tokens, md.options, {})
    games = frozenset(t.meta["game"].partition("#")[0] for b in tokens for t in b.children or () if "game" in t.meta)
    ids = tuple((b.map[0] + 1, str(b.attrGet("id"))) for b in tokens
                if b.type == "heading_open" and b.map and b.attrGet("id"))
    sections = tuple((str(b.attrGet("id")), _words(tokens[n + 1])) for n, b in enumerate(tokens)
                     if b.type == "heading_open" and b.tag == "h2" and b.attrGet("id"))
    links = _links(tokens)
    anchors = tuple((line, escapeHtml(href[1:])) for line, href in links if href.startswith("#"))
    game_anchors = tuple((line, *href[5:].split("#", 1)) for line, href in links
                         if href.startswith("game:") and "#" in href)
    return Markdown(tuple(html.split(SLOT)), tuple(check(tokens, game_ids)), games, ids, anchors, sections,
                    game_anchors)


def _words(inline: Token) -> str:
    """A heading's words without their markup, as the typographer wrote them."""
    return "".join(t.content for t in inline.children or () if t.type in ("text", "code_inline", "softbreak"))


def convert(text: str, lang: str, game_ids: set[str] | frozenset[str]) -> Markdown:
    """The text parsed once, and rendered."""
    return render(parse(text, lang), lang, game_ids)


def _links(tokens: list[Token]) -> list[tuple[int, str]]:
    """(line, href) of each link."""
    out = []
    for block in tokens:
        line = block.map[0] + 1 if block.map else 1
        for token in block.children or ():
            if token.type == "link_open":
                out.append((line, str(token.attrGet("href"))))
            line += token.type in ("softbreak", "hardbreak")
    return out


def _link_problem(href: str, game_ids: set[str] | frozenset[str]) -> str | None:
    """What is wrong with a link's target, if anything: game:<id> of a game that exists, #anchor or https://."""
    if href.startswith("game:"):
        game = href[5:].partition("#")[0]
        return None if game in game_ids else f"link to unknown game '{href[5:]}'" + hint(game, game_ids)
    return None if href.startswith(("https://", "#")) else f"link '{href}' must be game:<id>, #anchor or https://"


def check(tokens: list[Token], game_ids: set[str] | frozenset[str]) -> list[Problem]:
    """(line, message) for raw HTML, images, links to games that do not exist or to anywhere but
    https:// and the page itself, H1 headings, and language spans that are not [text]{lang=xx}."""
    out: list[Problem] = []
    for block in tokens:
        line = block.map[0] + 1 if block.map else 1
        if block.type == "html_block":
            out.append((line, f"raw HTML is not allowed in Markdown: {block.content.strip().splitlines()[0][:40]}"))
        elif block.type == "heading_open" and block.tag == "h1":
            out.append((line, "use ## and ### for headings; the page title is the game's name"))
        elif block.type == "heading_open" and "id" in block.meta and not ID.fullmatch(block.meta["id"]):
            out.append((line, f"heading id '{block.meta['id']}' must be lowercase letters, digits and hyphens"))
        html_lines: set[int] = set()  # one report per line for inline HTML
        for token in block.children or ():
            if token.type == "html_inline" and line not in html_lines:
                html_lines.add(line)
                out.append((line, f"raw HTML is not allowed in Markdown: {token.content.strip().splitlines()[0][:40]}"))
            elif token.type == "image":
                out.append((line, f"image '{token.attrGet('src')}': the rules text cannot embed images"))
            elif token.type == "link_open" and (message := _link_problem(str(token.attrGet("href")), game_ids)):
                out.append((line, message))
            elif token.type == "span_open" and (token.meta.get("insecure_attrs") or list(token.attrs) != ["lang"]
                                                or not LANG.fullmatch(str(token.attrGet("lang")))):
                out.append((line, "write a language span as [text]{lang=xx}"))
            elif token.type == "text" and "{lang=" in token.content:
                out.append((line, "write a language span as [text]{lang=xx}"))
            line += token.content.count("\n") if token.type in ("html_inline", "code_inline") else 0
            line += token.type in ("softbreak", "hardbreak")
    return out
