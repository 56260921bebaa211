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


def add_crosses(seen: Channel, boxes: np.ndarray, zero: np.ndarray, grey_rel: np.ndarray,
                path_boxes: np.ndarray, holes: list[Any], what: str) -> np.ndarray:
    """Which of `boxes` (work pixels) the channel sees crossed that grey does
    not rule out (its relative ink `grey_rel` at least C.COLOUR_GREY_MIN_REL):
    (n,) bools. The print's gain and blur, the pencil's level (from the drawn
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
    crossed, _, _ = marks.decide_crosses(excess, pencil, what, marks.noise_floor(excess, pencil, what), taught=True)
    return np.array(crossed, bool) & (grey_rel >= C.COLOUR_GREY_MIN_REL)
