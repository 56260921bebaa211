"""Register a photo to a taught sheet's template: template pixels -> photo
pixels, without markers.

ORB features of the photo matched to the template's rectified blank, a
homography by RANSAC (on the paper's flattened outline first, then the whole
photo), refined by aligning the print (ECC); when the features do not fit,
the paper's outline aligned to the print; again with the photo shrunk less
when the print then does not match the blank. A fit that does not hold is
refused with what to do (template_read.py reads the marks).
"""

from __future__ import annotations

import functools
from typing import Any

import cv2
import numpy as np

from ..errors import PhotoError
from . import constants as C
from . import locate
from . import template_constants as T
from .template import paper_quad, paper_quads, template_image


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
        self._others: dict[int, list[np.ndarray]] = {}

    def shrunk(self, side: int) -> tuple[np.ndarray, float, np.ndarray | None]:
        """The grey shrunk to `side` (its longer side), the factor, and the
        paper's outline in it (template.paper_quad)."""
        if side not in self._shrunk:
            f = min(1.0, side / max(self.gray.shape))
            small = cv2.resize(self.gray, None, fx=f, fy=f, interpolation=cv2.INTER_AREA) if f < 1 else self.gray
            self._shrunk[side] = (small, f, paper_quad(small))
        return self._shrunk[side]

    def other_outlines(self, side: int) -> list[np.ndarray]:
        """The paper's less likely outlines in the grey shrunk to `side`
        (template.paper_quads after the first), made only when asked for."""
        if side not in self._others:
            self._others[side] = paper_quads(self.shrunk(side)[0])[1:]
        return self._others[side]


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


def _features_fit(photo: Photo, template: dict[str, Any], n: int, side: int = T.MATCH_LONG_SIDE,
                  outlines: list[np.ndarray] | None = None, whole: bool = True
                  ) -> tuple[np.ndarray | None, int, float, str]:
    """Template -> photo homography from `n` ORB features in the photo shrunk
    to `side`: the photo flattened by the paper's outline first (ORB copes
    with any turn, not with a steep view), then, when that finds too few
    matches, the whole photo; with its inliers, inlier share and how.
    `outlines`: the outlines to flatten by instead of the likeliest one;
    `whole`: whether to match the whole photo too. A fit that lays the
    template on the photo as no sheet can lie (all its corners on one spot:
    RANSAC fitting many matches on one patch) is no candidate, however many
    matches it has (dev 621001, 617006: it outnumbered every true turn)."""
    k = template["image_scale"]
    w, h = template["size"]
    tmpl, keys, desc = _template_side(template["image"], n)
    small, f, quad = photo.shrunk(side)
    down = np.diag([1 / f, 1 / f, 1.0])
    to_tmpl = np.diag([k, k, 1.0])
    best: tuple[np.ndarray | None, int, float, str] = (None, 0, 0.0, "")
    paper = np.asarray(template["paper"], np.float64)
    for outline in outlines if outlines is not None else [] if quad is None else [quad]:
        for turn in _turns_by_shape(paper, outline):
            rough = cv2.getPerspectiveTransform((paper * k).astype(np.float32),
                                                np.roll(outline, -turn, 0).astype(np.float32))
            key = (side, turn, tmpl.shape, k, paper.tobytes(), outline.tobytes())
            if key not in photo.outlined:  # the same for more features (register's second try)
                photo.outlined[key] = cv2.warpPerspective(small, rough, tmpl.shape[::-1],
                                                          flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP)
            flat = photo.outlined[key]
            Hf, inl, share = _match(tmpl, flat, (keys, desc), n)
            if Hf is not None and inl > best[1]:
                H = down @ rough @ Hf @ to_tmpl
                if _plausible(H, (w, h), photo.gray.shape):
                    best = (H, inl, share, "outline+features")
            if best[1] >= T.FALLBACK_INLIERS:  # plenty: the other turns are not needed
                break
        if best[1] >= T.FALLBACK_INLIERS:
            break
    if whole and best[1] < T.FALLBACK_INLIERS:  # no outline, or a wrong one (a shadow across the paper)
        Hs, inl, share = _match(tmpl, small, (keys, desc), n)
        if Hs is not None and inl > best[1] and _plausible(down @ Hs @ to_tmpl, (w, h), photo.gray.shape):
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

    blank_at = functools.partial(_blank_at, tmpl_ink, w, h)
    found = _features_fit(photo, template, T.ORB_FEATURES, side)
    if not fits(found):  # a hard photo: more features before giving up
        found = _features_fit(photo, template, T.ORB_FEATURES_RETRY, side)
    if not fits(found) and (others := photo.other_outlines(side)):
        # a hard shadow across the sheet: its bright part alone looked like the
        # paper; the outline its strong edges close (template.paper_quads)
        again = _features_fit(photo, template, T.ORB_FEATURES_RETRY, side, outlines=others, whole=False)
        found = again if fits(again) else found
    if not fits(found):
        # marks all over the sheet can hide its features: the paper's outline,
        # aligned to the print (ECC), where the print then matches the blank's
        outlined = _outline_fit(photo, template, blank_at, side)
        if outlined is None:
            raise PhotoError(f"this photo does not match the template {name!r}: is it a sheet of that pad? "
                             "Hold the phone flat above the whole sheet, or teach this sheet first", status=422)
        return outlined[0], {"method": "template:outline+print", "inliers": found[1],
                             "inlier_share": round(found[2], 3)}
    H, inliers, share, how = found
    H = locate.refine(gray, H, blank_at, box=(0, 0, w, h), scales=T.REFINE_SCALES, iterations=T.REFINE_ITERATIONS,
                      pyramid=photo.grays)
    return H, {"method": f"template:{how}", "inliers": inliers, "inlier_share": round(share, 3)}


def _outline_fit(photo: Photo, template: dict[str, Any], blank_at: Any, side: int = T.MATCH_LONG_SIDE
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray, float] | None:
    """Template -> photo homography from the paper's outline (in the photo
    shrunk to `side`: a small sheet's may be found only closer, dev 617006)
    alone, refined by aligning the print (coarse to fine), for the two ways
    long side on long side; the one whose print then matches the blank's
    best, if it matches well (T.OUTLINE_MIN_MATCH), with the photo flattened
    by it, its ink and the match (_flat_match); else None. When the
    likeliest outline gives none, the paper's other outlines are tried
    (template.paper_quads): a shadow across a small sheet made its bright
    part alone the likeliest outline, and too few features matched either
    way (pads dev 911014, 1600x1200: refused; its whole outline, aligned to
    the print, matches 0.88)."""
    _, f, quad = photo.shrunk(side)
    if quad is None:
        return None
    best = _outline_fit_by(photo, template, blank_at, quad / f)
    for other in photo.other_outlines(side) if best is None else []:
        best = _outline_fit_by(photo, template, blank_at, other / f)
        if best is not None:
            break
    return best


def _outline_fit_by(photo: Photo, template: dict[str, Any], blank_at: Any, quad: np.ndarray
                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, float] | None:
    """_outline_fit on one outline (`quad`, full-size photo pixels)."""
    w, h = template["size"]
    paper = np.asarray(template["paper"], np.float64)
    blank = blank_at(C.WORK_SCALE)
    best: tuple[np.ndarray, np.ndarray, np.ndarray, float] | None = None
    for turn in _turns_by_shape(paper, quad)[:2]:
        rough = cv2.getPerspectiveTransform(paper.astype(np.float32), np.roll(quad, -turn, 0).astype(np.float32))
        H = locate.refine(photo.gray, rough, blank_at, box=(0, 0, w, h), scales=T.OUTLINE_REFINE_SCALES,
                          iterations=T.REFINE_ITERATIONS, pyramid=photo.grays)
        flat, ink, match = _flat_match(photo, template, blank, H)
        if match > (T.OUTLINE_MIN_MATCH if best is None else best[3]):
            best = (H, flat, ink, match)
    return best


def register_closer(photo: Photo, template: dict[str, Any], blank: np.ndarray
                     ) -> tuple[np.ndarray, dict, np.ndarray, np.ndarray, float]:
    """register(), and again with the photo shrunk less when that fails or
    its print does not match the blank's (a small sheet in a large photo:
    its features were too small to match, a few wrong ones fitted): the
    better of the two, with the flattened photo, its ink and the match.
    A photo refused whole where its paper already shows large enough is
    refused at once: closer, nothing grows but the cost (_large_enough).
    Where the features' fit does not line the print up, the paper's outline
    aligned to the print is tried too (_outline_fit)."""
    w, h = template["size"]
    best: tuple | None = None
    for side in (T.MATCH_LONG_SIDE, T.MATCH_LONG_SIDE_CLOSER):
        try:
            H, details = register(photo, template, blank, side)
        except PhotoError:
            if side == T.MATCH_LONG_SIDE_CLOSER and best is None:
                raise
            if _large_enough(photo, template, side):
                raise
            continue
        flat, ink, match = _flat_match(photo, template, blank, H)
        if best is None or match > best[4]:
            best = (H, details, flat, ink, match)
        if best[4] >= T.MIN_MATCH:
            break
    assert best is not None
    if best[4] < T.MIN_MATCH:
        # the features fitted, but the print does not line up: a few wrong
        # matches passed the fit's checks (lead's pad set 599300: 2 of 70
        # boxed photos, match 0.05 and 0.07). The paper's outline aligned to
        # the print, as for a sheet whose marks hide its features, may hold.
        outlined = _outline_fit(photo, template, functools.partial(_blank_at, blank, w, h))
        if outlined is not None and outlined[3] > best[4]:
            H, flat, ink, match = outlined
            best = (H, {**best[1], "method": "template:outline+print"}, flat, ink, match)
    return best


def _flat_match(photo: Photo, template: dict[str, Any], blank: np.ndarray, H: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray, float]:
    """The photo flattened onto the template by H (work scale), its ink, and
    how well its print matches the blank's."""
    w, h = template["size"]
    flat = locate.flatten(photo.image, H, C.WORK_SCALE, box=(0, 0, w, h), pyramid=photo.colours)
    ink, _ = locate.ink_map(cv2.cvtColor(flat, cv2.COLOR_BGR2GRAY))
    return flat, ink, _print_match(ink, blank, template)


def _blank_at(tmpl_ink: np.ndarray, w: int, h: int, scale: float) -> np.ndarray:
    """The blank's ink at `scale` template pixels a pixel (from C.WORK_SCALE)."""
    k = C.WORK_SCALE
    return locate.shrink(tmpl_ink, scale / k, (round(w * scale), round(h * scale)))


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


def _large_enough(photo: Photo, template: dict[str, Any], side: int) -> bool:
    """Does the paper's outline in the photo shrunk to `side` cover at least
    T.CLOSER_MIN_PAPER of the template's blank as it is matched (its pixels
    at the stored scale)? Then its features were not too small to match, and
    matching closer cannot help: on 81 readable dev photos, the one refused
    at the usual side and read closer (617006) had no outline there."""
    _, _, quad = photo.shrunk(side)
    if quad is None:
        return False
    tmpl, _, _ = _template_side(template["image"], T.ORB_FEATURES)
    return cv2.contourArea(quad.astype(np.float32)) >= T.CLOSER_MIN_PAPER * tmpl.size
