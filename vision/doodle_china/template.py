"""Teach the reader a sheet the project did not print, from one photo of a blank.

photo -> the paper's outline (rough flattening) -> the grid by its lines
(adaptive threshold, long thin openings, the N+1 equally spaced lines that fit
best; hints narrow the search) -> the template's own frame, in which the grid
is square -> printed track boxes (closed boxes outside the grid, read by
tesseract one by one), trees (a row of repeated icons), houses and skyscraper
floors inside their cells -> TEMPLATE (vision.md "templates").

Pure functions over arrays; PhotoError (4xx) with what to do when the photo
cannot make a template.
"""

from __future__ import annotations

import base64
import functools
from typing import Any

import cv2
import numpy as np

from ..errors import PhotoError
from . import locate
from . import template_constants as T
from .colour import CHANNELS, paper_colour, plain_paper
from .reader import Layouts, decode, default_layout
from .template_grid import check_grid, dominant_angle, find_grid, grid_turn, refined_by_lines
from .template_parts import find_floors, find_houses, find_track_boxes, find_trees
from .template_values import read_values

# 2: may also carry "image_pale", the blank in one colour channel (pale_channel),
# and "paper_bgr", its plain paper's colour (colour.plain_paper, since session 8);
# a template without them (format 1: grey only) is read as before
FORMAT = 2


def _order_quad(quad: np.ndarray) -> np.ndarray:
    """Corners clockwise from the top left (the photo taken roughly upright)."""
    c = quad.mean(0)
    quad = quad[np.argsort(np.arctan2(quad[:, 1] - c[1], quad[:, 0] - c[0]))]
    start = int(np.argmin(quad[:, 0] + quad[:, 1]))
    return np.roll(quad, -start, 0)


def paper_quad(gray: np.ndarray) -> np.ndarray | None:
    """The paper's likeliest four corners in a grey photo, clockwise from top
    left, or None (as paper_quads(gray)[0], without making the masks it does
    not need)."""
    for mask in locate._paper_masks(gray):
        quad = locate._quad(mask)
        if quad is not None:
            return _order_quad(quad)
    return None


def paper_quads(gray: np.ndarray) -> list[np.ndarray]:
    """Every outline the paper may have in a grey photo (corners clockwise
    from top left), likeliest first, near-duplicates dropped: a shadow across
    the sheet can make the bright part alone look like the paper, while the
    paper's strong edges still close the whole of it."""
    out: list[np.ndarray] = []
    for mask in locate._paper_masks(gray):
        quad = locate._quad(mask)
        if quad is None:
            continue
        quad = _order_quad(quad)
        if all(np.abs(quad - q).max() > T.SAME_OUTLINE * max(gray.shape) for q in out):
            out.append(quad)
    return out


def _encode_gray(gray: np.ndarray) -> str:
    ok, buf = cv2.imencode(".png", gray)
    return base64.b64encode(buf.tobytes()).decode("ascii")


def template_image(template: dict[str, Any]) -> np.ndarray:
    """The rectified blank (grey) stored in a template, at its `image_scale`."""
    data = base64.b64decode(template["image"])
    img = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_GRAYSCALE)
    if img is None:
        raise PhotoError("the template's picture of the blank sheet is damaged; teach the sheet again",
                         status=422)
    return img


@functools.lru_cache(maxsize=16)
def template_print(image: str, image_scale: float, size: tuple[int, int],
                   scale: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A template's blank at `scale` of its frame (`size`; `image`: its grey
    picture, or its colour channel's), with its print and paper level
    (locate.ink_map), worked out once per template, not per photo read
    through it (read-only: they are shared)."""
    blank = template_image({"image": image})
    if abs(image_scale - scale) > 1e-6:
        blank = cv2.resize(blank, (round(size[0] * scale), round(size[1] * scale)), interpolation=cv2.INTER_AREA)
    ink, paper = locate.ink_map(blank)
    for a in (blank, ink, paper):
        a.flags.writeable = False
    return blank, ink, paper


def template_ink(image: str, image_scale: float, size: tuple[int, int], scale: float) -> np.ndarray:
    """The print of a template's blank at `scale` (template_print)."""
    return template_print(image, image_scale, size, scale)[1]


def _steepness(quad: np.ndarray) -> float:
    """Longest over shortest side of a quadrilateral seen in the photo, opposite
    sides compared: 1 seen from straight above."""
    sides = np.linalg.norm(quad - np.roll(quad, -1, 0), axis=1)
    return float(max(sides[0] / sides[2], sides[2] / sides[0], sides[1] / sides[3], sides[3] / sides[1]))


def _hint_points(hints: dict[str, Any] | None, key: str, reduce: int) -> np.ndarray | None:
    if not hints or key not in hints or hints[key] is None:
        return None
    pts = np.asarray(hints[key], np.float64)
    if pts.shape != (4, 2) or not np.isfinite(pts).all():
        raise PhotoError(f"hints.{key} must be four [x, y] points (top left, top right, bottom right, "
                         "bottom left)", status=400)
    return pts / reduce


def make_template(data: bytes, edition: str, layout: dict[str, Any] | None = None,
                  hints: dict[str, Any] | None = None, name: str | None = None, *,
                  layouts: Layouts, turn_rank: int = 0) -> dict[str, Any]:
    """A template (vision.md) from one photo of a blank sheet; raises PhotoError.
    `layouts`: the app's layouts by name (reader.Layouts); `layout` defaults to
    the edition's, and the other editions' grids are checked against a refusal.
    `turn_rank`: take the grid's n-th likeliest quarter turn (see below)."""
    sizes = {lay["edition"]: int(lay["rows"]) for lay in reversed(list(layouts.values()))}
    if edition not in sizes:
        raise PhotoError(f"edition must be one of {', '.join(sorted(sizes))}, not {edition!r}", status=400)
    layout = layout or default_layout(layouts, edition)
    assert layout is not None
    if layout["edition"] != edition:
        raise PhotoError(f"the layout {layout['name']!r} is a {layout['edition']} layout, not {edition}",
                         status=400)
    n = int(layout["rows"])
    image, reduce = decode(data)
    gray_full = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    if locate.percentile(gray_full, 99) < 35:
        raise PhotoError("the photo is far too dark; take it again with more light", status=422)
    warnings: list[str] = []
    f = min(1.0, T.FIND_LONG_SIDE / max(gray_full.shape))
    small = cv2.resize(gray_full, None, fx=f, fy=f, interpolation=cv2.INTER_AREA) if f < 1 else gray_full
    hint_grid = _hint_points(hints, "grid", reduce)

    # 1. rough flattening by the paper's outline (or none: the whole photo),
    # 2. the grid by its lines, in the first flattening where it is found
    quads = [q / f for q in paper_quads(small)]
    h, w = gray_full.shape
    attempts = []
    for quad in quads:
        sides = np.linalg.norm(quad - np.roll(quad, -1, 0), axis=1)
        aspect = (sides[1] + sides[3]) / (sides[0] + sides[2])
        rw = T.ROUGH_WIDTH
        rect = np.array([[0, 0], [rw, 0], [rw, rw * aspect], [0, rw * aspect]], np.float64)
        attempts.append((cv2.getPerspectiveTransform(rect.astype(np.float32), quad.astype(np.float32)),
                         (rw, int(rw * aspect)), quad, T.GRID_MIN_SHARE))
    # no outline (a shadow across the paper's edge): the whole photo, turned
    # so that its printed lines run straight across
    s_ = T.ROUGH_WIDTH / max(w, h)
    angle = dominant_angle(small)
    centre = np.array([w / 2, h / 2])
    c, sn = np.cos(np.radians(angle)), np.sin(np.radians(angle))
    rot = np.array([[c, -sn, 0], [sn, c, 0], [0, 0, 1.0]])
    side = T.ROUGH_WIDTH
    to_centre = np.array([[1, 0, side / 2], [0, 1, side / 2], [0, 0, 1.0]])
    # rough: flat -> image (flat pixels are 1/s_ image pixels, turned by angle about the centre)
    rough = (np.array([[1, 0, centre[0]], [0, 1, centre[1]], [0, 0, 1.0]]) @ rot
             @ np.diag([1 / s_, 1 / s_, 1.0]) @ np.linalg.inv(to_centre))
    attempts.append((rough, (side, side), None, T.GRID_MIN_SHARE_PHOTO))
    failure: PhotoError | None = None
    quad = None
    flats = []
    for rough, rough_size, paper_corners, min_share in attempts:
        guess = None
        if hint_grid is not None:
            back = cv2.perspectiveTransform(hint_grid[None], np.linalg.inv(rough))[0]
            guess = (back[:, 0].min(), back[:, 1].min(), back[:, 0].max(), back[:, 1].max())
        flat = cv2.warpPerspective(gray_full, rough, rough_size, flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP,
                                   borderMode=cv2.BORDER_REPLICATE)
        xs, ys, evidence = find_grid(flat, n, guess, min_share)
        flats.append((flat, min_share))
        try:
            check_grid(evidence, edition, n)
        except PhotoError as exc:
            failure = failure or exc
            continue
        failure = None
        quad = paper_corners
        break
    if failure is not None:
        # too steep only when no outline the paper may have is seen from above enough
        if quads and min(_steepness(q) for q in quads) > T.MAX_STEEPNESS:
            raise PhotoError("the blank sheet is photographed too steeply; hold the phone flat above the "
                             "sheet so that all of it is in view", status=422)
        for other, m in sizes.items():
            if m == n:
                continue
            for flat, min_share in flats:  # another edition's grid?
                try:
                    check_grid(find_grid(flat, m, None, min_share)[2], other, m)
                except PhotoError:
                    continue
                raise PhotoError(f"this looks like a {other.capitalize()} sheet ({m} x {m}), "
                                 f"not {edition.capitalize()} ({n} x {n}); choose the right edition", status=422)
        raise failure
    if quad is None:
        warnings.append("the paper's edges were not found; the grid was looked for in the whole photo")

    # 3. the template's frame: the grid square, cells of T.CELL_PX (like our sheets)
    cell = T.CELL_PX[edition]
    corners_rough = np.array([[xs[0], ys[0]], [xs[-1], ys[0]], [xs[-1], ys[-1]], [xs[0], ys[-1]]], np.float64)
    corners_img = cv2.perspectiveTransform(corners_rough[None], rough)[0]
    turn, turn_margin = grid_turn(image, corners_img, n, layout, turn_rank)
    corners_img = np.roll(corners_img, -turn, 0)  # the layout's top left first
    if _steepness(corners_img) > T.MAX_STEEPNESS:
        raise PhotoError("the blank sheet is photographed too steeply; hold the phone flat above the "
                         "sheet so that all of it is in view", status=422)
    if turn_margin < T.MIN_TURN_MARGIN:
        warnings.append("which way up the sheet lies was not clear from its squares; check that the "
                        "squares' kinds drawn over the photo are right")
    square = np.array([[0, 0], [n * cell, 0], [n * cell, n * cell], [0, n * cell]], np.float64)
    H0 = cv2.getPerspectiveTransform(square.astype(np.float32), corners_img.astype(np.float32))  # grid -> image
    if quad is None:  # only turned, not flattened: the camera's tilt is left in the lattice
        H0 = refined_by_lines(gray_full, H0, n, cell)
    if quad is not None:
        paper_t = cv2.perspectiveTransform(quad[None], np.linalg.inv(H0))[0]
    else:
        paper_t = paper_around_grid(image, H0, n * cell)
    lo = np.floor(paper_t.min(0))
    hi = np.ceil(paper_t.max(0))
    size = (int(hi[0] - lo[0]), int(hi[1] - lo[1]))
    if not (0.3 < size[0] / size[1] < 3.0) or max(size) > T.MAX_TEMPLATE_SIDE:
        raise PhotoError("the sheet's outline does not fit its grid (is part of it out of the photo?); take "
                         "the photo again with the whole sheet flat in view", status=422)
    shift = np.array([[1, 0, -lo[0]], [0, 1, -lo[1]], [0, 0, 1]])
    H = H0 @ np.linalg.inv(shift)  # template -> image
    grid_box = [float(-lo[0]), float(-lo[1]), float(-lo[0] + n * cell), float(-lo[1] + n * cell)]
    paper = (paper_t - lo).round(1).tolist()

    # 4. the rectified blank and what is printed on it
    blank = locate.flatten(image, H, 1.0, box=(0, 0, *size))
    blank_gray = cv2.cvtColor(blank, cv2.COLOR_BGR2GRAY)
    ink, _ = locate.ink_map(blank_gray)
    printed = print_map(blank_gray, cell)
    gx0, gy0 = grid_box[0], grid_box[1]
    cells = [[{"kind": kind, "box": [round(gx0 + c * cell), round(gy0 + r * cell),
                                     round(gx0 + (c + 1) * cell), round(gy0 + (r + 1) * cell)]}
              for c, kind in enumerate(row)] for r, row in enumerate(layout["cells"])]
    hint_tracks = {}
    for name_ in layout["tracks"]:
        pts = _hint_points((hints or {}).get("tracks"), name_, reduce)
        if pts is not None:
            hint_tracks[name_] = cv2.perspectiveTransform(pts[None], np.linalg.inv(H))[0]
    boxes_by_track, track_warnings = find_track_boxes(blank_gray, ink, printed, grid_box, layout, cell, hint_tracks)
    warnings += track_warnings
    # the values from the photo at its full size: a printed digit is a few
    # dozen pixels, and the halved decode blurs a bold 5 into a 3
    full, up = (decode(data, full=True)[0], reduce) if reduce > 1 else (image, 1)
    to_full = np.array([[up, 0, (up - 1) / 2], [0, up, (up - 1) / 2], [0, 0, 1.0]])
    tracks, value_warnings = read_values(full, to_full @ H, boxes_by_track, layout)
    warnings += value_warnings
    warnings += [f"no value boxes were found on the {name_} track: drag the corners onto the grid and "
                 "find it again" for name_, entries in tracks.items() if not entries]
    hint_trees = _hint_points(hints, "trees", reduce)
    if hint_trees is not None:
        hint_trees = cv2.perspectiveTransform(hint_trees[None], np.linalg.inv(H))[0]
    taken = [e["box"] for entries in tracks.values() for e in entries]
    trees, tree_warnings = find_trees(printed, grid_box, taken, layout["trees"], cell, hint_trees)
    warnings += tree_warnings
    houses, house_warnings = find_houses(printed, cells, layout)
    warnings += house_warnings
    floors, floor_warnings = find_floors(blank_gray, ink, cells, layout)
    warnings += floor_warnings
    fit = [round(grid_box[0]), max(0, round(grid_box[1] * 0.15)), round(grid_box[2]),
           max(1, round(grid_box[1] - 0.15 * cell))]
    work = cv2.resize(blank_gray, None, fx=T.IMAGE_SCALE, fy=T.IMAGE_SCALE, interpolation=cv2.INTER_AREA)
    pale = pale_channel(blank, printed, houses, cell)
    template = {"format": FORMAT, "game": "doodle-china", "edition": edition, "layout": layout["name"],
            "name": name or f"{edition} pad", "layout_spec": layout, "size": list(size),
            "cells": cells, "houses": houses, "tracks": tracks, "trees": trees, "floors": floors,
            "grid": [round(v, 1) for v in grid_box], "paper": paper, "fit_boxes": [fit],
            "image_scale": T.IMAGE_SCALE, "image": _encode_gray(work),
            "found": {"grid_support": round(float(min(evidence["support"])), 3)},
            # template pixels -> the blank photo's upright pixels (where hints are given)
            "homography": [[float(v) for v in row] for row in (np.diag([reduce, reduce, 1.0]) @ H)],
            "warnings": warnings}
    if pale is not None:  # lossless: a JPEG's blocks over a red roof lose the faint slashes it is for
        template["image_pale"] = {"channel": pale[0], "png": _encode_gray(
            cv2.resize(pale[1], None, fx=T.IMAGE_SCALE, fy=T.IMAGE_SCALE, interpolation=cv2.INTER_AREA))}
    bgr = paper_colour(cv2.resize(blank, work.shape[::-1], interpolation=cv2.INTER_AREA),
                       plain_paper(locate.ink_map(work)[0], template["grid"], paper, T.IMAGE_SCALE))
    if bgr is not None:  # the blank's white balance, for the houses
        template["paper_bgr"] = bgr
    if turn_rank == 0 and _values_read(template) < T.MIN_VALUES_READ:
        # the squares' kinds can leave the way up in doubt; printed numbers
        # read only the right way up: the other quarter turns are tried
        best = template
        for rank in (1, 2, 3):
            try:
                other = make_template(data, edition, layout, hints, name, layouts=layouts, turn_rank=rank)
            except PhotoError:
                continue
            if _values_read(other) > _values_read(best):
                best = other
        if best is not template:
            best["warnings"].insert(0, "the sheet's way up was taken from its printed numbers (its squares "
                                       "left it in doubt); check the squares' kinds drawn over the photo")
        return best
    return template


def _values_read(template: dict[str, Any]) -> float:
    """Share of the printed values tesseract read as a number."""
    entries = [e for es in template["tracks"].values() for e in es]
    return sum(e["value"] is not None for e in entries) / max(1, len(entries))


def pale_channel(blank: np.ndarray, printed: np.ndarray, houses: list[dict[str, Any]], cell: float
                 ) -> tuple[str, np.ndarray] | None:
    """The colour channel in which the free houses' icons print palest, and the
    blank (BGR) in it, when their print there is at most T.COLOUR_PALER of
    grey's (`printed`: grey's print_map); None otherwise (no free houses, or
    icons as dark in every channel): see colour.py for why."""
    free = [h["box"] for h in houses if not h["printed_crossed"]]
    if not free:
        return None

    def icon_print(ink: np.ndarray) -> float:
        return float(np.mean([ink[y0:y1, x0:x1].mean() for x0, y0, x1, y1 in free]))

    channels = cv2.split(blank)
    prints = [icon_print(print_map(c, cell)) for c in channels]
    best = int(np.argmin(prints))
    if prints[best] > T.COLOUR_PALER * icon_print(printed):
        return None
    return CHANNELS[best], channels[best]


def print_map(gray: np.ndarray, cell: float) -> np.ndarray:
    """Print (0 paper .. 1 black) against the paper or a coloured square
    around it, icons filled in whole (the reader's ink map keeps only thin
    strokes): the paper level is a closing wider than any icon."""
    half = cv2.resize(gray, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    k = max(5, int(cell * T.ICON_KERNEL * 0.5) | 1)
    paper = cv2.morphologyEx(half, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    paper = cv2.resize(paper, (gray.shape[1], gray.shape[0]), interpolation=cv2.INTER_LINEAR).astype(np.float32)
    return np.clip(1.0 - gray.astype(np.float32) / np.maximum(paper, 1.0), 0, 1)


def paper_around_grid(image: np.ndarray, H0: np.ndarray, side: float) -> np.ndarray:
    """The paper's corners (grid frame) when its outline was not found in the
    photo: the bright region around the grid, seen flattened by the grid,
    within 1.5 grid sides of it."""
    ext, k = 1.5 * side, 0.25
    span = side + 2 * ext
    to = np.array([[1 / k, 0, -ext], [0, 1 / k, -ext], [0, 0, 1.0]])
    size = (int(span * k), int(span * k))
    flat = cv2.warpPerspective(image, H0 @ to, size, flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0))
    gray = cv2.cvtColor(flat, cv2.COLOR_BGR2GRAY)
    _, bright = cv2.threshold(cv2.GaussianBlur(gray, (0, 0), 2), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    g0, g1 = int(ext * k), int((ext + side) * k)
    bright[g0:g1, g0:g1] = 255  # the grid is paper, whatever its colours
    c = max(3, int(side * k / 10) | 1)
    bright = cv2.morphologyEx(bright, cv2.MORPH_CLOSE, np.ones((c, c), np.uint8))
    n_labels, labels = cv2.connectedComponents(bright)
    mine = labels == labels[(g0 + g1) // 2, (g0 + g1) // 2]
    ys, xs = np.nonzero(mine)
    x0, x1 = xs.min() / k - ext, (xs.max() + 1) / k - ext
    y0, y1 = ys.min() / k - ext, (ys.max() + 1) / k - ext
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64)

