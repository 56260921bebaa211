"""The card catalog's photos on a 390x844 phone: one card photographed on the
catalog page, and a catalog made from one photo of twelve cards."""

from __future__ import annotations

import re

import photo_flow as flow
import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("uploads_removed")]


def test_catalog_page_photographs_a_card(phone: Page, group_page, tmp_path):
    gid, key = group_page
    from card_decks import deck
    from street_photos import card_photo

    design = next(c for c in deck() if c.role == "roof")
    answer = phone.request.post(f"/api/groups/{gid}/cards", headers={"X-Companion-Key": key},
                                data={"kind": "roof", "name": "Tall roof", "data": design.truth()})
    assert answer.status == 201, answer.text()
    cid = answer.json()["id"]
    photo = tmp_path / "roof.jpg"
    photo.write_bytes(card_photo(design, 5))

    phone.goto(f"/g/{gid}/photo/cards")
    row = phone.locator(f".catalog-card[data-card='{cid}']")
    expect(row).to_contain_text("Tall roof")
    expect(phone.get_by_test_id("catalog-count")).to_have_text("0 of 1 cards photographed.")
    row.get_by_test_id("card-camera").set_input_files(str(photo))
    expect(row.get_by_test_id("photographed")).to_be_visible(timeout=30_000)
    expect(phone.get_by_test_id("catalog-count")).to_have_text("1 of 1 cards photographed.")
    listed = phone.request.get(f"/api/groups/{gid}/card-photos", headers={"X-Companion-Key": key}).json()
    assert [p["card_id"] for p in listed["photos"]] == [cid]
    flow.no_page_scroll(phone)
    flow.shot(phone, "catalog")
    assert phone.errors == []


def test_catalog_from_one_photo_of_twelve_cards(phone: Page, group_page, tmp_path, uploads_removed):
    """One photo of 12 cards laid out in a grid: all 12 found and shown; three
    labelled on the phone (kind, colour, values; the second window takes the
    first's values with one tap on 'Same as'); a street photo that uses them
    is then read with those three recognised in their places."""
    import cv2
    import numpy as np
    from card_decks import deck
    from street_photos import generate, grid_photo

    import vision

    gid, key = group_page
    street = None
    for seed in (4, 26, 27, 3, 10):
        made = generate(seed, size=(1600, 1200), n_houses=2, exif=False)
        try:
            read = vision.read_photo(made.data, game="canal-houses")
        except vision.PhotoError:
            continue
        if len(read["cards"]) == len(made.truth["cards"]) <= 12:
            street = made
            break
    assert street is not None, "no generated street photo could be read"
    by_id = {c.id: c for c in deck()}
    used = [by_id[c["id"]] for c in street.truth["cards"]]
    rest = [c for c in deck() if c not in used]
    grid = grid_photo(used + rest[:12 - len(used)], 8, size=(2400, 1800), columns=4)
    grid_path = tmp_path / "grid.jpg"
    grid_path.write_bytes(grid.data)
    street_path = tmp_path / "street.jpg"
    street_path.write_bytes(street.data)

    phone.goto(f"/g/{gid}/photo/cards")
    with phone.expect_response(re.compile(r"/card-photos/grid$"), timeout=120_000) as sent:
        phone.get_by_test_id("grid-camera").set_input_files(str(grid_path))
    answer = sent.value.json()
    expect(phone.get_by_test_id("grid-count")).to_have_text("12 cards found; 12 to save.", timeout=60_000)
    flow.shot(phone, "catalog_grid_found")
    # Which found card is which design: the centre of its outline in the truth's outlines.
    which = {}
    for card in answer["cards"]:
        centre = tuple(np.mean(card["outline"], axis=0))
        for t in grid.truth["cards"]:
            if cv2.pointPolygonTest(np.array(t["outline"], np.float32), centre, False) >= 0:
                which[card["index"]] = by_id[t["id"]]
    street_ids = {c.id for c in used}
    windows = [i for i, d in which.items() if d.id in street_ids and d.role == "window"]
    stores = [i for i, d in which.items() if d.id in street_ids and d.role == "store"]
    chosen = (windows[:2] + stores[:1]) if len(windows) >= 2 else (windows + stores)[:3]
    assert len(chosen) == 3, which

    def label(index: int, copy_previous: bool = False) -> None:
        design = which[index]
        row = phone.locator(f"[data-grid-card='{index}']")
        row.get_by_role("button", name=design.role.capitalize(), exact=True).click()
        row.get_by_role("button", name=design.color, exact=True).click()
        truth = design.truth()
        if design.role == "window":
            if copy_previous:
                row.get_by_test_id("same-as").first.click()
                truth = first_values
            else:
                for feat in ("cats", "birds", "flags", "flowerpots"):
                    for _ in range(truth[feat]):
                        row.get_by_test_id(f"grid-{feat}").get_by_role("button", name=re.compile("one more")).click()
        else:
            for _ in range(truth["points"]):
                row.get_by_test_id("grid-points").get_by_role("button", name=re.compile("one more")).click()
        row.get_by_test_id("grid-save").click()
        expect(row.get_by_test_id("grid-saved")).to_be_visible(timeout=30_000)

    first_values = which[chosen[0]].truth() if which[chosen[0]].role == "window" else None
    label(chosen[0])
    label(chosen[1], copy_previous=which[chosen[1]].role == "window" and first_values is not None)
    label(chosen[2])
    expect(phone.get_by_test_id("grid-count")).to_have_text("12 cards found; 9 to save.")
    expect(phone.get_by_test_id("catalog-count")).to_have_text("3 of 3 cards photographed.")
    flow.no_page_scroll(phone)
    flow.shot(phone, "catalog_grid_labelled")
    cards = phone.request.get(f"/api/groups/{gid}/cards", headers={"X-Companion-Key": key}).json()["cards"]
    saved = {c["id"]: c for c in cards}
    assert len(saved) == 3

    pid = flow.send_photo(phone, gid, "canal-houses", street_path, uploads_removed)
    reading = phone.request.get(f"/api/groups/{gid}/photos/{pid}", headers={"X-Companion-Key": key}).json()
    matched = [c for c in reading["cards"] if c["match"]]
    assert len(matched) >= 2, reading["cards"]
    places = {(t["house"], t["row"]): t["id"] for t in street.truth["cards"]}
    for card in matched:
        entry = saved[card["match"]["id"]]
        design = by_id[places[(card["house"], card["row"])]]
        assert design.role == entry["kind"] and design.color == entry["data"]["color"], (card, entry)
    assert phone.errors == []
