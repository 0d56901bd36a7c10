"""The Markdown module against text fixtures: tests/markdown/render.txt and problems.txt."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.model.slugs import slugify
from generator.markdown.html import convert

HERE = Path(__file__).parent / "markdown"


def cases(name: str) -> list[tuple[str, str, str]]:
    """(title, markdown, expected) from a fixture file."""
    text = (HERE / name).read_text("utf-8")
    text = text[text.index("\n## ") + 1:]  # after the file's comment lines
    out = []
    for block in text.split("\n====\n"):
        title, _, body = block.strip("\n").partition("\n")
        source, arrow, expected = body.partition("\n-->")
        assert arrow, f"{name}: case {title!r} has no --> line"
        out.append((title.removeprefix("## "), source + "\n", expected.strip("\n")))
    return out


@pytest.mark.parametrize("title, source, expected", cases("render.txt"), ids=lambda v: v if isinstance(v, str) and len(v) < 60 else None)
def test_render(title: str, source: str, expected: str) -> None:
    lang = re.search(r"\[(\w+)\]$", title).group(1)
    assert convert(source, lang, {"tips"}).html(lambda game: f"/{lang}/{game}/").strip("\n") == expected


@pytest.mark.parametrize("title, source, expected", cases("problems.txt"), ids=lambda v: v if isinstance(v, str) and len(v) < 60 else None)
def test_problems(title: str, source: str, expected: str) -> None:
    found = [f"{line}: {message}" for line, message in convert(source, "en", {"tips"}).problems]
    assert found == [line for line in expected.splitlines() if line]


def test_the_games_a_text_links_to() -> None:
    assert convert("[a](game:tips#x) [b](game:nope) [c](#tips)\n", "da", {"tips"}).games == {"tips", "nope"}


def test_slugify_examples() -> None:
    assert slugify("Sådan tæller man point") == "sadan-taeller-man-point"
    assert slugify("Vändtia – Café") == "vandtia-cafe"
    assert slugify("Straße ℌ½ Ⅻ") == "strasse-h1-2-xii"
    assert slugify("«»") == ""
