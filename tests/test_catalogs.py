"""The UI catalogs (templates/locale/<lang>/LC_MESSAGES/messages.po): complete, and not stale.

Stale means the templates and generator/ now mark other strings than the catalog holds: the test
extracts them afresh with the Makefile's `messages` flags and compares the msgids."""
from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.pofile import read_po

from generator.i18n.catalogs import missing

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "templates" / "locale"
LANGS = ("da", "sv", "en")
PLACEHOLDER = re.compile(r"%\((\w+)\)s|\{(\w+)\}")


def makefile_extract_flags() -> list[str]:
    """The flags of `pybabel extract` in the Makefile's `messages` target, without the output file."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    line = next(line for line in makefile.splitlines() if "pybabel extract" in line)
    words = shlex.split(line.split("pybabel", 1)[1])
    assert words[0] == "extract"
    out = []
    skip = False
    for word in words[1:]:
        if skip:
            skip = False
            continue
        if word == "-o":
            skip = True
            continue
        out.append(word)
    return out


def ids(catalog) -> set:
    return {m.id for m in catalog if m.id}


def load(lang: str):
    with (LOCALE / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        return read_po(handle, locale=lang)


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    pot = tmp_path_factory.mktemp("pot") / "messages.pot"
    flags = makefile_extract_flags()
    assert "." == flags[-1], flags
    pybabel = Path(sys.executable).with_name("pybabel")
    result = subprocess.run([str(pybabel), "extract", *flags[:-1], "-o", str(pot), "."], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    with pot.open("rb") as handle:
        return read_po(handle)


def test_makefile_flags_are_what_the_test_assumes():
    assert makefile_extract_flags() == ["-F", "babel.cfg", "-k", "N_", "-k", "n_:1,2", "--no-location",
                                        "--sort-output", "--omit-header", "."]


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_is_complete(lang):
    gaps = [f"line {line}: {what}: {msgid!r}" for line, msgid, what in missing(load(lang))]  # the build's rule
    assert gaps == [], f"{lang}: {len(gaps)} incomplete message(s):\n" + "\n".join(gaps)


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_is_not_stale(lang, extracted):
    want, have = ids(extracted), ids(load(lang))
    new = sorted(map(str, want - have))
    old = sorted(map(str, have - want))
    if new or old:
        pytest.fail(f"{lang}: the catalog is stale; run `make messages` and translate.\n"
                    f"{len(new)} not in the catalog: {new[:8]}{' ...' if len(new) > 8 else ''}\n"
                    f"{len(old)} no longer marked: {old[:8]}{' ...' if len(old) > 8 else ''}", pytrace=False)


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_their_placeholders(lang):
    """A msgstr names the same %(name)s / {name} placeholders as its msgid (a typo would break a page)."""
    bad = []
    for message in load(lang):
        if not message.id:
            continue
        msgids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        want = {m for msgid in msgids for m in PLACEHOLDER.findall(msgid)}
        for string in strings:
            got = set(PLACEHOLDER.findall(string))
            # a plural form may leave out the number (Danish "ét"), never invent a placeholder
            if not got <= want or (len(msgids) == 1 and got != want):
                bad.append(f"line {message.lineno}: {message.id!r} -> {string!r}")
    assert bad == [], f"{lang}:\n" + "\n".join(bad)


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_match_the_language(lang):
    catalog = load(lang)
    forms = Locale.parse(lang).plural_form
    count = len(forms.rules) + 1
    for message in catalog:
        if message.id and isinstance(message.id, tuple):
            assert len(message.string) == count, f"{lang} line {message.lineno}: {message.id!r}"
