"""Four phones (390x844 Chromium pages, each its own cookie jar) at one
Doodle China table: they join by the room link, pick seats, one rolls and all
four show the same dice, players take dice in turn, and a phone reloaded
mid-round catches up. One phone has no EventSource and keeps up by polling."""

from __future__ import annotations

import pytest
import requests
from browser_support import table_phone, table_room

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cem", "Dan"]


def white_dice(page) -> list[str]:
    return page.eval_on_selector_all("#dice .die-white", "els => els.map(e => e.dataset.value)")


def takers(page) -> list[str | None]:
    return page.eval_on_selector_all(
        "#dice .die-white",
        "els => els.map(e => e.querySelector('.taker') ? e.querySelector('.taker').textContent : null)")


def wait_event(page, event_id: int) -> None:
    page.wait_for_function("n => Number(document.getElementById('room').dataset.lastEvent) >= n",
                           arg=event_id)


def _without_event_source(page) -> None:
    """Dan's phone cannot hold a stream (think of a proxy that buffers it): the
    page falls back to polling ?after=N."""
    page.add_init_script("delete window.EventSource;")


@pytest.fixture
def table(browser, live_server):
    """A paper-mode room for four and four phones that joined it by its link."""
    table = table_room(live_server, "Table of four", NAMES)
    room = table["room"]
    contexts, pages = [], []
    try:
        for seat in range(4):
            page = table_phone(browser, live_server, contexts, room["join_url"],
                               before=_without_event_source if seat == 3 else None)
            assert "token=" not in page.url and page.url.endswith(f"/rooms/{room['id']}")
            page.click(f'#seat-buttons [data-seat="{seat}"]')
            page.wait_for_selector("#table:not([hidden])")
            assert page.inner_text("#seat-name") == NAMES[seat]
            pages.append(page)
        yield {"api": table["api"], "headers": table["headers"], "pages": pages}
    finally:
        for context in contexts:
            context.close()


def test_four_phones_share_the_dice_and_take_in_turn(table):
    pages, api, headers = table["pages"], table["api"], table["headers"]
    # The starting riverways: five blue rolls, here through the API (a script may roll too).
    for _ in range(5):
        assert requests.post(f"{api}/roll", headers=headers, timeout=10).status_code == 201
    for page in pages:
        wait_event(page, 5)
        page.wait_for_function("() => document.getElementById('turn').dataset.player === 'Ana'")
    assert "Your roll" in pages[0].inner_text("#turn")
    assert pages[1].inner_text("#turn").startswith("Ana rolls")

    # Ana rolls on her phone: all four show the same five white dice and blue die.
    pages[0].click("#roll")
    wait_event(pages[0], 6)  # the click only starts the POST: read the log once it answered
    roll = requests.get(f"{api}/events?after=5", headers=headers, timeout=10).json()["events"][0]
    assert roll["type"] == "roll" and len(roll["dice"]["white"]) == 5
    expected = [str(v) for v in roll["dice"]["white"]]
    for page in pages:
        wait_event(page, roll["id"])
        page.wait_for_function("n => document.querySelectorAll('#dice .die-white').length === n",
                               arg=5)
        assert white_dice(page) == expected
        assert page.get_attribute("#dice .die-blue", "data-value") == str(roll["dice"]["blue"])
        # The numbers are real text, readable without waiting for the animation.
        assert page.inner_text("#dice .die-blue .die-number") == str(roll["dice"]["blue"])

    # Clockwise from Ana; only the phone whose turn it is can take.
    event_id = roll["id"]
    for turn, name in enumerate(NAMES):
        page = pages[turn]
        for other in pages:
            # The room re-read after the roll sets both who and what (the dice a roll
            # paints first do not): until then Ana's phone still says "Your roll".
            other.wait_for_function("n => document.getElementById('turn').dataset.player === n"
                                    " && document.getElementById('turn').dataset.expect === 'move'",
                                    arg=name)
        assert "Your turn" in page.inner_text("#turn")
        waiting = pages[(turn + 1) % 4]
        assert waiting.is_disabled(f'#dice .die-white[data-die="{turn}"]')
        if turn == 2:
            # Cem's phone reloads mid-round: same seat, same dice, who took what, whose turn.
            page.reload()
            page.wait_for_selector("#table:not([hidden])")
            wait_event(page, event_id)
            assert page.inner_text("#seat-name") == "Cem"
            assert white_dice(page) == expected
            assert takers(page) == ["Ana", "Ben", None, None, None]
            assert "Your turn" in page.inner_text("#turn")
        page.click(f'#dice .die-white[data-die="{turn}"]')
        page.click("#take")
        event_id += 1
        for other in pages:
            wait_event(other, event_id)
            other.wait_for_function(
                "([i, n]) => { const d = document.querySelector(`#dice .die-white[data-die='${i}'] .taker`);"
                " return d && d.textContent === n; }", arg=[turn, name])
    for page in pages:
        assert takers(page) == ["Ana", "Ben", "Cem", "Dan", None]
        # Round 2: the starting player moved left, to Ben.
        page.wait_for_function("() => document.getElementById('turn').dataset.player === 'Ben'"
                               " && document.getElementById('turn').dataset.expect === 'roll'")
        assert "Round 2" in page.inner_text("#round")
    assert "Your roll" in pages[1].inner_text("#turn")
    log = requests.get(f"{api}/events?after=0", headers=headers, timeout=10).json()["events"]
    assert [(e["player"], e["die"]) for e in log if e["type"] == "take"] == [
        ("Ana", 0), ("Ben", 1), ("Cem", 2), ("Dan", 3)]
    assert "checking every few seconds" in pages[3].inner_text("#link-state")
    for page in pages:
        assert page.errors == [], page.errors
