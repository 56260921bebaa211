"""A tucked card whose features match no catalog entry is found by its place
(recognise.by_layout): the wide-border deck's slate roofs under a pale sky
show too little for ORB when only their top shows, yet their shapes tell
them apart. A roof missing from the catalog must stay unmatched, and a store
is never matched by place alone (a whole field whose features fail is a card
not in the catalog or a near-twin)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from card_decks import deck
from house_catalog import catalog_rows, photographed_card
from street_photos import card_photo

from vision.canal_houses import constants as C
from vision.canal_houses import reader, recognise
from vision.canal_houses.catalog import CANON_H, CANON_W, Catalog
from vision.canal_houses.recognise import Match, match_card
from vision.canal_houses.structure import Card

STYLE = "wide-border"
KNOWN = 10  # the first ten roofs are in the catalog, the next two are not
SHOWN = 0.3  # the share of the roof's field that shows above the window below


@pytest.fixture(scope="module")
def roofs() -> tuple[Catalog, list]:
    cards = [c for c in deck(style=STYLE) if c.role == "roof"][:KNOWN + 2]
    return Catalog.parse(catalog_rows(cards[:KNOWN])), cards


def _top(cards: list, cid: str, role: str = "roof") -> tuple:
    """A fresh photo of the card and the quad of its top SHOWN share."""
    i = next(i for i, c in enumerate(cards) if c.id == cid)
    photo, quad, gains, _ = photographed_card(card_photo(cards[i], seed=7500 + i, camera="pinhole"))
    tl, tr, br, bl = quad
    top = np.array([tl, tr, tr + SHOWN * (br - tr), tl + SHOWN * (bl - tl)], np.float32)
    return photo, top, gains


@pytest.mark.parametrize("cid", ["R02", "R06", "R08", "R10"])
def test_a_roof_top_with_few_features_is_found_by_its_place(roofs: tuple[Catalog, list], cid: str) -> None:
    catalog, cards = roofs
    photo, top, gains = _top(cards, cid)
    found = match_card(catalog, photo, top, gains, "roof", SHOWN * CANON_H / CANON_W)
    assert found is not None and found[0].id == cid
    # found by place alone: a proposal the person confirms, never a sure match
    assert found.by_place and found.confidence <= C.LAYOUT_CONFIDENCE


@pytest.mark.parametrize("cid", ["R11", "R12"])
def test_a_roof_missing_from_the_catalog_stays_unmatched(roofs: tuple[Catalog, list], cid: str) -> None:
    catalog, cards = roofs
    photo, top, gains = _top(cards, cid)
    assert match_card(catalog, photo, top, gains, "roof", SHOWN * CANON_H / CANON_W) is None


def test_a_store_is_never_matched_by_place_alone(roofs: tuple[Catalog, list], monkeypatch: pytest.MonkeyPatch) -> None:
    catalog, cards = roofs
    photo, top, gains = _top(cards, "R02")
    calls: list[str] = []
    monkeypatch.setattr(recognise, "by_layout", lambda *a, **k: calls.append("layout"))
    as_stores = Catalog([replace(e, role="store") for e in catalog.entries], [])
    assert match_card(as_stores, photo, top, gains, "store", SHOWN * CANON_H / CANON_W) is None
    assert calls == []
    match_card(catalog, photo, top, gains, "roof", SHOWN * CANON_H / CANON_W)
    assert calls == ["layout"]  # the same card as a roof: its features fail, its place is tried


@pytest.mark.parametrize("by_place", [True, False], ids=["by-place", "by-features"])
def test_a_match_by_place_is_named_in_a_warning_for_the_person_to_confirm(
        roofs: tuple[Catalog, list], monkeypatch: pytest.MonkeyPatch, by_place: bool) -> None:
    catalog, _ = roofs
    entry = catalog.entries[3]
    monkeypatch.setattr(reader, "match_card", lambda *a, **k: Match(entry, 0.5 if by_place else 0.9, by_place))
    monkeypatch.setattr(reader, "_wall", lambda *a, **k: None)  # no wall seen: no colour named
    card = Card(field=None, quad=np.zeros((4, 2), np.float32), full=False, role="roof")
    _, conf, match = reader._read_card(card, np.zeros((8, 8, 3), np.uint8), np.zeros((8, 8, 3), np.uint8), 1.0,
                                       np.ones(3), {}, catalog)
    assert match["id"] == entry.id
    if by_place:
        assert match["by"] == "place" and conf["points"] == 0.5
        assert len(card.notes) == 1 and entry.id in card.notes[0] and "check" in card.notes[0]
    else:
        assert "by" not in match and card.notes == []
