"""Teach once on a 390x844 phone: a photo of a blank pad sheet (not printed by
the project) is sent, the straightened sheet is shown with what was found, one
printed value is corrected with a tap, a grid corner dragged (the blank is
looked at again with the corners as hints), the template saved; then a photo of a
finished sheet of that pad is read through it, put into the match being
entered, scored (totals equal `companion score`) and the match saved."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from browser_support import ARTIFACTS, score_cli, start_doodle_scoring
from playwright.sync_api import Page, expect

from vision.doodle_china import ocr

pytestmark = [pytest.mark.browser, pytest.mark.tesseract]

REPO = Path(__file__).resolve().parents[2]
PAD = REPO / "fixtures" / "photos" / "doodle-china-pad"


def _shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"teach_{name}.png"), full_page=True)


def _grid_on_photo(template: dict) -> np.ndarray:
    """The template's grid corners in the blank photo's pixels."""
    x0, y0, x1, y1 = template["grid"]
    pts = np.array([[x0, y0, 1], [x1, y0, 1], [x1, y1, 1], [x0, y1, 1]], float) @ np.array(template["homography"]).T
    return pts[:, :2] / pts[:, 2:]


def _drag(page: Page, selector: str, dx: float, dy: float) -> None:
    box = page.locator(selector).bounding_box()
    assert box is not None, f"{selector} is not on the page"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + dx, y + dy, steps=5)
    page.mouse.up()


def test_teach_a_pad_then_read_score_and_save_a_sheet_of_it(phone: Page, group_page, uploads_removed):
    if not ocr.available():
        pytest.fail("tesseract is needed to read a pad's printed values (scripts/setup.sh installs it)")
    gid, _key = group_page
    truth = json.loads((PAD / "blank-suzhou-boxed.expected.json").read_text("utf-8"))["geometry"]

    # From the Doodle China photo page to the teach page.
    phone.goto(f"/g/{gid}/photo/doodle-china")
    phone.locator("#teach-link").click()
    phone.wait_for_url(re.compile(r"/teach$"))
    phone.fill("#teach-name", "Thursday pad")
    phone.set_input_files("#teach-file", str(PAD / "blank-suzhou-boxed.jpg"))
    expect(phone.locator("#step-check")).to_be_visible(timeout=90_000)
    expect(phone.locator("#teach-image")).to_have_js_property("complete", True)
    assert phone.locator("#teach-image").evaluate("img => img.naturalWidth") > 100
    expect(phone.locator("#teach-overlay rect.teach-cell")).to_have_count(25)
    expect(phone.locator("#teach-overlay rect.teach-box")).to_have_count(23)
    buttons = phone.locator("[data-track=hotels] .teach-value-button")
    expect(buttons).to_have_count(9)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    _shot(phone, "found")

    # The bottom left corner dragged a little (as a person nudges it onto the
    # printed corner): the blank is looked at again with the four corners as
    # hints, the first try is replaced, and the grid is the same one.
    first = phone.request.get(f"/api/groups/{gid}/templates").json()
    assert len(first) == 1
    old = phone.request.get(f"/api/groups/{gid}/templates/{first[0]['id']}").json()["template"]
    expect(phone.locator("#teach-overlay circle.teach-corner")).to_have_count(4)
    expect(phone.locator("#teach-regrid")).to_be_hidden()
    # every handle lies whole inside the card (none cut off at the sheet's edge)
    card = phone.locator("#step-check").bounding_box()
    for i in range(4):
        box = phone.locator(f"#teach-overlay circle.teach-corner[data-corner='{i}']").bounding_box()
        assert box is not None and card is not None
        assert card["x"] <= box["x"] and box["x"] + box["width"] <= card["x"] + card["width"], (i, box, card)
        assert card["y"] <= box["y"] and box["y"] + box["height"] <= card["y"] + card["height"], (i, box, card)
    # the keyboard moves a handle too (and back: the grid found stays the same)
    top_left = phone.locator("#teach-overlay circle.teach-corner[data-corner='0']")
    x_attr = top_left.get_attribute("cx")
    x_before = float(x_attr)
    top_left.focus()
    top_left.press("ArrowRight")
    expect(top_left).not_to_have_attribute("cx", x_attr)
    assert float(top_left.get_attribute("cx")) > x_before
    expect(phone.locator("#teach-regrid")).to_be_visible()
    top_left.press("ArrowLeft")
    assert abs(float(top_left.get_attribute("cx")) - x_before) < 1e-6
    corner = "#teach-overlay circle.teach-corner[data-corner='3']"  # bottom left: clear of the sticky header
    phone.locator(corner).evaluate("el => el.scrollIntoView({block: 'center'})")
    _drag(phone, corner, 5, -4)
    expect(phone.locator("#teach-regrid")).to_be_visible()
    _shot(phone, "corner_dragged")
    # what the form carries (a multipart body with a file is not shown to Playwright)
    phone.evaluate("""() => { window.sentFields = {}; const append = FormData.prototype.append;
        FormData.prototype.append = function (k, v, ...rest) {
          window.sentFields[k] = typeof v === "string" ? v : "(file)"; return append.call(this, k, v, ...rest); }; }""")
    phone.locator("#teach-regrid").click()
    phone.wait_for_function("() => 'photo' in window.sentFields")
    sent = phone.evaluate("window.sentFields")
    assert sent["photo"] == "(file)" and sent["name"] == "Thursday pad"
    assert np.array(json.loads(sent["hints"])["grid"]).shape == (4, 2)
    expect(phone.locator("#step-check")).not_to_have_attribute("data-template", first[0]["id"], timeout=90_000)
    expect(phone.locator("#teach-regrid")).to_be_hidden()
    expect(phone.locator("#teach-overlay rect.teach-cell")).to_have_count(25)
    again = phone.request.get(f"/api/groups/{gid}/templates").json()
    assert [t["id"] for t in again] == [phone.locator("#step-check").get_attribute("data-template")]
    new = phone.request.get(f"/api/groups/{gid}/templates/{again[0]['id']}").json()["template"]
    side = float(np.linalg.norm(_grid_on_photo(old)[1] - _grid_on_photo(old)[0]))
    assert np.abs(_grid_on_photo(new) - _grid_on_photo(old)).max() < 0.02 * side

    # One tap on a value, the right number typed: the first one read wrong, else the first.
    shown = [b.inner_text() for b in buttons.all()]
    want = [e["value"] for e in truth["tracks"]["hotels"]]
    i = next((k for k, (s, w) in enumerate(zip(shown, want, strict=True)) if s != str(w)), 0)
    buttons.nth(i).click()
    field = phone.locator("[data-track=hotels] .teach-input")
    field.fill(str(want[i]))
    field.press("Enter")
    expect(phone.locator("[data-track=hotels] .teach-value-button").nth(i)).to_have_text(str(want[i]))
    # every other track as the person checks it (values read wrong are fixed the same way)
    for name, entries in truth["tracks"].items():
        for k, e in enumerate(entries):
            button = phone.locator(f"[data-track={name}] .teach-value-button").nth(k)
            if button.inner_text() != str(e["value"]):
                button.click()
                phone.locator(f"[data-track={name}] .teach-input").fill(str(e["value"]))
                phone.locator(f"[data-track={name}] .teach-input").press("Enter")
    phone.locator("#teach-save").click()
    expect(phone.locator("#step-done")).to_be_visible()
    expect(phone.locator("#teach-list li")).to_have_count(1)
    _shot(phone, "saved")
    stored = phone.request.get(f"/api/groups/{gid}/templates").json()
    assert len(stored) == 1 and stored[0]["confirmed"] and stored[0]["name"] == "Thursday pad"
    tid = stored[0]["id"]
    full = phone.request.get(f"/api/groups/{gid}/templates/{tid}").json()["template"]
    assert {n: [e["value"] for e in es] for n, es in full["tracks"].items()} == {
        n: [e["value"] for e in es] for n, es in truth["tracks"].items()}
    assert phone.errors == []

    # The match being entered: Ana and Ben; Ben's sheet is a photo of the pad.
    start_doodle_scoring(phone, gid, ["Ana", "Ben"])
    phone.goto(f"/g/{gid}/photo/doodle-china")
    phone.set_input_files("#photo-camera", str(PAD / "marked-suzhou-boxed-arc.jpg"))
    phone.wait_for_url(re.compile(r"/photo/[0-9a-f-]{36}$"), timeout=90_000)
    pid = phone.url.rsplit("/", 1)[-1]
    uploads_removed.append(pid)
    reading = phone.request.get(f"/api/groups/{gid}/photos/{pid}").json()
    assert reading["sheet"]["template"] == tid
    marked = json.loads((PAD / "marked-suzhou-boxed-arc.expected.json").read_text("utf-8"))
    assert reading["proposal"]["grid"] == marked["proposal"]["grid"]
    expect(phone.get_by_test_id("photo-view").locator("polygon.ov-cell")).to_have_count(25)

    phone.locator(".target-player[data-player=Ben]").click()
    expect(phone.locator("body[data-scoring=idle]")).to_have_count(1)
    state = json.loads(phone.locator("#photo-app").get_attribute("data-state"))
    ben = state["players"][1]
    assert ben["name"] == "Ben" and ben["grid"] == reading["proposal"]["grid"]
    expected = score_cli(state)
    shown_totals = {row.get_attribute("data-player"): int(row.get_by_test_id("total").inner_text())
                    for row in phone.locator("#result .result-player").all()}
    assert shown_totals == {p["name"]: p["total"] for p in expected["players"]}
    _shot(phone, "reading")
    phone.locator("#save-match").click()
    phone.wait_for_url(re.compile(r"/matches/"))
    mid = phone.url.rstrip("/").rsplit("/", 1)[-1]
    assert phone.request.get(f"/api/groups/{gid}/matches/{mid}").json()["state"] == state
    assert phone.errors == []
