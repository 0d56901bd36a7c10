"""Markdown for rules text and notes: CommonMark with tables, parsed by pulldown-cmark (pyromark).

What Giv adds: no raw HTML and no images (rules_problems refuses them, with the line), heading
anchors on ## and ###, the language's quotes (quotes.py), language spans written [text]{lang=sv},
`game:<id>` links resolved to the game's page, and table alignment as classes (the CSP allows
no style attributes)."""
from __future__ import annotations

import re
from html import unescape
from typing import Callable
from urllib.parse import quote

import pyromark

from ..model.slugs import slugify
from .quotes import Piece, smarten

OPTIONS = pyromark.Options.ENABLE_TABLES
LANG_SPAN = re.compile(r"\[([^\[\]{}]+)\]\{lang=([A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*)\}")
BLOCK_TAGS = {"Paragraph": "p", "HtmlBlock": "p", "BlockQuote": "blockquote", "Item": "li", "TableHead": "thead",
              "TableRow": "tr"}
INLINE_TAGS = {"Emphasis": "em", "Strong": "strong", "Strikethrough": "s"}
URL_SAFE = ";/?:@&=+$,-_.!~*'()#%"
HREF = re.compile(r'<a href="([^"]*)"')
TEXT_RUNS = re.compile(r"<[^>]*>|\n")  # what separates pulldown-cmark's HTML into the texts of its events


def escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _line(source: bytes, offset: int) -> int:
    return source.count(b"\n", 0, offset) + 1


def _link_problem(href: str, game_ids: set[str]) -> str | None:
    """What is wrong with a link's target, if anything: game:<id> of a game that exists, #anchor or https://."""
    if href.startswith("game:"):
        return None if href[5:].split("#")[0] in game_ids else f"link to unknown game '{href[5:]}'"
    return None if href.startswith(("https://", "#")) else f"link '{href}' must be game:<id>, #anchor or https://"


def _stray_lang_span(text: str) -> bool:
    """A '{lang=' in a run of text that is not part of a [text]{lang=xx} span."""
    return "{lang=" in text and "{lang=" in LANG_SPAN.sub("", text)


def rules_problems(text: str, game_ids: set[str]) -> list[tuple[int, str]]:
    """(line, message) for raw HTML, images, links to games that do not exist, headings out of place
    and language spans that are not written [text]{lang=xx}."""
    return [] if surely_clean(text, game_ids) else _problems(text, game_ids)


def surely_clean(text: str, game_ids: set[str]) -> bool:
    """True only if _problems() would find nothing, from a look at pulldown-cmark's own HTML (a
    tenth of the cost of walking the events). Whatever it cannot rule out gets the full check:
    a '<' or '![' in the source (raw HTML, autolinks, images), an H1, a link it cannot clear, or
    a leftover '{lang=' in a run of text (a run may also be code: then it only asks too often).
    Without a '<' in the source, every tag in the HTML is one that pulldown-cmark made."""
    if "<" in text or "![" in text:
        return False
    html = pyromark.html(text, options=OPTIONS)
    if "<h1" in html:
        return False
    # pulldown-cmark percent-encodes and escapes a link's target; a game id needs neither
    if any(_link_problem(unescape(href), game_ids) for href in HREF.findall(html)):
        return False
    return "{lang=" not in text or not any(_stray_lang_span(run) for run in TEXT_RUNS.split(html))


def _problems(text: str, game_ids: set[str]) -> list[tuple[int, str]]:
    """rules_problems() from pulldown-cmark's events, with the line of each."""
    out: list[tuple[int, str]] = []
    source, html_lines, in_block = text.encode(), set(), False
    for event, span in pyromark.events_with_range(text, options=OPTIONS, merge_text=True):
        if type(event) is not dict or "End" in event and event["End"] != "HtmlBlock":
            continue
        kind, value = next(iter(event.items()))
        if kind == "Text":
            if _stray_lang_span(value):
                out.append((_line(source, span["start"]), "write a language span as [plain text]{lang=xx}"))
            continue
        tag = next(iter(value)) if isinstance(value, dict) else value
        if kind in ("Html", "InlineHtml") and not in_block:
            line = _line(source, span["start"])
            in_block = kind == "Html"  # one report for an HTML block, one per line for inline HTML
            if line not in html_lines:
                html_lines.add(line)
                out.append((line, f"raw HTML is not allowed in Markdown: {value.strip().splitlines()[0][:40]}"))
        elif kind == "End":
            in_block = False
        elif kind == "Start" and tag == "Image":
            out.append((_line(source, span["start"]),
                        f"image '{value['Image']['dest_url']}': the rules text cannot embed images"))
        elif kind == "Start" and tag == "Link":
            message = _link_problem(value["Link"]["dest_url"], game_ids)
            if message:
                out.append((_line(source, span["start"]), message))
        elif kind == "Start" and tag == "Heading" and value["Heading"]["level"] == "H1":
            out.append((_line(source, span["start"]), "use ## and ### for headings; the page title is the game's name"))
    return out


class _Renderer:
    """HTML from pulldown-cmark's events; inline runs are gathered so that quotes can pair up."""

    def __init__(self, lang: str, link: Callable[[str], str]):
        self.lang, self.link = lang, link
        self.out: list[str] = []
        self.run: list[tuple[str, str, int]] = []  # the current inline run: (kind, content, level)
        self.level = 0
        self.quotes = False               # the run has a straight quote to replace
        self.slugs: set[str] = set()
        self.align: list[str] = []
        self.cell = 0
        self.in_head = False
        self.code: list[str] | None = None

    def emit(self, html: str) -> None:
        if html:
            self.out.append(html)

    def flush(self) -> str:
        """The HTML of the current inline run; the run starts anew."""
        run = self.run
        if not run:
            return ""
        if len(run) == 1 and run[0][0] == "text" and not self.quotes and "{lang=" not in run[0][1]:
            self.run, self.level = [], 0  # a paragraph of plain text: the most common run
            return escape(run[0][1])
        if self.quotes:
            pieces = [Piece(*entry) for entry in run]
            smarten(pieces, self.lang)
            run = [(p.kind, p.content, p.level) for p in pieces]
        parts = []
        for kind, content, _ in run:
            if kind == "text":
                html = escape(content)
                parts.append(LANG_SPAN.sub(r'<span lang="\2">\1</span>', html) if "{lang=" in html else html)
            elif kind == "code":
                parts.append(f"<code>{escape(content)}</code>")
            elif kind == "raw":
                parts.append(escape(content))
            else:  # "tag" and "break": ready-made HTML
                parts.append(content)
        self.run, self.level, self.quotes = [], 0, False
        return "".join(parts)

    def start(self, tag: str, value) -> None:
        """A tag's start, but emphasis, paragraphs and list items (render() handles those)."""
        if tag == "Link":
            href = value["Link"]["dest_url"]
            if href.startswith("game:"):
                game, _, anchor = href[5:].partition("#")
                href = self.link(game) + (f"#{anchor}" if anchor else "")
            title = value["Link"]["title"]
            self.run.append(("tag", f'<a href="{escape(quote(href, safe=URL_SAFE))}"'
                             + (f' title="{escape(title)}"' if title else "") + ">", self.level))
            self.level += 1
        elif tag == "Image":  # refused by rules_problems; its text stays readable
            self.level += 1
        else:
            self.block_start(tag, value)

    def new_block(self) -> None:
        """Before a block's start: the inline run before it is written out, and a block inside a
        list item starts on its own line."""
        self.emit(self.flush())
        if self.out and not self.out[-1].endswith("\n"):
            self.out.append("\n")

    def block_start(self, tag: str, value) -> None:
        self.new_block()
        if tag == "List":
            start = value["List"]
            self.out.append("<ul>\n" if start is None else "<ol>\n" if start == 1 else f'<ol start="{start}">\n')
        elif tag == "Table":
            self.align = [{"None": ""}.get(a, f' class="align-{a.lower()}"') for a in value["Table"]]
            self.out.append("<table>\n")
        elif tag == "TableHead":
            self.in_head, self.cell = True, 0
            self.out.append("<thead>\n<tr>\n")
        elif tag == "TableRow":
            self.cell = 0
            self.out.append("<tr>\n")
        elif tag == "TableCell":
            cell = "th" if self.in_head else "td"
            self.out.append(f"<{cell}{self.align[self.cell] if self.cell < len(self.align) else ''}>")
        elif tag == "CodeBlock":
            fenced = value["CodeBlock"]
            info = fenced["Fenced"].split()[0] if isinstance(fenced, dict) and fenced["Fenced"].strip() else ""
            self.out.append(f'<pre><code class="language-{escape(info)}">' if info else "<pre><code>")
            self.code = []
        elif tag == "Heading":
            pass  # written at its end, when its text (and so its anchor) is known
        elif tag in BLOCK_TAGS:
            self.out.append(f"<{BLOCK_TAGS[tag]}>" + ("" if tag == "HtmlBlock" else "\n"))

    def end(self, tag: str, value) -> None:
        if tag == "Link":
            self.level -= 1
            self.run.append(("tag", "</a>", self.level))
        elif tag == "Image":
            self.level -= 1
        elif tag == "Heading":
            self.heading(int(value["Heading"][1]))
        elif tag == "CodeBlock":
            self.out.append(escape("".join(self.code or [])) + "</code></pre>\n")
            self.code = None
        else:
            self.emit(self.flush())
            self.block_end(tag, value)

    def block_end(self, tag: str, value) -> None:
        if tag == "List":
            self.out.append("</ol>\n" if value["List"] else "</ul>\n")
        elif tag == "Table":
            if self.out[-1] == "</tr>\n</thead>\n<tbody>\n":
                self.out[-1] = "</tr>\n</thead>\n"  # a table without body rows has no tbody
            else:
                self.out.append("</tbody>\n")
            self.out.append("</table>\n")
        elif tag == "TableHead":
            self.in_head = False
            self.out.append("</tr>\n</thead>\n<tbody>\n")
        elif tag == "TableCell":
            self.cell += 1
            self.out.append("</th>\n" if self.in_head else "</td>\n")
        elif tag in BLOCK_TAGS:
            self.out.append(f"</{BLOCK_TAGS[tag]}>\n")

    def heading(self, level: int) -> None:
        title = "".join(content for kind, content, _ in self.run if kind in ("text", "code", "raw"))
        html = self.flush()
        anchor = ""
        if 2 <= level <= 3:
            slug = base = slugify(title)  # the quotes it may still have are not part of a slug
            n = 0
            while slug in self.slugs:
                n += 1
                slug = f"{base}-{n}"
            self.slugs.add(slug)
            anchor = f' id="{escape(slug)}"'
        self.out.append(f"<h{level}{anchor}>{html}</h{level}>\n")

    def leaf(self, kind: str, value) -> None:
        """An event that is neither text nor a tag's start or end."""
        if kind in ("Html", "InlineHtml"):  # refused by rules_problems; shown as text, never as markup
            self.run.append(("raw", value, self.level))
        elif kind == "Code":
            self.run.append(("code", value, self.level))
        elif kind == "SoftBreak":
            self.run.append(("break", "\n", self.level))
        elif kind == "HardBreak":
            self.run.append(("break", "<br />\n", self.level))
        elif kind == "Rule":
            self.out.append(self.flush() + "<hr />\n")


SIMPLE_BLOCKS = {tag: (f"<{BLOCK_TAGS[tag]}>", f"</{BLOCK_TAGS[tag]}>\n") for tag in ("Paragraph", "Item")}


def render(text: str, lang: str, link: Callable[[str], str]) -> str:
    """HTML for one Markdown text; `game:<id>` links go through `link`.

    Text, emphasis, paragraphs and list items, the commonest events, are handled here without a
    call; the rest by _Renderer."""
    r = _Renderer(lang, link)
    out = r.out
    for event in pyromark.events(text, options=OPTIONS):
        if type(event) is not dict:
            r.leaf(event, None)
            continue
        kind, value = next(iter(event.items()))
        if kind == "Text":
            if r.code is None:
                r.run.append(("text", value, r.level))
                r.quotes = r.quotes or "'" in value or '"' in value
            else:
                r.code.append(value)
        elif type(value) is not str:  # a tag with data: a link, list, heading, table, code block
            if kind == "Start":
                r.start(next(iter(value)), value)
            elif kind == "End":
                r.end(next(iter(value)), value)
            else:
                r.leaf(kind, value)
        elif value in INLINE_TAGS:
            if kind == "Start":
                r.run.append(("tag", f"<{INLINE_TAGS[value]}>", r.level))
                r.level += 1
            elif kind == "End":
                r.level -= 1
                r.run.append(("tag", f"</{INLINE_TAGS[value]}>", r.level))
            else:
                r.leaf(kind, value)
        elif value in SIMPLE_BLOCKS and kind == "Start":  # block_start() without its chain of tags
            r.new_block()
            out.append(SIMPLE_BLOCKS[value][0])
        elif value in SIMPLE_BLOCKS and kind == "End":  # end() without its chain of tags
            r.emit(r.flush())
            out.append(SIMPLE_BLOCKS[value][1])
        elif kind == "Start":
            r.start(value, value)
        elif kind == "End":
            r.end(value, value)
        else:
            r.leaf(kind, value)
    out.append(r.flush())
    return "".join(out)
