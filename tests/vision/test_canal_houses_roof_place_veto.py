"""A roof read sure by its features must also lead in place (layout.
place_prefers_another): a tucked roof shows only its gable against the sky,
drawn alike on several roofs, so features can fit a look-alike (wide-border
dev 9691: R22 read sure as R13). A match another roof plainly leads in
place falls back to the match by place alone; one within ROOF_PLACE_MARGIN
of the best there, ahead or behind, is a proposal the person confirms; a
right match that leads clearly stays sure."""

from __future__ import annotations

import numpy as np
import pytest
from card_decks import deck
from house_catalog import catalog_rows, photographed_card
from street_photos import card_photo

from vision.canal_houses import constants as C
from vision.canal_houses import recognise
from vision.canal_houses.catalog import CANON_H, CANON_W, Catalog
from vision.canal_houses.recognise import match_card

STYLE = "wide-border"
BLUE = ("R13", "R21", "R22", "R23", "R24", "R25")  # the deck's blue roofs: R13 and R22 share a mansard gable
SHOWN = 0.3  # the share of the roof's field that shows above the window below


@pytest.fixture(scope="module")
def blue_roofs() -> tuple[Catalog, dict]:
    cards = {c.id: c for c in deck(style=STYLE) if c.id in BLUE}
    return Catalog.parse(catalog_rows([cards[i] for i in BLUE])), cards


def _top(cards: dict, cid: str, seed: int | None = None) -> tuple:
    seed = 7600 + BLUE.index(cid) if seed is None else seed
    photo, quad, gains, _ = photographed_card(card_photo(cards[cid], seed=seed, camera="pinhole"))
    tl, tr, br, bl = quad
    top = np.array([tl, tr, tr + SHOWN * (br - tr), tl + SHOWN * (bl - tl)], np.float32)
    return photo, top, gains


@pytest.mark.parametrize(("shown", "features_say", "expect"), [
    ("R22", "R13", "not-sure"),  # the look-alike the features fit: R22 is better in place
    ("R13", "R13", "proposal"),  # right, but R22 is as good in place (the same mansard): confirmed by the person
    ("R25", "R25", "sure"),  # right and plainly best in place: stays sure
    ("R23", "R23", "sure"),
], ids=["lookalike-demoted", "thin-lead-proposed", "clear-gable-kept", "clear-hipped-kept"])
def test_a_sure_roof_must_lead_in_place(blue_roofs: tuple[Catalog, dict], monkeypatch: pytest.MonkeyPatch,
                                        shown: str, features_say: str, expect: str) -> None:
    catalog, cards = blue_roofs
    entry = next(e for e in catalog.entries if e.id == features_say)
    monkeypatch.setattr(recognise, "_best", lambda *a, **k: (entry, 0.99))
    photo, top, gains = _top(cards, shown)
    found = match_card(catalog, photo, top, gains, "roof", SHOWN * CANON_H / CANON_W, colour="blue")
    if expect == "sure":
        assert found is not None and found.entry.id == shown and not found.by_place and found.confidence == 0.99
    elif expect == "proposal":
        assert found is not None and found.entry.id == shown and found.by == "twin" and not found.by_place
        assert found.confidence <= C.TWIN_CONFIDENCE
        assert [e.id for e in found.rivals] == ["R22"]  # the look-alike named in the warning
    else:
        assert found is None or found.by_place  # a proposal at most, never the look-alike read sure
        assert found is None or found.entry.id == shown


@pytest.mark.parametrize(("shown", "features_say", "seed", "expect"), [
    ("R13", "R13", 7604, "proposal"),  # R22's mansard ahead in place by 0.025 (base: left to place, unknown)
    ("R13", "R13", 7607, "proposal"),  # R13 ahead by 0.009
    ("R22", "R13", 7602, "not-sure"),  # the look-alike: R22 ahead by 0.21, plainly
], ids=["right-a-little-behind", "right-a-little-ahead", "lookalike-plainly-behind"])
def test_a_close_lead_either_way_is_a_proposal(blue_roofs: tuple[Catalog, dict], monkeypatch: pytest.MonkeyPatch,
                                              shown: str, features_say: str, seed: int, expect: str) -> None:
    """R13 and R22 share a mansard gable: when R13 shows, either looks a
    little better in place by the photo (leads -0.05 to +0.06 over photo
    seeds 7600-7607; wide-border 12 MP dev 10200 and 10204: -0.09, -0.04,
    with features sure of R13 at 0.97-0.98 and R22 scoring -1). Only a
    plain lead of another roof (ROOF_PLACE_MARGIN) takes the match away."""
    catalog, cards = blue_roofs
    entry = next(e for e in catalog.entries if e.id == features_say)
    monkeypatch.setattr(recognise, "_best", lambda *a, **k: (entry, 0.99))
    photo, top, gains = _top(cards, shown, seed)
    found = match_card(catalog, photo, top, gains, "roof", SHOWN * CANON_H / CANON_W, colour="blue")
    if expect == "proposal":
        assert found is not None and found.entry.id == shown and found.by == "twin"
        assert found.confidence <= C.TWIN_CONFIDENCE and [e.id for e in found.rivals] == ["R22"]
    else:
        assert found is None or (found.by_place and found.entry.id == shown)
