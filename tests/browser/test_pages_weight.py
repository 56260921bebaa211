"""Every page of the pages blueprint, loaded cold on a 390 px phone: at most
150 KB of response bodies, and no horizontal scrolling."""

from __future__ import annotations

import re

import pytest
from browser_support import ARTIFACTS, wait_scored
from helpers import grande_state

from companion.games.registry import PLAYER_NAME_MAX

pytestmark = pytest.mark.browser

LIMIT = 150 * 1024
WIDTH = 390
# Long names must wrap, not widen the page; at most the one name limit (registry).
LONG = "Maximiliane-Wilhelmina van Oldenbarnevelt"[:PLAYER_NAME_MAX]


def _houses_state():
    window = {"cats": 1, "birds": 2, "flags": 1, "flowerpots": 1, "color": "orange"}
    store = {"points": 12, "color": "purple",
             "condition": {"at_least": {"cats": 1, "birds": 2, "flags": 1}, "none": ["flowerpots"],
                           "height": {"at_least": 3}, "taller_than": "both"}}
    house = {"store": store, "windows": [window] * 3, "roof": store}
    return {"game": "canal-houses",
            "players": [{"name": LONG, "street": [house] * 5}, {"name": "Ben", "street": [house]}]}


@pytest.fixture
def pages(phone, group_page):
    gid, key = group_page
    headers = {"X-Companion-Key": key}
    saved = []
    for state in (_houses_state(), grande_state(), {**grande_state(), "players": [
            {"name": LONG, "won": {"Castello": 1}}, {"name": "Ana", "won": {}}]}):
        answer = phone.request.post(f"/api/groups/{gid}/matches", data={"state": state},
                                    headers=headers)
        assert answer.status == 201, answer.text()
        saved.append(answer.json()["id"])
    g = f"/g/{gid}"
    return {
        "home": "/",
        "group": g,
        "new match (houses)": f"{g}/new/canal-houses",
        "new match (grande)": f"{g}/new/canal-grande",
        "canal houses": f"{g}/play/canal-houses?player=Ana&player={LONG}",
        "canal houses (edit)": f"{g}/play/canal-houses?match={saved[0]}",
        "canal grande": f"{g}/play/canal-grande?player={LONG}&player=Ben",
        "canal grande (edit)": f"{g}/play/canal-grande?match={saved[1]}",
        "history": f"{g}/history",
        "match page": f"{g}/matches/{saved[0]}",
    }


def test_first_load_is_light_and_fits_the_phone(browser, phone, pages, live_server):
    cookies = phone.context.storage_state()
    report = {}
    for name, url in pages.items():
        # A fresh context per page: an empty cache, as on a first visit.
        context = browser.new_context(viewport={"width": WIDTH, "height": 844},
                                      device_scale_factor=2, is_mobile=True, has_touch=True,
                                      base_url=live_server, storage_state=cookies)
        page = context.new_page()
        responses = []
        page.on("response", lambda r, seen=responses: seen.append(r))
        try:
            answer = page.goto(url)
            assert answer.status == 200, f"{name}: {answer.status}"
            if "/play/" in url:
                wait_scored(page)
            page.wait_for_load_state("networkidle")
            size = sum(len(r.body()) for r in responses if r.status != 304)
            width = page.evaluate("document.documentElement.scrollWidth")
            report[name] = (size, width)
            shots = ARTIFACTS / "pages"  # kept for a person to look at (not committed)
            shots.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(shots / f"{re.sub(r'[^a-z]+', '_', name)}.png"), full_page=True)
            assert size <= LIMIT, f"{name}: {size} bytes on first load (limit {LIMIT})"
            assert width <= WIDTH, f"{name}: {width} px wide, scrolls sideways"
        finally:
            context.close()
    print("\nfirst load (bytes, scrollWidth):", report)
