"""Find the sheet in a photo and flatten it to the sheet's own coordinates.

The four ArUco markers at the sheet's corners give 16 exact point matches
(and, by their ids, the edition). They are looked for on a reduced copy of the
photo: markers are large, and the reduced copy is ten times cheaper. When
fewer than two markers are seen, the paper's outline is the fallback.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any

import cv2
import numpy as np

from . import constants as C
from .sheet import marker_boxes


@functools.lru_cache(maxsize=1)
def _detector() -> cv2.aruco.ArucoDetector:
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, C.ARUCO_DICT))
    return cv2.aruco.ArucoDetector(dictionary, params)


def _sheet_corners() -> dict[int, tuple[str, np.ndarray]]:
    """Marker id -> (edition, its four corners in sheet pixels, clockwise from top left)."""
    out = {}
    for edition in C.MARKER_IDS:
        for mid, (x0, y0, x1, y1) in marker_boxes(edition).items():
            out[mid] = (edition, np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64))
    return out


def detect_markers(gray: np.ndarray) -> dict[int, np.ndarray]:
    """Our markers in a grey image: id -> corners (4, 2) in its pixels."""
    corners, ids, _ = _detector().detectMarkers(gray)
    known = _sheet_corners()
    found: dict[int, np.ndarray] = {}
    if ids is None:
        return found
    for quad, mid in zip(corners, ids.ravel(), strict=True):
        if int(mid) in known and int(mid) not in found:
            found[int(mid)] = quad.reshape(4, 2).astype(np.float64)
    return found


def marker_homography(found: dict[int, np.ndarray]) -> tuple[np.ndarray, str, float] | None:
    """Sheet -> image homography from the markers of one edition, that edition and
    the reprojection error (sheet pixels); None if too few markers agree."""
    known = _sheet_corners()
    by_edition: dict[str, list[int]] = {}
    for mid in found:
        by_edition.setdefault(known[mid][0], []).append(mid)
    if not by_edition:
        return None
    edition, ids = max(by_edition.items(), key=lambda kv: len(kv[1]))
    if len(ids) < C.MIN_MARKERS:
        return None
    src = np.concatenate([known[m][1] for m in ids])
    dst = np.concatenate([found[m] for m in ids])
    H, _ = cv2.findHomography(src, dst, 0)
    if H is None or not np.isfinite(H).all():
        return None
    back = cv2.perspectiveTransform(dst[None], np.linalg.inv(H))[0]
    error = float(np.sqrt(((back - src) ** 2).sum(1)).max())
    if error > C.MAX_REPROJECTION:
        return None
    return H, edition, error


def _paper_masks(gray: np.ndarray) -> Iterator[np.ndarray]:
    """Candidate masks of the paper, likeliest first and each made only when
    asked for: bright against the table (Otsu), or, when a shadow makes part
    of the paper as dark as the table, the region closed by strong edges (a
    soft shadow edge is not a strong edge; the paper's is)."""
    blur = cv2.GaussianBlur(gray, (0, 0), 2)
    _, bright = cv2.threshold(blur, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    yield cv2.morphologyEx(bright, cv2.MORPH_CLOSE, np.ones((9, 9), np.uint8))
    edges = cv2.Canny(cv2.GaussianBlur(gray, (0, 0), 1.5), C.OUTLINE_CANNY[0], C.OUTLINE_CANNY[1])
    edges = cv2.dilate(edges, np.ones((5, 5), np.uint8))
    filled = np.zeros_like(edges)
    contours, _ = cv2.findContours(edges, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cv2.drawContours(filled, contours, -1, 255, cv2.FILLED)
    yield filled


def _quad(mask: np.ndarray) -> np.ndarray | None:
    """The largest 4-cornered outline in a mask, or None."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    contour = max(contours, key=cv2.contourArea)
    if cv2.contourArea(contour) < C.MIN_SHEET_SHARE * mask.size:
        return None
    hull = cv2.convexHull(contour)
    quad = cv2.approxPolyDP(hull, 0.02 * cv2.arcLength(hull, True), True).reshape(-1, 2)
    return quad.astype(np.float64) if len(quad) == 4 else None


def outline_quads(gray: np.ndarray) -> list[np.ndarray]:
    """Sheet -> image homographies from the paper's outline, both upright readings
    of a portrait quadrilateral (which one is right is for the caller to test)."""
    for mask in _paper_masks(gray):
        quad = _quad(mask)
        if quad is not None:
            break
    else:
        return []
    # clockwise order, starting at the end of a long side
    centre = quad.mean(0)
    quad = quad[np.argsort(np.arctan2(quad[:, 1] - centre[1], quad[:, 0] - centre[0]))]
    sides = np.linalg.norm(quad - np.roll(quad, -1, 0), axis=1)
    if sides[0] + sides[2] > sides[1] + sides[3]:  # 0->1 is long: start one corner later
        quad = np.roll(quad, -1, 0)
    w, h = C.SHEET_SIZE
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64)
    out = []
    for shift in (0, 2):
        out.append(cv2.getPerspectiveTransform(src.astype(np.float32),
                                               np.roll(quad, -shift, 0).astype(np.float32)))
    return out


def sheet_scale(H: np.ndarray) -> float:
    """Image pixels per sheet pixel at the sheet's centre (how big the sheet is)."""
    w, h = C.SHEET_SIZE
    pts = np.array([[[w / 2, h / 2], [w / 2 + 10, h / 2], [w / 2, h / 2 + 10]]], np.float64)
    p = cv2.perspectiveTransform(pts, H)[0]
    (ax, ay), (bx, by) = p[1] - p[0], p[2] - p[0]
    return float(np.sqrt(abs(ax * by - ay * bx) / 100.0))


def flatten(image: np.ndarray, H: np.ndarray, scale: float,
            box: tuple[float, float, float, float] | None = None,
            pyramid: list[np.ndarray] | None = None) -> np.ndarray:
    """The sheet (or the `box` of it, in sheet pixels) seen flat at `scale` of the
    150 dpi sheet. The photo is halved first while it is still more than twice as
    fine as the output, so thin pencil lines are averaged, not skipped.
    `pyramid`: [image, its halvings...], grown here as needed, for a caller
    that flattens one photo at several scales (each halving made once)."""
    x0, y0, x1, y1 = box or (0, 0, *C.SHEET_SIZE)
    levels = pyramid if pyramid is not None else [image]
    level = 0
    H = H.copy()
    while sheet_scale(H) > 2.0 * scale and min(levels[level].shape[:2]) > 64:
        if len(levels) == level + 1:
            levels.append(cv2.pyrDown(levels[level]))
        level += 1
        H = np.diag([0.5, 0.5, 1.0]) @ H
    to_sheet = np.array([[1 / scale, 0, x0], [0, 1 / scale, y0], [0, 0, 1]])
    size = (round((x1 - x0) * scale), round((y1 - y0) * scale))
    return cv2.warpPerspective(levels[level], H @ to_sheet, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)


def shrink(image: np.ndarray, factor: float, size: tuple[int, int]) -> np.ndarray:
    """`image` at `factor` (<= 1) of its scale, `size` (w, h) pixels, sampled
    as `flatten` samples: output pixel j is input pixel j / factor (pyramid
    halvings, then a linear warp). cv2.resize's area averaging centres output
    pixel j on input (j + 0.5) / factor - 0.5 instead, which puts a shrunken
    print a pixel or more beside the photo flattened at that scale."""
    out = image
    while factor <= 0.5 + 1e-9 and min(out.shape[:2]) > 16:
        out = cv2.pyrDown(out)
        factor *= 2
    w, h = size
    if abs(factor - 1.0) > 1e-6 or out.shape[1] != w or out.shape[0] != h:
        M = np.array([[factor, 0, 0], [0, factor, 0]], np.float64)
        out = cv2.warpAffine(out, M, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return out


def percentile(gray: np.ndarray, q: float) -> float:
    """np.percentile(gray, q) (its linear interpolation) of a uint8 image,
    from its histogram: a tenth of the time of sorting a photo's pixels."""
    counts = np.cumsum(cv2.calcHist([gray], [0], None, [256], [0, 256]).ravel().astype(np.float64))
    pos = q / 100.0 * (counts[-1] - 1)
    lo, hi = np.searchsorted(counts, [np.floor(pos), np.ceil(pos)], side="right")
    return float(lo + (pos - np.floor(pos)) * (hi - lo))


def ink_map(gray: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Ink (0 paper .. 1 black; noise makes it a little negative in places) with
    the lighting divided out, and the paper level.

    The paper level is a grey closing (strokes and text thinner than the kernel
    vanish) that keeps a shadow's edge where it is, lightly smoothed: the lamp's
    falloff and a shadow are divided out, a stroke is not.
    """
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (C.BACKGROUND_KERNEL, C.BACKGROUND_KERNEL))
    paper = cv2.morphologyEx(gray, cv2.MORPH_CLOSE, kernel)
    paper = cv2.GaussianBlur(paper.astype(np.float32), (0, 0), C.BACKGROUND_SMOOTH)
    paper = np.maximum(paper, 1.0)
    ink = 1.0 - gray.astype(np.float32) / paper
    # Not clipped at 0: paper noise must average to nothing in a box's mean.
    return np.clip(ink, -1.0, 1.0), paper


def ink_reach() -> int:
    """How far (pixels) ink_map's figure at a pixel depends on the grey
    around it: the closing's dilation and erosion (half the kernel each) and
    the paper level's smoothing (OpenCV's Gaussian kernel for a float image
    reaches 4 sigma, rounded)."""
    return 2 * (C.BACKGROUND_KERNEL // 2) + (round(8 * C.BACKGROUND_SMOOTH + 1) | 1) // 2


INK_ALIGN = 64  # pixels: OpenCV's vector loops see a window's pixels as the whole map's (ink_map_within)


def ink_map_within(grey_of: Callable[[slice, slice], np.ndarray], shape: tuple[int, int],
                   regions: list[tuple[int, int, int, int]], fill: np.ndarray) -> np.ndarray:
    """ink_map(grey)[0] over `regions` (x0, y0, x1, y1 pixels of a `shape`
    image), with the very figures of the whole map there, and `fill`
    elsewhere: for a caller that measures a few boxes only. Regions whose
    surroundings (ink_reach()) meet are worked out together, in one window
    round them all; a window's left edge sits on a multiple of INK_ALIGN
    pixels and its width is one too, or it reaches the image's right edge
    (OpenCV does the last few pixels of a row one by one, which rounds
    differently). `grey_of(rows, cols)`: the grey of a window."""
    h, w = shape
    reach = ink_reach()
    groups: list[tuple[list[int], list[tuple[int, int, int, int]]]] = []  # [window], its regions
    for x0, y0, x1, y1 in regions:
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
        if x1 <= x0 or y1 <= y0:
            continue
        box, mine = [max(0, x0 - reach), max(0, y0 - reach), min(w, x1 + reach), min(h, y1 + reach)], [(x0, y0, x1, y1)]
        while (other := next((g for g in groups if _meet(g[0], box)), None)) is not None:
            groups.remove(other)  # merged until no two windows meet
            box = [min(box[0], other[0][0]), min(box[1], other[0][1]), max(box[2], other[0][2]), max(box[3], other[0][3])]
            mine += other[1]
        groups.append((box, mine))
    out = fill.copy()
    for (x0, y0, x1, y1), mine in groups:
        left = x0 // INK_ALIGN * INK_ALIGN
        right = min(w, left + -(-(x1 - left) // INK_ALIGN) * INK_ALIGN)
        ink = ink_map(grey_of(slice(y0, y1), slice(left, right)))[0]
        for a, b, c, d in mine:
            out[b:d, a:c] = ink[b - y0:d - y0, a - left:c - left]
    return out


def _meet(a: list[int], b: list[int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def refine(image: np.ndarray, H: np.ndarray, blank_at: Any,
           box: tuple[float, float, float, float] | None = None,
           scales: tuple[float, ...] = C.REFINE_SCALES, iterations: int = C.REFINE_ITERATIONS,
           pyramid: list[np.ndarray] | None = None) -> np.ndarray:
    """Sharpen a rough sheet -> image homography (from the paper's outline) by
    aligning the flattened photo's ink with the printed sheet's, coarse to fine
    (ECC). `blank_at(scale)` gives the printed ink at a scale (of `box`, a
    template's frame, or our sheet). A step that does not converge leaves the
    homography as it was. `pyramid`: the grey photo and its halvings made so
    far, shared with the caller's other uses of the photo (grown here)."""
    # the photo's grey, each halving of it made once for all the scales
    if pyramid is None:
        pyramid = [image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)]
    for scale in scales:
        gray = flatten(pyramid[0], H, scale, box=box, pyramid=pyramid)
        ink, _ = ink_map(gray)
        template = blank_at(scale).astype(np.float32)
        warp = np.eye(3, dtype=np.float32)
        criteria = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, iterations, 1e-5)
        try:
            _, warp = cv2.findTransformECC(template, np.clip(ink, 0, 1).astype(np.float32), warp,
                                           cv2.MOTION_HOMOGRAPHY, criteria, None, 5)
        except cv2.error:
            continue
        to_sheet = np.diag([1 / scale, 1 / scale, 1.0])
        H = H @ to_sheet @ warp.astype(np.float64) @ np.linalg.inv(to_sheet)
    return H
