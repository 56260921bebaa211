"""A Doodle China sheet photo on a 390x844 phone: sent with a progress bar,
read, drawn over the photo, one square corrected by a tap, the sheet put into
the match being entered, totals equal to `companion score` on the state the
page built, saved and reopened from the history; continued on the score page;
and an older reading's grid drawn beside the photo."""

from __future__ import annotations

import re

import photo_flow as flow
import pytest
from browser_support import score_cli, start_doodle_scoring
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("uploads_removed")]


def test_doodle_sheet_photo_joins_the_match_is_corrected_scored_and_saved(phone: Page, group_page, tmp_path,
                                                                        uploads_removed):
    gid, _key = group_page
    # The match being entered on this phone: Ana and Ben, print-and-play Suzhou sheets.
    start_doodle_scoring(phone, gid, ["Ana", "Ben"])
    phone.get_by_test_id("sq-0-0").click()  # Ana: one line on her start square
    phone.locator("#shape-picker [data-shape=NS]").click()
    flow.wait_idle(phone)

    pid = flow.send_photo(phone, gid, "doodle-china", flow.doodle_photo(tmp_path), uploads_removed)
    reading = phone.request.get(f"/api/groups/{gid}/photos/{pid}").json()
    assert reading["homography"] and reading["size"]

    # The read grid drawn over the photo: 25 cells, a line for every path read.
    view = phone.get_by_test_id("photo-view")
    expect(view.locator("polygon.ov-cell")).to_have_count(25)
    drawn = sum(":" in cell for row in reading["proposal"]["grid"] for cell in row)
    expect(view.locator("polyline.ov-path")).to_have_count(drawn)
    expect(view.locator("img")).to_have_js_property("complete", True)
    assert view.locator("img").evaluate("img => img.naturalWidth") > 0
    box = view.bounding_box()
    assert box["width"] >= 320 and box["x"] >= 0 and box["x"] + box["width"] <= 390
    for r, c in ((0, 0), (4, 4)):  # the grid fills the zoomed view, every cell thumb-sized
        cell = phone.get_by_test_id(f"sq-{r}-{c}").bounding_box()
        assert cell["width"] >= 44 and cell["height"] >= 44, cell
        assert box["x"] <= cell["x"] and cell["x"] + cell["width"] <= box["x"] + box["width"] + 1

    # Whose sheet: Ben, of the match being entered.
    phone.locator(".target-player[data-player=Ben]").click()
    expect(phone.locator(".target-player[data-player=Ben]")).to_have_attribute("aria-pressed", "true")

    # One tap on a plain square moves its line one step on.
    r, c = next((r, c) for r, row in enumerate(reading["proposal"]["grid"]) for c, cell in enumerate(row)
                if cell.split(":")[0] == "plain")
    before = reading["proposal"]["grid"][r][c].partition(":")[2] or None
    phone.get_by_test_id(f"sq-{r}-{c}").click()
    after = flow.CYCLE[(flow.CYCLE.index(before) + 1) % len(flow.CYCLE)]
    expect(phone.get_by_test_id(f"sq-{r}-{c}")).to_have_attribute("data-path", after or "")
    expect(phone.get_by_test_id(f"sq-{r}-{c}")).to_have_class(re.compile("is-(touched|checked)"))

    state = flow.photo_state(phone)
    assert [p["name"] for p in state["players"]] == ["Ana", "Ben"]
    assert state["players"][0]["grid"][0][0] != "start"  # Ana's line from the draft is kept
    ben = state["players"][1]
    expected_grid = [row[:] for row in reading["proposal"]["grid"]]
    expected_grid[r][c] = f"plain:{after}" if after else "plain"
    assert ben["grid"] == expected_grid
    for key in ("hotels", "shops", "shop_bonuses", "trees_crossed"):
        assert ben[key] == reading["proposal"][key]
    expected = score_cli(state)
    assert flow.totals_shown(phone) == {p["name"]: p["total"] for p in expected["players"]}
    expect(phone.locator("#result .result-player.is-this-sheet")).to_have_attribute("data-player", "Ben")
    flow.no_page_scroll(phone)
    flow.shot(phone, "doodle_reading")
    assert phone.errors == []

    # Save: the match holds both sheets, the draft is gone, history reopens it.
    mid = flow.save_match(phone)
    assert phone.request.get(f"/api/groups/{gid}/matches/{mid}").json()["state"] == state
    assert phone.evaluate("k => localStorage.getItem(k)", f"draft:{gid}:doodle-china") is None
    flow.reopen_from_history(phone, gid, mid, {p["name"]: p["total"] for p in expected["players"]})
    phone.locator("#edit-match").click()
    expect(phone.get_by_role("tab", name=re.compile("Ben"))).to_be_visible()


def test_the_sheet_can_continue_on_the_score_page(phone: Page, group_page, tmp_path, uploads_removed):
    """A new match from the photo, taken on to the Doodle China page to type in the rest."""
    gid, _key = group_page
    pid = flow.send_photo(phone, gid, "doodle-china", flow.doodle_photo(tmp_path), uploads_removed)
    reading = phone.request.get(f"/api/groups/{gid}/photos/{pid}").json()
    phone.locator("[data-target=new]").click()
    phone.fill("#player-name", "Cleo")
    flow.wait_idle(phone)
    phone.locator("#continue-play").click()
    phone.wait_for_url(re.compile(r"/play/doodle-china"))
    expect(phone.get_by_role("tab", name=re.compile("Cleo"))).to_have_attribute("aria-selected", "true")
    draft = phone.evaluate("k => JSON.parse(localStorage.getItem(k))", f"draft:{gid}:doodle-china")
    assert draft["state"]["players"][0]["grid"] == reading["proposal"]["grid"]
    assert draft["ui"]["layout"]["id"] == reading["sheet"]["layout"]
    grid = reading["proposal"]["grid"]
    r, c = next((r, c) for r, row in enumerate(grid) for c, cell in enumerate(row) if ":" in cell)
    expect(phone.get_by_test_id(f"sq-{r}-{c}")).to_have_attribute("data-path", grid[r][c].split(":")[1])


def test_without_the_sheets_place_the_read_grid_is_drawn_beside_the_photo(phone: Page, group_page, tmp_path,
                                                                           monkeypatch, uploads_removed):
    """A reading that does not say where the sheet lies (an older reading): the
    photo, and below it the read grid drawn as on the score page, tapped the same way."""
    import companion.photos.reading as photo_reading

    real = photo_reading.read_in_worker

    def placeless(data, **kwargs):
        reading = real(data, **kwargs)
        reading.pop("homography", None)
        reading.pop("size", None)
        reading["confidence"]["grid"][1][1] = 0.3  # one doubtful square
        return reading

    monkeypatch.setattr(photo_reading, "read_in_worker", placeless)
    gid, _key = group_page
    pid = flow.send_photo(phone, gid, "doodle-china", flow.doodle_photo(tmp_path), uploads_removed)
    reading = phone.request.get(f"/api/groups/{gid}/photos/{pid}").json()
    sheet = phone.get_by_test_id("sheet")
    expect(sheet.locator("button.dc-sq")).to_have_count(25)
    expect(phone.get_by_test_id("photo-view").locator("polygon")).to_have_count(0)
    expect(phone.get_by_test_id("sq-1-1")).to_have_class(re.compile("is-doubt"))
    r, c = next((r, c) for r, row in enumerate(reading["proposal"]["grid"]) for c, cell in enumerate(row)
                if cell.split(":")[0] != "house")
    before = reading["proposal"]["grid"][r][c].partition(":")[2] or None
    phone.get_by_test_id(f"sq-{r}-{c}").click()
    after = flow.CYCLE[(flow.CYCLE.index(before) + 1) % len(flow.CYCLE)]
    expect(phone.get_by_test_id(f"sq-{r}-{c}")).to_have_attribute("data-path", after or "")
    phone.fill("#player-name", "Dai")
    state = flow.photo_state(phone)
    assert flow.totals_shown(phone) == {"Dai": score_cli(state)["players"][0]["total"]}
    flow.no_page_scroll(phone)
    flow.shot(phone, "doodle_no_overlay")
    assert phone.errors == []
