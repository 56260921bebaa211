"""Opening a table from a phone: the form creates the room and lands on it
with the invite QR open and the seat picker waiting."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_open_a_table_from_the_phone(phone, group_page):
    gid, _key = group_page
    phone.goto(f"/g/{gid}/rooms/new")
    phone.check('input[name="edition"][value="shanghai"]')
    assert phone.is_hidden("#more-control-row")  # a Suzhou variant
    phone.check('input[name="mode"][value="digital"]')
    inputs = phone.locator("#player-list input")
    inputs.nth(0).fill("Ana")
    inputs.nth(1).fill("Ben")
    phone.click("#add-player")
    phone.locator("#player-list input").nth(2).fill("Cem")
    phone.click('#new-room button[type="submit"]')
    phone.wait_for_url(f"**/g/{gid}/rooms/*#invite")
    phone.wait_for_selector("#seat-picker:not([hidden])")
    seats = phone.eval_on_selector_all("#seat-buttons .seat", "els => els.map(e => e.textContent)")
    assert seats == ["Ana", "Ben", "Cem", "Just watching"]
    phone.click('#seat-buttons [data-seat="watch"]')
    assert phone.locator("#invite").get_attribute("open") is not None
    assert phone.locator("#invite img.qr").get_attribute("src").startswith("data:image/svg+xml")
    assert "/join?token=" in phone.input_value("#room-link")
    # Digital Shanghai: 6x6 sheets, no dice yet, Ana rolls the starting roads.
    # (the sheet is drawn once the seat claim is answered)
    # expect() polls with selectors, not eval (the page's CSP refuses a string predicate
    # once wait_for_function has to poll).
    expect(phone.locator("#sheet .cell")).to_have_count(36)
    assert phone.get_attribute("#turn", "data-player") == "Ana"
    assert phone.errors == []
