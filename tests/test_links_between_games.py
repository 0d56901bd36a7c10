"""A link to a heading of another game's page, `game:<id>#<heading>`: it leads to that heading, and
the build refuses one to a heading the page does not have, an incremental build as a clean one
does, whichever of the two games changed. (The fixture site of tests/fixtures/valid/minimal; the
messages themselves are pinned by the fixture cases broken-game-anchor*.)"""
from __future__ import annotations

import pytest

from fixtures.sites import make_site
from generator.build import build
from generator.cache import Cache
from generator.model.errors import ContentError
from sitecopy import ROOT

TEMPLATES = ROOT / "templates"
LANGS = ("da", "sv", "en")


def edit(path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new), "utf-8")


def test_a_link_to_a_heading_of_another_game_is_checked_in_every_build(tmp_path):
    content = make_site(tmp_path / "site") / "content"
    whist, tally = content / "games" / "mini-whist", content / "games" / "mini-tally"
    for lang in LANGS:  # a question of mini-tally's, in every language
        with (tally / f"{lang}.md").open("a", encoding="utf-8") as handle:
            handle.write("\n### Two losers? {#two-losers}\n\nText.\n")
    edit(whist / "en.md", "(game:mini-tally)?", "(game:mini-tally#two-losers)?")
    out, cache = tmp_path / "out", Cache(content, TEMPLATES, tmp_path / "out", None, tmp_path / "cache")
    build(content, TEMPLATES, out, cache=cache)
    page = (out / "en" / "little-whist" / "index.html").read_text("utf-8")
    assert 'href="../the-loser/#two-losers"' in page
    assert 'id="two-losers"' in (out / "en" / "the-loser" / "index.html").read_text("utf-8")

    for lang in LANGS:  # the heading is renamed; the page that links to it is unchanged
        edit(tally / f"{lang}.md", "{#two-losers}", "{#two-loosers}")
    with pytest.raises(ContentError) as failed:
        build(content, TEMPLATES, out, cache=Cache(content, TEMPLATES, out, None, tmp_path / "cache"))
    assert [str(p) for p in failed.value.problems] == [
        "content/games/mini-whist/en.md:38: link to 'mini-tally#two-losers', which is not a heading of "
        "mini-tally's page (did you mean 'two-loosers'?)"]

    for lang in LANGS:  # as it was; then only the page that links changes: mini-tally's ids come from the cache
        edit(tally / f"{lang}.md", "{#two-loosers}", "{#two-losers}")
    edit(whist / "en.md", "#two-losers)", "#scoring)")
    cache = Cache(content, TEMPLATES, out, None, tmp_path / "cache")
    build(content, TEMPLATES, out, cache=cache)
    assert not cache.full  # an incremental build, not a clean one after a failed try
    assert 'href="../the-loser/#scoring"' in (out / "en" / "little-whist" / "index.html").read_text("utf-8")
