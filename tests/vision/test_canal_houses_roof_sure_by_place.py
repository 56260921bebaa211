"""A roof found by its place alone (its features matched nothing) is sure
only when a second opinion agrees (roof_place.py): the colour read surely
from its wall is the entry's, and the entry laid in place is plainly better
than every other roof and window it may be by their plain template scores.
Without a sure colour it stays a proposal (wide-border dev 13303: a red roof
missing from the catalog read by place as green R18 at 0.91), and so it does
when the card's role is in doubt or read a window (held-out keyline 13357), or
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


@pytest.mark.parametrize(("cid", "colour_read", "role_sure", "expect"), [
    ("R06", True, True, "sure"),  # few features, its shape plainly best and the sure colour agrees
    ("R07", True, True, "sure"),
    ("R06", False, True, "proposal"),  # no sure colour: a missing roof of another colour may share its shape
    ("R07", False, True, "proposal"),
    # the card's role in doubt (or read a window): a window may look like a roof in place (held-out
    # keyline 13357: window W41 read a window, taken sure as roof R03 by place before this condition)
    ("R06", True, False, "proposal"),
    ("R07", True, False, "proposal"),
    ("R13", True, True, "not-sure"),  # R22's mansard gable is as close in plain score: never sure by place
    ("R11", True, True, "not-sure"),  # missing from the catalog
    ("R12", True, True, "not-sure"),
])
def test_a_roof_by_place_is_sure_only_when_colour_shape_and_role_agree(
        roofs: tuple[Catalog, dict], monkeypatch: pytest.MonkeyPatch, cid: str, colour_read: bool,
        role_sure: bool, expect: str) -> None:
    catalog, cards = roofs
    monkeypatch.setattr(recognise, "_best", lambda *a, **k: None)  # its features match nothing
    monkeypatch.setattr(recognise, "_loose", lambda *a, **k: None)
    photo, top, gains = _top(cards, cid)
    colour = cards[cid].color if colour_read else None
    found = match_card(catalog, photo, top, gains, "top", SHOWN * CANON_H / CANON_W, colour=colour,
                       role_sure=role_sure)
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
    assert not roof_sure_by_place(pool, grey, entry, allowed, colour or entry.color, role_sure=True)


@pytest.mark.parametrize(("same_colour_rival", "any_colour_rival", "sure"), [
    (0.2, 0.3, True),  # leads its colour by 0.6, every entry by 0.5
    (0.5, 0.5, False),  # a roof of its colour as close (ROOF_SURE_MARGIN)
    (0.2, 0.7, False),  # its shape printed on a known roof of another colour: a missing one may share both
], ids=["own-shape", "same-colour-rival", "shape-of-another-colour"])
def test_a_roof_by_place_must_lead_its_colour_and_every_shape(
        monkeypatch: pytest.MonkeyPatch, same_colour_rival: float, any_colour_rival: float, sure: bool) -> None:
    """Leave-one-out on dev 13300-13319 (each known roof taken out of the catalog in turn): the roofs read
    sure by place in its stead (R13 as R22, R03 as R06, R13 as R27) led their colour by 0.22-0.85, but
    another roof of some colour was within 0.16-0.31 of them."""
    import vision.canal_houses.roof_place as RP
    from vision.canal_houses.catalog import Entry, Pool

    def entry(i: str, role: str, color: str) -> Entry:
        return Entry(i, role, color, {}, np.zeros((0, 2), np.float32), np.zeros((0, 32), np.uint8),
                     np.zeros((1, 1), np.float32))

    entries = [entry("R1", "roof", "red"), entry("R2", "roof", "red"), entry("R3", "roof", "green")]
    pool = Pool(None, np.zeros(0, int), entries, np.zeros((3, 1, 1), np.float32))
    allowed = np.array([True, True, False])  # the sure colour: red
    monkeypatch.setattr(RP, "layout_scores", lambda p, g, pick: (np.array([0.8, -1.0, -1.0][:len(pick)]),
                                                                    np.zeros((len(pick), 2, 3))))
    monkeypatch.setattr(RP, "plain_scores", lambda p, g, pick, places: np.array(
        [0.8, same_colour_rival] if len(pick) == 2 else [0.8, same_colour_rival, any_colour_rival]))
    assert RP.roof_sure_by_place(pool, np.zeros((8, 8), np.float32), entries[0], allowed, "red",
                                 role_sure=True) is sure


@pytest.mark.parametrize(("role", "role_confidence", "role_sure"), [
    ("roof", 0.85, True),  # read a roof, not in doubt
    ("roof", 0.5, False),  # a roof in doubt (the reader marks 0.5 and below)
    ("window", 1.0, False),  # read a window: held-out keyline 13357, W41 was taken sure as R03 by place
], ids=["sure-roof", "doubtful-roof", "window"])
def test_the_reader_asks_a_sure_roof_by_place_only_for_a_card_read_surely_a_roof(
        monkeypatch: pytest.MonkeyPatch, role: str, role_confidence: float, role_sure: bool) -> None:
    from types import SimpleNamespace

    from vision.canal_houses import reader
    from vision.canal_houses.structure import Card

    asked: dict = {}
    monkeypatch.setattr(reader, "_wall", lambda bal, card: np.zeros(3))
    monkeypatch.setattr(reader, "name_colour", lambda *a, **k: (None, 0.0))
    monkeypatch.setattr(reader, "_role_by_examples", lambda *a, **k: None)
    monkeypatch.setattr(reader, "match_card", lambda *a, **k: asked.update(k))
    card = Card(None, np.zeros((4, 2), np.float32), True, role=role, role_confidence=role_confidence)
    known = SimpleNamespace(entries=[object()])
    reader._read_card(card, np.zeros((8, 8, 3)), np.zeros((8, 8, 3)), 1.0, np.ones(3), {}, known, doubtful=True)
    assert asked["role_sure"] is role_sure
