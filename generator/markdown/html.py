"""A parsed text's HTML and what the pages and the checks read of it (the Markdown record)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from markdown_it.common.utils import escapeHtml
from markdown_it.token import Token

from .check import Problem, links, check
from .parser import SLOT, parse, parser


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

def render(tokens: list[Token], lang: str, game_ids: set[str] | frozenset[str]) -> Markdown:
    """A parsed text's problems (see check) and its HTML."""
    md = parser(lang)
    html = md.renderer.render(tokens, md.options, {})
    games = frozenset(t.meta["game"].partition("#")[0] for b in tokens for t in b.children or () if "game" in t.meta)
    ids = tuple((b.map[0] + 1, str(b.attrGet("id"))) for b in tokens
                if b.type == "heading_open" and b.map and b.attrGet("id"))
    sections = tuple((str(b.attrGet("id")), _words(tokens[n + 1])) for n, b in enumerate(tokens)
                     if b.type == "heading_open" and b.tag == "h2" and b.attrGet("id"))
    found = links(tokens)
    anchors = tuple((line, escapeHtml(href[1:])) for line, href in found if href.startswith("#"))
    game_anchors = tuple((line, *href[5:].split("#", 1)) for line, href in found
                         if href.startswith("game:") and "#" in href)
    return Markdown(tuple(html.split(SLOT)), tuple(check(tokens, game_ids)), games, ids, anchors, sections,
                    game_anchors)


def _words(inline: Token) -> str:
    """A heading's words without their markup, as the typographer wrote them."""
    return "".join(t.content for t in inline.children or () if t.type in ("text", "code_inline", "softbreak"))


def convert(text: str, lang: str, game_ids: set[str] | frozenset[str]) -> Markdown:
    """The text parsed once, and rendered."""
    return render(parse(text, lang), lang, game_ids)
