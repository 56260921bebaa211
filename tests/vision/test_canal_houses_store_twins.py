"""Store twins told apart where they differ (twins.py): the wide-border
deck prints every store of a colour with the same art, differing only in
the points digit and a few condition words. A store seen with about as few
pixels per mm as in a street photo (a small photo, decoded at half its size
as the reader does) is told from its twins by the full-size photo, compared
only where the catalog's twins differ; a store missing from the catalog that
shares a known store's art is left unmatched."""

from __future__ import annotations

import numpy as np
import pytest
from house_catalog import known_catalog, photographed_card
from street_photos import card_photo

from vision.canal_houses import constants as C
from vision.canal_houses import reader
from vision.canal_houses.catalog import CANON_H, CANON_W, Catalog
from vision.canal_houses.full_photo import FullPhoto
from vision.canal_houses.recognise import Match, match_card
from vision.decode import decode_photo

STYLE = "wide-border"
KNOWN = ("S04", "S08", "S09", "S11", "S13", "S16", "S19", "S21", "S29")  # blue and orange stores
SIZE = (800, 600)  # the store gets 2.5-4 px/mm of the photo, as in a 12 MP street


@pytest.fixture(scope="module")
def catalog() -> tuple[Catalog, dict]:
    return known_catalog(STYLE, KNOWN)


def _store(catalog: Catalog, cards: dict, cid: str, seed: int, sharp: bool = True) -> Match | None:
    """The match of a small photo of store cid, read as the street reader
    reads it: outline and features from the photo decoded at half its size,
    the full-size photo only for the twins."""
    data = card_photo(cards[cid], seed=seed, camera="pinhole", size=SIZE)
    photo, quad, gains, _ = photographed_card(data)
    half = decode_photo(data, min_side=SIZE[0] // 2)
    assert half.shape[1] < photo.shape[1]
    f = half.shape[1] / photo.shape[1]
    return match_card(catalog, half, quad * f, gains, "store", CANON_H / CANON_W, cards[cid].color,
                      FullPhoto(data, half) if sharp else None)


@pytest.mark.parametrize("cid, seed", [("S13", 7401), ("S29", 7411), ("S19", 7400)])
def test_a_store_is_told_from_its_twins_where_they_differ(catalog: tuple[Catalog, dict], cid: str,
                                                          seed: int) -> None:
    known, cards = catalog
    assert _store(known, cards, cid, seed, sharp=False) is None  # features and thumbnails cannot tell
    found = _store(known, cards, cid, seed)
    assert found is not None and found.entry.id == cid
    if found.by is None:  # won by TWIN_SURE_RATIO in every pair, alike as a right store (twins.sure_apart)
        assert found.confidence == C.TWIN_SURE_CONFIDENCE
        return
    assert found.by == "twin" and found.confidence <= 0.5  # a proposal the person confirms
    assert {e.id for e in found.rivals} and cid not in {e.id for e in found.rivals}
    assert all(e.color == cards[cid].color for e in found.rivals)


@pytest.mark.parametrize("cid, seed", [("S06", 7401), ("S30", 7400), ("S18", 7400)],
                         ids=["blue-lookalike-of-S11", "orange-lookalike-of-S09", "orange-lookalike"])
def test_a_lookalike_not_in_the_catalog_is_left_unmatched(catalog: tuple[Catalog, dict], cid: str,
                                                          seed: int) -> None:
    known, cards = catalog
    assert cid not in KNOWN
    assert _store(known, cards, cid, seed) is None  # S06, S30: main took them for their known twin, surely


def test_a_sure_match_stays_sure(catalog: tuple[Catalog, dict]) -> None:
    known, cards = catalog
    found = _store(known, cards, "S09", 7400)
    assert found is not None and found.entry.id == "S09" and found.by is None


def test_a_store_told_by_its_twins_is_named_in_a_warning(monkeypatch: pytest.MonkeyPatch,
                                                         catalog: tuple[Catalog, dict]) -> None:
    known, _ = catalog
    byid = {e.id: e for e in known.entries}
    monkeypatch.setattr(reader, "match_card", lambda *a, **k: Match(byid["S13"], 0.5, by="twin",
                                                                     rivals=(byid["S08"], byid["S11"])))

    class Card:  # what _read_card reads of a found card
        role, quad, aspect, notes, role_confidence = "store", np.zeros((4, 2)), 1.45, [], 0.9

    monkeypatch.setattr(reader, "_wall", lambda *a: np.zeros(3))
    monkeypatch.setattr(reader, "name_colour", lambda *a, **k: ("blue", 0.9))
    card = Card()
    prop, conf, match = reader._read_card(card, None, None, 1.0, None, {}, known, full=None)
    assert match == {"id": "S13", "confidence": 0.5, "by": "twin"}
    assert prop["points"] == byid["S13"].values["points"] and conf["points"] == 0.5
    assert any("S13" in n and "S08 or S11" in n and "check" in n for n in card.notes)


def test_a_photo_decoded_whole_is_not_decoded_again(catalog: tuple[Catalog, dict]) -> None:
    """A photo the reader already decoded at its full size (a small photo,
    a PNG) gives the twins its pixels: the same answer, no second decode."""
    known, cards = catalog
    data = card_photo(cards["S13"], seed=7401, camera="pinhole", size=SIZE)
    photo, quad, gains, _ = photographed_card(data)
    answers = []
    for size in (None, [photo.shape[1], photo.shape[0]]):
        sharp = FullPhoto(data, photo, size)
        found = match_card(known, photo, quad, gains, "store", CANON_H / CANON_W, cards["S13"].color, sharp)
        answers.append((found and (found.entry.id, found.confidence, found.by), sharp.decoded))
    assert answers[0][1] == 1 and answers[1][1] == 0  # the photo as the reader has it serves
    assert answers[0][0] == answers[1][0] and answers[0][0] is not None


def test_a_store_seen_sharp_enough_needs_no_full_decode(catalog: tuple[Catalog, dict]) -> None:
    """A store that the reader's photo already shows at 5 px/mm or more (a
    close photo) is compared from that photo: no full-size decode."""
    known, cards = catalog
    size = (3200, 2400)
    data = card_photo(cards["S13"], seed=7401, camera="pinhole", size=size)
    photo, quad, gains, _ = photographed_card(data)
    half = decode_photo(data, min_side=size[0] // 2)
    f = half.shape[1] / photo.shape[1]
    assert f < 1 and np.linalg.norm(quad[1] - quad[0]) * f / 56 >= 5  # the store at 5 px/mm or more at half size
    sharp = FullPhoto(data, half, [photo.shape[1], photo.shape[0]])
    found = match_card(known, half, quad * f, gains, "store", CANON_H / CANON_W, cards["S13"].color, sharp)
    assert found is not None and found.entry.id == "S13"
    assert sharp.decoded == 0


@pytest.mark.parametrize("orientation", [1, 6, 8], ids=["upright", "exif-6", "exif-8"])
def test_the_twins_full_size_decode_is_the_colour_decodes_luma(orientation: int) -> None:
    """The twins decode the full-size photo again as luma only (a third of
    the CPU): upright as the colour decode (EXIF orientation) and the same
    grey within a level or two (libjpeg's Y against cvtColor's weights)."""
    import io

    import cv2
    from PIL import Image

    rng = np.random.default_rng(orientation)
    rgb = cv2.GaussianBlur(rng.integers(0, 256, (300, 400, 3), dtype=np.uint8), (0, 0), 3)
    exif = Image.Exif()
    exif[0x0112] = orientation
    buf = io.BytesIO()
    Image.fromarray(rgb).save(buf, "JPEG", quality=92, exif=exif.tobytes())
    colour = decode_photo(buf.getvalue())
    luma = decode_photo(buf.getvalue(), grey=True)
    assert luma.ndim == 2 and luma.shape == colour.shape[:2]
    assert (luma.shape[0] > luma.shape[1]) == (orientation != 1)
    diff = np.abs(luma.astype(np.int16) - cv2.cvtColor(colour, cv2.COLOR_BGR2GRAY)).mean()
    assert diff < 2.0
