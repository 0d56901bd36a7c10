"""Markdown for rules text and notes: no raw HTML, tables, heading anchors, the language's quotes."""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

from markdown_it import MarkdownIt
from mdit_py_plugins.anchors import anchors_plugin
from mdit_py_plugins.attrs import attrs_plugin

from ..model.crosscheck import slugify

QUOTES = {"da": "»«›‹", "sv": "””’’", "en": "“”‘’"}


@lru_cache(maxsize=None)
def parser(lang: str, html: bool = False) -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": html, "typographer": True, "quotes": QUOTES.get(lang, QUOTES["en"])})
    md.enable(["table", "smartquotes"])
    attrs_plugin(md, spans=True, allowed=["lang"])
    anchors_plugin(md, min_level=2, max_level=3, slug_func=slugify)
    return md


def _walk(tokens):
    for token in tokens:
        yield token
        if token.children:
            yield from _walk(token.children)


def rules_problems(text: str, game_ids: set[str]) -> list[tuple[int, str]]:
    """(line, message) for raw HTML, images, links to games that do not exist and headings out of place."""
    out = []
    html_lines: set[int] = set()
    for token in parser("en", html=True).parse(text):
        line = token.map[0] + 1 if token.map else 1
        for tok in [token, *(token.children or [])]:
            if tok.type in ("softbreak", "hardbreak"):  # inline tokens have no map: count the lines
                line += 1
            if tok.type in ("html_block", "html_inline") and line not in html_lines:
                html_lines.add(line)  # one report per line: <b>x</b> is one fault, not two
                snippet = tok.content.strip().splitlines()[0][:40]
                out.append((line, f"raw HTML is not allowed in Markdown: {snippet}"))
            if tok.type == "image":
                out.append((line, f"image '{tok.attrs.get('src', '')}': the rules text cannot embed images"))
            if tok.type == "link_open":
                href = str(tok.attrs.get("href", ""))
                if href.startswith("game:") and href[5:].split("#")[0] not in game_ids:
                    out.append((line, f"link to unknown game '{href[5:]}'"))
                elif not href.startswith(("game:", "https://", "#")):
                    out.append((line, f"link '{href}' must be game:<id>, #anchor or https://"))
        if token.type == "heading_open" and token.tag == "h1":
            out.append((line, "use ## and ### for headings; the page title is the game's name"))
    return out


def render(text: str, lang: str, link: Callable[[str], str]) -> str:
    """HTML for one Markdown text; `game:<id>` links go through `link`."""
    md = parser(lang)
    tokens = md.parse(text)
    for tok in _walk(tokens):
        if tok.type == "link_open":
            href = str(tok.attrs.get("href", ""))
            if href.startswith("game:"):
                game, _, anchor = href[5:].partition("#")
                tok.attrSet("href", link(game) + (f"#{anchor}" if anchor else ""))
    return md.renderer.render(tokens, md.options, {})
