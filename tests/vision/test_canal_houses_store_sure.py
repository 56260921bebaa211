"""A store's feature match stays sure only when it is alike its entry
where the entry's twins differ by a margin a look-alike missing from the
catalog rarely reaches (twins.sure_alike, TWIN_SURE_OVER_FLOOR); between that
and the look-alike limit (TWIN_MAX_PATCH_OVER_FLOOR) it is a proposal naming
its twins, past the limit unknown. Wide-border 12 MP 9700-9709: three stores
missing from the catalog (S30, S06) were read sure as their known twins (S09,
S11) with their worst patch 10.07-11.92 times the photo's median patch."""

from __future__ import annotations

import pytest
from house_catalog import known_catalog, photographed_card
from street_photos import card_photo

from vision.canal_houses import constants as C
from vision.canal_houses import twins
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


@pytest.mark.parametrize("over, by", [
    (5.0, None),  # as alike as most right stores: sure
    (9.5, None),  # right stores reached 9.59: still sure
    (10.2, "twin"),  # where S30 read as S09 sat (10.22): a proposal
    (11.9, "twin"),  # S30 read as S09 at 11.92: a proposal
    (C.TWIN_MAX_PATCH_OVER_FLOOR + 1, "unknown"),  # past the look-alike limit: unknown, as before
], ids=["clearly-alike", "right-at-9.5", "lookalike-10.2", "lookalike-11.9", "past-the-limit"])
def test_a_feature_match_alike_only_as_a_lookalike_is_a_proposal(
        monkeypatch: pytest.MonkeyPatch, catalog: tuple[Catalog, dict], over: float, by: str | None) -> None:
    """S09 matched by its features (sure on main: its twin check gives the
    verdict S09); the verdict's worst patch set to `over` times its floor."""
    known, cards = catalog
    decide = twins.decide

    def worst_at(*args: object) -> twins.Verdict | None:
        v = decide(*args)
        assert v is not None and v.k is not None
        return v._replace(patch=over * v.floor)

    monkeypatch.setattr(twins, "decide", worst_at)
    found = _store(known, cards, "S09", 7400)
    if by == "unknown":
        assert found is None
        return
    assert found is not None and found.entry.id == "S09" and found.by == by
    if by == "twin":
        assert found.confidence <= C.TWIN_CONFIDENCE
        assert {e.id for e in found.rivals} and "S09" not in {e.id for e in found.rivals}


@pytest.mark.parametrize("ratio, by", [
    (1.12, "twin"),  # wide-border 9706: S06 (not in the catalog) read sure as S11, its twins weakly for S08
    (C.TWIN_RATIO + 0.5, "unknown"),  # the twins clearly for another: unknown, as before
], ids=["twins-weakly-for-another", "twins-clearly-for-another"])
def test_a_feature_match_its_twins_do_not_back_is_not_sure(
        monkeypatch: pytest.MonkeyPatch, catalog: tuple[Catalog, dict], ratio: float, by: str) -> None:
    """S09 matched by its features; the twin verdict set to name its twin
    S19 by `ratio` (alike as S09 is)."""
    known, cards = catalog
    decide = twins.decide
    s19 = next(i for i, e in enumerate(known.pool("store").entries) if e.id == "S19")

    def other(*args: object) -> twins.Verdict | None:
        v = decide(*args)
        assert v is not None and v.k is not None
        return v._replace(k=s19, ratio=ratio)

    monkeypatch.setattr(twins, "decide", other)
    found = _store(known, cards, "S09", 7400)
    if by == "unknown":
        assert found is None
        return
    assert found is not None and found.entry.id == "S09" and found.by == "twin"
    assert found.confidence <= C.TWIN_CONFIDENCE and "S19" in {e.id for e in found.rivals}
