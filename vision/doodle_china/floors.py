"""Skyscraper floor boxes that a road runs through.

On some pads a floor box lies on the line from a side's midpoint to the
square's centre, so a road drawn to that side passes straight over it and
its ink reads like a cross. Where the square's road ends on such a side,
the road is found where it enters and leaves the box (the strips of paper
just outside it, on the road's line; on one side only where the stroke
stops short of the edge, in the box), and the box is judged only on the ink
away from that band: a road leaves it clean, an X or a slash does not. A
slash crossing the road at the box's centre keeps little ink off the band,
so it is also looked for along its own straight line (slash_off_road); one
drawn nearly along the road widens the road's line in the box past its
wings seen beside (slash_lines.along_road).
The box's ink is measured from the paper's level beside it, and the road's
own wings (its ink by distance from its line, seen beside the box; seen on
both sides, each side's, running from the one to the other across it) are
taken out in it, over the box and along a slash's line alike. A box with
no pencil line in its middle is clean whatever runs near it (stroke_peak).
A box no road of its square crosses may still have one run into it: a
neighbour's stroke drawn over the square's edge, a road the grid missed;
its ink is then capped by its ink off any straight road seen beside it
(stray_road_caps). On a faint sheet a road's grey haze off its band (a
wide or retraced stroke, the print model's drift) is a good share of the
pencil; a cross off the road shows a line near the pencil's level, so a box
with none there is clean (FLOOR_FAINT_LINE_MIN).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import constants as C
from .slash_lines import along_road, darkest_line, ink_along, inside_box, slash_lines
from .turn_floor import turn_excess

# side -> (the side's midpoint, as shares of the square) and whether a road
# to it runs across the box horizontally
_SIDES = {"N": ((0.5, 0.0), False), "S": ((0.5, 1.0), False), "E": ((1.0, 0.5), True), "W": ((0.0, 0.5), True)}


def road_axis(box: list[float], cell: list[float], path: str | None) -> bool | None:
    """True when the square's road runs across `box` horizontally, False
    vertically, None when it misses it (or there is no road)."""
    if not path:
        return None
    x0, y0, x1, y1 = cell
    side = x1 - x0
    bx, by = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    half = max(box[2] - box[0], box[3] - box[1]) / 2
    for s in path:
        (fx, fy), across = _SIDES[s]
        off = abs(by - (y0 + fy * side)) if across else abs(bx - (x0 + fx * side))
        # on the side's half of the square (a road to W never reaches the east)
        near_side = abs(bx - (x0 + fx * side)) <= side / 2 if across else abs(by - (y0 + fy * side)) <= side / 2
        if off <= half + C.ROAD_FLOOR_NEAR * side and near_side:
            return across
    return None


def darkest_path(m: np.ndarray) -> np.ndarray:
    """Per column of `m`, the row of the inkiest left-to-right path that moves
    at most one row a column (a road wobbles and bends, an X's arms are steep)."""
    h, w = m.shape
    score = m[:, 0].astype(np.float64).copy()
    back = np.zeros((h, w), np.intp)
    rows = np.arange(h)
    for j in range(1, w):
        options = np.stack([np.r_[-np.inf, score[:-1]], score, np.r_[score[1:], -np.inf]])
        pick = np.argmax(options, axis=0)
        back[:, j] = rows + pick - 1
        score = options[pick, rows] + m[:, j]
    path = np.empty(w, np.intp)
    path[-1] = int(np.argmax(score))
    for j in range(w - 1, 0, -1):
        path[j - 1] = back[path[j], j]
    return path


def off_road_excess(pencil_map: np.ndarray, box: np.ndarray, across: bool, pencil: float,
                    faint_line: bool = True, own_road: bool = True) -> float | None:
    """Mean pencil ink in a floor box (work pixels) away from the road that
    crosses it (or ends in it), or None when no road is seen beside it; where
    a slash shows over the road (slash_off_road), the ink along its line.
    `pencil_map`: the flattened ink less the print. `faint_line`: on a faint
    sheet, no line off the road is no cross (FLOOR_FAINT_LINE_MIN). `own_road`:
    the box's own square's road runs over it (not a stray road's cap, which
    only lowers a box's plain measure): a slash drawn nearly along the road
    is looked for (slash_lines.along_road), and on a sheet that is not faint
    the slash's lines are turned to the road's way through the box."""
    m = pencil_map if across else pencil_map.T
    x0, y0, x1, y1 = box if across else (box[1], box[0], box[3], box[2])
    bw, bh = x1 - x0, y1 - y0
    h, w = m.shape
    inner, outer = C.ROAD_FLOOR_STRIP
    r0, r1 = max(0, int(y0 - C.ROAD_FLOOR_SEARCH * bh)), min(h, int(np.ceil(y1 + C.ROAD_FLOOR_SEARCH * bh)))
    a, b = max(0, int(round(x0 - outer * bw))), min(w, int(round(x1 + outer * bw)))
    c0, c1 = int(round(x0 - inner * bw)), int(round(x1 + inner * bw))
    if r1 - r0 < 3 or c0 <= a or b <= c1:
        return None
    part = m[r0:r1, a:b]
    path = darkest_path(part)
    along = part[path, np.arange(part.shape[1])]
    strips = [np.arange(0, c0 - a), np.arange(c1 - a, b - a)]
    paper = _paper_level(part, path, np.concatenate(strips), bh)
    strips = [_along_strip(part, path, s, bh, paper, pencil) for s in strips]
    # a road's line is seen in the paper beside the box, on at least one side:
    # a stroke that stops short of the square's edge ends in the box (or at
    # it), and its end is no cross (an X's arm does not run level: below)
    seen = [len(s) > 0 and along[s].mean() >= C.ROAD_FLOOR_SEEN * pencil for s in strips]
    if not any(seen):
        return None
    sx, sy = bw * C.FLOOR_OFF_ROAD_SHRINK, bh * C.FLOOR_OFF_ROAD_SHRINK
    q0, q1 = max(r0, int(np.ceil(y0 + sy))), min(r1, int(y1 - sy) + 1)
    e0, e1 = max(a, int(np.ceil(x0 + sx))), min(b, int(x1 - sx) + 1)
    if q1 <= q0 or e1 <= e0:
        return None
    road = (r0 + path[e0 - a:e1 - a])[None, :]
    # only a road running straight across reads like a cross; one that cuts a
    # corner at a slant is left to the plain measure (it does not fill the box)
    if np.ptp(road) > C.ROAD_FLOOR_FLAT * bh:
        return None
    ys = np.arange(q0, q1)[:, None]
    away = np.abs(ys - road) > C.ROAD_FLOOR_BAND * bh
    if away.sum() < C.FLOOR_OFF_ROAD_MIN * away.size:
        return None
    zero, wings = _road_beside(part, path, strips, seen, bh)
    if all(seen):  # seen on both sides: each side's own wings (a road bends into the box on one)
        wings = _wings_by_column(part, path, strips, bh)
    dist = np.minimum(np.abs(ys - road), wings.shape[-1] - 1).astype(np.intp)
    left = m[q0:q1, e0:e1] - zero - _wing_at(wings, np.arange(e0 - a, e1 - a)[None, :], dist)
    mean = float(left[away].mean())
    # a slash over the road leaves only its ends off the road's band, a thin
    # share of that part of the box: it is seen along its own line instead
    turned = own_road and pencil >= C.NOISE_BELOW_PENCIL
    line = slash_off_road(part, (x0 - a, y0 - r0, x1 - a, y1 - r0), path, wings, turned) - zero
    if faint_line and pencil < C.NOISE_BELOW_PENCIL and line < C.FLOOR_FAINT_LINE_MIN * pencil:
        return 0.0  # a faint sheet's grey haze by a road, no stroke off it: no cross
    value = line if line >= C.FLOOR_SLASH_MIN * pencil else mean
    # a slash along the road: the road's line is wider in the box than beside it
    return along_road(left, away, value, pencil) if own_road else value


def _off_band(part: np.ndarray, path: np.ndarray, cols: np.ndarray, bh: float) -> np.ndarray:
    """(rows, len(cols)) True where a pixel of `part`'s columns `cols` lies
    off the band about the road's line (`path`: its row in each column)."""
    return np.abs(np.arange(part.shape[0])[:, None] - path[cols][None, :]) > C.ROAD_FLOOR_BAND * bh


def _paper_level(part: np.ndarray, path: np.ndarray, cols: np.ndarray, bh: float) -> float:
    """The median ink of `part`'s columns `cols` off the road's band: the
    paper's level beside the box (the print model's drift there, either way)."""
    off = _off_band(part, path, cols, bh)
    return float(np.median(part[:, cols][off])) if off.any() else 0.0


def _along_strip(part: np.ndarray, path: np.ndarray, cols: np.ndarray, bh: float, paper: float,
                 pencil: float) -> np.ndarray:
    """The columns `cols` of a strip beside a floor box that may show a road
    running along `path`: not those whose ink off the road's band stands
    ROAD_FLOOR_SEEN of the pencil above the `paper` level beside the box
    (_paper_level): a line across the strip, as the printed grid line's
    misfit beside a corner box on a faint sheet, is no road running in."""
    off = _off_band(part, path, cols, bh)
    level = np.array([np.median(part[off[:, i], c]) if off[:, i].any() else paper for i, c in enumerate(cols)])
    return cols[level - paper < C.ROAD_FLOOR_SEEN * pencil]


def _road_beside(part: np.ndarray, path: np.ndarray, strips: list[np.ndarray], seen: list[bool],
                 bh: float) -> tuple[float, np.ndarray]:
    """The paper's level beside a floor box, off the road (the print model's
    drift there, either way: the box's ink is measured from it), and the
    road's own ink by distance from its line in whole pixels (its wings,
    wider than the band on a heavy or doubled stroke, taken out in the box),
    from the strips of `part` beside the box (`strips`: their columns; the
    wings only where the road is `seen`)."""
    zero = _paper_level(part, path, np.concatenate(strips), bh)
    cols = np.concatenate([s for s, yes in zip(strips, seen, strict=True) if yes])
    dist = np.abs(np.arange(part.shape[0])[:, None] - path[cols][None, :]).ravel()
    n = int(bh) + 2
    keep = dist < n
    sums = np.bincount(dist[keep], (part[:, cols].ravel() - zero)[keep], minlength=n)
    counts = np.bincount(dist[keep], minlength=n)
    wings = np.maximum(np.where(counts > 0, sums / np.maximum(counts, 1), 0.0), 0.0)
    return zero, wings


def _wings_by_column(part: np.ndarray, path: np.ndarray, strips: list[np.ndarray], bh: float) -> np.ndarray:
    """(columns of `part`, distances) the road's wings seen on each side of
    the box, from the one side's to the other's across it: a road bending
    into the box is wider (row by row) on the side it bends on, and a firm
    stroke eases off where it runs on past the box; their mean left the
    bend's lower edge in the box as a slash (Shanghai boxed dev 706005:
    0.39 of the pencil, now 0.06; crosses over such roads moved -0.03 to
    +0.04)."""
    _, left = _road_beside(part, path, strips, [True, False], bh)
    _, right = _road_beside(part, path, strips, [False, True], bh)
    cl, cr = float(strips[0].mean()), float(strips[1].mean())
    t = np.clip((np.arange(part.shape[1]) - cl) / max(cr - cl, 1.0), 0.0, 1.0)[:, None]
    return (1 - t) * left + t * right


def _wing_at(wings: np.ndarray, cols: np.ndarray, dist: np.ndarray) -> np.ndarray:
    """The road's wings at whole-pixel distances `dist` in columns `cols`
    (`wings`: one row for every column, or one per column of the part)."""
    return wings[dist] if wings.ndim == 1 else wings[cols, dist]


def slash_off_road(m: np.ndarray, box: tuple[float, float, float, float], road: np.ndarray,
                   wings: np.ndarray | None = None, turned: bool = False) -> float:
    """The most pencil ink along one straight line through a floor box's
    centre (a slash, or one stroke of an X), averaged over its points inside
    the box (shrunk as the off-road measure is) and off the road's band.
    `m`: the pencil map with the road running left to right, `road`: the
    road's row in each of its columns. A road alone leaves such a line on
    paper (its band is left out); a slash keeps its ink along its whole
    length, where its ends off the band are only a thin share of the box.
    `wings`: the road's own ink by distance from its line, seen beside the
    box (_road_beside), taken out at each point: a heavy or retraced road
    is wider than its band, and any line through the box crosses its edges
    (a slash's ink there stands above the road's). `turned`: the lines are
    turned to the road's own way through the box (road_slope), as over a
    turn (turn_floor): a road bending through it, heavy or retraced, is no
    slash along a line a few degrees off its own."""
    x0, y0, x1, y1 = box
    bw, bh = x1 - x0, y1 - y0
    unit = slash_lines()
    slope = road_slope(road, x0, x1) if turned else 0.0
    cos, sin = 1.0 / np.hypot(1.0, slope), slope / np.hypot(1.0, slope)
    xs = (x0 + x1) / 2 + (unit[..., 0] * cos - unit[..., 1] * sin) * max(bw, bh)
    ys = (y0 + y1) / 2 + (unit[..., 0] * sin + unit[..., 1] * cos) * max(bw, bh)
    col = np.clip(np.rint(xs).astype(np.intp), 0, len(road) - 1)
    off = inside_box(xs, ys, box) & (np.abs(ys - road[col]) > C.ROAD_FLOOR_BAND * bh)
    ink = ink_along(m, xs, ys, box)
    if wings is not None:
        ink = ink - _wing_at(wings, col, np.minimum(np.abs(ys - road[col]), wings.shape[-1] - 1).astype(np.intp))
    return darkest_line(ink, off)


def road_slope(road: np.ndarray, x0: float, x1: float) -> float:
    """Rows per column of the road's line (`road`: its row in each column)
    across the columns x0..x1 of a floor box, fitted straight."""
    cols = np.arange(max(0, int(np.ceil(x0))), min(len(road), int(x1) + 1))
    return float(np.polyfit(cols, road[cols], 1)[0]) if len(cols) >= 2 else 0.0


def _middle(pencil_map: np.ndarray, box: np.ndarray) -> np.ndarray | None:
    """A floor box's middle in the pencil map (shrunk by FLOOR_SHRINK, as it
    is measured), or None when nothing is left of it."""
    x0, y0, x1, y1 = box
    sx, sy = (x1 - x0) * C.FLOOR_SHRINK, (y1 - y0) * C.FLOOR_SHRINK
    h, w = pencil_map.shape
    q0, q1 = max(0, int(np.ceil(y0 + sy))), min(h, int(y1 - sy) + 1)
    e0, e1 = max(0, int(np.ceil(x0 + sx))), min(w, int(x1 - sx) + 1)
    return None if q1 <= q0 or e1 <= e0 else pencil_map[q0:q1, e0:e1]


def stroke_peak(pencil_map: np.ndarray, box: np.ndarray) -> float:
    """The darkest of a floor box's pencil ink (work pixels, shrunk as it is
    measured): a cross's line nearly as dark as the player's roads somewhere
    in it, an erased mark's wide ghost only a fraction of that."""
    middle = _middle(pencil_map, box)
    if middle is None:
        return float("inf")  # nothing to judge by: left to the plain measure
    return float(np.percentile(middle, C.FLOOR_STROKE_PERCENTILE))


def stroke_rise(pencil_map: np.ndarray, box: np.ndarray, peak: float) -> float:
    """How far a floor box's darkest ink (`peak`: its stroke_peak, taken by
    the caller) stands above the median of its middle: a cross's line above
    the paper between its strokes; a grey haze over the whole box (the print
    model's misfit on a sharp, noisy photo of a faint sheet) lifts both alike."""
    middle = _middle(pencil_map, box)
    return float("inf") if middle is None else peak - float(np.median(middle))


def road_floor_excess(pencil_map: np.ndarray, floors: list[dict[str, Any]], grid: list[list[str]],
                      cells: list[list[dict[str, Any]]], k: float, pencil: float,
                      own_faint: bool = False, stroke_min: float = C.FLOOR_STROKE_MIN) -> list[float | None]:
    """Per floor box: 0.0 where no pencil line shows in its middle (stroke_peak
    under `stroke_min` of the pencil:
    an erased smudge, the print model's drift on a faint sheet, a road grazing
    its edge; on our own sheet with a faint pencil, `own_faint`, also where
    none stands above its haze: stroke_rise); else its ink away from the road over it (see off_road_excess);
    None else (the plain measure). `grid`: the proposal's squares ("skyscraper:NE"), `k`:
    work pixels per sheet pixel."""
    out: list[float | None] = []
    for f in floors:
        r, c = f["cell"]
        path = grid[r][c].partition(":")[2] or None
        across = road_axis(f["box"], cells[r][c]["box"], path)
        box = np.asarray(f["box"], np.float64) * k
        peak = stroke_peak(pencil_map, box)
        if peak < stroke_min * pencil or (
                own_faint and stroke_rise(pencil_map, box, peak) < C.FLOOR_STROKE_RISE * pencil):
            out.append(0.0)  # no line in its middle: a road grazing its edge, a grey print drift
            continue
        value = None if across is None else off_road_excess(pencil_map, box, across, pencil)
        if value is None and path in C.TURNS:  # a turn may pass over it at a slant
            others = np.array([o["box"] for o in floors if o is not f], np.float64).reshape(-1, 4) * k
            value = turn_excess(pencil_map, box, np.asarray(cells[r][c]["box"], np.float64) * k, path, pencil,
                                others)
        out.append(value)
    return out


def stray_road_caps(pencil_map: np.ndarray, floors: list[dict[str, Any]], grid: list[list[str]],
                    cells: list[list[dict[str, Any]]], k: float, pencil: float,
                    stroke_min: float = C.FLOOR_STROKE_MIN) -> list[float | None]:
    """Per floor box no road of its own square crosses (road_axis None): the
    least of its ink off a straight road seen beside it, across or up and
    down (off_road_excess), or None where none is seen (or its square's road
    crosses it: road_floor_excess judges that one). A neighbour's stroke run
    over the square's edge into the box, or a faint road the grid missed,
    reads like a cross's bar: dev faint and short-over template reads had
    false floors at 0.41-0.64 of the pencil that read -0.03-0.11 off such a
    road; crosses there kept 0.51 and more. A cap (the reader keeps the
    plain measure where it is lower): an X's arm seen as a road takes the
    other arm's ink along too, and the plain measure may be the lower one.
    Not along a stack of floor boxes (_boxes_beside): crosses in the boxes
    either side line up like a road (dev 698002: a cross read 0.0 so)."""
    out: list[float | None] = []
    for f in floors:
        r, c = f["cell"]
        path = grid[r][c].partition(":")[2] or None
        if road_axis(f["box"], cells[r][c]["box"], path) is not None:
            out.append(None)
            continue
        box = np.asarray(f["box"], np.float64) * k
        if stroke_peak(pencil_map, box) < stroke_min * pencil:
            out.append(None)  # clean already (road_floor_excess): no need to look
            continue
        seen = [v for v in (off_road_excess(pencil_map, box, across, pencil, faint_line=False, own_road=False)
                            for across in (True, False) if not _boxes_beside(f, floors, across))
                if v is not None]
        out.append(min(seen) if seen else None)
    return out


def _boxes_beside(floor: dict[str, Any], floors: list[dict[str, Any]], across: bool) -> bool:
    """True when another floor box lies beside `floor` along the axis (left
    or right when `across`, else above or below), within the reach of the
    strips off_road_excess sees a road in (ROAD_FLOOR_STRIP's outer edge)."""
    x0, y0, x1, y1 = floor["box"]
    w, h = x1 - x0, y1 - y0
    reach = C.ROAD_FLOOR_STRIP[1]
    for other in floors:
        if other is floor:
            continue
        a0, b0, a1, b1 = other["box"]
        if across and b0 < y1 and b1 > y0 and a0 < x1 + reach * w and a1 > x0 - reach * w:
            return True
        if not across and a0 < x1 and a1 > x0 and b0 < y1 + reach * h and b1 > y0 - reach * h:
            return True
    return False
