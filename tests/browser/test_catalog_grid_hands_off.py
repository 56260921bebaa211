"""The bulk catalog capture (one photo of many cards, each shown as a form)
never loses a tap to a card's save: the save's answer redraws every card's
form, so it waits while a finger is down (M.whenHandsOff), and a tap on the
next card's form made meanwhile counts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_support import held_requests, note_answers, noted, press, wait_held
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def _grid_photo(tmp_path: Path) -> Path:
    """A photo of four catalog cards laid out apart in two rows (the generator
    the twelve-card test in test_photo_catalog_browser.py uses)."""
    from card_decks import deck
    from street_photos import grid_photo

    path = tmp_path / "grid.jpg"
    path.write_bytes(grid_photo(deck()[:4], 8, size=(2400, 1800), columns=2).data)
    return path


def test_a_card_saved_mid_tap_on_the_next_card_waits_until_the_finger_is_up(
        phone: Page, group_page, tmp_path):
    gid, _key = group_page
    note_answers(phone, r"/cards/[^/]+/photo$", "attached")
    phone.goto(f"/g/{gid}/photo/cards")
    with phone.expect_response(re.compile(r"/card-photos/grid$"), timeout=120_000) as sent:
        phone.get_by_test_id("grid-camera").set_input_files(str(_grid_photo(tmp_path)))
    found = len(sent.value.json()["cards"])
    assert found >= 2, sent.value.json()
    expect(phone.get_by_test_id("grid-count")).to_have_text(f"{found} cards found; {found} to save.")

    # Card 1 is saved; its description's attachment is the answer that redraws.
    held = held_requests(phone, "**/api/groups/*/cards/*/photo", "POST")
    phone.locator("[data-grid-card='0']").get_by_test_id("grid-save").click()
    wait_held(phone, held, "photo attachment for the saved card")

    stepper = phone.locator("[data-grid-card='1'] .stepper").first  # the next card's first value
    before = int(stepper.locator("output").inner_text())
    press(phone, stepper.get_by_role("button", name=re.compile("one more")), "attached")
    held.pop().continue_()  # the save's answer comes back while the finger is on the next card
    phone.unroute("**/api/groups/*/cards/*/photo")
    assert noted(phone, "attached")["same"], "the saved card's answer redrew the forms mid-tap"
    phone.mouse.up()

    # The tap counted, and the held redraw came after it (card 1 is shown saved).
    stepper = phone.locator("[data-grid-card='1'] .stepper").first
    expect(stepper.locator("output")).to_have_text(str(before + 1))
    expect(phone.locator("[data-grid-card='0']").get_by_test_id("grid-saved")).to_be_visible()
    expect(phone.get_by_test_id("grid-count")).to_have_text(f"{found} cards found; {found - 1} to save.")
    expect(stepper.locator("output")).to_have_text(str(before + 1))
    assert phone.errors == [], phone.errors


def test_a_card_saved_while_the_next_cards_name_is_typed_keeps_the_keyboard(
        phone: Page, group_page, tmp_path):
    """The save's answer redraws every form, the name being typed included: it
    keeps its focus and caret, so the phone's keyboard stays up and the next
    letters land in the same name."""
    gid, _key = group_page
    phone.goto(f"/g/{gid}/photo/cards")
    with phone.expect_response(re.compile(r"/card-photos/grid$"), timeout=120_000) as sent:
        phone.get_by_test_id("grid-camera").set_input_files(str(_grid_photo(tmp_path)))
    found = len(sent.value.json()["cards"])
    assert found >= 2, sent.value.json()

    held = held_requests(phone, "**/api/groups/*/cards/*/photo", "POST")
    phone.locator("[data-grid-card='0']").get_by_test_id("grid-save").click()
    wait_held(phone, held, "photo attachment for the saved card")
    name = phone.get_by_label("Name of card 2", exact=True)
    name.fill("")
    name.press_sequentially("Blue")
    with phone.expect_response(re.compile(r"/cards/[^/]+/photo$")):
        held.pop().continue_()  # the save's answer lands while the name is being typed
    phone.unroute("**/api/groups/*/cards/*/photo")
    expect(phone.locator("[data-grid-card='0']").get_by_test_id("grid-saved")).to_be_visible()
    expect(name).to_be_focused()
    phone.keyboard.type(" roof")  # where the caret was: at the end
    expect(name).to_have_value("Blue roof")
    assert phone.errors == [], phone.errors


def test_the_catalog_list_read_after_a_save_waits_until_the_finger_is_up(
        phone: Page, group_page, tmp_path):
    """Each card saved from the photo makes the page read the catalog list below
    again; that answer redraws the list, so it waits while a finger is down on
    one of the list's cards ("Choose a photo" here)."""
    gid, key = group_page
    store = {"kind": "store", "name": "Old store", "data": {"points": 2, "color": "blue", "condition": {}}}
    made = phone.request.post(f"/api/groups/{gid}/cards", headers={"X-Companion-Key": key}, data=store)
    assert made.status == 201, made.text()
    note_answers(phone, r"/cards$", "listed")
    # Which file input a tap's click reached, noted by the page (Playwright's
    # filechooser event can be missed when the held redraw, right after the
    # click, takes the input out of the page).
    phone.add_init_script("""document.addEventListener("click", (ev) => {
      if (ev.target.matches("input[type=file]")) window.chosen = ev.target.id; }, true);""")
    phone.goto(f"/g/{gid}/photo/cards")
    old = phone.locator(f"[data-card='{made.json()['id']}']")
    expect(old).to_be_visible()
    with phone.expect_response(re.compile(r"/card-photos/grid$"), timeout=120_000):
        phone.get_by_test_id("grid-camera").set_input_files(str(_grid_photo(tmp_path)))

    held = held_requests(phone, "**/api/groups/*/cards")
    with phone.expect_response(re.compile(r"/card-photos$")):  # the list's other half
        phone.locator("[data-grid-card='0']").get_by_test_id("grid-save").click()
    wait_held(phone, held, "catalog list read after the save")

    press(phone, old.get_by_text("Choose a photo", exact=True), "listed")
    held.pop().continue_()  # the list comes back while the finger is on the old card
    phone.unroute("**/api/groups/*/cards")
    assert noted(phone, "listed")["same"], "the catalog list's answer redrew it mid-tap"
    phone.mouse.up()
    # The tap counted: the old card's photo is asked for.
    chosen = phone.wait_for_function("() => window.chosen").json_value()
    assert chosen == f"photo-file-{made.json()['id']}", chosen
    expect(phone.get_by_test_id("catalog-count")).to_have_text("1 of 2 cards photographed.")
    assert phone.errors == [], phone.errors
