"""A score answer never takes a tap away (b4e8286, M.whenHandsOff): an answer
that arrives while a finger is down waits to redraw until the finger is up, so
the button under the finger is still the one its click reaches."""

from __future__ import annotations

import time

import pytest
from browser_support import WAIT_MS, read_draft, start_match, wait_scored
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# Counts score answers once the page's own code has taken them: json() resolves, the
# scorer's continuation runs in the microtasks after it, the count in the next task.
# That task also notes what the page shows at that moment (`atAnswer`): a check made
# from here instead could come after the held answer is let go (2 s after it is held,
# in case a pointerup was lost) when this process is slow, i.e. on a busy CI box.
COUNT_ANSWERS = """
const json = Response.prototype.json;
Response.prototype.json = function () {
  const url = this.url;
  return json.call(this).then((data) => {
    if (url.endsWith("/api/score")) setTimeout(() => {
      window.scoreAnswers = (window.scoreAnswers || 0) + 1;
      window.atAnswer = { scoring: document.body.dataset.scoring,
                          same: window.pressed ? window.pressed.isConnected : null };
    }, 0);
    return data;
  });
};
"""


def test_a_score_answer_mid_tap_waits_until_the_finger_is_up(phone, group_page):
    gid, _key = group_page
    phone.add_init_script(COUNT_ANSWERS)
    start_match(phone, gid, "canal-grande", ["Ana", "Ben"])
    held = []
    phone.route("**/api/score", lambda route: held.append(route))  # hold score requests
    phone.get_by_role("button", name="Ana, San Marco: one more", exact=True).click()
    deadline = time.monotonic() + WAIT_MS / 1000
    while not held:  # the edit's debounced POST reaches the route
        assert time.monotonic() < deadline, "the edit sent no score request"
        phone.wait_for_timeout(50)
    answers = phone.evaluate("() => window.scoreAnswers || 0")

    button = phone.get_by_role("button", name="Ben, Castello: one more", exact=True)
    button.evaluate("el => { window.pressed = el; }")
    box = button.bounding_box()
    phone.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    phone.mouse.down()
    held.pop().continue_()  # the answer comes back while the finger is down
    phone.unroute("**/api/score")  # before the tap's own edit sends the next one
    # What the page showed in the task right after it took the answer (COUNT_ANSWERS).
    seen = phone.wait_for_function("n => (window.scoreAnswers || 0) > n && window.atAnswer",
                                   arg=answers).json_value()
    assert seen == {"scoring": "busy", "same": True}, seen  # held, not drawn
    phone.mouse.up()

    # The tap counted, and the held answer was drawn after it.
    wait_scored(phone)
    players = read_draft(phone, gid, "canal-grande")["state"]["players"]
    assert players[0]["won"] == {"San Marco": 1} and players[1]["won"] == {"Castello": 1}
    expect(phone.locator("body[data-scoring=idle]")).to_have_count(1)
    assert phone.errors == [], phone.errors


# The same for a Canalis tile kept for the group: the page sends it in the background
# once an industrial or specialty move is added, and its answer redraws the next
# move's form. Noted in the task right after the page took that answer.
TILE_ANSWER = """
const json = Response.prototype.json;
Response.prototype.json = function () {
  const url = this.url;
  return json.call(this).then((data) => {
    if (url.includes("/canalis-tiles")) setTimeout(() => {
      window.tileAnswer = { same: window.pressed ? window.pressed.isConnected : null };
    }, 0);
    return data;
  });
};
"""


def test_a_kept_tile_answer_mid_tap_waits_until_the_finger_is_up(phone, group_page):
    gid, _key = group_page
    phone.add_init_script(TILE_ANSWER)
    phone.goto(f"/g/{gid}/play/canalis")
    for name in ("Atheneum", "Guild"):
        phone.fill("#new-player", name)
        phone.get_by_role("button", name="Add", exact=True).click()
    phone.locator("#start-game").click()
    held = []
    phone.route("**/canalis-tiles",  # hold the tile the next move keeps
                lambda route: held.append(route) if route.request.method == "POST"
                else route.fallback())
    phone.locator("button[data-kind=specialty]").click()
    for r, c in ((6, 5), (6, 6)):
        phone.get_by_test_id(f"cell-{r}-{c}").click()
    phone.locator("#add-move").click()
    expect(phone.get_by_role("heading", name="Moves (1)")).to_be_visible()
    deadline = time.monotonic() + WAIT_MS / 1000
    while not held:  # the added move's tile reaches the route
        assert time.monotonic() < deadline, "the move kept no tile"
        phone.wait_for_timeout(50)

    cost = phone.get_by_test_id("cost")  # the next move's form (the kind stays)
    before = int(cost.locator("output").inner_text())
    plus = cost.get_by_role("button", name="Cost (crowns): one more")
    plus.evaluate("el => { el.scrollIntoView({block: 'center'}); window.pressed = el;"
                  " window.tileAnswer = null; }")  # only the held answer is noted from here
    box = plus.bounding_box()
    phone.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    phone.mouse.down()
    held.pop().continue_()  # the tile's answer comes back while the finger is down
    phone.unroute("**/canalis-tiles")
    seen = phone.wait_for_function("() => window.tileAnswer").json_value()
    assert seen == {"same": True}, "the kept tile's answer redrew the form mid-tap"
    phone.mouse.up()

    # The tap counted, and the held redraw came after it (it offers the kept tile).
    expect(cost.locator("output")).to_have_text(str(before + 1))
    expect(phone.get_by_test_id("tiles").locator("[data-tile]")).to_have_count(1)
    expect(cost.locator("output")).to_have_text(str(before + 1))
    assert phone.errors == [], phone.errors


# And for the Canal Houses card catalog, read in the background as the card editor
# first opens: its answer redraws the page, so it may land during the first taps.
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


def test_the_card_catalog_answer_mid_tap_waits_until_the_finger_is_up(phone, group_page):
    gid, _key = group_page
    phone.add_init_script(CATALOG_ANSWER)
    held = []
    phone.route("**/api/groups/*/cards",  # hold the catalog the editor reads as it opens
                lambda route: held.append(route) if route.request.method == "GET"
                else route.fallback())
    start_match(phone, gid, "canal-houses", ["Ana", "Ben"])
    deadline = time.monotonic() + WAIT_MS / 1000
    while not held:  # the open store card asks for the catalog
        assert time.monotonic() < deadline, "the editor did not read the card catalog"
        phone.wait_for_timeout(50)

    button = phone.get_by_role("button", name="Points: 3", exact=True)
    button.evaluate("el => { el.scrollIntoView({block: 'center'}); window.pressed = el;"
                    " window.catalogAnswer = null; }")  # only the held answer is noted from here
    box = button.bounding_box()
    phone.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    phone.mouse.down()
    held.pop().continue_()  # the catalog comes back while the finger is down
    phone.unroute("**/api/groups/*/cards")
    seen = phone.wait_for_function("() => window.catalogAnswer").json_value()
    assert seen == {"same": True}, "the catalog's answer redrew the page mid-tap"
    phone.mouse.up()

    # The tap counted, and the held redraw came after it (the catalog is shown).
    wait_scored(phone)
    expect(phone.locator("#editor details.catalog")).to_contain_text("No saved store cards yet")
    store = read_draft(phone, gid, "canal-houses")["state"]["players"][0]["street"][0]["store"]
    assert store["points"] == 3, store
    assert phone.errors == [], phone.errors
