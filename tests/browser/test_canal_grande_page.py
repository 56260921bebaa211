"""Canal Grande in a phone-sized Chromium: a win by four San Marco cards
entered by taps, with a phase end and a new phase on the way; totals,
phase and winner agree with `companion score`; saved and reopened."""

from __future__ import annotations

import pytest
from browser_support import read_draft, score_cli, start_match, wait_scored


def shown_outcomes(page, scope="#result"):
    rows = page.locator(f"{scope} .result-player")
    return {rows.nth(i).get_attribute("data-player"): rows.nth(i).locator(".result-total").inner_text()
            for i in range(rows.count())}


pytestmark = pytest.mark.browser


def tap(page, label: str, times: int = 1) -> None:
    for _ in range(times):
        page.get_by_role("button", name=label, exact=True).click()


def test_four_san_marco_by_taps_matches_the_cli_and_reopens(phone, group_page):
    gid, _key = group_page
    start_match(phone, gid, "canal-grande", ["Ana", "Ben"])
    tap(phone, "Ana, San Marco: one more", 3)
    tap(phone, "Ben, Castello: one more")
    tap(phone, "Ben, Dorsoduro: one more")
    for n in (3, 3):
        tap(phone, f"Ana: add a {n}")
    tap(phone, "Ben: add a 2")
    wait_scored(phone)
    assert "Phase goes on" in phone.locator("[data-testid='phase']").inner_text()

    # Ana reaches 11: the phase ends; Ben (lower sum) has the advantage, Ana sells first.
    tap(phone, "Ana: add a 3")
    tap(phone, "Ana: add a 2")
    wait_scored(phone)
    state = read_draft(phone, gid, "canal-grande")["state"]
    phase = score_cli(state)["phase"]
    assert phase == {"sums": {"Ana": 11, "Ben": 2}, "over": True, "advantage": "Ben",
                     "first_seller": "Ana"}
    shown = phone.locator("[data-testid='phase']").inner_text()
    assert "Phase over" in shown and "Ben has the lower sum" in shown
    assert "Ana is the first seller" in shown

    phone.click("#new-phase")
    phone.locator(".new-phase").get_by_role("button", name="Ben", exact=True).click()
    wait_scored(phone)
    assert "phase 2" in phone.locator(".numbers h2").inner_text()
    state = read_draft(phone, gid, "canal-grande")["state"]
    assert [p["numbers"] for p in state["players"]] == [[], []]
    assert state["last_recipient"] == "Ben"

    # The fourth San Marco card wins.
    assert phone.locator("[data-testid='declared']").count() == 0
    tap(phone, "Ana, San Marco: one more")
    wait_scored(phone)
    assert phone.locator("[data-testid='declared']").inner_text() == \
        "Ana wins with four San Marco cards!"
    assert phone.get_by_role("button", name="Ben, Santa Croce: one more").is_disabled()
    state = read_draft(phone, gid, "canal-grande")["state"]
    assert state == {"game": "canal-grande", "last_recipient": "Ben", "players": [
        {"name": "Ana", "won": {"San Marco": 4}, "numbers": []},
        {"name": "Ben", "won": {"Castello": 1, "Dorsoduro": 1}, "numbers": []}]}
    expected = score_cli(state)
    assert expected["winners"] == ["Ana"] and expected["win_condition"] == "four of one"
    # Canal Grande is won or lost, not a points race (issue 17): the panel says so
    # and the cards each won stay in the parts.
    totals = {p["name"]: "won" if p["name"] in expected["winners"] else "lost"
              for p in expected["players"]}
    assert shown_outcomes(phone) == totals
    chips = phone.locator(".progress[data-player='1'] .dchip.filled")
    assert chips.count() == expected["players"][1]["parts"]["districts"] == 2
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390

    phone.click("#save-match")
    phone.wait_for_url("**/matches/*")
    assert shown_outcomes(phone, "#match-result") == totals
    assert phone.locator("#match-result .winner-banner").inner_text() == "Winner: Ana (four of one)"
    phone.goto(f"/g/{gid}/history?game=canal-grande")
    phone.locator("#history-list .match-row").first.click()
    phone.wait_for_url("**/matches/*")
    assert shown_outcomes(phone, "#match-result") == totals
    phone.click("#edit-match")
    wait_scored(phone)
    assert phone.evaluate("JSON.parse(document.getElementById('grande-app').dataset.state)") == state
    assert phone.locator("[data-testid='declared']").inner_text() == \
        "Ana wins with four San Marco cards!"
    assert not phone.errors, phone.errors


def test_equal_sums_ask_who_received_last(phone, group_page):
    gid, _key = group_page
    start_match(phone, gid, "canal-grande", ["Ana", "Ben"])
    for who in ("Ana", "Ben"):
        for n in (3, 3, 3, 1):
            tap(phone, f"{who}: add a {n}")
    wait_scored(phone)
    phase = phone.locator("[data-testid='phase']")
    assert "equal sums" in phase.inner_text()
    phase.get_by_role("button", name="Ben", exact=True).click()
    wait_scored(phone)
    state = read_draft(phone, gid, "canal-grande")["state"]
    assert state["last_recipient"] == "Ben"
    assert score_cli(state)["phase"]["first_seller"] == "Ben"
    assert "Ben is the first seller" in phase.inner_text()
