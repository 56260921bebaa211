"""A Canal Houses street photo on a 390x844 phone: its missing values asked
for and filled in on the page before it scores, cards left out of the street
drawn on the photo too, and a card recognised from the catalog marked and not
asked."""

from __future__ import annotations

import re

import photo_flow as flow
import pytest
from browser_support import score_cli
from playwright.sync_api import Page, expect

from companion.games.canal_houses.state import missing_values

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("uploads_removed")]


def _fill_every_missing_value(page: Page) -> int:
    """Answer every question the page asks, the first store's condition through the
    card editor; returns how many answers it took."""
    answers = 0
    first_condition = True
    for _ in range(200):
        if page.get_by_test_id("missing").count() == 0:
            return answers
        row = page.locator("#card-panel .ask-row").first
        if row.count() == 0:
            page.locator("#fill-next").click()
            continue
        ask = row.get_attribute("data-ask")
        if ask == "points":
            row.get_by_test_id("ask-points-2").click()
        elif ask == "condition" and first_condition:
            first_condition = False
            row.get_by_test_id("ask-condition-some").click()
            page.locator("#editor [data-chip='at_least cats 1']").click()  # "1+ cat" in the card editor
            expect(page.locator("#editor .cond-row")).to_have_count(1)
        elif ask == "condition":
            row.get_by_test_id("ask-condition-none").click()
        else:
            row.get_by_test_id(f"ask-{ask}-{1 if ask == 'cats' else 0}").click()
        answers += 1
    raise AssertionError("the page kept asking")


def test_canal_houses_street_photo_asks_for_the_missing_values_then_scores(phone: Page, group_page, tmp_path,
                                                                          uploads_removed):
    gid, _key = group_page
    pid = flow.send_photo(phone, gid, "canal-houses", flow.houses_photo(tmp_path), uploads_removed)
    reading = phone.request.get(f"/api/groups/{gid}/photos/{pid}").json()
    cards = reading["cards"]

    # Every card outlined on the photo, labelled, the missing ones marked.
    view = phone.get_by_test_id("photo-view")
    expect(view.locator("polygon.ov-card")).to_have_count(len(cards))
    expect(view.locator("polygon.ov-card.is-missing")).to_have_count(len(cards))  # no catalog yet
    labels = view.locator("text.ov-label").all_text_contents()
    assert "1S" in labels and len(labels) == len(cards)
    first = cards[0]
    expect(phone.get_by_test_id(f"card-{first['house']}-{first['row']}")).to_have_class(re.compile(f"c-{first['color']}"))
    # A street the reader is sure of: nothing marked to check, no "Check N cards" strip.
    assert not [w for w in reading["warnings"] if w.startswith("house ")]
    assert all(c["role_confidence"] > 0.5 and not (c["match"] or {}).get("by") for c in cards)
    expect(phone.get_by_test_id("doubts")).to_be_hidden()
    expect(view.locator("polygon.ov-doubt, polygon.ov-badge-doubt")).to_have_count(0)

    # Scoring waits for the missing values, and says which.
    missing = phone.get_by_test_id("missing")
    expect(missing).to_contain_text("Still to fill in")
    expect(phone.locator("#save-match")).to_be_hidden()
    phone.fill("#player-name", "Ana")
    # Tapping a card on the photo opens its questions.
    phone.get_by_test_id(f"ov-card-{cards[-1]['house']}-{cards[-1]['row']}").click()
    expect(phone.locator("#card-panel h3")).to_contain_text(f"House {cards[-1]['house'] + 1}")
    flow.shot(phone, "houses_asking")

    answers = _fill_every_missing_value(phone)
    assert answers >= len(cards)
    expect(view.locator("polygon.ov-card.is-missing")).to_have_count(0)
    state = flow.photo_state(phone)
    assert [p["name"] for p in state["players"]] == ["Ana"]
    street = state["players"][0]["street"]
    assert len(street) == len(reading["proposal"]["street"])
    assert missing_values(state) == []
    conditions = [card["condition"] for house in street for card in (house["store"], house.get("roof")) if card]
    assert conditions.count({"at_least": {"cats": 1}}) == 1  # the one added in the card editor
    assert all(cond in ({}, {"at_least": {"cats": 1}}) for cond in conditions)
    expected = score_cli(state)
    assert flow.totals_shown(phone) == {"Ana": expected["players"][0]["total"]}
    flow.no_page_scroll(phone)
    flow.shot(phone, "houses_scored")
    assert phone.errors == []

    mid = flow.save_match(phone)
    flow.reopen_from_history(phone, gid, mid, {"Ana": expected["players"][0]["total"]})


def test_cards_left_out_of_the_street_are_drawn_on_the_photo_too(phone: Page, group_page, uploads_removed):
    """Face-down discards (and anything card-shaped the reader could not place)
    are outlined on the photo apart from the street, so a person sees every
    card the reader found."""
    gid, _key = group_page
    photo = flow.FIXTURES / "canal-houses" / "classic-discards.jpg"
    pid = flow.send_photo(phone, gid, "canal-houses", photo, uploads_removed)
    reading = phone.request.get(f"/api/groups/{gid}/photos/{pid}").json()
    others = reading["other_cards"]
    assert any(o["kind"] == "face-down" for o in others), others  # the fixture has discards under the canal
    view = phone.get_by_test_id("photo-view")
    expect(view.locator("polygon.ov-card")).to_have_count(len(reading["cards"]))
    expect(view.locator("polygon.ov-other")).to_have_count(len(others))
    expect(view.locator("polygon.ov-other.is-face-down")).to_have_count(sum(o["kind"] == "face-down" for o in others))
    assert phone.get_by_test_id("ov-other-0").locator("title").text_content().startswith(
        "Face-down" if others[0]["kind"] == "face-down" else "Left out")
    expect(phone.locator(".legend")).to_contain_text(f"left out of the street ({len(others)})")
    flow.no_page_scroll(phone)
    flow.shot(phone, "houses_other_cards")
    assert phone.errors == []


def test_a_card_recognised_from_the_catalog_is_marked_and_not_asked(phone: Page, group_page, tmp_path, monkeypatch,
                                                                    uploads_removed):
    """The page's side of a catalog match (the reading is the real one, with its
    first store marked as recognised, as the reader answers when it is)."""
    import companion.photos.reading as photo_reading

    gid, key = group_page
    store = {"points": 4, "color": "red", "condition": {"none": ["flags"]}}
    answer = phone.request.post(f"/api/groups/{gid}/cards", headers={"X-Companion-Key": key},
                                data={"kind": "store", "name": "Red shop, no flags", "data": store})
    cid = answer.json()["id"]
    real = photo_reading.read_in_worker

    def recognised(data, **kwargs):
        reading = real(data, **kwargs)
        card = next(c for c in reading["cards"] if c["role"] == "store")
        card["match"] = {"id": cid, "confidence": 0.93}
        reading["proposal"]["street"][card["house"]]["store"] = dict(store)
        return reading

    monkeypatch.setattr(photo_reading, "read_in_worker", recognised)
    pid = flow.send_photo(phone, gid, "canal-houses", flow.houses_photo(tmp_path), uploads_removed)
    reading = phone.request.get(f"/api/groups/{gid}/photos/{pid}").json()
    card = next(c for c in reading["cards"] if c["match"])
    view = phone.get_by_test_id("photo-view")
    expect(view.locator("polygon.ov-card.is-matched")).to_have_count(1)
    expect(view.locator("circle.ov-badge-matched")).to_have_count(1)
    expect(view.locator("polygon.ov-card.is-missing")).to_have_count(len(reading["cards"]) - 1)
    button = phone.get_by_test_id(f"card-{card['house']}-{card['row']}")
    expect(button).to_have_class(re.compile("is-matched"))
    expect(button).not_to_have_class(re.compile("is-missing"))
    button.click()
    expect(phone.get_by_test_id("from-catalog")).to_contain_text("Red shop, no flags")
    expect(phone.locator("#editor [data-testid=points] [aria-pressed=true]")).to_have_text("4")  # the editor, not questions
    assert phone.errors == []
