"""Street-building steps rewritten for speed (a 12 MP read must cost under a
second) must give exactly what their plain definitions give."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.canal_houses import aside
from vision.canal_houses import constants as C
from vision.canal_houses.find import (
    Field,
    _nonpaper_components,
    _outermost,
    _quad,
    find_fields,
    paper_mask,
)
from vision.canal_houses.repair import side_minima
from vision.canal_houses.structure import Card, field_patch, rectify

RNG = np.random.default_rng(21)


@pytest.mark.parametrize("h, k, kind", [(120, 6, "float32"), (40, 3, "ties"), (3, 2, "shortest"), (9, 30, "wide-k"),
                                        (2, 2, "no-rows"), (200, 2, "float64")], ids=str)
def test_side_minima_are_the_plain_row_by_row_minima(h: int, k: int, kind: str) -> None:
    across = {"ties": RNG.integers(0, 4, h).astype(np.float32),
              "float64": RNG.random(h)}.get(kind, RNG.random(h).astype(np.float32))
    rows = np.arange(1, max(h - 1, 1))
    want = np.array([max(across[max(0, r - k):r].min(), across[r + 1:r + 1 + k].min()) for r in rows])
    got = side_minima(across, rows, k)
    assert got.dtype == want.dtype and np.array_equal(got, want)


def _field(quad: list[tuple[float, float]]) -> Field:
    q = np.array(quad, np.float32)
    rect = cv2.minAreaRect(q)
    return Field(q, np.array(rect[0], float), 0.0, rect[1], float(cv2.contourArea(q)), 1.0)


def _plain_outermost(fields: list[Field]) -> list[Field]:
    def inside(f: Field, g: Field) -> bool:
        pt = (float(f.centre[0]), float(f.centre[1]))
        return g.area > f.area and cv2.pointPolygonTest(g.quad.reshape(-1, 1, 2), pt, False) >= 0

    return [f for f in fields if not any(inside(f, g) for g in fields if g is not f)]


def _scene(seed: int) -> list[Field]:
    """Cards, icons inside them, tilted ones, and centres on edges and corners."""
    rng = np.random.default_rng(seed)
    fields = []
    for _ in range(12):
        x, y, w, h = rng.uniform(0, 300), rng.uniform(0, 300), rng.uniform(5, 120), rng.uniform(5, 160)
        t = rng.uniform(-0.4, 0.4)
        c, s = np.cos(t), np.sin(t)
        fields.append(_field([(x + c * dx - s * dy, y + s * dx + c * dy) for dx, dy in ((0, 0), (w, 0), (w, h), (0, h))]))
    big = _field([(10, 10), (110, 10), (110, 160), (10, 160)])
    fields += [big, _field([(100, 80), (120, 80), (120, 100), (100, 100)]),  # centre on the big one's edge
               _field([(100, 150), (120, 150), (120, 170), (100, 170)])]  # centre on its corner
    return fields


@pytest.mark.parametrize("seed", range(8), ids=lambda s: f"scene-{s}")
def test_outermost_is_the_plain_pairwise_test(seed: int) -> None:
    fields = _scene(seed)
    assert [id(f) for f in _outermost(fields)] == [id(f) for f in _plain_outermost(fields)]


def test_outermost_drops_an_icon_inside_a_card() -> None:
    card = _field([(0, 0), (100, 0), (100, 150), (0, 150)])
    icon = _field([(40, 40), (60, 40), (60, 60), (40, 60)])
    assert _outermost([icon, card]) == [card]


def test_partial_backs_take_each_fields_colours_once_and_only_next_to_a_back(monkeypatch) -> None:
    bal = RNG.random((400, 600, 3)).astype(np.float32)
    near = [_field([(110 + 60 * i, 10), (160 + 60 * i, 10), (160 + 60 * i, 80), (110 + 60 * i, 80)]) for i in range(3)]
    far = [_field([(400, 300), (450, 300), (450, 370), (400, 370)])]
    back = (np.zeros(384, np.float32), np.array([60.0, 45.0]), 75.0)
    calls: list[int] = []
    real = aside.colour_signature

    def counted(patch: np.ndarray) -> np.ndarray:
        calls.append(1)
        return real(patch)

    # each near field looks like the back, so each found one restarts the search
    monkeypatch.setattr(aside, "colour_signature", counted)
    monkeypatch.setattr(aside, "signature_distance", lambda a, b: 0.0)
    rest, others = aside.partial_backs(near + far, bal, [back])
    assert rest == far and len(others) == 3
    assert len(calls) == 3  # once per field next to a back; the far one never


def _plain_field_patch(bal: np.ndarray, quad: np.ndarray, px_per_mm: float = 2.0) -> np.ndarray:
    tl, tr, br, bl = quad
    width = (np.linalg.norm(tr - tl) + np.linalg.norm(br - bl)) / 2
    height = (np.linalg.norm(bl - tl) + np.linalg.norm(br - tr)) / 2
    w = int(C.INNER_W_MM * px_per_mm)
    return rectify(bal, quad, w, max(4, int(round(w * height / max(width, 1)))))


def test_field_patch_is_worked_out_once_per_card_and_image() -> None:
    bal = RNG.random((300, 400, 3)).astype(np.float32)
    card = Card(_field([(40, 30), (160, 35), (150, 200), (35, 190)]), np.array([(40, 30), (160, 35), (150, 200), (35, 190)],
                                                                             np.float32), True)
    first = field_patch(bal, card)
    assert np.array_equal(first, _plain_field_patch(bal, card.quad))
    assert field_patch(bal, card) is first  # asked again by another step of the read: not warped again
    assert not first.flags.writeable
    assert np.array_equal(field_patch(bal, card, 3.0), _plain_field_patch(bal, card.quad, 3.0))
    moved = Card(card.field, card.quad + np.float32(5), True)
    assert np.array_equal(field_patch(bal, moved), _plain_field_patch(bal, moved.quad))
    other = bal[::-1].copy()  # another image: its own patches, whatever its quads
    assert np.array_equal(field_patch(other, card), _plain_field_patch(other, card.quad))


def _plain_find_fields(bal: np.ndarray, paper: np.ndarray) -> tuple[list[Field], int]:
    """find.find_fields as first written."""
    h, w = paper.shape
    nonpaper = (~paper).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(nonpaper, connectivity=4)
    min_area = C.MIN_INTERIOR_AREA_RATIO * h * w
    fields: list[Field] = []
    cut_off = 0
    for i in np.nonzero(stats[:, cv2.CC_STAT_AREA] >= min_area)[0]:
        x, y, bw, bh, _ = stats[i]
        if bw > 0.9 * w or bh > 0.9 * h:
            continue
        touches = x == 0 or y == 0 or x + bw >= w or y + bh >= h
        pad = max(4, int(0.08 * max(bw, bh)))
        x0, y0 = max(0, x - pad), max(0, y - pad)
        x1, y1 = min(w, x + bw + pad), min(h, y + bh + pad)
        mask = (labels[y0:y1, x0:x1] == i).astype(np.uint8)
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        contour = max(contours, key=cv2.contourArea)
        area = float(cv2.contourArea(contour))
        hull_area = float(cv2.contourArea(cv2.convexHull(contour)))
        rect = cv2.minAreaRect(contour)
        rect_area = rect[1][0] * rect[1][1]
        if hull_area <= 0 or rect_area <= 0:
            continue
        if area / hull_area < C.MIN_SOLIDITY or area / rect_area < C.MIN_RECT_FILL:
            continue
        short = min(rect[1])
        if max(rect[1]) / max(short, 1) > 6:
            continue
        if touches:
            cut_off += 1
            continue
        # White paper all round in a thin ring (decks' borders differ: the
        # thinnest we allow for is a keyline of a few hundredths of the width).
        long = max(rect[1])
        width = short if long > 1.2 * short else long  # a whole card stands upright
        t = max(2, int(round(C.RING_SHARE * width)))
        filled = np.zeros_like(mask)
        cv2.drawContours(filled, [contour], -1, 1, -1)
        k = cv2.getStructuringElement(cv2.MORPH_RECT, (2 * t + 1, 2 * t + 1))
        ring = (cv2.dilate(filled, k) > 0) & (cv2.dilate(filled, np.ones((3, 3), np.uint8)) == 0)
        ring_white = float(paper[y0:y1, x0:x1][ring].mean()) if ring.any() else 0.0
        if ring_white < C.RING_MIN_WHITE:
            continue
        quad = _quad(contour) + np.array([x0, y0], np.float32)
        angle = float(rect[2]) % 90.0
        fields.append(Field(quad, np.array(rect[0], float) + [x0, y0], angle,
                            (float(rect[1][0]), float(rect[1][1])), area, ring_white))
    return _outermost(fields), cut_off



def _card_scene(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Cards (a coloured field in a white border, some tucked under others,
    one cut off at the edge) on a speckled table; the balanced image and its
    paper mask."""
    rng = np.random.default_rng(seed)
    img = rng.uniform(0.05, 0.35, (300, 420, 3)).astype(np.float32)
    for x, y, w, h in ((20, 30, 70, 100), (110, 30, 70, 100), (110, 140, 70, 45), (200, 60, 70, 100), (380, 100, 70, 90)):
        cv2.rectangle(img, (x, y), (x + w, y + h), (0.95, 0.95, 0.95), -1)
        colour = tuple(float(c) for c in rng.uniform(0.1, 0.9, 3))
        cv2.rectangle(img, (x + 6, y + 6), (x + w - 6, y + h - 6), colour, -1)
    return img, paper_mask(img)


@pytest.mark.parametrize("seed", range(4), ids=lambda s: f"scene-{s}")
def test_find_fields_is_the_first_definition(seed: int) -> None:
    bal, paper = _card_scene(seed)
    got, cut = find_fields(bal, paper)
    want, want_cut = _plain_find_fields(bal, paper)
    assert cut == want_cut and len(got) == len(want) >= 3
    for g, w in zip(got, want, strict=True):
        assert np.array_equal(g.quad, w.quad) and np.array_equal(g.centre, w.centre)
        assert (g.angle, g.size, g.area) == (w.angle, w.size, w.area)
        assert g.ring_white == w.ring_white and type(g.ring_white) is float


# Where the cards' paper lies in the photo decides what find_fields labels
# (the box round the paper): away from every edge, against some, across it.
LAYOUTS = {
    "middle": ((40, 40, 70, 100), (120, 40, 70, 100), (120, 150, 70, 45), (230, 60, 70, 100)),
    "left-top": ((0, 0, 70, 100), (80, 20, 70, 100), (80, 130, 70, 45)),
    "bottom-right": ((250, 180, 70, 100), (340, 200, 80, 100), (160, 150, 70, 100)),
    "across": ((0, 100, 70, 100), (80, 90, 70, 100), (350, 100, 70, 100), (200, 0, 60, 300)),
    "tall": ((150, 0, 70, 150), (150, 150, 70, 150), (60, 120, 70, 100)),
    "no-paper": (),
}


def _layout_scene(name: str, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    img = rng.uniform(0.05, 0.35, (300, 420, 3)).astype(np.float32)
    for x, y, w, h in LAYOUTS[name]:
        cv2.rectangle(img, (x, y), (x + w - 1, y + h - 1), (0.95, 0.95, 0.95), -1)
        colour = tuple(float(c) for c in rng.uniform(0.1, 0.9, 3))
        cv2.rectangle(img, (x + 6, y + 6), (x + w - 7, y + h - 7), colour, -1)
    # specks of paper-like white on the table and in the fields: many small components
    specks = rng.random(img.shape[:2]) < 0.01
    img[specks] = 0.97
    return img, paper_mask(img)


@pytest.mark.parametrize("name", LAYOUTS, ids=str)
@pytest.mark.parametrize("seed", range(2), ids=lambda s: f"seed-{s}")
def test_find_fields_labelled_round_the_paper_is_the_first_definition(name: str, seed: int) -> None:
    bal, paper = _layout_scene(name, seed)
    got, cut = find_fields(bal, paper)
    want, want_cut = _plain_find_fields(bal, paper)
    assert cut == want_cut and len(got) == len(want)
    if name != "no-paper":
        assert len(want) >= 2
    for g, w in zip(got, want, strict=True):
        assert np.array_equal(g.quad, w.quad) and np.array_equal(g.centre, w.centre)
        assert (g.angle, g.size, g.area, g.ring_white) == (w.angle, w.size, w.area, w.ring_white)


@pytest.mark.parametrize("density", [0.02, 0.3, 0.6], ids=str)
@pytest.mark.parametrize("box", ["middle", "top-edge", "whole"], ids=str)
def test_components_round_the_paper_are_the_photos_own(density: float, box: str) -> None:
    """The components the box labelling keeps (area not -1) that find_fields
    may use (not wider or taller than 0.9 of the photo) are the whole photo's
    such components, with the same stats, in the same order, and the same
    pixels; the ones it drops are only ones find_fields drops."""
    rng = np.random.default_rng(int(density * 100))
    paper = np.zeros((120, 160), bool)
    y0 = {"middle": 20, "top-edge": 0, "whole": 0}[box]
    y1, x0, x1 = {"whole": (120, 0, 160)}.get(box, (90, 30, 130))
    paper[y0:y1, x0:x1] = rng.random((y1 - y0, x1 - x0)) < density
    labels, stats, (lx, ly) = _nonpaper_components(paper)
    _, full, full_stats, _ = cv2.connectedComponentsWithStats(np.logical_not(paper).view(np.uint8), connectivity=4)
    h, w = paper.shape

    def usable(st: np.ndarray) -> np.ndarray:
        return (st[:, cv2.CC_STAT_AREA] >= 0) & (st[:, cv2.CC_STAT_WIDTH] <= 0.9 * w) & \
            (st[:, cv2.CC_STAT_HEIGHT] <= 0.9 * h)

    mine, theirs = np.nonzero(usable(stats))[0], np.nonzero(usable(full_stats))[0]
    assert len(mine) >= (2 if density > 0.1 else 0) and np.array_equal(stats[mine], full_stats[theirs])
    box_of = (slice(ly, ly + labels.shape[0]), slice(lx, lx + labels.shape[1]))
    for i, j in list(zip(mine, theirs, strict=True))[:: max(1, len(mine) // 20)]:
        assert np.array_equal(labels == i, full[box_of] == j) and (full == j).sum() == (labels == i).sum()


def _plain_side_track(paper: np.ndarray, edge: int, band: int, out: int) -> np.ndarray:
    """columns.side_track as first written: a slice and np.nonzero per row."""
    ph, pw = paper.shape
    shift, counts = 0, np.zeros(ph, np.int64)
    for r in range(ph):
        a = edge + shift if out > 0 else edge + shift - band
        lo, hi = max(0, a), min(pw, a + band + 1)
        cols = np.nonzero(paper[r, lo:hi])[0]
        counts[r] = len(cols)
        if len(cols):
            off = float(cols.mean()) + lo - (a + band / 2)
            if abs(off) > 1:
                shift = int(np.clip(shift + np.sign(off), -band, band))
    return counts


@pytest.mark.parametrize("kind, edge, band, out", [
    ("drifting-left", 30, 5, -1), ("drifting-right", 60, 5, 1), ("speckle", 40, 7, -1), ("speckle", 40, 7, 1),
    ("at-the-left-edge", 2, 6, -1), ("past-the-left-edge", 0, 9, -1), ("past-the-right-edge", 79, 6, 1),
    ("empty", 40, 5, 1), ("full", 40, 5, -1), ("no-band", 40, 0, 1)], ids=str)
def test_side_track_is_the_plain_row_by_row_track(kind: str, edge: int, band: int, out: int) -> None:
    """The band's paper counts from prefix sums: the very counts and the
    very drift of the band, bands running off either side included."""
    from vision.canal_houses.columns import side_track

    ph, pw = 160, 80
    paper = np.zeros((ph, pw), bool)
    rows = np.arange(ph)
    if kind.startswith("drifting"):
        centre = edge + (3 if out > 0 else -3) + (rows * 0.15 * (1 if out > 0 else -1)).astype(int)
        for r, c in zip(rows, centre, strict=True):
            paper[r, max(0, c - 2):max(0, c + 2)] = True
    elif kind in ("speckle", "at-the-left-edge", "past-the-left-edge", "past-the-right-edge"):
        paper = RNG.random((ph, pw)) < 0.35
        paper[:, :4] |= kind != "speckle"
    elif kind in ("full", "no-band"):
        paper[:] = True
    got = side_track(paper, edge, band, out)
    want = _plain_side_track(paper, edge, band, out)
    assert got.dtype == want.dtype and np.array_equal(got, want)
