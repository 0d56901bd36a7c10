"""giv serve's time from saving a file to the reloaded page, measured in Debian's chromium.

    .venv/bin/python bench/reload.py [--times 8]

Serves a copy of the bundled site, opens /da/vend-om/, then repeatedly appends a sentence to
content/games/vend-om/da.md and times from the write to the reloaded page's load event."""
from __future__ import annotations

import argparse
import io
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.serve.local import CHROMIUM, CHROMIUM_ARGS  # noqa: E402


def main() -> int:
    from playwright.sync_api import sync_playwright

    from generator.serve import DevServer

    p = argparse.ArgumentParser()
    p.add_argument("--times", type=int, default=8)
    args = p.parse_args()
    work = Path(tempfile.mkdtemp())
    shutil.copytree(ROOT / "content", work / "content")
    shutil.copytree(ROOT / "templates", work / "templates")
    dev = DevServer(work / "content", work / "templates", port=0, log=io.StringIO()).start()
    rules = work / "content" / "games" / "vend-om" / "da.md"
    times, built = [], []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(dev.url + "da/vend-om/", wait_until="load")
            page.wait_for_timeout(300)  # the page's EventSource is connected
            for n in range(args.times):
                build = dev.state()["build"]
                with page.expect_event("load", timeout=15000):
                    rules.write_text(rules.read_text("utf-8") + f"\nSætning nummer {n}.\n", "utf-8")
                    started = time.perf_counter()
                    while dev.state()["build"] == build:  # the server has seen the change and built
                        time.sleep(0.002)
                    built.append(time.perf_counter() - started)
                times.append(time.perf_counter() - started)
                assert f"Sætning nummer {n}." in page.content()
                page.wait_for_timeout(200)
            browser.close()
    finally:
        dev.stop()
        shutil.rmtree(work, ignore_errors=True)
    print(f"save to reloaded page ({len(times)} saves): median {statistics.median(times) * 1000:.0f} ms, "
          f"min {min(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms")
    print(f"  of which saved to built (watch + rebuild): median {statistics.median(built) * 1000:.0f} ms; "
          f"built to loaded (event, reload, page load): median "
          f"{statistics.median([t - b for t, b in zip(times, built)]) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
