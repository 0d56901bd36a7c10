"""Shared fixtures: the project's paths, a built site, a local server and Debian's chromium."""
from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
TEMPLATES = ROOT / "templates"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The bundled content built once per test session into a temporary folder."""
    from generator.build import build

    out = tmp_path_factory.mktemp("site") / "site"
    build(CONTENT, TEMPLATES, out)
    return out


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # keep test output clean
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


@pytest.fixture(scope="session")
def server(built_site):
    """The built site served on 127.0.0.1 (a secure context, so the service worker runs)."""
    handler = functools.partial(QuietHandler, directory=str(built_site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
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
