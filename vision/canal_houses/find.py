"""Finding cards: every card has a coloured field inside a white printed
border, and a tucked card's visible part is still a coloured field closed off
by white (its own border on three sides, the top border of the card lying over
it on the fourth). So a card is a hole in the white-paper mask of the right
shape with white all round it; the table, whatever its pattern, is not enclosed
by white paper of the right width. The white reference comes from the paper
itself, which also removes a lamp's colour cast. A border too thin in the
photo to stay white is still a thin bright line (ridge_paper); what the mask
cannot close off at all is looked for along its house's column (columns.py)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from . import constants as C
from .levels import balance, balanced_range, channel_range
from .table_edge import table_edge


@dataclass(frozen=True)
class Field:
    """One card's visible coloured field in working pixels."""

    quad: np.ndarray  # 4x2 float, corners in contour order
    centre: np.ndarray  # (x, y)
    angle: float  # degrees of the field's edges, modulo 90
    size: tuple[float, float]  # min-area rectangle sides (along angle, across it)
    area: float
    ring_white: float  # share of paper in the ring one border-width around
    hull: np.ndarray | None = None  # a piece's (or joined pieces') convex hull (Nx2): judged by its outline
    closed: tuple[Field, ...] = ()  # a joined field: the closed fields it replaced (their rings are border)


def working_image(photo: np.ndarray, max_side: int = C.WORK_MAX_SIDE) -> tuple[np.ndarray, float]:
    """The photo shrunk so its longer side is at most max_side, and the factor
    (working px per photo px); card finding needs far fewer pixels than a
    12 MP photo has."""
    scale = min(1.0, max_side / max(photo.shape[:2]))
    if scale == 1.0:
        return photo, 1.0
    small = cv2.resize(photo, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return small, scale


def _candidate_whites(small: np.ndarray) -> list[np.ndarray]:
    """Guesses at the paper's colour (BGR): the brightest thin bands (top-hat
    of the weakest channel, at a border's width for far and for close cards),
    and the plain brightest pixels. Paper is bright in every channel, so a
    yellow card (dark in blue) does not pass for it. (small is 8-bit: the
    morphology runs on bytes, several times faster than on floats and
    exactly equal, and the levels and medians are taken in float32.)"""
    weak8 = channel_range(small)[1]
    weak = weak8.astype(np.float32)
    whole = small.dtype == np.uint8  # then weak and the top-hats are whole numbers
    middle, bright = (whole_percentiles(weak, weak8, [50, C.WB_PERCENTILE]) if whole
                      else np.percentile(weak, [50, C.WB_PERCENTILE]))  # one partition for both
    guesses = []
    for size in C.WB_TOPHAT_PX:
        k = cv2.getStructuringElement(cv2.MORPH_RECT, (size, size))
        tophat = cv2.subtract(weak8, cv2.morphologyEx(weak8, cv2.MORPH_OPEN, k)).astype(np.float32)
        score = np.minimum(tophat, weak - middle)
        level = (whole_percentiles(score, (score + 255).astype(np.uint16), [C.WB_PERCENTILE], 255)[0]
                 if whole and middle == int(middle) else np.percentile(score, C.WB_PERCENTILE))
        top = small[(score >= level) & (score > 0)].astype(np.float32)
        if len(top) >= 20:
            guesses.append(np.median(top, axis=0))
    guesses.append(np.median(small[weak >= bright].astype(np.float32), axis=0))
    return [np.maximum(g, C.WB_MIN_LEVEL) for g in guesses]


def whole_percentiles(values: np.ndarray, levels: np.ndarray, q: list[float],
                      offset: int = 0) -> list[np.float64]:
    """np.percentile(values, q) (linear), each as a float64, for an array of
    whole numbers given also as small non-negative ints (levels = values +
    offset): read off a histogram instead of partitioning the whole array,
    when the order statistics each side of the percentile's position are
    equal (then the interpolation gives exactly that value); otherwise the
    plain np.percentile."""
    cum = np.cumsum(np.bincount(levels.ravel()))
    n = int(cum[-1])
    out = []
    for p in q:
        k = math.floor((n - 1) * p / 100)
        lo, hi = (int(np.searchsorted(cum, i, side="right")) for i in (max(0, k - 1), min(n - 1, k + 2)))
        if lo != hi:
            return [np.float64(v) for v in np.percentile(values, q)]
        out.append(np.float64(lo - offset))
    return out


def white_gains(image: np.ndarray) -> np.ndarray:
    """Per-channel gains (BGR) that make paper white 1.0, so a lamp's cast is
    divided out. Of a few guesses at the paper's colour, the one under which
    the most card fields appear (coloured, enclosed by white paper of the
    right width) wins: that is what paper means here."""
    small, _ = working_image(image, C.BLUR_MAX_SIDE)
    best, best_score, bal = None, -1.0, None
    tried: list[np.ndarray] = []
    for white in _candidate_whites(small):
        gains = (1.0 / white).astype(np.float32)
        if any(np.array_equal(gains, t) for t in tried):
            continue  # the same guess again (often): same score, and the first one wins ties
        tried.append(gains)
        bal = balance(small, gains, out=bal)  # the last guess's image is done with
        fields, _ = find_fields(bal, paper_mask(bal, balanced_range(small, gains)))
        score = sum(f.area * f.ring_white for f in fields)
        if score > best_score:
            best, best_score = gains, score
    assert best is not None
    return best


def border_gains(image: np.ndarray, gains: np.ndarray, fields: list[Field],
                 paper: np.ndarray) -> np.ndarray:
    """Gains re-measured on the white borders round the cards found, which
    are certainly paper (the first guess may have leaned on glare, which is
    brighter than paper); clipped pixels are left out. A joined field (split_field.py)
    gives the closed fields it replaced: the ring round it may lie on art."""
    fields = [g for f in fields for g in ((f,) if f.hull is None else f.closed)]
    if not fields:
        return gains
    inside = np.zeros(paper.shape, np.uint8)
    cv2.fillPoly(inside, [f.quad.astype(np.int32) for f in fields], 1)
    t = max(2, int(np.median([min(f.size) for f in fields]) * C.BORDER_MM / C.INNER_W_MM * 0.7))
    k = cv2.getStructuringElement(cv2.MORPH_RECT, (2 * t + 1, 2 * t + 1))
    ring = (cv2.dilate(inside, k) > 0) & (inside == 0) & paper
    px = image[ring]
    px = px[px.max(axis=1) < 254]
    if len(px) < 200:
        return gains
    white = np.percentile(px.astype(np.float32), 75, axis=0)
    return (1.0 / np.maximum(white, C.WB_MIN_LEVEL)).astype(np.float32)


def paper_mask(bal: np.ndarray, ranges: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """White paper: bright and without colour once the cast is removed
    (ranges: channel_range(bal) when the caller has it already)."""
    hi, lo = ranges or channel_range(bal)
    # chroma (hi - lo) / hi below the limit, without dividing: hi > 0 here
    return (hi - lo < C.WHITE_MAX_CHROMA * hi) & (hi > C.WHITE_MIN_VALUE)


def tinted_paper(bal: np.ndarray, paper: np.ndarray,
                 ranges: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """Paper plus the pixels next to it that are bright in every channel: a
    thin border beside a saturated field takes some of its colour (blur, a
    JPEG's half-resolution colour) and may no longer pass for paper.
    ranges: channel_range(bal) when the caller has it already."""
    k = np.ones((2 * C.WHITE_BLEED_PX + 1,) * 2, np.uint8)
    near = cv2.dilate(paper.astype(np.uint8), k) > 0
    lo = (ranges or channel_range(bal))[1]
    return paper | (near & (lo > C.WHITE_BRIGHT_ALL))


def ridge_paper(bal: np.ndarray, paper: np.ndarray,
                ranges: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """Paper plus thin bright lines: a border only a pixel or two wide in
    the photo (a thin border, a far card, blur) mixes with the colours on
    both sides and no longer passes for paper, yet it still stands well
    above both sides in its weakest channel, as a field's colour and the
    table do not (a top-hat narrower than RIDGE_PX). ranges as in
    tinted_paper."""
    hi, lo = ranges or channel_range(bal)
    # in 8 bits (paper white 1.0 -> 170, the balanced image's 1.5 cap -> 255): morphology on
    # bytes is several times faster than on floats, and a level's 1/170 is far below the limits
    hi8, lo8 = cv2.convertScaleAbs(hi, alpha=170), cv2.convertScaleAbs(lo, alpha=170)
    k = np.ones((C.RIDGE_PX, C.RIDGE_PX), np.uint8)
    lift = cv2.subtract(lo8, cv2.morphologyEx(lo8, cv2.MORPH_OPEN, k))
    # all in bytes: for whole numbers, a < x is a < ceil(x) and a > x is a > floor(x)
    grey = cv2.subtract(hi8, lo8) < cv2.LUT(hi8, _RIDGE_CHROMA_LIMIT)
    return paper | ((lift > _RIDGE_LIFT_FLOOR) & (lo8 > _RIDGE_LEVEL_FLOOR) & grey)


# ridge_paper's limits on byte levels (0-255): the chroma limit per level of hi
_RIDGE_CHROMA_LIMIT = np.ceil(C.RIDGE_MAX_CHROMA * np.arange(256)).astype(np.uint8)
_RIDGE_LIFT_FLOOR = math.floor(C.RIDGE_MIN_LIFT * 170)
_RIDGE_LEVEL_FLOOR = math.floor(C.RIDGE_MIN_LEVEL * 170)


def _inside(f: Field, g: Field) -> bool:
    pt = (float(f.centre[0]), float(f.centre[1]))
    return cv2.pointPolygonTest(g.quad.reshape(-1, 1, 2), pt, False) >= 0


def _complete(base: list[Field], extra: list[Field], cover: float) -> list[Field]:
    """Fields of base, completed from those another mask closes off: a base
    field that the other mask shows to be two or more (covering this share
    of it) is replaced by them, and a field no base field overlaps is added."""
    out: list[Field] = []
    for f in base:
        parts = [g for g in extra if _inside(g, f)]
        split = len(parts) >= 2 and sum(g.area for g in parts) >= cover * f.area
        out.extend(parts if split else [f])
    out.extend(g for g in extra if not any(_inside(g, f) or _inside(f, g) for f in base))
    return out


def find_all_fields(bal: np.ndarray, paper: np.ndarray,
                    ranges: tuple[np.ndarray, np.ndarray] | None = None,
                    misshapen: list[Field] | None = None) -> tuple[list[Field], int]:
    """Card fields from the strict paper mask, completed from the tinted one
    and then from thin bright lines (ridge_paper) and, on a dark table, from
    where the table stops (table_edge.py): a field only a wider mask closes
    off is added, and a strict field that it shows to be two or
    more (strips whose border between them looked coloured) is replaced by
    them. The strict field wins otherwise: the tinted mask also grows glare
    into a card's field. Last, a card its own art cut in two or bit into
    is judged by its outline (split_field.py). misshapen, when given, gets the strict mask's
    pieces refused only for their shape (see find_fields)."""
    ranges = ranges or channel_range(bal)  # shared by both wider masks
    strict, cut_off = find_fields(bal, paper, misshapen)
    tinted, _ = find_fields(bal, tinted_paper(bal, paper, ranges))
    fields = _complete(strict, tinted, 0.0)
    ridge = ridge_paper(bal, paper, ranges)
    pieces: list[Field] = []  # the widest mask's pieces refused for their shape (split_field.py)
    edge = table_edge(ridge, ranges[0])
    ridged, _ = find_fields(bal, ridge, None if edge is not None else pieces)
    fields = _complete(fields, ridged, C.RIDGE_SPLIT_COVER)
    if edge is not None:
        # a field only the dark table's edge closes off is added (its ring judged on the ridge mask); it
        # never splits one (cover above 1): the edge lies on the table, outside every field closed off already
        edged, _ = find_fields(bal, ridge | edge, pieces, ring_paper=ridge)
        fields = _complete(fields, edged, 2.0)
    return _split_made_whole(fields, pieces, ridge if edge is None else ridge | edge, misshapen), cut_off


def _split_made_whole(fields: list[Field], pieces: list[Field], mask: np.ndarray,
                      misshapen: list[Field] | None) -> list[Field]:
    """fields with each card its own art cut or bit into judged by its
    outline (split_field.py); the strict mask's pieces inside such a card
    are no more left over."""
    from .split_field import join_split  # (it imports Field from here)

    joined, _ = join_split(fields, pieces, mask)
    new = [f for f in joined if not any(f is g for g in fields)]
    if new and misshapen is not None:
        misshapen[:] = [p for p in misshapen if not any(_inside(p, f) for f in new)]
    return joined


def blur_sigma(bal: np.ndarray) -> float | None:
    """Estimated Gaussian blur (px at BLUR_MAX_SIDE) from the steepest strong
    edges: a step of contrast c blurred by sigma has a slope of at most
    c / (sigma * sqrt(2 pi)). None when there are too few edges to judge."""
    small, _ = working_image(bal, C.BLUR_MAX_SIDE)
    grey = cv2.cvtColor(small.astype(np.float32), cv2.COLOR_BGR2GRAY)
    gx = cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3) / 8
    gy = cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3) / 8
    grad = np.hypot(gx, gy)
    k = np.ones((15, 15), np.uint8)
    contrast = cv2.dilate(grey, k) - cv2.erode(grey, k)
    strong = contrast > C.EDGE_MIN_CONTRAST
    # Local maxima of the slope across the edge: the steepest point.
    peak = strong & (grad >= cv2.dilate(grad, np.ones((3, 3), np.uint8)) - 1e-6) & (grad > 0.02)
    if peak.sum() < C.BLUR_MIN_EDGES:
        return None
    ratio = grad[peak] / contrast[peak]
    steep = float(np.percentile(ratio, 90))
    return 1.0 / (max(steep, 1e-3) * np.sqrt(2 * np.pi))


def _quad(contour: np.ndarray) -> np.ndarray:
    """Four corners of a convex field: the hull simplified to four points,
    or the min-area rectangle when the hull will not simplify."""
    hull = cv2.convexHull(contour)
    peri = cv2.arcLength(hull, True)
    for eps in (0.02, 0.035, 0.05, 0.07):
        approx = cv2.approxPolyDP(hull, eps * peri, True)
        if len(approx) == 4:
            return approx.reshape(4, 2).astype(np.float32)
    return cv2.boxPoints(cv2.minAreaRect(contour)).astype(np.float32)


def find_fields(bal: np.ndarray, paper: np.ndarray, misshapen: list[Field] | None = None,
                ring_paper: np.ndarray | None = None) -> tuple[list[Field], int]:
    """Card fields in a balanced working image, and how many card-like fields
    were dropped for touching the photo's edge (cut off). misshapen, when
    given, gets the pieces refused only for their shape (not solid or not
    rectangular enough: glare across a card's edge bites into its field)
    that are still closed off by white paper and not too thin; they are
    not among the fields returned. ring_paper: the paper the white ring
    round a field is judged on, when not `paper` itself (a mask closed by
    lines that are no paper, such as a dark table's edge)."""
    ring_paper = paper if ring_paper is None else ring_paper
    h, w = paper.shape
    labels, stats, (lx, ly) = _nonpaper_components(paper)
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
        # label i in the window; outside the labelled box every pixel is another label's
        mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
        lh, lw = labels.shape
        ix0, iy0, ix1, iy1 = max(x0, lx), max(y0, ly), min(x1, lx + lw), min(y1, ly + lh)
        mask[iy0 - y0:iy1 - y0, ix0 - x0:ix1 - x0] = labels[iy0 - ly:iy1 - ly, ix0 - lx:ix1 - lx] == i
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        contour = max(contours, key=cv2.contourArea)
        area = float(cv2.contourArea(contour))
        hull_area = float(cv2.contourArea(cv2.convexHull(contour)))
        rect = cv2.minAreaRect(contour)
        rect_area = rect[1][0] * rect[1][1]
        if hull_area <= 0 or rect_area <= 0:
            continue
        bitten = area / hull_area < C.MIN_SOLIDITY or area / rect_area < C.MIN_RECT_FILL
        if bitten and (misshapen is None or area / hull_area < C.MISSHAPEN_MIN_SOLIDITY
                       or area / rect_area < C.MISSHAPEN_MIN_RECT_FILL):
            continue
        short = min(rect[1])
        if max(rect[1]) / max(short, 1) > 6:
            continue
        if touches:
            cut_off += not bitten  # (a misshapen piece at the edge counted before no more than now)
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
        seen = np.count_nonzero(ring)  # the share of paper in it, as the mean of the bools is
        ring_white = float(np.count_nonzero(ring_paper[y0:y1, x0:x1] & ring) / seen) if seen else 0.0
        if ring_white < C.RING_MIN_WHITE:
            continue
        quad = _quad(contour) + np.array([x0, y0], np.float32)
        angle = float(rect[2]) % 90.0
        hull = (cv2.convexHull(contour).reshape(-1, 2) + [x0, y0]).astype(np.float32) if bitten else None
        field = Field(quad, np.array(rect[0], float) + [x0, y0], angle,
                      (float(rect[1][0]), float(rect[1][1])), area, ring_white, hull)
        (misshapen if bitten and misshapen is not None else fields).append(field)
    return _outermost(fields), cut_off


def _nonpaper_components(paper: np.ndarray) -> tuple[np.ndarray, np.ndarray, tuple[int, int]]:
    """cv2.connectedComponentsWithStats of the non-paper pixels (4-connected)
    for find_fields, labelled only in the box round the paper and a pixel
    more: a street covers a quarter to a half of the photo, and the table
    beyond that box is all non-paper. Labels (of the box), stats in photo
    pixels, the box's corner. The same components that find_fields keeps,
    in the same order, with the same areas and boxes: a component inside
    the box is whole in it and numbered in the same raster order; one that
    reaches a side of the box with table beyond is the table's and, in the
    photo, spans its whole width or height (the table beyond the box is one
    band round it, or two bands across it), which find_fields drops: its
    area here is made -1, so that it is dropped still."""
    h, w = paper.shape
    if paper.dtype != bool:  # (not the reader's masks: labelled whole, as first written)
        n, labels, stats, _ = cv2.connectedComponentsWithStats((~paper).astype(np.uint8), connectivity=4)
        return labels, stats, (0, 0)
    bx, by, bw, bh = cv2.boundingRect(paper.view(np.uint8))
    if bw == 0 or bh == 0:
        bx, by, bw, bh = 0, 0, w, h  # no paper: one component, the whole photo
    x0, y0, x1, y1 = max(bx - 1, 0), max(by - 1, 0), min(bx + bw + 1, w), min(by + bh + 1, h)
    # bytes 0/1 straight from the bool mask (one pass over the box, not two)
    nonpaper = np.logical_not(paper[y0:y1, x0:x1]).view(np.uint8)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(nonpaper, connectivity=4)
    sx, sy, sw, sh = (stats[:, k] for k in range(4))
    table = ((y0 > 0) & (sy == 0)) | ((y1 < h) & (sy + sh == y1 - y0)) | \
        ((x0 > 0) & (sx == 0)) | ((x1 < w) & (sx + sw == x1 - x0))
    table[0] = False  # label 0 is the paper, inside the box
    stats[:, cv2.CC_STAT_LEFT] += x0
    stats[:, cv2.CC_STAT_TOP] += y0
    stats[table, cv2.CC_STAT_AREA] = -1
    return labels, stats, (x0, y0)


def _outermost(fields: list[Field]) -> list[Field]:
    """Fields not lying inside a larger one: a pale badge on a close-up card
    is paper-like, so the icons printed in it look like small fields."""
    def inside(f: Field, g: Field) -> bool:
        pt = (float(f.centre[0]), float(f.centre[1]))
        return g.area > f.area and cv2.pointPolygonTest(g.quad.reshape(-1, 1, 2), pt, False) >= 0

    if len(fields) < 2:
        return list(fields)
    # Only a larger field can hold the centre, and pointPolygonTest answers
    # "outside" without any arithmetic for a point (taken in float32) above,
    # below or right of all the corners: only the others are tested.
    lo = np.array([f.quad.min(axis=0) for f in fields], np.float32)
    hi = np.array([f.quad.max(axis=0) for f in fields], np.float32)
    centres = np.array([f.centre for f in fields]).astype(np.float32)
    areas = np.array([f.area for f in fields])
    cx, cy = centres[:, 0, None], centres[:, 1, None]
    boxed = (cy >= lo[None, :, 1]) & (cy <= hi[None, :, 1]) & (cx <= hi[None, :, 0])
    boxed &= areas[None, :] > areas[:, None]  # [i, j]: field j may hold field i's centre
    return [f for i, f in enumerate(fields)
            if not any(inside(f, fields[j]) for j in np.nonzero(boxed[i])[0] if fields[j] is not f)]

