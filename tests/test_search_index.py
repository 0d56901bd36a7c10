"""The search index (generator/search/): each language's pagefind/ holds its published rule pages
and nothing else (no draft, no alias page, no index or search page), in shards that together hold
each page once; an incremental build in which no page's record changed (its game's names, summary
and headings: an edit to the body of its rules) keeps the index as it was, and one in which a
record changed makes only that page's shard again. (Searching it in Chromium:
browser/test_search.py.)"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import generator.search.index as search
from generator.build import build
from generator.cache import Cache
from sitecopy import site_copy


def indexed(folder: Path) -> list[str]:
    """The URLs of the pages in a language's Pagefind shards (each fragment is gzip'd 'pagefind_dcd' + JSON)."""
    urls = []
    shards = [""] + json.loads((folder / "pagefind" / "shards.json").read_text("utf-8"))
    for fragment in (p for shard in shards for p in (folder / "pagefind" / shard / "fragment").iterdir()):
        data = gzip.decompress(fragment.read_bytes())
        assert data.startswith(b"pagefind_dcd")
        urls.append(json.loads(data[len(b"pagefind_dcd"):])["url"])
    return sorted(urls)


def test_each_language_indexes_its_published_rule_pages_only(tmp_path):
    content = site_copy(tmp_path)
    game = content / "games" / "wizard" / "game.yaml"
    game.write_text(game.read_text("utf-8") + "drafts: [sv]\n", "utf-8")
    site = content / "site.yaml"
    site.write_text(site.read_text("utf-8").replace("    base_url: https://giv.example/en/\n",
                                                    "    base_url: https://giv.example/en/\n    draft: true\n"), "utf-8")
    out = tmp_path / "site"
    build(content, tmp_path / "templates", out)
    assert indexed(out / "da") == ["/tips/", "/vaendtia/", "/vend-om/", "/wizard/"]
    assert indexed(out / "sv") == ["/piratbridge/", "/plump/", "/vandtia/"]  # Wizard is a draft in Swedish
    assert not (out / "en").exists()                                    # English is a draft
    entry = json.loads((out / "sv" / "pagefind" / "pagefind-entry.json").read_text("utf-8"))
    assert list(entry["languages"]) == ["sv"] and entry["languages"]["sv"]["wasm"] == "sv"  # stems Swedish
    names = sorted(p.name for p in (out / "sv" / "pagefind").iterdir())
    assert "wasm.sv.pagefind" in names and not any(n.startswith("pagefind-ui") for n in names)
    sitemap = (out / "sv" / "sitemap.xml").read_text("utf-8")
    assert "search.html" not in sitemap and "pagefind" not in sitemap


def test_a_language_built_alone_has_its_index_at_the_root(tmp_path):
    content = site_copy(tmp_path, games=["vend-om", "tips"])
    out = tmp_path / "site-sv"
    build(content, tmp_path / "templates", out, ["sv"])
    assert indexed(out) == ["/piratbridge/", "/plump/"]
    assert (out / "search.html").exists()


def test_an_incremental_build_keeps_the_index_when_no_record_changed(tmp_path, monkeypatch):
    content = site_copy(tmp_path, games=["vend-om", "tips"])
    out, store = tmp_path / "site", tmp_path / ".giv-cache"
    templates = tmp_path / "templates"

    def cached() -> Cache:
        return Cache(content, templates, out, None, store)

    build(content, templates, out, cache=cached())
    before = {p: p.read_bytes() for p in (out / "da" / "pagefind").rglob("*") if p.is_file()}
    made: list[list[str]] = []
    real = search.make_indexes
    monkeypatch.setattr(search, "make_indexes", lambda shards: made.append(sorted(s.lang for s in shards)) or real(shards))
    # A comment in a game's facts: an input changed, no page did.
    game = content / "games" / "tips" / "game.yaml"
    game.write_text("# a comment\n" + game.read_text("utf-8"), "utf-8")
    cache = cached()
    build(content, templates, out, cache=cache)
    assert cache.built and made == []
    # A sentence in the body of the Danish rules: the page changed, what the search finds it by did not.
    rules = content / "games" / "tips" / "da.md"
    rules.write_text(rules.read_text("utf-8") + "\nZyzzogeton.\n", "utf-8")
    build(content, templates, out, cache=cached())
    assert made == []
    # A heading of the Danish rules: only the Danish index is made again.
    rules.write_text(rules.read_text("utf-8").replace(" {#overview}", " og Zyzzogeton {#overview}", 1), "utf-8")
    build(content, templates, out, cache=cached())
    assert made == [["da"]]
    after = {p: p.read_bytes() for p in (out / "da" / "pagefind").rglob("*") if p.is_file()}
    assert after != before


def test_a_changed_record_makes_only_its_shard_again(tmp_path, monkeypatch):
    monkeypatch.setattr(search, "SHARD_PAGES", 1)  # a shard for about each page
    content = site_copy(tmp_path, games=["vend-om", "tips", "wizard", "vandtia"])
    out, store = tmp_path / "site", tmp_path / ".giv-cache"
    templates = tmp_path / "templates"
    build(content, templates, out, cache=Cache(content, templates, out, None, store))
    shards = json.loads((out / "da" / "pagefind" / "shards.json").read_text("utf-8"))
    assert len(shards) >= 1 and all(shard.endswith("/") and (out / "da" / "pagefind" / shard / "pagefind-entry.json").exists()
                                    for shard in shards)
    assert not (out / "da" / "pagefind" / shards[0] / "pagefind.js").exists()  # the first shard's script serves all
    assert indexed(out / "da") == ["/tips/", "/vaendtia/", "/vend-om/", "/wizard/"]  # each page once
    made: list[dict[str, list[str]]] = []
    real = search.make_indexes
    monkeypatch.setattr(search, "make_indexes",
                        lambda shards: made.append({s.lang: [r["url"] for r in s.records] for s in shards}) or real(shards))
    summary = content / "games" / "tips" / "da.yaml"
    summary.write_text(summary.read_text("utf-8").replace("summary: >-\n", "summary: >-\n  Zyzzogeton.\n", 1), "utf-8")
    build(content, templates, out, cache=Cache(content, templates, out, None, store))
    assert len(made) == 1 and list(made[0]) == ["da"] and "/tips/" in made[0]["da"]
    assert len(made[0]["da"]) < 4
    assert indexed(out / "da") == ["/tips/", "/vaendtia/", "/vend-om/", "/wizard/"]


def test_a_python_without_pagefind_gets_one_line_saying_what_to_run(tmp_path):
    """A .venv made before Giv needed Pagefind has no pagefind_bin: `giv build` says so in one line
    and what to run, writes nothing, and shows no traceback (None in sys.modules blocks the import
    as an uninstalled package would)."""
    import subprocess
    import sys

    content = site_copy(tmp_path, ["vandtia"])
    code = ("import sys; sys.modules['pagefind_bin'] = None; from generator.cli import main; "
            f"sys.exit(main(['--content', {str(content)!r}, 'build', '--out', {str(tmp_path / 'out')!r}]))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr == ("giv build: Pagefind's binary (the pagefind_bin package, which makes the search index) "
                          "is not installed in this Python; run `make site`, or `.venv/bin/pip install -e .`\n")
    assert not (tmp_path / "out").exists()
