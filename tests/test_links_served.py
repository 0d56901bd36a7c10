"""Every link of a build reaches a file of that build when each language's folder is served at its
base URL and the rest at root_url: a language on a host of its own is linked by its full address,
never by a relative path that would stay on the other host."""
from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from generator.build import build
from sitecopy import site_copy

OWN_HOST = """languages:
  da: {locale: da_DK, base_url: "https://kort.example.dk/", name: Kortspil}
  sv: {locale: sv_SE, base_url: "https://giv.example/sv/", name: Giv}
  en: {locale: en_GB, base_url: "https://giv.example/en/", name: Giv}
root_url: https://giv.example/
x_default: en
"""
BASES = {"da": "https://kort.example.dk/", "sv": "https://giv.example/sv/", "en": "https://giv.example/en/"}
ROOT_URL = "https://giv.example/"
LINK = re.compile(r'<(?:a|link|script)\b[^>]*?\b(?:href|src)="([^"]+)"')


def served_at(site: Path, file: Path) -> str:
    """The address a file is served at; a 404 page is served for a missing address deep in its folder."""
    rel = file.relative_to(site).as_posix()
    lang, _, rest = rel.partition("/")
    base, rest = (BASES[lang], rest) if lang in BASES and rest else (ROOT_URL, rel)
    if rest.endswith("404.html"):
        return base + rest.removesuffix("404.html") + "no/such/page"
    return base + rest.removesuffix("index.html")


def file_for(site: Path, url: str) -> Path | None:
    """The file of the build a URL reaches, or None when the URL is not one of the build's."""
    url = urlsplit(url)._replace(query="", fragment="").geturl()
    for lang, base in sorted(BASES.items(), key=lambda item: -len(item[1])):
        if url.startswith(base):
            rest = url[len(base):]
            return site / lang / (rest + "index.html" if rest == "" or rest.endswith("/") else rest)
    if url.startswith(ROOT_URL):
        rest = url[len(ROOT_URL):]
        return site / (rest + "index.html" if rest == "" or rest.endswith("/") else rest)
    return None


def test_a_language_on_its_own_host_is_linked_by_its_address(tmp_path):
    content = site_copy(tmp_path)
    (content / "site.yaml").write_text(OWN_HOST, "utf-8")
    site = tmp_path / "site"
    build(content, tmp_path / "templates", site)
    broken, across = [], 0
    for file in sorted(site.rglob("*.html")):
        page = served_at(site, file)
        for href in LINK.findall(file.read_text("utf-8")):
            if href.startswith("#"):
                continue  # a place on the page itself
            url = urljoin(page, href.replace("&amp;", "&"))
            target = file_for(site, url)
            if target is None:
                continue  # outside the site
            if urlsplit(url).netloc != urlsplit(page).netloc:
                across += 1
            if not target.is_file():
                broken.append(f"{file.relative_to(site)}: {href} -> {url}")
    assert broken == [], "\n".join(broken[:20])
    assert across > 20  # the Danish pages and the others link each other across the two hosts
