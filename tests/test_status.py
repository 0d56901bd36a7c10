"""giv status: missing and stale translations, per language, by content hash."""
from __future__ import annotations

import os

from generator.cli import main
from generator.status import report, stale
from sitecopy import site_copy


def mark(content, lang, *games):
    assert main(["--content", str(content), "status", "--mark", lang, *games]) == 0


def test_missing_is_listed_under_its_language(tmp_path):
    content = site_copy(tmp_path, ["vandtia", "wizard"])
    path = content / "games" / "vandtia" / "sv.yaml"
    path.write_text(path.read_text("utf-8").replace("  lossLimit:\n", "  lossLimitX:\n", 1), "utf-8")
    (content / "games" / "wizard" / "en.md").unlink()
    result = report(content)
    assert [line for line in result["missing"]["sv"] if "settings.lossLimit" in line]
    assert any("wizard/en.md" in line and "missing translation" in line for line in result["missing"]["en"])
    assert result["missing"]["da"] == []
    assert sorted(result["untracked"]) == ["vandtia", "wizard"]


def test_stale_follows_the_last_agreement_of_each_pair(tmp_path):
    content = site_copy(tmp_path, ["vandtia"])
    folder = content / "games" / "vandtia"
    for lang in ("da", "sv", "en"):
        mark(content, lang, "vandtia")
    assert stale(folder, ["da", "sv", "en"]) == {"da": [], "sv": [], "en": []}

    os.utime(folder / "sv.md", (1, 1))  # times do not matter, contents do
    assert stale(folder, ["da", "sv", "en"]) == {"da": [], "sv": [], "en": []}

    rules = folder / "da.md"
    rules.write_text(rules.read_text("utf-8") + "\nEn ny regel.\n", "utf-8")
    assert stale(folder, ["da", "sv", "en"]) == {"da": [], "sv": ["da"], "en": ["da"]}

    # The Swedish translator catches up: sv agrees with the new da; da is not behind sv's change.
    rules = folder / "sv.md"
    rules.write_text(rules.read_text("utf-8") + "\nEn ny regel.\n", "utf-8")
    assert stale(folder, ["da", "sv", "en"]) == {"da": ["sv"], "sv": ["da"], "en": ["da", "sv"]}
    mark(content, "sv", "vandtia")
    assert stale(folder, ["da", "sv", "en"]) == {"da": [], "sv": [], "en": ["da", "sv"]}
    mark(content, "en", "vandtia")
    assert stale(folder, ["da", "sv", "en"]) == {"da": [], "sv": [], "en": []}


def test_status_command_reports_per_language(tmp_path, capsys):
    content = site_copy(tmp_path, ["vandtia"])
    for lang in ("da", "sv", "en"):
        mark(content, lang)
    capsys.readouterr()
    assert main(["--content", str(content), "status", "--check"]) == 0
    assert capsys.readouterr().out.splitlines() == ["da: complete and up to date", "sv: complete and up to date",
                                                    "en: complete and up to date"]
    text = content / "games" / "vandtia" / "en.yaml"
    text.write_text(text.read_text("utf-8").replace("Ten deals", "Ten hands"), "utf-8")
    assert main(["--content", str(content), "status", "--check"]) == 1
    out = capsys.readouterr().out
    assert "da: 1 stale" in out and "sv: 1 stale" in out and "en: complete and up to date" in out
    assert "stale: vandtia: en changed since da was last marked in sync" in out
