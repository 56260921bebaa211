"""A redraw that arrives after a tap's pointerup but before its click (a
touch tap's click comes later, from the tap gesture; seconds later under load)
waits for the click: the click is hit-tested where the finger was, so a redraw
that moves the sheet down sends it to whatever is now there (CI flake of
test_suzhou_two_full_paper_sheets: the first score answer turns "Scoring…"
into the totals, the sheet moves 72 px down, Ben's "shape SE" tap became a
tap on square (4,3))."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect
from test_tap_counts import _paper_table

pytestmark = pytest.mark.browser

# An answer that arrives just after the finger is lifted: handed to
# whenHandsOff from a pointerup listener that runs after hands_off.js's own.
SHIFT_AT_POINTERUP = """async () => {
  const { whenHandsOff } = await import("/static/kit/hands_off.js");
  window.addEventListener("pointerup", () => whenHandsOff(() => {
    window.shifted = true;
    const pad = document.createElement("div");
    pad.style.height = "120px";
    document.getElementById("doodle-app").prepend(pad);
  }), { once: true });
}"""


def test_a_redraw_between_pointerup_and_click_waits_for_the_click(phone, group_page, monkeypatch):
    gid, key = group_page
    rid = _paper_table(phone, key, gid, monkeypatch)
    mid = phone.request.get(f"/api/groups/{gid}/rooms/{rid}").json()["match_id"]
    phone.goto(f"/g/{gid}/play/doodle-china?room={rid}&match_id={mid}")
    phone.locator("#start-scoring").tap()
    expect(phone.get_by_test_id("player-total")).to_be_visible()  # the first answer is drawn
    expect(phone.locator("body[data-scoring=idle]")).to_have_count(1)
    phone.get_by_test_id("sq-1-0").tap()
    expect(phone.get_by_test_id("sq-1-0")).to_have_attribute("aria-pressed", "true")
    phone.evaluate(SHIFT_AT_POINTERUP)
    phone.locator("#shape-picker [data-shape='SE']").tap()
    phone.wait_for_function("() => window.shifted === true")
    expect(phone.get_by_test_id("sq-1-0")).to_have_attribute("data-path", "SE")
    state = json.loads(phone.locator("#doodle-app").get_attribute("data-state"))
    assert state["players"][0]["grid"][1][0].endswith(":SE"), state["players"][0]["grid"][1]
