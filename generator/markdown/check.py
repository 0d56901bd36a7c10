"""The check of a parsed text: what Markdown may not hold, with the line of each."""
from __future__ import annotations

import re

from markdown_it.token import Token

from ..model.errors import hint
from .parser import ID

LANG = re.compile(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*")
Problem = tuple[int, str]  # (line, message)


def links(tokens: list[Token]) -> list[tuple[int, str]]:
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
