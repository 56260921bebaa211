"""Digital sheets: a phone shows only the squares the chosen die allows (from
the rules engine), draws there, and every phone sees the drawing."""

from __future__ import annotations

import pytest
import requests
from browser_support import table_phone, table_room
from playwright.sync_api import expect

from companion.table import room_state

pytestmark = pytest.mark.browser


def test_phone_sheet_shows_only_legal_squares_and_draws(browser, live_server, monkeypatch):
    table = table_room(live_server, "Sheets", ["Ana", "Ben"], mode="digital")
    api, headers = table["api"], table["headers"]
    for _ in range(5):
        requests.post(f"{api}/roll", headers=headers, timeout=10)
    contexts, pages = [], []
    try:
        for seat in range(2):
            page = table_phone(browser, live_server, contexts, table["join_url"])
            page.click(f'#seat-buttons [data-seat="{seat}"]')
            page.wait_for_selector("#sheet .cell")
            pages.append(page)
        ana, ben = pages
        # The starting riverways are drawn on both phones' sheets.
        for page in pages:
            assert page.locator("#sheet .cell.kind-start.drawn").count() == 5

        # The live server runs in this process: fix the round's dice. Blue 2 is column 2;
        # white 3 points to row 3 (a plain square), white 1 to row 1 (a house square).
        monkeypatch.setattr(room_state, "roll_dice", lambda n: {"blue": 2, "white": [1, 3, 6]})
        ana.click("#roll")
        ana.wait_for_function("() => document.getElementById('turn').dataset.expect === 'move'")
        whole = requests.get(api, headers=headers, timeout=10).json()
        targets = {d["die"]: d["targets"] for d in whole["options"]["dice"]}
        assert targets[0] == [[0, 1]] and targets[1] == [[2, 1]]
        assert sorted(targets[2]) == [[0, 1], [2, 1], [3, 1], [4, 1]]  # white 6: column 2 but its start

        ana.click('#dice .die-white[data-die="1"]')
        # The squares come with Ana's options, which her phone asks for once the
        # roll is in: they may answer after the tap, so wait for them to be drawn.
        expect(ana.locator("#sheet .cell.target")).not_to_have_count(0)
        shown = ana.eval_on_selector_all(
            "#sheet .cell.target", "els => els.map(e => [Number(e.dataset.r), Number(e.dataset.c)])")
        assert shown == [[2, 1]]
        assert ana.locator("#sheet .cell:not(.target):enabled").count() == 0
        assert ben.locator("#sheet .cell.target").count() == 0  # not Ben's turn
        ana.click('#sheet .cell[data-r="2"][data-c="1"]')
        ana.click('#picker .path-choice[data-path="EW"]')
        for page in pages:
            page.wait_for_function("() => document.getElementById('turn').dataset.player === 'Ben'")

        # Ben crosses out a house with white 1.
        ben.click('#dice .die-white[data-die="0"]')
        ben.click('#sheet .cell[data-r="0"][data-c="1"]')
        ben.click("#picker button.big")
        for page in pages:
            page.wait_for_function("() => document.getElementById('turn').dataset.player === 'Ben'"
                                   " && document.getElementById('turn').dataset.expect === 'roll'")
        after = requests.get(api, headers=headers, timeout=10).json()
        assert after["sheets"][0]["grid"][2][1] == "plain:EW"
        spec = next(h for h in after["layout"]["houses"] if h["cell"] == [0, 1])
        for page in pages:
            page.click("#sheet-tabs .tab >> text=Ana")
            cell = page.locator('#sheet .cell[data-r="2"][data-c="1"]')
            assert "drawn" in (cell.get_attribute("class") or "")
            assert cell.locator("svg .sq-path").count() == 1  # drawn by the one sheet component
            page.click("#sheet-tabs .tab >> text=Ben")
            label = page.locator('#sheet .cell[data-r="0"][data-c="1"]').get_attribute("aria-label")
            assert f"{spec['printed_crossed'] + 1} of {spec['count']} houses crossed" in label
        for page in pages:
            assert page.errors == [], page.errors
    finally:
        for context in contexts:
            context.close()
