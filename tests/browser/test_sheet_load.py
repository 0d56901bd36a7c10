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
