"""An answer never takes a tap away (b4e8286, M.whenHandsOff): an answer that
arrives while a finger is down waits to redraw until the finger is up, so the
button under the finger is still the one its click reaches. The score answer,
and the answers pages fetch in the background: a Canalis tile kept for the
group, the Canal Houses card catalog the editor reads as it opens."""

from __future__ import annotations

import pytest
from browser_support import (
    held_requests,
    note_answers,
    noted,
    press,
    read_draft,
    start_match,
    wait_held,
    wait_scored,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_a_score_answer_mid_tap_waits_until_the_finger_is_up(phone, group_page):
    gid, _key = group_page
    note_answers(phone, r"/api/score$", "scored")
    start_match(phone, gid, "canal-grande", ["Ana", "Ben"])
    held = held_requests(phone, "**/api/score", "POST")
    phone.get_by_role("button", name="Ana, San Marco: one more", exact=True).click()
    wait_held(phone, held, "score request for the edit")

    press(phone, phone.get_by_role("button", name="Ben, Castello: one more", exact=True), "scored")
    held.pop().continue_()  # the answer comes back while the finger is down
    phone.unroute("**/api/score")  # before the tap's own edit sends the next one
    seen = noted(phone, "scored")
    assert seen == {"scoring": "busy", "same": True}, seen  # held, not drawn
    phone.mouse.up()

    # The tap counted, and the held answer was drawn after it.
    wait_scored(phone)
    players = read_draft(phone, gid, "canal-grande")["state"]["players"]
    assert players[0]["won"] == {"San Marco": 1} and players[1]["won"] == {"Castello": 1}
    expect(phone.locator("body[data-scoring=idle]")).to_have_count(1)
    assert phone.errors == [], phone.errors


def test_a_kept_tile_answer_mid_tap_waits_until_the_finger_is_up(phone, group_page):
    """Adding an industrial or specialty move keeps its tile for the group in the
    background; that answer redraws the next move's form."""
    gid, _key = group_page
    note_answers(phone, r"/canalis-tiles", "kept")
    phone.goto(f"/g/{gid}/play/canalis")
    for name in ("Atheneum", "Guild"):
        phone.fill("#new-player", name)
        phone.get_by_role("button", name="Add", exact=True).click()
    phone.locator("#start-game").click()
    held = held_requests(phone, "**/canalis-tiles", "POST")
    phone.locator("button[data-kind=specialty]").click()
    for r, c in ((6, 5), (6, 6)):
        phone.get_by_test_id(f"cell-{r}-{c}").click()
    phone.locator("#add-move").click()
    expect(phone.get_by_role("heading", name="Moves (1)")).to_be_visible()
    wait_held(phone, held, "tile kept for the added move")

    cost = phone.get_by_test_id("cost")  # the next move's form (the kind stays)
    before = int(cost.locator("output").inner_text())
    press(phone, cost.get_by_role("button", name="Cost (crowns): one more"), "kept")
    held.pop().continue_()  # the tile's answer comes back while the finger is down
    phone.unroute("**/canalis-tiles")
    assert noted(phone, "kept")["same"], "the kept tile's answer redrew the form mid-tap"
    phone.mouse.up()

    # The tap counted, and the held redraw came after it (it offers the kept tile).
    expect(cost.locator("output")).to_have_text(str(before + 1))
    expect(phone.get_by_test_id("tiles").locator("[data-tile]")).to_have_count(1)
    expect(cost.locator("output")).to_have_text(str(before + 1))
    assert phone.errors == [], phone.errors


def test_the_card_catalog_answer_mid_tap_waits_until_the_finger_is_up(phone, group_page):
    """The card editor reads the group's card catalog as it first opens; that answer
    redraws the page, so it may land during a match's first taps."""
    gid, _key = group_page
    note_answers(phone, r"/cards$", "catalog")
    held = held_requests(phone, "**/api/groups/*/cards")
    start_match(phone, gid, "canal-houses", ["Ana", "Ben"])
    wait_held(phone, held, "card catalog read by the open store card")

    press(phone, phone.get_by_role("button", name="Points: 3", exact=True), "catalog")
    held.pop().continue_()  # the catalog comes back while the finger is down
    phone.unroute("**/api/groups/*/cards")
    assert noted(phone, "catalog")["same"], "the catalog's answer redrew the page mid-tap"
    phone.mouse.up()

    # The tap counted, and the held redraw came after it (the catalog is shown).
    wait_scored(phone)
    expect(phone.locator("#editor details.catalog")).to_contain_text("No saved store cards yet")
    store = read_draft(phone, gid, "canal-houses")["state"]["players"][0]["street"][0]["store"]
    assert store["points"] == 3, store
    assert phone.errors == [], phone.errors
