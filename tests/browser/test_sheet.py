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
from playwright.sync_api import expect as pw_expect

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
    """Sets a setting as a person does, then waits for the sheet to settle (see tap_row)."""
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
    settled(page)


def setup(page, players: list[str], first_dealer: int = 0, settings: dict | None = None) -> None:
    page.locator("#giv-player-count").select_option(str(len(players)))
    for i, name in enumerate(players):
        page.locator(f"#giv-name-{i}").fill(name)
    page.locator("#giv-first-dealer").select_option(str(first_dealer))
    for key, value in (settings or {}).items():
        set_setting(page, key, value)


def tap_row(page, round_no: int, field: str, values: list[int]) -> None:
    """Taps one number per player, in the form's order, then the form's main button; then waits
    for the sheet to settle (settled()), so that whatever is read next is up to date."""
    picks = page.locator(f".sheet-entry .sheet-pick")
    for i in range(picks.count()):
        player = int(picks.nth(i).get_attribute("data-player"))
        page.locator(f".sheet-entry button[data-round='{round_no}'][data-player='{player}'][data-field='{field}']"
                     f"[data-value='{values[player]}']").click()
    page.locator("#giv-entry-go").click()
    settled(page)


def pressed(page, round_no: int, player: int, field: str) -> str | None:
    """The value chosen for a player in the form, or None."""
    chosen = page.locator(f".sheet-entry button[data-round='{round_no}'][data-player='{player}'][data-field='{field}']"
                          "[aria-pressed='true']")
    return chosen.get_attribute("data-value") if chosen.count() else None


def play_bid_round(page, round_no: int, bids: list[int], took: list[int]) -> None:
    tap_row(page, round_no, "bid", bids)
    page.wait_for_selector(f"button[data-round='{round_no}'][data-field='took']")
    tap_row(page, round_no, "took", took)
    page.wait_for_selector(f"[data-round='{round_no}'][data-field='score']")


def cell(page, round_no: int, player: int, field: str):
    return page.locator(f"#sheet-app [data-round='{round_no}'][data-player='{player}'][data-field='{field}']:not(input)")


def settled(page) -> None:
    """Waits for the frame after next: after a change the sheet draws its rounds table and chart in
    the task after the next paint, so a person looking a moment later sees them up to date."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done))))")


def seen(locator) -> str:
    """The text a person reads at locator (its first match) once the sheet has settled and it is
    scrolled into view: the rounds table and the chart are not rendered while off the screen
    (content-visibility: auto), and until then have no innerText."""
    settled(locator.page)
    locator.first.scroll_into_view_if_needed()
    locator.first.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    return locator.inner_text()


def seen_all(locator) -> list[str]:
    """The texts of every match of locator, read as seen() reads one (the matches are in one part of the sheet)."""
    seen(locator.first)
    return locator.all_inner_texts()


def sheet_seen(page) -> str:
    """The whole sheet's text as a person reads it, scrolling down it part by part (the tools'
    parts one by one: the history at their end is drawn only near the screen)."""
    parts = page.locator("#sheet-app .sheet-slot > :not(.sheet-tools), #sheet-app .sheet-tools > *")
    return "\n".join(seen(part) for part in parts.all() if part.is_visible())


def shown(page, round_no: int, player: int, field: str) -> int:
    """The number a derived cell shows; its data-value must agree."""
    loc = cell(page, round_no, player, field)
    value = number(seen(loc))
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
            assert seen(cell(page, r, round_["loser"], "loser")) == ex["players"][round_["loser"]]
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
    text = sheet_seen(page)
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
    settled(page)
    assert page.locator("[data-round='2'][data-field='total']").count() == 0


def test_reload_keeps_the_game_and_the_round_being_typed(page, server):
    open_sheet(page, server, "vend-om", "en")
    setup(page, ["Anna", "Ben", "Cara"], settings={"maxHandSize": 3, "dealerHook": False})
    play_bid_round(page, 1, [1, 1, 0], [1, 2, 0])
    page.locator("button[data-round='2'][data-player='2'][data-field='bid'][data-value='2']").click()
    page.reload()
    page.wait_for_selector("#sheet-app.is-live")
    assert [shown(page, 1, p, "total") for p in range(3)] == [11, 0, 10]
    assert pressed(page, 2, 2, "bid") == "2"
    open_setup(page)  # (folded since the first round: unfolded to read, as a person does)
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
    assert "damaged" in text and "key" not in text  # plain words, no storage key
    assert page.evaluate("(k) => localStorage.getItem(k)", f"{key}:backup") == stored
    with page.expect_download() as info:  # the damaged data can be downloaded
        page.locator(".sheet-notice button").click()
    assert open(info.value.path(), encoding="utf-8").read() == stored
    settled(page)
    assert page.locator("[data-field='score']").count() == 3 * kept
    if kept:
        assert [shown(page, 1, p, "total") for p in range(3)] == [11, 0, 10]
        open_setup(page)
        assert page.locator("#giv-setting-exactBidBonus").input_value() == "10"
    # The sheet still works and the repaired game is stored again.
    assert page.locator(f"button[data-round='{kept + 1}'][data-field='bid']").count() >= 2
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
    order = [int(x.get_attribute("data-player")) for x in page.locator(".sheet-entry .sheet-pick").all()]
    assert order == [0, 1, 2, 3]  # bidding starts left of the dealer; the dealer bids last
    assert "Dan" in hint.inner_text()
    bid = lambda p, v: page.locator(f"button[data-round='1'][data-player='{p}'][data-field='bid'][data-value='{v}']")
    for p, value in zip(order[:3], [2, 1, 0]):
        bid(p, value).click()
    assert hint.get_attribute("data-forbidden") == "2"
    assert "2" in hint.inner_text()
    # the forbidden bid is struck out on the dealer's row, and only there
    assert "is-forbidden" in bid(3, 2).get_attribute("class")
    assert page.locator(".sheet-entry .is-forbidden").count() == 1
    bid(3, 2).click()
    page.locator("#giv-entry-go").click()
    alert = page.locator("#giv-entry-error")
    assert "Dan" in alert.inner_text() and "2" in alert.inner_text()
    assert "is-invalid" in page.locator(".sheet-pick[data-player='3']").get_attribute("class")
    assert page.locator("button[data-field='took']").count() == 0
    bid(3, 1).click()
    page.locator("#giv-entry-go").click()
    page.wait_for_selector("button[data-round='1'][data-field='took']")


def test_refusals_are_listed_in_the_order_of_the_rows(page, server):
    """The bids missing are named in bidding order, as the rows are, not in seat order."""
    open_sheet(page, server, "vend-om", "en")
    setup(page, ["Anna", "Ben", "Cara", "Dan"], first_dealer=1, settings={"maxHandSize": 5})
    order = [int(x.get_attribute("data-player")) for x in page.locator(".sheet-entry .sheet-pick").all()]
    assert order == [2, 3, 0, 1]  # left of Ben, the dealer, who bids last
    page.locator("button[data-round='1'][data-player='2'][data-field='bid'][data-value='1']").click()
    page.locator("#giv-entry-go").click()
    items = [li.inner_text() for li in page.locator("#giv-entry-error li").all()]
    assert [next(n for n in ("Anna", "Ben", "Dan") if n in item) for item in items] == ["Dan", "Anna", "Ben"]
    assert page.evaluate("document.activeElement.closest('.sheet-pick').dataset.player") == "3"


@pytest.mark.parametrize("game", ["vend-om", "vandtia"])
def test_names_typed_reach_the_round_being_entered(page, server, game):
    """Names typed (and nothing else changed, so nothing is drawn again) are the names the round
    being entered says: the dealer in the hook's sentence, each player on the loser's buttons."""
    open_sheet(page, server, game, "sv")
    open_setup(page)
    page.locator("#giv-player-count").select_option("3")
    names = ["Anna", "Bo", "Cecilia"]
    for i, name in enumerate(names):
        page.locator(f"#giv-name-{i}").click()
        page.keyboard.press("Control+a")
        page.keyboard.type(name)
    if game == "vend-om":
        assert page.locator("#giv-hook-hint").inner_text().startswith("Anna ger och bjuder sist")
        assert "Spelare" not in seen(page.locator(".sheet-entry"))
    else:
        assert page.locator(".sheet-loser").all_inner_texts() == names


def test_a_refusal_that_names_a_player_follows_the_name_as_it_is_fixed(browser, server):
    """A bid is refused, and the table sees the dealer's name is misspelt: the message under the
    form, the note on a deal that a setting changed later no longer accepts, and a refused
    adjustment's message say the name as it is typed."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "en")
    setup(pg, ["An", "Bob", "Cat", "Dab"], first_dealer=3, settings={"maxHandSize": 3, "dealerHook": True})

    def fix(player, last, right):
        """The name's last letter put right (last) or a letter added."""
        open_setup(pg)
        pg.locator(f"#giv-name-{player}").tap()
        pg.keyboard.press("End")
        if last:
            pg.keyboard.press("Backspace")
        pg.keyboard.insert_text(right)  # (as a phone's keyboard puts in what is typed)

    tap_row(pg, 1, "bid", [1, 1, 0, 1])                    # Dab deals: the bids may not make 3
    error = pg.locator("#giv-entry-error")
    pw_expect(error).to_contain_text("Dab deals and may not bid 1")
    fix(3, True, "n")
    pw_expect(error).to_contain_text("Dan deals and may not bid 1")
    tap_row(pg, 1, "bid", [1, 1, 0, 0])
    tap_row(pg, 1, "took", [1, 1, 1, 0])
    set_setting(pg, "dealerHook", False)
    pg.locator("#giv-table > summary").tap()
    pg.locator("#giv-out-2").tap()                         # Cat sits deal 2 out
    play_bid_round(pg, 2, [0, 1, None, 1], [0, 1, None, 1])  # An deals, and the bids make 2
    set_setting(pg, "dealerHook", True)
    problem = pg.locator(".sheet-problems li")
    pw_expect(problem).to_contain_text("An deals and may not bid 0")
    fix(0, False, "n")
    pw_expect(problem).to_contain_text("Ann deals and may not bid 0")
    pg.locator("#giv-adjust-player").select_option(label="Cat")
    pg.locator("#giv-adjust-round").select_option(label="2")
    pg.locator("#giv-adjust-points").tap()
    pg.keyboard.insert_text("5")
    pg.locator("#giv-adjust-plus").tap()
    pw_expect(pg.locator("#giv-adjust-error")).to_contain_text("Cat did not play this deal")
    fix(2, False, "h")
    pw_expect(pg.locator("#giv-adjust-error")).to_contain_text("Cath did not play this deal")
    context.close()
    assert pg.watch_errors == []


def test_tricks_that_do_not_add_up_and_bad_values_are_refused(page, server):
    open_sheet(page, server, "tips", "en")
    setup(page, ["Ann", "Bob", "Cat"], settings={"maxHandSize": 4, "dealerHook": False})
    page.locator("button[data-round='1'][data-player='0'][data-field='bid'][data-value='1']").click()
    page.locator("#giv-entry-go").click()
    alert = page.locator("#giv-entry-error")
    assert "Bob" in alert.inner_text()
    assert "Cat" in alert.inner_text()  # missing as well
    tap_row(page, 1, "bid", [1, 1, 1])
    tap_row(page, 1, "took", [1, 1, 1])
    assert "3" in alert.inner_text() and "4" in alert.inner_text()
    assert page.locator("[data-field='score']").count() == 0
    tap_row(page, 1, "took", [2, 1, 1])
    page.wait_for_selector("[data-round='1'][data-field='score']")
    # A setting outside its range is refused with a message; the game is unchanged.
    open_setup(page)
    bonus = page.locator("#giv-setting-exactBidBonus")
    bonus.fill("999")
    bonus.press("Enter")
    assert bonus.get_attribute("aria-invalid") == "true"
    assert page.locator("#giv-setting-exactBidBonus-error").is_visible()
    assert shown(page, 1, 1, "total") == 11
    text = sheet_seen(page)
    assert "NaN" not in text and "undefined" not in text and "null" not in text


def test_edit_a_past_round_and_undo_the_last(page, server):
    open_sheet(page, server, "wizard", "en")
    setup(page, ["A", "B", "C"])
    play_bid_round(page, 1, [1, 0, 0], [1, 0, 0])
    play_bid_round(page, 2, [1, 1, 0], [1, 1, 0])
    assert [shown(page, 2, p, "total") for p in range(3)] == [60, 50, 40]
    page.locator("#giv-edit-1").click()
    assert pressed(page, 1, 0, "bid") == "1"
    tap_row(page, 1, "bid", [0, 1, 0])
    tap_row(page, 1, "took", [1, 0, 0])
    assert [shown(page, 1, p, "score") for p in range(3)] == [-10, -10, 20]
    assert [shown(page, 2, p, "total") for p in range(3)] == [20, 20, 40]
    page.locator("#giv-undo").click()
    page.wait_for_selector("button[data-round='2'][data-field='bid']")
    settled(page)
    assert page.locator("[data-round='2'][data-field='score']").count() == 0
    assert pressed(page, 2, 1, "bid") == "1"


def test_every_language_visited_stays_offline(page, server):
    """A visit to a second language keeps the first one offline; a first visit keeps the page and
    the shell, not every page of the language; a page never opened says it is not kept offline."""
    for lang, game in (("sv", "wizard"), ("en", "vend-om")):
        open_sheet(page, server, game, lang)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        page.evaluate("() => navigator.serviceWorker.ready")
    kept = page.evaluate("""async () => {
        const out = {};
        for (const key of await caches.keys()) {
          out[key] = (await (await caches.open(key)).keys()).map((r) => new URL(r.url).pathname);
        }
        return out; }""")
    by_lang = {lang: [paths for key, paths in kept.items() if key.startswith(f"giv:/{lang}/:")] for lang in ("sv", "en")}
    assert all(len(v) == 1 for v in by_lang.values()), kept
    sv = by_lang["sv"][0]
    assert f"/sv/{slug('wizard', 'sv')}/" in sv and "/sv/assets/sheet.js" in sv and "/sv/" in sv
    assert f"/sv/{slug('vandtia', 'sv')}/" not in sv  # not visited: not downloaded
    page.context.set_offline(True)
    page.goto(f"{server}/sv/{slug('wizard', 'sv')}/")
    page.wait_for_selector("#sheet-app.is-live .sheet-entry")
    setup(page, ["A", "B", "C"])
    play_bid_round(page, 1, [1, 0, 0], [1, 0, 0])
    assert shown(page, 1, 0, "total") == 30
    page.goto(f"{server}/en/{slug('vend-om', 'en')}/")
    page.wait_for_selector("#sheet-app.is-live .sheet-entry")
    page.goto(f"{server}/sv/")
    assert page.locator("main").count() == 1
    page.goto(f"{server}/sv/{slug('vandtia', 'sv')}/")  # never opened: not kept, and the page says so
    assert page.locator("h1").inner_text() == "Inte tillgänglig utan internet"
    page.locator("main a", has_text="Se alla spel").click()
    page.wait_for_url(f"{server}/sv/")
    page.context.set_offline(False)


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
    # nothing in the round opens the on-screen keyboard: the numbers are buttons
    assert pg.locator(".sheet-entry input").count() == 0
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
    assert seen(page.locator(".sheet-col-player[data-player='0']")) == hostile
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
    settled(page)
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


@pytest.mark.parametrize("answer", [0, 1])
def test_a_notice_answered_leaves_focus_on_the_round_being_entered(browser, server, answer):
    """A shared link opened over a game under way: the sheet asks, and the question is answered
    with the keyboard (a screen reader user does so), either way. The notice goes, and focus goes
    on to the sheet's round being entered; before, it fell to the top of the page, above the rules."""
    context, pg = phone(browser)
    open_sheet(pg, server, "wizard", "en")
    setup(pg, ["Ann", "Bob", "Cat"])
    play_bid_round(pg, 1, [1, 0, 0], [1, 0, 0])
    share = pg.locator("#giv-share")
    share.scroll_into_view_if_needed()
    settled(pg)
    share.tap()
    pw_expect(pg.locator("#giv-share-link")).to_be_visible()
    link = pg.locator("#giv-share-link").input_value()
    play_bid_round(pg, 2, [0, 0, 0], [1, 1, 0])
    pg.goto(link)
    question = pg.locator(".sheet-notice", has_text="shared game")
    pw_expect(question).to_be_visible()
    question.locator("button").nth(answer).focus()
    pg.keyboard.press("Enter")
    settled(pg)
    pw_expect(question).to_have_count(0)
    assert pg.evaluate("() => document.activeElement.closest('.sheet-entry') !== null")
    context.close()
    assert pg.watch_errors == []


def test_the_shared_link_shown_follows_the_game(browser, server):
    """Share is tapped after the first deal; two deals later, and a name fixed, the link in its
    field (long-pressed and copied by the next player) opens the game as it is now."""
    context, pg = phone(browser)
    open_sheet(pg, server, "wizard", "en")
    setup(pg, ["Ann", "Bob", "Cat", "Dan"])
    play_bid_round(pg, 1, [1, 0, 0, 0], [1, 0, 0, 0])
    share = pg.locator("#giv-share")
    share.scroll_into_view_if_needed()
    settled(pg)
    share.tap()
    pw_expect(pg.locator("#giv-share-link")).to_be_visible()
    play_bid_round(pg, 2, [0, 1, 1, 0], [0, 1, 1, 0])
    open_setup(pg)
    pg.locator("#giv-name-1").tap()
    pg.keyboard.press("End")
    pg.keyboard.type("by")
    totals = [shown(pg, 2, p, "total") for p in range(4)]
    link = pg.locator("#giv-share-link").input_value()
    other, friend = phone(browser)
    friend.goto(link)
    friend.wait_for_selector("[data-round='2'][data-field='total']")
    assert [shown(friend, 2, p, "total") for p in range(4)] == totals
    assert seen(friend.locator(".sheet-col-player").nth(1)) == "Bobby"
    other.close()
    context.close()
    assert pg.watch_errors == [] and friend.watch_errors == []


def test_a_name_put_right_mid_game_is_the_one_offered_next_time(browser, server):
    """A misspelt name fixed after the first deal: the next game's offer of last time's players
    has it as it was put right, not as it was when the first deal was saved."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "en")
    setup(pg, ["Ann", "Bob", "Cyy"], settings={"maxHandSize": 3, "dealerHook": False})
    play_bid_round(pg, 1, [3, 0, 0], [3, 0, 0])
    open_setup(pg)
    pg.locator("#giv-name-2").tap()
    pg.keyboard.press("End")
    pg.keyboard.press("Backspace")
    pw_expect(pg.locator("#giv-name-2")).to_have_value("Cy")
    open_sheet(pg, server, "vandtia", "en")
    pw_expect(pg.locator(".sheet-notice").first).to_contain_text("Last time: Ann, Bob and Cy.")
    context.close()
    assert pg.watch_errors == []


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


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_the_paper_sheet_prints_every_seat_within_an_a4_page(browser, server, game, lang):
    """Printed on A4 (210 mm less the print's margins of 0.4 in each side: 718 CSS px), the blank
    sheet's columns for every seat are on the page, not cut off at its edge."""
    context = browser.new_context(java_script_enabled=False, viewport={"width": 718, "height": 1000})
    pg = context.new_page()
    pg.goto(f"{server}/{lang}/{slug(game, lang)}/")
    pg.emulate_media(media="print")
    box, table = pg.evaluate("() => { const w = document.querySelector('.blank-sheet'); "
                             "return [w.getBoundingClientRect().right, w.querySelector('table').getBoundingClientRect().right]; }")
    assert table <= box + 0.5, f"{game} {lang}: the paper sheet is {table - box:.0f} px wider than the page"
    context.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_paper_sheet_has_a_row_for_every_deal_of_the_longest_game(browser, server, game):
    """The blank sheet for paper play has a column for each seat up to the game's most players,
    and a row for each deal of the longest game the default settings give any of them, as the live
    sheet counts the deals for each number of players ("Deal 1 of 19"); a game whose number of
    deals is open gets 20 rows."""
    context, pg = phone(browser)
    open_sheet(pg, server, game, "en")
    meta = game_meta(game)
    while "players" not in meta:  # (Tips takes its players from Vend om)
        meta = game_meta(meta["extends"])
    players = meta["players"]
    counts = []
    for n in range(players["min"], players["max"] + 1):
        pg.locator("#giv-player-count").select_option(str(n))
        counts.append(re.findall(r"\d+", pg.locator("#giv-entry-title").inner_text())[1:] or ["20"])
    context.close()
    longest = max(int(count) for [count] in counts)
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740})
    pg = context.new_page()
    pg.goto(f"{server}/en/{slug(game, 'en')}/")
    pg.emulate_media(media="print")
    assert pg.locator(".blank-sheet tbody tr").count() == longest
    context.close()


@pytest.mark.parametrize("game", ["vend-om", "vandtia"])
def test_a_worked_example_looks_as_the_sheets_rounds_table_on_a_phone(browser, server, game):
    """The first deal of the game's first worked example, tapped into the sheet on a phone: in its
    row of the rounds table and in the example's, each player's cell shows the same parts (the
    dealer's or the loser's mark, bid/tricks, points, total) on the same lines, in the same sizes,
    weights and colours."""
    ex = examples(game)[0]
    lang = EXAMPLE_LANG[game]
    context, pg = phone(browser)
    open_sheet(pg, server, game, lang)
    setup(pg, ex["players"], ex.get("firstDealer", 0), ex.get("settings"))
    first = ex["rounds"][0]
    if "loser" in first:
        pg.locator(f"button[data-round='1'][data-player='{first['loser']}'][data-field='loser']").tap()
    else:
        play_bid_round(pg, 1, first["bids"], first["took"])
    looks = """(td) => {
        const parts = [];
        const walk = (el) => {
            for (const node of el.childNodes) {
                if (node.nodeType === 3 && node.textContent.trim()) {
                    const s = getComputedStyle(el);
                    parts.push([node.textContent.trim(), s.fontSize, s.fontWeight, s.color, Math.round(el.getBoundingClientRect().top)]);
                } else if (node.nodeType === 1 && !node.classList.contains('visually-hidden')) walk(node);
            }
        };
        walk(td);
        const tops = [...new Set(parts.map((p) => p[4]))].sort((a, b) => a - b);
        return parts.map(([text, size, weight, colour, top]) => [text, size, weight, colour, tops.indexOf(top)]);
    }"""
    sheet_row = pg.locator(".sheet-table tbody tr").first
    seen(sheet_row)
    in_sheet = [td.evaluate(looks) for td in sheet_row.locator("td.sheet-cell").all()]
    example_row = pg.locator("table.example-deals").first.locator("tbody tr").first
    example_row.scroll_into_view_if_needed()
    in_example = [td.evaluate(looks) for td in example_row.locator("td").all()]
    assert len(in_example) == len(ex["players"]) and all(in_example)
    assert in_example == in_sheet
    context.close()
    assert pg.watch_errors == []


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
    tap_row(pg, 2, "bid", [1, 0, 0, 0])
    tap_row(pg, 2, "took", [1, 1, 0, 1])  # refused: 3 tricks of 2
    open_setup(pg)
    axe("light, refused round")
    pg.emulate_media(color_scheme="dark")
    tap_row(pg, 2, "took", [1, 1, 0, 0])  # the game is over, with a bonus
    axe("dark, game over")
    open_sheet(pg, server, "vandtia", "sv")
    pg.locator("button[data-round='1'][data-player='1']").click()
    axe("dark, tally")
    context.close()
    assert problems == []


def seven_player_game(deals: int, played: int) -> dict:
    """A stored Oh Hell game of 7 players (Danish names, one long) with `played` of `deals` deals played."""
    top = 52 // 7
    pattern = list(range(top, 0, -1)) + list(range(2, top + 1))
    rounds = []
    for r in range(played):
        hand = pattern[r % len(pattern)]
        took = [0] * 7
        for trick in range(hand):
            took[(r + trick * 3) % 7] += 1
        bids = [max(0, t - (p + r) % 2) for p, t in enumerate(took)]
        rounds.append({"bids": bids, "took": took, "handSize": hand})
    names = ["Anne-Sofie Kristensen", "Bo", "Cecilie", "Dorthe", "Emil", "Frederikke", "Gustav"]
    return {"v": 1, "players": names, "firstDealer": 0, "settings": {"roundCount": deals, "dealerHook": False},
            "rounds": rounds, "draft": {"edit": None, "phase": "bid", "bids": [""] * 7, "took": [""] * 7}}


def test_printing_a_game_prints_the_sheet_on_two_pages(browser, server, tmp_path):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    pg = context.new_page()
    state = seven_player_game(19, 19)
    pg.add_init_script(f"localStorage.setItem('{storage_key('vend-om', 'en')}', {json.dumps(json.dumps(state))})")
    open_sheet(pg, server, "vend-om", "en")
    pg.emulate_media(media="print")
    assert pg.locator(".sheet-table").is_visible() and pg.locator(".sheet-standings").is_visible()
    assert not pg.locator("main h1").first.is_visible()  # the rules are not printed
    assert not pg.locator(".sheet-standings .sheet-hint, .sheet-entry, .sheet-setup").first.is_visible()
    # the standings are one column where two would not fit: no name is broken letter by letter
    names = pg.locator(".sheet-standing .sheet-name").evaluate_all(
        "(els) => els.map((el) => el.getBoundingClientRect().height <= 1.5 * parseFloat(getComputedStyle(el).lineHeight))")
    assert names == [True] * 7, names
    pdf = pg.pdf(format="A4")
    assert 1 <= len(re.findall(rb"/Type\s*/Page[^s]", pdf)) <= 2
    # A new game (nothing played) prints the page with the blank sheet for paper play.
    pg.evaluate(f"localStorage.removeItem('{storage_key('vend-om', 'en')}')")
    pg.add_init_script(f"localStorage.removeItem('{storage_key('vend-om', 'en')}')")
    pg.reload()
    pg.wait_for_selector("#sheet-app.is-live")
    assert pg.locator(".blank-sheet table").is_visible() and pg.locator("main h1").first.is_visible()
    pg.emulate_media(media="screen")
    assert not pg.locator(".blank-sheet table").is_visible()
    context.close()


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
def test_a_printed_games_round_column_holds_each_deals_number_and_hand_size(browser, server, lang):
    """Printed on A4 (718 CSS px) with seven players, each cell of the round column holds what it
    shows, the head's word, a deal's number and its hand size, played and coming rows alike: no
    text runs past the cell's border, and the table stays within the page."""
    context = browser.new_context(viewport={"width": 718, "height": 1000})
    pg = context.new_page()
    state = seven_player_game(19, 10)
    pg.add_init_script(f"localStorage.setItem('{storage_key('vend-om', lang)}', {json.dumps(json.dumps(state))})")
    open_sheet(pg, server, "vend-om", lang)
    pg.emulate_media(media="print")
    settled(pg)
    outside = pg.evaluate("""() => [...document.querySelectorAll('.sheet-table .sheet-round')].flatMap((cell) => {
        const box = cell.getBoundingClientRect();
        const left = box.left + cell.clientLeft, right = left + cell.clientWidth;
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        const out = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent.trim() || node.parentElement.closest('.visually-hidden')) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of range.getClientRects()) {
            if (r.left < left - 0.5 || r.right > right + 0.5) {
              out.push(`"${node.textContent}" at ${r.left.toFixed(1)}-${r.right.toFixed(1)}, its cell ${left.toFixed(1)}-${right.toFixed(1)}`);
            }
          }
        }
        return out;
      })""")
    assert outside == []
    assert pg.evaluate("() => document.documentElement.scrollWidth") <= 718
    assert pg.locator(".sheet-table tbody tr.is-upcoming").count() == 9
    context.close()


def phone(browser, lang_context=None):
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    pg = context.new_page()
    pg.watch_errors = []
    pg.on("console", lambda m: pg.watch_errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: pg.watch_errors.append(str(e)))
    return context, pg


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
def test_a_four_player_round_in_ten_taps_on_a_phone(browser, server, lang):
    """Bids then tricks with the thumb: a tap per number and one per step; nothing opens the
    keyboard, focus never lands on a heading, and the main button stays on the screen."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", lang)
    setup(pg, ["Anna", "Bo", "Cecilie", "Dan"], settings={"maxHandSize": 5})
    taps = 0

    def on_screen(locator) -> bool:
        box = locator.bounding_box()
        return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 740

    def tap(locator):
        nonlocal taps
        locator.tap()
        taps += 1
        focused = pg.evaluate("() => [document.activeElement.tagName, document.activeElement.closest('.sheet-entry') !== null]")
        assert focused[0] not in ("H2", "H3", "BODY", "INPUT"), focused

    bids, took = [1, 2, 0, 1], [1, 2, 0, 2]
    for field, values in (("bid", bids), ("took", took)):
        go = pg.locator("#giv-entry-go")
        for row in pg.locator(".sheet-entry .sheet-pick").all():
            p = int(row.get_attribute("data-player"))
            tap(row.locator(f"button[data-value='{values[p]}']"))
            assert on_screen(go), "the main button went off the screen"
        assert pg.locator(".sheet-entry input").count() == 0
        tap(go)
    pg.wait_for_selector("[data-round='1'][data-field='total']")
    assert taps == 10
    assert [shown(pg, 1, p, "total") for p in range(4)] == [11, 12, 10, 0]  # Dan missed: nothing (the default)
    # the next round is ready for the first bidder, focus on its first number
    assert pg.evaluate("() => document.activeElement.dataset.field") == "bid"
    assert pg.evaluate("() => document.activeElement.dataset.round") == "2"
    context.close()
    assert pg.watch_errors == []


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
def test_a_hand_of_six_puts_each_players_numbers_on_one_line_on_a_phone(browser, server, lang):
    """At 360 px, 0 to 6 are one line of buttons per player, each at least 44 px high and 36 wide:
    seven players' rows are as short as the hand allows; 0 to 7 take a second line, as wide."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", lang)
    setup(pg, [f"P{i + 1}" for i in range(7)], settings={"maxHandSize": 6})
    rows = """() => [...document.querySelectorAll('.sheet-entry .sheet-numbers')].map((group) => {
      const boxes = [...group.children].map((b) => b.getBoundingClientRect());
      return [boxes.length, new Set(boxes.map((b) => Math.round(b.top))).size,
              Math.min(...boxes.map((b) => b.height)) >= 44, Math.min(...boxes.map((b) => b.width)) >= 36]; })"""
    assert pg.evaluate(rows) == [[7, 1, True, True]] * 7
    set_setting(pg, "maxHandSize", 7)
    pg.wait_for_selector(".sheet-entry button[data-field='bid'][data-value='7']")
    assert pg.evaluate(rows) == [[8, 2, True, True]] * 7
    context.close()
    assert pg.watch_errors == []


def test_each_deal_is_entered_on_its_own_form_as_the_deals_go_down_and_up(browser, server):
    """Deal after deal, the form shows that deal's bidders in order (the dealer last, with the
    badge), the numbers 0 to its hand size, and nothing chosen; a player sitting a deal out has no
    row in it, and a row again in the next."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "en")
    names = ["Ann", "Bob", "Cat", "Dan"]
    setup(pg, names, settings={"maxHandSize": 3, "dealerHook": False})
    hands = [int(x) for x in seen_all(pg.locator("tr.is-upcoming .sheet-cards"))]
    assert hands[:5] == [3, 2, 1, 2, 3]

    def form() -> list[tuple[str, bool, list[str], int]]:
        rows = pg.locator(".sheet-entry .sheet-pick").all()
        return [(row.locator(".sheet-name").inner_text(), row.locator(".sheet-badge").count() == 1,
                 row.locator(".sheet-number").all_inner_texts(), row.locator("[aria-pressed='true']").count()) for row in rows]

    for deal, hand in enumerate(hands[:5], start=1):
        dealer = (deal - 1) % 4
        away = {1} if deal == 3 else set()
        if away:  # Bob sits deal 3 out
            if pg.locator("#giv-table").get_attribute("open") is None:
                pg.locator("#giv-table > summary").tap()
            pg.locator("#giv-out-1").tap()
        order = [p for p in ((dealer + 1 + k) % 4 for k in range(4)) if p not in away]
        numbers = [str(v) for v in range(hand + 1)]
        assert form() == [(names[p], p == dealer, numbers, 0) for p in order], f"deal {deal}"
        took = [hand if p == order[0] else (None if p in away else 0) for p in range(4)]
        play_bid_round(pg, deal, [None if p in away else 0 for p in range(4)], took)
    context.close()
    assert pg.watch_errors == []


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
def test_the_numbers_stay_under_the_thumb_from_the_bids_to_the_tricks(browser, server, lang):
    """"Next: tricks" and "Change the bids" change the card where it is: every player's numbers
    stay at the same place on the screen, the actions under them (Undo) are the same in both steps,
    the bids come back as they were, and each row shows the player's bid beside the tricks."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", lang)
    setup(pg, ["Anna", "Bo", "Cecilie", "Dan", "Emil"], settings={"maxHandSize": 3})
    play_bid_round(pg, 1, [1, 0, 0, 0, 0], [1, 1, 1, 0, 0])  # deal 2, of two cards: Undo is there from now on
    rows = pg.locator(".sheet-entry .sheet-pick")
    places = "() => [...document.querySelectorAll('.sheet-entry .sheet-pick .sheet-number')].map((b) => [b.dataset.player, b.dataset.value, Math.round(b.getBoundingClientRect().top + scrollY)])"
    undo_row = "() => Math.round(document.querySelector('.sheet-entry .sheet-actions:not(.is-sticky)').getBoundingClientRect().height)"
    order = [row.get_attribute("data-player") for row in rows.all()]
    bids = {"0": 2, "1": 0, "2": 1, "3": 0, "4": 0}
    for p in order:
        pg.locator(f".sheet-entry button[data-round='2'][data-player='{p}'][data-field='bid'][data-value='{bids[p]}']").tap()
    before, actions = pg.evaluate(places), pg.evaluate(undo_row)
    pg.locator("#giv-entry-go").tap()
    settled(pg)
    assert pg.evaluate(places) == before
    assert pg.evaluate(undo_row) == actions
    assert [pressed(pg, 2, int(p), "took") for p in order] == [None] * 5
    assert pg.evaluate("() => [document.activeElement.dataset.field, document.activeElement.dataset.player]") == ["took", order[0]]
    shown_bids = [row.locator(".sheet-pick-bid").inner_text() for row in rows.all()]
    assert [re.sub(r"\D", "", text) for text in shown_bids] == [str(bids[p]) for p in order]
    pg.locator(".sheet-entry button[data-field='took'][data-value='1']").first.tap()
    pg.get_by_role("button", name=re.compile("bud|bids")).tap()
    settled(pg)
    assert pg.evaluate(places) == before
    assert pg.evaluate(undo_row) == actions
    assert [pressed(pg, 2, int(p), "bid") for p in order] == [str(bids[p]) for p in order]
    assert rows.first.locator(".sheet-pick-bid").count() == 0 or not rows.first.locator(".sheet-pick-bid").is_visible()
    context.close()
    assert pg.watch_errors == []


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
def test_the_number_with_focus_is_never_under_the_main_button(browser, server, lang):
    """The bar at the bottom of the screen holds the main action alone, one row high, so a number
    that gets focus (moving down the players with Tab, or the dealer's when a bid is refused) is
    never under it; Undo follows it in the form, and "Change the bids" is beside the tricks' sentence."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", lang)
    setup(pg, ["Anna", "Bo", "Cecilie", "Dan", "Emil", "Frida", "Gorm"], settings={"maxHandSize": 2})
    play_bid_round(pg, 1, [1, 0, 0, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0, 0])  # deal 2 (one card): Undo is there now

    def focus_seen() -> list:
        return pg.evaluate("""() => {
          const el = document.activeElement, bar = document.querySelector('.sheet-entry .sheet-actions.is-sticky');
          const box = el.getBoundingClientRect();
          const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return [el.dataset.field, el.dataset.player, box.top >= 0 && box.bottom <= bar.getBoundingClientRect().top,
                  top === el, bar.querySelectorAll('button').length];
        }""")

    order = [row.get_attribute("data-player") for row in pg.locator(".sheet-entry .sheet-pick").all()]
    for field in ("bid", "took"):
        assert focus_seen() == [field, order[0], True, True, 1]
        players = [order[0]]
        while len(players) < 30:  # Tab down the players' numbers, each scrolled into view above the bar
            pg.keyboard.press("Tab")
            if pg.evaluate("() => document.activeElement.id") == "giv-entry-go":
                break
            seen_now = focus_seen()
            assert seen_now[0] == field and seen_now[2:] == [True, True, 1], seen_now
            players.append(seen_now[1])
        assert list(dict.fromkeys(players)) == order
        if field == "bid":  # bids that add up to the one trick: the dealer's is refused, and has focus
            pg.locator("#giv-entry-go").tap()  # (no bid yet: every one is refused, the first has focus)
            tap_row(pg, 2, "bid", [1 if p == int(order[-1]) else 0 for p in range(7)])
            assert pg.locator("#giv-entry-error").inner_text().strip()
            assert focus_seen() == ["bid", order[-1], True, True, 1]
            pg.locator(f".sheet-entry button[data-round='2'][data-player='{order[-1]}'][data-value='0']").tap()
            pg.locator("#giv-entry-go").tap()
            settled(pg)
    assert pg.locator("#giv-undo").is_visible() and pg.get_by_role("button", name=re.compile("bud|bids")).count() == 1
    context.close()
    assert pg.watch_errors == []


def in_view_above_the_bar(pg, selector: str) -> bool:
    """The element is on the screen, wholly above the main button's bar at its bottom."""
    return pg.evaluate("""(selector) => {
      const box = document.querySelector(selector).getBoundingClientRect();
      const bar = document.querySelector('.sheet-entry .sheet-actions.is-sticky').getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.bottom <= bar.top;
    }""", selector)


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
def test_tricks_that_do_not_add_up_are_said_where_the_table_looks(browser, server, lang):
    """Seven players, seven cards: the tricks typed add up to six and Save is tapped. The message
    comes into view above the bar, where the sum so far is, and focus stays on Save; before, focus
    went to the first player's row, at the top of a card taller than the screen, and the message
    was out of sight below it."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", lang)
    setup(pg, ["Anna", "Bo", "Cecilie", "Dan", "Emil", "Frida", "Gorm"])
    assert pg.locator(".sheet-entry .sheet-pick").first.locator(".sheet-number").count() == 8  # seven cards each
    tap_row(pg, 1, "bid", [0, 1, 1, 1, 1, 1, 1])
    order = [int(row.get_attribute("data-player")) for row in pg.locator(".sheet-entry .sheet-pick").all()]
    for p in order:
        pg.locator(f".sheet-entry button[data-round='1'][data-player='{p}'][data-field='took'][data-value='1']").tap()
    pg.locator(f".sheet-entry button[data-round='1'][data-player='{order[-1]}'][data-field='took'][data-value='0']").tap()
    pg.locator("#giv-entry-go").tap()
    settled(pg)
    pw_expect(pg.locator("#giv-entry-error")).to_contain_text("6")
    assert in_view_above_the_bar(pg, "#giv-entry-error")
    assert pg.evaluate("() => document.activeElement.id") == "giv-entry-go"
    context.close()
    assert pg.watch_errors == []


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
def test_a_refused_round_gives_focus_to_the_topmost_row_at_fault(browser, server, lang):
    """Next: tricks tapped before anyone has bid: every row is refused, and focus goes to the first
    row of the form (the first to bid), not to the first seat, which bids further down."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", lang)
    setup(pg, ["Anna", "Bo", "Cecilie", "Dan", "Emil"], first_dealer=2)
    order = [row.get_attribute("data-player") for row in pg.locator(".sheet-entry .sheet-pick").all()]
    assert order[0] != "0"
    pg.locator("#giv-entry-go").tap()
    settled(pg)
    assert pg.locator(".sheet-entry .sheet-pick.is-invalid").count() == 5
    assert pg.evaluate("() => [document.activeElement.dataset.field, document.activeElement.dataset.player]") == ["bid", order[0]]
    context.close()
    assert pg.watch_errors == []


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
def test_a_long_dealer_name_is_cut_short_and_the_dealer_badge_stays_whole(browser, server, lang):
    context, pg = phone(browser)
    long = "Anne-Sofie Kristensen-Holmgaard"  # (31 of the 40 characters a name may have)
    state = {"v": 1, "players": [long, "Bo", "Cecilie", "Dorthe"], "firstDealer": 0, "settings": {}, "rounds": [],
             "draft": {"edit": None, "phase": "bid", "bids": [""] * 4, "took": [""] * 4}}
    pg.add_init_script(f"localStorage.setItem('{storage_key('vend-om', lang)}', {json.dumps(json.dumps(state))})")
    open_sheet(pg, server, "vend-om", lang)
    assert pg.evaluate("() => document.documentElement.scrollWidth") <= 360
    row = pg.locator(".sheet-entry .sheet-pick.is-dealer")
    name, badge = row.locator(".sheet-pick-name .sheet-name"), row.locator(".sheet-badge")
    assert name.inner_text() == long
    assert name.evaluate("(el) => el.scrollWidth > el.clientWidth")  # cut short (an ellipsis)
    box, card = badge.bounding_box(), row.bounding_box()
    assert badge.evaluate("(el) => el.scrollWidth <= el.clientWidth") and box["width"] > 20
    assert card["x"] < box["x"] and box["x"] + box["width"] <= card["x"] + card["width"]
    context.close()


def test_seven_players_fit_a_phone_with_names_in_view(browser, server):
    context, pg = phone(browser)
    state = seven_player_game(25, 20)
    pg.add_init_script(f"localStorage.setItem('{storage_key('vend-om', 'da')}', {json.dumps(json.dumps(state))})")
    open_sheet(pg, server, "vend-om", "da")
    assert pg.evaluate("() => document.documentElement.scrollWidth") <= 360
    scroll = pg.locator(".sheet-rounds .sheet-scroll")
    assert pg.evaluate("(el) => el.scrollWidth <= el.clientWidth", scroll.element_handle())
    for part in (".sheet-entry", ".sheet-standings"):
        assert pg.evaluate(f"() => document.querySelector('{part}').scrollWidth <= document.querySelector('{part}').clientWidth")
    # the names in the column heads run upwards on one line each, never broken mid-word: a name
    # that fits is whole, and only the long one (21 letters) is cut short
    names = pg.evaluate("""() => [...document.querySelectorAll('.sheet-table thead .sheet-col-player .sheet-name')]
      .map((el) => [el.getBoundingClientRect().width <= 1.5 * parseFloat(getComputedStyle(el).lineHeight),
                    el.scrollHeight <= el.clientHeight + 1])""")
    assert names == [[True, False]] + [[True, True]] * 6, names
    # scrolled down the rounds, the names stay in view and each round's number (its Edit) too
    scroll.evaluate("(el) => { el.scrollTop = el.scrollHeight; }")
    head = pg.locator(".sheet-table thead .sheet-col-player").first.bounding_box()
    box = scroll.bounding_box()
    assert box["y"] <= head["y"] <= box["y"] + 5
    edit = pg.locator("#giv-edit-20")
    assert edit.is_visible() and edit.bounding_box()["x"] < 80
    assert edit.get_attribute("aria-label").endswith("20")
    # the dealer's cell is set apart as a whole, so its mark is not read as the next cell's
    backgrounds = pg.locator("tr.is-played").first.locator("td.sheet-cell").evaluate_all(
        "(cells) => cells.map((td) => [td.classList.contains('is-dealer'), getComputedStyle(td).backgroundColor])")
    assert len({bg for dealt, bg in backgrounds if dealt} & {bg for dealt, bg in backgrounds if not dealt}) == 0, backgrounds
    assert sum(dealt for dealt, _ in backgrounds) == 1
    # a cell speaks in words
    words = seen(pg.locator("tr.is-played").first.locator(".sheet-cell .visually-hidden").first)
    assert "meldte" in words and "tog" in words and "i alt" in words
    context.close()
    assert pg.watch_errors == []


@pytest.mark.parametrize("game,lang,players", [
    ("vend-om", "da", ["Christian", "Cecilia", "Anne", "Dorte", "Björn"]),
    ("vandtia", "sv", ["Christian", "Cecilia", "Anne", "Björn"]),  # (its losses' column takes room)
])
def test_names_in_the_rounds_heads_are_never_broken_mid_word_on_a_phone(browser, server, game, lang, players):
    """With four or five players at 360 px the columns are too narrow for "Christian" across: each
    name is on one line, whole, never broken into "Christ" and "ian" (it runs upwards, as with
    seven players)."""
    context, pg = phone(browser)
    n = len(players)
    state = {"v": 1, "players": players, "firstDealer": 0, "settings": {}, "rounds": [],
             "draft": {"edit": None, "phase": "bid", "bids": [""] * n, "took": [""] * n}}
    pg.add_init_script(f"localStorage.setItem('{storage_key(game, lang)}', {json.dumps(json.dumps(state))})")
    open_sheet(pg, server, game, lang)
    if game == "vandtia":  # (its rounds table comes with the first deal)
        pg.locator("button[data-round='1'][data-player='1'][data-field='loser']").click()
    settled(pg)
    names = pg.evaluate("""() => [...document.querySelectorAll('.sheet-table thead .sheet-col-player .sheet-name')]
      .map((el) => {
        const box = el.getBoundingClientRect(), style = getComputedStyle(el);
        const across = style.writingMode.startsWith('vertical') ? box.width : box.height;
        return [el.textContent, across <= 1.5 * parseFloat(style.lineHeight),
                el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1];
      })""")
    assert names == [[name, True, True] for name in players], names
    assert pg.evaluate("() => document.documentElement.scrollWidth") <= 360
    context.close()
    assert pg.watch_errors == []


def test_players_remembered_history_reopened_exported_and_imported(browser, server, tmp_path):
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "en")
    setup(pg, ["Ann", "Bob", "Cat"], settings={"maxHandSize": 2, "roundCount": 2, "dealerHook": False})
    play_bid_round(pg, 1, [1, 0, 1], [1, 0, 1])
    play_bid_round(pg, 2, [0, 0, 1], [0, 0, 1])
    history = pg.locator(".sheet-history .sheet-past")
    pw_expect(history).to_have_count(1)  # the history is drawn once the last round is saved
    assert "Cat" in seen(history) and "Winner" in seen(history)
    with pg.expect_download() as info:
        history.locator("button").first.click()
    exported = str(tmp_path / "game.json")
    info.value.save_as(exported)
    totals = [shown(pg, 2, p, "total") for p in range(3)]
    # Another game's page offers the same players.
    open_sheet(pg, server, "wizard", "en")
    notice = pg.locator(".sheet-notice", has_text="Ann")
    assert "Bob" in notice.inner_text()
    notice.locator("button").first.tap()
    assert [pg.locator(f"#giv-name-{i}").input_value() for i in range(3)] == ["Ann", "Bob", "Cat"]
    # The history is on this page as well; Open brings the game back on its own page, and says so.
    pg.locator(".sheet-history .sheet-past a").first.click()
    pg.wait_for_selector("[data-round='2'][data-field='total']")
    assert "/en/oh-hell/" in pg.url
    assert [shown(pg, 2, p, "total") for p in range(3)] == totals
    assert seen(pg.locator(".sheet-notice", has_text="finished")) == "The finished game is open again."
    # With another game under way, Open asks first, in the same words, and keeps a copy of it.
    pg.locator("#giv-new").click()
    pg.locator("#giv-new-yes").click()
    play_bid_round(pg, 1, [0, 0, 1], [0, 0, 2])
    pg.locator(".sheet-history .sheet-past a").first.click()
    ask = pg.locator(".sheet-notice", has_text="instead of your game in progress")
    assert "Open this finished game again" in seen(ask) and "shared" not in seen(ask)
    ask.get_by_role("button", name="Open the finished game").click()
    pg.wait_for_selector("[data-round='2'][data-field='total']")
    assert [shown(pg, 2, p, "total") for p in range(3)] == totals
    context.close()
    # The exported file opens again on a fresh phone: a round trip.
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "en")
    pg.locator("#giv-import").set_input_files(exported)
    pg.wait_for_selector("[data-round='2'][data-field='total']")
    assert [shown(pg, 2, p, "total") for p in range(3)] == totals
    assert [pg.locator(f"#giv-name-{i}").input_value() for i in range(3)] == ["Ann", "Bob", "Cat"]
    again = json.loads(pg.evaluate(f"() => localStorage.getItem('{storage_key('vend-om', 'en')}')"))
    first = json.loads(open(exported, encoding="utf-8").read())
    assert again["rounds"] == first["input"]["rounds"] and again["settings"] == first["input"]["settings"]
    # a file of another game, or not a game, is refused with a message
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**first, "game": "wizard", "name": "Wizard"}), encoding="utf-8")
    pg.locator("#giv-import").set_input_files(str(bad))
    pw_expect(pg.locator("#giv-import-error")).to_contain_text("Wizard")  # the file is read after the change event
    bad.write_text("{nope", encoding="utf-8")
    pg.locator("#giv-import").set_input_files(str(bad))
    pg.wait_for_function("() => !document.getElementById('giv-import-error').textContent.includes('Wizard')")
    assert [shown(pg, 2, p, "total") for p in range(3)] == totals
    context.close()
    assert pg.watch_errors == []


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
def test_a_new_game_for_the_same_table_is_one_tap_from_the_game_over_box(browser, server, lang):
    """The game over (and kept in the history), its box offers the next game: one tap, no question,
    the same players, deal 1 being entered, and the game just played in the history."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", lang)
    setup(pg, ["Ann", "Bob", "Cat"], settings={"maxHandSize": 1, "roundCount": 1, "dealerHook": False})
    play_bid_round(pg, 1, [1, 0, 0], [1, 0, 0])
    go = pg.locator(".sheet-entry #giv-next-game")
    assert go.is_visible() and "Ann" in seen(pg.locator(".sheet-entry .sheet-winner"))
    go.tap()
    settled(pg)
    assert pg.locator(".sheet-entry .sheet-pick").count() == 3
    assert [pg.locator(f"#giv-name-{i}").input_value() for i in range(3)] == ["Ann", "Bob", "Cat"]
    assert pg.evaluate("() => document.activeElement.dataset.field") == "bid"
    assert pg.locator(".sheet-history .sheet-past").count() == 1
    assert pg.locator("tr.is-played").count() == 0
    context.close()
    assert pg.watch_errors == []


def test_a_history_kept_by_an_earlier_sheet_is_shown_downloaded_and_kept(browser, server, tmp_path):
    """A finished game kept by an earlier version of the sheet (its file inside the list) is
    still in the history and downloads as it was; finishing another game keeps both."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "en")
    old_file = json.dumps({"format": "giv-game", "version": 1, "id": "earlier", "game": "vend-om"}, indent=2) + "\n"
    old = [{"id": "earlier", "date": "2026-11-30T20:15:00.000Z", "game": "vend-om", "name": "Oh Hell", "lang": "en",
            "link": f"{server}/en/oh-hell/", "result": "Winner: Dora (Dora 40, Eve 12)", "json": old_file}]
    pg.evaluate("(list) => localStorage.setItem('giv:v1:history', list)", json.dumps(old))
    pg.reload()
    pg.wait_for_selector("#sheet-app.is-live .sheet-entry")
    history = pg.locator(".sheet-history .sheet-past")
    pw_expect(history).to_have_count(1)
    assert "Dora" in seen(history)
    setup(pg, ["Ann", "Bob", "Cat"], settings={"maxHandSize": 1, "roundCount": 1, "dealerHook": False})
    play_bid_round(pg, 1, [1, 0, 0], [1, 0, 0])
    pw_expect(history).to_have_count(2)  # the game just finished, then the earlier one
    assert "Ann" in seen(history.nth(0)) and "Dora" in seen(history.nth(1))
    for n, expected in ((1, old_file), (0, None)):
        with pg.expect_download() as info:
            history.nth(n).locator("button").first.click()
        saved = tmp_path / f"game{n}.json"
        info.value.save_as(str(saved))
        text = saved.read_text(encoding="utf-8")
        if expected is not None:
            assert text == expected
        else:
            assert json.loads(text)["input"]["players"] == ["Ann", "Bob", "Cat"]
    # on another game's page, read from what the finished game left in storage, both are there
    open_sheet(pg, server, "wizard", "en")
    pw_expect(pg.locator(".sheet-history .sheet-past")).to_have_count(2)
    context.close()
    assert pg.watch_errors == []


def test_a_finished_game_removed_from_the_list_leaves_focus_in_the_list(browser, server):
    """Three finished games; the middle one is removed, by keyboard as a screen reader user does:
    focus goes to the game now in its place, then (the last removed) to the one above, and with
    the list gone, to the tools above it. Before, focus fell to the top of the page."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "en")
    games = [{"id": f"g{i}", "date": f"2026-11-2{i}T20:15:00.000Z", "game": "vend-om", "name": "Oh Hell", "lang": "en",
              "link": f"{server}/en/oh-hell/", "result": f"Winner: {who}", "json": "{}"} for i, who in enumerate(["Ann", "Bob", "Cat"])]
    pg.evaluate("(list) => localStorage.setItem('giv:v1:history', list)", json.dumps(games))
    pg.reload()
    pg.wait_for_selector("#sheet-app.is-live .sheet-entry")
    history = pg.locator(".sheet-history .sheet-past")
    pw_expect(history).to_have_count(3)
    focused = "() => document.activeElement.getAttribute('aria-label') || document.activeElement.id"
    for gone, then in (("Bob", "Cat"), ("Cat", "Ann"), ("Ann", None)):
        seen(history.first)
        history.filter(has_text=gone).get_by_role("button", name=re.compile("^Remove")).focus()
        pg.keyboard.press("Enter")
        settled(pg)
        if then:
            assert pg.evaluate(focused).startswith("Remove") and then in pg.evaluate(focused)
        else:
            assert pg.evaluate(focused) == "giv-open"
    pw_expect(history).to_have_count(0)
    context.close()
    assert pg.watch_errors == []


def test_undo_can_be_undone_and_cancelling_an_edit_keeps_the_half_typed_round(browser, server):
    context, pg = phone(browser)
    open_sheet(pg, server, "wizard", "en")
    setup(pg, ["A", "B", "C"])
    play_bid_round(pg, 1, [1, 0, 0], [1, 0, 0])
    play_bid_round(pg, 2, [1, 1, 0], [1, 1, 0])
    pg.locator("#giv-undo").tap()
    pg.wait_for_selector("[data-round='2'][data-field='total']", state="detached")
    pg.locator("#giv-redo").tap()
    pg.wait_for_selector("[data-round='2'][data-field='total']")
    assert [shown(pg, 2, p, "total") for p in range(3)] == [60, 50, 40]
    assert pg.locator("#giv-redo").count() == 0
    # half a round typed, then a past round corrected and the correction cancelled
    pg.locator("button[data-round='3'][data-player='1'][data-field='bid'][data-value='2']").tap()
    pg.locator("#giv-edit-1").tap()
    assert pressed(pg, 1, 0, "bid") == "1"
    pg.locator(".sheet-entry .sheet-actions button", has_text="Cancel").tap()
    assert pressed(pg, 3, 1, "bid") == "2"
    # and after a saved correction the half-typed round is there too
    pg.locator("#giv-edit-1").tap()
    tap_row(pg, 1, "bid", [1, 0, 0])
    tap_row(pg, 1, "took", [1, 0, 0])
    assert pressed(pg, 3, 1, "bid") == "2"
    context.close()
    assert pg.watch_errors == []


def test_undo_keeps_the_next_deal_half_typed_until_redo_or_the_deal_saved_again(browser, server):
    """Two bids of deal 3 are in when the table finds deal 2 wrong. Undo puts deal 2 back in the
    form, and the bids wait (through a reload) until Redo brings deal 2 back; Undo again, deal 2's
    tricks put right and saved, and they are back once more."""
    context, pg = phone(browser)
    open_sheet(pg, server, "wizard", "en")
    setup(pg, ["A", "B", "C"])
    play_bid_round(pg, 1, [1, 0, 0], [1, 0, 0])
    play_bid_round(pg, 2, [1, 1, 0], [1, 1, 0])
    half = [None, "2", "0"]
    for p in (1, 2):
        pg.locator(f"button[data-round='3'][data-player='{p}'][data-field='bid'][data-value='{half[p]}']").tap()
    pg.locator("#giv-undo").tap()
    assert [pressed(pg, 2, p, "bid") for p in range(3)] == ["1", "1", "0"]
    pg.reload()
    pg.wait_for_selector("#sheet-app.is-live .sheet-entry")
    pg.locator("#giv-redo").tap()
    pg.wait_for_selector("[data-round='2'][data-field='total']")
    assert [pressed(pg, 3, p, "bid") for p in range(3)] == half
    pg.locator("#giv-undo").tap()
    tap_row(pg, 2, "bid", [1, 1, 0])
    tap_row(pg, 2, "took", [2, 0, 0])
    assert [shown(pg, 2, p, "score") for p in range(3)] == [-10, -10, 20]
    assert [pressed(pg, 3, p, "bid") for p in range(3)] == half
    context.close()
    assert pg.watch_errors == []


def test_a_game_stored_mid_edit_by_an_earlier_sheet_keeps_its_half_typed_deal(browser, server):
    """A game an earlier sheet stored while a past deal was edited (its half-typed next deal aside,
    without an aside of its own) opens, and cancelling the edit brings the half-typed deal back."""
    context, pg = phone(browser)
    pg.add_init_script(f"""localStorage.setItem('{storage_key("wizard", "en")}', JSON.stringify({{
        v: 1, id: "old1", players: ["A", "B", "C"], firstDealer: 0, settings: {{}}, redo: null,
        rounds: [{{bids: [1, 0, 0], took: [1, 0, 0], handSize: 1}}],
        draft: {{edit: 0, phase: "bid", bids: ["1", "0", "0"], took: ["1", "0", "0"], out: null,
                 aside: {{phase: "bid", bids: ["", "2", ""], took: ["", "", ""], out: null}}}}}}))""")
    open_sheet(pg, server, "wizard", "en")
    assert pg.locator(".sheet-notice.is-bad").count() == 0
    assert pressed(pg, 1, 0, "bid") == "1"
    pg.locator(".sheet-entry .sheet-actions button", has_text="Cancel").tap()
    assert [pressed(pg, 2, p, "bid") for p in range(3)] == [None, "2", None]
    context.close()
    assert pg.watch_errors == []


def test_csv_uses_semicolons_in_danish_and_same_names_are_told_apart(page, server):
    open_sheet(page, server, "vend-om", "da")
    setup(page, ["Anna", "Anna"], settings={"maxHandSize": 2, "dealerHook": False})
    play_bid_round(page, 1, [1, 0], [1, 1])
    heads = seen_all(page.locator(".sheet-col-player"))
    assert heads[0] != heads[1] and all("Anna" in x for x in heads)
    with page.expect_download() as info:
        page.locator("#giv-csv").click()
    csv = open(info.value.path(), encoding="utf-8-sig").read().splitlines()
    assert csv[1].split(";")[4:8] == ["1", "1", "11", "11"]


def test_played_rounds_keep_their_dealer_when_the_first_dealer_changes(page, server):
    open_sheet(page, server, "vend-om", "en")
    setup(page, ["Ann", "Bob", "Cat"], settings={"maxHandSize": 3, "dealerHook": False})
    play_bid_round(page, 1, [1, 1, 0], [1, 2, 0])
    stored = json.loads(page.evaluate(f"() => localStorage.getItem('{storage_key('vend-om', 'en')}')"))
    assert stored["rounds"][0]["dealer"] == 0 and stored["rounds"][0]["trump"] == "turnUp"
    open_setup(page)
    page.locator("#giv-first-dealer").select_option("2")
    # round 1 was dealt by Ann and stays so; the coming round follows the new first dealer
    assert "is-dealer" in page.locator("tr.is-played").first.locator("td").nth(0).get_attribute("class")
    assert [shown(page, 1, p, "total") for p in range(3)] == [11, 0, 10]


def test_the_last_players_offer_goes_once_the_game_is_under_way(page, server):
    """The offer of last time's players is for a new game: after a round of other players it is
    gone (taken then, it would seat three names at a table of four)."""
    page.add_init_script("localStorage.setItem('giv:v1:players', JSON.stringify({names: ['Ann', 'Bob', 'Cat']}))")
    open_sheet(page, server, "wizard", "sv")
    offer = page.locator(".sheet-notice", has_text="Ann")
    assert offer.is_visible()
    setup(page, ["Dan", "Eva", "Fia", "Gun"])
    play_bid_round(page, 1, [1, 0, 0, 0], [1, 0, 0, 0])
    assert offer.count() == 0
    assert "undefined" not in sheet_seen(page)
    stored = json.loads(page.evaluate(f"() => localStorage.getItem('{storage_key('wizard', 'sv')}')"))
    assert stored["players"] == ["Dan", "Eva", "Fia", "Gun"]


def test_the_round_being_entered_names_its_dealer_as_the_name_is_typed(page, server):
    open_sheet(page, server, "vend-om", "en")
    facts = page.locator(".sheet-entry .sheet-facts")
    pw_expect(facts).to_contain_text("Player 1")
    page.locator("#giv-name-0").fill("Anna")
    pw_expect(facts).to_contain_text("Anna")
    assert "Player 1" not in facts.inner_text()


def test_a_screen_reader_hears_the_rounds_table_in_words(browser, server):
    """What Chromium's own accessibility tree gives a screen reader for the rounds table, cell by
    cell: each deal's number and hand size, and each player's bid, tricks, points and running
    total in words (the numbers shown are hidden from it), the dealer said as such."""
    context, pg = phone(browser)
    open_sheet(pg, server, "vend-om", "en")
    setup(pg, ["Ann", "Bob"], settings={"maxHandSize": 2, "dealerHook": False})
    play_bid_round(pg, 1, [1, 0], [1, 1])
    cdp = context.new_cdp_session(pg)
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    heard = [n["name"]["value"] for n in nodes
             if n.get("role", {}).get("value") in ("cell", "rowheader") and n.get("name", {}).get("value")]
    assert "Edit deal 1 Deal 1, 2 cards each" in heard
    assert "bid 1, took 1, 11 points, total 11 (dealer)" in heard
    assert "bid 0, took 1, 0 points, total 0" in heard
    # a deal not played yet: its number and hand size, and who deals it (the mark, then the word)
    assert "Deal 2, 1 card each" in heard
    assert "D deals" in heard
    context.close()
    assert pg.watch_errors == []


def test_seven_lines_of_the_chart_differ_in_dash_as_well_as_colour(browser, server):
    """At 360 px with seven players (the most any game has), each player's line in the chart has
    a dash pattern of its own, so that lines are told apart without colour (a colour-blind reader,
    a black-and-white print); each legend swatch has its line's dash."""
    context, pg = phone(browser)
    state = seven_player_game(19, 10)
    pg.add_init_script(f"localStorage.setItem('{storage_key('vend-om', 'en')}', {json.dumps(json.dumps(state))})")
    open_sheet(pg, server, "vend-om", "en")
    seen(pg.locator(".sheet-chart .sheet-legend"))
    dash = """(els) => els.map((el) => [[...el.classList].find((c) => c.startsWith('series-')),
        getComputedStyle(el).strokeDasharray])"""
    lines = dict(pg.locator(".sheet-chart-svg polyline.sheet-line").evaluate_all(dash))
    swatches = dict(pg.locator(".sheet-legend .sheet-swatch .sheet-line").evaluate_all(dash))
    assert len(lines) == 7 and len(set(lines.values())) == 7, lines
    assert swatches == lines
    context.close()
    assert pg.watch_errors == []


TRUMP_WORDS = {"da": ("vendt kort", "ingen trumf", "Trumf i alle runder: vendt kort."),
               "sv": ("uppvänt kort", "ingen trumf", "Trumf i alla rundor: uppvänt kort."),
               "en": ("turned-up card", "no trumps", "Trumps in every round: turned-up card.")}


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
def test_the_trump_signs_in_the_rounds_table_have_a_key(browser, server, lang):
    """Wizard at 360 px: with the trump varying from deal to deal (the last deal, the whole pack,
    has none) each deal's row shows a sign, and a key under the heading says what each sign shown
    means; the no-trump sign is not the sat-out mark. With the same trump in every deal the table
    has no signs and says the trump in a sentence instead."""
    turned, none, every = TRUMP_WORDS[lang]
    context, pg = phone(browser)
    open_sheet(pg, server, "wizard", lang)
    setup(pg, ["Ann", "Bob", "Cat"])
    signs = set(seen_all(pg.locator(".sheet-table .sheet-trump")))
    assert len(signs) == 2 and not signs & {"–", "×"}, signs
    hints = seen_all(pg.locator(".sheet-rounds .sheet-hint"))
    key = [text for text in hints if all(sign in text for sign in signs)]
    assert len(key) == 1, hints
    turn_up = seen(pg.locator(".sheet-table .sheet-trump.is-turnUp").first)
    no_trump = seen(pg.locator(".sheet-table .sheet-trump.is-none").first)
    assert f"{turn_up} {turned}" in key[0] and f"{no_trump} {none}" in key[0], key
    assert not any(every.split(":")[0] in text for text in hints), hints
    # the same trump in every deal: no signs, the sentence instead of the key
    set_setting(pg, "roundCount", 5)
    hints = seen_all(pg.locator(".sheet-rounds .sheet-hint"))
    assert every in hints and pg.locator(".sheet-table .sheet-trump").count() == 0, hints
    assert not any(turn_up in text for text in hints), hints
    context.close()
    assert pg.watch_errors == []
