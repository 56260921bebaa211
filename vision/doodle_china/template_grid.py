"""The grid of a sheet the project did not print, found by its printed lines:
adaptive threshold, long thin openings, the N+1 equally spaced lines that fit
best (hints narrow the search), each line moved to its own peak; whether the
lines found make a whole grid of the right size; and which way up it lies.

Pure functions over arrays (template.py puts them to use).
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np

from ..errors import PhotoError
from . import template_constants as T


def line_masks(gray: np.ndarray, length: int) -> tuple[np.ndarray, np.ndarray]:
    """Horizontal and vertical printed lines: dark against their surround
    (adaptive threshold), kept only where they run at least `length` pixels."""
    block = max(15, (length // 3) | 1)
    binary = cv2.adaptiveThreshold(gray, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block,
                                   T.LINE_THRESHOLD)
    horiz = cv2.morphologyEx(binary, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (length, 1)))
    vert = cv2.morphologyEx(binary, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (1, length)))
    return horiz, vert


def fit_lattice(profile: np.ndarray, n: int, pitch_range: tuple[float, float],
                around: tuple[float, float] | None = None, keep: int = 1) -> list[tuple[float, float, float]]:
    """The n+1 equally spaced positions (first, pitch) along a line profile
    that land on the most line, and their score (mean and weakest profile at
    the lines, relative to the profile's top): the `keep` best that differ."""
    prof = cv2.GaussianBlur(profile.astype(np.float32).reshape(1, -1), (0, 0), 1.5).ravel()
    top = float(prof.max()) or 1.0
    found: list[tuple[float, float, float]] = []
    lo, hi = pitch_range
    for pitch in np.arange(lo, hi, 0.5):
        span = pitch * n
        starts = np.arange(0, len(prof) - span - 1, 1.0)
        if around is not None:
            starts = starts[np.abs(starts - around[0]) <= around[1]]
        if len(starts) == 0:
            continue
        idx = np.rint(starts[:, None] + pitch * np.arange(n + 1)[None, :]).astype(int)
        vals = prof[idx]
        score = (vals.mean(1) + vals.min(1)) / 2  # every line must be there
        for i in np.argsort(score)[::-1][:keep * 3]:
            found.append((float(score[i]) / top, float(starts[i]), float(pitch)))
    found.sort(reverse=True)
    out: list[tuple[float, float, float]] = []
    for sc, start, pitch in found:
        if all(abs(start - o[0]) > pitch / 2 or abs(pitch - o[1]) > pitch * 0.1 for o in out):
            out.append((start, pitch, sc))
        if len(out) >= keep:
            break
    return out or [(0.0, lo, 0.0)]


def refine_lines(profile: np.ndarray, first: float, pitch: float, n: int) -> np.ndarray:
    """Each lattice line moved to its own peak nearby, then a straight fit."""
    prof = cv2.GaussianBlur(profile.astype(np.float32).reshape(1, -1), (0, 0), 1.0).ravel()
    found = []
    r = max(2, int(pitch * T.LINE_LOCAL))
    for i in range(n + 1):
        c = int(round(first + i * pitch))
        a, b = max(0, c - r), min(len(prof), c + r + 1)
        found.append(a + int(np.argmax(prof[a:b])) if b > a else c)
    k = np.arange(n + 1)
    slope, icpt = np.polyfit(k, np.asarray(found, np.float64), 1)
    return icpt + slope * k


def find_grid(gray: np.ndarray, n: int, guess: np.ndarray | None = None,
              min_share: float = T.GRID_MIN_SHARE) -> tuple[np.ndarray, np.ndarray, dict]:
    """x and y positions of the grid's n+1 lines in a roughly flattened grey
    sheet, and the evidence (line support per line, the other sizes' fits)."""
    h, w = gray.shape
    length = int(min(w, h) * T.LINE_MIN_LENGTH)
    horiz, vert = line_masks(gray, length)
    if guess is not None:  # hinted corners: search near them only
        gx0, gy0, gx1, gy1 = guess
        pitch = ((gx1 - gx0) + (gy1 - gy0)) / (2 * n)
        pr = (pitch * (1 - T.HINT_SLACK), pitch * (1 + T.HINT_SLACK))
        around_x, around_y = (gx0, pitch * n * T.HINT_SLACK), (gy0, pitch * n * T.HINT_SLACK)
    else:
        pr = (min(w, h) * min_share / n, min(w, h) * T.GRID_MAX_SHARE / n)
        around_x = around_y = None
    best = None
    # columns and rows are chosen together: the rows likeliest under the
    # likeliest columns can be one off (a paper edge or a box row looks like a
    # line), and so can the columns, so several of each are tried
    for cx0, cpx, _ in fit_lattice(vert.sum(0) / 255.0, n, pr, around_x, keep=T.LATTICE_CANDIDATES):
        cols = slice(int(cx0), int(cx0 + n * cpx) + 1)
        for y0, py, sy in fit_lattice(horiz[:, cols].sum(1) / 255.0, n,
                                      (cpx * (1 - T.SQUARE_SLACK), cpx * (1 + T.SQUARE_SLACK)), around_y,
                                      keep=T.LATTICE_CANDIDATES):
            ys = slice(int(y0), int(y0 + n * py) + 1)
            x0, px, sx = fit_lattice(vert[ys].sum(0) / 255.0, n,
                                     (py * (1 - T.SQUARE_SLACK), py * (1 + T.SQUARE_SLACK)), (cx0, cpx * 0.3))[0]
            xs_ = refine_lines(vert[ys].sum(0), x0, px, n)
            ys_ = refine_lines(horiz[:, int(x0):int(x0 + n * px) + 1].sum(1), y0, py, n)
            # a grid's lines meet: each runs from the first line across to the last
            fit = float(np.mean(line_support(horiz, vert, xs_, ys_)))
            if best is None or fit > best[0] + 1e-6:
                best = (fit, xs_, ys_, sx, sy, ys)
    _, xs_, ys_, sx, sy, ys = best
    support = line_support(horiz, vert, xs_, ys_)
    # one more column or row of cells just outside, as clear? then the grid is
    # larger (a border line alone is no column: the rows do not reach it)
    extra = 0.0
    pitch = (xs_[-1] - xs_[0]) / n
    # (the line is looked for near where one pitch puts it: the rough
    # flattening leaves the pitch a few pixels uneven across the sheet)
    r = max(2, int(pitch * T.LINE_LOCAL))
    for pos, near in ((xs_[0] - pitch, xs_[0]), (xs_[-1] + pitch, xs_[-1])):
        if 0 <= pos < w:
            rows = np.mean([_support_at(horiz, int(round(y)), min(pos, near), max(pos, near), 1) for y in ys_])
            line = max(_support_at(vert, int(pos) + d, ys_[0], ys_[-1], axis=0) for d in range(-r, r + 1, 2))
            extra = max(extra, min(line, float(rows)))
    for pos, near in ((ys_[0] - pitch, ys_[0]), (ys_[-1] + pitch, ys_[-1])):
        if 0 <= pos < h:
            cols = np.mean([_support_at(vert, int(round(x)), min(pos, near), max(pos, near), 0) for x in xs_])
            line = max(_support_at(horiz, int(pos) + d, xs_[0], xs_[-1], axis=1) for d in range(-r, r + 1, 2))
            extra = max(extra, min(line, float(cols)))
    return xs_, ys_, {"support": support, "extra_line": extra, "score": (sx + sy) / 2}


def _support_at(mask: np.ndarray, pos: int, a: float, b: float, axis: int) -> float:
    """Share of a line (at `pos`, from a to b along it) that the mask shows, +-2 px."""
    a, b = int(max(0, a)), int(min(mask.shape[1 - axis] if axis == 1 else mask.shape[0], b))
    if b <= a:
        return 0.0
    if axis == 0:  # vertical line at x=pos
        band = mask[a:b, max(0, pos - 2):pos + 3]
        return float((band.max(1) > 0).mean()) if band.size else 0.0
    band = mask[max(0, pos - 2):pos + 3, a:b]
    return float((band.max(0) > 0).mean()) if band.size else 0.0


def line_support(horiz: np.ndarray, vert: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> list[float]:
    """For each grid line (vertical first), the share of its length seen."""
    out = [_support_at(vert, int(round(x)), ys[0], ys[-1], 0) for x in xs]
    out += [_support_at(horiz, int(round(y)), xs[0], xs[-1], 1) for y in ys]
    return out


def dominant_angle(gray: np.ndarray) -> float:
    """The turn (degrees, -45..45) of the photo's long straight lines: the
    printed grid's, mostly."""
    edges = cv2.Canny(cv2.GaussianBlur(gray, (0, 0), 1.2), 50, 150)
    lines = cv2.HoughLinesP(edges, 1, np.pi / 360, 60, minLineLength=max(20, min(gray.shape) // 15),
                            maxLineGap=4)
    if lines is None:
        return 0.0
    seg = lines.reshape(-1, 4).astype(np.float64)
    ang = np.degrees(np.arctan2(seg[:, 3] - seg[:, 1], seg[:, 2] - seg[:, 0]))
    ang = (ang + 45) % 90 - 45
    length = np.hypot(seg[:, 2] - seg[:, 0], seg[:, 3] - seg[:, 1])
    hist, bins = np.histogram(ang, bins=180, range=(-45, 45), weights=length)
    hist = np.convolve(hist, np.ones(3), mode="same")
    i = int(np.argmax(hist))
    return float((bins[i] + bins[i + 1]) / 2)


def grid_turn(image: np.ndarray, corners: np.ndarray, n: int, layout: dict[str, Any],
              rank: int = 0) -> tuple[int, float]:
    """Which way up the grid lies (0-3 quarter turns: corners[turn] is the
    layout's top left), from the squares themselves: squares of one kind look
    alike (colour, icons, houses), so the right turn groups them tightest. And
    how much better it is than the next best (0..1). `rank`: the rank-th
    likeliest turn instead."""
    side = 32
    square = np.array([[0, 0], [n * side, 0], [n * side, n * side], [0, n * side]], np.float32)
    scores = []
    for turn in range(4):
        H = cv2.getPerspectiveTransform(square, np.roll(corners, -turn, 0).astype(np.float32))
        flat = cv2.warpPerspective(image, H, (n * side, n * side), flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP)
        gray = cv2.cvtColor(flat, cv2.COLOR_BGR2GRAY).astype(np.float32)
        lab = cv2.cvtColor(flat, cv2.COLOR_BGR2LAB).astype(np.float32)
        feats, kinds = [], []
        m = side // 8
        for r in range(n):
            for c in range(n):
                part = lab[r * side + m:(r + 1) * side - m, c * side + m:(c + 1) * side - m].reshape(-1, 3)
                g = gray[r * side + m:(r + 1) * side - m, c * side + m:(c + 1) * side - m]
                feats.append([*np.median(part, 0), g.std(), np.percentile(g, 10)])
                kinds.append(layout["cells"][r][c])
        f = np.asarray(feats)
        f = (f - f.mean(0)) / (f.std(0) + 1e-3)
        within = 0.0
        for kind in set(kinds):
            group = f[[i for i, k in enumerate(kinds) if k == kind]]
            within += float(((group - group.mean(0)) ** 2).sum())
        scores.append(within)
    order = np.argsort(scores)
    best, second = scores[order[0]], scores[order[1]]
    return int(order[rank]), float((second - best) / max(second, 1e-6))


def check_grid(evidence: dict[str, Any], edition: str, n: int) -> None:
    """Refuse a grid that is not there, is hidden, or is the other edition's."""
    support = np.asarray(evidence["support"])
    if evidence["score"] < T.MIN_LATTICE_SCORE or np.median(support) < T.MIN_LINE_SUPPORT:
        raise PhotoError(f"no {n} x {n} grid was found in the photo; photograph a blank "
                         f"{edition.capitalize()} score sheet from straight above, the whole sheet in view "
                         "with nothing lying on it", status=422)
    if evidence["extra_line"] >= T.EXTRA_LINE_SUPPORT:
        other = "Shanghai (6 x 6)" if n == 5 else "a larger grid"
        raise PhotoError(f"this sheet has a larger grid than {edition.capitalize()}'s {n} x {n}: it looks like "
                         f"{other}; choose the right edition", status=422)
    if support.min() < T.MIN_LINE_SUPPORT_EACH:
        raise PhotoError("part of the grid is hidden (a hand or something lying on the sheet?); take the "
                         "photo again with the whole blank sheet in view", status=422)


def _line_at(dark: np.ndarray, pos: float, a: float, b: float, r: int, axis: int) -> float | None:
    """Where a printed line near `pos` (within r) crosses the band a..b
    across it: the darkest column (axis 0: a vertical line) or row of the
    band's mean darkness, or None when the band leaves the picture."""
    lo, hi, a_, b_ = int(round(pos)) - r, int(round(pos)) + r + 1, int(round(a)), int(round(b))
    shape = dark.shape if axis == 0 else dark.shape[::-1]
    if lo < 0 or a_ < 0 or hi > shape[1] or b_ > shape[0]:
        return None
    band = dark[a_:b_, lo:hi] if axis == 0 else dark[lo:hi, a_:b_].T
    prof = band.mean(0)
    return lo + float(np.argmax(prof))


def lattice_correction(gray: np.ndarray, n: int, cell: float, margin: float) -> np.ndarray | None:
    """A grey picture flattened by a grid found without the paper's outline
    (its lines straight across, but a tilted camera's perspective left in:
    the lines converge, dev blank 771000), the grid square of n cells of
    `cell` pixels at (margin, margin): the homography (grid -> picture) that
    puts the lattice on the lines themselves, each line found at every cell
    along it and fitted straight; None when too few were found."""
    dark = 255.0 - cv2.GaussianBlur(gray, (0, 0), 1.0).astype(np.float32)
    r = max(2, int(cell * T.LATTICE_REFINE_REACH))
    half = cell * T.LATTICE_REFINE_BAND / 2
    k = np.arange(n + 1) * cell + margin
    mids = (np.arange(n) + 0.5) * cell + margin
    lines = []  # per vertical line, then per horizontal line: (slope, intercept) of pos = icpt + slope * along
    for axis in (0, 1):
        for pos in k:
            seen = [(m, _line_at(dark, pos, m - half, m + half, r, axis)) for m in mids]
            pts = np.array([(m, p) for m, p in seen if p is not None])
            if len(pts) < max(3, n - 1):
                return None
            lines.append(np.polyfit(pts[:, 0], pts[:, 1], 1))
    src, dst = [], []
    for i in range(n + 1):
        for j in range(n + 1):
            (bx, ax), (by, ay) = lines[i], lines[n + 1 + j]  # x = ax + bx*y, y = ay + by*x
            y = (ay + by * ax) / (1 - by * bx)
            dst.append((ax + bx * y, y))
            src.append((i * cell, j * cell))
    H, _ = cv2.findHomography(np.float32(src), np.float32(dst), 0)
    return H


def refined_by_lines(gray: np.ndarray, H0: np.ndarray, n: int, cell: float) -> np.ndarray:
    """H0 (grid -> photo) moved onto the grid's own lines, twice
    (template_grid.lattice_correction), a step kept only while no corner
    moves more than T.LATTICE_REFINE_MAX of a cell."""
    m = cell
    to_flat = np.array([[1, 0, -m], [0, 1, -m], [0, 0, 1.0]])  # flat (grid + margin) -> grid
    corners = np.float64([[[0, 0], [n * cell, 0], [n * cell, n * cell], [0, n * cell]]])
    for _ in range(2):
        side = int(n * cell + 2 * m)
        flat = cv2.warpPerspective(gray, H0 @ to_flat, (side, side), flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP,
                                   borderMode=cv2.BORDER_REPLICATE)
        fix = lattice_correction(flat, n, cell, m)
        if fix is None:
            break
        moved = cv2.perspectiveTransform(corners, fix)[0] - m - corners[0]
        if np.abs(moved).max() > T.LATTICE_REFINE_MAX * cell:
            break
        H0 = H0 @ to_flat @ fix
    return H0
