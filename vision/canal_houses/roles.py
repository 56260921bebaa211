"""What a card is, judged from what such a card is rather than from one
deck's art: a roof is the last card of its column and shows its building's
silhouette against a sky (a region of one colour, other than the wall's,
reaching down both top corners further than at the middle: a gable; or a
plain band across the whole top: a flat roof); a face-down card shows its
back, which looks the same turned half round (card backs are printed so)."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from . import constants as C
from . import role_constants as K

LAB_WEIGHTS = np.array([0.5, 1.0, 1.0], np.float32)  # lightness counts less: light varies


def _lab(patch: np.ndarray) -> np.ndarray:
    lab = cv2.cvtColor(np.clip(patch, 0, 1).astype(np.float32), cv2.COLOR_BGR2Lab)
    return cv2.GaussianBlur(lab, (0, 0), 1.0)


def _median(lab: np.ndarray, x0: float, x1: float, y0: float, y1: float) -> np.ndarray:
    """Median Lab of a box; x in shares of the width, y in widths from the top."""
    h, w = lab.shape[:2]
    ya, yb = int(y0 * w), max(int(y1 * w), int(y0 * w) + 1)
    xa, xb = int(x0 * w), max(int(x1 * w), int(x0 * w) + 1)
    return np.median(lab[min(ya, h - 1):min(yb, h), xa:xb].reshape(-1, 3), axis=0)


def _commonest(labels: np.ndarray, x0: float, x1: float, y0: float, y1: float) -> int:
    """The label most of a box holds (0 when it holds none); as _median."""
    h, w = labels.shape[:2]
    ya, yb = int(y0 * w), max(int(y1 * w), int(y0 * w) + 1)
    xa, xb = int(x0 * w), max(int(x1 * w), int(x0 * w) + 1)
    return int(np.bincount(labels[min(ya, h - 1):min(yb, h), xa:xb].ravel()).argmax())


def _distance(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.linalg.norm((a - b) * LAB_WEIGHTS, axis=-1)


def wall_colours(lab: np.ndarray) -> list[np.ndarray]:
    """The wall: the median of the lower part of the visible field, away
    from the sides; and, when a good share of that part is coloured, its
    commonest colour too. A window card's panes (grey, dark) can fill most
    of the band, so the median is no wall colour at all and the wall round
    the top corners looks unlike it: a sky."""
    h, w = lab.shape[:2]
    part = lab[int(0.6 * h):int(0.95 * h), int(0.1 * w):int(0.9 * w)].reshape(-1, 3)
    walls = [np.median(part, axis=0)]
    coloured = part[np.hypot(part[:, 1], part[:, 2]) > C.WALL_COLOURED_CHROMA]
    if len(part) and len(coloured) >= C.WALL_COLOURED_SHARE * len(part):
        hue = np.arctan2(coloured[:, 2], coloured[:, 1])
        bins = np.floor((hue + np.pi) / (2 * np.pi) * C.WALL_HUE_BINS).astype(int) % C.WALL_HUE_BINS
        walls.append(np.median(coloured[bins == np.bincount(bins).argmax()], axis=0))
    return walls


def sky_and_roof(patch: np.ndarray) -> tuple[float, np.ndarray | None]:
    """How much a visible field looks like a roof (0-1) and its sky mask
    (None without sky). The top corners must share one colour unlike the
    wall's; the region of that colour connected to them is the sky; the
    building reaches higher at the middle than at the sides by a share of
    the width (a gable), or the sky is a clean band across the whole top."""
    lab = _lab(patch)
    h, w = lab.shape[:2]
    if h < 0.25 * w:
        return 0.0, None
    # the corners' colour below the top rows, which an outline a little off (a card found up its
    # column, leaning against the one below) fills with its top border on one side
    top, low = C.SKY_CORNER_ROWS
    left = _median(lab, 0.02, 0.10, top, low)
    right = _median(lab, 0.90, 0.98, top, low)
    if float(_distance(left, right)) > C.SKY_CORNERS_ALIKE:
        return 0.0, None
    sky = (left + right) / 2
    wall, *commonest = wall_colours(lab)
    # Against the wall (or a slate roof below a pale sky) lightness counts:
    # a sky is often much paler or darker than the building in the same hue.
    weighted = float(np.linalg.norm((sky - wall) * C.SKY_LAB_WEIGHTS))
    # The corners' colour is the wall's commonest colour: the wall round a window's panes, not a sky
    # (unless it is a sky over a tucked building, which fills the lower part too).
    if any(float(np.linalg.norm((sky - c) * C.SKY_LAB_WEIGHTS)) < C.SKY_FAINT_CONTRAST for c in commonest):
        return _sky_over_a_tucked_building(lab, sky)
    if weighted < C.SKY_MIN_CONTRAST:
        # A faint sky (a sunset over an orange wall) counts when it outlines a gable; else the
        # lower part has the corners' colour too: a plain wall, or a sky over a building that is
        # mostly tucked under the card below.
        if weighted >= C.SKY_FAINT_CONTRAST:
            score, mask = _sky_against_the_building(lab, sky, wall, gable_only=True)
            if mask is not None:
                # weaker evidence than a plain sky: enough to keep a top card's gable against
                # the catalog's look, never enough to flag a card with cards above it
                return min(score, C.SKY_FAINT_MAX_SCORE), mask
        score, mask = _sky_over_a_tucked_building(lab, sky)
        if mask is None and weighted < C.SKY_FAINT_CONTRAST:
            return _pale_sky_gable(lab, sky, wall)
        return score, mask
    return _sky_against_the_building(lab, sky, wall, gable_only=False)


def _pale_sky_gable(lab: np.ndarray, sky: np.ndarray, wall: np.ndarray) -> tuple[float, np.ndarray | None]:
    """A pale sky over a pale building (a grey roof under a pale blue sky, or
    both washed out by the light): too faint for a fixed tolerance, which then
    takes in the building too. A sky is plain, so the corner boxes' own spread
    is its noise: a pixel is sky within a few times that, and the building
    must stand clearly further off; only a gable's outline counts (a flat band
    is too weak a sign here), scored as a faint sky's."""
    top, low = C.SKY_CORNER_ROWS
    h, w = lab.shape[:2]
    ya, yb = int(top * w), max(int(low * w), int(top * w) + 1)
    boxes = [lab[min(ya, h - 1):min(yb, h), int(x0 * w):max(int(x1 * w), int(x0 * w) + 1)].reshape(-1, 3)
             for x0, x1 in ((0.02, 0.10), (0.90, 0.98))]
    noise = float(np.median(_distance(np.concatenate(boxes), sky)))
    contrast = float(_distance(sky, wall))
    if contrast < max(K.PALE_SKY_MIN_CONTRAST, K.PALE_SKY_MIN_NOISE_TIMES * noise):
        return 0.0, None
    tol = min(max(K.PALE_SKY_MIN_TOL, K.PALE_SKY_NOISE_TIMES * noise), C.SKY_TOL_SHARE * contrast)
    score, mask = _sky_against_the_building(lab, sky, wall, gable_only=True, tol=tol)
    return (min(score, C.SKY_FAINT_MAX_SCORE), mask) if mask is not None else (0.0, None)


def _sky_against_the_building(lab: np.ndarray, sky: np.ndarray, wall: np.ndarray, gable_only: bool,
                              tol: float | None = None) -> tuple[float, np.ndarray | None]:
    """sky_and_roof once the corners' colour differs from the wall's: the
    region of that colour connected to the corners and the building's
    outline below it (gable_only: a flat band of sky is not enough; tol: a
    pixel's distance from the sky's colour, when the caller knows it)."""
    if tol is None:
        contrast = float(_distance(sky, wall))
        if contrast < C.SKY_MIN_TOL:
            return 0.0, None
        tol = max(C.SKY_MIN_TOL, C.SKY_TOL_SHARE * contrast)
        score, mask = _outline_below(lab, sky, tol, gable_only)
        if mask is not None and score < K.SLATE_RETRY_BELOW and tol > K.SLATE_TOL:
            # a share of a wall far off takes in a roof nearer the sky (a slate mansard under a blue
            # sky over a yellow wall: all one flat band); the sky alone, plain, outlines its gable.
            # Only a flat band is asked again: a region refused (down to the bottom: a window's wall
            # round its panes) broken up by a tighter tolerance outlines no building
            tight, tight_mask = _outline_below(lab, sky, K.SLATE_TOL, gable_only=True)
            if tight > score:
                return tight, tight_mask
        return score, mask
    return _outline_below(lab, sky, tol, gable_only)


def _outline_below(lab: np.ndarray, sky: np.ndarray, tol: float,
                   gable_only: bool) -> tuple[float, np.ndarray | None]:
    """_sky_against_the_building with the sky's tolerance known."""
    h, w = lab.shape[:2]
    mask = _corner_region(lab, sky, tol)
    if mask is None:
        return 0.0, None

    def first_building(x0: float, x1: float) -> float:
        """How deep the sky reaches in these columns (in widths): its pixel
        count, as the sky sits at the top (a blurred rim does not stop it)."""
        cols = mask[:, int(x0 * w):max(int(x1 * w), int(x0 * w) + 1)]
        return float(np.median(cols.sum(axis=0))) / w

    side = (first_building(0.03, 0.08) + first_building(0.92, 0.97)) / 2
    middle = min(first_building(0.4, 0.47), first_building(0.47, 0.53), first_building(0.53, 0.6))
    deepest = max(first_building(0.03, 0.08), first_building(0.92, 0.97))
    # Down to the bottom: glare or shade, not a sky above a house; unless the
    # sky rises steadily from both sides to the middle, as beside a steep
    # gable whose eaves are the visible part's bottom corners.
    if deepest * w >= C.SKY_MAX_DEPTH * h and not _slopes_to_the_middle(first_building):
        return 0.0, None
    gable = side - middle
    if gable >= C.GABLE_MIN and side >= C.SKY_MIN_DEPTH:
        return float(min(1.0, 0.55 + gable)), mask
    band = min(side, middle)
    if band >= C.SKY_MIN_DEPTH * 0.6 and not gable_only:
        fill = float(mask[:int(band * w)].mean())
        if fill >= C.FLAT_SKY_FILL:
            return 0.55, mask
    return 0.0, None


def _sky_over_a_tucked_building(lab: np.ndarray, sky: np.ndarray) -> tuple[float, np.ndarray | None]:
    """A roof whose building is mostly tucked away (a flat roof's cornice
    along the bottom, a chimney standing on it): the corners' colour fills
    most of the field down to the bottom, so it is the "wall" colour too.
    It is a sky when it holds no part of its own and runs across the whole
    top, and all else is one building standing on the bottom edge; a
    window's wall holds windows and icons loose in it. Not sure: a flat
    roof's score."""
    h, w = lab.shape[:2]
    mask = _corner_region(lab, sky, C.SKY_MIN_TOL)
    if mask is None:
        return 0.0, None
    if float(mask.mean()) < C.SKY_ONLY_SHARE or _reaches_down_between(mask) > C.SKY_BETWEEN_MAX:
        return 0.0, None
    if float(mask[:max(1, int(C.SKY_ONLY_TOP_ROWS * w))].any(axis=0).mean()) < C.SKY_ONLY_ACROSS:
        return 0.0, None
    n, _, stats, _ = cv2.connectedComponentsWithStats((~mask).astype(np.uint8), connectivity=8)
    parts = stats[1:][stats[1:, cv2.CC_STAT_AREA] >= C.SKY_ONLY_PART * h * w]
    standing = parts[:, cv2.CC_STAT_TOP] + parts[:, cv2.CC_STAT_HEIGHT] >= h - 1
    if len(parts) == 0 or not standing.all():
        return 0.0, None
    return C.SKY_ONLY_SCORE, mask


def _corner_region(lab: np.ndarray, sky: np.ndarray, tol: float) -> np.ndarray | None:
    """The pixels within tol of the sky's colour that are connected to what
    the two top corner boxes mostly hold (None when they hold none)."""
    top, low = C.SKY_CORNER_ROWS
    near = (_distance(lab, sky) < tol).astype(np.uint8)
    near = cv2.morphologyEx(near, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    _, labels = cv2.connectedComponents(near, connectivity=4)
    seeds = {_commonest(labels, 0.02, 0.10, top, low), _commonest(labels, 0.90, 0.98, top, low)} - {0}
    if not seeds:
        return None
    return np.isin(labels, list(seeds))


def _reaches_down_between(mask: np.ndarray) -> float:
    """The share of the columns where the "sky" reaches lower than a sky
    stops (SKY_MAX_DEPTH of the height) between two parts of the building
    standing higher: a wall's colour going down between its windows' panes.
    A house's outline is one hill (a gable, steps, a neck, a flat top with a
    chimney), so its sky goes lowest at the sides, never between two higher
    parts of it: a gable whose eaves lie below the visible part has its sky
    down to the bottom too, but from the sides inwards. A part's height is
    its columns' sky pixel count (a cloud in the sky does not make one)."""
    h, w = mask.shape
    x0, x1 = C.SKY_BETWEEN_COLUMNS
    cols = mask[:, int(x0 * w):max(int(x1 * w), int(x0 * w) + 3)]
    lowest = np.where(cols.any(axis=0), h - cols[::-1].argmax(axis=0), 0) / h  # below the sky's lowest pixel
    depth = cols.sum(axis=0) / h
    # a part stands higher over a run of columns this wide (not a thin fringe, nor a border left
    # at an edge by an outline a little off)
    run = max(1, int(round(C.SKY_BETWEEN_PART * w)))
    n = len(depth) - run + 1
    if n < 3:
        return 0.0
    part = np.lib.stride_tricks.sliding_window_view(depth, run).max(axis=1)  # part[i]: columns i..i+run-1
    left = np.minimum.accumulate(part)  # the highest part starting at or before i
    right = np.minimum.accumulate(part[::-1])[::-1]  # ... at or after i
    x = np.arange(len(depth))
    on_left = np.where(x - run >= 0, left[np.clip(x - run, 0, n - 1)], 1.0)  # a part wholly left of x
    on_right = np.where(x + 1 < n, right[np.clip(x + 1, 0, n - 1)], 1.0)  # wholly right of x
    between = (lowest >= C.SKY_MAX_DEPTH) & (np.maximum(on_left, on_right) <= lowest - C.SKY_BETWEEN_RISE)
    return float(between.mean())


def _slopes_to_the_middle(depth: Callable[[float, float], float]) -> bool:
    """The sky's depth (depth(x0, x1): in widths, over columns x0-x1 in
    shares of the width) falls from each side to the middle by a gable's
    height in all, in steps (a roof's slope), never rising by more than a
    little and never all at once (a band of glare down a side does)."""
    edges = np.linspace(0.03, 0.5, C.GABLE_STEPS + 1)
    for half in (0, 1):
        steps = np.array([depth(a, b) if half == 0 else depth(1 - b, 1 - a)
                          for a, b in zip(edges, edges[1:], strict=False)])
        falls = steps[:-1] - steps[1:]
        fall = float(steps[0] - steps[-1])
        if fall < C.GABLE_MIN or falls.min() < -C.GABLE_STEP_RISE or falls.max() > C.GABLE_STEP_FALL * fall:
            return False
    return True


def face_down_score(patch: np.ndarray) -> float:
    """Correlation of a whole card's field with itself turned half round:
    about 1 for a printed back, low for a face (a store's door, a roof's
    sky and the words are not repeated upside down)."""
    grey = cv2.cvtColor(np.clip(patch, 0, 1).astype(np.float32), cv2.COLOR_BGR2GRAY)
    small = cv2.resize(grey, (32, 48), interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (0, 0), 1.0)
    # Only the printed detail: a glare spot or shade is a smooth, often
    # symmetric blob that would make any face look like a back.
    a = small - cv2.GaussianBlur(small, (0, 0), 5.0)
    b = a[::-1, ::-1]
    den = float(np.sqrt((a * a).sum() * (b * b).sum()))
    if den < 1e-6:
        return 1.0  # a blank field: no face to read either
    return float((a * b).sum() / den)


def colour_signature(patch: np.ndarray) -> np.ndarray:
    """A field's colours as a coarse Lab histogram (for telling a card back
    from the faces round it)."""
    lab = cv2.cvtColor(np.clip(patch, 0, 1).astype(np.float32), cv2.COLOR_BGR2Lab)
    hist = cv2.calcHist([lab], [0, 1, 2], None, [6, 8, 8], [0, 100, -100, 100, -100, 100])
    return cv2.normalize(hist, None).flatten()


def signature_distance(a: np.ndarray, b: np.ndarray) -> float:
    return float(cv2.compareHist(a, b, cv2.HISTCMP_BHATTACHARYYA))
