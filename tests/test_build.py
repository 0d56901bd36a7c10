"""The build as a whole: which pages it writes, determinism, SOURCE_DATE_EPOCH, one language alone,
--bless, atomic output and autoescaping."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest

from fixtures.sites import VALID, make_site, tree_hash

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
LANGS = ("da", "sv", "en")
BASE = {lang: f"https://giv.example/{lang}/" for lang in LANGS}


def giv(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True, text=True, timeout=120,
                          env={**os.environ, **(env or {})})


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def pages_of(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.html"))


class Links(HTMLParser):
    """Every href and src of a page, with the element and its rel."""

    def __init__(self):
        super().__init__()
        self.links: list[tuple[str, str, str]] = []  # (tag, rel or attribute name, url)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in ("href", "src"):
            if attrs.get(name) is not None:
                self.links.append((tag, attrs.get("rel") or name, attrs[name]))


def links_of(path: Path) -> list[tuple[str, str, str]]:
    parser = Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.links


# --- which pages ----------------------------------------------------------------------------------

def test_editor_scratch_files_are_not_content(tmp_path):
    """Swap, backup and lock files an editor leaves in a game folder neither fail nor change the build."""
    site = make_site(tmp_path / "site")
    clean = giv("--content", str(site / "content"), "build", "--clean", "--out", str(tmp_path / "a"))
    assert clean.returncode == 0, clean.stderr
    folder = site / "content" / "games" / "mini-whist"
    for name in (".da.md.swp", "da.md~", ".#da.md", "#da.md#", "4913", ".DS_Store"):
        (folder / name).write_text("scratch", "utf-8")
    result = giv("--content", str(site / "content"), "build", "--out", str(tmp_path / "a"))
    assert result.returncode == 0, result.stderr
    assert "are up to date" in result.stdout  # not even a rebuild
    again = giv("--content", str(site / "content"), "build", "--clean", "--out", str(tmp_path / "b"))
    assert again.returncode == 0, again.stderr
    assert files_of(tmp_path / "a") == files_of(tmp_path / "b")


def test_a_game_may_fix_what_the_game_it_extends_offers(tmp_path):
    """invalid/extends-fixes-what-a-variant-chooses with the variant left out builds: the fixed
    setting is in the page's spec only as fixed, not offered, and the parent still offers it."""
    site = make_site(tmp_path / "site", "extends-fixes-what-a-variant-chooses")
    game = site / "content" / "games" / "mini-plus" / "game.yaml"
    game.write_text(game.read_text("utf-8") + "variants:\n  strict: null\n", "utf-8")
    result = giv("--content", str(site / "content"), "build", "--out", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr

    def data(page: str) -> dict:
        import json

        html = (tmp_path / "out" / "en" / page / "index.html").read_text("utf-8")
        return json.loads(re.search(r'<script type="application/json" id="giv-data">(.*?)</script>', html, re.S)[1])

    child, parent = data("strict-whist"), data("little-whist")
    assert child["spec"]["fixed"] == {"deckSize": 52, "missPenalty": "perTrickOff"}
    assert "missPenalty" not in child["spec"]["settings"] and child["variants"] == []
    assert [s["key"] for s in child["settings"]] == ["maxHandSize", "exactBidBonus", "dealerHook"]
    assert "missPenalty" in parent["spec"]["settings"] and [v["id"] for v in parent["variants"]] == ["strict"]


def test_valid_fixture_builds_these_pages(tmp_path):
    site = make_site(tmp_path / "site")
    result = giv("--content", str(site / "content"), "build", "--out", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    assert all(line.startswith("giv build: ") for line in result.stderr.splitlines()), result.stderr  # progress only
    assert pages_of(tmp_path / "out") == [
        "404.html", "da/404.html", "da/index.html", "da/lille-whist/index.html", "da/meldewhist/index.html",
        "da/offline.html", "da/search.html", "da/taberen/index.html",
        "en/404.html", "en/bidding-whist/index.html", "en/index.html", "en/little-whist/index.html",
        "en/offline.html", "en/search.html", "en/the-loser/index.html",
        "index.html",
        "sv/404.html", "sv/budwhist/index.html", "sv/forloraren/index.html", "sv/index.html",
        "sv/lilla-whist/index.html", "sv/offline.html", "sv/search.html",
    ]
    for extra in ("sitemap.xml", "da/sitemap.xml", "robots.txt", "da/sw.js", "sv/sw.js", "en/sw.js", "en/assets/giv.css"):
        assert (tmp_path / "out" / extra).is_file(), extra
    assert f"{len(pages_of(tmp_path / 'out'))} pages" in result.stdout


def test_bundled_content_builds_every_page(built_site):
    from generator.model.load import load_site
    from generator.render.language import alias_index

    site = load_site(CONTENT)
    assert len(site.games) == 4
    game_pages = {f"{lang}/{g.texts[lang].slug}/index.html" for lang in LANGS for g in site.games}
    assert len(game_pages) == 12
    alias_pages = {f"{lang}/{slug}/index.html" for lang in LANGS for slug in alias_index(site, lang)}
    assert alias_pages and not alias_pages & game_pages
    expected = game_pages | alias_pages | {"index.html", "404.html"} | {f"{lang}/{name}" for lang in LANGS
                                                           for name in ("index.html", "404.html", "offline.html", "search.html")}
    assert set(pages_of(built_site)) == expected
    for page in game_pages:  # a game page is a game page: the sheet and the worked examples are on it
        html = (built_site / page).read_text(encoding="utf-8")
        assert 'id="sheet"' in html and 'id="examples"' in html, page


def test_a_worked_example_reads_as_the_sheets_rounds_table(built_site):
    """One table per worked example, as the sheet shows the rounds: each player's cell shows
    bid/tricks, the deal's points and the running total, the dealer's marked (in a game of losses,
    the count, the loser's marked), and says all of it in words to a screen reader (the numbers
    shown are hidden from it)."""
    first = {"en": ("oh-hell", "Deal 1, 5 cards each", "D", "bid 2, took 2, 12 points, total 12 (dealer)",
                    "bid 1, took 2, 0 points, total 0"),
             "da": ("vend-om", "Runde 1, 5 kort til hver", "G", "meldte 2, tog 2, 12 point, i alt 12 (var giver)",
                    "meldte 1, tog 2, 0 point, i alt 0")}
    for lang, (slug, head, mark, dealer, missed) in first.items():
        html = (built_site / lang / slug / "index.html").read_text(encoding="utf-8")
        example = html[html.index('<section class="example"'):]
        example = example[:example.index("</section>")]
        assert example.count("<table") == 1, lang
        row = example[example.index('<tr><th scope="row">'):]
        row = row[:row.index("</tr>")]
        assert f'<span class="visually-hidden">{head}</span></th>' in row, row
        assert (f'<td class="is-made"><span aria-hidden="true"><span class="sheet-bt"><span class="sheet-dealt">{mark}'
                f'</span>2/2</span><span class="sheet-score">+12</span><span class="sheet-total">12</span></span>'
                f'<span class="visually-hidden">{dealer}</span></td>') in row, row
        assert f'<td class="is-missed"><span aria-hidden="true"><span class="sheet-bt">1/2</span><span class="sheet-score">0' \
               f'</span><span class="sheet-total">0</span></span><span class="visually-hidden">{missed}</span></td>' in row, row
    html = (built_site / "sv" / "vandtia" / "index.html").read_text(encoding="utf-8")  # a game of losses
    example = html[html.index('<section class="example"'):]
    example = example[:example.index("</section>")]
    assert example.count("<table") == 1
    assert ('<td class="is-loser"><span aria-hidden="true"><span class="sheet-lost-mark">\u25cf</span><span class="sheet-total">1'
            '</span></span><span class="visually-hidden">förlorade given, 1 förlust totalt</span></td>') in example
    assert '<td><span aria-hidden="true"><span class="sheet-total">0</span></span><span class="visually-hidden">0 förluster</span></td>' in example


def test_a_worked_example_names_the_trump_of_each_deal_where_it_changes(tmp_path):
    """Where the trump is not the same in every deal (no trump in a one-card deal), each deal's row
    names its own, and the sentence above the table names none."""
    site = make_site(tmp_path / "site")
    game = site / "content/games/mini-whist/game.yaml"
    game.write_text(game.read_text("utf-8").replace("  deckSize: 52\n", "  deckSize: 52\n  oneCardRoundTrump: none\n"), "utf-8")
    from generator.build import build

    build(site / "content", site / "templates", tmp_path / "out")
    html = (tmp_path / "out/en/little-whist/index.html").read_text(encoding="utf-8")
    example = html[html.index('<section class="example"'):]
    assert ('<span aria-hidden="true">1<span class="sheet-round-facts">2 cards</span><span class="sheet-round-facts">turned-up card</span>'
            '</span><span class="visually-hidden">Deal 1, 2 cards each, trumps: turned-up card</span>') in example
    assert ('<span aria-hidden="true">2<span class="sheet-round-facts">1 card</span><span class="sheet-round-facts">no trumps</span>'
            '</span><span class="visually-hidden">Deal 2, 1 card each, trumps: no trumps</span>') in example
    assert "in every deal" not in example[:example.index("</table>")]


def test_every_page_has_unique_ids_and_live_anchors(built_site):
    """Every page of the bundled site, game pages or not: no id twice, no link to #x without an x
    (the build checks game pages as it renders them: render/anchors.py)."""
    checked = 0
    for page in pages_of(built_site):
        html = (built_site / page).read_text(encoding="utf-8")
        ids = re.findall(r'\sid="([^"]*)"', html)
        assert len(ids) == len(set(ids)), (page, sorted(i for i in ids if ids.count(i) > 1))
        dead = {target for target in re.findall(r'\shref="#([^"]*)"', html) if target not in ids}
        assert not dead, (page, dead)
        checked += 1
    assert checked > 60


def test_byte_order_mark_is_not_text(tmp_path):
    """A rules file an editor saved with a byte-order mark: the first heading is still a heading."""
    site = make_site(tmp_path / "site")
    rules = site / "content/games/mini-whist/en.md"
    rules.write_bytes(b"\xef\xbb\xbf" + rules.read_bytes())
    result = giv("--content", str(site / "content"), "build", "--out", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    html = (tmp_path / "out/en/little-whist/index.html").read_text(encoding="utf-8")
    assert '<h2 id="overview">Overview</h2>' in html and "\ufeff" not in html


# --- determinism ----------------------------------------------------------------------------------

def test_two_builds_are_byte_identical(tmp_path):
    first = giv("build", "--out", str(tmp_path / "a"))
    second = giv("build", "--out", str(tmp_path / "b"))
    assert first.returncode == second.returncode == 0, first.stderr + second.stderr
    a, b = files_of(tmp_path / "a"), files_of(tmp_path / "b")
    assert a.keys() == b.keys()
    assert [name for name in a if a[name] != b[name]] == []


def test_source_date_epoch(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    plain = subprocess.run([sys.executable, "-m", "generator", "build", "--out", str(tmp_path / "plain")],
                           capture_output=True, text=True, env=env, timeout=120)
    assert plain.returncode == 0, plain.stderr
    assert "<lastmod>" not in (tmp_path / "plain" / "da" / "sitemap.xml").read_text(encoding="utf-8")

    epoch = 1700000000  # 2023-11-14 22:13:20 UTC
    dated = giv("build", "--out", str(tmp_path / "dated"), env={"SOURCE_DATE_EPOCH": str(epoch)})
    assert dated.returncode == 0, dated.stderr
    sitemap = (tmp_path / "dated" / "da" / "sitemap.xml").read_text(encoding="utf-8")
    assert sitemap.count("<lastmod>2023-11-14</lastmod>") == sitemap.count("<url>") > 0
    for path in (tmp_path / "dated").rglob("*"):
        assert int(path.lstat().st_mtime) == epoch, path
    # Only the lastmod lines differ.
    plain_files, dated_files = files_of(tmp_path / "plain"), files_of(tmp_path / "dated")
    assert plain_files.keys() == dated_files.keys()
    assert [n for n in plain_files if not n.endswith("/sitemap.xml") and plain_files[n] != dated_files[n]] == []


def test_source_date_epoch_reaches_a_folder_built_without_it(tmp_path):
    """The build cache must not call a folder up to date when only SOURCE_DATE_EPOCH changed."""
    site = make_site(tmp_path / "site")
    content = str(site / "content")
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    plain = subprocess.run([sys.executable, "-m", "generator", "--content", content, "build", "--out",
                            str(tmp_path / "a")], capture_output=True, text=True, env=env, timeout=120)
    assert plain.returncode == 0, plain.stderr
    for out in ("b", "a"):
        dated = giv("--content", content, "build", "--out", str(tmp_path / out), env={"SOURCE_DATE_EPOCH": "1700000000"})
        assert dated.returncode == 0, dated.stderr
    assert "<lastmod>2023-11-14</lastmod>" in (tmp_path / "a" / "da" / "sitemap.xml").read_text(encoding="utf-8")
    assert int((tmp_path / "a" / "index.html").stat().st_mtime) == 1700000000


# --- one language alone ---------------------------------------------------------------------------

def test_one_language_is_self_contained(tmp_path):
    out = tmp_path / "site-da"
    result = giv("build", "--lang", "da", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert (out / "index.html").is_file() and (out / "404.html").is_file() and (out / "sw.js").is_file()
    assert not (out / "da").exists() and not (out / "sv").exists() and not (out / "en").exists()
    assert (out / "sitemap.xml").is_file()
    assert not (out / "robots.txt").exists()  # served at /da/, it would be where crawlers never look
    others = (BASE["sv"], BASE["en"])
    for page in out.rglob("*.html"):
        rel = page.relative_to(out).as_posix()
        here = BASE["da"] + rel.removesuffix("index.html")
        hreflang = {}
        for tag, rel_attr, url in links_of(page):
            if url.startswith(("#", "data:")):
                continue
            absolute = urljoin(here, url)
            if absolute.startswith(others):
                assert tag in ("a", "link"), (rel, url)
                continue
            assert absolute.startswith(BASE["da"]), f"{rel}: {url} leaves the Danish site"
            target = out / urlparse(absolute).path.removeprefix("/da/")
            target = target / "index.html" if absolute.endswith("/") else target
            assert target.is_file(), f"{rel}: {url} is not in {out.name}/"
            if rel_attr == "alternate":
                hreflang[url] = absolute
        html = page.read_text(encoding="utf-8")
        if 'hreflang="sv"' in html and "noindex" not in html:
            # hreflang and the language switcher point at the other languages' configured base URLs
            alternates = re.findall(r'<link rel="alternate" hreflang="(\w+)" href="([^"]+)">', html)
            langs = {code: href for code, href in alternates}
            assert langs["sv"].startswith(BASE["sv"]) and langs["en"].startswith(BASE["en"]), rel
            switcher = re.findall(r'<a (?:aria-current="page" )?lang="(\w+)" hreflang="\w+" href="([^"]+)"', html)
            assert dict(switcher)["sv"] == langs["sv"] and dict(switcher)["en"] == langs["en"], rel
    game = (out / "vend-om" / "index.html").read_text(encoding="utf-8")
    assert 'hreflang="sv" href="https://giv.example/sv/plump/"' in game
    assert 'hreflang="en" href="https://giv.example/en/oh-hell/"' in game


def test_one_language_sitemap_lists_only_its_pages(tmp_path):
    out = tmp_path / "site-sv"
    assert giv("build", "--lang", "sv", "--out", str(out)).returncode == 0
    locs = re.findall(r"<loc>([^<]+)</loc>", (out / "sitemap.xml").read_text(encoding="utf-8"))
    assert locs and all(loc.startswith(BASE["sv"]) for loc in locs)


def test_unknown_language_is_an_error(tmp_path):
    result = giv("build", "--lang", "fr", "--out", str(tmp_path / "out"))
    assert result.returncode == 1
    assert "error: content/site.yaml:1: --lang fr: not a language of this site (da, sv, en)" in result.stderr.splitlines()
    assert not (tmp_path / "out").exists()


# --- --bless --------------------------------------------------------------------------------------

def test_bless_rewrites_only_the_wrong_numbers(tmp_path):
    site = make_site(tmp_path / "site")
    whist = site / "content/games/mini-whist/examples.yaml"
    tally = site / "content/games/mini-tally/examples.yaml"
    broken = {
        whist: [("      - [10, 0, 10]\n    totals:", "      - [10, 7, 10]\n    totals:"),  # a row of scores
                ("final: [21, -2, 20]", "final: [21, 2, 20]")],                           # a check's flow list
        tally: [("ranks: [2, 3, 1]", "ranks: [1, 2, 3]"), ("finished: false", "finished: true"),
                ("      - [1, 2, 0]", "      - [1, 1, 1]")],                              # last totals row
    }
    for path, edits in broken.items():
        text = path.read_text(encoding="utf-8")
        for old, new in edits:
            assert text.count(old) == 1, old
            text = text.replace(old, new)
        path.write_text(text, encoding="utf-8")
    failed = giv("--content", str(site / "content"), "build", "--out", str(tmp_path / "out"))
    assert failed.returncode == 1 and failed.stderr.count("error: ") == 5, failed.stderr
    blessed = giv("--content", str(site / "content"), "build", "--bless", "--out", str(tmp_path / "out"))
    assert blessed.returncode == 0, blessed.stderr
    said = [line for line in blessed.stdout.splitlines() if line.startswith("giv build --bless: ")]
    assert len(said) == 5, blessed.stdout  # each rewrite named, with its file, line and numbers
    assert any("mini-whist/examples.yaml:" in line and "final [21, 2, 20] -> [21, -2, 20]" in line for line in said), said
    row = (VALID / tally.relative_to(site)).read_text(encoding="utf-8").splitlines().index("      - [1, 2, 0]") + 1
    assert f"giv build --bless: content/games/mini-tally/examples.yaml:{row}: totals, round 3: [1, 1, 1] -> [1, 2, 0]" in said, said
    for path in broken:  # every number is back as it was, and every other byte (comments too) kept
        original = VALID / path.relative_to(site)
        assert path.read_bytes() == original.read_bytes(), path.name
    assert (tmp_path / "out" / "en" / "little-whist" / "index.html").is_file()


def test_bless_does_not_touch_other_errors(tmp_path):
    site = make_site(tmp_path / "site", "example-breaks-rules")
    before = files_of(site / "content")
    result = giv("--content", str(site / "content"), "build", "--bless", "--out", str(tmp_path / "out"))
    assert result.returncode == 1 and "breaks its own rules" in result.stderr
    assert files_of(site / "content") == before


# --- atomic output --------------------------------------------------------------------------------

def test_failed_build_leaves_previous_output_untouched(tmp_path):
    site = make_site(tmp_path / "site")
    out = tmp_path / "out"
    assert giv("--content", str(site / "content"), "build", "--out", str(out)).returncode == 0
    (out / "keep-me.txt").write_text("a file the next build must not remove when it fails")
    before = tree_hash(out)
    game = site / "content/games/mini-tally/game.yaml"  # two independent faults, both reported
    game.write_text(game.read_text(encoding="utf-8").replace("order: 2", "order: second"), encoding="utf-8")
    (site / "content/games/mini-whist/sv.md").unlink()
    result = giv("--content", str(site / "content"), "build", "--out", str(out))
    assert result.returncode == 1 and result.stderr.count("error: ") == 2, result.stderr
    assert tree_hash(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "site"]


def test_build_stopped_while_writing_leaves_previous_output_untouched(tmp_path, monkeypatch):
    """Ctrl-C (or any error) once every page is in the new folder, before the swap: it is removed."""
    from generator import build as pipeline
    from generator.cache import Cache
    from generator.write.output import Staging

    site = make_site(tmp_path / "site")
    out = tmp_path / "out"
    assert giv("--content", str(site / "content"), "build", "--out", str(out)).returncode == 0
    before = tree_hash(out)

    def stopped(stage):
        assert any(stage.folder.rglob("index.html"))  # every page written into the new folder, then Ctrl-C
        raise KeyboardInterrupt

    monkeypatch.setattr(Staging, "swap", stopped)
    cache = Cache(site / "content", site / "templates", out, None, tmp_path / "cache")
    cache.forget()
    with pytest.raises(KeyboardInterrupt):
        pipeline.build(site / "content", site / "templates", out, cache=cache)
    assert tree_hash(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "out", "site"]


@pytest.mark.parametrize("where", ["reading", "rendering"])
def test_unforeseen_error_is_one_line_and_a_log(tmp_path, monkeypatch, capsys, where):
    """A bug in Giv (here an exception planted where no content can cause one): one line that says
    what Giv was reading and that the bug is Giv's, the traceback in the log file it names; exit 1,
    the previous output as it was."""
    import tempfile

    from generator.cli import main
    from generator.model import folders
    from generator.render import pages

    site = make_site(tmp_path / "site")
    out = tmp_path / "out"
    assert giv("--content", str(site / "content"), "build", "--out", str(out)).returncode == 0
    before = tree_hash(out)
    rules = site / "content/games/mini-tally/da.md"
    rules.write_text(rules.read_text("utf-8") + "\nEn ændring, så bygget kører.\n", "utf-8")

    def planted(*args, **kwargs):
        raise KeyError("planted")

    monkeypatch.setattr(*(folders, "check_other_files") if where == "reading" else (pages, "render_site"), planted)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "logs"))
    (tmp_path / "logs").mkdir()
    capsys.readouterr()
    assert main(["--content", str(site / "content"), "build", "--out", str(out)]) == 1
    lines = [line for line in capsys.readouterr().err.splitlines() if not line.startswith("giv build: ")
             or "bug" in line]
    [log] = (tmp_path / "logs").iterdir()
    what = "while reading content/games/mini-tally/" if where == "reading" else "in `giv build`"
    assert lines == [f"giv build: a bug in Giv, not in your input, {what}: KeyError: 'planted'; "
                     f"the details are in {log}"]
    details = log.read_text("utf-8")
    assert "Traceback (most recent call last)" in details and "in planted" in details
    assert tree_hash(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["logs", "out", "site"]


def test_successful_build_replaces_output(tmp_path):
    site = make_site(tmp_path / "site")
    out = tmp_path / "out"
    out.mkdir()
    (out / "stale.html").write_text("from an old build")
    assert giv("--content", str(site / "content"), "build", "--out", str(out)).returncode == 0
    assert not (out / "stale.html").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "site"]


# --- autoescape -----------------------------------------------------------------------------------

def test_markup_in_content_is_escaped(tmp_path):
    site = make_site(tmp_path / "site")
    evil = '<script>alert("x")</script>'
    en = site / "content/games/mini-whist/en.yaml"
    text = en.read_text(encoding="utf-8")
    text = text.replace("name: Little Whist", f"name: 'Little {evil} Whist'")
    text = text.replace("    title: Two short deals", f"    title: 'Two <b>short</b> deals {evil}'")
    text = text.replace("    label: Largest hand", "    label: 'Largest <img src=x onerror=alert(1)> hand'")
    en.write_text(text, encoding="utf-8")
    # The other games' links name it too.
    result = giv("--content", str(site / "content"), "build", "--out", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    page = (tmp_path / "out/en/little-whist/index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in page
    assert "&lt;b&gt;short&lt;/b&gt;" in page and "&lt;img src=x onerror=alert(1)&gt;" in page
    for path in (tmp_path / "out").rglob("*"):
        if path.is_file():
            data = path.read_text(encoding="utf-8", errors="replace")
            assert evil not in data and "<img src=x" not in data and "<b>short" not in data, path
