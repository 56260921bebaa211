"""Canal Houses, several phones and one match: each phone enters its own
street into the same match, and a street saved over a newer match is merged
again on 409."""

from __future__ import annotations

import json
import re

import houses_street as houses
import pytest
import requests
from browser_support import (
    WAIT_MS,
    score_cli,
    shown_totals,
    start_match,
    wait_scored,
)

pytestmark = pytest.mark.browser


def test_each_phone_enters_its_own_street_into_one_match(phone, group_page, browser, live_server):
    """Ana's phone starts the match and shares it; Ben's phone (another cookie
    jar, joined by the group link) opens Ben's link and enters his street.
    Each save replaces only that player's street of the stored match, and
    the other phone's street arrives without a reload."""
    from conftest import PHONE

    gid, key = group_page
    start_match(phone, gid, "canal-houses", ["Ana", "Ben"])
    phone.locator("#share-match").click()
    phone.wait_for_url("**/play/canal-houses?match=*&street=Ana")
    mid = phone.url.split("match=")[1].split("&")[0]
    assert "Ana's street" in phone.get_by_test_id("mine-note").inner_text()
    ben_link = phone.locator("#share-streets [data-player='Ben'] a").get_attribute("href")
    # Ana's street, from the keyboard that is already open on her store.
    houses.tap(phone, "Points: 2")
    phone.locator("#editor .swatches [data-color='orange']").click()
    phone.locator("#editor [data-chip='at_least cats 1']").click()
    phone.locator("#editor [data-next='window'][data-next-color='orange']").click()
    houses.tap(phone, "Cats: 1")
    wait_scored(phone)
    # Ben's street is not Ana's phone's to edit.
    phone.locator(".tab[data-player='1']").click()
    assert phone.locator(".street [data-action='add-house']").count() == 0
    assert "on their own phone" in phone.get_by_test_id("street-hint").inner_text()
    phone.locator(".tab[data-player='0']").click()
    phone.click("#save-match")
    houses.expect_text(phone, "#save-status", "Ana's street is in the match")

    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                  has_touch=True, base_url=live_server)
    try:
        ben = context.new_page()
        ben.goto(f"/g/{gid}/join?key={key}")
        ben.goto(ben_link)
        wait_scored(ben)
        assert "Ben's street" in ben.get_by_test_id("mine-note").inner_text()
        assert ben.locator(".tab[aria-selected='true']").get_attribute("data-player") == "1"
        houses.tap(ben, "Points: 1")
        ben.locator("#editor .swatches [data-color='blue']").click()
        wait_scored(ben)
        ben.click("#save-match")
        houses.expect_text(ben, "#save-status", "Ben's street is in the match")
        # Ana's street came with the match Ben opened; Ben's save kept it.
        stored = ben.request.get(f"/api/groups/{gid}/matches/{mid}").json()["state"]
        assert stored["players"][0]["street"] == [
            {"store": {"points": 2, "color": "orange", "condition": {"at_least": {"cats": 1}}},
             "windows": [houses.window_of(cats=1, color="orange")]}]
        assert stored["players"][1]["street"] == [
            {"store": {"points": 1, "color": "blue", "condition": {}}, "windows": []}]
        ben.screenshot(path="tests/artifacts/houses_street_per_phone_ben.png", full_page=True)
    finally:
        context.close()

    # Ben's street arrives on Ana's phone without a reload.
    phone.wait_for_function("() => document.getElementById('houses-app').dataset.state.includes('blue')",
                            timeout=WAIT_MS)
    state = phone.evaluate("JSON.parse(document.getElementById('houses-app').dataset.state)")
    assert state == stored
    wait_scored(phone)
    # Polls that bring nothing new change nothing (no toast, the draft kept as it is).
    phone.wait_for_selector("#toast", state="hidden", timeout=WAIT_MS)
    polled = re.compile(rf"/api/groups/{gid}/matches/{mid}$")
    for _ in range(2):  # a poll is sent only once the one before it was answered and taken
        with phone.expect_request(lambda r: r.method == "GET" and polled.search(r.url)):
            pass
    assert phone.locator("#toast").is_hidden()
    assert shown_totals(phone) == {p["name"]: p["total"] for p in score_cli(stored)["players"]}
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert not phone.errors, phone.errors


def test_a_street_saved_over_a_newer_match_is_merged_again_on_409(phone, group_page):
    """With a server that keeps match versions: the PUT carries the version the
    GET gave; a 409 (another phone saved first) makes the page read the match
    again and replace only its own street in what it read."""
    gid, key = group_page
    state = {"game": "canal-houses", "players": [{"name": "Ana", "street": houses.BEN_STREET},
                                                 {"name": "Ben", "street": houses.BEN_STREET}]}
    saved = phone.request.post(f"/api/groups/{gid}/matches", data={"state": state},
                               headers={"X-Companion-Key": key}).json()
    url = f"**/api/groups/{gid}/matches/{saved['id']}"
    bens_new = [{"store": {"points": 5, "color": "red", "condition": {}}, "windows": []}]
    calls = {"get": 0, "put": []}

    def fake(route):
        request = route.request
        if request.method == "GET":
            calls["get"] += 1
            # Read by the test, not route.fetch(): a handler only holds or answers.
            answer = requests.get(request.url, headers={"X-Companion-Key": key},
                                  timeout=WAIT_MS / 1000).json()
            answer["version"] = calls["get"]
            if calls["get"] >= 3:  # Ben's phone saved in between
                answer["state"]["players"][1]["street"] = bens_new
            route.fulfill(json=answer)
        elif request.method == "PUT":
            body = request.post_data_json
            calls["put"].append(body)
            if len(calls["put"]) == 1:
                route.fulfill(status=409, json={"error": "the match changed on another phone",
                                                "path": "version"})
            else:  # today's server keeps no versions: pass the state on without one
                route.continue_(post_data=json.dumps({"state": body["state"]}))
        else:
            route.continue_()

    phone.route(url, fake)
    phone.goto(f"/g/{gid}/play/canal-houses?match={saved['id']}&street=Ana")
    wait_scored(phone)
    houses.card(phone, 0, "store").click()
    houses.tap(phone, "Points: 3")
    wait_scored(phone)
    phone.click("#save-match")
    houses.expect_text(phone, "#save-status", "Ana's street is in the match")
    first, second = calls["put"][0], calls["put"][1]
    assert first["version"] < second["version"]
    assert second["state"]["players"][1]["street"] == bens_new  # Ben's save kept
    assert second["state"]["players"][0]["street"][0]["store"]["points"] == 3
    stored = phone.request.get(f"/api/groups/{gid}/matches/{saved['id']}").json()["state"]
    assert stored["players"][0]["street"][0]["store"]["points"] == 3
    assert stored["players"][1]["street"] == bens_new
