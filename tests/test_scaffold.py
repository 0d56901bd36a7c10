"""giv new game: a draft in every language; its placeholders fail the build once it is published."""
from __future__ import annotations

import re

import pytest

from generator.build import build
from generator.cli import main
from generator.model.errors import ContentError
from sitecopy import site_copy


def write_placeholders(path) -> None:
    """Every TODO(giv) placeholder of the file written (here: mechanically)."""
    lines = []
    for line in path.read_text("utf-8").splitlines():
        if line.lstrip().startswith("# TODO(giv)"):
            continue
        lines.append(re.sub(r"TODO\(giv\): ([^'\n]*)", lambda m: m.group(1).replace("heading: ", "").capitalize(), line))
    path.write_text("\n".join(lines) + "\n", "utf-8")


def set_drafts(folder, drafts: str) -> None:
    game = folder / "game.yaml"
    game.write_text(re.sub(r"(?m)^drafts:.*$", f"drafts: {drafts}", game.read_text("utf-8")), "utf-8")


@pytest.mark.parametrize("template", ["bid", "tally"])
def test_a_new_game_is_a_draft_until_each_language_is_published_and_written(tmp_path, template, capsys):
    content = site_copy(tmp_path, ["vandtia"])
    assert main(["--content", str(content), "new", "game", "my-game", "--template", template]) == 0
    folder = content / "games" / "my-game"
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["da.md", "da.yaml", "en.md", "en.yaml", "examples.yaml", "game.yaml", "sv.md", "sv.yaml"]
    assert "drafts: [da, sv, en]" in (folder / "game.yaml").read_text("utf-8")

    # Right after `giv new`, the site builds, without the new game, and the build names it.
    capsys.readouterr()
    assert main(["--content", str(content), "build", "--out", str(tmp_path / "site")]) == 0
    assert "drafts left out (giv build --drafts shows them): my-game (da, sv, en)" in capsys.readouterr().out
    # ... and says so again when nothing changed (the build is up to date, or finds nothing to write).
    assert main(["--content", str(content), "build", "--out", str(tmp_path / "site")]) == 0
    assert "drafts left out (giv build --drafts shows them): my-game (da, sv, en)" in capsys.readouterr().out
    assert not list((tmp_path / "site").glob("*/my-game"))
    assert b"my-game" not in (tmp_path / "site" / "sitemap.xml").read_bytes()
    # --drafts shows it, marked.
    assert main(["--content", str(content), "build", "--drafts", "--out", str(tmp_path / "drafts")]) == 0
    page = (tmp_path / "drafts" / "da" / "my-game" / "index.html").read_text("utf-8")
    assert 'class="draft-note"' in page and '<meta name="robots" content="noindex">' in page

    # Publishing Danish: every placeholder of the Danish files and of the game's own files is an error.
    set_drafts(folder, "[sv, en]")
    with pytest.raises(ContentError) as failed:
        build(content, tmp_path / "templates", tmp_path / "site2")
    markers = {(p.file, p.line) for p in failed.value.problems}
    expected = {(f"content/games/my-game/{path.name}", number)
                for path in folder.iterdir() if path.name in ("da.yaml", "da.md", "game.yaml", "examples.yaml")
                for number, line in enumerate(path.read_text("utf-8").splitlines(), 1) if "TODO(giv)" in line}
    assert markers == expected  # every placeholder, with its file and line, and nothing else
    assert all(p.message.startswith("not written yet: TODO(giv)") for p in failed.value.problems)
    assert not (tmp_path / "site2").exists()
    for name in ("da.yaml", "da.md", "game.yaml", "examples.yaml"):
        write_placeholders(folder / name)
    build(content, tmp_path / "templates", tmp_path / "site2")
    assert (tmp_path / "site2" / "da" / "my-game" / "index.html").exists()
    assert not (tmp_path / "site2" / "sv" / "my-game").exists()
    danish = (tmp_path / "site2" / "da" / "my-game" / "index.html").read_text("utf-8")
    assert 'hreflang="sv"' not in danish and "draft-note" not in danish  # the switcher names published pages only

    # Every language written and published.
    for name in ("sv.yaml", "sv.md", "en.yaml", "en.md"):
        write_placeholders(folder / name)
    set_drafts(folder, "[]")
    build(content, tmp_path / "templates", tmp_path / "site3")
    for lang in ("da", "sv", "en"):
        assert (tmp_path / "site3" / lang / "my-game" / "index.html").exists()


def test_new_refuses_a_bad_id_or_an_existing_game(tmp_path, capsys):
    content = site_copy(tmp_path, ["vandtia"])
    assert main(["--content", str(content), "new", "game", "My Game", "--template", "bid"]) == 2
    assert main(["--content", str(content), "new", "game", "vandtia", "--template", "tally"]) == 2
    err = capsys.readouterr().err
    assert "not a game id" in err and "already exists" in err


def test_new_refuses_an_address_another_game_takes(tmp_path, capsys):
    content = site_copy(tmp_path)
    games = sorted(p.name for p in (content / "games").iterdir())
    # Vend om is Plump in Swedish, and lists 'Oh Hell' as an alias on its Danish pages.
    assert main(["--content", str(content), "new", "game", "plump", "--template", "bid"]) == 2
    assert main(["--content", str(content), "new", "game", "oh-hell", "--template", "bid"]) == 2
    assert main(["--content", str(content), "new", "game", "assets", "--template", "bid"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [
        "giv new: the address plump/ is taken by the slug of vend-om in sv (content/games/vend-om/sv.yaml:2), "
        "and the new game's pages would have it in every language: choose another id",
        "giv new: the address oh-hell/ is taken by the slug of vend-om in en (content/games/vend-om/en.yaml:2), "
        "and the new game's pages would have it in every language: choose another id",
        "giv new: the address assets/ is taken by the site's own files, "
        "and the new game's pages would have it in every language: choose another id",
    ]
    assert sorted(p.name for p in (content / "games").iterdir()) == games  # nothing written


def test_two_new_games_leave_the_site_buildable(tmp_path, capsys):
    content = site_copy(tmp_path, ["vandtia"])
    for game in ("first-game", "second-game"):
        assert main(["--content", str(content), "new", "game", game, "--template", "tally"]) == 0
    capsys.readouterr()
    assert main(["--content", str(content), "build", "--out", str(tmp_path / "site")]) == 0
    assert main(["--content", str(content), "build", "--drafts", "--out", str(tmp_path / "drafts")]) == 0
    # nothing but progress lines, which a loaded machine shows once a build takes 0.7 s
    assert [line for line in capsys.readouterr().err.splitlines()
            if not (line.endswith(" ...") or line.endswith(" pages rendered"))] == []


def test_new_asks_for_the_sites_problems_to_be_mended_first(tmp_path, capsys):
    content = site_copy(tmp_path, ["vandtia"])
    (content / "games" / "vandtia" / "sv.md").write_text("## Översikt\n\nUtan id.\n", "utf-8")
    assert main(["--content", str(content), "new", "game", "my-game", "--template", "tally"]) == 2
    assert capsys.readouterr().err == (
        f"giv new: 1 problem(s) in {content}/ to mend first (`giv build` lists them), so that the new game can be "
        "checked against the others: content/games/vandtia/sv.md:1: heading 'Översikt' has no id: write it as "
        "'## Översikt {#an-id}' (docs/content-format.md)\n")
    assert not (content / "games" / "my-game").exists()


def test_new_reads_the_site_from_the_last_build_whatever_its_out(tmp_path, capsys, monkeypatch):
    """A site published one language at a time (`giv build --lang da --out site-da`) is never built
    into site/: giv new takes what that build knows and reads only what changed since, not the
    whole site again."""
    import generator.model.load

    import shutil

    content = site_copy(tmp_path)
    assert main(["--content", str(content), "build", "--lang", "da", "--out", str(tmp_path / "site-da")]) == 0
    # a build into a folder since removed knows no more than that folder's files (none)
    assert main(["--content", str(content), "build", "--lang", "sv", "--out", str(tmp_path / "preview")]) == 0
    shutil.rmtree(tmp_path / "preview")

    load_site = generator.model.load.load_site

    def whole_site(root, only=None):
        assert only is not None, "giv new read the whole site again"
        return load_site(root, only)

    monkeypatch.setattr(generator.model.load, "load_site", whole_site)
    capsys.readouterr()
    # it knows the other languages' addresses too: Vend om is Plump in Swedish
    assert main(["--content", str(content), "new", "game", "plump", "--template", "bid"]) == 2
    assert "the address plump/ is taken by the slug of vend-om in sv" in capsys.readouterr().err
    assert main(["--content", str(content), "new", "game", "my-game", "--template", "bid"]) == 0
    assert main(["--content", str(content), "new", "game", "other-game", "--template", "tally"]) == 0
