"""What a reader sees: no raw keys, no placeholders, and no English inside Danish or Swedish text
unless it is marked with lang="en" (names such as Oh Hell)."""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from generator.engine import TEMPLATES

CODES = {"badSetting", "dealerHook", "tricksSum", "bidRange", "tookRange", "tooManyRounds", "playerCount",
         "loserRange", "handSizeRange"}
KEYS = set(CODES)
for _template in TEMPLATES.values():
    for _key, _meta in _template["settings"].items():
        KEYS.add(_key)
        KEYS.update(o for o in _meta.get("options", []) if any(c.isupper() for c in o))
LEAKS = re.compile(r"\b(undefined|NaN|None|null)\b|\{\{|\}\}|%\(|\(\w+\)s")
ENGLISH = re.compile(r"\b(the|with|points|round|rounds|player|players|bid|tricks|dealer|settings)\b", re.I)


class Visible(HTMLParser):
    """Text a reader sees, each piece with the language of its nearest element."""

    VOID = {"meta", "link", "br", "img", "input", "hr", "source", "col", "area", "base", "wbr"}

    def __init__(self, lang: str):
        super().__init__()
        self.stack = [(None, lang)]
        self.pieces: list[tuple[str, str]] = []

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        lang = dict(attrs).get("lang") or self.stack[-1][1]
        self.stack.append((tag, "skip" if tag in ("script", "style", "template") else lang))

    def handle_endtag(self, tag):
        while len(self.stack) > 1:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if data.strip() and self.stack[-1][1] != "skip":
            self.pieces.append((self.stack[-1][1], data.strip()))


def pages(site):
    return sorted(p for p in site.rglob("*.html") if p.parent != site or p.name != "index.html")


def test_no_raw_key_or_placeholder_reaches_a_reader(built_site):
    found = []
    for path in pages(built_site):
        lang = path.relative_to(built_site).parts[0]
        parser = Visible(lang)
        parser.feed(path.read_text(encoding="utf-8"))
        for _, text in parser.pieces:
            words = set(re.findall(r"[A-Za-z]+", text))
            keys = sorted(k for k in KEYS if k in words)
            if keys or LEAKS.search(text):
                found.append(f"{path.relative_to(built_site)}: {text[:80]!r} {keys}")
    assert found == []


@pytest.mark.parametrize("lang", ["da", "sv"])
def test_no_unmarked_english_in_nordic_pages(built_site, lang):
    found = []
    for path in pages(built_site / lang):
        parser = Visible(lang)
        parser.feed(path.read_text(encoding="utf-8"))
        for piece_lang, text in parser.pieces:
            if piece_lang == lang and ENGLISH.search(text):
                found.append(f"{path.relative_to(built_site)}: {text[:100]!r}")
    assert found == []


def test_a_reader_sees_typographic_apostrophes_and_quotes(built_site):
    """Every language's text has its typographic apostrophe and quotes (the rules' Markdown gets
    them from the typographer, the catalogs' strings are written with them), never a typewriter's
    ' or ": in the page's words, and in the scoresheet's strings."""
    found = []
    for path in pages(built_site):
        html = path.read_text(encoding="utf-8")
        parser = Visible(path.relative_to(built_site).parts[0])
        parser.feed(html)
        found += [f"{path.relative_to(built_site)}: {text[:100]!r}" for _, text in parser.pieces if "'" in text or '"' in text]
        data = re.search(r'<script type="application/json" id="giv-data">(.*?)</script>', html, re.S)
        if data:
            strings = json.loads(data.group(1))["strings"]
            found += [f"{path.relative_to(built_site)}: sheet string {key}: {text[:100]!r}"
                      for key, text in strings.items() if "'" in text or '"' in text]
    assert found == []


def test_a_negative_total_in_the_standings_has_a_real_minus_sign(tmp_path):
    """A worked example's standings write a negative total as its tables do, `−2` (U+2212), never
    with a hyphen: the minimal site's example, played with a point lost per trick off."""
    from fixtures.sites import make_site
    from generator.build import build

    site = make_site(tmp_path / "site")
    examples = site / "content" / "games" / "mini-whist" / "examples.yaml"
    text = examples.read_text("utf-8")
    for old, new in [("settings: {maxHandSize: 2}\n", "settings: {maxHandSize: 2, missPenalty: perTrickOff}\n"),
                     ("      - [11, 0, 10]\n      - [10, 0, 10]\n", "      - [11, -1, 10]\n      - [10, -1, 10]\n"),
                     ("      - [11, 0, 10]\n      - [21, 0, 20]\n", "      - [11, -1, 10]\n      - [21, -2, 20]\n")]:
        assert old in text
        text = text.replace(old, new)
    examples.write_text(text, "utf-8")
    build(site / "content", site / "templates", tmp_path / "out")
    page = (tmp_path / "out" / "en" / "little-whist" / "index.html").read_text("utf-8")
    standings = re.search(r'<ol class="standings">(.*?)</ol>', page, re.S).group(1)
    assert "Ben, \u22122 points" in standings
    assert not re.search(r"-\d", standings)
