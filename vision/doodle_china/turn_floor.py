"""A turning road over a skyscraper's floor box at a slant.

A turn's chord between two side midpoints passes over a floor box in a
corner of the square and reads like a slash. Its line is searched among the
ways a hand draws the turn (from arc to chord, a little to either side),
the one darkest just outside the box on both sides; the box is judged on
its ink away from that line's band. A hand's turn is no drawn arc or chord:
where the road is seen beside the box, the band is taken about its own
centre line in the box, and a heavy stroke's wings (wider than the band)
are taken out, as for a straight road (floors.off_road_excess). The road
is seen on paper only, not in the other floor boxes (a corner's crosses line
up like a turn's line), and a slash across it is also looked for along its
own line, as over a straight road; one drawn nearly along it, by the road's
line widening in the box (slash_lines.along_road).
"""

from __future__ import annotations

import functools

import cv2
import numpy as np

from . import constants as C
from . import turn_constants as T
from .cells import path_points
from .slash_lines import along_road, darkest_line, ink_along, inside_box, slash_lines


@functools.lru_cache(maxsize=8)
def _curves(path: str) -> np.ndarray:
    """(curves, samples, 2) unit-square points of the ways a hand draws the
    square's road: each turn from its quarter arc to its straight chord, and
    a little to either side of each. Worked out once per turn (read only)."""
    t = np.linspace(0.0, 1.0, T.TURN_FLOOR_SAMPLES)
    out = []
    for bend in T.TURN_FLOOR_BENDS:
        pts, normal = path_points(path, t, bend=bend)
        for shift in np.linspace(-C.PATH_BAND, C.PATH_BAND, T.TURN_FLOOR_SHIFTS):
            out.append(pts + shift * normal)
    curves = np.asarray(out)
    curves.setflags(write=False)
    return curves


def turn_excess(pencil_map: np.ndarray, box: np.ndarray, cell: np.ndarray, path: str,
                pencil: float, others: np.ndarray | None = None) -> float | None:
    """Mean pencil ink in a floor box (work pixels) away from a turning road
    that runs through it at a slant (a chord between two side midpoints
    passes over a floor box in a corner, and reads like a slash), or None
    when the road is not seen on both sides of the box or misses it.

    The road's line is the one of the hand's ways of drawing the turn
    (`_curves`) whose ink just outside the box, on both sides, is darkest."""
    x0, y0, x1, y1 = box
    bw, bh = x1 - x0, y1 - y0
    side = cell[2] - cell[0]
    pts = cell[:2] + _curves(path) * side  # (curves, samples, 2) work pixels
    h, w = pencil_map.shape
    # a hand's line wobbles and a faint one is a pixel wide: the darkest ink
    # within a pixel of each point (the square's part of the map, grown)
    a0, b0 = max(0, int(cell[0]) - 2), max(0, int(cell[1]) - 2)
    a1, b1 = min(w, int(np.ceil(cell[2])) + 3), min(h, int(np.ceil(cell[3])) + 3)
    grown = cv2.dilate(np.ascontiguousarray(pencil_map[b0:b1, a0:a1]), np.ones((3, 3), np.uint8))
    xi = np.clip(np.rint(pts[..., 0]).astype(np.intp) - a0, 0, a1 - a0 - 1)
    yi = np.clip(np.rint(pts[..., 1]).astype(np.intp) - b0, 0, b1 - b0 - 1)
    along = grown[yi, xi]
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    g = T.TURN_FLOOR_OUT * max(bw, bh)
    inside = (np.abs(pts[..., 0] - cx) <= bw / 2 + g) & (np.abs(pts[..., 1] - cy) <= bh / 2 + g)
    near = (np.abs(pts[..., 0] - cx) <= bw / 2 + g + T.TURN_FLOOR_REACH * bw) & (
        np.abs(pts[..., 1] - cy) <= bh / 2 + g + T.TURN_FLOOR_REACH * bh)
    others = np.zeros((0, 4)) if others is None else np.asarray(others, np.float64).reshape(-1, 4)
    # the road is seen on paper, not in the floor boxes beside: the crosses in
    # a corner's boxes line up like a turn's line through them
    near &= ~_in_boxes(pts, others, g)
    # the road is the square's darkest way along its whole length (on paper):
    # a cross's arm lined up with a way that misses the road is dark only by
    # the box
    whole = _whole_ink(along, _in_boxes(pts, np.vstack([np.asarray(box, np.float64)[None], others]), g))
    best, pick = -np.inf, -1
    for i in range(len(pts)):
        hit = np.flatnonzero(inside[i])
        if len(hit) == 0 or whole[i] < T.TURN_FLOOR_WHOLE * whole.max():
            continue
        before = near[i, :hit[0]]
        after = near[i, hit[-1] + 1:]
        if before.sum() < 2 or after.sum() < 2:
            continue
        seen = min(along[i, :hit[0]][before].mean(), along[i, hit[-1] + 1:][after].mean())
        if seen > best:
            best, pick = seen, i
    if pick < 0 or best < C.ROAD_FLOOR_SEEN * pencil:
        return None
    line = pts[pick]
    sx, sy = bw * C.FLOOR_OFF_ROAD_SHRINK, bh * C.FLOOR_OFF_ROAD_SHRINK
    q0, q1 = max(0, int(np.ceil(y0 + sy))), min(h, int(y1 - sy) + 1)
    e0, e1 = max(0, int(np.ceil(x0 + sx))), min(w, int(x1 - sx) + 1)
    if q1 <= q0 or e1 <= e0:
        return None
    ys, xs = np.mgrid[q0:q1, e0:e1]
    dist = np.sqrt(((xs[..., None] - line[:, 0]) ** 2 + (ys[..., None] - line[:, 1]) ** 2).min(axis=-1))
    if dist.min() > C.ROAD_FLOOR_BAND * max(bw, bh):  # it passes outside the box's inner part
        return None
    ink = pencil_map[q0:q1, e0:e1]
    band = C.ROAD_FLOOR_BAND * max(bw, bh)
    away = dist > band
    if away.sum() < C.FLOOR_OFF_ROAD_MIN * away.size:
        return None
    reach = max(1, int(round(T.TURN_FLOOR_CENTRE * max(bw, bh))))
    hit = np.flatnonzero(inside[pick])
    wings = _turn_wings(pencil_map, line, (int(hit[0]), int(hit[-1])), (cx, cy), (bw, bh), g, reach, others)
    if wings.max() < C.ROAD_FLOOR_SEEN * pencil:
        return float(ink[away].mean())  # no road's line seen beside (the print's misfit): as searched
    # the road seen beside the box lies a pixel or two off the searched line
    # (a hand's turn is no drawn arc or chord), and a heavy or doubled one is
    # wider than the band: the band is taken about the road's own centre in
    # the box, and its wings taken out
    signed, _ = _signed(xs, ys, line)
    centre = _centre(signed, ink, reach)
    off = np.abs(signed - centre)
    away = off > band
    if away.sum() < C.FLOOR_OFF_ROAD_MIN * away.size:
        return None
    left = ink - wings[np.minimum(np.rint(off).astype(np.intp), len(wings) - 1)]
    mean = float(left[away].mean())
    # a slash across the road keeps little of its ink off the band: it is
    # looked for along its own line, as over a straight road
    slash = _slash_across(pencil_map, box, line, centre, wings)
    value = slash if slash >= C.FLOOR_SLASH_MIN * pencil else mean
    # a slash along the road: the road's line is wider in the box than beside it
    return along_road(left, away, value, pencil)


def _slash_across(pencil_map: np.ndarray, box: np.ndarray, line: np.ndarray, centre: int,
                  wings: np.ndarray) -> float:
    """The most pencil ink along one straight line through a floor box
    (slash_lines, turned to the road's way through the box), averaged over its
    points inside the box (shrunk as the off-road measure is) and off the
    band about the road's own centre (`centre`: its offset from the searched
    `line`), the road's `wings` taken out at each point (floors.slash_off_road
    for a straight road)."""
    x0, y0, x1, y1 = box
    bw, bh = x1 - x0, y1 - y0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    i = int(np.argmin((line[:, 0] - cx) ** 2 + (line[:, 1] - cy) ** 2))
    dx, dy = line[min(i + 1, len(line) - 1)] - line[max(i - 1, 0)]
    cos, sin = np.array([dx, dy]) / max(float(np.hypot(dx, dy)), 1e-9)
    unit = slash_lines()
    xs = cx + (unit[..., 0] * cos - unit[..., 1] * sin) * max(bw, bh)
    ys = cy + (unit[..., 0] * sin + unit[..., 1] * cos) * max(bw, bh)
    signed, _ = _signed(xs, ys, line)
    dist = np.abs(signed - centre)
    off = inside_box(xs, ys, tuple(box)) & (dist > C.ROAD_FLOOR_BAND * max(bw, bh))
    ink = ink_along(pencil_map, xs, ys, tuple(box)) - wings[np.minimum(np.rint(dist).astype(np.intp), len(wings) - 1)]
    return darkest_line(ink, off)


def _whole_ink(along: np.ndarray, boxed: np.ndarray) -> np.ndarray:
    """Per way (rows of `along`, its ink at each sample): the mean ink of its
    samples not `boxed` (in a floor box, grown), 0 where all are."""
    free = ~boxed
    return np.where(free.any(axis=1), (along * free).sum(axis=1) / np.maximum(free.sum(axis=1), 1), 0.0)


def _in_boxes(pts: np.ndarray, boxes: np.ndarray, grow: float) -> np.ndarray:
    """Per point of `pts` (..., 2): True inside any of `boxes` grown by `grow`."""
    out = np.zeros(pts.shape[:-1], bool)
    for x0, y0, x1, y1 in boxes:
        out |= ((pts[..., 0] >= x0 - grow) & (pts[..., 0] <= x1 + grow)
                & (pts[..., 1] >= y0 - grow) & (pts[..., 1] <= y1 + grow))
    return out


def _signed(xs: np.ndarray, ys: np.ndarray, line: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per pixel (xs, ys): its signed distance from the polyline `line`
    (positive to the left of its way) and its nearest sample's index."""
    d = np.stack([xs[..., None] - line[:, 0], ys[..., None] - line[:, 1]], -1)
    near = np.argmin((d ** 2).sum(-1), axis=-1)
    tangent = line[np.minimum(near + 1, len(line) - 1)] - line[np.maximum(near - 1, 0)]
    tangent = tangent / np.maximum(np.linalg.norm(tangent, axis=-1, keepdims=True), 1e-9)
    dn = np.take_along_axis(d, near[..., None, None].repeat(2, -1), axis=-2)[..., 0, :]
    return tangent[..., 0] * dn[..., 1] - tangent[..., 1] * dn[..., 0], near


def _centre(signed: np.ndarray, ink: np.ndarray, reach: int) -> int:
    """The whole-pixel offset (within `reach` of the searched line) where
    the ink by signed distance is darkest: the drawn road's centre line."""
    bins = np.rint(signed).astype(np.intp) + reach
    ok = (bins >= 0) & (bins <= 2 * reach)
    counts = np.bincount(bins[ok], minlength=2 * reach + 1)
    sums = np.bincount(bins[ok], ink[ok], minlength=2 * reach + 1)
    means = np.where(counts >= 2, sums / np.maximum(counts, 1), -np.inf)
    return int(np.argmax(means)) - reach if np.isfinite(means).any() else 0


def _turn_wings(pencil_map: np.ndarray, line: np.ndarray, span: tuple[int, int], centre: tuple[float, float],
                size: tuple[float, float], grow: float, reach: int, others: np.ndarray) -> np.ndarray:
    """The turning road's own ink by whole-pixel distance from its centre
    line, seen beside the box where it comes in and goes out (each side
    about its own centre, _centre; `span`: the line's samples in the box):
    a heavy stroke is wider than the band left out of the box. Not in the
    `others` boxes (grown by `grow`): a cross in a floor box beside is no
    road's (own sheet 640010: the next box's X took out a cross's ink)."""
    (cx, cy), (bw, bh) = centre, size
    h, w = pencil_map.shape
    rx, ry = bw / 2 + grow + T.TURN_FLOOR_REACH * bw, bh / 2 + grow + T.TURN_FLOOR_REACH * bh
    a0, a1 = max(0, int(cx - rx)), min(w, int(np.ceil(cx + rx)) + 1)
    b0, b1 = max(0, int(cy - ry)), min(h, int(np.ceil(cy + ry)) + 1)
    ys, xs = np.mgrid[b0:b1, a0:a1]
    signed, near = _signed(xs, ys, line)
    ink = pencil_map[b0:b1, a0:a1]
    n = int(max(bw, bh) / 2) + 1
    beside = (np.abs(xs - cx) > bw / 2 + grow) | (np.abs(ys - cy) > bh / 2 + grow)
    for o0, p0, o1, p1 in others:
        beside &= ~((xs >= o0 - grow) & (xs <= o1 + grow) & (ys >= p0 - grow) & (ys <= p1 + grow))
    dists, inks = [], []
    for side in (near < span[0], near > span[1]):
        keep = beside & side & (np.abs(signed) < n + reach)
        if keep.any():
            dists.append(np.rint(np.abs(signed[keep] - _centre(signed[keep], ink[keep], reach))).astype(np.intp))
            inks.append(ink[keep])
    dist, seen = (np.concatenate(dists), np.concatenate(inks)) if dists else (np.zeros(0, np.intp), np.zeros(0))
    # the median at each distance: a printed label's misfit or a smudge
    # beside the box is no road's (own faint sheet 640010)
    wings = np.array([max(0.0, float(np.median(seen[dist == d]))) if (dist == d).any() else 0.0
                      for d in range(n + 1)])
    wings[-1] = 0.0  # farther than the box's half side: nothing of the road's is taken out
    return wings
