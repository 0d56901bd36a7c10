"""Incremental builds (.giv-cache/): the output equals a clean build's after every kind of edit,
and errors are reported exactly as a clean build reports them."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from generator.build import build
from generator.cache import Cache
from generator.cli import main
from generator.model.errors import ContentError
from sitecopy import site_copy, tree


def cached(content: Path, out: Path) -> Cache:
    return Cache(content, content.parent / "templates", out, None, content.parent / ".giv-cache")


def assert_same_as_clean(content: Path, out: Path, tmp: Path) -> None:
    clean = tmp / "clean"
    shutil.rmtree(clean, ignore_errors=True)
    build(content, content.parent / "templates", clean)
    assert tree(out) == tree(clean)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), "utf-8")


def add_game(content: Path, source: str, new: str) -> None:
    """A copy of a game under a new id, with its own names and slugs and no aliases."""
    shutil.copytree(content / "games" / source, content / "games" / new)
    edit(content / "games" / new / "game.yaml", f"id: {source}", f"id: {new}")
    for lang in ("da", "sv", "en"):
        path = content / "games" / new / f"{lang}.yaml"
        edit(path, "slug: ", "slug: two-")
        edit(path, "name: ", "name: Two ")
        path.write_text("\n".join(line for line in path.read_text("utf-8").split("\n")
                                  if not line.startswith("  - ")).replace("aliases:", "aliases: []") + "\n", "utf-8")


def half_a_cache(content: Path, part: str = "games") -> None:
    """A part of the cache is lost (the games' records, the index), and a game changes."""
    lost = list((content.parent / ".giv-cache").glob(f"*.{part}"))
    assert lost
    for path in lost:
        path.unlink()
    edit(content / "games" / "wizard" / "sv.md", "\n\n", "\n\nText.\n\n")


@pytest.fixture
def site(tmp_path):
    content = site_copy(tmp_path)
    out = tmp_path / "site"
    build(content, content.parent / "templates", out, cache=cached(content, out))
    return content, out


def test_nothing_changed_writes_nothing(site):
    content, out = site
    before = {p: p.stat().st_mtime_ns for p in out.rglob("*")}
    cache = cached(content, out)
    assert cache.fresh()
    build(content, content.parent / "templates", out, cache=cache)
    assert {p: p.stat().st_mtime_ns for p in out.rglob("*")} == before
    (content / "games" / "wizard" / "en.md").touch()  # a new time, the same content
    cache = cached(content, out)
    assert cache.fresh()


@pytest.mark.parametrize("long_build", [False, True])
def test_an_edit_that_leaves_the_stat_as_it_was_is_seen(site, tmp_path, monkeypatch, long_build):
    """Saved, built, and saved again within the file system's clock tick with the same length:
    the file's stat (size, time, inode) is as the last build saw it, its text is not. With
    long_build, the build goes on for longer than the racy window after it looked at the files
    (the window made short here, the build slow): what is racy is measured from when the build
    looked at the files, not from when it ended."""
    content, out = site
    if long_build:
        import time

        import generator.cache.builder as builder
        import generator.cache.index as index

        window = 200_000_000
        monkeypatch.setattr(index, "RACY_NS", window)
        monkeypatch.setattr(builder, "RACY_NS", window)
        remember = Cache.remember

        def slow(self, *args, **kwargs):
            time.sleep(2 * window / 1e9)  # the rest of a long build, after the scan
            return remember(self, *args, **kwargs)

        monkeypatch.setattr(Cache, "remember", slow)
    rules = content / "games" / "wizard" / "en.md"
    edit(rules, "\n\n", "\n\nOne more sentence.\n\n")
    build(content, content.parent / "templates", out, cache=cached(content, out))
    before = rules.stat()
    edit(rules, "One more sentence.", "Two more sentence.")
    os.utime(rules, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert (rules.stat().st_size, rules.stat().st_mtime_ns, rules.stat().st_ino) == \
        (before.st_size, before.st_mtime_ns, before.st_ino)
    cache = cached(content, out)
    assert not cache.fresh()
    build(content, content.parent / "templates", out, cache=cache)
    assert "Two more sentence." in (out / "en" / "wizard" / "index.html").read_text("utf-8")
    assert cached(content, out).fresh()
    assert_same_as_clean(content, out, tmp_path)


def test_one_game_renders_only_that_game_again(site, tmp_path):
    content, out = site
    edit(content / "games" / "wizard" / "en.yaml", "summary: >-\n", "summary: >-\n  Changed.\n")
    cache = cached(content, out)
    build(content, content.parent / "templates", out, cache=cache)
    assert not cache.full and cache.rerender == {"wizard"}
    assert "en/wizard/index.html" in cache.changed and "da/index.html" not in cache.changed
    assert not [p for p in cache.changed if p.endswith(".html") and "wizard" not in p and not p.endswith("en/index.html")]
    assert_same_as_clean(content, out, tmp_path)


def test_search_indexes_are_made_again_only_where_a_record_changed(site, tmp_path, monkeypatch):
    """A rules text's body is in no search record: no index is made again. A game renamed in one
    language makes that language's index again; the others keep theirs, kept whole a build ago."""
    import generator.search.index as search

    made, real = [], search.make_indexes
    monkeypatch.setattr(search, "make_indexes", lambda shards: made.append([s.folder for s in shards]) or real(shards))
    content, out = site
    edit(content / "games" / "wizard" / "en.md", "\n\n", "\n\nMore text.\n\n")
    build(content, content.parent / "templates", out, cache=cached(content, out))
    assert made == []
    edit(content / "games" / "wizard" / "sv.yaml", "name: Wizard", "name: Wizardo")
    build(content, content.parent / "templates", out, cache=cached(content, out))
    assert made == [["sv/pagefind/"]]
    assert_same_as_clean(content, out, tmp_path)


def test_a_service_worker_changes_only_with_its_languages_shell(site, tmp_path):
    """A reader's phone fetches the shell again only when the shell changed: a rules text's edit
    changes no sw.js; a summary (in the search index) changes its language's sw.js alone."""
    content, out = site
    edit(content / "games" / "wizard" / "en.md", "\n\n", "\n\nMore text.\n\n")
    cache = cached(content, out)
    build(content, content.parent / "templates", out, cache=cache)
    assert "en/wizard/index.html" in cache.changed
    assert [p for p in cache.changed if p.endswith("sw.js")] == []
    edit(content / "games" / "wizard" / "en.yaml", "summary: >-\n", "summary: >-\n  Changed.\n")
    cache = cached(content, out)
    build(content, content.parent / "templates", out, cache=cache)
    assert [p for p in cache.changed if p.endswith("sw.js")] == ["en/sw.js"]
    assert_same_as_clean(content, out, tmp_path)


def test_sequence_of_edits_equals_clean_build(site, tmp_path):
    content, out = site
    templates = content.parent / "templates"
    steps = [
        lambda: edit(content / "games" / "vandtia" / "sv.md", "\n\n", "\n\nNy text.\n\n"),
        # a slug that other games link to: their pages change too
        lambda: edit(content / "games" / "vend-om" / "da.yaml", "slug: vend-om", "slug: vend-om-spillet"),
        # what a game extends: the child (tips) is built again with it
        lambda: edit(content / "games" / "vend-om" / "en.yaml", "name: Minus points", "name: Changed"),
        # the standard settings' texts: every game takes them
        lambda: edit(content / "settings" / "en.yaml", "label:", "label: Changed"),
        # aliases: a new alias page, and the alias pages that name a renamed game
        lambda: edit(content / "games" / "wizard" / "en.yaml", "aliases: []", "aliases:\n  - Wizard Whist"),
        lambda: edit(content / "games" / "vandtia" / "sv.yaml", "name: Vändtia", "name: Vändtian"),
        lambda: edit(content / "games" / "vandtia" / "en.yaml", "  - Palace\n", ""),
        # a worked example (vend-om's, which tips inherits), and an example's title in one language
        lambda: edit(content / "games" / "vend-om" / "examples.yaml", "players: [Anna,", "players: [Anne,"),
        lambda: edit(content / "games" / "vend-om" / "da.yaml", "title: De første fem runder",
                     "title: De første fem givninger"),
        # what the index shows of a game, in one language
        lambda: edit(content / "games" / "wizard" / "sv.yaml", "summary: >-\n", "summary: >-\n  Ändrad.\n"),
        lambda: edit(templates / "game.html", "<article", "<!-- edited -->\n<article"),
        lambda: edit(templates / "locale" / "da" / "LC_MESSAGES" / "messages.po",
                     'msgstr "Alle spil"', 'msgstr "Alle spillene"'),
        lambda: edit(templates / "assets" / "giv.css", "", "/* edited */\n"),
        lambda: add_game(content, "vandtia", "vandtia-two"),
        lambda: shutil.rmtree(content / "games" / "vandtia-two"),
        lambda: (out / "da" / "index.html").unlink(),  # the output was damaged by hand
        lambda: half_a_cache(content),
        lambda: half_a_cache(content, "index"),
    ]
    for number, step in enumerate(steps):
        step()
        build(content, templates, out, cache=cached(content, out))
        assert_same_as_clean(content, out, tmp_path), f"after step {number + 1}"


def errors(argv: list[str], capsys) -> tuple[int, list[str]]:
    code = main(argv)
    lines = capsys.readouterr().err.splitlines()
    return code, [line for line in lines if not line.endswith(" ...")]  # progress lines depend on timing


def test_errors_are_reported_as_a_clean_build_reports_them(tmp_path, capsys):
    content = site_copy(tmp_path)
    argv = ["--content", str(content), "build", "--out", str(tmp_path / "site")]
    assert main(argv) == 0
    capsys.readouterr()
    edit(content / "games" / "vend-om" / "examples.yaml", "- [12, 0, 11, 10]", "- [12, 0, 11, 11]")
    incremental = errors(argv, capsys)  # found after loading: by the worked examples
    assert incremental == errors(argv + ["--clean"], capsys) and incremental[0] == 1
    assert any("content/games/vend-om/examples.yaml:" in line for line in incremental[1])
    edit(content / "games" / "wizard" / "sv.yaml", "slug: wizard", "slug: Wizard!")
    edit(content / "games" / "vandtia" / "en.yaml", "name: ", "colour: red\nname: ")
    incremental = errors(argv, capsys)  # found while loading, in two games
    assert incremental == errors(argv + ["--clean"], capsys)
    assert any("content/games/wizard/sv.yaml:" in line for line in incremental[1])
    assert any("content/games/vandtia/en.yaml:" in line for line in incremental[1])
    edit(content / "games" / "wizard" / "da.yaml", "name: Wizard", "name: [Wizard")
    assert errors(argv, capsys) == errors(argv + ["--clean"], capsys)
    with pytest.raises(ContentError):
        build(content, content.parent / "templates", tmp_path / "site", cache=cached(content, tmp_path / "site"))
    assert (tmp_path / "site" / "da" / "index.html").exists()  # a failed build leaves the site as it was


def test_pages_rendered_on_two_cores_equal_those_of_one(tmp_path, monkeypatch):
    content = site_copy(tmp_path)
    monkeypatch.setenv("GIV_WORKERS", "1")
    build(content, content.parent / "templates", tmp_path / "one")
    monkeypatch.setenv("GIV_WORKERS", "2")
    monkeypatch.setenv("GIV_PARALLEL_MIN", "1")  # fork even for four games
    out = tmp_path / "two"
    build(content, content.parent / "templates", out, cache=cached(content, out))
    assert tree(out) == tree(tmp_path / "one")
    # nothing to do, until a page is lost
    cache = cached(content, out)
    build(content, content.parent / "templates", out, cache=cache)
    assert not cache.built
    (out / "sv" / "wizard" / "index.html").unlink()
    build(content, content.parent / "templates", out, cache=cached(content, out))
    assert tree(out) == tree(tmp_path / "one")
