"""Opening a game page: the live sheet's start-up. A tab that is not shown gets the whole sheet
(rounds table and chart) without waiting to be shown, and the sheet's modules are fetched from the
page's head, none of them first found by an import. The `page` fixture fails a test on any console
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


def test_the_sheets_modules_come_from_the_heads_preloads(page, server):
    stored_game(page)
    page.goto(f"{server}/en/oh-hell/")
    page.wait_for_selector("#sheet-app.is-live")
    preloaded = page.evaluate("""() => [...document.head.querySelectorAll('link[rel=modulepreload]')]
        .map((l) => new URL(l.href).pathname)""")
    assert "/en/assets/sheet.js" in preloaded and "/en/assets/engine.js" in preloaded
    scripts = page.evaluate("() => [...document.scripts].filter((s) => s.src).map((s) => new URL(s.src).pathname)")
    fetched = page.evaluate("""() => performance.getEntriesByType('resource')
        .filter((e) => e.name.endsWith('.js')).map((e) => [new URL(e.name).pathname, e.initiatorType])""")
    imported = [path for path, by in fetched if path not in scripts and path not in preloaded]
    assert imported == [], f"fetched by an import, not preloaded from the head: {imported}"
    # and each once: a preload the module loader cannot use (another URL, another mode) is fetched again
    assert sorted(path for path, by in fetched if path in preloaded) == sorted(preloaded)
