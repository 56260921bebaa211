"""Issue 11 on the paper pages: Shanghai's starting squares are its parks, so
no Shanghai sheet or layout shows a start square, and a draft a phone kept
from before (with `start` squares) opens with parks and scores as
`companion score` does."""

from __future__ import annotations

import json
import re

import pytest
from browser_support import ARTIFACTS, score_cli
from playwright.sync_api import Page, expect
from shanghai_before_parks import OLD_CELLS

pytestmark = pytest.mark.browser



def _idle(page: Page) -> None:
    expect(page.locator("body[data-scoring=idle]")).to_have_count(1)


def test_layouts_page_shows_shanghai_parks_and_no_start_square(phone: Page, group_page):
    gid, _key = group_page
    phone.goto(f"/g/{gid}/play/doodle-china/layouts")
    builtin = phone.locator('.le-item[data-layout="shanghai-v1"]')
    expect(builtin.locator(".dc-mini")).to_have_count(36)
    assert builtin.locator(".kind-start").count() == 0
    assert builtin.locator(".kind-park").count() == 6
    phone.locator("[data-new=shanghai]").click()
    assert phone.locator("[data-kind=start]").count() == 0  # no start kind to paint
    expect(phone.locator("[data-kind=park]")).to_have_count(1)
    assert phone.errors == [], phone.errors


def test_an_old_shanghai_draft_opens_with_parks_and_scores(phone: Page, group_page):
    gid, _key = group_page
    phone.goto(f"/g/{gid}/play/doodle-china")
    phone.locator("[data-edition=shanghai]").click()
    phone.fill("#new-player", "Ana")
    phone.get_by_role("button", name="Add", exact=True).click()
    phone.locator("#start-scoring").click()
    expect(phone.get_by_test_id("sheet").locator(".dc-sq")).to_have_count(36)
    _idle(phone)

    # Rewrite the kept draft as an older version of the page left it.
    key = f"draft:{gid}:doodle-china"
    draft = json.loads(phone.evaluate("(k) => localStorage.getItem(k)", key))
    grid = [[f"{k}:EW" if k == "start" else k for k in row] for row in OLD_CELLS]
    grid[2][3] = "skyscraper:SW"
    draft["state"]["players"][0]["grid"] = grid
    draft["ui"]["layout"]["data"]["cells"] = OLD_CELLS
    phone.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, json.dumps(draft)])
    phone.reload()
    sheet = phone.get_by_test_id("sheet")
    expect(sheet.locator(".dc-sq")).to_have_count(36)
    assert sheet.locator(".kind-start").count() == 0
    assert sheet.locator(".kind-park").count() == 9  # six starting squares + the three old parks
    _idle(phone)
    state = json.loads(phone.locator("#doodle-app").get_attribute("data-state"))
    assert state["players"][0]["grid"][0][0] == "park:EW"
    assert not any(c.startswith("start") for row in state["players"][0]["grid"] for c in row)
    want = score_cli({**state, "players": [{**state["players"][0], "grid": grid}]})
    shown = phone.locator("#result .result-player").first.get_by_test_id("total").inner_text()
    assert int(shown) == want["players"][0]["total"]
    expect(phone.locator("#result")).not_to_contain_text(re.compile("start", re.I))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "doodle-shanghai-old-draft.png"), full_page=False)
    assert phone.errors == [], phone.errors
