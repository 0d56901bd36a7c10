"""giv status: missing translations, and stale items per language, by content hash."""
from __future__ import annotations

import os
import re

from generator.cli import main
from generator.status import report
from generator.textlock import LOCK, stale
from sitecopy import site_copy

LANGS = ["da", "sv", "en"]


def mark(content, lang, *games):
    assert main(["--content", str(content), "status", "--mark", lang, *games]) == 0


def edit(path, old, new):
    text = path.read_text("utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), "utf-8")


def test_the_bundled_games_carry_their_records_and_agree(capsys):
    from pathlib import Path

    content = Path(__file__).parent.parent / "content"
    games = sorted(p for p in (content / "games").iterdir() if p.is_dir())
    assert games and all((g / LOCK).exists() for g in games)
    assert main(["--content", str(content), "status", "--check"]) == 0, capsys.readouterr().out


def test_missing_is_listed_under_its_language(tmp_path):
    content = site_copy(tmp_path, ["vandtia", "wizard"])
    path = content / "settings" / "sv.yaml"  # the standard texts: every tally game lacks it then
    path.write_text(path.read_text("utf-8").replace("  lossLimit:\n", "  lossLimitX:\n", 1), "utf-8")
    (content / "games" / "wizard" / "en.md").unlink()
    result = report(content)
    assert [line for line in result["missing"]["sv"] if "vandtia/sv.yaml" in line and "settings.lossLimit" in line]
    assert any("wizard/en.md" in line and "missing translation" in line for line in result["missing"]["en"])
    assert result["missing"]["da"] == []


def test_an_example_note_left_out_is_missing_in_its_language(tmp_path):
    content = site_copy(tmp_path, ["vandtia"])
    path = content / "games" / "vandtia" / "sv.yaml"
    text, count = re.subn(r"    note: >-\n(?:(?:      .*)?\n)*", "", path.read_text("utf-8"), count=1)
    assert count == 1
    path.write_text(text, "utf-8")
    result = report(content)
    assert [line for line in result["missing"]["sv"] if "vandtia/sv.yaml" in line and ".note (sv)" in line]
    assert result["other"] == 0


def test_a_rules_item_a_language_lacks_is_missing_there(tmp_path):
    """The build refuses a language that lacks an item the others have: giv status lists it as
    missing in that language, not as a problem that is not a translation."""
    content = site_copy(tmp_path, ["vandtia"])
    mark(content, "da,sv,en", "vandtia")
    rules = content / "games" / "vandtia" / "sv.md"
    text = rules.read_text("utf-8")
    start = text.index("\n### ", text.index("{#questions}"))
    rules.write_text(text[:start] + text[text.index("\n### ", start + 1):], "utf-8")  # its first question
    result = report(content)
    assert [line for line in result["missing"]["sv"] if "vandtia/sv.md" in line and "question" in line]
    assert result["other"] == 0
    assert result["missing"]["da"] == result["missing"]["en"] == []
    # and for the others, sv's text changed: the item went away from sv.md
    [(game, other, where)] = result["stale"]["da"]
    assert (game, other) == ("vandtia", "sv") and where[0].startswith("content/games/vandtia/sv.md: question '")
    assert where[0].endswith("' (removed)")


def test_stale_follows_each_item(tmp_path):
    content = site_copy(tmp_path, ["vandtia"])
    folder = content / "games" / "vandtia"
    for lang in LANGS:
        mark(content, lang, "vandtia")
    assert stale(folder, LANGS) == {"da": {}, "sv": {}, "en": {}}

    os.utime(folder / "sv.md", (1, 1))  # times do not matter, contents do
    rules = folder / "da.md"
    text = rules.read_text("utf-8")
    rules.write_text(text.replace(" ", "  ").replace("\n\n", "\n\n\n") + "\n\n", "utf-8")  # whitespace is no change
    assert stale(folder, LANGS) == {"da": {}, "sv": {}, "en": {}}

    rules.write_text(text.replace("{#tips}\n", "{#tips}\n\nEt nyt råd.\n", 1), "utf-8")
    edit(folder / "da.yaml", "summary: ", "summary: Ny. ")
    assert stale(folder, LANGS) == {"da": {}, "sv": {"da": ["summary", "tips"]}, "en": {"da": ["summary", "tips"]}}

    # The Swedish translator catches up: sv agrees with the new da; da is not behind sv's change.
    edit(folder / "sv.md", "{#tips}\n", "{#tips}\n\nEtt nytt råd.\n")
    edit(folder / "sv.yaml", "summary: ", "summary: Ny. ")
    mark(content, "sv", "vandtia")
    assert stale(folder, LANGS) == {"da": {}, "sv": {}, "en": {"da": ["summary", "tips"], "sv": ["summary", "tips"]}}
    mark(content, "en", "vandtia")
    assert stale(folder, LANGS) == {"da": {}, "sv": {}, "en": {}}


def test_status_command_names_each_stale_item_and_check_fails(tmp_path, capsys):
    content = site_copy(tmp_path, ["vandtia"])
    (content / "games" / "vandtia" / LOCK).unlink(missing_ok=True)
    assert main(["--content", str(content), "status", "--check"]) == 1  # never marked: not in sync
    assert "untracked: settings, vandtia" in capsys.readouterr().out
    for lang in LANGS:
        mark(content, lang)
    capsys.readouterr()
    assert main(["--content", str(content), "status", "--check"]) == 0
    assert capsys.readouterr().out.splitlines() == ["da: complete and up to date", "sv: complete and up to date",
                                                    "en: complete and up to date"]
    rules = content / "games" / "vandtia" / "en.md"
    edit(rules, "## Questions at the table {#questions}\n", "## Questions at the table {#questions}\n\nAsk away.\n")
    assert main(["--content", str(content), "status", "--check"]) == 1
    out = capsys.readouterr().out.splitlines()
    line = next(n for n, text in enumerate(rules.read_text("utf-8").splitlines(), 1) if "{#questions}" in text)
    assert out[:3] == ["da: 1 stale", "  stale: vandtia: en changed since da was last marked in sync:",
                       f"    content/games/vandtia/en.md:{line}: section 'questions'"]
    assert "en: complete and up to date" in out


def test_a_broken_site_yaml_or_record_is_one_line_with_file_and_line(tmp_path, capsys):
    content = site_copy(tmp_path, ["vandtia"])
    site = content / "site.yaml"
    good = site.read_text("utf-8")
    site.write_text("a: &a [*a]\n", "utf-8")  # an alias that contains itself
    assert main(["--content", str(content), "status"]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"error: {site}:1: ") and "\n" not in err, err
    site.write_text(good, "utf-8")
    lock = content / "games" / "vandtia" / LOCK
    lock.write_text("# only a comment\n", "utf-8")
    assert main(["--content", str(content), "status", "--check"]) == 1
    assert capsys.readouterr().err.strip() == f"error: {lock}:1: not a record giv status wrote; delete it and mark again"


def test_a_drafts_placeholders_are_missing_and_never_marked(tmp_path, capsys):
    """A new game written in Danish only, its other languages drafts of `giv new`: status lists the
    drafts' placeholders; marking a placeholder text is refused; marking the Danish records no
    agreement with texts that say nothing yet."""
    content = site_copy(tmp_path, ["vandtia"])
    assert main(["--content", str(content), "new", "game", "mini-whist", "--template", "bid"]) == 0
    folder = content / "games" / "mini-whist"
    result = report(content)
    assert any(line.startswith("content/games/mini-whist/sv.yaml:") and "not written yet: TODO(giv)" in line
               for line in result["missing"]["sv"])
    assert any(line.startswith("content/games/mini-whist/en.md:") for line in result["missing"]["en"])
    capsys.readouterr()
    assert main(["--content", str(content), "status", "--mark", "sv", "mini-whist"]) == 2
    assert "mini-whist: not marked: content/games/mini-whist/sv.yaml:" in capsys.readouterr().err
    for lang in ("da", "sv", "en"):  # a Danish text with no placeholder left
        for suffix in ("yaml", "md"):
            path = folder / f"{lang}.{suffix}"
            if lang == "da":
                path.write_text(path.read_text("utf-8").replace("TODO(giv)", "Skrevet"), "utf-8")
    mark(content, "da", "mini-whist")
    assert "da marked as in sync with no other language (en, sv: still TODO(giv), not marked)" in capsys.readouterr().out
    assert stale(folder, LANGS) is None  # no pair agreed yet: the game is still untracked


def test_a_text_with_placeholders_leaves_no_other_language_stale(tmp_path):
    """Danish and English written and marked in sync, Swedish still the draft of `giv new`: Danish
    and English are not behind the Swedish placeholders; Swedish is behind both."""
    content = site_copy(tmp_path, ["vandtia"])
    assert main(["--content", str(content), "new", "game", "mini-whist", "--template", "bid"]) == 0
    folder = content / "games" / "mini-whist"
    for lang in ("da", "en"):
        for suffix in ("yaml", "md"):
            path = folder / f"{lang}.{suffix}"
            path.write_text(path.read_text("utf-8").replace("TODO(giv)", "Written"), "utf-8")
    mark(content, "da,en", "mini-whist")
    stale_by = report(content)["stale"]
    assert {lang: [other for game, other, _ in stale_by[lang] if game == "mini-whist"] for lang in LANGS} == {
        "da": [], "sv": ["da", "en"], "en": []}


def test_a_pair_never_marked_in_sync_is_said_to_be_that(tmp_path, capsys):
    """Swedish written after Danish and English were marked: each side of a pair that never agreed
    lists the other's whole text, as never marked in sync (not as changed since)."""
    content = site_copy(tmp_path, ["vandtia"])
    assert main(["--content", str(content), "new", "game", "mini-whist", "--template", "bid"]) == 0
    folder = content / "games" / "mini-whist"
    for lang in ("da", "en", "sv"):
        for suffix in ("yaml", "md"):
            path = folder / f"{lang}.{suffix}"
            path.write_text(path.read_text("utf-8").replace("TODO(giv)", "Written"), "utf-8")
        if lang == "en":
            mark(content, "da,en", "mini-whist")
    capsys.readouterr()
    assert main(["--content", str(content), "status", "mini-whist"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "  stale: mini-whist: da and sv were never marked in sync; sv's text:" in out
    assert "  stale: mini-whist: sv and en were never marked in sync; en's text:" in out
    assert not [line for line in out if "changed since" in line]


def test_a_mark_refused_for_one_game_marks_none(tmp_path, capsys):
    """`giv status --mark sv` (every game) while one game's Swedish is still giv new's draft: that
    game is named, and no other game's record is written either."""
    content = site_copy(tmp_path, ["vandtia"])
    mark(content, "da,sv,en", "settings", "vandtia")
    assert main(["--content", str(content), "new", "game", "mini-whist", "--template", "bid"]) == 0
    # Swedish has caught up with these Danish changes: without the draft, --mark sv would record it
    edit(content / "settings" / "da.yaml", "    description: >-\n", "    description: >-\n      Nyt.\n")
    edit(content / "games" / "vandtia" / "da.md", "{#questions}\n", "{#questions}\n\n### Må man snyde? {#cheat}\n\nNej.\n")
    locks = {p: p.read_bytes() for p in content.rglob(LOCK)}
    assert len(locks) == 2
    capsys.readouterr()
    assert main(["--content", str(content), "status", "--mark", "sv"]) == 2
    assert {p: p.read_bytes() for p in content.rglob(LOCK)} == locks
    err = capsys.readouterr().err
    assert "giv status: mini-whist: not marked: content/games/mini-whist/sv." in err
    assert err.rstrip().endswith("giv status: nothing marked (1 of 3 games refused)")


def test_mark_names_the_languages_it_marked_and_those_left_behind(tmp_path, capsys):
    content = site_copy(tmp_path, ["vandtia"])
    folder = content / "games" / "vandtia"
    mark(content, "da,sv,en", "vandtia")
    before = (folder / LOCK).read_text("utf-8")
    # a new question in Danish and Swedish: English is behind both
    edit(folder / "da.md", "{#questions}\n", "{#questions}\n\n### Må man snyde? {#cheat}\n\nNej.\n")
    edit(folder / "sv.md", "{#questions}\n", "{#questions}\n\n### Får man fuska? {#cheat}\n\nNej.\n")
    capsys.readouterr()
    mark(content, "sv", "vandtia")
    assert capsys.readouterr().out == ("giv status: vandtia: sv marked as in sync with da "
                                       "(en: behind another language, not marked)\n")
    assert stale(folder, LANGS) == {"da": {}, "sv": {}, "en": {"da": ["questions/cheat"], "sv": ["questions/cheat"]}}
    assert before != (folder / LOCK).read_text("utf-8")


def test_status_of_a_game_that_is_not_there_is_refused(tmp_path, capsys):
    content = site_copy(tmp_path, ["vandtia"])
    assert main(["--content", str(content), "status", "nosuch"]) == 2
    assert capsys.readouterr().err == f"giv status: no game 'nosuch' in {content}/games (nor {content}/settings)\n"


def test_a_rules_text_that_does_not_parse_is_not_reported_item_by_item(tmp_path, capsys):
    content = site_copy(tmp_path, ["vandtia"])
    folder = content / "games" / "vandtia"
    mark(content, "da,sv,en", "vandtia")
    rules = folder / "da.md"
    rules.write_text(rules.read_text("utf-8") + "\n### Igen {#two-and-ten}\n\nSamme id to gange.\n", "utf-8")
    result = report(content)
    assert result["stale"] == {"da": [], "sv": [], "en": []}  # not every Danish item 'removed'
    assert result["other"] == 1  # the build names it
    capsys.readouterr()
    assert main(["--content", str(content), "status", "--mark", "da", "vandtia"]) == 2
    line = len(rules.read_text("utf-8").splitlines()) - 2
    assert capsys.readouterr().err == (f"giv status: vandtia: not marked: content/games/vandtia/da.md:{line}: its rules "
                                       "text has problems (`giv build` lists them)\n")
    mark(content, "sv", "vandtia")
    assert capsys.readouterr().out == ("giv status: vandtia: sv marked as in sync with en "
                                       "(da: its rules text has problems, not marked)\n")
