"""Accessibility: axe (WCAG 2.0/2.1/2.2 A and AA) on every page of every language at 360 and 1280 px,
and what axe cannot see, checked in Playwright: focus always visible and not hidden, every link and
control reachable by keyboard, targets of at least 24 by 24 px (links inside a sentence excepted).

Efficient on purpose: one context and one tab for all pages; each page is loaded once and checked at
both widths by resizing the viewport; axe is installed as an init script, not sent per page."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from axe_playwright_python.base import AXE_SCRIPT

WIDTHS = (360, 1280)
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
SHEET = "#sheet-app"

# Every element a pointer or the keyboard can use, as WCAG counts targets and tab stops.
CONTROLS = ("a[href], button, input:not([type=hidden]), select, textarea, summary, "
            "[tabindex]:not([tabindex='-1']), [contenteditable='true']")

TARGETS_JS = """(controls) => {
  const visible = (el) => {
    if (el.closest('[inert], [hidden]')) return false;
    const style = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    return style.visibility !== 'hidden' && r.width > 0 && r.height > 0;
  };
  const inSentence = (el) => {
    // WCAG 2.5.8 "inline": a link in a sentence, its size set by the line height of the text around it.
    if (getComputedStyle(el).display !== 'inline') return false;
    const block = el.parentElement && el.parentElement.closest('p, li, dd, td, th, caption, figcaption, blockquote, div');
    if (!block) return false;
    const around = block.textContent.replace(el.textContent, '').replace(/[\\s.,:;()]/g, '');
    return around.length > 0;
  };
  const out = [];
  for (const el of document.querySelectorAll(controls)) {
    if (!visible(el) || el.disabled) continue;
    const r = el.getBoundingClientRect();
    if ((r.width >= 24 && r.height >= 24) || inSentence(el)) continue;
    if (el.matches('input[type=radio], input[type=checkbox]') && el.labels && [...el.labels].some((l) => {
      const lr = l.getBoundingClientRect(); return lr.width >= 24 && lr.height >= 24; })) continue;
    out.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''} "${(el.textContent || el.value || el.getAttribute('aria-label') || '').trim().slice(0, 40)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  return out;
}"""

MARK_JS = """(controls) => {
  // Number every visible tab stop; the walk then reports which numbers Tab reached.
  let n = 0;
  const names = {};
  const folded = (el) => {
    for (let d = el.parentElement && el.parentElement.closest('details'); d; d = d.parentElement && d.parentElement.closest('details')) {
      const own = el.matches('summary') && el.parentElement === d;
      if (!d.open && !own) return true;
    }
    return false;
  };
  for (const el of document.querySelectorAll(controls)) {
    if (el.closest('[inert], [hidden]') || el.disabled) continue;
    if (folded(el)) continue;  // inside a closed <details>: not shown, and rightly not a tab stop
    const r = el.getBoundingClientRect();
    if (getComputedStyle(el).visibility === 'hidden' || (r.width === 0 && r.height === 0 && !el.matches('.skip'))) continue;
    if (el.matches('input[type=radio]') && el.name) {  // one tab stop per radio group, arrows inside it
      const group = `radio:${el.name}`;
      if (names[group] !== undefined) { el.dataset.a11yStop = names[group]; continue; }
      names[group] = n;
    }
    el.dataset.a11yStop = n++;
  }
  return n;
}"""

FOCUS_JS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const style = getComputedStyle(el);
  const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
  const shadow = style.boxShadow && style.boxShadow !== 'none';
  const r = el.getBoundingClientRect();
  const label = `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''} "${(el.textContent || el.value || el.getAttribute('aria-label') || '').trim().slice(0, 40)}"`;
  // Not hidden: some point of it is inside the viewport and not under another element (a sticky header).
  const points = [[0.5, 0.5], [0.1, 0.1], [0.9, 0.1], [0.1, 0.9], [0.9, 0.9]];
  let seen = false;
  for (const [fx, fy] of points) {
    const x = r.left + r.width * fx, y = r.top + r.height * fy;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit) || hit.contains(el))) { seen = true; break; }
  }
  return {stop: el.dataset.a11yStop ?? null, label, indicator: outline || shadow, seen};
}"""


def all_pages(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix().removesuffix("index.html") for p in site.rglob("*.html"))


def forwarding(site: Path) -> set[str]:
    """Alias pages: they forward at once (meta refresh); the checks look at the page itself."""
    return {path for path in all_pages(site)
            if 'http-equiv="refresh"' in (site / (path + "index.html" if path.endswith("/") or not path else path))
            .read_text(encoding="utf-8")}


@pytest.fixture(scope="module")
def tab(browser, built_site, server):
    """One context and one page for the whole module, with axe installed and alias pages held still."""
    context = browser.new_context(viewport={"width": WIDTHS[0], "height": 800}, service_workers="block")
    context.add_init_script(AXE_SCRIPT)
    held = forwarding(built_site)
    pattern = re.compile(re.escape(server) + "/(" + "|".join(re.escape(p) for p in sorted(held)) + ")$")

    def hold(route):
        path = route.request.url[len(server) + 1:]
        html = (built_site / path / "index.html").read_text(encoding="utf-8")
        route.fulfill(status=200, content_type="text/html; charset=utf-8",
                      body=html.replace('http-equiv="refresh"', 'data-refresh-held-by-test="1"'))

    if held:
        context.route(pattern, hold)
    page = context.new_page()
    yield page
    context.close()


def open_page(tab, server: str, path: str, width: int) -> None:
    tab.set_viewport_size({"width": width, "height": 800})
    if tab.url != f"{server}/{path}":
        tab.goto(f"{server}/{path}", wait_until="load")


def describe(violation: dict) -> list[str]:
    out = []
    for node in violation["nodes"][:5]:
        target = " ".join(map(str, node["target"]))
        where = "sheet" if any(SHEET in str(t) for t in node["target"]) or "sheet" in node.get("html", "")[:200] \
            else "page"
        out.append(f"[{where}] {violation['id']} ({violation['impact']}): {target}: "
                   f"{node.get('failureSummary', '').splitlines()[-1].strip()[:160]}")
    return out


def pages_of(site: Path, lang: str) -> list[str]:
    return [p for p in all_pages(site) if (p.startswith(f"{lang}/") if lang != "root" else "/" not in p)]


@pytest.fixture(scope="module")
def sweep(tab, built_site, server):
    """lang -> {"axe": [...], "targets": [...]}: every page of the language loaded once, checked at both widths."""
    done: dict[str, dict[str, list[str]]] = {}

    def run(lang: str) -> dict[str, list[str]]:
        if lang not in done:
            found = {"axe": [], "targets": [], "pages": pages_of(built_site, lang)}
            for path in found["pages"]:
                for width in WIDTHS:
                    open_page(tab, server, path, width)
                    result = tab.evaluate("(options) => axe.run(document, options)", AXE_OPTIONS)
                    for violation in result["violations"]:
                        found["axe"] += [f"/{path} @{width}px {line}" for line in describe(violation)]
                    found["targets"] += [f"/{path} @{width}px: {t}" for t in tab.evaluate(TARGETS_JS, CONTROLS)]
            done[lang] = found
        return done[lang]

    return run


@pytest.mark.parametrize("lang", ["da", "sv", "en", "root"])
def test_axe_every_page_both_widths(lang, sweep):
    found = sweep(lang)
    assert found["pages"]
    assert found["axe"] == [], f"axe: {len(found['axe'])} violation(s)\n" + "\n".join(found["axe"])


@pytest.mark.parametrize("lang", ["da", "sv", "en", "root"])
def test_targets_are_at_least_24px(lang, sweep):
    found = sweep(lang)
    assert found["targets"] == [], "targets smaller than 24x24 px, not inside a sentence:\n" + "\n".join(found["targets"])


def keyboard_pages(built_site: Path) -> list[str]:
    """Each kind of page once per language (every game page, its index, 404, one alias page) and the root."""
    held = forwarding(built_site)
    out = [""]
    for lang in ("da", "sv", "en"):
        pages = [p for p in all_pages(built_site) if p.startswith(f"{lang}/")]
        out += [p for p in pages if p not in held]
        out += sorted(p for p in pages if p in held)[:1]
    return out


@pytest.mark.parametrize("width", WIDTHS)
def test_keyboard_reaches_everything_with_visible_focus(width, tab, built_site, server):
    problems = []
    for path in keyboard_pages(built_site):
        open_page(tab, server, path, width)
        tab.goto(f"{server}/{path}", wait_until="load")  # fresh: focus at the start of the page
        stops = tab.evaluate(MARK_JS, CONTROLS)
        reached: set[str] = set()
        for _ in range(stops + 5):
            tab.keyboard.press("Tab")
            focus = tab.evaluate(FOCUS_JS)
            if focus is None:
                break  # past the last stop, focus has left the document
            if focus["stop"] in reached:
                break
            if not focus["indicator"]:
                problems.append(f"/{path} @{width}px: no visible focus indicator on {focus['label']}")
            if not focus["seen"]:
                problems.append(f"/{path} @{width}px: focused {focus['label']} is hidden (off screen or covered)")
            if focus["stop"] is None:
                problems.append(f"/{path} @{width}px: Tab reached {focus['label']}, which is not a control")
                continue
            reached.add(focus["stop"])
        missing = tab.evaluate("""(reached) => [...document.querySelectorAll('[data-a11y-stop]')]
            .filter((el) => !reached.includes(el.dataset.a11yStop))
            .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}"`)""",
                               sorted(reached))
        problems += [f"/{path} @{width}px: not reachable by Tab: {m}" for m in missing]
    assert problems == [], "\n".join(problems)
