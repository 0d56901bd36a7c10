"""Benchmark of the live scoresheet at a card table (not a test): 7 players, 25 deals, a phone.

    .venv/bin/python bench/sheet.py [--runs 15]

Builds the site into a temporary folder, serves it on 127.0.0.1 and opens the English Oh Hell
page in Debian's chromium at 360x740 with a 4x CPU slowdown (CDP Emulation.setCPUThrottlingRate,
a mid-range phone). The stored game has 7 players, 25 deals (roundCount 25) and 24 of them
played, so the sheet shows 24 scored rows and the 25th being entered. Prints:

- action to next paint, per kind of action (a keystroke in a player's name, a bid, saving the
  last deal (the entry card becomes the game-over box), saving a deal mid-game (the same game
  with 23 deals played and the 24th saved: the entry card is made again for the 25th, as at
  almost every save at a table), saving the deal before the first deal of 7 cards (the game
  with 11 deals played and the 12th, of 6 cards, saved: at 360 px a player's 8 numbers, 0 to 7,
  take a line more than 7 do, so every row grows and everything under the first one moves: the
  dearest save of a game), "Next: tricks" in that deal (the entry card changed in place for
  its tricks), a settings change): from the timestamp of the action's first input event (the key or
  the press of the tap) to the first frame after the event whose handler does the work (a key's
  input or keydown, a tap's click), measured by a requestAnimationFrame callback requested in
  that event and a message posted from it, which runs after the paint. The last third of each
  kind's runs are traced as well, for the page's main-thread CPU (thread time, at the slowdown)
  from the task of the action's first input event to that message: on a shared machine the wall
  clock depends on the load average, the thread's own time much less; and for the display items
  its frames recorded anew rather than reused (what the paint drew again: a count that does not
  move with the load, so a change's effect on it shows in one run). The events are real input
  sent through CDP (a tap is a mouse press and release at the control's centre, not
  Playwright's locator click, whose own hit-target checks run in the page during the events),
  so every handler, style, layout and paint counts;
- load: from navigation start to the end of the first frame (its style, layout and paint) after
  the live sheet (the round being entered and the standings) is in the page; and, as the rounds
  table and the chart are drawn after that paint, to the end of the first frame after the whole
  sheet is in the page (#sheet-app.is-live); and, from traces of more loads, the main thread's
  CPU (thread time, at the slowdown) from navigation start to those two paints: on a shared
  machine the wall clock depends on the load average, the thread's own time much less;
- taps of a 4-player round: a 4-player game is played through the page as a person would, with
  the fewest taps and keystrokes the page allows, and each one is counted (a tap on a field or
  a button is one, a key on the on-screen keyboard is one);
- the floor, measured in the same run and the same browser: what this machine's Chromium costs
  at the same slowdown for a page with nothing in it but one text field and one button (a
  keystroke that writes the field's text into a line, a tap that adds to it), timed the same
  way; and the game's page with its sheet's scripts blocked (the rules page alone), from
  navigation start to its first paint and to the end of the first frame after it is parsed whole.
  The sheet cannot be faster than these.

The first line says the machine's load average at the start and the end (on a shared machine
the numbers depend on it); the last line is `sheet: action p95 X ms; load Y ms; taps per round Z`.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.serve.local import CHROMIUM, CHROMIUM_ARGS, serve_folder  # noqa: E402

PLAYERS, DEALS, SLOWDOWN = 7, 25, 4
KEY = "giv:v1:en:vend-om"
PHONE = {"width": 360, "height": 740}
# a player's numbers take more than one line
TWO_LINES = "el => el.lastElementChild.offsetTop > el.firstElementChild.offsetTop"

# One-shot listeners: from the action's first input event (a key, or the press of a tap) to the
# frame painted after `end`, the event whose handler does the work (a tap's click comes after its
# release, which may be a frame later than the press: measuring from the press alone could stop
# before the click's work was done).
ARM = """(end) => {
  window.__paint = null;
  let start = null;
  const first = (event) => { if (start === null) { start = event.timeStamp; performance.mark('giv-input'); } };
  const types = ['pointerdown', 'mousedown', 'keydown'];
  types.forEach((t) => window.addEventListener(t, first, { capture: true, once: true }));
  window.addEventListener(end, (event) => {
    first(event);
    types.forEach((t) => window.removeEventListener(t, first, true));
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { window.__paint = performance.now() - start; performance.mark('giv-painted'); };
      channel.port2.postMessage(0);
    });
  }, { capture: true, once: true });
}"""

# From navigation start to the end of the first frame rendered after the live sheet (the round being
# entered and the standings) is in the page, and the same for the whole sheet (#sheet-app.is-live:
# the rounds table and the chart too). A frame's end is read from the Long Animation Frames
# timeline (startTime + duration: after its style, layout and paint). A frame under 50 ms has no
# entry there; then the time is the message posted from a requestAnimationFrame callback, which
# runs after that frame's paint but may also wait for tasks queued before it (the sheet's own
# drawing of its rounds table): later than the paint, never earlier.
LIVE = """() => new Promise((done) => {
  const frames = [];
  const observer = new PerformanceObserver((list) => frames.push(...list.getEntries()));
  observer.observe({ type: 'long-animation-frame', buffered: true });
  const marks = {};
  const afterFrame = (name) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { marks[name].message = performance.now(); finish(); };
    channel.port2.postMessage(0);
  });
  const painted = (name) => {
    const since = marks[name].at;
    const frame = frames.filter((f) => f.renderStart > 0 && f.renderStart >= since)
      .sort((a, b) => a.startTime - b.startTime)[0];
    return frame ? { ms: frame.startTime + frame.duration, frame: true } : { ms: marks[name].message, frame: false };
  };
  const finish = () => {
    if (!marks.live || !marks.whole || marks.live.message === undefined || marks.whole.message === undefined) return;
    setTimeout(() => {  // the frame's entry is delivered after the frame: wait for it
      frames.push(...observer.takeRecords());
      observer.disconnect();
      done({ live: painted('live'), whole: painted('whole') });
    }, 300);
  };
  const checks = {
    live: () => document.querySelector('.sheet-live .sheet-entry') && document.querySelector('.sheet-standings'),
    whole: () => document.querySelector('#sheet-app.is-live'),
  };
  const look = () => {
    for (const [name, ready] of Object.entries(checks)) {
      if (!marks[name] && ready()) { marks[name] = { at: performance.now() }; afterFrame(name); }
    }
    return marks.live && marks.whole;
  };
  if (look()) return;
  const watch = new MutationObserver(() => { if (look()) watch.disconnect(); });
  watch.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
})"""


# The floor's page: one text field and one button, each handler writing one line of text.
BARE_HTML = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width"><title>floor</title></head>
<body><input id="field" type="text" aria-label="name"><button id="button" type="button">Go</button>
<p id="out"></p><script src="bare.js"></script></body></html>
"""
BARE_JS = """const out = document.getElementById('out');
document.getElementById('field').addEventListener('input', (e) => { out.textContent = e.target.value; });
document.getElementById('button').addEventListener('click', () => { out.textContent += '!'; });
"""


FIRST_PAINT = """() => new Promise((done) => {
  const paint = () => performance.getEntriesByType('paint').find((e) => e.name === 'first-paint');
  const found = paint();
  if (found) { done(found.startTime); return; }
  new PerformanceObserver(() => { const p = paint(); if (p) done(p.startTime); }).observe({ type: 'paint', buffered: true });
})"""


# The page without its sheet, parsed whole and painted: the end of the first frame rendered after
# DOMContentLoaded (the parser is done), read as LIVE reads a frame's end.
PARSED = """() => new Promise((done) => {
  const frames = [];
  const observer = new PerformanceObserver((list) => frames.push(...list.getEntries()));
  observer.observe({ type: 'long-animation-frame', buffered: true });
  const go = () => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const message = performance.now();
      setTimeout(() => {
        frames.push(...observer.takeRecords());
        observer.disconnect();
        const since = performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd;
        const frame = frames.filter((f) => f.renderStart > 0 && f.renderStart >= since)
          .sort((a, b) => a.startTime - b.startTime)[0];
        done(frame ? frame.startTime + frame.duration : message);
      }, 300);
    };
    channel.port2.postMessage(0);
  });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', go); else go();
})"""


def main_thread_cpu(trace: Path, url: str, until: list[float]) -> list[float]:
    """The page's main-thread CPU (thread time of its top-level tasks, so time spent waiting for a
    core is not counted) from the navigation start of url to each of the times given (ms)."""
    events = json.loads(trace.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    threads = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"
               and e["args"]["name"] == "CrRendererMain"}
    starts = [e for e in events if e.get("name") == "navigationStart" and (e["pid"], e["tid"]) in threads
              and e["args"]["data"].get("documentLoaderURL") == url]
    main = (starts[-1]["pid"], starts[-1]["tid"])
    t0 = starts[-1]["ts"]
    tasks = sorted((e for e in events if (e["pid"], e["tid"]) == main and e.get("ph") == "X" and "tdur" in e
                    and e["name"] in ("ThreadControllerImpl::RunTask", "RunTask") and e["ts"] >= t0),
                   key=lambda e: e["ts"])
    out = []
    for ms in until:
        total, end = 0, -1
        for e in tasks:
            if (e["ts"] - t0) / 1000 >= ms:
                break
            if e["ts"] >= end:  # an outermost task
                total, end = total + e["tdur"], e["ts"] + e["dur"]
        out.append(total / 1000)
    return out


def action_work(trace: Path) -> tuple[float, int]:
    """The page's main-thread CPU (thread time of its top-level tasks) from the task of an
    action's first input event (marked by ARM) to the message posted after its paint, and the
    display items its frames recorded anew (Chromium's PaintController, `benchmark` category):
    what the paint had to draw again rather than reuse, a count the machine's load does not move."""
    events = json.loads(trace.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    marks = {e["name"]: e for e in events if e.get("name") in ("giv-input", "giv-painted")}
    main = (marks["giv-input"]["pid"], marks["giv-input"]["tid"])
    t0, t1 = marks["giv-input"]["ts"], marks["giv-painted"]["ts"]
    tasks = sorted((e for e in events if (e["pid"], e["tid"]) == main and e.get("ph") == "X" and "tdur" in e
                    and e["name"] in ("ThreadControllerImpl::RunTask", "RunTask") and e["ts"] + e["dur"] >= t0
                    and e["ts"] <= t1),
                   key=lambda e: e["ts"])
    total, end = 0, -1
    for e in tasks:
        if e["ts"] >= end:  # an outermost task
            total, end = total + e["tdur"], e["ts"] + e["dur"]
    items = sum(e["args"]["num_non_cached_new_items"] for e in events
                if e.get("name") == "PaintController::commitNewDisplayItems" and (e["pid"], e["tid"]) == main
                and t0 <= e["ts"] <= t1)
    return total / 1000, items


def played_rounds(players: int, hands: list[int], seed: int = 5) -> list[dict]:
    rng = random.Random(seed)
    rounds = []
    for hand in hands:
        took = [0] * players
        for _ in range(hand):
            took[rng.randrange(players)] += 1
        bids = [min(hand, max(0, t + rng.choice([-1, 0, 0, 1]))) for t in took]
        rounds.append({"bids": bids, "took": took, "handSize": hand})
    return rounds


def hand_sizes() -> list[int]:
    """The 25 deals' hand sizes: the down-and-up staircase for 7 players (7..1..7), repeated."""
    top = 52 // PLAYERS
    pattern = list(range(top, 0, -1)) + list(range(2, top + 1))
    return [pattern[r % len(pattern)] for r in range(DEALS)]


def game_state() -> dict:
    """7 players, 25 deals, 24 of them played."""
    hands = hand_sizes()[:-1]
    return {"v": 1, "players": [f"Player {i + 1}" for i in range(PLAYERS)], "firstDealer": 0,
            "settings": {"roundCount": DEALS, "maxHandSize": 10, "dealerHook": False},
            "rounds": played_rounds(PLAYERS, hands),
            "draft": {"edit": None, "phase": "bid", "bids": [""] * PLAYERS, "took": [""] * PLAYERS}}


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


class Taps:
    """Counts what a person does on the page: taps on the screen and keys on the keyboard."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def tap(self, locator):
        locator.click()
        self.count += 1

    def key(self, key: str):
        self.page.keyboard.press(key)
        self.count += 1


def enter_round(page, taps: Taps, bids: list[int], took: list[int]) -> None:
    """One round with the fewest taps the page offers: tap targets when it has them, else typing."""
    entry = page.locator(".sheet-entry")
    round_no = page.locator("[data-field='bid']").first.get_attribute("data-round")
    order = [int(x.get_attribute("data-player")) for x in
             entry.locator(f"[data-field='bid'][data-round='{round_no}']").all()]
    order = list(dict.fromkeys(order))
    for field, values in (("bid", bids), ("took", took)):
        first = entry.locator(f"[data-field='{field}']").first
        if first.evaluate("el => el.tagName") == "INPUT":
            # type into each field; Enter moves to the next empty one; the first needs a tap
            if first.evaluate("el => el !== document.activeElement"):
                taps.tap(entry.locator(f"input[data-field='{field}']").first)
            for i, p in enumerate(order):
                if entry.locator(f"#giv-{field}-{p}").input_value() == "":
                    if page.evaluate("() => document.activeElement && document.activeElement.id") != f"giv-{field}-{p}":
                        taps.tap(entry.locator(f"#giv-{field}-{p}"))
                    for ch in str(values[p]):
                        taps.key(ch)
                if i < len(order) - 1 and page.evaluate("() => document.activeElement && document.activeElement.id") \
                        != f"giv-{field}-{order[i + 1]}":
                    taps.key("Enter")
        else:
            for p in order:
                target = entry.locator(f"[data-field='{field}'][data-player='{p}'][data-value='{values[p]}']")
                if target.get_attribute("aria-pressed") != "true":
                    taps.tap(target)
        taps.tap(entry.locator("button[type='submit']"))


def count_taps(page, base: str) -> tuple[int, int]:
    """Taps for one 4-player round of a fresh game (four names typed first, not counted)."""
    page.goto(f"{base}/en/oh-hell/")
    page.evaluate("() => localStorage.clear()")
    page.reload()
    page.wait_for_selector(".sheet-live .sheet-entry")
    hand = 10
    rounds = played_rounds(4, [hand], seed=11)
    taps = Taps(page)
    enter_round(page, taps, rounds[0]["bids"], rounds[0]["took"])
    page.wait_for_selector("[data-round='1'][data-field='total']")
    saved = page.evaluate(f"() => JSON.parse(localStorage.getItem('{KEY}')).rounds")
    assert saved and saved[0]["bids"] == rounds[0]["bids"] and saved[0]["took"] == rounds[0]["took"], saved
    return taps.count, hand


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    start_load = os.getloadavg()[0]  # the machine may be shared: the numbers depend on it

    from generator.build import build
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build(ROOT / "content", ROOT / "templates", site)
        httpd, base = serve_folder(site)
        bare = Path(tmp) / "bare"
        bare.mkdir()
        (bare / "index.html").write_text(BARE_HTML, encoding="utf-8")
        (bare / "bare.js").write_text(BARE_JS, encoding="utf-8")
        bare_httpd, bare_base = serve_folder(bare)
        floor: dict[str, list[float]] = {"keystroke": [], "tap": [], "page without the sheet": [], "parsed whole": []}
        url = f"{base}/en/oh-hell/"
        state = game_state()
        # the deal (of 6 cards) before the first of 7 after it, whose 8 numbers take two lines at 360 px
        hands = hand_sizes()
        longer = next(i for i in range(1, DEALS) if hands[i - 1:i + 1] == [6, 7])
        times: dict[str, list[float]] = {"name keystroke": [], "bid": [], "next: tricks": [], "save round (the last deal)": [],
                                          "save round (mid-game)": [], "save round (the numbers a line longer)": [],
                                          "settings change": []}

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport=PHONE, service_workers="block", has_touch=True)
            page = context.new_page()
            errors: list[str] = []
            watching = [True]  # (the floor's page has its scripts blocked, which the console reports)
            page.on("pageerror", lambda e: errors.append(str(e)) if watching[0] else None)
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" and watching[0] else None)
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})

            taps, hand = count_taps(page, base)

            page.evaluate(f"(s) => {{ localStorage.clear(); localStorage.setItem('{KEY}', s); }}", json.dumps(state))
            loads, wholes = [], []
            for _ in range(max(5, args.runs // 2)):
                page.goto(url, wait_until="commit")
                seen = page.evaluate(LIVE)
                loads.append(seen["live"])
                wholes.append(seen["whole"])
            assert page.locator(f"[data-round='{DEALS - 1}'][data-field='total']").count() == PLAYERS, "the game did not load"
            # the same loads traced, for the main thread's CPU (on a shared machine the wall clock
            # above depends on the load average; the thread's own time much less)
            cpu: list[list[float]] = []
            for i in range(max(5, args.runs // 3)):
                page.goto("about:blank")
                trace = Path(tmp) / f"load{i}.json"
                browser.start_tracing(page=page, path=str(trace), categories=["toplevel", "blink.user_timing"])
                page.goto(url, wait_until="commit")
                seen = page.evaluate(LIVE)
                browser.stop_tracing()
                cpu.append(main_thread_cpu(trace, url, [seen["live"]["ms"], seen["whole"]["ms"]]))

            def aim(locator):
                """Where a tap on the control goes: its centre, as a person sees it. A control
                covered there (by the sticky bar at the screen's bottom) or off the screen is first
                scrolled to the middle of the screen, as a person would scroll to it (Playwright's
                own scrolling stops as soon as it is inside the screen, bar or not)."""
                clear = "el => { const r = el.getBoundingClientRect(); " \
                        "return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); }"
                if not locator.evaluate(clear):
                    locator.evaluate("el => el.scrollIntoView({ block: 'center' })")
                assert locator.evaluate(clear), "a tap there would land on something covering the control"
                box = locator.bounding_box()
                return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

            def tap(point) -> None:
                """A tap as the screen sends it: a press and a release."""
                page.mouse.click(*point)

            def measure_into(into: list[float], end: str, action) -> None:
                page.evaluate(ARM, end)
                action()
                page.wait_for_function("() => window.__paint !== null")
                into.append(page.evaluate("() => window.__paint"))

            # the last runs of each kind are traced too, for the main thread's CPU to the paint
            action_cpus: dict[str, list[float]] = {kind: [] for kind in times}
            action_items: dict[str, list[int]] = {kind: [] for kind in times}
            traced = max(3, args.runs // 3)

            def measure(kind: str, end: str, action) -> None:
                if len(times[kind]) < args.runs - traced:
                    measure_into(times[kind], end, action)
                    return
                trace = Path(tmp) / f"action{sum(map(len, times.values()))}.json"
                browser.start_tracing(page=page, path=str(trace),
                                      categories=["toplevel", "blink.user_timing", "benchmark"])
                measure_into(times[kind], end, action)
                browser.stop_tracing()
                cpu_ms, items = action_work(trace)
                action_cpus[kind].append(cpu_ms)
                action_items[kind].append(items)

            def stored_and_tapped(change: str, kind: str) -> None:
                """The stored game changed (change: script on it as `s`), the page loaded again and
                its main button tapped, timed as kind."""
                page.evaluate(f"() => {{ const s = JSON.parse(localStorage.getItem('{KEY}')); {change} "
                              f"localStorage.setItem('{KEY}', JSON.stringify(s)); }}")
                page.reload()
                page.wait_for_selector(".sheet-live .sheet-entry button[type='submit']")
                point = aim(page.locator(".sheet-entry button[type='submit']"))
                measure(kind, "click", lambda: tap(point))

            def draft(rnd: dict, phase: str, took: bool = True) -> str:
                """Script that types rnd in as the round being entered: its bids, and its tricks unless not yet."""
                tricks = [str(t) if took else "" for t in rnd["took"]]
                return (f"s.draft = {{edit: null, phase: '{phase}', bids: {json.dumps([str(b) for b in rnd['bids']])}, "
                        f"took: {json.dumps(tricks)}}};")

            setup = page.locator("#giv-setup")
            if setup.get_attribute("open") is None:
                setup.locator("summary").click()
            name = page.locator("#giv-name-3")
            name.click()
            for i in range(args.runs):
                measure("name keystroke", "input", lambda: page.keyboard.press("abcdefgh"[i % 8]))

            bonus = page.locator("#giv-setting-exactBidBonus")
            for i in range(args.runs):
                bonus.fill(str(15 + (i % 2) * 5))  # (10 is the default: every run changes the setting)
                measure("settings change", "keydown", lambda: bonus.press("Enter"))

            setup.locator("summary").click()
            last = played_rounds(PLAYERS, hand_sizes()[-1:], seed=3)[0]
            mid = state["rounds"][-1]  # the 24th deal, saved again in the game with 23 played
            for i in range(args.runs):
                entry = page.locator(".sheet-entry")
                first = entry.locator("[data-field='bid']").first
                player = int(first.get_attribute("data-player"))
                if first.evaluate("el => el.tagName") == "INPUT":
                    first.click()
                    measure("bid", "input", lambda: page.keyboard.press(str(i % 3)))
                    page.keyboard.press("Backspace")
                else:
                    point = aim(entry.locator(f"[data-field='bid'][data-player='{player}'][data-value='{i % 3}']"))
                    measure("bid", "click", lambda: tap(point))
                stored_and_tapped(draft(last, "took"), "save round (the last deal)")
                page.wait_for_selector(f"[data-round='{DEALS}'][data-field='total']")
                page.locator("#giv-undo").click()
                page.wait_for_selector(f"[data-round='{DEALS}'][data-field='total']", state="detached")
                # mid-game: the 24th deal taken away and its bids typed again, then "Next: tricks"
                stored_and_tapped("s.rounds.pop(); s.redo = null; " + draft(mid, "bid", took=False), "next: tricks")
                page.wait_for_selector(f"[data-field='took'][data-round='{DEALS - 1}']")
                # and its tricks typed again, then saved
                stored_and_tapped(draft(mid, "took"), "save round (mid-game)")
                page.wait_for_selector(f"[data-round='{DEALS - 1}'][data-field='total']")
                page.wait_for_selector(f"[data-field='bid'][data-round='{DEALS}']")
                # the deal before the first of 7 cards saved again in the game with the deals before it
                stored_and_tapped(f"s.rounds = s.rounds.slice(0, {longer - 1}); s.redo = null; "
                                  + draft(state["rounds"][longer - 1], "took"), "save round (the numbers a line longer)")
                page.wait_for_selector(f"[data-field='bid'][data-round='{longer + 1}']")
                assert entry.locator(".sheet-numbers").first.evaluate(TWO_LINES), "the 8 numbers took one line"
                page.evaluate(f"(s) => localStorage.setItem('{KEY}', s)", json.dumps(state))
                page.reload()  # the 25th deal being entered, as at the start
                page.wait_for_selector(".sheet-live .sheet-entry")

            # the floor: a bare page, timed as the sheet is
            watching[0] = False
            page.goto(f"{bare_base}/index.html")
            page.locator("#field").click()
            for i in range(args.runs):
                measure_into(floor["keystroke"], "input", lambda: page.keyboard.press("abcdefgh"[i % 8]))
            for i in range(args.runs):
                point = aim(page.locator("#button"))
                measure_into(floor["tap"], "click", lambda: tap(point))
            # and the game's page with none of the sheet's scripts: the rules page alone, to its first paint
            page.route("**/assets/*.js", lambda route: route.abort())
            for _ in range(len(loads)):
                page.goto(url, wait_until="commit")
                floor["parsed whole"].append(page.evaluate(PARSED))
                page.wait_for_load_state("load")
                floor["page without the sheet"].append(page.evaluate(FIRST_PAINT))
            assert page.locator(".sheet-live").count() == 0, "the sheet's scripts ran in the floor's page"
            browser.close()
        httpd.shutdown()
        bare_httpd.shutdown()
        if errors:
            print("errors in the page:", *errors, sep="\n  ")
            return 1

    print(f"Chromium {SLOWDOWN}x CPU slowdown, {PHONE['width']}x{PHONE['height']}; "
          f"{PLAYERS} players, {DEALS} deals ({DEALS - 1} played, {DEALS - 2} for the mid-game save); {os.cpu_count()} cores, load average "
          f"{start_load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
    everything = []
    for kind, values in times.items():
        everything += values
        print(f"  {kind}: median {statistics.median(values):.0f} ms, p95 {p95(values):.0f} ms, "
              f"worst {max(values):.0f} ms ({len(values)} runs); main-thread CPU to the paint median "
              f"{statistics.median(action_cpus[kind]):.0f} ms, display items painted anew median "
              f"{statistics.median(action_items[kind]):.0f} ({len(action_cpus[kind])} of them traced)")
    for kind, values in (("load to live sheet (the round being entered and the standings, painted)", loads),
                         ("load to the whole sheet (rounds table and chart too, painted)", wholes)):
        ms = [v["ms"] for v in values]
        print(f"  {kind}: median {statistics.median(ms):.0f} ms, worst {max(ms):.0f} ms ({len(ms)} runs, "
              f"{sum(v['frame'] for v in values)} of them timed by the frame's end)")
    print(f"  the same loads traced: main-thread CPU to the live sheet median {statistics.median(c[0] for c in cpu):.0f} ms, "
          f"to the whole sheet {statistics.median(c[1] for c in cpu):.0f} ms ({len(cpu)} runs)")
    print(f"  a 4-player round of {hand} cards, bids then tricks: {taps} taps and keys")
    page_alone = floor["page without the sheet"]
    print(f"floor: a bare page (one field, one button): keystroke median {statistics.median(floor['keystroke']):.0f} ms, "
          f"p95 {p95(floor['keystroke']):.0f} ms; tap median {statistics.median(floor['tap']):.0f} ms, "
          f"p95 {p95(floor['tap']):.0f} ms; the page without its sheet: first paint median "
          f"{statistics.median(page_alone):.0f} ms, parsed whole and painted median "
          f"{statistics.median(floor['parsed whole']):.0f} ms")
    print(f"sheet: action p95 {p95(everything):.0f} ms; load {statistics.median([v['ms'] for v in loads]):.0f} ms; "
          f"taps per round {taps}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
