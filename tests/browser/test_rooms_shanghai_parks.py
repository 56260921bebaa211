"""Digital Shanghai (issue 11): the starting roads are drawn in the parks, and
a skyscraper whose road reaches two of them scores floors x 2 on the phone.

doodle-china.txt: "Players draw starting roads in the green park squares as
shown." ... "When you score a sky scraper, multiply the number of floors in this
sky scraper with the number of parks that are currently connected to this sky
scraper.\""""

from __future__ import annotations

import pytest
import requests
from browser_support import ARTIFACTS, table_phone, table_room

from companion.table import room_state

pytestmark = pytest.mark.browser

# shanghai-v1's parks, by column: [0,0] [1,1] [2,2] [3,3] [4,4] [5,5]. Blue 2 draws EW,
# blue 1 NS: the park left of the skyscraper at [2, 3] gets EW, the one below it NS.
SETUP_BLUES = [1, 1, 2, 1, 1, 1]


def test_a_skyscraper_road_through_two_parks_scores_floors_times_two(browser, live_server,
                                                                      monkeypatch):
    table = table_room(live_server, "Parks", ["Ana", "Ben"], edition="shanghai", mode="digital")
    api, headers = table["api"], table["headers"]
    blues = iter(SETUP_BLUES)
    monkeypatch.setattr(room_state, "roll_dice", lambda n: {"blue": next(blues), "white": [1, 1, 1]})
    for _ in SETUP_BLUES:
        assert requests.post(f"{api}/roll", headers=headers, timeout=10).status_code < 300
    contexts: list = []
    try:
        page = table_phone(browser, live_server, contexts, table["join_url"])
        page.click('#seat-buttons [data-seat="0"]')
        page.wait_for_selector("#sheet .cell")
        # The starting roads are in the parks; the sheet has no start square.
        assert page.locator("#sheet .cell.kind-start").count() == 0
        parks = page.eval_on_selector_all(
            "#sheet .cell.kind-park.drawn", "els => els.map(e => [Number(e.dataset.r), Number(e.dataset.c)])")
        assert parks == [[i, i] for i in range(6)]

        # Blue 4, white 3: the skyscraper at row 3, column 4. Its road SW joins the park
        # to its left (EW) and the park below it (NS): 2 floors x 2 parks = 4.
        monkeypatch.setattr(room_state, "roll_dice", lambda n: {"blue": 4, "white": [3, 3, 3]})
        page.click("#roll")
        page.wait_for_function("() => document.getElementById('turn').dataset.expect === 'move'")
        page.click('#dice .die-white[data-die="0"]')
        page.click('#sheet .cell[data-r="2"][data-c="3"]')
        page.click('#picker .path-choice[data-path="SW"]')
        page.wait_for_function("() => document.getElementById('turn').dataset.player === 'Ben'")
        page.wait_for_function("() => document.getElementById('log').textContent"
                               ".includes('2 connected parks')")
        log = page.locator("#log").text_content()
        assert "skyscraper of 2 floors x 2 connected parks: circled skyscraper 4" in log
        assert "skyscrapers4" in page.locator("#sheet-facts").text_content().replace(" ", "")
        whole = requests.get(api, headers=headers, timeout=10).json()
        assert whole["sheets"][0]["skyscrapers"] == [4]
        assert whole["sheets"][1]["crossed_out"]["skyscrapers"] == [4]
        assert whole["sheets"][0]["grid"][2][2:4] == ["park:EW", "skyscraper:SW"]
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "rooms-shanghai-parks.png"), full_page=True)
        assert page.errors == [], page.errors
    finally:
        for context in contexts:
            context.close()
