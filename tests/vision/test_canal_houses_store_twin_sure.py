"""A store its features do not settle (every store of a colour printed with
one art) is told from its twins where they differ; that decision is sure
only when it wins every twin pair by TWIN_SURE_RATIO and is alike its entry
as a right store is (twins.sure_apart), else a proposal as before.
12 MP dev 9785-9809: right decisions won by up to 4.8, a store missing from
the catalog by at most 2.28."""

from __future__ import annotations

import pytest
from house_catalog import known_catalog, photographed_card
from street_photos import card_photo

from vision.canal_houses import constants as C
from vision.canal_houses import recognise, twins
from vision.canal_houses.catalog import CANON_H, CANON_W, Catalog
from vision.canal_houses.recognise import Match, match_card
from vision.canal_houses.twins import FullPhoto
from vision.decode import decode_photo

STYLE = "wide-border"
KNOWN = ("S04", "S08", "S09", "S11", "S13", "S16", "S19", "S21", "S29")  # blue and orange stores
SIZE = (800, 600)


@pytest.fixture(scope="module")
def catalog() -> tuple[Catalog, dict]:
    return known_catalog(STYLE, KNOWN)


def _store(catalog: Catalog, cards: dict, cid: str, seed: int) -> Match | None:
    data = card_photo(cards[cid], seed=seed, camera="pinhole", size=SIZE)
    photo, quad, gains, _ = photographed_card(data)
    half = decode_photo(data, min_side=SIZE[0] // 2)
    f = half.shape[1] / photo.shape[1]
    return match_card(catalog, half, quad * f, gains, "store", CANON_H / CANON_W, cards[cid].color,
                      FullPhoto(data, half))




@pytest.mark.parametrize("ratio, over, by", [
    (1.6, 5.0, "twin"),  # won narrowly: a proposal, as before
    (2.28, 5.0, "twin"),  # as the missing S30 beat S09's twins: still a proposal
    (C.TWIN_SURE_RATIO + 0.3, 5.0, None),  # won widely, alike as a right store: sure
    (C.TWIN_SURE_RATIO + 0.3, C.TWIN_SURE_OVER_FLOOR + 1.0, "twin"),  # won widely, alike only as a look-alike
], ids=["narrow-proposal", "missing-card-ratio-proposal", "wide-and-alike-sure", "wide-but-lookalike-proposal"])
def test_a_twin_decision_without_features_is_sure_only_when_won_widely(
        monkeypatch: pytest.MonkeyPatch, catalog: tuple[Catalog, dict], ratio: float, over: float,
        by: str | None) -> None:
    """S09 photographed; its features made to settle nothing (as for
    wide-border stores in street photos), the twin verdict set to S09 won by
    `ratio` with its worst patch `over` times its floor."""
    known, cards = catalog
    decide = twins.decide
    s09 = next(i for i, e in enumerate(known.pool("store").entries) if e.id == "S09")

    def verdict(*args: object) -> twins.Verdict | None:
        v = decide(*args)
        assert v is not None
        floor = max(v.floor, 1e-3)
        return v._replace(k=s09, ratio=ratio, patch=over * floor, floor=floor)

    monkeypatch.setattr(recognise, "_best", lambda *a, **k: None)
    monkeypatch.setattr(twins, "decide", verdict)
    found = _store(known, cards, "S09", 7400)
    assert found is not None and found.entry.id == "S09" and found.by == by
    if by is None:
        assert found.confidence == C.TWIN_SURE_CONFIDENCE and not found.rivals
    else:
        assert found.confidence <= C.TWIN_CONFIDENCE and "S09" not in {e.id for e in found.rivals}
