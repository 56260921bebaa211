"""Canal Houses in a phone-sized Chromium: the rulebook's example street is
entered by taps, the totals shown equal `companion score` on the state the
page built, and the saved match reopens from the history unchanged."""

from __future__ import annotations

import pytest
from browser_support import read_draft, score_cli, shown_totals, start_match, wait_scored

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
    """Select a store/roof card and set points, colour and conditions by taps.
    `conditions`: (add-choice, extra taps on its number) pairs."""
    card(page, house, part, window).click()
    tap(page, "Points: one more", points)
    page.locator(f"#editor [data-color='{color}']").click()
    for choice, extra in conditions:
        details = page.locator("#editor details.add-cond")
        if details.get_attribute("open") is None:
            details.locator("summary").click()
        page.locator(f"#editor [data-add='{choice}']").click()
        kind, key = choice.split(":")
        label = "cards high: one more" if kind == "height" else f"{key} needed: one more"
        tap(page, label, extra)


def edit_window(page, color, **features):
    for feature, n in features.items():
        tap(page, f"{feature.capitalize()}: one more", n)
    page.locator(f"#editor [data-color='{color}']").click()


def add(page, house: int, action: str) -> None:
    page.locator(f".street [data-house='{house}'] [data-action='{action}']").click()


def build_rulebook_street(page) -> None:
    edit_card(page, 0, "store", 4, "orange", [("at_least:flags", 2)])
    add(page, 0, "add-window")
    edit_window(page, "orange")
    page.locator("[data-action='add-house']").click()
    edit_card(page, 1, "store", 2, "orange", [("at_least:cats", 0), ("at_least:birds", 1)])
    add(page, 1, "add-window")
    edit_window(page, "blue", cats=1, birds=1, flowerpots=1)
    add(page, 1, "add-window")
    edit_window(page, "green", birds=1)
    add(page, 1, "add-roof")
    edit_card(page, 1, "roof", 3, "red", [("height:exactly", 1)])  # 3 by default, one more: 4
    page.locator("[data-action='add-house']").click()
    edit_card(page, 2, "store", 2, "purple", [("at_least:cats", 0), ("at_least:flags", 0)])
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
    tap(phone, "Points: one more", 2)  # Ana's store: 1 -> 3
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
    tap(phone, "Points: one more", 2)
    wait_scored(phone)
    phone.route("**/api/groups/*/matches", lambda route: route.fulfill(
        status=422, content_type="application/json",
        body='{"error": "must be an integer of 0 or more", "path": "state.players[0].street[0].store.points"}'))
    phone.click("#save-match")
    status = phone.locator("#save-status")
    status.wait_for()
    # The person reads where, never the JSON path (issue 17: no developer text).
    assert "Ana · house 1 · store · points: must be an integer of 0 or more" in status.inner_text()
    assert "players[0]" not in status.inner_text()
    assert "still here" in status.inner_text()
    assert read_draft(phone, gid, "canal-houses")["state"]["players"][0]["street"][0]["store"]["points"] == 2
    assert "/play/canal-houses" in phone.url


def test_card_catalog_saves_and_picks_a_card_and_keeps_names_as_text(phone, group_page):
    gid, key = group_page
    start_match(phone, gid, "canal-houses", ["Ana", "Ben"])
    edit_card(phone, 0, "store", 2, "orange", [("at_least:cats", 0)])
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
