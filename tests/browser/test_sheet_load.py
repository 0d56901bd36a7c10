"""Opening a game page: the live sheet's start-up. A tab that is not shown gets the whole sheet
(rounds table and chart) without waiting to be shown, and the sheet's modules are fetched from the
page's head, each once. The `page` fixture fails a test on any console
error or CSP violation."""
from __future__ import annotations

import json

import pytest

KEY = "giv:v1:en:vend-om"
GAME = {"v": 1, "players": ["Ann", "Bob", "Cat"], "firstDealer": 0, "settings": {},
        "rounds": [{"bids": [1, 0, 2], "took": [1, 1, 1], "handSize": 3},
                   {"bids": [0, 1, 0], "took": [0, 1, 1], "handSize": 2}],
        "draft": {"edit": None, "phase": "bid", "bids": ["", "", ""], "took": ["", "", ""]}}

# A tab in the background as the browser shows it to a page: visibilityState 'hidden', and no
# frame comes, so requestAnimationFrame's callbacks wait until the tab is shown.
HIDDEN_TAB = """(() => {
  let shown = %s;
  Object.defineProperty(Document.prototype, 'visibilityState', { get: () => (shown ? 'visible' : 'hidden') });
  Object.defineProperty(Document.prototype, 'hidden', { get: () => !shown });
  window.requestAnimationFrame = () => 0;
  window.__hideTab = () => { shown = false; document.dispatchEvent(new Event('visibilitychange')); };
})();"""


def stored_game(page) -> None:
    page.add_init_script(f"localStorage.setItem('{KEY}', {json.dumps(json.dumps(GAME))})")


def drawn(page) -> dict:
    """What the whole sheet shows of the stored game: the rounds table's totals and the chart."""
    return {"totals": [t.inner_text() for t in page.locator("[data-field='total']").all()],
            "charts": page.locator("svg.sheet-chart-svg").count()}


@pytest.mark.parametrize("when", ["hidden from the start", "hidden before the first frame"])
def test_a_tab_not_shown_gets_the_whole_sheet(browser, page, server, when):
    shown = browser.new_context()
    stored_game(shown)
    front = shown.new_page()
    front.goto(f"{server}/en/oh-hell/")
    front.wait_for_selector("#sheet-app.is-live")
    expected = drawn(front)
    shown.close()
    assert len(expected["totals"]) == 6 and expected["charts"] == 1

    stored_game(page)
    page.add_init_script(HIDDEN_TAB % ("false" if when == "hidden from the start" else "true"))
    page.goto(f"{server}/en/oh-hell/")
    page.wait_for_selector("#sheet-app.is-running .sheet-standings")
    if when == "hidden before the first frame":
        page.wait_for_timeout(300)
        assert page.locator("#sheet-app.is-live").count() == 0  # no frame yet: the rest waits for one
        page.evaluate("() => window.__hideTab()")
    page.wait_for_selector("#sheet-app.is-live", timeout=5000)
    assert drawn(page) == expected


def test_the_sheets_modules_are_preloaded_from_the_head_and_fetched_once(page, server):
    """(test_sheet_compat checks that the preload list is the modules the sheet loads.) The list is
    in the head, so the modules come while the rules text is parsed, and the module loader takes
    each preload as it is: no module is fetched twice."""
    requested = []
    page.on("request", lambda r: requested.append(r.url) if r.url.endswith(".js") else None)
    stored_game(page)
    page.goto(f"{server}/en/oh-hell/")
    page.wait_for_selector("#sheet-app.is-live")
    in_head = page.evaluate("() => [...document.head.querySelectorAll('link[rel=modulepreload]')].map((l) => l.href)")
    in_body = page.evaluate("() => document.body.querySelectorAll('link[rel=modulepreload]').length")
    assert f"{server}/en/assets/sheet.js" in in_head and f"{server}/en/assets/engine.js" in in_head and in_body == 0
    twice = sorted({url for url in requested if requested.count(url) > 1})
    assert twice == [], f"fetched more than once: {twice}"


@pytest.mark.parametrize("how", ["reload", "link to #sheet"])
def test_a_player_coming_back_lands_on_the_sheet(browser, server, how):
    """A reload mid-game lands where the player was (the browser restores the place), and a link
    to #sheet on the sheet's heading, wherever the long text above the sheet ends."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, service_workers="block")
    stored_game(context)
    page = context.new_page()
    page.goto(f"{server}/en/oh-hell/")
    page.wait_for_selector("#sheet-app.is-live")
    where = "() => document.querySelector(%r).getBoundingClientRect().top"
    if how == "reload":
        page.evaluate("() => window.scrollTo(0, document.querySelector('.sheet-entry').getBoundingClientRect().top + scrollY - 50)")
        page.wait_for_timeout(200)
        before = page.evaluate(where % ".sheet-entry")
        page.reload()
    else:
        before = 16  # the page's scroll-padding-top, 1rem
        page.goto("about:blank")
        page.goto(f"{server}/en/oh-hell/#sheet")
    page.wait_for_selector("#sheet-app.is-live")
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)
    after = page.evaluate(where % (".sheet-entry" if how == "reload" else "#sheet"))
    assert abs(after - before) < 30, f"{how}: at {after:.0f} px from the top of the screen, not {before:.0f}"
    context.close()


LAID_OUT = """() => ['variants', 'settings', 'examples'].map((id) =>
    getComputedStyle(document.getElementById(id)).contentVisibility)"""


@pytest.mark.parametrize("data", ["the sheet's data", "broken data"])
def test_the_text_put_off_while_the_sheet_opens_is_laid_out_after(page, server, data):
    """While the sheet is drawn, the long sections above it are laid out only near the screen;
    once it is drawn, or when there is no live sheet to draw, the whole page is laid out (so the
    browser's find, focus and anchors see it as it is)."""
    if data == "broken data":
        def corrupt(route):
            html = route.fetch().text().replace('<script type="application/json" id="giv-data">{', '<script type="application/json" id="giv-data">{,')
            route.fulfill(body=html, content_type="text/html; charset=utf-8")
        page.route("**/en/oh-hell/", corrupt)
    stored_game(page)
    page.goto(f"{server}/en/oh-hell/")
    if data == "broken data":
        page.wait_for_load_state("load")
        assert page.locator(".sheet-live").count() == 0 and page.locator(".blank-sheet").is_visible()
        page.wait_for_function(f"() => ({LAID_OUT})().every((v) => v === 'visible')")
    else:
        page.wait_for_selector("#sheet-app.is-live")
        assert page.evaluate(LAID_OUT) == ["visible"] * 3
