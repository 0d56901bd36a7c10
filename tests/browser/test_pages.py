"""Every page of every language in Chromium: loads with no console error and no CSP violation; the
language switcher stays on the game; alias pages reach their game; the root index picks a language."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import CONTENT, PageWatch

LANGS = ("da", "sv", "en")


@pytest.fixture(scope="module")
def site_model():
    from generator.model.load import load_site

    return load_site(CONTENT)


def pages_of(built_site: Path, lang: str) -> list[str]:
    """URL paths of every page of one language, its index first."""
    folder = built_site / lang
    paths = sorted(p.relative_to(built_site).as_posix().removesuffix("index.html") for p in folder.rglob("*.html"))
    return sorted(paths, key=lambda p: (p != f"{lang}/", p))


def game_url(site, lang: str, game_id: str) -> str:
    return f"/{lang}/{site.game(game_id).texts[lang].slug}/"


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_loads_cleanly(lang, built_site, server, browser, site_model):
    """One context per language (the service worker installs once); every page in turn. An alias page
    must reach its game; a game: link in the rules must stay in the language."""
    from generator.render.language import alias_index

    aliases = alias_index(site_model, lang)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    watch = PageWatch(page)
    failed_requests: list[str] = []
    page.on("response", lambda r: failed_requests.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("requestfailed", lambda r: failed_requests.append(f"failed {r.url} ({r.failure})"))
    problems = []
    paths = pages_of(built_site, lang)
    assert len(paths) > 5
    for path in paths:
        before = len(watch.errors), len(failed_requests)
        file = built_site / (path + "index.html" if path.endswith("/") else path)
        forwards = 'http-equiv="refresh"' in file.read_text(encoding="utf-8")
        response = page.goto(f"{server}/{path}", wait_until="load")
        assert response is not None and response.ok, path
        if forwards:  # an alias page forwards at once (meta refresh) to its game
            games = sorted({target[-1] for target in aliases[path.split("/")[1]]})
            page.wait_for_url(server + game_url(site_model, lang, games[0]))
            page.wait_for_load_state("load")
            assert len(games) == 1, f"{path} names several games and should not forward"
        elif path.count("/") == 2 and path.split("/")[1] in aliases:  # an alias of several games lists them
            games = sorted({target[-1] for target in aliases[path.split("/")[1]]})
            hrefs = page.locator("main a").evaluate_all("(links) => links.map((a) => new URL(a.href).pathname)")
            assert sorted(hrefs) == sorted(game_url(site_model, lang, g) for g in games), path
        assert page.evaluate("() => document.documentElement.lang") == lang, path
        for href in page.locator("#rules a").evaluate_all("(links) => links.map((a) => new URL(a.href).pathname)"):
            assert href.startswith(f"/{lang}/"), f"{path}: a link in the rules leaves the language: {href}"
        page.wait_for_timeout(50)  # a late error from a module script still belongs to this page
        new = watch.errors[before[0]:] + failed_requests[before[1]:]
        if forwards:  # the forward aborts what the alias page was still loading (its icon): not an error
            new = [error for error in new if not error.endswith("(net::ERR_ABORTED)")]
        problems += [f"{path}: {error}" for error in new]
    ready = page.evaluate("""() => Promise.race([navigator.serviceWorker.ready.then(() => true),
                                                 new Promise((resolve) => setTimeout(() => resolve(false), 10000))])""")
    context.close()
    assert problems == [], "\n".join(problems)
    assert ready, f"the {lang} service worker did not become ready (a precache entry that fails?)"


@pytest.fixture
def context(browser):
    """A context without the service worker, for tests that only navigate."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    yield ctx
    ctx.close()


def test_language_switcher_stays_on_the_game(site_model, server, context):
    """From every game page, each switcher link lands on the same game in that language: two round
    trips per game (da -> sv -> en -> da, da -> en -> sv -> da) cover all six directions."""
    page = context.new_page()
    watch = PageWatch(page)
    for game in site_model.games:
        for cycle in (("sv", "en", "da"), ("en", "sv", "da")):
            page.goto(server + game_url(site_model, "da", game.id))
            for other in cycle:
                came_from = page.url
                with page.expect_navigation():
                    page.locator(f'nav.languages a[hreflang="{other}"]').click()
                assert page.url == server + game_url(site_model, other, game.id), \
                    f"the {other} link of {came_from} went to {page.url}"
                assert page.evaluate("() => document.documentElement.lang") == other
                assert page.locator("h1").inner_text() == game.texts[other].name
                assert page.locator('nav.languages a[aria-current="page"]').get_attribute("hreflang") == other
    assert watch.errors == []


def test_alias_page_without_forwarding_links_the_game(site_model, built_site, server, context):
    """With the refresh blocked (some readers disable it), the alias page still leads to the game."""
    from generator.render.language import alias_index

    lang = "en"
    slug, targets = next((s, t) for s, t in alias_index(site_model, lang).items() if len({x[-1] for x in t}) == 1)
    html = (built_site / lang / slug / "index.html").read_text(encoding="utf-8")
    assert '<meta http-equiv="refresh" content="0; url=' in html
    page = context.new_page()
    page.route(f"{server}/{lang}/{slug}/", lambda route: route.fulfill(
        status=200, content_type="text/html; charset=utf-8",
        body=html.replace('http-equiv="refresh"', 'data-refresh="blocked"')))
    page.goto(f"{server}/{lang}/{slug}/")
    page.locator("main a").first.click()
    page.wait_for_url(server + game_url(site_model, lang, targets[0][-1]))


@pytest.mark.parametrize("lang", LANGS)
def test_root_index_picks_a_language(lang, site_model, server, page):
    page.goto(server + "/")
    links = page.locator("main a")
    assert links.count() == len(site_model.languages)
    page.locator(f'main a[hreflang="{lang}"]').click()
    page.wait_for_url(f"{server}/{lang}/")
    assert page.evaluate("() => document.documentElement.lang") == lang
    names = page.locator(".game-list h2 a").all_inner_texts()
    assert names == [g.texts[lang].name for g in site_model.games]


def test_nothing_scrolls_sideways_on_a_phone(built_site, server, browser):
    """At 360 px (a small phone) no page is wider than the screen: the root picker, each language's
    index, every game page, the 404 page. A worked example's tables of up to four players fit too."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, service_workers="block")
    page = context.new_page()
    paths = [""] + [path for lang in LANGS for path in pages_of(built_site, lang)
                    if 'http-equiv="refresh"' not in (built_site / (path + "index.html" if path.endswith("/") else path)).read_text(encoding="utf-8")]
    wide = []
    for path in paths:
        page.goto(f"{server}/{path}", wait_until="load")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        if width > 360:
            wide.append(f"/{path}: {width} px")
        # a table may scroll inside its frame, but its title stays on the screen; the hand sizes fit
        wide += [f"/{path}: {what}" for what in page.evaluate("""() => [
            ...[...document.querySelectorAll('.table-wrap caption')].filter((c) => c.getBoundingClientRect().right > 360)
                .map((c) => `caption '${c.textContent.trim()}' reaches ${Math.round(c.getBoundingClientRect().right)} px`),
            ...[...document.querySelectorAll('table.hands')].filter((t) => t.parentElement.scrollWidth > t.parentElement.clientWidth)
                .map((t) => `the hand sizes table scrolls (${t.parentElement.clientWidth}/${t.parentElement.scrollWidth} px)`),
            ...[...document.querySelectorAll('.example .table-wrap')]
                .filter((w) => w.querySelectorAll('thead th').length <= 5 && w.scrollWidth > w.clientWidth)
                .map((w) => `a worked example's table scrolls (${w.clientWidth}/${w.scrollWidth} px)`)]""")]
    context.close()
    assert wide == [], "wider than a 360 px screen:\n" + "\n".join(wide)
