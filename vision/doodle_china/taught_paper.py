"""The paper level of a photo read through a template, carried over from the
taught blank's.

locate.ink_map takes each photo's paper level from the photo itself (a grey
closing, smoothed). That level depends on how sharp the photo is: near a
small white box printed on a coloured square (a Shanghai pad's floor boxes)
the closing follows the box's white, which a blurrier photo shows darker, so
the photo's level there falls below the blank's and its ink reads lighter
than the blank's print model: a faint pencil's cross in the box vanishes
under the print taken out (-0.2 to -0.6 of the pencil over the box). Here
the photo's level is the blank's, times the light falling on the photo
(the photo over the blank on plain paper, smoothed wide): the same paper
level for both, whatever the blur.
"""

from __future__ import annotations

import functools

import cv2
import numpy as np

from . import constants as C
from .template import template_print


@functools.lru_cache(maxsize=8)
def blank_light(image: str, image_scale: float, size: tuple[int, int], scale: float
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The taught blank's grey, paper level and plain-paper mask at `scale`
    of its frame (`size`), worked out once per template (read only)."""
    blank, ink, paper = template_print(image, image_scale, size, scale)
    plain = (np.abs(ink) < C.TAUGHT_PAPER_PLAIN).astype(np.float32)
    gray = np.maximum(blank.astype(np.float32), 1.0)
    for a in (gray, plain):
        a.flags.writeable = False
    return gray, paper, plain


def taught_ink(gray: np.ndarray, image: str, image_scale: float, size: tuple[int, int],
               scale: float) -> np.ndarray:
    """Ink of the flattened photo's grey (`gray`, at `scale` of the template's
    frame) against the blank's paper level lit as the photo is: the photo
    over the blank on the blank's plain paper, averaged wide (a second pass
    leaves out what is darker than that: the pencil)."""
    blank, paper, plain = blank_light(image, image_scale, size, scale)
    photo = gray.astype(np.float32)
    ratio = photo / blank
    # the light is smooth: averaged on a grid C.TAUGHT_PAPER_STEP times
    # coarser (a few times faster), then brought back to full size
    h, w = photo.shape
    step = C.TAUGHT_PAPER_STEP
    coarse = (max(1, round(w / step)), max(1, round(h / step)))
    s = C.TAUGHT_PAPER_SIGMA / step

    def light(mask: np.ndarray) -> np.ndarray:
        num = cv2.GaussianBlur(cv2.resize(ratio * mask, coarse, interpolation=cv2.INTER_AREA), (0, 0), s)
        den = cv2.GaussianBlur(cv2.resize(mask, coarse, interpolation=cv2.INTER_AREA), (0, 0), s)
        return cv2.resize(num / np.maximum(den, 1e-3), (w, h), interpolation=cv2.INTER_LINEAR)

    lit = light(plain)
    lit = light(plain * (ratio >= C.TAUGHT_PAPER_DARKER * lit))
    # A photo lit brighter than its blank clips its paper and white boxes at
    # 255: there it no longer says how much light fell, and the clipped white
    # against the blank's level left clean floor boxes of a Shanghai sheet
    # inked (+0.02 to +0.09: false crosses). No pencil is that bright, so a
    # clipped pixel is read as the blank shows it (the print's own ink).
    clipped = photo >= C.TAUGHT_PAPER_TOP
    photo = np.where(clipped, blank * lit, photo)
    ink = 1.0 - photo / np.maximum(paper * lit, 1.0)
    return np.clip(ink, -1.0, 1.0)
