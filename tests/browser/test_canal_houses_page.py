"""Canal Houses in a phone-sized Chromium: the rulebook's example street is
entered by taps, the totals shown equal `companion score` on the state the
page built, and the saved match reopens from the history unchanged."""

from __future__ import annotations

import json
import re

import pytest
import requests
from browser_support import (
    ARTIFACTS,
    WAIT_MS,
    read_draft,
    score_cli,
    shown_totals,
    start_match,
    wait_scored,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def _w(cats=0, birds=0, flags=0, flowerpots=0, color=None):
    return {"cats": cats, "birds": birds, "flags": flags, "flowerpots": flowerpots, "color": color}


# The rulebook's "Example of Final Scoring on a Street of 3 Houses".
RULEBOOK_STREET = [
    {"store": {"points": 4, "color": "orange", "condition": {"at_least": {"flags": 3}}},
     "windows": [_w(color="orange")]},
    {"store": {"points": 2, "color": "orange", "condition": {"at_least": {"cats": 1, "birds": 2}}},
     "windows": [_w(cats=1, birds=1, flowerpots=1, color="blue"), _w(birds=1, color="green")],
     "roof": {"points": 3, "color": "red", "condition": {"height": {"exactly": 4}}}},
    {"store": {"points": 2, "color": "purple", "condition": {"at_least": {"cats": 1, "flags": 1}}},
     "windows": [_w(cats=1, flags=1, color="purple")]},
]
BEN_STREET = [{"store": {"points": 1, "color": "blue", "condition": {}},
               "windows": [_w(color="blue")]}]


def tap(page, label: str, times: int = 1) -> None:
    for _ in range(times):
        page.get_by_role("button", name=label, exact=True).click()


def card(page, house: int, part: str, window: int | None = None):
    selector = f".street [data-house='{house}'] .hcard[data-part='{part}']"
    if window is not None:
        selector += f"[data-window='{window}']"
    return page.locator(selector)


def edit_card(page, house, part, points, color, conditions=(), window=None):
    """Select a store/roof card and set points, colour and conditions by taps
    on the chip keyboard. `conditions`: the engine's rules of the chips
    ("at_least flags 3", "height exactly 4")."""
    card(page, house, part, window).click()
    tap(page, f"Points: {points}")
    page.locator(f"#editor .swatches [data-color='{color}']").click()
    for rule in conditions:
        page.locator(f"#editor [data-chip='{rule}']").click()


def edit_window(page, color, **features):
    for feature, n in features.items():
        tap(page, f"{feature.capitalize()}: {n}")
    page.locator(f"#editor .swatches [data-color='{color}']").click()


def add(page, house: int, action: str) -> None:
    page.locator(f".street [data-house='{house}'] [data-action='{action}']").click()


def build_rulebook_street(page) -> None:
    edit_card(page, 0, "store", 4, "orange", ["at_least flags 3"])
    add(page, 0, "add-window")
    edit_window(page, "orange")
    page.locator("[data-action='add-house']").click()
    edit_card(page, 1, "store", 2, "orange", ["at_least cats 1", "at_least birds 2"])
    add(page, 1, "add-window")
    edit_window(page, "blue", cats=1, birds=1, flowerpots=1)
    add(page, 1, "add-window")
    edit_window(page, "green", birds=1)
    add(page, 1, "add-roof")
    edit_card(page, 1, "roof", 3, "red", ["height exactly 4"])
    page.locator("[data-action='add-house']").click()
    edit_card(page, 2, "store", 2, "purple", ["at_least cats 1", "at_least flags 1"])
    add(page, 2, "add-window")
    edit_window(page, "purple", cats=1, flags=1)


def test_rulebook_street_by_taps_matches_the_cli_and_reopens(phone, group_page):
    gid, _key = group_page
    start_match(phone, gid, "canal-houses", ["Ana", "Ben"])
    build_rulebook_street(phone)

    # Work survives a reload half-way through (Ben's street is still to do).
    phone.reload()
    wait_scored(phone)
    assert read_draft(phone, gid, "canal-houses")["state"]["players"][0]["street"] == RULEBOOK_STREET

    phone.locator(".tab[data-player='1']").click()
    edit_card(phone, 0, "store", 1, "blue")
    add(phone, 0, "add-window")
    edit_window(phone, "blue")
    wait_scored(phone)

    state = read_draft(phone, gid, "canal-houses")["state"]
    assert state == {"game": "canal-houses",
                     "players": [{"name": "Ana", "street": RULEBOOK_STREET},
                                 {"name": "Ben", "street": BEN_STREET}]}
    expected = score_cli(state)
    ana = expected["players"][0]
    assert ana["parts"] == {"stores": 4, "roofs": 3, "flowerpots": 1, "color_bonus": 4}
    assert shown_totals(phone) == {p["name"]: p["total"] for p in expected["players"]}
    shown_parts = phone.locator("#result .result-player[data-player='Ana'] .parts").inner_text()
    for key, value in ana["parts"].items():
        assert f"{key.replace('_', ' ')}\n{value}" in shown_parts

    # Met / not met on the drawing, as the engine says, and the bonus group outlined.
    phone.locator(".tab[data-player='0']").click()
    badges = {(h, part): card(phone, h, part).locator(".met-badge").get_attribute("data-met")
              for h, part in ((0, "store"), (1, "store"), (1, "roof"), (2, "store"))}
    assert badges == {(0, "store"): "false", (1, "store"): "true", (1, "roof"): "true",
                      (2, "store"): "true"}
    assert phone.locator(".street .hcard.bonus").count() == ana["color_group"]["size"] == 3
    card(phone, 0, "store").click()
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
    state = {"game": "canal-houses", "players": [{"name": "Ana", "street": BEN_STREET},
                                                 {"name": "Ben", "street": BEN_STREET}]}
    saved = phone.request.post(f"/api/groups/{gid}/matches", data={"state": state},
                               headers={"X-Companion-Key": key}).json()
    phone.goto(f"/g/{gid}/play/canal-houses?match={saved['id']}")
    wait_scored(phone)
    card(phone, 0, "store").click()
    tap(phone, "Points: 3")  # Ana's store: 1 -> 3
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
    card(phone, 0, "store").click()
    tap(phone, "Points: 2")
    wait_scored(phone)
    phone.route("**/api/groups/*/matches", lambda route: route.fulfill(
        status=422, content_type="application/json",
        body='{"error": "must be an integer of 0 or more", "path": "state.players[0].street[0].store.points"}'))
    phone.click("#save-match")
    status = phone.locator("#save-status")
    # The person reads where, never the JSON path (issue 17: no developer text).
    expect_text(phone, "#save-status", "Ana · house 1 · store · points: must be an integer of 0 or more")
    assert "players[0]" not in status.inner_text()
    assert "still here" in status.inner_text()
    assert read_draft(phone, gid, "canal-houses")["state"]["players"][0]["street"][0]["store"]["points"] == 2
    assert "/play/canal-houses" in phone.url


def test_card_catalog_saves_and_picks_a_card_and_keeps_names_as_text(phone, group_page):
    gid, key = group_page
    start_match(phone, gid, "canal-houses", ["Ana", "Ben"])
    edit_card(phone, 0, "store", 2, "orange", ["at_least cats 1"])
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
    tap(phone, "Points: 3")
    chip = editor.locator("[data-chip='none flags']")
    assert chip.inner_text() == "no flags"  # the engine's words
    chip.click()
    assert chip.get_attribute("aria-pressed") == "true"
    editor.locator("[data-chip='taller_than left']").click()
    editor.locator("[data-chip='taller_than left']").click()  # and off again
    editor.locator("[data-next='window'][data-next-color='green']").click()
    assert "House 1 · window 1" in editor.locator("h3").inner_text()
    tap(phone, "Cats: 2")
    tap(phone, "Flowerpots: 1")
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
    window = _w(cats=2, flowerpots=1, color="green")
    assert street == [
        {"store": {"points": 3, "color": None, "condition": {"none": ["flags"]}},
         "windows": [window, window],
         "roof": {"points": 0, "color": "red", "condition": {"height": {"exactly": 4}}}},
        {"store": {"points": 3, "color": "blue", "condition": {"at_least": {"cats": 1, "flags": 1}}},
         "windows": [_w(cats=1, flags=1, color="blue")]}]
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert not phone.errors, phone.errors


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
    tap(phone, "Points: 2")
    phone.locator("#editor .swatches [data-color='orange']").click()
    phone.locator("#editor [data-chip='at_least cats 1']").click()
    phone.locator("#editor [data-next='window'][data-next-color='orange']").click()
    tap(phone, "Cats: 1")
    wait_scored(phone)
    # Ben's street is not Ana's phone's to edit.
    phone.locator(".tab[data-player='1']").click()
    assert phone.locator(".street [data-action='add-house']").count() == 0
    assert "on their own phone" in phone.get_by_test_id("street-hint").inner_text()
    phone.locator(".tab[data-player='0']").click()
    phone.click("#save-match")
    expect_text(phone, "#save-status", "Ana's street is in the match")

    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                  has_touch=True, base_url=live_server)
    try:
        ben = context.new_page()
        ben.goto(f"/g/{gid}/join?key={key}")
        ben.goto(ben_link)
        wait_scored(ben)
        assert "Ben's street" in ben.get_by_test_id("mine-note").inner_text()
        assert ben.locator(".tab[aria-selected='true']").get_attribute("data-player") == "1"
        tap(ben, "Points: 1")
        ben.locator("#editor .swatches [data-color='blue']").click()
        wait_scored(ben)
        ben.click("#save-match")
        expect_text(ben, "#save-status", "Ben's street is in the match")
        # Ana's street came with the match Ben opened; Ben's save kept it.
        stored = ben.request.get(f"/api/groups/{gid}/matches/{mid}").json()["state"]
        assert stored["players"][0]["street"] == [
            {"store": {"points": 2, "color": "orange", "condition": {"at_least": {"cats": 1}}},
             "windows": [_w(cats=1, color="orange")]}]
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


def expect_text(page, selector: str, text: str) -> None:
    from playwright.sync_api import expect

    expect(page.locator(selector)).to_contain_text(text)


def test_a_street_saved_over_a_newer_match_is_merged_again_on_409(phone, group_page):
    """With a server that keeps match versions: the PUT carries the version the
    GET gave; a 409 (another phone saved first) makes the page read the match
    again and replace only its own street in what it read."""
    gid, key = group_page
    state = {"game": "canal-houses", "players": [{"name": "Ana", "street": BEN_STREET},
                                                 {"name": "Ben", "street": BEN_STREET}]}
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
    card(phone, 0, "store").click()
    tap(phone, "Points: 3")
    wait_scored(phone)
    phone.click("#save-match")
    expect_text(phone, "#save-status", "Ana's street is in the match")
    first, second = calls["put"][0], calls["put"][1]
    assert first["version"] < second["version"]
    assert second["state"]["players"][1]["street"] == bens_new  # Ben's save kept
    assert second["state"]["players"][0]["street"][0]["store"]["points"] == 3
    stored = phone.request.get(f"/api/groups/{gid}/matches/{saved['id']}").json()["state"]
    assert stored["players"][0]["street"][0]["store"]["points"] == 3
    assert stored["players"][1]["street"] == bens_new
