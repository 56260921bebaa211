"""The card finder's per-pixel primitives were rewritten for speed (a 12 MP
read must cost under a second): they must still give exactly what their
plain numpy definitions give, for every kind of image they are fed."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.canal_houses import constants as C
from vision.canal_houses.find import (
    paper_mask,
    ridge_paper,
    white_gains,
    whole_percentiles,
)
from vision.canal_houses.levels import balance, balanced_range, channel_range

RNG = np.random.default_rng(7)
IMAGES = {
    "uint8-photo": RNG.integers(0, 256, (37, 53, 3), dtype=np.uint8),
    "float32-balanced": RNG.random((41, 29, 3), dtype=np.float32) * 1.5,
    "float32-strided-crop": (RNG.random((60, 80, 3), dtype=np.float32) * 1.2)[5:50:2, 3:70],
    "float64": RNG.random((16, 16, 3)) * 1.3,
}


@pytest.mark.parametrize("name", list(IMAGES), ids=str)
def test_channel_range_is_the_per_pixel_max_and_min(name: str) -> None:
    image = IMAGES[name]
    hi, lo = channel_range(image)
    assert np.array_equal(hi, image.max(axis=2)) and np.array_equal(lo, image.min(axis=2))


@pytest.mark.parametrize("gains", [np.array([1 / 200, 1 / 180, 1 / 150], np.float32), np.array([1 / 40] * 3, np.float32),
                                   np.array([0.01, 0.002, 0.5], np.float32), np.array([1 / 90, 1 / 250, 1 / 255])],
                         ids=["lamp-cast", "grey-gains", "clipping", "float64-gains"])
@pytest.mark.parametrize("name", ["uint8-photo", "float32-balanced", "float64"], ids=str)
def test_balanced_range_is_the_range_of_the_balanced_image(gains: np.ndarray, name: str) -> None:
    image = IMAGES[name]
    hi, lo = balanced_range(image, gains)
    want_hi, want_lo = channel_range(balance(image, gains))
    assert hi.dtype == want_hi.dtype and np.array_equal(hi, want_hi) and np.array_equal(lo, want_lo)
    bal = balance(image, gains)
    assert np.array_equal(paper_mask(bal, (hi, lo)), paper_mask(bal))


@pytest.mark.parametrize("gains", [(1 / 200, 1 / 180, 1 / 150), (1 / 40, 1 / 40, 1 / 40), (0.01, 0.002, 0.5)],
                         ids=["lamp-cast", "dark-photo", "clipping"])
def test_balance_is_the_clipped_product(gains: tuple[float, float, float]) -> None:
    image = IMAGES["uint8-photo"]
    g = np.array(gains, np.float32)
    got = balance(image, g)
    assert got.dtype == np.float32
    assert np.array_equal(got, np.minimum(image.astype(np.float32) * g, 1.5))
    assert image.dtype == np.uint8 and image.max() > 1  # the photo itself is left alone


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_balance_into_a_spent_array_is_the_clipped_product(seed: int) -> None:
    """balance(out=...) writes over the caller's spent float image (no new
    array to fault in) and gives exactly the plain product; an out of the
    wrong shape or type is not used."""
    rng = np.random.default_rng(seed)
    image = rng.integers(0, 256, (31 + seed, 47, 3), dtype=np.uint8)
    g = (1.0 / rng.uniform(40, 255, 3)).astype(np.float32)
    spent = balance(image, np.float32([0.3, 0.2, 0.1]))
    got = balance(image, g, out=spent)
    assert got is spent
    assert np.array_equal(got, np.minimum(image.astype(np.float32) * g, 1.5))
    for wrong in (np.zeros((5, 5, 3), np.float32), np.zeros(image.shape, np.float64)):
        other = balance(image, g, out=wrong)
        assert other is not wrong and not wrong.any()
        assert np.array_equal(other, np.minimum(image.astype(np.float32) * g, 1.5))


@pytest.mark.parametrize("pixel, paper", [
    ((0.95, 0.93, 0.97), True),  # white paper
    ((0.55, 0.52, 0.51), True),  # paper in a shadow
    ((0.45, 0.44, 0.44), False),  # too dark for paper
    ((0.95, 0.80, 0.70), False),  # a pale orange field (chroma 0.26)
    ((0.0, 0.0, 0.0), False),  # black
], ids=["white", "shadowed", "dark", "pale-colour", "black"])
def test_paper_mask_is_bright_and_colourless(pixel: tuple[float, float, float], paper: bool) -> None:
    bal = np.full((3, 4, 3), pixel, np.float32)
    hi, lo = bal.max(axis=2), bal.min(axis=2)
    chroma = (hi - lo) / np.maximum(hi, 1e-3)
    reference = (chroma < C.WHITE_MAX_CHROMA) & (hi > C.WHITE_MIN_VALUE)
    assert np.array_equal(paper_mask(bal), reference)
    assert bool(paper_mask(bal).all()) is paper


def _ridge_reference(bal: np.ndarray, paper: np.ndarray) -> np.ndarray:
    """ridge_paper's plain definition: the byte levels compared as floats."""
    hi, lo = bal.max(axis=2), bal.min(axis=2)
    hi8, lo8 = cv2.convertScaleAbs(hi, alpha=170), cv2.convertScaleAbs(lo, alpha=170)
    k = np.ones((C.RIDGE_PX, C.RIDGE_PX), np.uint8)
    lift = lo8.astype(np.float64) - cv2.morphologyEx(lo8, cv2.MORPH_OPEN, k)
    grey = (hi8.astype(np.float64) - lo8) < C.RIDGE_MAX_CHROMA * hi8.astype(np.float64)
    return paper | ((lift > C.RIDGE_MIN_LIFT * 170) & (lo8 > C.RIDGE_MIN_LEVEL * 170) & grey)


@pytest.mark.parametrize("levels", ["any", "on-the-limits"])
def test_ridge_paper_in_bytes_is_its_plain_definition(levels: str) -> None:
    rng = np.random.default_rng(11)
    if levels == "any":
        bal = rng.random((60, 70, 3), dtype=np.float32) * 1.5
    else:  # byte levels right on the limits (34, 102, chroma 0.35 of hi)
        picks = np.array([33, 34, 35, 101, 102, 103, 140, 189, 190, 200, 255], np.float32)
        bal = rng.choice(picks, (60, 70, 3)) / np.float32(170)
    paper = rng.random((60, 70)) < 0.05
    assert np.array_equal(ridge_paper(bal, paper), _ridge_reference(bal, paper))
    assert np.array_equal(ridge_paper(bal, paper, channel_range(bal)), _ridge_reference(bal, paper))


def test_white_gains_same_from_bytes_and_from_floats() -> None:
    """The paper's colour is guessed with byte morphology on a photo and with
    float morphology on anything else: the same gains either way."""
    rng = np.random.default_rng(5)
    photo = rng.integers(20, 120, (300, 400, 3), dtype=np.uint8)
    for x in range(40, 360, 70):  # pale cards with a white border on a dark table
        photo[60:240, x:x + 50] = (235, 240, 238)
        photo[66:234, x + 5:x + 45] = (60, 150, 220)
    assert np.array_equal(white_gains(photo), white_gains(photo.astype(np.float32)))


def test_balance_table_covers_every_byte_level() -> None:
    image = np.arange(256 * 3, dtype=np.int64).reshape(16, 16, 3) % 256
    image = image.astype(np.uint8)
    g = np.array((1 / 201, 1 / 187, 1 / 43), np.float32)
    assert np.array_equal(balance(image, g), np.minimum(image.astype(np.float32) * g, 1.5))


def test_masks_from_shared_channel_ranges_are_the_same() -> None:
    """The reader computes the channel range once and hands it to every mask."""
    bal = IMAGES["float32-balanced"]
    ranges = channel_range(bal)
    paper = paper_mask(bal)
    assert np.array_equal(paper_mask(bal, ranges), paper)
    assert np.array_equal(ridge_paper(bal, paper, ranges), ridge_paper(bal, paper))


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("q", [[50, C.WB_PERCENTILE], [C.WB_PERCENTILE], [0, 1, 37.5, 100]], ids=str)
def test_whole_percentiles_are_numpys(seed: int, q: list[float]) -> None:
    """Read off a histogram (or, when the neighbours of the position differ,
    np.percentile itself), the white guesses' percentiles are np.percentile's
    exactly, float64 like it, on weak channels and on top-hat scores (whole
    numbers down to -255); small and lumpy arrays reach the fallback."""
    rng = np.random.default_rng(seed)
    shape = (3, 5) if seed % 3 == 0 else (75, 100)
    levels = rng.integers(0, 256 if seed % 2 else 4, shape).astype(np.uint16)
    for offset in (0, 255):
        values = levels.astype(np.float32 if offset == 0 else np.float64) - offset
        got = whole_percentiles(values, levels, q, offset)
        want = np.percentile(values, q)
        assert [type(v) for v in got] == [np.float64] * len(q)
        assert np.array_equal(np.array(got), want)


def test_white_gains_tries_a_repeated_guess_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The paper guesses often coincide: a repeat is not scored again (its
    score would tie, and the first guess wins ties), and the gains are the
    plain definition's: the first best-scoring guess."""
    import vision.canal_houses.find as find

    rng = np.random.default_rng(5)
    photo = rng.integers(20, 120, (300, 400, 3), dtype=np.uint8)
    for x in range(40, 360, 70):  # pale cards with a white border on a dark table
        photo[60:240, x:x + 50] = (235, 240, 238)
        photo[66:234, x + 5:x + 45] = (60, 150, 220)
    guesses = [np.float32([120, 120, 120]), np.float32([235, 240, 238]), np.float32([120, 120, 120]),
               np.float32([235, 240, 238]), np.float32([250, 250, 250])]

    def plain() -> np.ndarray:
        scores = []
        for white in guesses:
            bal = balance(photo, (1.0 / white).astype(np.float32))
            scores.append(sum(f.area * f.ring_white for f in find.find_fields(bal, paper_mask(bal))[0]))
        return (1.0 / guesses[int(np.argmax(scores))]).astype(np.float32)

    calls = []
    real = find.find_fields
    monkeypatch.setattr(find, "_candidate_whites", lambda small: list(guesses))
    monkeypatch.setattr(find, "find_fields", lambda *a, **k: calls.append(1) or real(*a, **k))
    got = white_gains(photo)
    assert len(calls) == 3  # three different guesses
    assert np.array_equal(got, plain())
