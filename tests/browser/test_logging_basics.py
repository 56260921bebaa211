"""Logging basics (issue 17) on a 390x844 touch phone: a new match's date,
time, minutes, place and notes; editing them on the match page; Play again;
history with editions, today's names, Canal Grande won/lost and dates in the
phone's locale; one name limit and long names that never widen a page; no
developer text; toasts clear of their button; the BG Stats export link.
Screenshots go to tests/artifacts/logging-*.png."""

from __future__ import annotations

import json
import re

import pytest
from browser_support import ARTIFACTS, start_match, wait_scored
from playwright.sync_api import expect

from companion.games import registry

pytestmark = pytest.mark.browser

LONG = ("Maximiliana" * 4)[:registry.PLAYER_NAME_MAX]  # at the limit, nothing to break at
DEV_TEXT = re.compile(r"\bnull\b|\bundefined\b|\bNaN\b|\bNone\b|[a-z_]+\[\d+\]")


def shot(page, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"logging-{name}.png"), full_page=True)


def fits(page):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{page.url} is {width} px wide"


def no_dev_text(page):
    text = page.inner_text("body")
    found = DEV_TEXT.findall(text)
    assert not found, f"{page.url} shows {found}"


def api(page, key, method, path, body=None):
    headers = {"X-Companion-Key": key, "Content-Type": "application/json"}
    answer = page.request.fetch(path, method=method, headers=headers,
                                data=json.dumps(body) if body is not None else None)
    assert answer.ok, answer.text()
    return answer.json() if answer.status != 204 else None


def grande(winner, loser, cards=4):
    return {"game": "canal-grande", "players": [{"name": winner, "won": {"San Marco": cards}},
                                                {"name": loser, "won": {"Castello": 1}}]}


def doodle_solo(name, edition="shanghai"):
    size = 6 if edition == "shanghai" else 5
    tracks = {"hotels": [], "skyscrapers": []} if edition == "shanghai" else \
        {"hotels": [], "shops": [], "shop_bonuses": []}
    return {"game": "doodle-china", "edition": edition, "players": [
        {"name": name, **tracks, "trees_crossed": 0, "grid": [["plain"] * size for _ in range(size)]}]}


def test_new_match_details_edit_and_play_again(phone, group_page):
    gid, key = group_page
    start_match(phone, gid, "canal-houses", ["Ana", "Ben"])
    details = phone.locator("#match-details-new")
    details.locator("summary").click()
    expect(phone.locator("#new-played-at")).not_to_have_value("")  # defaults to now
    phone.fill("#new-played-at", "2026-11-27T20:15")
    phone.fill("#new-duration", "35")
    phone.fill("#new-location", "Ana's kitchen")
    phone.fill("#new-notes", "Ben's first game.")
    fits(phone)
    shot(phone, "new-match-details")
    wait_scored(phone)
    phone.click("#save-match")
    phone.wait_for_url(re.compile(rf"/g/{gid}/matches/[^/]+$"))
    mid = phone.url.rsplit("/", 1)[1]
    stored = api(phone, key, "GET", f"/api/groups/{gid}/matches/{mid}")
    local = phone.evaluate("s => new Date(s).toISOString().slice(0, 16)", "2026-11-27T20:15")
    assert stored["played_at"].startswith(local)
    assert (stored["duration_min"], stored["location"], stored["notes"]) == \
        (35, "Ana's kitchen", "Ben's first game.")
    expect(phone.locator("#detail-location")).to_have_text("Ana's kitchen")
    expect(phone.locator("#detail-duration")).to_have_text("35 min")
    expect(phone.locator("#detail-notes")).to_have_text("Ben's first game.")
    no_dev_text(phone)

    # Change them on the match page; the date shows in the phone's locale.
    phone.locator("#details-editor summary").click()
    expect(phone.locator("#edit-played-at")).to_have_value("2026-11-27T20:15")
    phone.fill("#edit-played-at", "2026-11-28T19:00")
    phone.fill("#edit-duration", "")
    phone.fill("#edit-location", "Club")
    phone.fill("#edit-notes", "Rematch.")
    phone.click("#save-details")
    expect(phone.locator("#details-status")).to_have_text("Details saved.")
    expect(phone.locator("#detail-location")).to_have_text("Club")
    expect(phone.locator("#detail-duration")).to_be_hidden()
    stored = api(phone, key, "GET", f"/api/groups/{gid}/matches/{mid}")
    assert (stored["duration_min"], stored["location"], stored["notes"]) == (None, "Club", "Rematch.")
    fits(phone)
    shot(phone, "match-page-details")
    # A bad value is explained and nothing typed is lost.
    phone.fill("#edit-duration", "0")
    phone.click("#save-details")
    expect(phone.locator("#details-status")).to_contain_text("whole number")
    expect(phone.locator("#edit-location")).to_have_value("Club")

    # Play again: the same game, the same players in the same seats.
    phone.click("#play-again")
    phone.wait_for_url(re.compile(rf"/g/{gid}/new/canal-houses\?"))
    seats = phone.locator("#seat-list li[data-name]")
    expect(seats).to_have_count(2)
    assert [seats.nth(i).get_attribute("data-name") for i in range(2)] == ["Ana", "Ben"]
    shot(phone, "play-again")


def test_history_editions_current_names_win_lose_and_locale(browser, live_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True, base_url=live_server,
                                  locale="de-DE", timezone_id="Europe/Berlin")
    page = context.new_page()
    try:
        made = page.request.post("/api/groups", data=json.dumps({"name": "Locale club"}),
                                 headers={"Content-Type": "application/json"}).json()
        gid, key = made["id"], made["key"]
        base = f"/api/groups/{gid}/matches"
        api(page, key, "POST", base, {"state": grande("Ana", "Ben"),
                                      "played_at": "2026-11-27T20:15:00Z", "location": "Club",
                                      "duration_min": 25})
        api(page, key, "POST", base, {"state": doodle_solo("Mei"),
                                      "played_at": "2026-11-26T20:15:00Z"})
        players = api(page, key, "GET", f"/api/groups/{gid}/players")["players"]
        ana = next(p for p in players if p["name"] == "Ana")
        api(page, key, "PATCH", f"/api/groups/{gid}/players/{ana['id']}", {"name": "Anabel"})
        page.goto(f"/g/{gid}/history")
        rows = page.locator("#history-list .match-row")
        expect(rows).to_have_count(2)
        grande_row, doodle_row = rows.nth(0), rows.nth(1)
        expect(grande_row.locator(".match-scores")).to_have_text("Anabel won · Ben lost")
        expect(grande_row.locator(".match-winner")).to_have_text("Winner: Anabel")
        expect(grande_row.locator(".match-when")).to_contain_text("27.11.2026")  # de-DE
        expect(grande_row.locator(".match-when")).to_contain_text("Club · 25 min")
        expect(doodle_row.get_by_test_id("edition")).to_contain_text("Shanghai · solo")
        no_dev_text(page)
        fits(page)
        shot(page, "history-de")
        grande_row.click()
        expect(page.locator("#match-result [data-player='Anabel'] [data-testid=total]")).to_have_text("won")
        expect(page.locator("#detail-when")).to_contain_text("27.11.2026")
        no_dev_text(page)
        page.goto(f"/g/{gid}/stats/games")
        assert "Biggest win" not in page.inner_text("body") or "Canal Grande" not in page.inner_text("body")
        no_dev_text(page)
    finally:
        context.close()


def test_one_name_limit_and_long_names_never_widen_a_page(phone, group_page):
    gid, key = group_page
    other = "Wolfeschlegelsteinhausenbergerdorffvoral"[:registry.PLAYER_NAME_MAX]
    made = api(phone, key, "POST", f"/api/groups/{gid}/matches",
               {"state": grande(LONG, other), "location": "L" * registry.LOCATION_MAX,
                "notes": "N" * 300})
    api(phone, key, "POST", f"/api/groups/{gid}/matches", {"state": doodle_solo(LONG, "suzhou")})
    pages = [f"/g/{gid}", f"/g/{gid}/history", f"/g/{gid}/matches/{made['id']}",
             f"/g/{gid}/stats", f"/g/{gid}/players", f"/g/{gid}/stats/games",
             f"/g/{gid}/stats/rivals", f"/g/{gid}/stats/scores", f"/g/{gid}/stats/ratings",
             f"/g/{gid}/data"]
    for path in pages:
        phone.goto(path)
        fits(phone)
        no_dev_text(phone)
        if path.endswith(("/history", "/stats/games")) or path == f"/g/{gid}":
            shot(phone, "long-names-" + (path.rsplit("/", 1)[1] if path != f"/g/{gid}" else "group"))
    phone.goto(f"/g/{gid}/matches/{made['id']}")
    shot(phone, "long-names-match")
    # Every name field takes the registry's limit; the new-match page refuses one more.
    phone.goto(f"/g/{gid}/new/canal-houses")
    assert phone.get_attribute("#new-name", "maxlength") == str(registry.PLAYER_NAME_MAX)
    assert phone.evaluate("Companion.limits.player_name") == registry.PLAYER_NAME_MAX
    phone.click(f'#known-players .toggle[data-name="{LONG}"]')
    fits(phone)
    shot(phone, "long-names-seats")
    phone.goto(f"/g/{gid}/players")
    field = phone.locator("#player-admin input[name=name]").first
    if field.count():
        assert field.get_attribute("maxlength") == str(registry.PLAYER_NAME_MAX)


def test_toast_stays_clear_of_its_button(phone, group_page):
    gid, key = group_page
    made = api(phone, key, "POST", f"/api/groups/{gid}/matches", {"state": grande("Ana", "Ben")})
    phone.goto(f"/g/{gid}/matches/{made['id']}")
    phone.locator("#delete-match").scroll_into_view_if_needed()
    phone.locator("#delete-match").tap()
    toast = phone.locator("#toast")
    expect(toast).to_be_visible()
    expect(toast).to_contain_text("Match deleted.")
    assert made["id"] not in toast.inner_text()
    undo = phone.locator("#undo-delete")
    expect(undo).to_be_visible()
    a, b = toast.bounding_box(), undo.bounding_box()
    overlap = not (a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])
    assert not overlap, f"toast {a} covers Undo {b}"
    shot(phone, "toast")


def test_data_page_links_the_bgstats_export(phone, group_page):
    gid, key = group_page
    api(phone, key, "POST", f"/api/groups/{gid}/matches", {"state": grande("Ana", "Ben")})
    phone.goto(f"/g/{gid}/data")
    link = phone.locator("#export-bgstats")
    expect(link).to_be_visible()
    href = link.get_attribute("href")
    assert href.startswith(f"/api/groups/{gid}/export.bgstats.json?tz=")
    answer = phone.request.get(href)
    assert answer.ok
    doc = answer.json()
    assert [g["name"] for g in doc["games"]] == ["Canal Grande"] and len(doc["plays"]) == 1
    fits(phone)
    shot(phone, "data-page")


def test_play_again_keeps_the_doodle_edition_and_seats(phone, group_page):
    gid, key = group_page
    state = doodle_solo("Mei")
    state["players"].append({**state["players"][0], "name": "Ana"})
    made = api(phone, key, "POST", f"/api/groups/{gid}/matches", {"state": state})
    phone.goto(f"/g/{gid}/matches/{made['id']}")
    expect(phone.get_by_test_id("edition")).to_have_text("Shanghai")
    phone.click("#play-again")
    phone.wait_for_url(re.compile(r"/play/doodle-china"))
    expect(phone.locator("[data-edition=shanghai]")).to_have_attribute("aria-pressed", "true")
    seats = phone.get_by_test_id("seats").locator("li[data-name]")
    expect(seats).to_have_count(2)
    assert [seats.nth(i).get_attribute("data-name") for i in range(2)] == ["Mei", "Ana"]
    fits(phone)


def test_stats_overview_filters_by_where_it_was_played(phone, group_page):
    gid, key = group_page
    for winner, loser, place in (("Ana", "Ben", "Club"), ("Ana", "Ben", "Club"), ("Ben", "Ana", "Pub")):
        api(phone, key, "POST", f"/api/groups/{gid}/matches",
            {"state": grande(winner, loser), "location": place})
    phone.goto(f"/g/{gid}/stats")
    phone.select_option("#stats-location", "Pub")
    phone.locator(".stats-filters button[type=submit]").click()
    phone.wait_for_url(re.compile(r"location=Pub"))
    expect(phone.locator("main")).to_contain_text("1 match at Pub")
    rows = phone.locator(".stats-table tbody tr")
    expect(rows).to_have_count(2)
    by_name = {r.split("\n")[0]: r for r in rows.all_inner_texts()}
    assert "\t1\t1\t100%" in by_name["Ben"] and "\t1\t0\t0%" in by_name["Ana"]  # plays, wins
    fits(phone)
    no_dev_text(phone)
    shot(phone, "stats-where")
    # Every other stats page keeps the place (streaks, ratings, per game, rivals).
    for tab in ("Scores", "Ratings", "Games", "Rivals"):
        phone.locator(".stats-tabs").get_by_role("link", name=tab, exact=True).click()
        phone.wait_for_url(re.compile(rf"/stats/{tab.lower()}\?.*location=Pub"))
        expect(phone.locator("#filter-place")).to_have_text("Every figure here counts only the matches at Pub.")
        expect(phone.locator("#stats-location")).to_have_value("Pub")
        fits(phone)
        no_dev_text(phone)
        shot(phone, f"stats-where-{tab.lower()}")


@pytest.mark.parametrize("game, app_id", [("canal-houses", "houses"), ("canal-grande", "grande"),
                                          ("doodle-china", "doodle"), ("canalis", "canalis")],
                         ids=["houses", "grande", "doodle", "canalis"])
def test_a_fresh_score_page_shows_no_developer_text(phone, group_page, game, app_id):
    """A score page opened with no draft (its setup screen) once showed the
    text "null" where an absent table note was passed to replaceChildren."""
    gid, _ = group_page
    phone.goto(f"/g/{gid}/play/{game}")
    app = phone.locator(f"#{app_id}-app")
    expect(app).not_to_contain_text("Loading")
    expect(app.locator("a, button").first).to_be_visible()
    fits(phone)
    no_dev_text(phone)
