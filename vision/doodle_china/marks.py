"""Crossed-out boxes (houses, trees, floors) and circled score values.

A cross is ink in a box beyond what the printer put there: the empty sheet,
blurred like the photo and scaled to the photo's black, is subtracted and the
rest averaged over the box (an average does not care how blurred a stroke is).
A loop is ink all around a value: the ring just outside its box is searched in
every direction, and a loop inks nearly all of them, while a cross through the
value reaches only a few.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import cv2
import numpy as np

from . import constants as C
from . import slash_line_constants as L

BLUR_STEPS = (0.0, 0.6, 0.9, 1.3, 1.8, 2.4, 3.2, 4.5)


def fit_print(ink: np.ndarray, blank: np.ndarray, boxes: list[tuple[int, int, int, int]]) -> tuple[float, float]:
    """How black the print looks (gain) and how blurred (sigma, work pixels),
    fitted on thin printed text nothing is ever drawn on, at the top and the
    bottom of the sheet (thin lines are what houses, trees and floors are
    printed with, and they blur more than bold letters)."""
    seen = np.concatenate([ink[y0:y1, x0:x1].ravel() for x0, y0, x1, y1 in boxes]).astype(np.float64)
    # only the boxes are blurred, with room for the widest blur's kernel
    # (radius 4 sigma): where a crop ends inside the sheet its border is never
    # reached, where it ends at the sheet's edge it is reflected as the whole
    # sheet's is. The same figures as blurring the whole sheet eight times.
    h, w = blank.shape[:2]
    pad = int(np.ceil(4 * BLUR_STEPS[-1])) + 2
    crops = []
    for x0, y0, x1, y1 in boxes:
        a, b = max(0, y0 - pad), max(0, x0 - pad)
        crops.append((blank[a:min(h, y1 + pad), b:min(w, x1 + pad)], (y0 - a, x0 - b, y1 - a, x1 - b)))
    best = (np.inf, 1.0, 0.0)
    for sigma in BLUR_STEPS:
        model = np.concatenate([_blur(crop, sigma)[r0:r1, c0:c1].ravel()
                                for crop, (r0, c0, r1, c1) in crops]).astype(np.float64)
        norm = float((model * model).sum())
        if norm <= 0:
            continue
        gain = float((seen * model).sum() / norm)
        residual = float(((seen - gain * model) ** 2).sum())
        if residual < best[0]:
            best = (residual, gain, sigma)
    return best[1], best[2]


def paper_mask(blank: np.ndarray, sigma: float) -> np.ndarray:
    """Where the print is far enough away that blur of any likely size leaves the
    paper clean (True)."""
    return _blur(blank, sigma + C.PRINT_FREE_BLUR) < C.PRINT_FREE


def _blur(blank: np.ndarray, sigma: float) -> np.ndarray:
    return blank if sigma <= 0 else cv2.GaussianBlur(blank, (0, 0), sigma)


def surround_level(ink: np.ndarray, baseline: np.ndarray, zero: np.ndarray, box: np.ndarray) -> float:
    """The paper's own ink level around a box (median over `zero`, paper no
    player marks): noise in a dark corner lifts the ink map a little there."""
    x0, y0, x1, y1 = box
    h, w = ink.shape
    ex, ey = (x1 - x0) * C.MARK_SURROUND, (y1 - y0) * C.MARK_SURROUND
    sa, sb = max(0, int(x0 - ex)), max(0, int(y0 - ey))
    sc, sd = min(w, int(x1 + ex) + 1), min(h, int(y1 + ey) + 1)
    around = (ink[sb:sd, sa:sc] - baseline[sb:sd, sa:sc])[zero[sb:sd, sa:sc]]
    return float(np.median(around)) if around.size else 0.0


def box_excess(ink: np.ndarray, blank: np.ndarray, boxes: np.ndarray, gain: float, sigma: float,
               zero_levels: np.ndarray, pencil: float, learn: float | None = None,
               shrink: float = C.MARK_SHRINK, print_free: float = C.PRINT_FREE,
               few: tuple[int, float] | None = None) -> np.ndarray:
    """Mean ink beyond the print's in each box's inner part, less the paper's
    level around it: (n,) for n boxes of one kind (same print, same size).

    First the print is the printed sheet blurred and scaled as fitted on the
    sheet (`gain`, `sigma`). With enough boxes, it is then taken from the
    photo itself: each pixel's median over the boxes that looked cleanest
    (the print is the same in all, crosses are not; at least three, and none
    that already looked crossed: then all are, and the first answer stands),
    capped at the printed
    sheet plus a tolerance so that crosses never become "print". `learn` is
    the most (relative) ink a box may show on the printed model and still be
    taken as clean; None: the first answer only. Only the
    paper well away from the print is averaged, so a print that is a little
    off does not count as a mark: where the printed model's ink (blurred) is
    below `print_free`. `few`: (k, most): with fewer than three boxes under
    `learn`, the k cleanest model the print when none reads over `most`
    (house_constants: a template read, nearly every house crossed)."""
    bw, bh = boxes[0, 2] - boxes[0, 0], boxes[0, 3] - boxes[0, 1]
    margin = max(C.CLASS_MARGIN_MIN, C.CLASS_MARGIN * max(bw, bh))
    size = (int(np.ceil(bw + 2 * margin)), int(np.ceil(bh + 2 * margin)))
    centres = [((x0 + x1) / 2, (y0 + y1) / 2) for x0, y0, x1, y1 in boxes]
    crops = np.stack([cv2.getRectSubPix(ink, size, c) for c in centres])
    prints = np.stack([cv2.getRectSubPix(blank, size, c) for c in centres])
    ys, xs = np.mgrid[0:size[1], 0:size[0]]
    cx, cy = (size[0] - 1) / 2, (size[1] - 1) / 2
    inner = (np.abs(xs - cx) <= bw * (0.5 - shrink)) & (np.abs(ys - cy) <= bh * (0.5 - shrink))
    models = np.stack([gain * _blur(p, sigma) for p in prints])
    # the paper measured on is the same however blurred the photo was fitted:
    # a blur step more must not tip a box with little paper (a pad's house
    # icon) into being measured whole, print and all
    frees = [inner & (_blur(p, C.PRINT_FREE_BLUR) < print_free) for p in prints]
    uses = [f if f.sum() >= C.PRINT_FREE_SHARE * inner.sum() else inner for f in frees]

    def excess(model: np.ndarray, levels: np.ndarray) -> np.ndarray:
        return np.array([float((crops[i] - model[i])[uses[i]].mean()) - levels[i] for i in range(len(boxes))])

    first = excess(models, zero_levels)
    if learn is None or len(boxes) < C.CLASS_MIN_BOXES:
        return first
    rel = first / max(pencil, C.MARK_PENCIL_FLOOR)
    clean = (rel <= rel.min() + C.CLASS_CLEAN_SPREAD) & (rel <= learn)
    if few is not None and (rel <= learn).sum() < 3 and np.sort(rel)[few[0] - 1] <= few[1]:
        clean = np.zeros(len(rel), bool)
        clean[np.argsort(rel, kind="stable")[:few[0]]] = True
    if clean.sum() < 3:
        return first
    typical = np.median(crops[clean], 0)
    levels = zero_levels - np.median(zero_levels[clean])  # the typical crop carries their level
    return excess(np.minimum(typical[None], models + C.CLASS_TOLERANCE), levels)


def reference_paper(paper: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """Paper that no player marks: the paper mask less every mark box (grown a
    little, for strokes that overshoot)."""
    zero = paper.copy()
    for x0, y0, x1, y1 in boxes:
        gx, gy = (x1 - x0) * C.MARK_GROW, (y1 - y0) * C.MARK_GROW
        zero[max(0, int(y0 - gy)):int(y1 + gy) + 1, max(0, int(x0 - gx)):int(x1 + gx) + 1] = False
    return zero


def decide_crosses(excess: np.ndarray, pencil: float, what: str, min_ink: float | None = None,
                   taught: bool = False, levels: tuple[float, float] | None = None
                   ) -> tuple[list[bool], list[float], list[bool]]:
    """Crossed?, confidence and doubtful? per box (of a `what`: house, tree,
    floor), from ink relative to the pencil. `min_ink`: the least ink a cross
    carries (default C.MARK_MIN_INK's); `taught`: read through a template
    (C.TAUGHT_MARK_YES/NO where they are set); `levels`: (yes, no) instead of
    C.MARK_YES/NO's."""
    rel = excess / max(pencil, C.MARK_PENCIL_FLOOR)
    crossed, conf, doubt = [], [], []
    yes_at, no_at = levels or (C.MARK_YES[what], C.MARK_NO[what])
    if taught:
        yes_at, no_at = C.TAUGHT_MARK_YES.get(what, yes_at), C.TAUGHT_MARK_NO.get(what, no_at)
    mid = (yes_at + no_at) / 2
    # with a faint pencil the print model's own error is a large share of the
    # pencil: a cross must also carry some ink of its own
    too_light = excess < (C.MARK_MIN_INK.get(what, 0.0) if min_ink is None else min_ink)
    rel = np.where(too_light, np.minimum(rel, no_at), rel)
    for value in rel:
        yes = value >= mid
        crossed.append(bool(yes))
        if value >= yes_at or value <= no_at:
            far = (value - yes_at) if yes else (no_at - value)
            conf.append(round(min(1.0, 0.8 + far * 2), 3))
            doubt.append(False)
        else:
            conf.append(round(0.5 + abs(value - mid) / (yes_at - no_at), 3))
            doubt.append(True)
    return crossed, conf, doubt


def noise_floor(excess: np.ndarray, pencil: float, what: str, below_only: bool = True) -> float:
    """The least ink a cross carries on this photo, from how far the clearly
    clean boxes of the kind stray from zero: a print modelled from a photo of
    the very sheet (a template's blank) errs far less than the fixed floor
    allows for, and a faint pencil's cross over a filled icon leaves less ink
    than that floor. Never above the fixed floor; with too few clearly clean
    boxes to judge the noise by, a share of the pencil's level where one is
    set for the kind (a faint sheet with nearly every house crossed), else the
    fixed floor.

    `below_only`: on a faint sheet (pencil under C.NOISE_BELOW_PENCIL) the
    noise is judged by how far the clean boxes fall below their median: a cross only adds ink, and a faint pencil's cross can look
    clean (under C.MARK_NO) and lift the farthest stray above the median past
    its fellow crosses' ink. False: the farthest stray either way (stricter,
    for a second look that an erased smudge fools more easily)."""
    fixed = C.MARK_MIN_INK.get(what, 0.0)
    rel = excess / max(pencil, C.MARK_PENCIL_FLOOR)
    clean = excess[rel < C.MARK_NO[what]]
    if len(clean) < C.NOISE_MIN_CLEAN:
        if what not in C.NOISE_FEW_CLEAN_TIMES:
            return fixed
        return min(fixed, max(C.NOISE_MIN_INK.get(what, 0.0), C.NOISE_FEW_CLEAN_TIMES[what] * pencil))
    off = clean - np.median(clean)
    below = below_only and pencil < C.NOISE_BELOW_PENCIL
    spread = float(-off.min() if below else np.abs(off).max())
    return min(fixed, max(C.NOISE_MIN_INK.get(what, 0.0), C.NOISE_TIMES * spread))


@functools.lru_cache(maxsize=1)
def _ring_offsets() -> np.ndarray:
    """(angles, radii, 2) unit offsets of the ring searched around a value."""
    th = np.linspace(0, 2 * np.pi, C.RING_ANGLES, endpoint=False)
    rr = np.linspace(C.RING_INNER, C.RING_OUTER, C.RING_RADII)
    return np.stack([np.cos(th)[:, None] * rr[None, :], np.sin(th)[:, None] * rr[None, :]], -1)


def ring_share(ink: np.ndarray, boxes: np.ndarray, threshold: float) -> np.ndarray:
    """Share of directions around each value box in which a stroke is seen: (n,).

    Values sit close together, and a loop around one passes through part of
    its neighbours' rings: each value is judged only on the directions that
    lie outside every clearly circled neighbour's loop band (while
    RING_MIN_LEFT of its directions are left). A value between three or four
    circled neighbours sees their loops in over half its ring, and so may look
    clearly circled itself: it is judged on what is left, its own loop
    showing there and nothing else."""
    off = _ring_offsets()
    cx, cy = (boxes[:, 0] + boxes[:, 2]) / 2, (boxes[:, 1] + boxes[:, 3]) / 2
    a, b = (boxes[:, 2] - boxes[:, 0]) / 2, (boxes[:, 3] - boxes[:, 1]) / 2
    xs = cx[:, None, None] + off[None, ..., 0] * a[:, None, None]
    ys = cy[:, None, None] + off[None, ..., 1] * b[:, None, None]
    xi = np.clip(np.rint(xs).astype(np.intp), 0, ink.shape[1] - 1)
    yi = np.clip(np.rint(ys).astype(np.intp), 0, ink.shape[0] - 1)
    hits = ink[yi, xi].max(axis=2) > threshold  # (n, directions)
    share = hits.mean(axis=1)
    clear = np.flatnonzero(share >= C.RING_YES)
    if len(clear) == 0:
        return share
    dx, dy = xs.mean(axis=2), ys.mean(axis=2)  # each direction's middle, (n, directions)
    out = share.copy()
    for i in range(len(share)):
        near = np.zeros(hits.shape[1], bool)
        for j in clear[clear != i]:
            near |= ((dx[i] - cx[j]) / a[j]) ** 2 + ((dy[i] - cy[j]) / b[j]) ** 2 <= C.RING_OUTER ** 2
        if near.any() and (~near).sum() >= hits.shape[1] * C.RING_MIN_LEFT:
            out[i] = min(share[i], hits[i][~near].mean())
    return out


def decide_loops(share: np.ndarray) -> tuple[list[bool], list[float], list[bool]]:
    """Circled?, confidence and doubtful? per value from the ring share."""
    mid = (C.RING_YES + C.RING_NO) / 2
    circled, conf, doubt = [], [], []
    for value in share:
        yes = value >= mid
        circled.append(bool(yes))
        if value >= C.RING_YES or value <= C.RING_NO:
            far = (value - C.RING_YES) if yes else (C.RING_NO - value)
            conf.append(round(min(1.0, 0.8 + far), 3))
            doubt.append(False)
        else:
            conf.append(round(0.5 + abs(value - mid) / (C.RING_YES - C.RING_NO), 3))
            doubt.append(True)
    return circled, conf, doubt


# -- a slash over a house icon, seen along its line (session 8) -----------------------

@functools.lru_cache(maxsize=4)
def _house_lines(side: float) -> np.ndarray:
    """(lines, points, 2) offsets from a box's centre of the straight lines a
    slash over a house runs along: L.HOUSE_LINE_ANGLES from the horizontal,
    shifted up to L.HOUSE_LINE_SHIFT of the box's `side` either way."""
    t = np.linspace(-0.75, 0.75, L.HOUSE_LINE_SAMPLES) * side
    lines = []
    for a in np.radians(L.HOUSE_LINE_ANGLES):
        dx, dy = np.cos(a), np.sin(a)
        for s in np.linspace(-L.HOUSE_LINE_SHIFT, L.HOUSE_LINE_SHIFT, L.HOUSE_LINE_SHIFTS) * side:
            lines.append(np.stack([t * dx - s * dy, t * dy + s * dx], -1))
    out = np.asarray(lines)
    out.setflags(write=False)
    return out


def slash_lines(ink: np.ndarray, blank: np.ndarray, boxes: np.ndarray, gain: float, sigma: float,
                shrink: float) -> np.ndarray:
    """The most ink beyond the print along one straight line through each box
    (a slash), over the box's inner part (`shrink`) where the print is even
    (a pixel off changes nothing there: paper, or inside a filled roof), less
    the box's typical level there: (n,). The ink beyond a print is divided by
    what the print lets through (a pencil over a roof darkens it less).
    A box's mean ink dilutes a lone slash that crosses mostly the icon; along
    its own line it keeps its whole darkness."""
    bw, bh = boxes[0, 2] - boxes[0, 0], boxes[0, 3] - boxes[0, 1]
    margin = max(C.CLASS_MARGIN_MIN, C.CLASS_MARGIN * max(bw, bh))
    size = (int(np.ceil(bw + 2 * margin)), int(np.ceil(bh + 2 * margin)))
    cx, cy = (size[0] - 1) / 2, (size[1] - 1) / 2
    lines = _house_lines(float(max(bw, bh)))
    xs, ys = lines[..., 0] + cx, lines[..., 1] + cy
    inside = (np.abs(xs - cx) <= bw * (0.5 - shrink)) & (np.abs(ys - cy) <= bh * (0.5 - shrink))
    xi = np.clip(np.rint(xs).astype(np.intp), 0, size[0] - 1)
    yi = np.clip(np.rint(ys).astype(np.intp), 0, size[1] - 1)
    k3 = np.ones((3, 3), np.uint8)
    out = []
    for x0, y0, x1, y1 in boxes:
        centre = ((x0 + x1) / 2, (y0 + y1) / 2)
        crop, printed = cv2.getRectSubPix(ink, size, centre), cv2.getRectSubPix(blank, size, centre)
        model = gain * _blur(printed, sigma)
        beyond = (crop - model) / np.maximum(1.0 - model, L.HOUSE_LINE_LETS_THROUGH)
        even = cv2.dilate(cv2.dilate(printed, k3) - cv2.erode(printed, k3), k3) < L.HOUSE_LINE_EVEN
        ok = inside & even[yi, xi]
        n = ok.sum(axis=1)
        means = np.where(n >= L.HOUSE_LINE_POINTS, (beyond[yi, xi] * ok).sum(axis=1) / np.maximum(n, 1), -np.inf)
        level = float(np.median(beyond[even])) if even.any() else 0.0
        out.append(float(means.max()) - level)
    return np.array(out)


def add_slashes(crossed: list[bool], doubt: list[bool], rel: np.ndarray, pencil: float,
                lines: Callable[[], np.ndarray]) -> tuple[list[bool], list[bool]]:
    """Houses read through a template that grey half sees crossed (relative
    ink at least L.HOUSE_LINE_GREY_MIN) and that carry a slash's ink along
    one line (`lines()`: slash_lines, at least L.HOUSE_LINE_MIN of the
    pencil): crossed, flagged doubtful. Not with a faint pencil (under
    L.HOUSE_LINE_MIN_PENCIL), whose clean houses' noise is a large share of it."""
    maybe = ~np.array(crossed, bool) & (rel >= L.HOUSE_LINE_GREY_MIN)
    if pencil < L.HOUSE_LINE_MIN_PENCIL or not maybe.any():
        return crossed, doubt
    added = maybe & (lines() / max(pencil, C.MARK_PENCIL_FLOOR) >= L.HOUSE_LINE_MIN)
    return ([bool(c or a) for c, a in zip(crossed, added, strict=True)],
            [bool(d or a) for d, a in zip(doubt, added, strict=True)])


def add_grown_slashes(crossed: list[bool], doubt: list[bool], pencil: float,
                      lines: Callable[[], np.ndarray]) -> tuple[list[bool], list[bool]]:
    """Houses read through a template, with a pencil not faint (at least
    L.HOUSE_LINE_MIN_PENCIL), that carry a slash's ink along one line over
    the box grown round the icon (`lines()`: slash_lines with
    L.HOUSE_GROWN_SHRINK, at least L.HOUSE_GROWN_MIN of the pencil):
    crossed, flagged doubtful. A lone slash drawn past the icon keeps its
    darkness on the paper round it, where grey's mean over the box does not
    look and the dark roof hides it."""
    if pencil < L.HOUSE_LINE_MIN_PENCIL or all(crossed):
        return crossed, doubt
    added = ~np.array(crossed, bool) & (lines() / max(pencil, C.MARK_PENCIL_FLOOR) >= L.HOUSE_GROWN_MIN)
    return ([bool(c or a) for c, a in zip(crossed, added, strict=True)],
            [bool(d or a) for d, a in zip(doubt, added, strict=True)])


# -- a faint pencil's slash over a house (session 12) -----------------------------------

def add_faint_slashes(crossed: list[bool], doubt: list[bool], excess: np.ndarray, pencil: float,
                      lines: Callable[[], np.ndarray]) -> tuple[list[bool], list[bool]]:
    """Houses on a faint sheet (pencil under L.HOUSE_LINE_MIN_PENCIL, where
    add_slashes is not used) whose ink lies just under the least ink of a
    cross (at least L.FAINT_LINE_MIN_INK, relative ink at least
    L.FAINT_LINE_MIN_REL) and that carry a slash's ink along one line
    (`lines()`: slash_lines, at least L.FAINT_LINE_MIN of the pencil):
    crossed, flagged doubtful. Either measure alone takes a faint sheet's
    noise for a cross; both together seldom do."""
    rel = excess / max(pencil, C.MARK_PENCIL_FLOOR)
    maybe = ~np.array(crossed, bool) & (excess >= L.FAINT_LINE_MIN_INK) & (rel >= L.FAINT_LINE_MIN_REL)
    if pencil >= L.HOUSE_LINE_MIN_PENCIL or not maybe.any():
        return crossed, doubt
    added = maybe & (lines() / max(pencil, C.MARK_PENCIL_FLOOR) >= L.FAINT_LINE_MIN)
    return ([bool(c or a) for c, a in zip(crossed, added, strict=True)],
            [bool(d or a) for d, a in zip(doubt, added, strict=True)])


# -- a faint pencil's cross over a tree, read through a template (session 15) --

def line_trees(crossed: list[bool], doubt: list[bool], excess: np.ndarray, pencil: float,
               lines: Callable[[], np.ndarray]) -> tuple[list[bool], list[bool]]:
    """Trees on a template read with a faint pencil, judged along one line
    too (`lines()`: slash_lines over the box and a little beyond, where a
    slash over the dark icon shows): a cross under the fixed least ink
    (C.MARK_MIN_INK) with no line of L.TREE_LINE_KEEP of the pencil is not
    crossed (a shadow's edge lifts a box's mean ink), and an uncrossed tree
    with ink of at least L.TREE_LINE_MIN_INK and a line of L.TREE_LINE_ADD is
    crossed (a slash mostly over the icon leaves little mean ink); both
    flagged doubtful."""
    now = np.array(crossed, bool)
    weak = now & (excess < C.MARK_MIN_INK["tree"])
    maybe = ~now & (excess >= L.TREE_LINE_MIN_INK)
    if not (weak.any() or maybe.any()):
        return crossed, doubt
    line = lines() / max(pencil, C.MARK_PENCIL_FLOOR)
    drop = weak & (line < L.TREE_LINE_KEEP)
    add = maybe & (line >= L.TREE_LINE_ADD)
    return ([bool((c and not x) or a) for c, x, a in zip(crossed, drop, add, strict=True)],
            [bool(d or x or a) for d, x, a in zip(doubt, drop, add, strict=True)])
