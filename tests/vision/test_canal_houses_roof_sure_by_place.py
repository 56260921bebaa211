"""A roof found by its place alone (its features matched nothing) is sure
only when a second opinion agrees (roof_place.py): the colour read surely
from its wall is the entry's, and the entry laid in place is plainly better
than every other roof and window it may be by their plain template scores.
Without a sure colour it stays a proposal (wide-border dev 13303: a red roof
missing from the catalog read by place as green R18 at 0.91), and so it does
when a look-alike's plain score is close (R13 and R22 share a mansard gable),
or when the roof is missing from the catalog."""

from __future__ import annotations

import numpy as np
import pytest
from card_decks import deck
from house_catalog import catalog_rows, photographed_card
from street_photos import card_photo

from vision.canal_houses import constants as C
from vision.canal_houses import recognise
from vision.canal_houses import roof_place_constants as RC
from vision.canal_houses.catalog import CANON_H, CANON_W, Catalog, grey_field
from vision.canal_houses.recognise import match_card
from vision.canal_houses.roof_place import roof_sure_by_place

STYLE = "wide-border"
# roofs and windows both (a top card whose role is in doubt); R11 and R12 are drawn, not in the catalog
KNOWN = ("R01", "R02", "R03", "R04", "R05", "R06", "R07", "R08", "R09", "R10", "R13", "R22",
         "W01", "W02", "W03", "W04", "W05", "W06", "W07", "W08", "W09", "W10")
SHOWN = 0.3  # the share of the roof's field that shows above the window below


@pytest.fixture(scope="module")
def roofs() -> tuple[Catalog, dict]:
    cards = {c.id: c for c in deck(style=STYLE) if c.role in ("roof", "window")}
    return Catalog.parse(catalog_rows([cards[i] for i in KNOWN])), cards


def _top(cards: dict, cid: str) -> tuple:
    photo, quad, gains, _ = photographed_card(card_photo(cards[cid], seed=7700 + int(cid[1:]), camera="pinhole"))
    tl, tr, br, bl = quad
    return photo, np.array([tl, tr, tr + SHOWN * (br - tr), tl + SHOWN * (bl - tl)], np.float32), gains


@pytest.mark.parametrize(("cid", "colour_read", "expect"), [
    ("R06", True, "sure"),  # few features, its shape plainly best and the sure colour agrees
    ("R07", True, "sure"),
    ("R06", False, "proposal"),  # no sure colour: a missing roof of another colour may share its shape
    ("R07", False, "proposal"),
    ("R13", True, "not-sure"),  # R22's mansard gable is as close in plain score: never sure by place
    ("R11", True, "not-sure"),  # missing from the catalog
    ("R12", True, "not-sure"),
])
def test_a_roof_by_place_is_sure_only_when_colour_and_shape_agree(
        roofs: tuple[Catalog, dict], monkeypatch: pytest.MonkeyPatch, cid: str, colour_read: bool,
        expect: str) -> None:
    catalog, cards = roofs
    monkeypatch.setattr(recognise, "_best", lambda *a, **k: None)  # its features match nothing
    monkeypatch.setattr(recognise, "_loose", lambda *a, **k: None)
    photo, top, gains = _top(cards, cid)
    colour = cards[cid].color if colour_read else None
    found = match_card(catalog, photo, top, gains, "top", SHOWN * CANON_H / CANON_W, colour=colour)
    if expect == "sure":
        assert found is not None and found.entry.id == cid and not found.by_place and found.by is None
        assert found.confidence <= RC.ROOF_SURE_CONFIDENCE
    elif expect == "proposal":
        assert found is not None and found.entry.id == cid and found.by_place
        assert found.confidence <= C.LAYOUT_CONFIDENCE
    else:
        assert found is None or found.by_place or found.by is not None


@pytest.mark.parametrize(("cid", "colour"), [("R06", "green"), ("W04", None)], ids=["other-colour", "a-window"])
def test_only_a_roof_of_the_colour_read_is_sure_by_place(roofs: tuple[Catalog, dict], cid: str,
                                                         colour: str | None) -> None:
    catalog, cards = roofs
    pool = catalog.pool("top")
    entry = next(e for e in pool.entries if e.id == cid)
    photo, top, gains = _top(cards, cid)
    grey = grey_field(photo, top, gains, int(round(SHOWN * CANON_H)))
    allowed = np.ones(len(pool.entries), bool)
    assert not roof_sure_by_place(pool, grey, entry, allowed, colour or entry.color)
