"""A link in the rules to a game that is a draft in the page's language (a `game:<id>` link) is
plain text on the published page: the game is named, no address leads to a page that is not
there, and the link comes back when the game is published. (The fixture site of
tests/fixtures/valid/minimal: mini-tally's rules link to mini-whist in every language.)"""
from __future__ import annotations

import re

from fixtures.sites import make_site
from generator.build import build
from generator.cache import Cache
from sitecopy import ROOT

TEMPLATES = ROOT / "templates"


def rules(out, lang: str, slug: str) -> str:
    html = (out / lang / slug / "index.html").read_text("utf-8")
    return re.search(r'<section id="rules".*?</section>', html, re.S).group(0)


def set_drafts(content, game: str, drafts: str) -> None:
    path = content / "games" / game / "game.yaml"
    text = re.sub(r"(?m)^drafts:.*\n", "", path.read_text("utf-8"))
    path.write_text(text + (f"drafts: {drafts}\n" if drafts else ""), "utf-8")


def test_a_link_to_a_draft_game_is_plain_text(tmp_path):
    content = make_site(tmp_path / "site") / "content"
    set_drafts(content, "mini-whist", "[da]")
    out = tmp_path / "out"
    build(content, TEMPLATES, out)
    assert not (out / "da" / "lille-whist").exists()
    danish = rules(out, "da", "taberen")
    assert "for eksempel <a>Lille whist</a>." in danish and "lille-whist" not in danish
    assert '<a href="../lilla-whist/">Lilla whist</a>' in rules(out, "sv", "forloraren")  # published in Swedish


def test_publishing_the_game_makes_it_a_link_again_in_an_incremental_build(tmp_path):
    content = make_site(tmp_path / "site") / "content"
    out, store = tmp_path / "out", tmp_path / ".giv-cache"
    set_drafts(content, "mini-whist", "[da]")
    build(content, TEMPLATES, out, cache=Cache(content, TEMPLATES, out, None, store))
    set_drafts(content, "mini-whist", "")
    build(content, TEMPLATES, out, cache=Cache(content, TEMPLATES, out, None, store))
    assert '<a href="../lille-whist/">Lille whist</a>' in rules(out, "da", "taberen")
    set_drafts(content, "mini-whist", "[da]")
    build(content, TEMPLATES, out, cache=Cache(content, TEMPLATES, out, None, store))
    assert "<a>Lille whist</a>" in rules(out, "da", "taberen")


def test_a_draft_language_named_as_x_default_is_named_by_no_page(tmp_path):
    """site.yaml's x_default is a language that is still a draft: no published page, the root
    language picker included, names its address in hreflang (docs/publishing.md); published, and
    built elsewhere (--lang da --lang sv), it is the picker's x-default."""
    content = make_site(tmp_path / "site") / "content"
    site = content / "site.yaml"
    site.write_text(site.read_text("utf-8").replace("    base_url: https://giv.example/en/\n",
                                                    "    base_url: https://giv.example/en/\n    draft: true\n")
                    + "x_default: en\n", "utf-8")
    out = tmp_path / "out"
    build(content, TEMPLATES, out)
    assert not (out / "en").exists()
    naming = sorted(p.relative_to(out).as_posix() for p in out.rglob("*")
                    if p.suffix in (".html", ".xml") and "https://giv.example/en/" in p.read_text("utf-8"))
    assert naming == []
    site.write_text(site.read_text("utf-8").replace("    draft: true\n", ""), "utf-8")
    build(content, TEMPLATES, out, ["da", "sv"])
    assert '<link rel="alternate" hreflang="x-default" href="https://giv.example/en/">' in (
        out / "index.html").read_text("utf-8")
