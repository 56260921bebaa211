"""Crosses over a pad's coloured house icons, seen in one colour channel.

A pad's house is mostly print (a filled red roof), and grey measures a house
only on the paper beside its icon: a single slash lies mostly on the roof,
which in grey is about as dark as a blue pencil, and leaves too little ink on
that paper. In the channel where the icon's print is palest (red, for a red
roof) the roof is nearly paper and the pencil shows on it. A template taught
since format 2 stores its blank in that channel too (template.pale_channel);
the houses are measured again there, with the roof counted as paper, and
that second look may only ADD a cross that grey already half sees (its
relative ink at least C.COLOUR_GREY_MIN_REL): on its own the channel takes
an erased smudge for a cross.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from . import cells, locate, marks
from . import constants as C

CHANNELS = ("blue", "green", "red")  # OpenCV's BGR order


@dataclass(frozen=True)
class Channel:
    """One colour channel of a photo read through a template, at work scale:
    the photo's ink in it and the template blank's, and the template's boxes of
    thin print that the print's gain and blur are fitted on."""

    ink: np.ndarray
    blank: np.ndarray
    fit_boxes: list[tuple[int, int, int, int]]


def channel_ink(flat: np.ndarray, channel: str) -> np.ndarray:
    """The ink map (locate.ink_map) of one channel of a flattened BGR photo."""
    return locate.ink_map(np.ascontiguousarray(flat[..., CHANNELS.index(channel)]))[0]


def grey_min_rel(pencil: float) -> float:
    """The least relative ink grey must see in a house for the channel to add
    a cross there, by grey's pencil level: on a faint sheet
    (under C.COLOUR_FAINT_PENCIL) an erased X's ghost shows in the channel as
    strongly as a faint cross does, and grey tells them apart better
    (C.COLOUR_FAINT_GREY_MIN_REL); else C.COLOUR_GREY_MIN_REL."""
    return C.COLOUR_FAINT_GREY_MIN_REL if pencil < C.COLOUR_FAINT_PENCIL else C.COLOUR_GREY_MIN_REL


def add_crosses(seen: Channel, boxes: np.ndarray, zero: np.ndarray, grey_rel: np.ndarray,
                path_boxes: np.ndarray, holes: list[Any], what: str,
                grey_min: float = C.COLOUR_GREY_MIN_REL) -> np.ndarray:
    """Which of `boxes` (work pixels) the channel sees crossed that grey does
    not rule out (its relative ink `grey_rel` at least `grey_min`, see
    grey_min_rel): (n,) bools. The print's gain and blur, the pencil's level (from the drawn
    cells, `path_boxes` with their `holes`, as in grey) and the learning from
    the clean boxes are all worked out in the channel; `zero`: the paper no
    player marks (grey's)."""
    gain, sigma = marks.fit_print(seen.ink, seen.blank, seen.fit_boxes) if seen.fit_boxes else (1.0, 0.0)
    gain = float(np.clip(gain, 0.5, 1.5))
    baseline = gain * (seen.blank if sigma <= 0 else cv2.GaussianBlur(seen.blank, (0, 0), sigma))
    pencil_only = cv2.blur(seen.ink, (3, 3)) - cv2.blur(baseline, (3, 3))
    pencil = cells.pencil_level(cells.path_profiles(pencil_only, path_boxes, holes))
    levels = np.array([marks.surround_level(seen.ink, baseline, zero, b) for b in boxes])
    excess = marks.box_excess(seen.ink, seen.blank, boxes, gain, sigma, levels, pencil,
                              learn=C.CLASS_CLEAN_MAX.get(what), shrink=C.TAUGHT_HOUSE_SHRINK,
                              print_free=C.COLOUR_PRINT_FREE)
    least = marks.noise_floor(excess, pencil, what, below_only=False)  # a smudge shows strongly here
    crossed, _, _ = marks.decide_crosses(excess, pencil, what, least, taught=True)
    return np.array(crossed, bool) & (grey_rel >= grey_min)


# -- the blank's white balance, for the houses (session 8) ----------------------------
# Houses are measured in grey, and grey mixes the channels by the photo's white
# balance: a lamp that reddens the marked photo (and not the blank's) lightens a
# red roof in grey against its paper, a bluish one darkens it, while the print
# model is the blank's grey. The template keeps its blank's paper colour
# (`paper_bgr`); the photo's channels are scaled so that the same paper has that
# colour, and the houses measured in the grey of that.

def plain_paper(blank_ink: np.ndarray, grid: list[float], paper: list[list[float]], scale: float) -> np.ndarray:
    """The blank's plain white paper at `scale` of the template's frame: inside
    the paper's outline (C.BALANCE_EDGE in from it), outside the grid (its
    squares are coloured), where nothing is printed (|ink| < C.BALANCE_PLAIN)."""
    h, w = blank_ink.shape
    mask = np.zeros((h, w), np.uint8)
    cv2.fillPoly(mask, [np.round(np.asarray(paper, np.float64) * scale).astype(np.int32)], 1)
    edge = max(1, round(C.BALANCE_EDGE * scale))
    mask = cv2.erode(mask, np.ones((2 * edge + 1, 2 * edge + 1), np.uint8))
    x0, y0, x1, y1 = (round(v * scale) for v in grid)
    mask[max(0, y0):max(0, y1), max(0, x0):max(0, x1)] = 0
    return (mask > 0) & (np.abs(blank_ink) < C.BALANCE_PLAIN)


def paper_colour(bgr: np.ndarray, mask: np.ndarray) -> list[float] | None:
    """The median colour (B, G, R) of `bgr` over `mask`, or None when the mask
    holds too little paper (C.BALANCE_MIN_PIXELS) to judge by. For a photo's
    bytes, counted in a histogram: np.median's figure, without sorting."""
    if int(mask.sum()) < C.BALANCE_MIN_PIXELS:
        return None
    if bgr.dtype == np.uint8 and mask.size < 1 << 24:  # a float32 bin counts exactly up to 2**24
        m = mask.astype(np.uint8)
        return [round(_median_of_counts(cv2.calcHist([bgr], [c], m, [256], [0, 256])), 1) for c in range(3)]
    return [round(float(np.median(bgr[..., c][mask])), 1) for c in range(3)]


def _median_of_counts(hist: np.ndarray) -> float:
    """np.median of the values a histogram counts (bin i holds value i): the
    middle one, or the mean of the middle two."""
    counts = np.cumsum(hist.ravel().astype(np.int64))
    n = int(counts[-1])
    low, high = np.searchsorted(counts, [(n - 1) // 2, n // 2], side="right")
    return (int(low) + int(high)) / 2


def balance_gains(flat: np.ndarray, mask: np.ndarray, blank_bgr: list[float]) -> np.ndarray | None:
    """Per channel (B, G, R), the scale that gives the flattened photo's plain
    paper (`mask`) the blank's colour (`blank_bgr`) at the photo's own
    brightness; None when the photo shows too little of that paper."""
    seen = paper_colour(flat, mask)
    if seen is None or min(seen) < 1.0 or min(blank_bgr) < 1.0:
        return None
    ratio = np.float32(blank_bgr) / np.float32(seen)
    return ratio / float(np.mean(ratio))


def balanced(flat: np.ndarray, gains: np.ndarray) -> np.ndarray:
    """The grey of (part of) a flattened photo with its channels scaled by `gains`."""
    return cv2.cvtColor(flat.astype(np.float32) * gains, cv2.COLOR_BGR2GRAY)


def balanced_grey(flat: np.ndarray, mask: np.ndarray, blank_bgr: list[float]) -> np.ndarray | None:
    """The flattened photo's grey as if taken in the blank's white balance
    (balance_gains); None when the photo shows too little plain paper."""
    gains = balance_gains(flat, mask, blank_bgr)
    return None if gains is None else balanced(flat, gains)
