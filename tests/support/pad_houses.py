"""Synthetic pad houses on work-pixel ink maps, for the house slash tests:
six boxes in a row, each a dark filled roof over an outlined body, the way a
pad's printed house icon reads in a template's blank."""

from __future__ import annotations

import cv2
import numpy as np

BOX = 27
HOUSES = np.array([[20.0 + 40 * i, 20.0, 20.0 + 40 * i + BOX, 20.0 + BOX] for i in range(6)])


def blank_houses() -> np.ndarray:
    """Each house a dark filled roof (0.75) over an outlined body (0.6)."""
    ink = np.zeros((70, 270), np.float32)
    for x0, y0, x1, y1 in HOUSES.astype(int):
        cv2.fillPoly(ink, [np.int32([[x0 + 1, y0 + 13], [(x0 + x1) // 2, y0 + 1], [x1 - 1, y0 + 13]])], 0.75)
        cv2.rectangle(ink, (x0 + 4, y0 + 13), (x1 - 4, y1 - 2), 0.6, 1)
    return cv2.GaussianBlur(ink, (0, 0), 0.6)
