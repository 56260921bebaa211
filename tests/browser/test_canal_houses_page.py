"""Canal Houses in a phone-sized Chromium: the rulebook's example street is
entered by taps, the totals shown equal `companion score` on the state the
page built, and the saved match reopens from the history unchanged; editing
after saving, a failed save, the card catalog and the chip keyboard."""

from __future__ import annotations

import houses_street as houses
import pytest
from browser_support import (
    ARTIFACTS,
    read_draft,
    score_cli,
    shown_totals,
    start_match,
    wait_scored,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_rulebook_street_by_taps_matches_the_cli_and_reopens(phone, group_page):
    gid, _key = group_page
    start_match(phone, gid, "canal-houses", ["Ana", "Ben"])
    houses.build_rulebook_street(phone)

    # Work survives a reload half-way through (Ben's street is still to do).
    phone.reload()
    wait_scored(phone)
    assert read_draft(phone, gid, "canal-houses")["state"]["players"][0]["street"] == houses.RULEBOOK_STREET

    phone.locator(".tab[data-player='1']").click()
    houses.edit_card(phone, 0, "store", 1, "blue")
    houses.add(phone, 0, "add-window")
    houses.edit_window(phone, "blue")
    wait_scored(phone)

    state = read_draft(phone, gid, "canal-houses")["state"]
    assert state == {"game": "canal-houses",
                     "players": [{"name": "Ana", "street": houses.RULEBOOK_STREET},
                                 {"name": "Ben", "street": houses.BEN_STREET}]}
    expected = score_cli(state)
    ana = expected["players"][0]
    assert ana["parts"] == {"stores": 4, "roofs": 3, "flowerpots": 1, "color_bonus": 4}
    assert shown_totals(phone) == {p["name"]: p["total"] for p in expected["players"]}
    shown_parts = phone.locator("#result .result-player[data-player='Ana'] .parts").inner_text()
    for key, value in ana["parts"].items():
        assert f"{key.replace('_', ' ')}\n{value}" in shown_parts

    # Met / not met on the drawing, as the engine says, and the bonus group outlined.
    phone.locator(".tab[data-player='0']").click()
    badges = {(h, part): houses.card(phone, h, part).locator(".met-badge").get_attribute("data-met")
              for h, part in ((0, "store"), (1, "store"), (1, "roof"), (2, "store"))}
    assert badges == {(0, "store"): "false", (1, "store"): "true", (1, "roof"): "true",
                      (2, "store"): "true"}
    assert phone.locator(".street .hcard.bonus").count() == ana["color_group"]["size"] == 3
    houses.card(phone, 0, "store").click()
    flags = phone.locator("#editor [data-cond='at_least:flags'] .cond-status")
    assert flags.get_attribute("data-met") == "false" and "0 flags" in flags.inner_text()
    assert phone.locator("#editor [data-testid='card-met']").inner_text() == "not met: scores 0"
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390

    # Save, then reopen from the history: the same totals and the same street.
    phone.click("#save-match")
    phone.wait_for_url("**/matches/*")
    assert shown_totals(phone, "#match-result") == {p["name"]: p["total"] for p in expected["players"]}
    assert read_draft(phone, gid, "canal-houses") is None  # the draft went with the save
    phone.goto(f"/g/{gid}/history")
    phone.locator("#history-list .match-row").first.click()
    phone.wait_for_url("**/matches/*")
    assert shown_totals(phone, "#match-result") == {p["name"]: p["total"] for p in expected["players"]}
    assert "Winner: Ana" in phone.locator("#match-result .winner-banner").inner_text()
    phone.click("#edit-match")
    wait_scored(phone)
    assert phone.evaluate("JSON.parse(document.getElementById('houses-app').dataset.state)") == state
    assert shown_totals(phone) == {p["name"]: p["total"] for p in expected["players"]}
    assert not phone.errors, phone.errors


def test_edit_after_saving_rescores_and_delete_has_undo(phone, group_page):
    gid, key = group_page
    state = {"game": "canal-houses", "players": [{"name": "Ana", "street": houses.BEN_STREET},
                                                 {"name": "Ben", "street": houses.BEN_STREET}]}
    saved = phone.request.post(f"/api/groups/{gid}/matches", data={"state": state},
                               headers={"X-Companion-Key": key}).json()
    phone.goto(f"/g/{gid}/play/canal-houses?match={saved['id']}")
    wait_scored(phone)
    houses.card(phone, 0, "store").click()
    houses.tap(phone, "Points: 3")  # Ana's store: 1 -> 3
    wait_scored(phone)
    phone.click("#save-match")
    phone.wait_for_url(f"**/matches/{saved['id']}")
    stored = phone.request.get(f"/api/groups/{gid}/matches/{saved['id']}",
                               headers={"X-Companion-Key": key}).json()
    assert stored["state"]["players"][0]["street"][0]["store"]["points"] == 3
    assert stored["result"]["players"][0]["parts"]["stores"] == 3  # re-scored on save
    expected = score_cli(stored["state"])
    assert shown_totals(phone, "#match-result") == {p["name"]: p["total"] for p in expected["players"]}

    phone.click("#delete-match")
    phone.locator("#toast button").click()
    phone.wait_for_selector("#deleted-note", state="hidden")
    assert phone.request.get(f"/api/groups/{gid}/matches/{saved['id']}",
                             headers={"X-Companion-Key": key}).status == 200


def test_failed_save_keeps_the_street_and_names_the_path(phone, group_page):
    gid, _key = group_page
    start_match(phone, gid, "canal-houses", ["Ana", "Ben"])
    houses.card(phone, 0, "store").click()
    houses.tap(phone, "Points: 2")
    wait_scored(phone)
    phone.route("**/api/groups/*/matches", lambda route: route.fulfill(
        status=422, content_type="application/json",
        body='{"error": "must be an integer of 0 or more", "path": "state.players[0].street[0].store.points"}'))
    phone.click("#save-match")
    status = phone.locator("#save-status")
    # The person reads where, never the JSON path (issue 17: no developer text).
    houses.expect_text(phone, "#save-status", "Ana · house 1 · store · points: must be an integer of 0 or more")
    assert "players[0]" not in status.inner_text()
    assert "still here" in status.inner_text()
    assert read_draft(phone, gid, "canal-houses")["state"]["players"][0]["street"][0]["store"]["points"] == 2
    assert "/play/canal-houses" in phone.url


def test_card_catalog_saves_and_picks_a_card_and_keeps_names_as_text(phone, group_page):
    gid, key = group_page
    start_match(phone, gid, "canal-houses", ["Ana", "Ben"])
    houses.edit_card(phone, 0, "store", 2, "orange", ["at_least cats 1"])
    catalog = phone.locator("#editor details.catalog")
    catalog.locator("summary").click()
    evil = "<img src=x onerror=alert(1)>"
    phone.fill("#catalog-name", evil)
    catalog.get_by_role("button", name="Save card").click()
    phone.locator("#editor .use-card").first.wait_for()
    cards = phone.request.get(f"/api/groups/{gid}/cards", headers={"X-Companion-Key": key}).json()
    assert [(c["kind"], c["name"]) for c in cards["cards"]] == [("store", evil)]
    assert phone.locator("#editor .catalog img").count() == 0
    assert evil in phone.locator("#editor .use-card").first.inner_text()

    # A new house picks the saved store instead of re-entering it.
    phone.locator("[data-action='add-house']").click()
    phone.locator("#editor .use-card").first.click()
    wait_scored(phone)
    street = read_draft(phone, gid, "canal-houses")["state"]["players"][0]["street"]
    assert street[1]["store"] == street[0]["store"] == {
        "points": 2, "color": "orange", "condition": {"at_least": {"cats": 1}}}

    # Saved cards are also chips at the top of the keyboard: a third house by one tap.
    phone.locator("#editor [data-next='house'][data-next-color='orange']").click()
    saved = phone.locator("#editor .saved-cards [data-saved]")
    assert saved.count() == 1 and saved.first.inner_text() == evil
    saved.first.click()
    wait_scored(phone)
    assert phone.locator("#editor .saved-cards [data-saved]").first.get_attribute("aria-pressed") == "true"
    street = read_draft(phone, gid, "canal-houses")["state"]["players"][0]["street"]
    assert street[2]["store"] == street[0]["store"]


def test_chip_keyboard_builds_bottom_up_and_repeats_a_window(phone, group_page):
    """The first store is open at once; the next card is added by its colour
    without leaving the keyboard; "another like this" copies a window; a
    pressed condition chip taken off again leaves no condition; a new store
    starts at the points of the store beside it; one chip asks for two
    features ("1+ cat & 1+ flag") and a window above it gives them in one tap
    ("Asked by this house")."""
    gid, _key = group_page
    start_match(phone, gid, "canal-houses", ["Ana", "Ben"])
    editor = phone.locator("#editor")
    assert "House 1 · store" in editor.locator("h3").inner_text()
    houses.tap(phone, "Points: 3")
    chip = editor.locator("[data-chip='none flags']")
    assert chip.inner_text() == "no flags"  # the engine's words
    chip.click()
    assert chip.get_attribute("aria-pressed") == "true"
    editor.locator("[data-chip='taller_than left']").click()
    editor.locator("[data-chip='taller_than left']").click()  # and off again
    editor.locator("[data-next='window'][data-next-color='green']").click()
    assert "House 1 · window 1" in editor.locator("h3").inner_text()
    houses.tap(phone, "Cats: 2")
    houses.tap(phone, "Flowerpots: 1")
    editor.locator("[data-action='same-again']").click()
    assert "House 1 · window 2" in editor.locator("h3").inner_text()
    editor.locator("[data-next='roof'][data-next-color='red']").click()
    editor.locator("[data-chip='height exactly 4']").click()
    editor.locator("[data-next='house'][data-next-color='blue']").click()
    assert "House 2 · store" in editor.locator("h3").inner_text()
    expect(editor.get_by_role("button", name="Points: 3")).to_have_attribute("aria-pressed", "true")
    pair = editor.locator("[data-chip='at_least cats 1 & at_least flags 1']")
    expect(pair).to_have_text("1+ cat & 1+ flag")  # the engine's words, joined
    pair.click()
    expect(pair).to_have_attribute("aria-pressed", "true")
    editor.locator("[data-next='window'][data-next-color='blue']").click()
    asked = editor.locator("[data-action=house-asks]")
    expect(asked).to_have_text("Asked by this house: 1 cat, 1 flag")
    asked.click()
    expect(asked).to_have_attribute("aria-pressed", "true")
    wait_scored(phone)
    phone.screenshot(path=str(ARTIFACTS / "houses_window_asked_chip.png"), full_page=True)
    street = read_draft(phone, gid, "canal-houses")["state"]["players"][0]["street"]
    window = houses.window_of(cats=2, flowerpots=1, color="green")
    assert street == [
        {"store": {"points": 3, "color": None, "condition": {"none": ["flags"]}},
         "windows": [window, window],
         "roof": {"points": 0, "color": "red", "condition": {"height": {"exactly": 4}}}},
        {"store": {"points": 3, "color": "blue", "condition": {"at_least": {"cats": 1, "flags": 1}}},
         "windows": [houses.window_of(cats=1, flags=1, color="blue")]}]
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert not phone.errors, phone.errors
