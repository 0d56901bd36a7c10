"""A real evening at 360 px (engine version 2, sheet-events.js): the coming deals edited, a change
of the plan mid-game that goes on from where the table is, players coming, sitting out and going,
a one-off adjustment with a note, and the end of an open evening; each tapped and typed as a person
does, and each kept through the JSON export and import."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect as pw_expect

from test_sheet import cell, open_setup, open_sheet, phone, play_bid_round, pressed, seen, seen_all, set_setting, settled, setup, sheet_seen, shown, storage_key, tap_row


def stored(pg, game: str, lang: str) -> dict:
    return json.loads(pg.evaluate(f"() => localStorage.getItem('{storage_key(game, lang)}')"))


def exported_json(pg, tmp_path):
    """The game as the JSON export button downloads it: the file's path."""
    with pg.expect_download() as info:
        pg.locator("#giv-json").tap()
    path = tmp_path / "game.json"
    info.value.save_as(path)
    return path


def open_table(pg) -> None:
    if pg.locator("#giv-table").get_attribute("open") is None:
        pg.locator("#giv-table > summary").tap()


def coming(pg) -> list[int]:
    """The hand sizes of the coming deals, as the rounds table shows them."""
    return [int(x) for x in seen_all(pg.locator("tr.is-upcoming .sheet-cards"))]


def entry_cards(pg) -> int:
    """The number of buttons (0 to the hand size) in the round being entered, less one."""
    first = pg.locator(".sheet-entry .sheet-pick").first
    return first.locator(".sheet-number").count() - 1


def test_a_mid_game_change_goes_on_from_where_the_table_is_and_the_coming_deals_can_be_edited(browser, server, tmp_path):
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "en")
    setup(pg, ["Ann", "Bob", "Cat", "Dan"], settings={"dealerHook": False})
    for r, size in enumerate([10, 9, 8], start=1):
        assert entry_cards(pg) == size
        play_bid_round(pg, r, [size, 0, 0, 0], [size, 0, 0, 0])
    totals = [shown(pg, 3, p, "total") for p in range(4)]
    # the largest hand lowered to 5 after 10, 9, 8: the next deal is 5 (not 2), then down and up
    set_setting(pg, "maxHandSize", 5)
    assert entry_cards(pg) == 5
    assert coming(pg) == [5, 4, 3, 2, 1, 2, 3, 4, 5]
    # the played deals keep their hand size, dealer and points
    assert [int(x) for x in seen_all(pg.locator("tr.is-played .sheet-cards"))] == [10, 9, 8]
    assert [shown(pg, 3, p, "total") for p in range(4)] == totals
    # the coming deals, behind the Table panel: one card more, skip, play twice, add one at the end
    open_table(pg)
    pg.locator("#giv-more-4").tap()
    assert coming(pg)[0] == 6 and entry_cards(pg) == 6
    pg.locator("#giv-skip-5").tap()           # the 4-card deal goes
    assert coming(pg) == [6, 3, 2, 1, 2, 3, 4, 5]
    pg.locator("#giv-add-6").tap()           # the 2-card deal twice
    assert coming(pg) == [6, 3, 2, 2, 1, 2, 3, 4, 5]
    pg.locator("#giv-add-end").tap()
    assert coming(pg) == [6, 3, 2, 2, 1, 2, 3, 4, 5, 5]
    pg.locator("#giv-less-4").tap()
    assert coming(pg)[0] == 5
    pg.wait_for_function("() => document.querySelector('#sheet-app [role=status]').textContent === 'Deal 4: 5 cards each.'")
    assert pg.evaluate("() => document.documentElement.scrollWidth") <= 360
    state = stored(pg, "vend-om", "en")
    assert state["handSizes"] == [10, 9, 8, 5, 3, 2, 2, 1, 2, 3, 4, 5, 5]
    # a deal played now is played as planned; a later change of the pattern leaves it be
    play_bid_round(pg, 4, [5, 0, 0, 0], [5, 0, 0, 0])
    set_setting(pg, "handSizePattern", "constant")
    assert [int(x) for x in seen_all(pg.locator("tr.is-played .sheet-cards"))] == [10, 9, 8, 5]
    assert coming(pg) and set(coming(pg)) == {5}
    # the round-count setting cuts the game from where it is
    set_setting(pg, "roundCount", 6)
    assert len(coming(pg)) == 2
    # the JSON export opens again with the same plan
    path = exported_json(pg, tmp_path)
    context.close()
    assert pg.watch_errors == []
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "en")
    pg.locator("#giv-import").set_input_files(str(path))
    pg.wait_for_selector("[data-round='4'][data-field='total']")
    assert len(coming(pg)) == 2
    assert stored(pg, "vend-om", "en")["handSizes"][:4] == [10, 9, 8, 5]
    context.close()
    assert pg.watch_errors == []


def test_a_player_sits_out_leaves_comes_back_and_a_latecomer_joins_on_an_agreed_score(browser, server, tmp_path):
    context, pg = phone(browser)
    open_sheet(pg, server, "wizard", "da")
    setup(pg, ["Ann", "Bo", "Cy", "Di"])
    play_bid_round(pg, 1, [1, 0, 0, 0], [1, 0, 0, 0])       # Ann 30, the others 20
    open_table(pg)
    # Bo sits out deal 2: no row for him in the form, and his total stays as it was
    pg.locator("#giv-out-1").tap()
    assert pg.locator(".sheet-entry .sheet-pick[data-player='1']").count() == 0
    assert "står over" in pg.locator(".sheet-seat[data-player='1']").inner_text()
    assert "Står over: Bo" in pg.locator(".sheet-entry .sheet-facts").inner_text()
    play_bid_round(pg, 2, [2, None, 0, 0], [2, None, 0, 0])
    assert shown(pg, 2, 1, "total") == 20
    assert "stod over" in seen(pg.locator("tr.is-played").nth(1))
    # back in for deal 3 by himself; Cy leaves for good
    assert pg.locator(".sheet-entry .sheet-pick[data-player='1']").count() == 1
    pg.locator("#giv-leave-2").tap()
    assert pg.locator(".sheet-entry .sheet-pick[data-player='2']").count() == 0
    play_bid_round(pg, 3, [3, 0, None, 0], [3, 0, None, 0])
    assert pg.locator(".sheet-entry .sheet-pick[data-player='2']").count() == 0
    # with two of four away, one more cannot sit out: the sheet says why
    pg.locator("#giv-out-3").tap()
    pg.locator("#giv-out-0").tap()
    assert "Mindst to spillere" in pg.locator(".sheet-table-part [role='alert']").first.inner_text()
    pg.locator("#giv-plays-3").tap()
    pg.locator("#giv-back-2").tap()
    assert pg.locator(".sheet-entry .sheet-pick[data-player='2']").count() == 1
    # Eva joins late on an agreed score; she has no part in the deals played so far
    pg.locator("#giv-join-name").fill("Eva")
    pg.locator("#giv-join-score").fill("25")
    pg.locator("#giv-join-go").tap()
    assert seen(pg.locator(".sheet-col-player").nth(4)) == "Eva"
    assert pg.locator("[data-field='carry'][data-player='4']").get_attribute("data-value") == "25"
    assert cell(pg, 3, 4, "total").count() == 0        # not at the table for deal 3: no total there
    assert pg.locator(".sheet-entry .sheet-pick[data-player='4']").count() == 1
    assert pg.locator("tr.is-upcoming").first.locator("td").count() == 5
    text = sheet_seen(pg)
    for bad in ("undefined", "NaN", "null"):
        assert bad not in text
    assert pg.evaluate("() => document.documentElement.scrollWidth") <= 360
    state = stored(pg, "wizard", "da")
    assert state["carryIn"] == [0, 0, 0, 0, 25] and state["rounds"][1]["bids"][1] is None
    assert state["rounds"][0]["bids"][4] is None
    # the JSON file brings it all back on another phone
    path = exported_json(pg, tmp_path)
    totals = [shown(pg, 3, p, "total") for p in range(4)]
    context.close()
    assert pg.watch_errors == []
    context, pg = phone(browser)
    open_sheet(pg, server, "wizard", "da")
    pg.locator("#giv-import").set_input_files(str(path))
    pg.wait_for_selector("[data-field='carry'][data-player='4'][data-value='25']")
    assert [shown(pg, 3, p, "total") for p in range(4)] == totals
    again = stored(pg, "wizard", "da")
    assert again["carryIn"] == state["carryIn"] and again["rounds"] == state["rounds"]
    context.close()
    assert pg.watch_errors == []


def test_the_coming_deals_pass_over_a_player_who_has_left_in_the_table_as_in_the_form(browser, server):
    """Bob leaves after deal 1: the deals he would have dealt pass on to the seat after him, in the
    rounds table's coming rows as in the round being entered, and the deal goes round the others."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "en")
    setup(pg, ["Ann", "Bob", "Cat", "Dan"], settings={"maxHandSize": 5, "dealerHook": False})
    play_bid_round(pg, 1, [1, 1, 1, 1], [2, 1, 1, 1])
    open_table(pg)
    pg.locator("#giv-leave-1").tap()
    settled(pg)
    assert "Dealer: Cat" in pg.locator(".sheet-entry .sheet-facts").inner_text()
    dealers = pg.locator("tr.is-upcoming").evaluate_all(
        "(rows) => rows.map((row) => [...row.querySelectorAll('td.sheet-cell')].findIndex((td) => td.classList.contains('is-dealer')))")
    assert dealers == [2, 3, 0] * 2 + [2, 3], dealers
    # deal 2 played: the table and the form still agree on who deals next
    play_bid_round(pg, 2, [0, None, 1, 1], [1, None, 2, 1])
    assert "Dealer: Dan" in pg.locator(".sheet-entry .sheet-facts").inner_text()
    assert pg.locator("tr.is-upcoming").first.locator("td.sheet-cell").nth(3).get_attribute("class").endswith("is-dealer")
    context.close()
    assert pg.watch_errors == []


def test_an_adjustment_with_a_note_is_shown_exported_and_refused_for_a_seat_away(browser, server, tmp_path):
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "sv")
    setup(pg, ["Ann", "Bo", "Cy"], settings={"maxHandSize": 3, "dealerHook": False})
    play_bid_round(pg, 1, [1, 1, 1], [1, 1, 1])
    open_table(pg)
    pg.locator("#giv-out-2").tap()
    play_bid_round(pg, 2, [1, 0, None], [2, 0, None])
    before = [shown(pg, 2, p, "total") for p in range(3)]
    # Bo revoked in deal 1: ten points off, with a note
    pg.locator("#giv-adjust-player").select_option(label="Bo")
    pg.locator("#giv-adjust-round").select_option(label="1")
    pg.locator("#giv-adjust-points").fill("10")
    pg.locator("#giv-adjust-note").fill("revoke")
    pg.locator("#giv-adjust-minus").tap()
    assert shown(pg, 2, 1, "total") == before[1] - 10
    assert seen(pg.locator("[data-round='1'][data-player='1'][data-field='adjust']")).replace("\u2212", "-") == "-10"
    note = seen(pg.locator("[data-round='1'][data-field='note']"))
    assert "Giv 1" in note and "Bo" in note and "revoke" in note
    # Cy sat deal 2 out: points for him there are refused, in words
    pg.locator("#giv-adjust-player").select_option(label="Cy")
    pg.locator("#giv-adjust-round").select_option(label="2")
    pg.locator("#giv-adjust-points").fill("5")
    pg.locator("#giv-adjust-plus").tap()
    assert "Cy var inte med i given" in pg.locator("#giv-adjust-error").inner_text()
    assert shown(pg, 2, 2, "total") == before[2]
    # the CSV has the note; the JSON file opens again with it
    with pg.expect_download() as info:
        pg.locator("#giv-csv").tap()
    csv = open(info.value.path(), encoding="utf-8-sig").read().splitlines()
    assert csv[0].endswith("Anteckning") and "revoke" in csv[1]
    assert csv[2].split(";")[12:15] == ["", "", ""]       # Cy sat deal 2 out
    path = exported_json(pg, tmp_path)
    context.close()
    assert pg.watch_errors == []
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "sv")
    pg.locator("#giv-import").set_input_files(str(path))
    pg.wait_for_selector("[data-round='1'][data-field='note']")
    assert shown(pg, 2, 1, "total") == before[1] - 10
    assert stored(pg, "vend-om", "sv")["rounds"][0]["note"] == "revoke"
    context.close()
    assert pg.watch_errors == []


def three_deals_of_vandtia(browser, server):
    """An open evening of Vändtia, three deals played (Ann lost none), the table's panel open."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vandtia", "en")
    setup(pg, ["Ann", "Bo", "Cy"])
    for deal, loser in enumerate((1, 2, 1), start=1):
        pg.locator(f"#giv-loser-{loser}").tap()
        pg.wait_for_selector(f"[data-round='{deal}'][data-field='total']")
    open_table(pg)
    return context, pg


def test_an_open_vandtia_evening_can_be_ended_and_played_on(browser, server):
    context, pg = three_deals_of_vandtia(browser, server)
    pg.locator("#giv-end").tap()
    assert "Ann" in pg.locator(".sheet-winner").first.inner_text()
    assert pg.locator(".sheet-loser").count() == 0
    assert stored(pg, "vandtia", "en")["ended"] is True
    pw_expect(pg.locator(".sheet-history .sheet-past")).to_have_count(1)  # kept after the next paint
    pg.locator("#giv-play-on").tap()
    assert pg.locator(".sheet-loser").count() == 3
    assert "ended" not in stored(pg, "vandtia", "en")
    context.close()
    assert pg.watch_errors == []


def test_an_evening_ended_as_the_page_is_left_is_kept_in_the_history(browser, server):
    """The history is written after the paint that answers End: a page left before that frame
    (a phone's tab closed at once) writes it as it goes."""
    context, pg = three_deals_of_vandtia(browser, server)
    kept = pg.evaluate("""() => {
        document.getElementById('giv-end').click();
        window.dispatchEvent(new PageTransitionEvent('pagehide'));
        return JSON.parse(localStorage.getItem('giv:v1:history'));
    }""")
    assert len(kept) == 1 and "Ann" in kept[0]["result"], kept
    context.close()
    assert pg.watch_errors == []


def test_a_plan_played_to_its_end_and_lengthened_again_goes_on_after_the_last_deal(browser, server):
    """Two deals of 2 and 1 cards played, the game cut to those two, then given its own length back:
    the plan is 2, 1, 2 again, and the next deal has 2 cards (not a second deal of 1, nor four deals)."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "en")
    setup(pg, ["Ann", "Bob", "Cat"], settings={"maxHandSize": 2, "dealerHook": False})
    play_bid_round(pg, 1, [1, 0, 1], [1, 0, 1])
    play_bid_round(pg, 2, [0, 1, 0], [0, 1, 0])
    set_setting(pg, "roundCount", 2)
    assert pg.locator(".sheet-entry .sheet-pick").count() == 0
    set_setting(pg, "roundCount", 0)
    assert entry_cards(pg) == 2
    open_table(pg)
    assert coming(pg) == [2]
    context.close()
    assert pg.watch_errors == []


def test_the_history_holds_a_game_while_it_is_finished_and_no_longer(browser, server):
    """A setting that ends a game under way puts it in the history; set back, the game goes on and
    leaves the history (no result that never happened is kept). A game finished by its last deal
    leaves it when that deal is undone, and comes back with Redo."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "en")
    setup(pg, ["Ann", "Bob", "Cat"], settings={"maxHandSize": 2, "dealerHook": False})
    play_bid_round(pg, 1, [1, 0, 1], [1, 0, 1])
    play_bid_round(pg, 2, [0, 1, 0], [0, 1, 0])
    history = pg.locator(".sheet-history .sheet-past")
    set_setting(pg, "roundCount", 2)
    pw_expect(history).to_have_count(1)
    assert "Winner" in seen(history)
    set_setting(pg, "roundCount", 0)
    pw_expect(history).to_have_count(0)
    assert pg.evaluate("() => JSON.parse(localStorage.getItem('giv:v1:history') || '[]').length") == 0
    assert pg.locator(".sheet-entry .sheet-pick").count() == 3  # the game goes on: deal 3 is entered
    tap_row(pg, 3, "bid", [0, 0, 1])
    tap_row(pg, 3, "took", [0, 1, 1])
    pw_expect(history).to_have_count(1)
    pg.locator("#giv-undo").tap()
    pw_expect(history).to_have_count(0)
    pg.locator("#giv-redo").tap()
    pw_expect(history).to_have_count(1)
    context.close()
    assert pg.watch_errors == []


# The page's screen wake locks, as the page takes and lets go of them.
WAKE_LOCKS = """window.__wake = [];
const ask = navigator.wakeLock.request.bind(navigator.wakeLock);
navigator.wakeLock.request = (type) => ask(type).then((lock) => {
  window.__wake.push('taken');
  lock.addEventListener('release', () => window.__wake.push('let go'));
  return lock;
});"""


def test_the_screen_stays_on_while_a_game_is_open(browser, server):
    """A wake lock from the first deal saved until the evening is ended, and again when it goes on."""
    context, pg = phone(browser)
    pg.add_init_script(WAKE_LOCKS)
    open_sheet(pg, server, "vandtia", "en")
    setup(pg, ["Ann", "Bo", "Cy"])
    locks = lambda: pg.evaluate("() => window.__wake")  # noqa: E731
    assert locks() == []
    pg.locator("#giv-loser-1").tap()
    pg.wait_for_function("() => window.__wake.length === 1")
    assert locks() == ["taken"]
    open_table(pg)
    pg.locator("#giv-end").tap()
    pg.wait_for_function("() => window.__wake.length === 2")
    assert locks() == ["taken", "let go"]
    pg.locator("#giv-play-on").tap()
    pg.wait_for_function("() => window.__wake.length === 3")
    assert locks() == ["taken", "let go", "taken"]
    context.close()
    assert pg.watch_errors == []


def facts(pg) -> str:
    return pg.locator(".sheet-entry .sheet-facts").inner_text()


def test_a_player_who_has_left_is_not_listed_as_sitting_out(browser, server):
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "en")
    setup(pg, ["Ann", "Bob", "Cat", "Dan"], settings={"dealerHook": False})
    play_bid_round(pg, 1, [10, 0, 0, 0], [10, 0, 0, 0])
    open_table(pg)
    pg.locator("#giv-leave-2").tap()                       # Cat goes home
    assert "has left" in pg.locator(".sheet-seat[data-player='2']").inner_text()
    assert pg.locator(".sheet-entry .sheet-pick[data-player='2']").count() == 0
    assert "Sitting out" not in facts(pg) and "Cat" not in facts(pg)
    pg.locator("#giv-out-1").tap()                         # Bob sits the next deal out
    assert "Sitting out: Bob" in facts(pg) and "Cat" not in facts(pg)
    play_bid_round(pg, 2, [9, None, None, 0], [9, None, None, 0])
    # the deals after: Bob plays again, Cat is still gone and is not said to sit out
    for deal in (3, 4):
        assert "Sitting out" not in facts(pg) and "Cat" not in facts(pg)
        play_bid_round(pg, deal, [0, 0, None, 0], [0, 0, None, 11 - deal])
    # she comes back: then she plays, and nobody sits out
    pg.locator("#giv-back-2").tap()
    assert pg.locator(".sheet-entry .sheet-pick[data-player='2']").count() == 1
    assert "Sitting out" not in facts(pg)
    context.close()
    assert pg.watch_errors == []


def test_a_player_renamed_mid_game_is_named_by_the_seat_buttons(browser, server):
    """A name typed again mid-game (a typo put right) is the one the buttons beside the seats say
    to a screen reader, and the one said when they are tapped."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "en")
    setup(pg, ["Ann", "Bob", "Cat", "Dan"], settings={"dealerHook": False})
    play_bid_round(pg, 1, [10, 0, 0, 0], [10, 0, 0, 0])
    open_table(pg)
    assert "Bob" in pg.locator("#giv-out-1").get_attribute("aria-label")
    open_setup(pg)
    pg.locator("#giv-name-1").click()
    pg.keyboard.press("Control+a")
    pg.keyboard.type("Bo")
    assert "Bo " in pg.locator("#giv-out-1").get_attribute("aria-label")
    assert "Bob" not in pg.locator("#giv-out-1").get_attribute("aria-label")
    pg.locator("#giv-out-1").tap()
    pw_expect(pg.locator("#sheet-app [role='status']")).to_have_text("Bo sits out deal 2.")
    context.close()
    assert pg.watch_errors == []


BROWSER = {"en": "in this browser", "da": "i denne browser", "sv": "i den här webbläsaren"}


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
def test_the_game_is_said_to_be_kept_in_the_browser_not_on_a_phone(browser, server, tmp_path, lang):
    """The game lives in the browser's storage, whatever the device: the damaged-storage notice,
    the history and the game kept aside say so, in every language."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vandtia", lang)
    pg.evaluate("([k, v]) => localStorage.setItem(k, v)", [storage_key("vandtia", lang), "{not json"])
    pg.reload()
    pg.wait_for_selector("#sheet-app.is-live .sheet-notice")
    said = [pg.locator(".sheet-notice").inner_text()]
    setup(pg, ["Ann", "Bo", "Cy"])
    pg.locator("#giv-loser-1").tap()
    pg.wait_for_selector("[data-round='1'][data-field='total']")
    path = exported_json(pg, tmp_path)
    open_table(pg)
    pg.locator("#giv-end").tap()                           # a finished game goes into the history
    said.append(seen(pg.locator(".sheet-history .sheet-hint")))
    pg.locator("#giv-import").set_input_files(str(path))  # another game opened: this one is kept aside
    pg.wait_for_function("() => document.querySelectorAll('#sheet-app .sheet-notice').length === 2")
    said.append(pg.locator(".sheet-notice").last.inner_text())
    for text in said:
        assert BROWSER[lang] in text, text
    strings = pg.evaluate("() => Object.values(JSON.parse(document.getElementById('giv-data').textContent).strings)")
    assert [s for s in strings if re.search(r"(?i)phone|telefon", s)] == []
    context.close()
    assert pg.watch_errors == []


def dealers(pg, rows: str) -> list[int]:
    """The seat (column) marked as dealer in each of the rounds table's rows."""
    return pg.locator(f"tr.{rows}").evaluate_all(
        "trs => trs.map((tr) => [...tr.querySelectorAll('td')].findIndex((td) => td.classList.contains('is-dealer')))")


def test_a_latecomer_renames_nobody_when_seats_have_no_names(browser, server):
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "da")
    setup(pg, ["Ann", "", "Cy"], settings={"dealerHook": False})
    play_bid_round(pg, 1, [10, 0, 0], [10, 0, 0])
    before = [shown(pg, 1, p, "total") for p in range(3)]
    open_table(pg)
    assert pg.locator("#giv-join-name").get_attribute("placeholder") == "Spiller 4"
    pg.locator("#giv-join-seat").select_option(label="Ann")   # she sits between Ann and Spiller 2
    assert pg.locator("#giv-join-name").get_attribute("placeholder") == "Spiller 4"
    pg.locator("#giv-join-go").tap()
    assert seen_all(pg.locator(".sheet-col-player")) == ["Ann", "Spiller 4", "Spiller 2", "Cy"]
    assert [shown(pg, 1, p, "total") for p in (0, 2, 3)] == before        # each keeps her points
    assert "Spiller 2" in pg.locator("#giv-join-seat").inner_text()
    context.close()
    assert pg.watch_errors == []


def test_a_latecomer_sits_down_where_the_table_makes_room_and_the_deal_follows(browser, server):
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "en")
    setup(pg, ["Ann", "Bob", "Cat", "Dan"], settings={"dealerHook": False})
    play_bid_round(pg, 1, [10, 0, 0, 0], [10, 0, 0, 0])    # Ann deals
    play_bid_round(pg, 2, [0, 9, 0, 0], [0, 9, 0, 0])      # Bob deals
    totals = {name: shown(pg, 2, p, "total") for p, name in enumerate(["Ann", "Bob", "Cat", "Dan"])}
    open_table(pg)
    # the last seat is offered; the table seats Eva to the left of Bob, who dealt last
    assert pg.locator("#giv-join-seat option:checked").inner_text() == "Dan"
    pg.locator("#giv-join-name").fill("Eva")
    pg.locator("#giv-join-seat").select_option(label="Bob")
    pg.locator("#giv-join-score").fill("15")
    pg.locator("#giv-join-go").tap()
    assert seen_all(pg.locator(".sheet-col-player")) == ["Ann", "Bob", "Eva", "Cat", "Dan"]
    # the deal passes from Bob to Eva: she deals deal 3 and bids last, Cat bids first
    assert "Dealer: Eva" in facts(pg)
    order = [int(p) for p in pg.locator(".sheet-entry .sheet-pick").evaluate_all("els => els.map((el) => el.dataset.player)")]
    assert order == [3, 4, 0, 1, 2]
    # the played deals keep their dealers and points; the coming ones go round the new table
    assert dealers(pg, "is-played") == [0, 1]
    assert dealers(pg, "is-upcoming")[:5] == [2, 3, 4, 0, 1]
    assert {name: shown(pg, 2, p, "total") for p, name in enumerate(["Ann", "Bob", "Eva", "Cat", "Dan"]) if name != "Eva"} == totals
    assert pg.locator("[data-field='carry'][data-player='2']").get_attribute("data-value") == "15"
    play_bid_round(pg, 3, [0, 0, 8, 0, 0], [0, 0, 8, 0, 0])
    assert shown(pg, 3, 2, "score") == 18 and shown(pg, 3, 2, "total") == 33
    assert "Dealer: Cat" in facts(pg)
    # a second latecomer takes the default: the last seat, after Dan
    pg.locator("#giv-join-name").fill("Fay")
    pg.locator("#giv-join-go").tap()
    assert seen_all(pg.locator(".sheet-col-player")) == ["Ann", "Bob", "Eva", "Cat", "Dan", "Fay"]
    assert "Dealer: Cat" in facts(pg)
    state = stored(pg, "vend-om", "en")
    assert state["players"] == ["Ann", "Bob", "Eva", "Cat", "Dan", "Fay"]
    assert [r["dealer"] for r in state["rounds"]] == [0, 1, 2]
    assert state["rounds"][0]["bids"] == [10, 0, None, 0, 0, None]
    assert state["carryIn"][2] == 15
    assert pg.evaluate("() => document.documentElement.scrollWidth") <= 360
    context.close()
    assert pg.watch_errors == []


def join_choices(pg) -> list[str]:
    """The players the latecomer form offers to sit beside, as a person reads the list."""
    return pg.locator("#giv-join-seat option").all_inner_texts()


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
def test_a_latecomer_is_not_offered_a_seat_beside_a_player_who_has_left(browser, server, lang):
    """Di went home after deal 1 and Bo sits deal 2 out: Bo is at the table, Di is not. The form
    offers Ann, Bo and Cy, the last of them by default; Di is offered again once she is back."""
    context, pg = phone(browser)
    open_sheet(pg, server, "wizard", lang)
    setup(pg, ["Ann", "Bo", "Cy", "Di"])
    play_bid_round(pg, 1, [1, 0, 0, 0], [1, 0, 0, 0])
    open_table(pg)
    assert join_choices(pg) == ["Ann", "Bo", "Cy", "Di"]
    pg.locator("#giv-leave-3").tap()
    pg.locator("#giv-out-1").tap()
    assert join_choices(pg) == ["Ann", "Bo", "Cy"]
    assert pg.locator("#giv-join-seat option:checked").inner_text() == "Cy"
    # a deal played without her: still not at the table
    play_bid_round(pg, 2, [0, None, 2, None], [0, None, 2, None])
    assert join_choices(pg) == ["Ann", "Bo", "Cy"]
    # Eva sits down beside Cy, and Di is still not offered
    pg.locator("#giv-join-name").fill("Eva")
    pg.locator("#giv-join-go").tap()
    assert seen_all(pg.locator(".sheet-col-player")) == ["Ann", "Bo", "Cy", "Eva", "Di"]
    assert join_choices(pg) == ["Ann", "Bo", "Cy", "Eva"]
    pg.locator("#giv-back-4").tap()
    assert join_choices(pg) == ["Ann", "Bo", "Cy", "Eva", "Di"]
    context.close()
    assert pg.watch_errors == []


def test_a_latecomer_who_leaves_the_plan_as_it_was_keeps_the_tables_changes_to_the_coming_deals(browser, server):
    """Four at the table, then five: the pack still gives ten cards each, the plan is the same,
    and the deal the table skipped and the one it gave a card more stay as they were."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "en")
    setup(pg, ["Ann", "Bob", "Cat", "Dan"], settings={"dealerHook": False})
    play_bid_round(pg, 1, [10, 0, 0, 0], [10, 0, 0, 0])
    play_bid_round(pg, 2, [0, 9, 0, 0], [0, 9, 0, 0])
    open_table(pg)
    pg.locator("#giv-skip-4").tap()          # the 7-card deal goes
    pg.locator("#giv-more-5").tap()          # the 5-card deal (now deal 5) gets a card more
    edited = coming(pg)
    assert edited[:3] == [8, 6, 6]
    pg.locator("#giv-join-name").fill("Eva")
    pg.locator("#giv-join-score").fill("10")
    pg.locator("#giv-join-go").tap()
    assert seen_all(pg.locator(".sheet-col-player")) == ["Ann", "Bob", "Cat", "Dan", "Eva"]
    assert coming(pg) == edited
    assert entry_cards(pg) == 8
    pw_expect(pg.locator("#sheet-app [role=status]")).to_have_text("Eva joins the game with 10 points.")
    context.close()
    assert pg.watch_errors == []


def test_a_latecomer_who_lowers_the_largest_hand_brings_the_new_plan_and_says_so(browser, server):
    """Five at Vend om, then Frida: 52 cards give six players at most 8 each, so the coming deals
    are made again from the plan for six, from where the table is; the deal the table skipped is
    back, and the announcement says why."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "da")
    setup(pg, ["Ann", "Bo", "Cy", "Di", "Eva"], settings={"dealerHook": False})
    for r, size in enumerate([10, 9, 8], start=1):
        hand = [0] * 5
        hand[r - 1] = size
        play_bid_round(pg, r, hand, hand)
    open_table(pg)
    pg.locator("#giv-skip-5").tap()          # the 6-card deal goes
    assert coming(pg)[:3] == [7, 5, 4]
    pg.locator("#giv-join-name").fill("Frida")
    pg.locator("#giv-join-score").fill("10")
    pg.locator("#giv-join-go").tap()
    pw_expect(pg.locator("#sheet-app [role=status]")).to_have_text(
        "Frida kommer med i spillet med 10 point. De kommende runder følger planen for 6 spillere: højst 8 kort til hver.")
    after = coming(pg)
    assert after[:3] == [7, 6, 5] and max(after) == 8
    assert [int(x) for x in seen_all(pg.locator("tr.is-played .sheet-cards"))] == [10, 9, 8]
    assert entry_cards(pg) == 7
    context.close()
    assert pg.watch_errors == []


def test_a_coming_deal_larger_than_the_pack_gives_the_larger_table_never_stays(browser, server):
    """The largest hand set to 5, and the table gave deal 2 nine cards: the plan is the same for
    six as for five, but 52 cards give six players at most 8, so the coming deals follow the plan."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "en")
    setup(pg, ["Ann", "Bob", "Cat", "Dan", "Eve"], settings={"dealerHook": False, "maxHandSize": 5})
    play_bid_round(pg, 1, [5, 0, 0, 0, 0], [5, 0, 0, 0, 0])
    open_table(pg)
    for _ in range(5):
        pg.locator("#giv-more-2").tap()
    assert coming(pg)[:2] == [9, 3]
    pg.locator("#giv-join-name").fill("Fay")
    pg.locator("#giv-join-score").fill("0")
    pg.locator("#giv-join-go").tap()
    pw_expect(pg.locator("#sheet-app [role=status]")).to_have_text(
        "Fay joins the game with 0 points. The coming deals follow the plan for 6 players: at most 5 cards each.")
    assert coming(pg)[:3] == [5, 4, 3] and max(coming(pg)) == 5      # the 9 is the largest hand now
    context.close()
    assert pg.watch_errors == []


NOT_YET = {"en": "not at the table yet", "da": "ikke ved bordet endnu", "sv": "inte med än"}
SAT_OUT = {"en": "sat out", "da": "stod over", "sv": "stod över"}


def seat_cell(pg, deal: int, player: int):
    return pg.locator("tr.is-played").nth(deal - 1).locator("td.sheet-cell").nth(player)


@pytest.mark.parametrize("game,lang", [("wizard", "da"), ("vend-om", "sv"), ("vend-om", "en")])
def test_a_latecomers_deals_before_she_came_say_so_not_sat_out(browser, server, game, lang):
    context, pg = phone(browser)
    open_sheet(pg, server, game, lang)
    setup(pg, ["Ann", "Bo", "Cy"], settings={} if game == "wizard" else {"dealerHook": False})
    hand = entry_cards(pg)
    play_bid_round(pg, 1, [hand, 1, 0], [hand, 0, 0])       # (bids off the hand: Wizard's dealer hook)
    open_table(pg)
    pg.locator("#giv-join-name").fill("Eva")
    pg.locator("#giv-join-score").fill("5")
    pg.locator("#giv-join-go").tap()
    hand = entry_cards(pg)
    play_bid_round(pg, 2, [hand, 1, 0, 0], [hand, 0, 0, 0])
    pg.locator("#giv-out-1").tap()                         # Bo sits deal 3 out
    hand = entry_cards(pg)
    play_bid_round(pg, 3, [1, None, 0, hand], [0, None, 0, hand])
    # deal 1 has no part of Eva: no dash, no total, and words that say she had not come yet
    before = seat_cell(pg, 1, 3)
    assert NOT_YET[lang] in seen(before) and SAT_OUT[lang] not in seen(before)
    assert before.locator("[data-field='total']").count() == 0
    assert SAT_OUT[lang] in seen(seat_cell(pg, 3, 1))   # Bo did sit deal 3 out
    assert SAT_OUT[lang] not in seen(pg.locator("tr.is-played").nth(1))
    # editing deal 1: Eva is not at the table for it, and is neither sitting out nor able to
    pg.locator("#giv-edit-1").tap()
    seat = pg.locator(".sheet-seat[data-player='3']")
    assert NOT_YET[lang] in seat.inner_text() and seat.locator("button").count() == 0
    assert "Eva" not in facts(pg)
    assert pg.locator(".sheet-entry .sheet-pick[data-player='3']").count() == 0
    pg.locator(".sheet-entry .sheet-actions button:visible").nth(1).tap()   # Cancel
    # the CSV leaves her deal-1 cells empty; her start is the agreed score
    with pg.expect_download() as info:
        pg.locator("#giv-csv").tap()
    rows = [line.split(";" if lang != "en" else ",") for line in open(info.value.path(), encoding="utf-8-sig").read().splitlines()]
    # (Bo sat deal 3 out: the last column says so, and says nothing of Eva before she came)
    assert rows[0][-1] == {"en": "Away", "da": "Ikke med", "sv": "Inte med"}[lang]
    assert [row[-1] for row in rows[2:]] == ["", "", f"Bo ({SAT_OUT[lang]})"]
    assert rows[1][-1] == "5" and rows[2][-5:-1] == ["", "", "", ""] and rows[3][-2] != ""
    text = sheet_seen(pg)
    for bad in ("undefined", "NaN", "null", "notYetJoined"):
        assert bad not in text
    assert pg.evaluate("() => document.documentElement.scrollWidth") <= 360
    context.close()
    assert pg.watch_errors == []


def chart_line(pg, p: int) -> list[list[float]]:
    """The points of player p's line in the running-totals chart."""
    points = pg.locator(f".sheet-chart polyline.series-{p}").get_attribute("points")
    return [[float(v) for v in xy.split(",")] for xy in points.split()]


def test_a_latecomer_in_vandtia_has_no_count_nor_line_before_she_came_and_it_survives_a_reload(browser, server, tmp_path):
    context, pg = phone(browser)
    open_sheet(pg, server, "vandtia", "en")
    setup(pg, ["Ann", "Bo", "Cy"])
    pg.locator("#giv-loser-1").tap()
    pg.wait_for_selector("[data-round='1'][data-field='total']")
    open_table(pg)
    pg.locator("#giv-join-name").fill("Eva")
    pg.locator("#giv-join-seat").select_option(label="Ann")
    pg.locator("#giv-join-score").fill("1")
    pg.locator("#giv-join-go").tap()
    assert seen_all(pg.locator(".sheet-col-player")) == ["Ann", "Eva", "Bo", "Cy"]
    pg.locator("#giv-loser-1").tap()                       # Eva loses deal 2
    pg.wait_for_selector("[data-round='2'][data-field='total']")
    assert shown(pg, 2, 1, "total") == 2 and shown(pg, 1, 2, "total") == 1
    # the chart: her line starts at deal 1, where she joined, and its table has no number before
    ann, eva = chart_line(pg, 0), chart_line(pg, 1)
    assert len(ann) == 3 and len(eva) == 2 and eva[0][0] == ann[1][0]
    rows = pg.locator(".sheet-chart tbody tr")
    assert seen(rows.nth(0).locator("td").nth(1)) == NOT_YET["en"]
    assert seen_all(rows.nth(1).locator("td")) == ["0", "2", "1", "0"]
    pg.reload()
    pg.wait_for_selector("#sheet-app.is-live [data-round='2'][data-field='total']")
    before = seat_cell(pg, 1, 1)
    assert NOT_YET["en"] in seen(before) and before.locator("[data-field='total']").count() == 0
    assert seen(pg.locator("[data-round='1'][data-field='loser']")) == "Bo"
    # deal 1 edited: she cannot have lost it, nor be given a loss in it
    pg.locator("#giv-edit-1").tap()
    assert pg.locator("#giv-loser-1").count() == 0 and pg.locator(".sheet-loser").count() == 3
    pg.locator(".sheet-entry .sheet-actions button").first.tap()   # Cancel
    open_table(pg)
    pg.locator("#giv-adjust-player").select_option(label="Eva")
    pg.locator("#giv-adjust-round").select_option(label="1")
    pg.locator("#giv-adjust-points").fill("1")
    pg.locator("#giv-adjust-plus").tap()
    assert "Eva" in pg.locator("#giv-adjust-error").inner_text()
    assert shown(pg, 2, 1, "total") == 2
    # a shared link carries it to another phone
    pg.locator("#giv-share").tap()
    link = pg.locator("#giv-share-link").input_value()
    context.close()
    assert pg.watch_errors == []
    context, pg = phone(browser)
    pg.goto(link)
    pg.wait_for_selector("#sheet-app.is-live [data-round='2'][data-field='total']")
    assert NOT_YET["en"] in seen(seat_cell(pg, 1, 1))
    assert stored(pg, "vandtia", "en")["joined"] == [0, 1, 0, 0]
    context.close()
    assert pg.watch_errors == []


def test_a_vandtia_player_sits_out_a_deal_and_it_is_kept_through_undo_a_link_and_the_json_file(browser, server, tmp_path):
    context, pg = phone(browser)
    open_sheet(pg, server, "vandtia", "sv")
    setup(pg, ["Ann", "Bo", "Cy", "Di"])
    pg.locator("#giv-loser-1").tap()                       # Bo loses deal 1
    pg.wait_for_selector("[data-round='1'][data-field='total']")
    open_table(pg)
    # Cy sits deal 2 out: she cannot lose it, and the deal says who sits out
    pg.locator("#giv-out-2").tap()
    assert "står över" in pg.locator(".sheet-seat[data-player='2']").inner_text()
    assert pg.locator("#giv-loser-2").count() == 0 and pg.locator(".sheet-loser").count() == 3
    assert "Står över: Cy" in facts(pg)
    # Di sits out too, then plays after all
    pg.locator("#giv-out-3").tap()
    assert pg.locator(".sheet-loser").count() == 2
    pg.locator("#giv-plays-3").tap()
    assert pg.locator("#giv-loser-3").count() == 1
    pg.locator("#giv-loser-0").tap()                       # Ann loses deal 2
    pg.wait_for_selector("[data-round='2'][data-field='total']")
    away = seat_cell(pg, 2, 2)
    assert SAT_OUT["sv"] in seen(away) and "is-away" in away.get_attribute("class")
    assert shown(pg, 2, 2, "total") == 0 and shown(pg, 2, 0, "total") == 1
    mark, count = away.locator(".sheet-away").bounding_box(), away.locator(".sheet-total").bounding_box()
    assert count["x"] - (mark["x"] + mark["width"]) >= 3   # "– 0", not "–0", which reads as minus zero
    assert SAT_OUT["sv"] not in seen(seat_cell(pg, 2, 1))
    # deal 3: Cy is back by herself
    assert pg.locator("#giv-loser-2").count() == 1 and pg.locator(".sheet-entry .sheet-facts").count() == 0
    assert stored(pg, "vandtia", "sv")["rounds"] == [{"loser": 1}, {"loser": 0, "away": [2]}]
    # no loss can be given to Cy for the deal she sat out: the sheet says so in losses
    open_table(pg)
    pg.locator("#giv-adjust-player").select_option(label="Cy")
    pg.locator("#giv-adjust-round").select_option(label="2")
    pg.locator("#giv-adjust-points").fill("1")
    pg.locator("#giv-adjust-plus").tap()
    refusal = pg.locator("#giv-adjust-error").inner_text()
    assert "Cy" in refusal and "förluster" in refusal and "poäng" not in refusal
    assert shown(pg, 2, 2, "total") == 0
    # Undo brings deal 2 back with Cy sitting it out; saved again, it is as it was
    pg.locator("#giv-undo").tap()
    assert pg.locator("#giv-loser-2").count() == 0 and "Står över: Cy" in facts(pg)
    pg.locator("#giv-loser-0").tap()
    pg.wait_for_selector("[data-round='2'][data-field='total']")
    state = stored(pg, "vandtia", "sv")
    assert state["rounds"] == [{"loser": 1}, {"loser": 0, "away": [2]}]
    text = sheet_seen(pg)
    for bad in ("undefined", "NaN", "null", "satOut"):
        assert bad not in text
    assert pg.evaluate("() => document.documentElement.scrollWidth") <= 360
    # the CSV names who was away from each deal, in a column of its own after the counts
    with pg.expect_download() as info:
        pg.locator("#giv-csv").tap()
    rows = [line.split(";") for line in open(info.value.path(), encoding="utf-8-sig").read().splitlines()]
    assert rows[0][-1] == "Inte med" and rows[1][-1] == "" and rows[2][-1] == "Cy (stod över)"
    assert rows[2][2:6] == ["1", "1", "0", "0"]
    pg.locator("#giv-share").tap()
    link = pg.locator("#giv-share-link").input_value()
    path = exported_json(pg, tmp_path)
    context.close()
    assert pg.watch_errors == []
    # a shared link and the JSON file each bring it back on another phone
    for how in ("link", "file"):
        context, pg = phone(browser)
        if how == "link":
            pg.goto(link)
        else:
            open_sheet(pg, server, "vandtia", "sv")
            pg.locator("#giv-import").set_input_files(str(path))
        pg.wait_for_selector("#sheet-app.is-live [data-round='2'][data-field='total']")
        assert SAT_OUT["sv"] in seen(seat_cell(pg, 2, 2)), how
        assert stored(pg, "vandtia", "sv")["rounds"] == state["rounds"], how
        context.close()
        assert pg.watch_errors == []


HAD_LEFT = {"en": "had left", "da": "var gået", "sv": "hade lämnat partiet"}


@pytest.mark.parametrize("game,lang", [("wizard", "da"), ("vandtia", "sv")])
def test_the_deals_after_a_player_left_say_she_had_left_not_that_she_sat_out(browser, server, tmp_path, game, lang):
    context, pg = phone(browser)
    open_sheet(pg, server, game, lang)
    setup(pg, ["Ann", "Bo", "Cy", "Di"])

    def deal(number, bids, loser):
        if game == "vandtia":
            pg.locator(f"#giv-loser-{loser}").tap()
            pg.wait_for_selector(f"[data-round='{number}'][data-field='total']")
        else:
            play_bid_round(pg, number, bids, bids)

    deal(1, [1, 0, 0, 0], 1)
    open_table(pg)
    pg.locator("#giv-leave-2").tap()                       # Cy goes home after deal 1
    deal(2, [2, 0, None, 0], 0)
    pg.locator("#giv-out-1").tap()                         # Bo sits deal 3 out
    deal(3, [3, None, None, 0], 3)
    pg.locator("#giv-back-2").tap()                        # Cy is back for deal 4
    deal(4, [4, 0, 0, 0], 2)
    pg.locator("#giv-out-2").tap()                         # and sits deal 5 out
    deal(5, [5, 0, None, 0], 0)

    def check(where: str) -> None:
        for number in (2, 3):
            gone = seat_cell(pg, number, 2)
            assert HAD_LEFT[lang] in seen(gone) and SAT_OUT[lang] not in seen(gone), where
            assert seen(gone.locator(".sheet-away")) == "×", where
        for number, p in ((3, 1), (5, 2)):
            out = seat_cell(pg, number, p)
            assert SAT_OUT[lang] in seen(out) and seen(out.locator(".sheet-away")) == "–", where
        assert seat_cell(pg, 1, 2).locator(".sheet-away").count() == 0, where
        assert seat_cell(pg, 4, 2).locator(".sheet-away").count() == 0, where
        assert pg.locator(".sheet-hint", has_text="×").count() == 1, where   # the key to the marks
        assert stored(pg, game, lang)["left"] == [[], [], [[1, 3]], []], where

    check("played")
    assert pg.evaluate("() => document.documentElement.scrollWidth") <= 360
    # the CSV's last column says who was away and why: Cy had left in deals 2 and 3
    with pg.expect_download() as info:
        pg.locator("#giv-csv").tap()
    away = [line.split(";")[-1] for line in open(info.value.path(), encoding="utf-8-sig").read().splitlines()]
    assert away[2:] == [f"Cy ({HAD_LEFT[lang]})", f'"Bo ({SAT_OUT[lang]}), Cy ({HAD_LEFT[lang]})"', "",
                        f"Cy ({SAT_OUT[lang]})"], away
    path = exported_json(pg, tmp_path)
    pg.reload()
    pg.wait_for_selector("#sheet-app.is-live [data-round='5'][data-field='total']")
    check("reloaded")
    context.close()
    assert pg.watch_errors == []
    context, pg = phone(browser)
    open_sheet(pg, server, game, lang)
    pg.locator("#giv-import").set_input_files(str(path))
    pg.wait_for_selector("#sheet-app.is-live [data-round='5'][data-field='total']")
    check("imported")
    context.close()
    assert pg.watch_errors == []


def test_a_finished_game_renamed_or_adjusted_afterwards_is_kept_so_in_the_history(browser, server):
    """The table fixes a name's spelling and gives a forgotten penalty after the last deal: the
    finished game's line in the history says what the sheet now says, not what it said at the end."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vandtia", "sv")
    setup(pg, ["Ann", "Bo", "Cy", "Di"], settings={"roundCount": 3})
    for deal, loser in enumerate((1, 2, 1), start=1):
        pg.locator(f"#giv-loser-{loser}").tap()
        pg.wait_for_selector(f"[data-round='{deal}'][data-field='total']")
    past = pg.locator(".sheet-history .sheet-past")
    pw_expect(past).to_contain_text("Vinnare: Ann och Di")
    open_setup(pg)
    pg.locator("#giv-name-0").tap()
    pg.keyboard.press("End")
    pg.keyboard.type("a")
    pw_expect(past).to_contain_text("Vinnare: Anna och Di (Anna 0")
    open_table(pg)
    pg.locator("#giv-adjust-player").select_option("3")
    pg.locator("#giv-adjust-points").tap()
    pg.keyboard.type("1")
    pg.locator("#giv-adjust-plus").tap()
    assert seen(pg.locator(".sheet-winner").first) == "Vinnare: Anna"
    pw_expect(past).to_contain_text("Vinnare: Anna (Anna 0, Cy 1, Di 1 och Bo 2)")
    pw_expect(past).to_have_count(1)
    context.close()
    assert pg.watch_errors == []


def one_deal_played(browser, server):
    """Ann, Bob, Cat and Dan at Oh Hell on a phone, one deal played, the table's panel open."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "en")
    setup(pg, ["Ann", "Bob", "Cat", "Dan"], settings={"maxHandSize": 5, "dealerHook": False})
    play_bid_round(pg, 1, [5, 0, 0, 0], [5, 0, 0, 0])
    open_table(pg)
    return context, pg


def test_a_latecomer_half_entered_is_kept_while_the_table_plays_on(browser, server):
    """One player types the newcomer's name and agreed score while another saves the deal and a
    player sits out the next: the form still holds what was typed, and she sits down with it."""
    context, pg = one_deal_played(browser, server)
    pg.locator("#giv-join-name").tap()
    pg.keyboard.insert_text("Eve")
    pg.locator("#giv-join-score").tap()
    pg.keyboard.press("Control+A")
    pg.keyboard.insert_text("7")
    pg.locator("#giv-join-seat").select_option(label="Bob")
    play_bid_round(pg, 2, [4, 0, 0, 0], [4, 0, 0, 0])
    pg.locator("#giv-out-0").tap()
    pw_expect(pg.locator("#giv-join-name")).to_have_value("Eve")
    pw_expect(pg.locator("#giv-join-score")).to_have_value("7")
    pg.locator("#giv-join-go").tap()
    pw_expect(pg.locator(".sheet-col-player").nth(2)).to_have_text("Eve")
    assert stored(pg, "vend-om", "en")["carryIn"] == [0, 0, 7, 0, 0]
    # the form is blank again for the next one, offering the lowest score (hers, now)
    pw_expect(pg.locator("#giv-join-name")).to_have_value("")
    pw_expect(pg.locator("#giv-join-score")).to_have_value("7")
    context.close()
    assert pg.watch_errors == []


def test_a_latecomer_is_one_of_the_players_offered_for_the_next_game(browser, server):
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "en")
    setup(pg, ["Ann", "Bob", "Cat"], settings={"maxHandSize": 5, "dealerHook": False})
    play_bid_round(pg, 1, [5, 0, 0], [5, 0, 0])
    open_table(pg)
    pg.locator("#giv-join-name").fill("Eve")
    pg.locator("#giv-join-go").tap()
    pw_expect(pg.locator(".sheet-col-player").nth(3)).to_have_text("Eve")
    open_sheet(pg, server, "wizard", "en")
    offer = pg.locator(".sheet-notice", has_text="Ann")
    offer.get_by_role("button").first.tap()
    assert [pg.locator(f"#giv-name-{i}").input_value() for i in range(4)] == ["Ann", "Bob", "Cat", "Eve"]
    context.close()
    assert pg.watch_errors == []


def test_a_player_who_went_home_is_not_in_the_next_game(browser, server):
    """Bob leaves mid-game: New game is for the three still at the table, and so is the offer of
    last time's players on another game's page."""
    context, pg = one_deal_played(browser, server)
    pg.locator("#giv-leave-1").tap()
    pg.locator("#giv-new").tap()
    pg.locator("#giv-new-yes").tap()
    open_setup(pg)
    assert pg.locator("#giv-player-count").input_value() == "3"
    assert [pg.locator(f"#giv-name-{i}").input_value() for i in range(3)] == ["Ann", "Cat", "Dan"]
    open_sheet(pg, server, "wizard", "en")
    offer = pg.locator(".sheet-notice", has_text="Ann")
    assert "Cat" in seen(offer) and "Bob" not in seen(offer)
    context.close()
    assert pg.watch_errors == []


def test_what_was_half_typed_for_a_game_is_not_carried_into_the_next(browser, server):
    """A latecomer and an adjustment half typed, then a new game: its forms start blank."""
    context, pg = one_deal_played(browser, server)
    pg.locator("#giv-join-name").fill("Eve")
    pg.locator("#giv-join-score").fill("7")
    pg.locator("#giv-adjust-points").fill("10")
    pg.locator("#giv-adjust-note").fill("revoke")
    pg.locator("#giv-new").tap()
    pg.locator("#giv-new-yes").tap()
    play_bid_round(pg, 1, [5, 0, 0, 0], [4, 1, 0, 0])
    open_table(pg)
    pw_expect(pg.locator("#giv-join-name")).to_have_value("")
    pw_expect(pg.locator("#giv-join-score")).to_have_value("0")  # the lowest score of this game
    pw_expect(pg.locator("#giv-adjust-points")).to_have_value("")
    pw_expect(pg.locator("#giv-adjust-note")).to_have_value("")
    context.close()
    assert pg.watch_errors == []


def test_a_deal_edited_says_who_sat_it_out_as_its_row_does_not_who_is_gone_now(browser, server):
    """Bob left before deal 2 and came back; Cat sat deal 3 out and left later. Deal 2 edited
    does not say Bob sat it out, and deal 3 edited says Cat did."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "en")
    setup(pg, ["Ann", "Bob", "Cat", "Dan"], settings={"dealerHook": False})
    play_bid_round(pg, 1, [10, 0, 0, 0], [10, 0, 0, 0])
    open_table(pg)
    pg.locator("#giv-leave-1").tap()
    play_bid_round(pg, 2, [9, None, 0, 0], [9, None, 0, 0])
    pg.locator("#giv-back-1").tap()
    pg.locator("#giv-out-2").tap()
    play_bid_round(pg, 3, [8, 0, None, 0], [8, 0, None, 0])
    pg.locator("#giv-leave-2").tap()
    pg.locator("#giv-edit-2").tap()
    assert "Sitting out" not in facts(pg) and "Bob" not in facts(pg)
    pg.locator(".sheet-entry button", has_text="Cancel").tap()
    pg.locator("#giv-edit-3").tap()
    assert "Sitting out: Cat" in facts(pg)
    context.close()
    assert pg.watch_errors == []


def test_an_evening_ended_by_fewer_deals_says_who_won(browser, server):
    """The table agrees to stop after the deal just played: the number of deals is lowered to it,
    and what is said then names the winners, as a last deal saved does."""
    context, pg = three_deals_of_vandtia(browser, server)
    set_setting(pg, "roundCount", 3)
    pg.wait_for_function("() => document.querySelector('#sheet-app [role=status]').textContent.includes('Winner: Ann')")
    context.close()
    assert pg.watch_errors == []


@pytest.mark.parametrize("game,lang", [("vend-om", "da"), ("vandtia", "sv")])
def test_a_seat_button_tapped_leaves_the_page_where_it_was_with_its_undoing_at_hand(browser, server, game, lang):
    """Sits out, plays again, leaves, comes back: after each tap the row stays where it was on the
    screen and the button that takes it back has focus, so a wrong tap is put right at once (the
    page did not jump up to the panel's heading)."""
    context, pg = phone(browser)
    open_sheet(pg, server, game, lang)
    setup(pg, ["Anna", "Bo", "Cecilie", "Dan", "Emil"])
    open_table(pg)
    for tapped, then in [("out", "plays"), ("plays", "out"), ("leave", "back"), ("back", "out")]:
        button = pg.locator(f"#giv-{tapped}-4")
        button.scroll_into_view_if_needed()
        row = pg.locator(".sheet-seat[data-player='4']")
        before = row.bounding_box()["y"]
        button.tap()
        settled(pg)
        assert pg.evaluate("() => document.activeElement.id") == f"giv-{then}-4"
        assert abs(row.bounding_box()["y"] - before) < 150, (tapped, before, row.bounding_box()["y"])
    context.close()
    assert pg.watch_errors == []


@pytest.mark.parametrize("game,lang", [("wizard", "en"), ("vandtia", "da")])
def test_the_last_deal_undone_and_saved_again_keeps_its_adjustment_and_note(browser, server, game, lang):
    """Bea revoked in the deal just played: ten off, with a note. Then a count in that deal is
    found wrong; Undo puts its numbers back in the form, and it is saved again. The ten points and
    the note are still there; before, they were gone without a word."""
    context, pg = phone(browser)
    open_sheet(pg, server, game, lang)
    setup(pg, ["Al", "Bea", "Cy", "Di"])
    tally = pg.locator(".sheet-entry .sheet-loser").count() > 0

    def deal(r: int):
        if tally:
            pg.locator(f"button[data-round='{r}'][data-player='0'][data-field='loser']").tap()
            settled(pg)
        else:
            play_bid_round(pg, r, [1, 0, 0, 0] if r == 1 else [0, 1, 0, 0], [1, 0, 0, 0] if r == 1 else [0, 2, 0, 0])

    deal(1)
    deal(2)
    before = shown(pg, 2, 1, "total")
    open_table(pg)
    pg.locator("#giv-adjust-player").select_option(label="Bea")
    pg.locator("#giv-adjust-round").select_option(label="2")
    pg.locator("#giv-adjust-points").fill("10")
    pg.locator("#giv-adjust-note").fill("revoke")
    pg.locator("#giv-adjust-minus" if not tally else "#giv-adjust-plus").tap()
    settled(pg)
    after = shown(pg, 2, 1, "total")
    assert after != before
    pg.locator("#giv-undo").tap()
    settled(pg)
    if tally:
        pg.locator("button[data-round='2'][data-player='0'][data-field='loser']").tap()
    else:
        pg.locator("#giv-entry-go").tap()
        pg.locator("#giv-entry-go").tap()
    settled(pg)
    assert shown(pg, 2, 1, "total") == after
    assert stored(pg, game, lang)["rounds"][1]["note"] == "revoke"
    assert "revoke" in seen(pg.locator("[data-round='2'][data-field='note']"))
    context.close()
    assert pg.watch_errors == []


@pytest.mark.parametrize("game,lang", [("vandtia", "da"), ("vend-om", "sv")])
def test_the_last_deal_undone_and_brought_back_says_who_won(browser, server, game, lang):
    """The deal that ended the game is undone, then brought back with Redo: what is said then
    names the winner, as it did when the deal was saved; before, it said only that the deal was back."""
    context, pg = phone(browser)
    open_sheet(pg, server, game, lang)
    status = "() => document.querySelector('#sheet-app [role=status]').textContent"
    if game == "vandtia":
        setup(pg, ["Ann", "Bo", "Cy"], settings={"lossLimit": 1})
        pg.locator("button[data-round='1'][data-player='1'][data-field='loser']").tap()
    else:
        setup(pg, ["Ann", "Bo", "Cy"], settings={"maxHandSize": 1, "roundCount": 1, "dealerHook": False})
        play_bid_round(pg, 1, [1, 0, 0], [1, 0, 0])
    winner = {"da": "Vinder", "sv": "Vinnare", "en": "Winner"}[lang]
    pg.wait_for_function(f"() => ({status})().includes('{winner}')")
    pg.locator("#giv-undo").tap()
    pg.wait_for_function(f"() => !({status})().includes('{winner}') && ({status})() !== ''")
    pg.locator("#giv-redo").tap()
    pg.wait_for_function(f"() => ({status})().includes('{winner}')")
    context.close()
    assert pg.watch_errors == []


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
def test_a_vandtia_deal_undone_shows_who_lost_it_in_the_form(browser, server, lang):
    """Undo says the deal's numbers are back in the form: in Vändtia, the player who lost it is
    shown chosen again (as in a deal being edited), and a tap on another puts it right. Before,
    no one was shown, and the table had to remember who it was."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vandtia", lang)
    setup(pg, ["Ann", "Bo", "Cy"])
    pg.locator("#giv-loser-0").tap()
    pg.locator("#giv-loser-2").tap()
    pg.wait_for_selector("[data-round='2'][data-field='total']")
    pg.locator("#giv-undo").tap()
    settled(pg)
    assert [pg.locator(f"#giv-loser-{p}").get_attribute("aria-pressed") for p in range(3)] == ["false", "false", "true"]
    pg.locator("#giv-loser-1").tap()
    settled(pg)
    assert stored(pg, "vandtia", lang)["rounds"] == [{"loser": 0}, {"loser": 1}]
    assert pg.locator(".sheet-loser[aria-pressed='true']").count() == 0  # deal 3 is a new one
    context.close()
    assert pg.watch_errors == []


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
def test_an_adjustment_given_leaves_its_form_blank_and_one_refused_keeps_it(browser, server, lang):
    """Five points off Bo, with a note: given, the form is blank for the next one (before, the
    points and the note stayed in it, as if not taken). Then points for Cy in a deal she sat out
    are refused: what was typed stays, to be put right."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", lang)
    setup(pg, ["Ann", "Bo", "Cy"], settings={"maxHandSize": 3, "dealerHook": False})
    open_table(pg)
    pg.locator("#giv-out-2").tap()
    play_bid_round(pg, 1, [1, 0, None], [2, 1, None])

    def give(who: str, points: str, note: str, button: str) -> None:
        pg.locator("#giv-adjust-player").select_option(label=who)
        for field, text in (("points", points), ("note", note)):
            pg.locator(f"#giv-adjust-{field}").tap()
            pg.keyboard.insert_text(text)
        pg.locator(f"#giv-adjust-{button}").tap()
        settled(pg)

    give("Bo", "5", "late", "minus")
    assert shown(pg, 1, 1, "total") == -5
    assert pg.locator("#giv-adjust-points").input_value() == "" and pg.locator("#giv-adjust-note").input_value() == ""
    give("Cy", "3", "tip", "plus")
    assert pg.locator("#giv-adjust-error").inner_text().strip()
    assert pg.locator("#giv-adjust-points").input_value() == "3" and pg.locator("#giv-adjust-note").input_value() == "tip"
    # the form, redrawn as the table plays on (Cy sits the next deal out too), still holds what was typed
    pg.locator("#giv-out-2").tap()
    settled(pg)
    assert pg.locator("#giv-adjust-points").input_value() == "3" and pg.locator("#giv-adjust-note").input_value() == "tip"
    context.close()
    assert pg.watch_errors == []


def test_a_latecomer_who_joins_while_a_past_deal_is_edited_bids_in_the_deal_put_aside(browser, server):
    """The tricks of deal 2 are being entered when deal 1 is opened to be corrected, and Dee joins
    meanwhile. Back in deal 2 (the correction cancelled), the bids come first again, hers among
    them; before, the tricks step came back, with "bid 0" shown for her, and saving was refused
    for her missing bid."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "en")
    setup(pg, ["Ann", "Bo", "Cy"], settings={"dealerHook": False})
    play_bid_round(pg, 1, [0, 0, 0], [10, 0, 0])
    tap_row(pg, 2, "bid", [1, 1, 1])
    pg.locator("#giv-edit-1").tap()
    open_table(pg)
    pg.locator("#giv-join-name").fill("Dee")
    pg.locator("#giv-join-go").tap()
    pg.locator(".sheet-entry button", has_text="Cancel").tap()
    settled(pg)
    assert pg.locator(".sheet-entry button[data-round='2'][data-field='bid']").count() > 0
    assert pg.locator(".sheet-entry button[data-round='2'][data-field='took']").count() == 0
    assert [pressed(pg, 2, p, "bid") for p in range(4)] == ["1", "1", "1", None]
    context.close()
    assert pg.watch_errors == []
