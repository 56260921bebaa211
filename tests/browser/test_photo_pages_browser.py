"""Photo pages on a 390x844 phone, whatever the game: an unreadable photo's
message kept with the photo for a retry, and a light first load."""

from __future__ import annotations

import re

import photo_flow as flow
import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("uploads_removed")]


def test_an_unreadable_photo_says_what_to_do_and_keeps_the_photo(phone: Page, group_page, tmp_path):
    gid, _key = group_page
    from PIL import Image

    blank = tmp_path / "blank.jpg"
    Image.new("RGB", (800, 600), (30, 30, 30)).save(blank, "JPEG")
    phone.goto(f"/g/{gid}/photo/doodle-china")
    phone.set_input_files("#photo-file", str(blank))
    error = phone.locator("#upload-error")
    expect(error).to_be_visible(timeout=30_000)
    message = phone.get_by_test_id("server-message").inner_text()
    assert "light" in message or "sheet" in message, message  # the server's own words
    expect(error).to_contain_text("Take the photo again")
    expect(phone.locator("#photo-preview")).to_be_visible()  # the photo is still there ...
    expect(phone.locator("#upload-status")).to_have_attribute("data-phase", "error")
    with phone.expect_response(re.compile(r"/photos$")) as sent:
        phone.locator("#retry").click()  # ... and goes again with one tap
    assert sent.value.status == 422
    expect(error).to_be_visible()
    flow.no_page_scroll(phone)
    flow.shot(phone, "upload_error")


def test_photo_pages_first_load_is_light(browser, phone: Page, group_page, live_server, tmp_path, uploads_removed):
    """Each photo page cold on a phone: at most 150 KB, the photo itself aside
    (it is the person's own picture, fetched after the page)."""
    gid, key = group_page
    headers = {"X-Companion-Key": key}
    readings = {}
    for game, photo in (("doodle-china", flow.doodle_photo(tmp_path)), ("canal-houses", flow.houses_photo(tmp_path))):
        answer = phone.request.post(f"/api/groups/{gid}/photos", headers=headers, multipart={
            "game": game, "photo": {"name": photo.name, "mimeType": "image/jpeg", "buffer": photo.read_bytes()}})
        assert answer.status == 201, answer.text()
        readings[game] = answer.json()["id"]
        uploads_removed.append(readings[game])
    urls = {"upload (doodle)": f"/g/{gid}/photo/doodle-china", "upload (houses)": f"/g/{gid}/photo/canal-houses",
            "catalog photos": f"/g/{gid}/photo/cards",
            "doodle reading": f"/g/{gid}/photo/{readings['doodle-china']}",
            "houses reading": f"/g/{gid}/photo/{readings['canal-houses']}"}
    cookies = phone.context.storage_state()
    report = {}
    for name, url in urls.items():
        context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                      is_mobile=True, has_touch=True, base_url=live_server, storage_state=cookies)
        page = context.new_page()
        responses = []
        page.on("response", lambda r, seen=responses: seen.append(r))
        try:
            assert page.goto(url).status == 200, name
            page.wait_for_load_state("networkidle")
            size = sum(len(r.body()) for r in responses if r.status != 304 and not r.url.endswith("/image"))
            report[name] = size
            assert size <= 150 * 1024, f"{name}: {size} bytes on first load"
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, name
        finally:
            context.close()
    print("\nphoto pages, first load without the photo (bytes):", report)
