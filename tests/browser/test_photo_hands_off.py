"""The street photo page never loses a tap to its own background read: the card
catalog it asks for as it opens redraws the photo, the street and the panel,
so its answer waits while a finger is down (M.whenHandsOff)."""

from __future__ import annotations

import time

import pytest
from browser_support import WAIT_MS
from playwright.sync_api import Page, expect
from test_photo_pages_browser import _houses_photo, _send, uploads_removed  # noqa: F401

pytestmark = pytest.mark.browser

# Notes, in the task right after the page took the catalog's answer, whether the
# card under the finger is still in the page.
CATALOG_ANSWER = """
const json = Response.prototype.json;
Response.prototype.json = function () {
  const url = this.url;
  return json.call(this).then((data) => {
    if (/\\/cards$/.test(new URL(url).pathname)) setTimeout(() => {
      window.catalogAnswer = { same: window.pressed ? window.pressed.isConnected : null };
    }, 0);
    return data;
  });
};
"""


def test_the_catalog_answer_mid_tap_on_the_photo_waits_until_the_finger_is_up(
        phone: Page, group_page, tmp_path, uploads_removed):  # noqa: F811
    gid, _key = group_page
    phone.add_init_script(CATALOG_ANSWER)
    held = []
    phone.route("**/api/groups/*/cards",  # hold the catalog the street page reads as it opens
                lambda route: held.append(route) if route.request.method == "GET"
                else route.fallback())
    pid = _send(phone, gid, "canal-houses", _houses_photo(tmp_path), uploads_removed)
    cards = phone.request.get(f"/api/groups/{gid}/photos/{pid}").json()["cards"]
    deadline = time.monotonic() + WAIT_MS / 1000
    while not held:  # the page asks for the catalog as it opens
        assert time.monotonic() < deadline, "the street page did not read the card catalog"
        phone.wait_for_timeout(50)

    last = cards[-1]
    card = phone.get_by_test_id(f"ov-card-{last['house']}-{last['row']}")
    expect(card).to_be_visible()
    card.evaluate("el => { el.scrollIntoView({block: 'center'}); window.pressed = el;"
                  " window.catalogAnswer = null; }")  # only the held answer is noted from here
    box = card.bounding_box()
    phone.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    phone.mouse.down()
    held.pop().continue_()  # the catalog comes back while the finger is on the card
    phone.unroute("**/api/groups/*/cards")
    seen = phone.wait_for_function("() => window.catalogAnswer").json_value()
    assert seen == {"same": True}, "the catalog's answer redrew the photo mid-tap"
    phone.mouse.up()

    # The tap counted: the card's questions are open.
    expect(phone.locator("#card-panel h3")).to_contain_text(f"House {last['house'] + 1}")
    assert phone.errors == [], phone.errors
