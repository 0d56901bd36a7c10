"""A rules item has the same anchor in every language, and the language switcher keeps the
reader's place: open a page at an item, switch language, and the other language's page opens at
the same item (templates/assets/keep-place.js). Without JavaScript the switcher still leads to the
same game, at its top."""
from __future__ import annotations

import pytest

from conftest import CONTENT, PageWatch


@pytest.fixture(scope="module")
def site_model():
    from generator.model.load import load_site

    return load_site(CONTENT)


def url(server: str, site, lang: str, game_id: str, anchor: str = "") -> str:
    return f"{server}/{lang}/{site.game(game_id).texts[lang].slug}/" + (f"#{anchor}" if anchor else "")


def title(site, lang: str, game_id: str, anchor: str) -> str:
    """The item's heading in that language, as the rules text writes it."""
    from generator.markdown.parser import parse
    from generator.model.rules import parse_rules

    rules = site.game(game_id).texts[lang].rules_file.read_text("utf-8")
    items, _ = parse_rules(rules, parse(rules, lang))
    return next(i.title for i in items if i.key.rpartition("/")[2] == anchor)


def in_view(page, anchor: str) -> bool:
    """The element is on screen, at or near the top unless the page ends first."""
    top, height = page.evaluate("""(id) => [document.getElementById(id).getBoundingClientRect().top,
                                             window.innerHeight]""", anchor)
    return 0 <= top < height / 2


def switch(page, lang: str) -> None:
    with page.expect_navigation():
        page.locator(f'nav.languages a[hreflang="{lang}"]').click()
    page.wait_for_load_state("load")


@pytest.mark.parametrize("game_id, anchor, path", [
    ("vend-om", "bids-add-up", ("sv", "da", "en", "sv")),   # a question at the table
    ("vandtia", "scoring", ("da", "en", "sv", "da")),       # a section
    ("wizard", "house-rules", ("en", "sv", "da", "en")),
])
def test_switching_language_keeps_the_item(site_model, server, browser, game_id, anchor, path):
    context = browser.new_context(viewport={"width": 1280, "height": 700}, service_workers="block")
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(url(server, site_model, path[0], game_id, anchor))
    assert in_view(page, anchor)
    for lang in path[1:]:
        switch(page, lang)
        assert page.url == url(server, site_model, lang, game_id, anchor)
        assert page.evaluate("() => document.documentElement.lang") == lang
        assert page.locator(f"#{anchor}").inner_text() == title(site_model, lang, game_id, anchor)
        assert in_view(page, anchor), f"{page.url}: #{anchor} is not on screen"
    context.close()
    assert watch.errors == []


def test_the_contents_and_the_switcher_follow_the_reader(site_model, server, browser):
    """A link in the contents moves the reader; the switcher then takes them to the same place."""
    context = browser.new_context(viewport={"width": 1280, "height": 700}, service_workers="block")
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(url(server, site_model, "da", "vend-om"))
    page.locator('nav.toc a[href="#scoring"]').click()
    page.wait_for_url(url(server, site_model, "da", "vend-om", "scoring"))
    assert in_view(page, "scoring")
    switch(page, "en")
    assert page.url == url(server, site_model, "en", "vend-om", "scoring")
    assert in_view(page, "scoring")
    page.goto(url(server, site_model, "en", "vend-om"))  # no anchor: the switcher leads to the top
    assert "#" not in page.locator('nav.languages a[hreflang="sv"]').get_attribute("href")
    context.close()
    assert watch.errors == []


def test_without_javascript_the_switcher_still_reaches_the_game(site_model, server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 700}, java_script_enabled=False)
    page = context.new_page()
    page.goto(url(server, site_model, "sv", "vend-om", "bids-add-up"))
    assert in_view(page, "bids-add-up")
    switch(page, "da")
    assert page.url == url(server, site_model, "da", "vend-om")
    assert page.locator("h1").inner_text() == site_model.game("vend-om").texts["da"].name
    context.close()
