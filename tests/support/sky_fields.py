"""Synthetic top-card fields for the roof tests (issue 13: a roof is told by
its outline against a sky): a sky colour, something drawn over it, a little
noise and a camera's blur, as roles.sky_and_roof sees a rectified field."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np


def sky_field(sky: tuple[float, float, float], size: tuple[int, int], draw: Callable[[np.ndarray], None],
              noise: float) -> np.ndarray:
    """A (height, width) = `size` BGR float field of `sky`, `draw`n on, with
    Gaussian noise of `noise` (seeded: the same field every run) and a blur."""
    img = np.zeros((*size, 3), np.float32)
    img[:] = sky
    draw(img)
    grain = np.random.default_rng(7).normal(0.0, noise, img.shape).astype(np.float32)
    return cv2.GaussianBlur(np.clip(img + grain, 0, 1), (0, 0), 1.0)
