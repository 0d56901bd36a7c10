"""Search in Chromium, as a reader uses it: the search finds games, not sentences. A name typed in
the header's box of the Danish site finds the game it is another name of, and each game found
shows its summary; a word of a heading of a game's rules finds the game in each language; a word
typed on the Swedish site (built alone, as for its own domain) finds the games whose summaries use
it, by its stem too; the keyboard reaches the results; offline it searches what the service
worker keeps, and without the index it says so; without JavaScript it says what to do instead.
The `page` fixture fails a test on any console error or CSP violation."""
from __future__ import annotations

import json
import re

import pytest

from conftest import PageWatch
from generator.build import build
from generator.serve.local import serve_folder
from sitecopy import site_copy


def results(page) -> list[tuple[str, str]]:
    """(name, path) of each game found, once the status says how many."""
    page.wait_for_function("() => /\\d/.test(document.getElementById('search-status').textContent)")
    links = page.locator("#search-results h2 a")
    return [(a.inner_text(), a.evaluate("(a) => new URL(a.href).pathname")) for a in links.all()]


def test_plump_in_the_danish_header_finds_vend_om(server, page):
    page.goto(f"{server}/da/wizard/")
    page.keyboard.press("Tab")  # the skip link
    page.keyboard.press("Tab")  # the brand
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "site-search-q"
    page.keyboard.type("Plump")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert re.search(r"/da/search\.html\?q=Plump$", page.url)
    assert page.locator("#search-q").input_value() == "Plump"
    found = results(page)
    assert ("Vend om", "/da/vend-om/") in found
    assert page.locator("#search-status").inner_text().startswith(f"{len(found)} ")
    vend_om = page.locator("#search-results li").filter(has=page.locator("a[href$='/da/vend-om/']"))
    assert vend_om.locator("p").inner_text().startswith("Stikspillet, hvor du skal melde præcis, hvor mange stik du tager")
    page.locator("#search-q").focus()
    page.keyboard.press("Tab")  # the search button
    page.keyboard.press("Tab")  # the first game found
    first = page.evaluate("() => new URL(document.activeElement.href).pathname")
    assert first == found[0][1]
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.url == f"{server}{found[0][1]}"


def test_an_alias_in_another_language_finds_its_game(server, page):
    page.goto(f"{server}/da/search.html?q=Piratbridge")
    assert ("Tips", "/da/tips/") in results(page)


@pytest.mark.parametrize("lang, word, slug", [("da", "usynlige", "vaendtia"), ("sv", "osynliga", "vandtia"),
                                              ("en", "see-through", "vandtia")])
def test_a_word_of_a_heading_finds_its_game(server, page, lang, word, slug):
    """Vändtia's house rule "Den usynlige treer" / "Den osynliga trean" / "The see-through three"."""
    page.goto(f"{server}/{lang}/search.html?q={word}")
    assert [path for _, path in results(page)] == [f"/{lang}/{slug}/"]


def test_typing_on_the_search_page_searches_again(server, page):
    page.goto(f"{server}/en/search.html")
    page.locator("#search-q").type("Vändtia")
    found = results(page)
    assert found[0] == ("Vändtia", "/en/vandtia/")
    assert page.url.endswith("/en/search.html?q=V%C3%A4ndtia")
    page.locator("#search-q").fill("xyzzyq")
    page.wait_for_function("() => document.getElementById('search-results').children.length === 0")
    assert "xyzzyq" in page.locator("#search-status").inner_text()


@pytest.fixture(scope="module")
def swedish_domain(tmp_path_factory):
    """The Swedish site built alone, as for its own domain, served at its root."""
    tmp = tmp_path_factory.mktemp("sv-domain")
    content = site_copy(tmp)
    (content / "site.yaml").write_text("""languages:
  da: {locale: da_DK, base_url: "https://vendom.example.dk/", name: Vend om}
  sv: {locale: sv_SE, base_url: "https://plump.example.se/", name: Plump}
  en: {locale: en_GB, base_url: "https://giv.example/en/", draft: true}
root_url: https://giv.example/
x_default: da
""", "utf-8")
    build(content, tmp / "templates", tmp / "site-sv", ["sv"])
    httpd, base = serve_folder(tmp / "site-sv")
    yield base
    httpd.shutdown()


def test_stick_on_the_swedish_domain_finds_the_trick_games(swedish_domain, page):
    page.goto(f"{swedish_domain}/plump/")
    page.locator("#site-search-q").fill("stick")
    with page.expect_navigation():
        page.locator("#site-search-q").press("Enter")
    found = results(page)
    names = [name for name, _ in found]
    assert "Plump" in names and "Wizard" in names, found
    assert all(path.startswith("/") and path.count("/") == 2 for _, path in found), found  # the domain's root
    for _, path in found:
        assert page.request.get(swedish_domain + path).ok, path
    # Stems: the plural definite "sticken" finds what "stick" finds (Swedish stemmer, wasm.sv)
    page.goto(f"{swedish_domain}/search.html?q=sticken")
    assert sorted(results(page)) == sorted(found)


@pytest.fixture(scope="module")
def sharded(tmp_path_factory):
    """The bundled site with about a shard of the search index for each page (generator/search/index.py)."""
    import generator.search.index as search

    tmp = tmp_path_factory.mktemp("sharded")
    content = site_copy(tmp)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search, "SHARD_PAGES", 1)
        build(content, tmp / "templates", tmp / "site")
    httpd, base = serve_folder(tmp / "site")
    yield base, tmp / "site"
    httpd.shutdown()


def test_an_index_in_shards_finds_the_games_of_every_shard(sharded, server, page):
    base, folder = sharded
    assert json.loads((folder / "da" / "pagefind" / "shards.json").read_text("utf-8"))  # more than one shard
    for query in ("stik", "Plump", "Piratbridge"):
        page.goto(f"{server}/da/search.html?q={query}")
        whole = results(page)
        page.goto(f"{base}/da/search.html?q={query}")
        assert sorted(results(page)) == sorted(whole) and whole, query


def test_danish_words_are_found_by_their_stem(server, page):
    page.goto(f"{server}/da/search.html?q=stikkene")
    inflected = results(page)
    page.goto(f"{server}/da/search.html?q=stik")
    assert sorted(results(page)) == sorted(inflected) and inflected


def test_offline_after_a_visit_the_search_still_finds(server, browser):
    """The service worker keeps the index with the pages: at a table without the network, it searches."""
    context = browser.new_context()
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(f"{server}/da/")
    assert page.evaluate("""() => Promise.race([navigator.serviceWorker.ready.then(() => true),
                                                new Promise((resolve) => setTimeout(() => resolve(false), 15000))])""")
    page.reload()  # now controlled by the worker
    context.set_offline(True)
    page.goto(f"{server}/da/search.html?q=Plump")
    assert ("Vend om", "/da/vend-om/") in results(page)
    context.close()
    assert watch.errors == []


def test_without_the_network_the_search_says_so(server, browser):
    """No index to load (offline, before the service worker has it): a message, nothing thrown."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    watch = PageWatch(page)
    page.route("**/pagefind/**", lambda route: route.abort("internetdisconnected"))
    page.goto(f"{server}/sv/search.html?q=stick")
    page.wait_for_function("() => document.getElementById('search-status').textContent === "
                           "JSON.parse(document.getElementById('search-strings').textContent).offline")
    assert page.locator("#search-results li").count() == 0
    errors = [e for e in watch.errors if "net::ERR_INTERNET_DISCONNECTED" not in e]
    context.close()
    assert errors == []


def test_without_javascript_the_search_page_says_what_to_do(server, browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{server}/da/vend-om/")
    page.locator("#site-search-q").fill("Plump")
    with page.expect_navigation():
        page.locator(".site-search button").click()
    assert page.url.endswith("/da/search.html?q=Plump")
    link = page.locator("main a[href='./']")
    assert link.count() == 1 and link.is_visible()
    link.click()
    assert page.url == f"{server}/da/"
    context.close()
