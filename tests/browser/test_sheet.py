"""The live scoresheet in Chromium: every worked example typed in as a person would, settings
changed mid-game, reload, corrupt storage, the dealer's hook, refused rounds, offline use, a
phone-sized screen, hostile names, sharing, export and print. The `page` fixture fails a test on
any console error or CSP violation."""
from __future__ import annotations

import json
import re

from pathlib import Path

import pytest
import yaml

CONTENT = Path(__file__).resolve().parents[2] / "content"

GAMES = ["vend-om", "tips", "wizard", "vandtia"]
# Each game's examples run on one language's page; together they cover all three.
EXAMPLE_LANG = {"vend-om": "da", "tips": "sv", "wizard": "en", "vandtia": "sv"}


def slug(game: str, lang: str) -> str:
    return yaml.safe_load((CONTENT / "games" / game / f"{lang}.yaml").read_text("utf-8"))["slug"]


def game_meta(game: str) -> dict:
    return yaml.safe_load((CONTENT / "games" / game / "game.yaml").read_text("utf-8"))


def examples(game: str) -> list[dict]:
    return yaml.safe_load((CONTENT / "games" / game / "examples.yaml").read_text("utf-8"))


def number(text: str) -> int:
    """A number as the page shows it (locale signs and separators) back to an int."""
    clean = text.replace("\u2212", "-").replace("+", "").replace("\u00a0", "").replace("\u202f", "")
    clean = clean.replace(".", "").replace(",", "").replace(" ", "").strip()
    return int(clean)


def open_sheet(page, server, game: str, lang: str, fragment: str = ""):
    page.set_default_timeout(10000)
    page.goto(f"{server}/{lang}/{slug(game, lang)}/{fragment}")
    page.wait_for_selector("#sheet-app.is-live .sheet-entry")
    return page


def storage_key(game: str, lang: str) -> str:
    return f"giv:v1:{lang}:{game}"


def open_setup(page) -> None:
    """Unfolds "Players and settings" (it folds away once the first round is saved)."""
    if page.locator("#giv-setup").get_attribute("open") is None:
        page.locator("#giv-setup > summary").click()


def set_setting(page, key: str, value) -> None:
    open_setup(page)
    control = page.locator(f"#giv-setting-{key}")
    kind = control.get_attribute("type")
    if kind == "checkbox":
        control.set_checked(bool(value))
    elif kind == "number":
        control.fill(str(value))
        control.press("Enter")
    else:
        control.select_option(str(value))


def setup(page, players: list[str], first_dealer: int = 0, settings: dict | None = None) -> None:
    page.locator("#giv-player-count").select_option(str(len(players)))
    for i, name in enumerate(players):
        page.locator(f"#giv-name-{i}").fill(name)
    page.locator("#giv-first-dealer").select_option(str(first_dealer))
    for key, value in (settings or {}).items():
        set_setting(page, key, value)


def type_row(page, round_no: int, field: str, values: list[int]) -> None:
    """Types one number per player with the keyboard, in the form's order, then presses Enter."""
    inputs = page.locator(f"input[data-round='{round_no}'][data-field='{field}']")
    inputs.first.focus()
    for i in range(inputs.count()):
        player = int(inputs.nth(i).get_attribute("data-player"))
        page.keyboard.press("Control+A")  # replace what is there, as a person selecting it would
        page.keyboard.type(str(values[player]))
        if i < inputs.count() - 1:
            page.keyboard.press("Tab")
    page.keyboard.press("Enter")


def play_bid_round(page, round_no: int, bids: list[int], took: list[int]) -> None:
    type_row(page, round_no, "bid", bids)
    page.wait_for_selector(f"input[data-round='{round_no}'][data-field='took']")
    type_row(page, round_no, "took", took)
    page.wait_for_selector(f"[data-round='{round_no}'][data-field='score']")


def cell(page, round_no: int, player: int, field: str):
    return page.locator(f"#sheet-app [data-round='{round_no}'][data-player='{player}'][data-field='{field}']:not(input)")


def shown(page, round_no: int, player: int, field: str) -> int:
    """The number a derived cell shows; its data-value must agree."""
    loc = cell(page, round_no, player, field)
    value = number(loc.inner_text())
    assert int(loc.get_attribute("data-value")) == value
    return value


def standings(page) -> dict[int, tuple[int, bool]]:
    """player -> (place shown, shared marker shown)."""
    out = {}
    for item in page.locator(".sheet-standing").all():
        place = item.locator("[data-field='rank']")
        player = int(place.get_attribute("data-player"))
        assert re.search(r"\d", place.inner_text())
        shared = item.locator(".sheet-shared").inner_text().strip() != ""
        out[player] = (int(place.get_attribute("data-value")), shared)
    return out


def points(page) -> list[int]:
    items = page.locator(".sheet-standing [data-field='points']").all()
    values = {int(i.get_attribute("data-player")): int(i.get_attribute("data-value")) for i in items}
    return [values[p] for p in sorted(values)]


CASES = [(game, ex["id"]) for game in GAMES for ex in examples(game)]


@pytest.mark.parametrize("game,example_id", CASES)
def test_worked_example_typed_in(page, server, game, example_id):
    ex = next(e for e in examples(game) if e["id"] == example_id)
    lang = EXAMPLE_LANG[game]
    open_sheet(page, server, game, lang)
    setup(page, ex["players"], ex.get("firstDealer", 0), ex.get("settings"))
    n = len(ex["players"])
    expect = ex["expect"]
    if page.evaluate("() => JSON.parse(document.getElementById('giv-data').textContent).template") == "tally":
        for r, round_ in enumerate(ex["rounds"], start=1):
            button = page.locator(f"button[data-round='{r}'][data-player='{round_['loser']}'][data-field='loser']")
            button.focus()
            page.keyboard.press("Enter")
            page.wait_for_selector(f"[data-round='{r}'][data-field='total']")
            assert cell(page, r, round_["loser"], "loser").inner_text() == ex["players"][round_["loser"]]
    else:
        for r, round_ in enumerate(ex["rounds"], start=1):
            play_bid_round(page, r, round_["bids"], round_["took"])
        for r, row in enumerate(expect.get("scores", []), start=1):
            assert [shown(page, r, p, "score") for p in range(n)] == row, f"scores of round {r}"
    for r, row in enumerate(expect.get("totals", []), start=1):
        assert [shown(page, r, p, "total") for p in range(n)] == row, f"totals after round {r}"
    places = standings(page)
    ranks = expect["ranks"]
    for p, rank in enumerate(ranks):
        assert places[p] == (rank, ranks.count(rank) > 1), f"place of {ex['players'][p]}"
    final = expect["totals"][-1]
    assert points(page) == final
    if expect.get("finished"):
        winners = [ex["players"][p] for p, rank in enumerate(ranks) if rank == 1]
        text = page.locator(".sheet-standings .sheet-winner").inner_text()
        assert all(w in text for w in winners)
        assert page.locator(".sheet-entry .sheet-winner").count() == 1  # the game-over box
    else:
        assert page.locator(".sheet-standings .sheet-leader").count() == 1

    # Settings changed mid-game recompute the whole game (the example's checks).
    for check in ex.get("checks", []):
        for key, value in {**ex.get("settings", {}), **check["settings"]}.items():
            set_setting(page, key, value)
        if check.get("errors"):
            page.wait_for_selector(".sheet-problems li")
            assert page.locator(".sheet-problems li").count() == len(check["errors"])
        if "final" in check["expect"]:
            assert points(page) == check["expect"]["final"], check["id"]
        if "ranks" in check["expect"]:
            assert {p: v[0] for p, v in standings(page).items()} == dict(enumerate(check["expect"]["ranks"]))
        if check["expect"].get("finished"):
            assert page.locator(".sheet-standings .sheet-winner").count() == 1
        for key in check["settings"]:  # back to the example's own settings
            set_setting(page, key, ex["settings"].get(key, _default(game, key)))
    if ex.get("checks"):
        assert points(page) == final
    text = page.locator("#sheet-app").inner_text()
    assert "NaN" not in text and "undefined" not in text and "null" not in text


def _default(game: str, key: str):
    meta = game_meta(game)
    while key not in meta.get("settings", {}) and meta.get("extends"):
        meta = game_meta(meta["extends"])
    return meta["settings"][key]["default"]


def test_tally_sheet_shows_counts_and_loss_limit(page, server):
    open_sheet(page, server, "vandtia", "en")
    setup(page, ["Ada", "Bo", "Cy"], settings={"lossLimit": 2})
    entry = page.locator(".sheet-entry").inner_text()
    assert "2" in entry and "null" not in entry and "undefined" not in entry
    for r, loser in enumerate([1, 1], start=1):
        page.locator(f"button[data-round='{r}'][data-player='{loser}'][data-field='loser']").click()
    assert [shown(page, 2, p, "total") for p in range(3)] == [0, 2, 0]
    assert page.locator(".sheet-entry .sheet-winner").inner_text().count("Ada") == 1
    assert standings(page) == {0: (1, True), 2: (1, True), 1: (3, False)}
    page.locator("#giv-undo").click()
    page.wait_for_selector("button[data-round='2'][data-field='loser']")
    assert page.locator("[data-round='2'][data-field='total']").count() == 0


def test_reload_keeps_the_game_and_the_round_being_typed(page, server):
    open_sheet(page, server, "vend-om", "en")
    setup(page, ["Anna", "Ben", "Cara"], settings={"maxHandSize": 3, "dealerHook": False})
    play_bid_round(page, 1, [1, 1, 0], [1, 2, 0])
    page.locator("input[data-round='2'][data-player='2'][data-field='bid']").fill("2")
    page.reload()
    page.wait_for_selector("#sheet-app.is-live")
    assert [shown(page, 1, p, "total") for p in range(3)] == [11, 0, 10]
    assert page.locator("input[data-round='2'][data-player='2'][data-field='bid']").input_value() == "2"
    assert page.locator("#giv-name-1").input_value() == "Ben"
    assert page.locator("#giv-setting-maxHandSize").input_value() == "3"


@pytest.mark.parametrize("stored,notice,kept", [
    ("{not json", "reset", 0),
    (json.dumps({"v": 0, "players": ["A", "B"]}), "reset", 0),
    (json.dumps({"v": 1, "players": ["Ann", "Bob", "Cat"], "firstDealer": 0,
                 "settings": {"maxHandSize": 3, "dealerHook": False, "exactBidBonus": "lots"},
                 "rounds": [{"bids": [1, 1, 0], "took": [1, 2, 0], "handSize": 3},
                            {"bids": [1, "x"], "took": [0], "handSize": 2}]}), "repaired", 1),
])
def test_corrupt_storage_is_recovered_with_a_notice(page, server, stored, notice, kept):
    key = storage_key("vend-om", "en")
    open_sheet(page, server, "vend-om", "en")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, stored])
    page.reload()
    page.wait_for_selector("#sheet-app.is-live .sheet-notice")
    text = page.locator(".sheet-notice").inner_text()
    assert f"{key}:backup" in text
    assert page.evaluate("(k) => localStorage.getItem(k)", f"{key}:backup") == stored
    assert page.locator("[data-field='score']").count() == 3 * kept
    if kept:
        assert [shown(page, 1, p, "total") for p in range(3)] == [11, 0, 10]
        assert page.locator("#giv-setting-exactBidBonus").input_value() == "10"
    # The sheet still works and the repaired game is stored again.
    assert page.locator(f"input[data-round='{kept + 1}'][data-field='bid']").count() >= 2
    assert json.loads(page.evaluate("(k) => localStorage.getItem(k)", key))["v"] == 1


def test_without_storage_the_sheet_works_and_says_so(browser, server):
    context = browser.new_context()
    context.add_init_script("Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('denied', 'SecurityError'); }});")
    pg = context.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    open_sheet(pg, server, "wizard", "en")
    assert "lost when you close" in pg.locator(".sheet-notice").inner_text()
    setup(pg, ["A", "B", "C"])
    play_bid_round(pg, 1, [1, 0, 0], [1, 0, 0])
    assert shown(pg, 1, 0, "total") == 30
    context.close()
    assert errors == []


def test_dealer_hook_shows_the_forbidden_bid_and_refuses_it(page, server):
    open_sheet(page, server, "vend-om", "da")
    setup(page, ["Anna", "Ben", "Cara", "Dan"], first_dealer=3, settings={"maxHandSize": 5})
    hint = page.locator("#giv-hook-hint")
    order = [int(x.get_attribute("data-player")) for x in page.locator("input[data-field='bid']").all()]
    assert order == [0, 1, 2, 3]  # bidding starts left of the dealer; the dealer bids last
    assert "Dan" in hint.inner_text()
    for p, bid in zip(order[:3], [2, 1, 0]):
        page.locator(f"input[data-round='1'][data-player='{p}'][data-field='bid']").fill(str(bid))
    assert hint.get_attribute("data-forbidden") == "2"
    assert "2" in hint.inner_text()
    dealer = page.locator("input[data-round='1'][data-player='3'][data-field='bid']")
    dealer.fill("2")
    dealer.press("Enter")
    alert = page.locator("#giv-entry-error")
    assert "Dan" in alert.inner_text() and "2" in alert.inner_text()
    assert dealer.get_attribute("aria-invalid") == "true"
    assert page.locator("input[data-field='took']").count() == 0
    dealer.fill("1")
    dealer.press("Enter")
    page.wait_for_selector("input[data-round='1'][data-field='took']")


def test_tricks_that_do_not_add_up_and_bad_values_are_refused(page, server):
    open_sheet(page, server, "tips", "en")
    setup(page, ["Ann", "Bob", "Cat"], settings={"maxHandSize": 4, "dealerHook": False})
    first = page.locator("input[data-round='1'][data-player='1'][data-field='bid']")
    first.fill("abc")
    first.press("Enter")  # Enter moves on while a bid is missing
    page.locator("button[type='submit']").click()
    alert = page.locator("#giv-entry-error")
    assert "Bob" in alert.inner_text()
    assert "Cat" in alert.inner_text()  # missing as well
    type_row(page, 1, "bid", [1, 1, 1])
    type_row(page, 1, "took", [1, 1, 1])
    assert "3" in alert.inner_text() and "4" in alert.inner_text()
    assert page.locator("[data-field='score']").count() == 0
    type_row(page, 1, "took", [2, 1, 1])
    page.wait_for_selector("[data-round='1'][data-field='score']")
    # A setting outside its range is refused with a message; the game is unchanged.
    open_setup(page)
    bonus = page.locator("#giv-setting-exactBidBonus")
    bonus.fill("999")
    bonus.press("Enter")
    assert bonus.get_attribute("aria-invalid") == "true"
    assert page.locator("#giv-setting-exactBidBonus-error").is_visible()
    assert shown(page, 1, 1, "total") == 11
    text = page.locator("#sheet-app").inner_text()
    assert "NaN" not in text and "undefined" not in text and "null" not in text


def test_edit_a_past_round_and_undo_the_last(page, server):
    open_sheet(page, server, "wizard", "en")
    setup(page, ["A", "B", "C"])
    play_bid_round(page, 1, [1, 0, 0], [1, 0, 0])
    play_bid_round(page, 2, [1, 1, 0], [1, 1, 0])
    assert [shown(page, 2, p, "total") for p in range(3)] == [60, 50, 40]
    page.locator("#giv-edit-1").click()
    assert page.locator("input[data-round='1'][data-player='0'][data-field='bid']").input_value() == "1"
    type_row(page, 1, "bid", [0, 1, 0])
    type_row(page, 1, "took", [1, 0, 0])
    assert [shown(page, 1, p, "score") for p in range(3)] == [-10, -10, 20]
    assert [shown(page, 2, p, "total") for p in range(3)] == [20, 20, 40]
    page.locator("#giv-undo").click()
    page.wait_for_selector("input[data-round='2'][data-field='bid']")
    assert page.locator("[data-round='2'][data-field='score']").count() == 0
    assert page.locator("input[data-round='2'][data-player='1'][data-field='bid']").input_value() == "1"


def test_works_offline_after_one_visit(page, server):
    open_sheet(page, server, "wizard", "sv")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.evaluate("() => navigator.serviceWorker.ready")
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("#sheet-app.is-live .sheet-entry")
    setup(page, ["A", "B", "C"])
    play_bid_round(page, 1, [1, 0, 0], [1, 0, 0])
    assert shown(page, 1, 0, "total") == 30
    # Another page of the language, never opened, is there as well.
    page.goto(f"{server}/sv/{slug('vandtia', 'sv')}/")
    page.wait_for_selector("#sheet-app.is-live")


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
def test_six_players_fit_a_phone(browser, server, lang):
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    pg = context.new_page()
    errors = []
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    open_sheet(pg, server, "wizard", lang)
    setup(pg, ["Alexandra", "Bartholomew", "Cassiopeia", "Dominique", "Evangeline", "Fredrikke"])
    play_bid_round(pg, 1, [1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0])
    pg.locator("#giv-edit-1").focus()
    assert pg.evaluate("() => document.documentElement.scrollWidth") <= 360
    assert pg.locator("input[data-field='bid']").first.get_attribute("inputmode") == "numeric"
    context.close()
    assert errors == []


def test_a_hostile_name_stays_text(page, server):
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    hostile = "<img src=x onerror=alert(1)>"
    open_sheet(page, server, "vend-om", "sv")
    setup(page, [hostile, "Bo"], settings={"maxHandSize": 2})
    play_bid_round(page, 1, [1, 0], [1, 1])
    assert page.locator("#sheet-app img").count() == 0
    assert page.locator(".sheet-col-player[data-player='0']").inner_text() == hostile
    assert hostile in page.locator(".sheet-standings").inner_text()
    assert dialogs == []


def test_share_link_export_and_print(page, server):
    open_sheet(page, server, "vend-om", "en")
    setup(page, ["Ann", "Bob"], settings={"maxHandSize": 2, "dealerHook": False})
    play_bid_round(page, 1, [1, 0], [1, 1])
    page.locator("#giv-share").click()
    link = page.locator("#giv-share-link").input_value()
    assert "#game=" in link
    with page.expect_download() as info:
        page.locator("#giv-csv").click()
    csv = open(info.value.path(), encoding="utf-8-sig").read().splitlines()
    assert len(csv) == 2 and csv[0].count("Ann") == 4 and csv[0].count("Bob") == 4
    assert csv[1].split(",")[4:8] == ["1", "1", "11", "11"]
    with page.expect_download() as info:
        page.locator("#giv-json").click()
    exported = json.loads(open(info.value.path(), encoding="utf-8").read())
    assert exported["result"]["totals"] == [11, 0]
    # The chart: one line per player and a table for screen readers.
    assert page.locator(".sheet-chart polyline").count() == 2
    assert page.locator(".sheet-chart .visually-hidden td").count() == 2
    # A filled sheet prints without the forms.
    page.emulate_media(media="print")
    assert not page.locator(".sheet-entry").is_visible()
    assert not page.locator(".sheet-setup").is_visible()
    assert page.locator(".sheet-table").is_visible()
    page.emulate_media(media="screen")
    # The link opens the game in another browser.
    other = page.context.browser.new_context()
    pg = other.new_page()
    pg.goto(link)
    pg.wait_for_selector("[data-round='1'][data-field='total']")
    assert [shown(pg, 1, p, "total") for p in range(2)] == [11, 0]
    assert "#game=" not in pg.url
    other.close()
    # Here a game is under way: the sheet asks before it replaces it.
    play_bid_round(page, 2, [0, 0], [1, 0])
    page.goto(link)
    page.wait_for_selector(".sheet-notice button")
    page.locator(".sheet-notice button").first.click()
    page.wait_for_function("() => !document.querySelector('[data-round=\"2\"][data-field=\"score\"]')")
    assert [shown(page, 1, p, "total") for p in range(2)] == [11, 0]


def test_blank_sheet_prints_without_javascript(browser, server):
    context = browser.new_context(java_script_enabled=False)
    pg = context.new_page()
    pg.goto(f"{server}/da/{slug('vend-om', 'da')}/")
    pg.emulate_media(media="print")
    blank = pg.locator(".blank-sheet table")
    assert blank.is_visible()
    assert blank.locator("tbody tr").count() >= 10
    assert blank.locator("thead th[scope='colgroup']").count() == game_meta("vend-om")["players"]["max"]
    context.close()


def test_axe_on_a_game_in_progress(browser, server):
    """axe (WCAG 2.x A/AA) on the live sheet: rounds and a refused round in light colours, a
    finished game with a bonus and a tally game in dark colours."""
    from axe_playwright_python.base import AXE_SCRIPT

    context = browser.new_context(viewport={"width": 360, "height": 800})
    context.add_init_script(AXE_SCRIPT)
    pg = context.new_page()
    options = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]},
               "resultTypes": ["violations"]}
    problems = []

    def axe(label: str) -> None:
        result = pg.evaluate("(o) => axe.run('#sheet', o)", options)
        problems.extend(f"{label}: {v['id']}: {n['target']}" for v in result["violations"] for n in v["nodes"])

    open_sheet(pg, server, "wizard", "da")
    setup(pg, ["Anna", "Ben", "Cara", "Dan"], settings={"perfectGameBonus": 50, "roundCount": 2})
    play_bid_round(pg, 1, [0, 1, 0, 0], [0, 1, 0, 0])
    type_row(pg, 2, "bid", [1, 0, 0, 0])
    type_row(pg, 2, "took", [1, 1, 0, 1])  # refused: 3 tricks of 2
    open_setup(pg)
    axe("light, refused round")
    pg.emulate_media(color_scheme="dark")
    type_row(pg, 2, "took", [1, 1, 0, 0])  # the game is over, with a bonus
    axe("dark, game over")
    open_sheet(pg, server, "vandtia", "sv")
    pg.locator("button[data-round='1'][data-player='1']").click()
    axe("dark, tally")
    context.close()
    assert problems == []
