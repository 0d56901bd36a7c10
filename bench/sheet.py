"""Benchmark of the live scoresheet in Chromium (not a test): an 8-player, 30-round game.

    .venv/bin/python bench/sheet.py [--runs 25]

Builds the site into a temporary folder, serves it on 127.0.0.1 and opens the English Oh Hell
page in Debian's chromium with a stored 8-player, 30-round game. No bundled game allows eight
players, so the page's data is rewritten on the way in (players up to 8, rounds up to 30); the
sheet's code is the shipped code. Prints:

- the gzipped size of what the sheet ships (sheet*.js, engine.js, sheet.css);
- the engine alone: one score() of the whole game;
- a full recompute: a setting changed in the settings panel, through the engine, the standings,
  the rounds table and the chart, up to a finished layout (median and worst of --runs);
- opening the page with that game stored, up to the live sheet.
"""
from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.serve.local import CHROMIUM, CHROMIUM_ARGS, serve_folder  # noqa: E402

PLAYERS, ROUNDS = 8, 30


def game_state(seed: int = 5) -> dict:
    """A valid 8-player, 30-round Oh Hell game (hand sizes 6..1..6 repeated), as the sheet stores it."""
    rng = random.Random(seed)
    m = 52 // PLAYERS
    pattern = list(range(m, 0, -1)) + list(range(2, m + 1))
    rounds = []
    for r in range(ROUNDS):
        hand = pattern[r % len(pattern)]
        took = [0] * PLAYERS
        for _ in range(hand):
            took[rng.randrange(PLAYERS)] += 1
        bids = [min(hand, max(0, t + rng.choice([-1, 0, 0, 1]))) for t in took]
        rounds.append({"bids": bids, "took": took, "handSize": hand})
    return {"v": 1, "players": [f"Player {i + 1}" for i in range(PLAYERS)], "firstDealer": 0,
            "settings": {"roundCount": ROUNDS, "maxHandSize": 10, "dealerHook": False},
            "rounds": rounds, "draft": {"edit": None, "phase": "bid", "bids": [""] * PLAYERS, "took": [""] * PLAYERS}}


def gzipped_sizes(site: Path) -> dict[str, int]:
    assets = site / "en" / "assets"
    files = sorted(assets.glob("sheet*.js")) + [assets / "engine.js", assets / "sheet.css"]
    return {f.name: len(gzip.compress(f.read_bytes(), 9)) for f in files}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=25)
    args = parser.parse_args()

    from generator.build import build
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build(ROOT / "content", ROOT / "templates", site)
        sizes = gzipped_sizes(site)
        print("gzipped (level 9):", ", ".join(f"{k} {v / 1024:.1f} KiB" for k, v in sizes.items()))
        print(f"  total {sum(sizes.values()) / 1024:.1f} KiB "
              f"({sum(v for k, v in sizes.items() if k != 'engine.js') / 1024:.1f} KiB sheet UI + "
              f"{sizes['engine.js'] / 1024:.1f} KiB engine)")

        httpd, base = serve_folder(site)
        url = f"{base}/en/oh-hell/"
        state = game_state()

        def widen(route):
            html = route.fetch().text()
            match = re.search(r'(<script type="application/json" id="giv-data">)(.*?)(</script>)', html, re.S)
            data = json.loads(match.group(2))
            data["spec"]["players"]["max"] = PLAYERS
            data["spec"]["settings"]["roundCount"]["max"] = ROUNDS
            for meta in data["settings"]:
                if meta["key"] == "roundCount":
                    meta["max"] = ROUNDS
            text = json.dumps(data).replace("</", "<\\/")
            route.fulfill(body=html[:match.start(2)] + text + html[match.end(2):], content_type="text/html")

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
            page = context.new_page()
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.route(url, widen)
            page.add_init_script(f"localStorage.setItem('giv:v1:en:vend-om', {json.dumps(json.dumps(state))});")
            loads = []
            for _ in range(5):
                page.goto(url)
                page.wait_for_selector(f"[data-round='{ROUNDS}'][data-field='total']")
                loads.append(page.evaluate("""() => {
                    const nav = performance.getEntriesByType('navigation')[0];
                    return performance.now() - nav.startTime; }"""))
            assert page.locator("[data-field='score']").count() == PLAYERS * ROUNDS, "the game did not load"

            engine = page.evaluate("""async (runs) => {
                const { score } = await import('/en/assets/engine.js');
                const data = JSON.parse(document.getElementById('giv-data').textContent);
                const stored = JSON.parse(localStorage.getItem(data.storageKey));
                const input = { template: data.template, spec: data.spec, settings: stored.settings,
                  players: stored.players, firstDealer: 0, rounds: stored.rounds };
                const times = [];
                for (let i = 0; i < runs; i += 1) {
                  const t0 = performance.now(); score(input); times.push(performance.now() - t0);
                }
                return times; }""", args.runs)

            recompute = page.evaluate("""(runs) => {
                const input = document.getElementById('giv-setting-exactBidBonus');
                const times = [];
                for (let i = 0; i < runs; i += 1) {
                  input.value = String(10 + (i % 2) * 5);
                  const t0 = performance.now();
                  input.dispatchEvent(new Event('change', { bubbles: true }));
                  document.body.getBoundingClientRect();   // finish style and layout
                  void document.documentElement.offsetHeight;
                  times.push(performance.now() - t0);
                }
                return times; }""", args.runs)
            shown = page.locator(f"[data-round='{ROUNDS}'][data-player='0'][data-field='total']").inner_text()
            browser.close()
        httpd.shutdown()
        if errors:
            print("errors in the page:", *errors, sep="\n  ")
            return 1

    def line(name: str, times: list[float]) -> str:
        return f"{name}: median {statistics.median(times):.1f} ms, worst {max(times):.1f} ms ({len(times)} runs)"

    print(f"game: {PLAYERS} players, {ROUNDS} rounds ({PLAYERS * ROUNDS} scored cells); player 1's total {shown}")
    print(line("engine score() alone", engine))
    print(line("recompute after a settings change (engine + standings + table + chart + layout)", recompute))
    print(line("page load with the game stored, to the live sheet", loads))
    return 0


if __name__ == "__main__":
    sys.exit(main())
