"""Room events on the phones (issue 12), at 390x844: each phone applies what
an event changed and does not re-read the room; a missing event id (a gap)
makes it re-read the room once and it shows the same table as a fresh load;
a phone whose seat another phone took over notices at the next event."""

from __future__ import annotations

import json
import time
from urllib.parse import urlparse

import pytest
import requests
from browser_support import ARTIFACTS, WAIT_MS, table_phone, table_room
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

DEADLINE = WAIT_MS / 1000  # seconds: bounds a hang, not a speed


@pytest.fixture
def table(browser, live_server):
    made = table_room(live_server, "Event friends", ["Ana", "Ben"], mode="paper")
    api, headers = made["api"], made["headers"]
    contexts = []

    def phone(routes=None, room_reads=None):
        """A phone at the table; `reads` counts its GETs of the whole room;
        `room_reads` handles those GETs from before the page loads."""
        def before(page):
            page.reads = []
            page.on("request", lambda req: page.reads.append(req.url)
                    if req.method == "GET" and urlparse(req.url).path == urlparse(api).path
                    else None)
            if routes:
                page.route("**/events*", routes)
            if room_reads:
                page.route(lambda url: urlparse(url).path == urlparse(api).path, room_reads)

        return table_phone(browser, live_server, contexts, made["join_url"], before=before,
                           console_errors=False,
                           service_workers="block")  # else page.route misses reads

    def post(tail, body=None):
        answer = requests.post(f"{api}/{tail}", headers=headers, json=body, timeout=10)
        assert answer.status_code == 201, answer.text
        return answer.json()

    def events(after):
        return requests.get(f"{api}/events?after={after}", headers=headers,
                            timeout=10).json()["events"]

    try:
        yield {"phone": phone, "post": post, "events": events, "api": api, "headers": headers}
    finally:
        for context in contexts:
            context.close()


def at_event(page, n):
    expect(page.locator("#room")).to_have_attribute("data-last-event", str(n))


def reads_become(page, n):
    deadline = time.monotonic() + DEADLINE
    while len(page.reads) < n and time.monotonic() < deadline:
        page.wait_for_timeout(50)  # let the page's requests be reported
    assert len(page.reads) == n, page.reads


def shown(page):
    """What a phone shows of the shared table."""
    return {"turn": page.get_attribute("#turn", "data-player"), "round": page.inner_text("#round"),
            "blue": page.get_attribute('#dice [data-die="blue"]', "data-value"),
            "note": page.inner_text("#tray-note")}


def test_phones_apply_events_without_re_reading_the_room(table):
    ana, ben = table["phone"](), table["phone"]()
    ana.click('#seat-buttons [data-seat="0"]')
    ben.click('#seat-buttons [data-seat="1"]')
    reads_become(ana, 1)
    reads_become(ben, 1)
    for n in range(1, 7):  # the five starting riverways, then round 1's dice
        table["post"]("roll")
        at_event(ana, n)
        at_event(ben, n)
    last = table["events"](5)[0]
    for page in (ana, ben):
        assert page.get_attribute('#dice [data-die="blue"]', "data-value") == str(last["dice"]["blue"])
        expect(page.locator('#dice [data-die="0"]')).to_have_attribute(
            "data-value", str(last["dice"]["white"][0]))
    # Ana's turn: her phone asks for her options and offers her the dice; Ben waits.
    ana.click('#dice [data-die="0"]')
    ana.click("#take")
    at_event(ben, 7)
    expect(ben.locator('#dice [data-die="0"] .taker')).to_have_text("Ana")
    assert len(ana.reads) == 1 and len(ben.reads) == 1, "an event made a phone re-read the room"
    # What they show is what a freshly opened phone shows.
    fresh = table["phone"]()
    fresh.click('#seat-buttons [data-seat="watch"]')
    at_event(fresh, 7)
    expect(fresh.locator('#dice [data-die="0"] .taker')).to_have_text("Ana")
    assert shown(ben) == shown(fresh)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    ben.screenshot(path=str(ARTIFACTS / "room-events-applied.png"), full_page=True)
    assert ana.errors == [] and ben.errors == []


def test_a_gap_in_the_event_ids_makes_the_phone_re_read_the_room(table):
    served = []

    def stream_with_a_gap(route):
        """The first stream skips an event: rolls 1 and 2 land, only 2 arrives."""
        if "text/event-stream" not in (route.request.headers.get("accept") or "") or served:
            route.continue_()
            return
        served.append(route.request.url)
        table["post"]("roll")
        table["post"]("roll")
        second = table["events"](1)[0]
        route.fulfill(status=200, headers={"Content-Type": "text/event-stream",
                                           "Cache-Control": "no-store"},
                      body=f"retry: 600000\nid: 2\ndata: {json.dumps(second)}\n\n")

    page = table["phone"](stream_with_a_gap)
    # The seat is taken once the gap is mended: a re-read that crosses this
    # phone's own seat claim is rightly read again (it may predate the claim),
    # which would make the count below depend on timing.
    reads_become(page, 2)  # the first load, then one re-read for the gap
    at_event(page, 2)  # the log caught up too
    page.click('#seat-buttons [data-seat="0"]')
    expect(page.locator("#round")).to_contain_text("starting riverways 2 of")
    expect(page.locator("#seat-picker")).to_be_hidden()  # the seat is this phone's
    assert len(page.reads) == 2, page.reads
    fresh = table["phone"]()
    fresh.click('#seat-buttons [data-seat="watch"]')
    at_event(fresh, 2)
    assert shown(page)["blue"] == shown(fresh)["blue"]
    assert shown(page)["round"] == shown(fresh)["round"]
    assert page.errors == []


def test_a_taken_over_seat_is_noticed_at_the_next_event(table):
    first = table["phone"]()
    first.click('#seat-buttons [data-seat="0"]')
    expect(first.locator("#table")).to_be_visible()
    second = table["phone"]()
    second.click('#seat-buttons [data-seat="0"]')
    second.click("#take-over")
    expect(second.locator("#table")).to_be_visible()
    table["post"]("roll")
    expect(first.locator("#seat-problem")).to_contain_text("Another phone is playing Ana's seat now")
    at_event(second, 1)
    expect(second.locator("#table")).to_be_visible()
    assert len(second.reads) == 1  # the phone that took the seat over did not need a re-read


def test_a_re_read_answered_before_this_phones_seat_claim_does_not_lose_the_seat(table):
    """A room read that the server answered before this phone's seat claim,
    arriving after it, once told the phone "Another phone is playing Ana's
    seat now": the stale answer is now read again instead of believed."""
    held = []
    armed = []

    def hold_a_read(route):
        if route.request.method == "GET" and armed:
            held.append(route)  # delivered later, with an answer from before the claim
        else:
            route.continue_()

    page = table["phone"](room_reads=hold_a_read)
    expect(page.locator("#seat-buttons [data-seat='0']")).to_be_visible()
    armed.append(True)
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")  # a re-read
    deadline = time.monotonic() + DEADLINE
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert held, "the page did not re-read the room"
    armed.clear()
    route = held.pop()
    stale = page.request.get(route.request.url)  # the room as it is before the claim
    assert stale.ok and stale.json()["my_seat"] is None, stale.text()
    page.click('#seat-buttons [data-seat="0"]')
    expect(page.locator("#seat-picker")).to_be_hidden()
    # A room read the page takes (not one it drops as stale) writes data-room-read;
    # no event comes meanwhile, so the first write is the answer to the read again.
    page.evaluate("""() => { window.roomReadsTaken = 0;
        new MutationObserver((seen) => { window.roomReadsTaken += seen.length; })
            .observe(document.getElementById('room'), {attributeFilter: ['data-room-read']}); }""")
    route.fulfill(response=stale)
    reads_become(page, 3)  # the stale answer was read again
    page.wait_for_function("() => window.roomReadsTaken >= 1")  # and that answer is in
    expect(page.locator("#seat-picker")).to_be_hidden()
    expect(page.locator("#seat-problem")).to_have_count(0)
    assert page.errors == []
