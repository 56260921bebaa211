"""An overexposed Doodle China photo on a 390x844 phone: the reader's
warning about the whole photo (exposure.py) is shown open above the read,
not folded into the list of unsure fields, and the empty squares it doubts
are marked unsure. Fails on 4d604cc (no such warning, no open note)."""

from __future__ import annotations

import photo_flow as flow
import pytest
from doodle_styles import styled_case
from playwright.sync_api import Page, expect

from vision.doodle_china.exposure import OVEREXPOSED

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("uploads_removed")]


def test_an_overexposed_photo_says_so_on_the_page(phone: Page, group_page, tmp_path, uploads_removed):
    gid, _key = group_page
    data, _ = styled_case(684026, "faint", out_size=(1600, 1200))
    photo = tmp_path / "overexposed.jpg"
    photo.write_bytes(data)
    flow.send_photo(phone, gid, "doodle-china", photo, uploads_removed)
    note = phone.get_by_test_id("photo-notes")
    expect(note).to_be_visible()
    expect(note).to_contain_text(OVEREXPOSED)
    box = note.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert phone.locator("[data-testid^=sq-].is-doubt").count() > 0
    flow.no_page_scroll(phone)
    flow.shot(phone, "overexposed")
