"""Numbers, lists and language names as Babel writes them (generator/i18n/formats.py)."""
from __future__ import annotations

from markupsafe import Markup

from generator.i18n.formats import items, language_name, number


def test_babel_answers():
    assert number(1234567, "da_DK") == "1.234.567"
    assert number(-5, "en_GB") == "-5"
    assert items(["a", "b", "c"], "sv_SE") == "a, b och c"
    assert items([Markup("<b>a</b>"), "c"], "en_GB") == "<b>a</b> and c"
    assert language_name("sv", "sv") == "Svenska" and language_name("da", "en") == "Danish"
