"""What a reader downloads for one rule page, gzipped: the page and everything it loads.

    .venv/bin/python bench/pageweight.py [URL path, default /da/vend-om/]

Builds the bundled site, serves it on 127.0.0.1, opens the page in Debian's chromium and sums the
responses, each gzipped at level 6 (what a web server sends). The service worker's precache of
the language's other pages on a first visit is counted separately."""
from __future__ import annotations

import gzip
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.serve.local import CHROMIUM, CHROMIUM_ARGS, serve_folder  # noqa: E402


def main() -> int:
    from playwright.sync_api import sync_playwright

    from generator.build import build

    path = sys.argv[1] if len(sys.argv) > 1 else "/da/vend-om/"
    out = Path(tempfile.mkdtemp()) / "site"
    build(ROOT / "content", ROOT / "templates", out)
    httpd, base = serve_folder(out)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        seen: dict[str, bytes] = {}
        context.on("requestfinished", lambda r: seen.__setitem__(r.url, r.response().body() if r.response() else b""))
        page.goto(base + path, wait_until="networkidle")
        rows = sorted((len(gzip.compress(body, 6)), len(body), url[len(base):]) for url, body in seen.items())
        print(f"{path} and what it loads: {len(rows)} files, {sum(r[1] for r in rows):,} bytes, "
              f"{sum(r[0] for r in rows):,} bytes gzipped")
        for gz, raw, url in rows:
            print(f"  {gz:>7,} gz {raw:>8,} raw  {url}")
        context.close()
        browser.close()
    httpd.shutdown()
    lang = path.strip("/").split("/")[0]
    sw = (out / lang / "sw.js").read_text("utf-8")
    precache = json.loads(sw.split("const PRECACHE = ", 1)[1].split(";\n", 1)[0])
    files = [out / lang / (name if not name.endswith("/") and name != "./" else name.replace("./", "") + "index.html")
             for name in precache]
    print(f"the service worker's precache on a first visit ({lang}): {len(files)} files, "
          f"{sum(f.stat().st_size for f in files):,} bytes, "
          f"{sum(len(gzip.compress(f.read_bytes(), 6)) for f in files):,} bytes gzipped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
