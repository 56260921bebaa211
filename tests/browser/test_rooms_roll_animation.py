"""The roll animation is decoration: the numbers are in the page from the
first frame, and phones that ask for reduced motion get none."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_roll_shows_numbers_at_once_and_respects_reduced_motion(phone, group_page, motion):
    gid, key = group_page
    headers = {"X-Companion-Key": key, "Content-Type": "application/json"}
    room = phone.request.post(f"/api/groups/{gid}/rooms", headers=headers,
                              data={"game": "doodle-china", "edition": "suzhou",
                                    "players": ["Ana", "Ben"]}).json()
    for _ in range(5):
        phone.request.post(f"/api/groups/{gid}/rooms/{room['id']}/roll", headers=headers)
    phone.emulate_media(reduced_motion=motion)
    phone.goto(f"/g/{gid}/rooms/{room['id']}")
    phone.click('#seat-buttons [data-seat="0"]')
    phone.wait_for_function("() => document.getElementById('turn').dataset.expect === 'roll'"
                            " && document.getElementById('room').dataset.lastEvent === '5'")
    phone.click("#roll")
    # the fifth roll's dice are on the page already: wait for this roll's own
    # render, which marks whether it animated
    phone.wait_for_function("() => document.getElementById('room').dataset.rollAnimated !== undefined")
    phone.wait_for_selector("#dice .die-white")
    state = phone.evaluate("""() => ({
        animated: document.getElementById('room').dataset.rollAnimated,
        numbers: [...document.querySelectorAll('#dice .die-number')].map(e => e.textContent),
        size: parseFloat(getComputedStyle(document.querySelector('#dice .die-white')).fontSize),
    })""")
    assert len(state["numbers"]) == 4 and all(n in "123456" for n in state["numbers"])
    assert state["size"] >= 32  # big enough to read across the table
    assert state["animated"] == ("no" if motion == "reduce" else "yes")
    # And the stylesheet itself turns the tumble off for reduced motion.
    # In one task: the roll's own timer takes 'rolling' off 900 ms after the roll, and
    # it must not fall between adding the class and reading the style.
    animation = phone.evaluate("""() => {
        document.getElementById('dice').classList.add('rolling');
        return getComputedStyle(document.querySelector('#dice .die-white')).animationName;
    }""")
    assert animation == ("none" if motion == "reduce" else "tumble")
    assert phone.errors == []
