"""The Markdown module against text fixtures: tests/markdown/render.txt and problems.txt."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import example, given, settings
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

    from generator.model.slugs import FOLDED

    text = unicodedata.normalize("NFKD", name.lower().translate(str.maketrans(FOLDED)))
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


GAME_IDS = {"vend-om", "tips"}
PIECES = ["word ", "ord", "\n", "\n\n", "[a]", "[b c]", "{lang=da}", "{lang=sv-SE}", "{lang=", "]", "[", "(game:vend-om)",
          "(game:tips#x)", "(game:nope)", "(game:Tips)", "(https://a.dk/?q=1&r=2)", "(http://a.dk)", "(#anchor)",
          "(mailto:a@b.dk)", "(game:vend\\-om)", "(game:vend%2Dom)", "[r]", "[r]: game:nope\n", "[r]: #ok\n", "*", "**",
          "_", "`", "```\n", "    ", "# ", "## ", "===\n", "---\n", "- ", "1. ", "> ", "| a | b |\n|---|:-:|\n",
          "[a *b*]", "[a `c`]", "[x\ny]", "[*b*", "[[a]]", "!", "![", "<", "<b>", "&amp;", "&#60;", "\\", "'", '"', "ø", " "]


@settings(max_examples=4000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=14).map("".join))
@example("[x\ny]{lang=da}")         # a soft break ends a run of text
@example("[a *b*]{lang=da}")        # so does a tag
@example("Setext\n===\n")           # an H1 without '#'
@example("[a](game:vend%2Dom)")      # percent-encoded: not the id
@example("[r]\n\n[r]: http://a.dk")  # a reference link
def test_the_quick_check_never_passes_what_the_full_check_refuses(text: str) -> None:
    from generator.render.markdown import _problems, surely_clean

    if surely_clean(text, GAME_IDS):
        assert _problems(text, GAME_IDS) == []


def test_the_quick_check_passes_the_bundled_texts() -> None:
    """The quick look is what a valid site gets: every rules text of content/ passes it."""
    from generator.render.markdown import surely_clean

    root = Path(__file__).parent.parent / "content" / "games"
    texts = sorted(root.glob("*/*.md"))
    ids = {folder.name for folder in root.iterdir()}
    assert texts and all(surely_clean(path.read_text("utf-8"), ids) for path in texts)
