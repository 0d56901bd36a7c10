"""Shared fixtures: the project's paths, a built site, a local server and Debian's chromium."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.serve.local import CHROMIUM, CHROMIUM_ARGS, serve_folder

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
TEMPLATES = ROOT / "templates"


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The bundled content built once per test session into a temporary folder."""
    from generator.build import build

    out = tmp_path_factory.mktemp("site") / "site"
    build(CONTENT, TEMPLATES, out)
    return out


@pytest.fixture(scope="session")
def server(built_site):
    """The built site served on 127.0.0.1 (a secure context, so the service worker runs)."""
    httpd, base = serve_folder(built_site)
    yield base
    httpd.shutdown()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make test-deps` (it installs Debian's chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        instance = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


class PageWatch:
    """Console errors, page errors and CSP violations seen by one page."""

    def __init__(self, page):
        self.errors: list[str] = []
        page.on("console", lambda m: self.errors.append(f"console.{m.type}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        page.add_init_script("""document.addEventListener('securitypolicyviolation', (e) => {
            console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI); });""")


@pytest.fixture
def page(browser):
    """A fresh browser context and page; fails the test on any console error or CSP violation."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    watch = PageWatch(pg)
    pg.watch = watch
    yield pg
    context.close()
    assert watch.errors == [], "\n".join(watch.errors)
