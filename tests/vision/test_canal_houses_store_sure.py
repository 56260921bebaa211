"""A store's feature match stays sure only when it is alike its entry
where the entry's twins differ by a margin a look-alike missing from the
catalog rarely reaches (twins.sure_alike, TWIN_SURE_OVER_FLOOR); between that
and the look-alike limit (TWIN_MAX_PATCH_OVER_FLOOR) it is a proposal naming
its twins, past the limit unknown. Wide-border 12 MP 9700-9709: three stores
missing from the catalog (S30, S06) were read sure as their known twins (S09,
S11) with their worst patch 10.07-11.92 times the photo's median patch.

A store its features do not settle (every store of a colour printed with one
art) is told from its twins where they differ; that decision is sure only
when it wins every twin pair by TWIN_SURE_RATIO and is alike its entry as a
right store is (twins.sure_apart), else a proposal. 12 MP dev 9785-9809:
right decisions won by up to 4.8, a store missing from the catalog by at
most 2.28."""

from __future__ import annotations

import pytest
from house_catalog import known_catalog, photographed_card
from street_photos import card_photo

from vision.canal_houses import constants as C
from vision.canal_houses import recognise, twins
from vision.canal_houses.catalog import CANON_H, CANON_W, Catalog
from vision.canal_houses.full_photo import FullPhoto
from vision.canal_houses.recognise import Match, match_card
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
        return v._replace(k=s09, ratio=ratio, patch=over * floor, floor=floor, local=0.0)  # the pair ratio alone

    monkeypatch.setattr(recognise, "_best", lambda *a, **k: None)
    monkeypatch.setattr(twins, "decide", verdict)
    found = _store(known, cards, "S09", 7400)
    assert found is not None and found.entry.id == "S09" and found.by == by
    if by is None:
        assert found.confidence == C.TWIN_SURE_CONFIDENCE and not found.rivals
    else:
        assert found.confidence <= C.TWIN_CONFIDENCE and "S09" not in {e.id for e in found.rivals}
