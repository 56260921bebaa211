"""Read a photo of a sheet the project did not print, through its template.

No markers: features (ORB) of the photo matched to the template's rectified
blank, a homography by RANSAC (on the paper's flattened outline when the
whole photo does not match), refined by aligning the print (ECC); a fit that
does not hold is refused with what to do. Then the marks are read as on the
project's own sheets, against the template's blank instead of our print.
"""

from __future__ import annotations

import functools
from typing import Any

import cv2
import numpy as np

from ..errors import PhotoError
from . import constants as C
from . import locate, marks
from . import template_constants as T
from .colour import CHANNELS, Channel, balance_gains, balanced, channel_ink, plain_paper
from .read_marks import Reading, read_marks
from .reader import _photo_homography, decode
from .taught_paper import taught_ink
from .template import paper_quad, template_image, template_ink


def _orb(features: int = T.ORB_FEATURES) -> cv2.ORB:
    return cv2.ORB_create(nfeatures=features, scaleFactor=1.2, nlevels=8, fastThreshold=10)


@functools.lru_cache(maxsize=8)
def _template_side(image: str, features: int = T.ORB_FEATURES) -> tuple[np.ndarray, tuple, np.ndarray | None]:
    """The stored blank (grey) of a template and its ORB features, worked out
    once per template (`image`: the template's stored picture), not per photo."""
    tmpl = template_image({"image": image})
    keys, desc = _orb(features).detectAndCompute(tmpl, None)
    return tmpl, keys, desc


class Photo:
    """A decoded photo and what registering it derives from it, each made
    once however often it is asked for: its grey, the halvings of the grey
    and of the colour photo (locate.flatten's pyramids), and per side it is
    matched at, the grey shrunk to that side and the paper's outline in it."""

    def __init__(self, image: np.ndarray) -> None:
        self.image = image
        self.gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        self.grays: list[np.ndarray] = [self.gray]
        self.colours: list[np.ndarray] = [image]
        self._shrunk: dict[int, tuple[np.ndarray, float, np.ndarray | None]] = {}
        self.outlined: dict[tuple, np.ndarray] = {}  # _features_fit's flattenings by the outline

    def shrunk(self, side: int) -> tuple[np.ndarray, float, np.ndarray | None]:
        """The grey shrunk to `side` (its longer side), the factor, and the
        paper's outline in it (template.paper_quad)."""
        if side not in self._shrunk:
            f = min(1.0, side / max(self.gray.shape))
            small = cv2.resize(self.gray, None, fx=f, fy=f, interpolation=cv2.INTER_AREA) if f < 1 else self.gray
            self._shrunk[side] = (small, f, paper_quad(small))
        return self._shrunk[side]


def _match(tmpl: np.ndarray, photo: np.ndarray, features: tuple[tuple, np.ndarray | None] | None = None,
           n: int = T.ORB_FEATURES) -> tuple[np.ndarray | None, int, float]:
    """Template (grey) -> photo (grey) homography by ORB + RANSAC (`n`
    features), the inlier count and inlier share; None when too few features
    match. `features`: the template's, when already known."""
    orb = _orb(n)
    k1, d1 = features if features is not None else orb.detectAndCompute(tmpl, None)
    k2, d2 = orb.detectAndCompute(photo, None)
    if d1 is None or d2 is None or len(k1) < 8 or len(k2) < 8:
        return None, 0, 0.0
    pairs = cv2.BFMatcher(cv2.NORM_HAMMING).knnMatch(d1, d2, k=2)
    good = [m for m, *rest in pairs if rest and m.distance < T.ORB_RATIO * rest[0].distance]
    if len(good) < 8:
        return None, len(good), 0.0
    src = np.float32([k1[m.queryIdx].pt for m in good])
    dst = np.float32([k2[m.trainIdx].pt for m in good])
    H, mask = cv2.findHomography(src, dst, cv2.RANSAC, T.RANSAC_PIXELS * 2)
    if H is None:
        return None, 0, 0.0
    inliers = int(mask.sum())
    return H, inliers, inliers / len(good)


def _plausible(H: np.ndarray, size: tuple[int, int], shape: tuple[int, int]) -> bool:
    """The template's corners land as a convex quadrilateral of sensible size."""
    w, h = size
    quad = cv2.perspectiveTransform(np.float64([[[0, 0], [w, 0], [w, h], [0, h]]]), H)[0]
    if not np.isfinite(quad).all():
        return False
    area = cv2.contourArea(quad.astype(np.float32))
    return cv2.isContourConvex(quad.astype(np.float32)) and area > 0.02 * shape[0] * shape[1]


def _features_fit(photo: Photo, template: dict[str, Any], n: int, side: int = T.MATCH_LONG_SIDE
                  ) -> tuple[np.ndarray | None, int, float, str]:
    """Template -> photo homography from `n` ORB features in the photo shrunk
    to `side`: the photo flattened by the paper's outline first (ORB copes
    with any turn, not with a steep view), then, when that finds too few
    matches, the whole photo; with its inliers, inlier share and how."""
    k = template["image_scale"]
    tmpl, keys, desc = _template_side(template["image"], n)
    small, f, quad = photo.shrunk(side)
    down = np.diag([1 / f, 1 / f, 1.0])
    to_tmpl = np.diag([k, k, 1.0])
    best: tuple[np.ndarray | None, int, float, str] = (None, 0, 0.0, "")
    if quad is not None:
        paper = np.asarray(template["paper"], np.float64)
        for turn in _turns_by_shape(paper, quad):
            rough = cv2.getPerspectiveTransform((paper * k).astype(np.float32),
                                                np.roll(quad, -turn, 0).astype(np.float32))
            key = (side, turn, tmpl.shape, k, paper.tobytes())
            if key not in photo.outlined:  # the same for more features (register's second try)
                photo.outlined[key] = cv2.warpPerspective(small, rough, tmpl.shape[::-1],
                                                          flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP)
            flat = photo.outlined[key]
            Hf, inl, share = _match(tmpl, flat, (keys, desc), n)
            if Hf is not None and inl > best[1]:
                best = (down @ rough @ Hf @ to_tmpl, inl, share, "outline+features")
            if best[1] >= T.FALLBACK_INLIERS:  # plenty: the other turns are not needed
                break
    if best[1] < T.FALLBACK_INLIERS:  # no outline, or a wrong one (a shadow across the paper)
        Hs, inl, share = _match(tmpl, small, (keys, desc), n)
        if Hs is not None and inl > best[1]:
            best = (down @ Hs @ to_tmpl, inl, share, "features")
    return best


def _turns_by_shape(paper: np.ndarray, quad: np.ndarray) -> list[int]:
    """The four ways the template's paper may be laid on the photo's outline,
    those that put its long sides on the outline's long sides first."""
    def ratio(q: np.ndarray) -> float:
        sides = np.linalg.norm(q - np.roll(q, -1, 0), axis=1)
        return float((sides[0] + sides[2]) / max(sides[1] + sides[3], 1e-6))

    want = ratio(paper)
    return sorted(range(4), key=lambda t: abs(np.log(ratio(np.roll(quad, -t, 0)) / want)))


def register(image: np.ndarray | Photo, template: dict[str, Any], tmpl_ink: np.ndarray,
             side: int = T.MATCH_LONG_SIDE) -> tuple[np.ndarray, dict]:
    """Template pixels -> photo pixels for a photo (BGR, or a Photo made of
    it) of the taught sheet, its features matched in the photo shrunk to
    `side`; raises PhotoError when the photo does not fit the template."""
    name = template.get("name", "taught sheet")
    photo = image if isinstance(image, Photo) else Photo(image)
    gray = photo.gray
    w, h = template["size"]

    def fits(found: tuple[np.ndarray | None, int, float, str]) -> bool:
        H, inliers, share, _ = found
        return H is not None and inliers >= T.MIN_INLIERS and share >= T.MIN_INLIER_SHARE and _plausible(
            H, (w, h), gray.shape)

    k = C.WORK_SCALE  # tmpl_ink's scale

    def blank_at(scale: float) -> np.ndarray:
        return locate.shrink(tmpl_ink, scale / k, (round(w * scale), round(h * scale)))

    found = _features_fit(photo, template, T.ORB_FEATURES, side)
    if not fits(found):  # a hard photo: more features before giving up
        found = _features_fit(photo, template, T.ORB_FEATURES_RETRY, side)
    if not fits(found):
        # marks all over the sheet can hide its features: the paper's outline,
        # aligned to the print (ECC), where the print then matches the blank's
        H = _outline_fit(photo, template, blank_at)
        if H is None:
            raise PhotoError(f"this photo does not match the template {name!r}: is it a sheet of that pad? "
                             "Hold the phone flat above the whole sheet, or teach this sheet first", status=422)
        return H, {"method": "template:outline+print", "inliers": found[1], "inlier_share": round(found[2], 3)}
    H, inliers, share, how = found
    H = locate.refine(gray, H, blank_at, box=(0, 0, w, h), scales=T.REFINE_SCALES, iterations=T.REFINE_ITERATIONS,
                      pyramid=photo.grays)
    return H, {"method": f"template:{how}", "inliers": inliers, "inlier_share": round(share, 3)}


def _outline_fit(photo: Photo, template: dict[str, Any], blank_at: Any) -> np.ndarray | None:
    """Template -> photo homography from the paper's outline alone, refined by
    aligning the print (coarse to fine), for the two ways long side on long
    side; the one whose print then matches the blank's best, if it matches
    well (T.OUTLINE_MIN_MATCH), else None."""
    _, f, quad = photo.shrunk(T.MATCH_LONG_SIDE)
    if quad is None:
        return None
    w, h = template["size"]
    paper = np.asarray(template["paper"], np.float64)
    k = C.WORK_SCALE
    blank = blank_at(k)
    best: tuple[float, np.ndarray | None] = (T.OUTLINE_MIN_MATCH, None)
    for turn in _turns_by_shape(paper, quad)[:2]:
        rough = cv2.getPerspectiveTransform(paper.astype(np.float32), (np.roll(quad, -turn, 0) / f).astype(np.float32))
        H = locate.refine(photo.gray, rough, blank_at, box=(0, 0, w, h), scales=T.OUTLINE_REFINE_SCALES,
                          iterations=T.REFINE_ITERATIONS, pyramid=photo.grays)
        flat = locate.flatten(photo.image, H, k, box=(0, 0, w, h), pyramid=photo.colours)
        ink, _ = locate.ink_map(cv2.cvtColor(flat, cv2.COLOR_BGR2GRAY))
        match = _print_match(ink, blank, template)
        if match > best[0]:
            best = (match, H)
    return best[1]


def geometry(template: dict[str, Any]) -> dict[str, Any]:
    """The template's geometry in the shape of sheet_geometry's."""
    tracks = {name: [{"value": e["value"], "box": e["box"]} for e in entries]
              for name, entries in template["tracks"].items()}
    return {"game": "doodle-china", "edition": template["edition"], "layout": template["layout"],
            "size": template["size"], "cells": template["cells"], "houses": template["houses"],
            "tracks": tracks, "trees": template["trees"], "floors": template["floors"]}


def check_template(template: dict[str, Any]) -> None:
    """Refuse a template that cannot be read with (damaged, or values never filled in)."""
    need = ("size", "cells", "houses", "tracks", "trees", "floors", "image", "image_scale", "paper", "edition")
    missing = [k for k in need if k not in template]
    if missing:
        raise PhotoError(f"the template is incomplete (no {', '.join(missing)}); teach the sheet again",
                         status=422)
    for name, entries in template["tracks"].items():
        if not entries:  # taught from a photo where this track's boxes were not found
            raise PhotoError(f"the template has no value boxes on its {name} track, so its circled values "
                             "cannot be read; teach the sheet again (drag the corners onto the grid and find it "
                             "again) or score this sheet by tapping", status=422)
        if any(not isinstance(e.get("value"), int) for e in entries):
            raise PhotoError(f"the template's {name} track has a value nobody has filled in; open the "
                             "template and check its values", status=422)
    bgr = template.get("paper_bgr")  # optional
    if bgr is not None and not (isinstance(bgr, list) and len(bgr) == 3
                                and all(isinstance(v, (int, float)) and 0 < v <= 255 for v in bgr)):
        raise PhotoError("the template's paper colour is damaged; teach the sheet again", status=422)
    pale = template.get("image_pale")  # format 2, optional
    if pale is not None and not (isinstance(pale, dict) and pale.get("channel") in CHANNELS
                                 and isinstance(pale.get("png"), str)):
        raise PhotoError("the template's colour picture of the blank sheet is damaged; teach the sheet again",
                         status=422)


def read_with_template(data: bytes, template: dict[str, Any], template_id: Any = None,
                       **_: Any) -> Reading:
    """Read a photo of a sheet through its template (see module doc)."""
    check_template(template)
    image, reduce = decode(data)
    photo = Photo(image)
    if locate.percentile(photo.gray, 99) < C.MIN_BRIGHTNESS:
        raise PhotoError("the photo is far too dark; take it again with more light", status=422)
    k = C.WORK_SCALE
    w, h = template["size"]
    blank = template_ink(template["image"], template["image_scale"], (w, h), k)
    H, details, flat, ink, match = _register_closer(photo, template, blank)
    if match < T.MIN_MATCH:
        raise PhotoError(f"this photo does not line up with the template {template.get('name', '')!r} "
                         f"(match {match:.2f}); hold the phone flat above the whole sheet, or check that it "
                         "is a sheet of that pad", status=422)
    fit = [tuple(int(v * k) for v in box) for box in template.get("fit_boxes", [])]
    gain, sigma = marks.fit_print(ink, blank, fit) if fit else (1.0, 0.0)
    gain = float(np.clip(gain, 0.5, 1.5))
    blurred, paper_mask, printed = _print_model(template["image"], template["image_scale"], (w, h), k, sigma)
    baseline = np.dstack([gain * blurred, paper_mask])
    smooth = cv2.blur(ink, (3, 3))
    # a pad prints a box around each value, and its neighbours' boxes lie where
    # a loop is looked for: the print is taken out first
    # the blank is known in grey only: the photo's darkest channel would read a
    # coloured pad's print as ink (a halo around each white value box that a
    # faint pencil's threshold takes for loops), so loops are looked for in
    # grey, against the blank's print in the same channel
    loops = smooth - cv2.blur(baseline[..., 0], (3, 3))
    # what is left of the print where it is strong (a pixel off, a faint
    # pencil's threshold is low) is not a loop: the outlines are left out
    loops = np.where(printed, 0.0, loops).astype(np.float32)
    sheet = {"game": "doodle-china", "edition": template["edition"], "layout": template["layout"],
             "player": None, "match": None, "template": template_id if template_id is not None
             else template.get("name")}
    warnings: list[str] = []
    details.update(match=round(match, 3), gain=round(gain, 3), sigma=sigma)
    pale = template.get("image_pale")

    def seen() -> Channel:  # only when a house needs a second look
        return Channel(channel_ink(flat, pale["channel"]),
                       template_ink(pale["png"], template["image_scale"], (w, h), k), fit)

    floor_ink = None if not template["floors"] else taught_ink(
        cv2.cvtColor(flat, cv2.COLOR_BGR2GRAY), template["image"], template["image_scale"], (w, h), k)
    reading = read_marks(geometry(template), sheet, (smooth, loops), ink, (baseline, blank, gain, sigma),
                         warnings, details, taught=True, pale=None if pale is None else seen, floor_ink=floor_ink,
                         house_ink=_house_ink(flat, template, ink))
    reading.homography, reading.size = _photo_homography(data, image, H, reduce)
    return reading


def _house_ink(flat: np.ndarray, template: dict[str, Any], ink: np.ndarray) -> np.ndarray | None:
    """The ink the houses are measured on: the flattened photo's grey in the
    blank's white balance (colour.balance_gains), when the template keeps its
    paper colour and the photo shows that paper; else None (grey's ink).
    Worked out round the houses only (_house_regions: the ink map of that
    grey over the whole sheet has the same figures there), `ink` elsewhere."""
    houses = [x for x in template["houses"] if not x["printed_crossed"]]  # as read_marks measures
    if template.get("paper_bgr") is None or not houses:
        return None
    w, h = template["size"]
    mask = _plain_paper(template["image"], template["image_scale"], (w, h), C.WORK_SCALE,
                        tuple(template["grid"]), tuple(map(tuple, template["paper"])))
    gains = balance_gains(flat, mask, template["paper_bgr"])
    if gains is None:
        return None
    return locate.ink_map_within(lambda rows, cols: balanced(flat[rows, cols], gains), ink.shape,
                                 _house_regions(np.array([x["box"] for x in houses], np.float64) * C.WORK_SCALE),
                                 ink)


def _house_regions(boxes: np.ndarray) -> list[tuple[int, int, int, int]]:
    """The pixels a house's measures read (x0, y0, x1, y1 at work scale): the
    paper round it that sets its zero (marks.surround_level, C.MARK_SURROUND
    of its side) and its crop with C.CLASS_MARGIN (marks.box_excess and
    slash_lines, interpolated: a pixel more), with a pixel or two to spare."""
    out = []
    for x0, y0, x1, y1 in boxes:
        side = max(x1 - x0, y1 - y0)
        grow = max(C.MARK_SURROUND * side, C.CLASS_MARGIN_MIN, C.CLASS_MARGIN * side) + 3
        out.append((int(np.floor(x0 - grow)), int(np.floor(y0 - grow)),
                    int(np.ceil(x1 + grow)) + 1, int(np.ceil(y1 + grow)) + 1))
    return out


@functools.lru_cache(maxsize=32)
def _print_model(image: str, image_scale: float, size: tuple[int, int], scale: float, sigma: float
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A template's print as a photo shows it, once per template and blur
    step (marks.BLUR_STEPS), not per photo (read only): its blank's ink
    blurred by `sigma` (before the photo's gain), where the paper is clear of
    it (marks.paper_mask), and its strong outlines, grown a pixel (no loop
    is looked for there)."""
    blank = template_ink(image, image_scale, size, scale)
    blurred = blank if sigma <= 0 else cv2.GaussianBlur(blank, (0, 0), sigma)
    printed = cv2.dilate((blank > T.RING_PRINT).astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    out = (blurred, marks.paper_mask(blank, sigma), printed)
    for a in out:
        a.flags.writeable = False
    return out


@functools.lru_cache(maxsize=8)
def _plain_paper(image: str, image_scale: float, size: tuple[int, int], scale: float, grid: tuple,
                 paper: tuple) -> np.ndarray:
    """colour.plain_paper of a template's blank, once per template (read only)."""
    mask = plain_paper(template_ink(image, image_scale, size, scale), list(grid), [list(p) for p in paper], scale)
    mask.flags.writeable = False
    return mask


def _register_closer(photo: Photo, template: dict[str, Any], blank: np.ndarray
                     ) -> tuple[np.ndarray, dict, np.ndarray, np.ndarray, float]:
    """register(), and again with the photo shrunk less when that fails or
    its print does not match the blank's (a small sheet in a large photo:
    its features were too small to match, a few wrong ones fitted): the
    better of the two, with the flattened photo, its ink and the match."""
    k = C.WORK_SCALE
    w, h = template["size"]
    best: tuple | None = None
    for side in (T.MATCH_LONG_SIDE, T.MATCH_LONG_SIDE_CLOSER):
        try:
            H, details = register(photo, template, blank, side)
        except PhotoError:
            if side == T.MATCH_LONG_SIDE_CLOSER and best is None:
                raise
            continue
        flat = locate.flatten(photo.image, H, k, box=(0, 0, w, h), pyramid=photo.colours)
        ink, _ = locate.ink_map(cv2.cvtColor(flat, cv2.COLOR_BGR2GRAY))
        match = _print_match(ink, blank, template)
        if best is None or match > best[4]:
            best = (H, details, flat, ink, match)
        if best[4] >= T.MIN_MATCH:
            break
    assert best is not None
    return best


def _print_match(ink: np.ndarray, blank: np.ndarray, template: dict[str, Any]) -> float:
    """Correlation of the photo's print with the template's outside the grid
    (marks go in the grid) and over its lines."""
    a, b = np.clip(ink, 0, 1).astype(np.float32), np.clip(blank, 0, 1).astype(np.float32)
    (ma,), (sa,) = (v.ravel() for v in cv2.meanStdDev(a))
    (mb,), (sb,) = (v.ravel() for v in cv2.meanStdDev(b))
    if sa < 1e-4 or sb < 1e-4:
        return 0.0
    # Pearson's r (as np.corrcoef), from one product's mean: a few times faster
    return float((cv2.mean(cv2.multiply(a, b))[0] - ma * mb) / (sa * sb))


def read(data: bytes, template: dict[str, Any], template_id: Any = None, **options: Any) -> dict[str, Any]:
    """The read-photo answer (vision.md) through a template."""
    return read_with_template(data, template, template_id).answer()
