"""Cards the Canal Houses reader is unsure of, on a 390x844 phone: a catalog
match by place alone and the reader's own doubtful structure are marked on the
photo (amber dashed frame, "?" diamond), listed in a "Check N cards" strip that
opens the card, and explained in its panel; "Looks right" or a change clears the
mark (Undo brings it back; an edit/undo round and a reload keep it cleared), and
warnings that name a card open it."""

from __future__ import annotations

import importlib.util
import re
import sys

import photo_flow as flow
import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("uploads_removed")]

WINDOW = {"cats": 1, "birds": 0, "flags": 2, "flowerpots": 0, "color": "blue"}


def _bench_rule():
    """bench/doubt_marks.py `marked`: the page's rule as the benchmark counts it."""
    spec = importlib.util.spec_from_file_location("doubt_marks", flow.REPO / "bench" / "doubt_marks.py")
    module = importlib.util.module_from_spec(spec)
    kept = list(sys.path)
    try:
        spec.loader.exec_module(module)  # it puts bench/ first on the path: not for the other tests
    finally:
        sys.path[:] = kept
    return module.marked


def _by_place(reading: dict, cid: str) -> dict:
    """The reading as the reader answers when a window's details matched no
    catalog card and its place alone proposed `cid` (vision/canal_houses/reader.py
    `_read_card`: the match carries "by": "place", its values come with the
    match's confidence, at most 0.5, and a warning names the card)."""
    card = [c for c in reading["cards"] if c["role"] == "window"][-1]
    h, row = card["house"], card["row"]
    card["match"] = {"id": cid, "confidence": 0.5, "by": "place"}
    window = reading["proposal"]["street"][h]["windows"][row - 1]
    confidence = reading["confidence"]["street"][h]["windows"][row - 1]
    for key in ("cats", "birds", "flags", "flowerpots"):
        window[key], confidence[key] = WINDOW[key], 0.5
    reading["warnings"].append(f"house {h + 1}, card {row + 1}: taken for catalog card {cid} by its place alone "
                               "(its details matched no card): check that it is this card")
    return reading


def _marks(page: Page) -> dict[str, int]:
    view = page.get_by_test_id("photo-view")
    return {"frames": view.locator("polygon.ov-doubt").count(), "diamonds": view.locator("polygon.ov-badge-doubt").count(),
            "cards": view.locator("polygon.ov-card.is-doubt").count()}


def test_a_card_proposed_by_its_place_is_marked_then_confirmed(phone: Page, group_page, tmp_path, monkeypatch,
                                                               uploads_removed):
    import companion.photos.reading as photo_reading

    gid, key = group_page
    answer = phone.request.post(f"/api/groups/{gid}/cards", headers={"X-Companion-Key": key},
                                data={"kind": "window", "name": "Two flags and a cat", "data": WINDOW})
    cid = answer.json()["id"]
    real = photo_reading.read_in_worker
    monkeypatch.setattr(photo_reading, "read_in_worker", lambda data, **kw: _by_place(real(data, **kw), cid))
    pid = flow.send_photo(phone, gid, "canal-houses", flow.houses_photo(tmp_path), uploads_removed)
    reading = phone.request.get(f"/api/groups/{gid}/photos/{pid}").json()
    card = next(c for c in reading["cards"] if c["match"])
    h, row = card["house"], card["row"]
    title = f"House {h + 1} · window {row}"
    view = phone.get_by_test_id("photo-view")
    strip = phone.get_by_test_id("doubts")

    # Marked on the photo and in the street, listed in the strip; not shown as a sure match.
    expect(strip).to_contain_text("Check 1 card")
    expect(view.locator("polygon.ov-doubt")).to_have_count(1)
    assert _marks(phone) == {"frames": 1, "diamonds": 1, "cards": 1}
    expect(phone.get_by_test_id(f"ov-card-{h}-{row}")).to_have_class(re.compile("is-doubt"))
    expect(view.locator("circle.ov-badge-matched")).to_have_count(0)
    expect(phone.get_by_test_id(f"card-{h}-{row}")).to_have_class(re.compile("is-doubt"))
    expect(phone.locator(".legend")).to_contain_text("to check")
    expect(phone.get_by_test_id("doubts-left")).to_contain_text("1 card the reader was unsure of is not checked yet")
    flow.no_page_scroll(phone)
    flow.shot(phone, "houses_doubt_marked")

    # The card editor is fetched when a filled card is first opened; a failed fetch says so.
    phone.route("**/kit/houses_editor.js", lambda route: route.abort())
    phone.get_by_test_id(f"doubt-{h}-{row}").click()
    expect(phone.locator("#card-panel [role=alert]")).to_contain_text("card editor could not be loaded")
    assert all("houses_editor.js" in e or "Failed to load" in e for e in phone.errors), phone.errors
    phone.errors.clear()
    phone.unroute("**/kit/houses_editor.js")
    phone.reload()

    # The strip opens the card in the fixer, which says why and shows the proposed values.
    phone.get_by_test_id(f"doubt-{h}-{row}").click()
    expect(phone.locator("#card-panel h3")).to_contain_text(title)
    note = phone.get_by_test_id("doubt-note")
    expect(note).to_contain_text("by its place alone")
    expect(note).to_contain_text("Two flags and a cat")  # the catalog's name, once it has loaded
    expect(phone.get_by_test_id("from-catalog")).to_contain_text("Proposed from the catalog by its place alone")
    expect(phone.locator("#editor [data-testid=feature-flags] [aria-pressed=true]")).to_have_text("2")
    flow.shot(phone, "houses_doubt_panel")

    # Looks right: the mark goes; Undo on the toast (clicked first: the toast goes after 8 s)
    # brings it back; confirmed again, the strip goes too.
    phone.get_by_test_id("doubt-ok").click()
    expect(view.locator("polygon.ov-doubt")).to_have_count(0)
    phone.locator("#toast button", has_text="Undo").click()
    expect(strip).to_contain_text("Check 1 card")
    expect(view.locator("polygon.ov-doubt")).to_have_count(1)
    expect(phone.get_by_test_id("doubt-note")).to_be_visible()
    phone.get_by_test_id("doubt-ok").click()
    expect(view.locator("polygon.ov-doubt")).to_have_count(0)
    expect(strip).to_be_hidden()
    expect(phone.get_by_test_id(f"card-{h}-{row}")).not_to_have_class(re.compile("is-doubt"))
    expect(phone.get_by_test_id("doubt-done")).to_be_visible()
    expect(phone.get_by_test_id("from-catalog")).to_contain_text("checked by you")
    expect(phone.get_by_test_id("doubts-left")).to_be_hidden()
    flow.shot(phone, "houses_doubt_checked")

    # An edit/undo round (the window removed, then put back) leaves it checked.
    phone.locator("#editor [data-action=remove-card]").click()
    expect(phone.locator("#street-wrap .hcard")).to_have_count(len(reading["cards"]) - 1)
    phone.locator("#toast button", has_text="Undo").click()
    expect(phone.get_by_test_id(f"card-{h}-{row}")).to_be_visible()
    expect(phone.get_by_test_id(f"card-{h}-{row}")).not_to_have_class(re.compile("is-doubt"))
    assert _marks(phone) == {"frames": 0, "diamonds": 0, "cards": 0}
    expect(strip).to_be_hidden()
    # ... and a reload too (the photo's draft on the phone).
    phone.reload()
    expect(phone.get_by_test_id(f"card-{h}-{row}")).to_be_visible()
    expect(strip).to_be_hidden()
    assert _marks(phone) == {"frames": 0, "diamonds": 0, "cards": 0}
    assert phone.errors == []


def test_the_readers_doubtful_cards_are_listed_named_by_warnings_and_cleared_by_a_fix(phone: Page, group_page,
                                                                                      uploads_removed):
    """The reader's own answer on a committed fixture: two windows that look like
    roofs with cards above them, each named in a warning (no catalog, so every card
    also has values missing)."""
    gid, _key = group_page
    photo = flow.FIXTURES / "canal-houses" / "classic-discards.jpg"
    pid = flow.send_photo(phone, gid, "canal-houses", photo, uploads_removed)
    reading = phone.request.get(f"/api/groups/{gid}/photos/{pid}").json()
    named = [tuple(int(n) - 1 for n in m.groups()) for w in reading["warnings"]
             if (m := re.match(r"house (\d+), card (\d+): ", w))]
    doubtful = sorted(_bench_rule()(reading))
    assert named and set(named) <= set(doubtful), reading["warnings"]  # on main: two windows, each named
    strip = phone.get_by_test_id("doubts")
    expect(strip).to_contain_text(f"Check {len(doubtful)} card{'s' if len(doubtful) != 1 else ''}")
    view = phone.get_by_test_id("photo-view")
    expect(view.locator("polygon.ov-doubt")).to_have_count(len(doubtful))
    # the page marks exactly the cards bench/doubt_marks.py counts as marked
    assert {p.get_attribute("data-testid") for p in view.locator("polygon.ov-card.is-doubt").all()} == {
        f"ov-card-{h}-{r}" for h, r in doubtful}
    flow.no_page_scroll(phone)
    flow.shot(phone, "houses_doubts_reader")

    # A warning that names a card opens that card.
    h, row = named[0]
    role = next(c["role"] for c in reading["cards"] if (c["house"], c["row"]) == (h, row))
    phone.get_by_test_id("warnings").locator("summary").click()
    phone.get_by_test_id(f"warning-{h}-{row}").click()
    expect(phone.locator("#card-panel h3")).to_contain_text(f"House {h + 1} · {f'window {row}' if role == 'window' else role}")
    expect(phone.get_by_test_id("doubt-note")).to_be_visible()

    # Answering its questions is checking it: its mark goes, the count follows.
    ask = "cats" if role == "window" else "points"
    phone.locator(f"#card-panel .ask-row[data-ask={ask}]").get_by_test_id(f"ask-{ask}-1").click()
    expect(phone.get_by_test_id(f"ov-card-{h}-{row}")).not_to_have_class(re.compile("is-doubt"))
    left = len(doubtful) - 1
    if left:
        expect(strip).to_contain_text(f"Check {left} card{'s' if left != 1 else ''}")
    else:
        expect(strip).to_be_hidden()
    expect(phone.get_by_test_id("doubt-done")).to_be_visible()
    expect(phone.get_by_test_id(f"doubt-{h}-{row}")).to_have_count(0)
    expect(phone.get_by_test_id(f"warning-{h}-{row}")).to_be_visible()  # still there, marked checked
    expect(phone.get_by_test_id("warnings")).to_contain_text("✓ checked")

    # From a checked card straight on to the next one to check.
    if left:
        nh, nr = next(d for d in doubtful if d != (h, row))
        phone.get_by_test_id("doubt-next").click()
        expect(phone.get_by_test_id(f"card-{nh}-{nr}")).to_have_attribute("aria-pressed", "true")
        expect(phone.get_by_test_id("doubt-note")).to_be_visible()
    assert phone.errors == []


def test_a_store_told_from_its_twins_is_a_proposal_not_a_sure_match(phone: Page, group_page, tmp_path, monkeypatch,
                                                                    uploads_removed):
    """A store the reader told from same-looking stores by a small difference
    (vision/canal_houses/twins.py: "by": "twin", confidence 0.5, a warning naming
    both) is counted and marked as a proposal, never with the sure match's ✓."""
    import companion.photos.reading as photo_reading

    gid, key = group_page
    store = {"points": 4, "color": "red", "condition": {"none": ["flags"]}}
    cids = [phone.request.post(f"/api/groups/{gid}/cards", headers={"X-Companion-Key": key},
                               data={"kind": "store", "name": name, "data": store}).json()["id"]
            for name in ("Red shop, four points", "Red shop, three points")]
    real = photo_reading.read_in_worker

    def by_twin(data, **kwargs):
        reading = real(data, **kwargs)
        card = next(c for c in reading["cards"] if c["role"] == "store")
        card["match"] = {"id": cids[0], "confidence": 0.5, "by": "twin"}
        reading["proposal"]["street"][card["house"]]["store"] = dict(store)
        reading["warnings"].append(f"house {card['house'] + 1}, card {card['row'] + 1}: taken for catalog card {cids[0]} "
                                   f"rather than {cids[1]} (they differ only in small print): check that it is this card")
        return reading

    monkeypatch.setattr(photo_reading, "read_in_worker", by_twin)
    pid = flow.send_photo(phone, gid, "canal-houses", flow.houses_photo(tmp_path), uploads_removed)
    reading = phone.request.get(f"/api/groups/{gid}/photos/{pid}").json()
    card = next(c for c in reading["cards"] if c["match"])
    h, row = card["house"], card["row"]
    view = phone.get_by_test_id("photo-view")

    expect(phone.locator("h1 + p")).to_contain_text("none recognised from the card catalog, 1 proposed")
    expect(phone.get_by_test_id("doubts")).to_contain_text("Check 1 card")
    assert _marks(phone) == {"frames": 1, "diamonds": 1, "cards": 1}
    expect(view.locator("circle.ov-badge-matched")).to_have_count(0)
    assert (h, row) in _bench_rule()(reading)  # bench/doubt_marks.py counts it as marked too
    phone.get_by_test_id(f"doubt-{h}-{row}").click()
    expect(phone.get_by_test_id("from-catalog")).to_contain_text("Proposed from the catalog over cards that look the same")
    expect(phone.get_by_test_id("doubt-note")).to_contain_text("rather than")
    phone.get_by_test_id("doubt-ok").click()
    expect(view.locator("polygon.ov-doubt")).to_have_count(0)
    expect(phone.get_by_test_id("from-catalog")).to_contain_text("checked by you")
    assert phone.errors == []
