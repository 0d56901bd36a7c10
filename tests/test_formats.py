"""Babel's answers kept between builds (generator/i18n/formats.py): the same answers, asked once."""
from __future__ import annotations

from markupsafe import Markup

from generator.i18n.formats import Answers, items, number


def test_answers_are_kept_between_builds(tmp_path):
    first = Answers()
    first.folder = tmp_path
    assert first.ask(("number", 1234, "da_DK"), lambda: "1.234") == "1.234"
    first.save()
    later = Answers()  # the next build's process
    later.folder = tmp_path
    asked = []
    assert later.ask(("number", 1234, "da_DK"), lambda: asked.append(1) or "wrong") == "1.234"
    assert asked == []
    later.forget()  # giv build --clean
    assert later.ask(("number", 1234, "da_DK"), lambda: "again") == "again"


def test_a_damaged_or_unwritable_file_only_costs_asking_again(tmp_path):
    answers = Answers()
    answers.folder = tmp_path
    answers.ask(("odd", object()), lambda: "x")  # marshal cannot write this question
    answers.save()
    assert list(tmp_path.iterdir()) == []
    damaged = Answers()
    damaged.folder = tmp_path
    damaged._file().write_bytes(b"not marshal data")
    assert damaged.ask(("number", 1, "en_GB"), lambda: "1") == "1"


def test_babel_answers_as_before():
    assert number(1234567, "da_DK") == "1.234.567"
    assert number(-5, "en_GB") == "-5"
    assert items(["a", "b", "c"], "sv_SE") == "a, b och c"
    assert items([Markup("<b>a</b>"), "c"], "en_GB") == "<b>a</b> and c"
