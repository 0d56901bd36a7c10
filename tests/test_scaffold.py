"""giv new game: a folder in every language whose placeholders fail the build until written."""
from __future__ import annotations

import re

import pytest

from generator.build import build
from generator.cli import main
from generator.model.errors import ContentError
from sitecopy import site_copy


@pytest.mark.parametrize("template", ["bid", "tally"])
def test_new_game_fails_the_build_until_every_marker_is_written(tmp_path, template, capsys):
    content = site_copy(tmp_path, ["vandtia"])
    assert main(["--content", str(content), "new", "game", "my-game", "--template", template]) == 0
    folder = content / "games" / "my-game"
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["da.md", "da.yaml", "en.md", "en.yaml", "examples.yaml", "game.yaml", "sv.md", "sv.yaml"]
    with pytest.raises(ContentError) as failed:
        build(content, tmp_path / "templates", tmp_path / "site")
    problems = failed.value.problems
    markers = {(p.file, p.line) for p in problems}
    expected = {(f"content/games/my-game/{path.name}", number)
                for path in folder.iterdir() for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
                if "TODO(giv)" in line}
    assert markers == expected  # every placeholder, with its file and line, and nothing else
    assert all(p.message.startswith("not written yet: TODO(giv)") for p in problems)
    assert not (tmp_path / "site").exists()

    # Writing every placeholder (here: mechanically) makes a game that builds in all three languages.
    for path in folder.iterdir():
        lines = []
        for line in path.read_text("utf-8").splitlines():
            if line.lstrip().startswith("# TODO(giv)"):
                continue
            lines.append(re.sub(r"TODO\(giv\): ([^'\n]*)", lambda m: m.group(1).replace("heading: ", "").capitalize(), line))
        path.write_text("\n".join(lines) + "\n", "utf-8")
    build(content, tmp_path / "templates", tmp_path / "site")
    for lang in ("da", "sv", "en"):
        assert (tmp_path / "site" / lang / "my-game" / "index.html").exists()


def test_new_refuses_a_bad_id_or_an_existing_game(tmp_path, capsys):
    content = site_copy(tmp_path, ["vandtia"])
    assert main(["--content", str(content), "new", "game", "My Game", "--template", "bid"]) == 2
    assert main(["--content", str(content), "new", "game", "vandtia", "--template", "tally"]) == 2
    err = capsys.readouterr().err
    assert "not a game id" in err and "already exists" in err
