"""The Markdown module against text fixtures: tests/markdown/render.txt and problems.txt."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.render.markdown import render, rules_problems

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
    assert render(source, lang, lambda game: f"/{lang}/{game}/").strip("\n") == expected


@pytest.mark.parametrize("title, source, expected", cases("problems.txt"), ids=lambda v: v if isinstance(v, str) and len(v) < 60 else None)
def test_problems(title: str, source: str, expected: str) -> None:
    found = [f"{line}: {message}" for line, message in rules_problems(source, {"tips"})]
    assert found == [line for line in expected.splitlines() if line]


def _slugify_by_definition(name: str) -> str:
    """slugify() as first written, one character at a time: what the faster one must equal."""
    import unicodedata

    from generator.model.slugs import FOLD

    text = unicodedata.normalize("NFKD", name.lower().translate(FOLD))
    text = "".join(c if c.isascii() and c.isalnum() else "-" for c in text if not unicodedata.combining(c))
    return "-".join(part for part in text.split("-") if part)


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=30)
       | st.text(alphabet="aeiouæøåäöéüÅÆØß -–'’\u0301\u0308ℌ½①Ⅻ", max_size=30))
def test_slugify_equals_its_definition(name: str) -> None:
    from generator.model.slugs import slugify

    assert slugify(name) == _slugify_by_definition(name)


def test_slugify_examples() -> None:
    from generator.model.slugs import slugify

    assert slugify("Sådan tæller man point") == "sadan-taeller-man-point"
    assert slugify("Vändtia – Café") == "vandtia-cafe"
    assert slugify("«»") == ""
