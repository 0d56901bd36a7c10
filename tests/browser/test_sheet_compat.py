"""The live sheet in the browsers a card table still has: Safari 15, Firefox 115 ESR, Chrome 100.
Their JavaScript is ES2021, and none of them can import JSON (import attributes came with Chrome
123, Safari 17.2 and Firefox 138). Every script the site ships is checked against ES2021, syntax
and built-ins (es-check, from npm), and the sheet is played at 360 px in a page where a JSON
module cannot load, as in those browsers."""
from __future__ import annotations

import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from conftest import ROOT, PageWatch
from test_sheet import open_sheet, play_bid_round, setup, shown

ES = "es2021"
ES_CHECK = ROOT / "node_modules" / ".bin" / "es-check"
LANGS = ["da", "en", "sv"]


def es_check(files: list[Path], module: bool, features: bool) -> subprocess.CompletedProcess:
    """es-check's verdict on files. Its syntax check and its check of built-ins are separate runs:
    with --checkFeatures it looks for built-ins only and lets any syntax through."""
    if not ES_CHECK.exists():
        pytest.fail(f"{ES_CHECK} is missing: run `make test-deps` (npm ci)")
    command = [str(ES_CHECK), ES, *map(str, files), "--noCache", "--noColor"]
    command += ["--module"] * module + ["--checkFeatures"] * features
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def shipped(site: Path, lang: str) -> tuple[list[Path], Path]:
    """A language's modules (assets/*.js) and its service worker (a classic script)."""
    return sorted((site / lang / "assets").glob("*.js")), site / lang / "sw.js"


@pytest.mark.parametrize("features", [False, True], ids=["syntax", "built-ins"])
def test_every_shipped_script_is_es2021(built_site, features):
    for lang in LANGS:
        modules, worker = shipped(built_site, lang)
        assert {m.name for m in modules} >= {"sheet.js", "engine.js", "templates.js"}
        for files, module in ((modules, True), ([worker], False)):
            proc = es_check(files, module, features)
            assert proc.returncode == 0, proc.stdout + proc.stderr
    assert not list(built_site.glob("*/assets/*.json.js")) and not (built_site / "en" / "assets" / "templates.json").exists()


@pytest.mark.parametrize("features", [False, True], ids=["syntax", "built-ins"])
def test_the_check_refuses_what_those_browsers_cannot_run(tmp_path, features):
    """The check above can fail: a JSON import, or a built-in of ES2022 (Safari 15.4)."""
    bad = tmp_path / "bad.js"
    bad.write_text("import T from './t.json' with { type: 'json' };\nexport const x = T;\n" if not features
                   else "export const last = (list) => list.at(-1);\n", encoding="utf-8")
    proc = es_check([bad], True, features)
    assert proc.returncode != 0
    assert ("SyntaxError" if not features else "ArrayPrototypeAt") in proc.stdout + proc.stderr


@pytest.mark.parametrize("lang", LANGS)
def test_the_sheet_lives_where_json_modules_cannot_load(browser, server, built_site, lang):
    """A page whose JSON requests all fail (as a JSON module does in those browsers) still gets a
    live sheet on a phone, and adds up a round tapped in; every script it loads is one checked
    above."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
                                  service_workers="block")
    page = context.new_page()
    watch = PageWatch(page)
    scripts, refused = [], []

    def route(r):
        path = urlsplit(r.request.url).path
        if path.endswith(".json") and not path.endswith("/manifest.json"):
            refused.append(path)
            return r.abort()
        if r.request.resource_type == "script" or path.endswith(".js"):
            scripts.append(path.rsplit("/", 1)[-1])
        return r.continue_()

    page.route("**/*", route)
    open_sheet(page, server, "vend-om", lang)
    setup(page, ["Anna", "Bo", "Cecilie"], settings={"maxHandSize": 3})
    hand = max(int(v) for v in page.locator(".sheet-entry button[data-field='bid'][data-player='0']")
               .evaluate_all("els => els.map((el) => el.dataset.value)"))
    play_bid_round(page, 1, [hand, 0, 1], [hand, 0, 0])  # the bids go over the hand: no dealer's hook
    assert [shown(page, 1, p, "score") for p in range(3)][1] > 0  # Bo bid 0 and took 0
    assert page.locator(".sheet-standing").count() == 3
    modules, _ = shipped(built_site, lang)
    assert refused == []  # nothing asks for JSON any more
    assert set(scripts) - {"sw.js"} <= {m.name for m in modules} and "templates.js" in scripts
    context.close()
    assert watch.errors == [], "\n".join(watch.errors)


def test_the_page_preloads_every_module_the_sheet_loads(browser, server):
    """Opening a page fetches the sheet's modules at once: each module the page loads is in its
    modulepreload list (made from the modules' imports), and the list holds nothing it does not load."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, service_workers="block")
    page = context.new_page()
    watch = PageWatch(page)
    loaded = []
    page.on("request", lambda r: loaded.append(urlsplit(r.url).path.rsplit("/", 1)[-1])
            if urlsplit(r.url).path.endswith(".js") else None)
    open_sheet(page, server, "wizard", "sv")
    preloaded = page.eval_on_selector_all("link[rel='modulepreload']",
                                          "links => links.map((l) => new URL(l.href).pathname.split('/').pop())")
    entries = page.eval_on_selector_all("script[type='module'][src]",
                                        "scripts => scripts.map((s) => new URL(s.src).pathname.split('/').pop())")
    assert "sheet.js" in entries and {"engine.js", "templates.js", "sheet-dom.js"} <= set(preloaded)
    assert len(preloaded) == len(set(preloaded))
    assert set(loaded) - {"sw.js"} == set(preloaded) | set(entries)
    context.close()
    assert watch.errors == [], "\n".join(watch.errors)
