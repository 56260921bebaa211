"""Ink maps of grid cells with one path drawn in each, for the path reader's
unit tests (cells.py): a level before the blur, a width in pixels, and the
share of the path drawn (a drawn line runs on to the cell's edge, an erased
one's ghost fades before it)."""

from __future__ import annotations

import cv2
import numpy as np

from vision.doodle_china import cells

CELL = 96


def path_sheet(specs: list[tuple], cell: int = CELL) -> tuple[np.ndarray, np.ndarray]:
    """Ink map of cells side by side, each with a path drawn as (path, level,
    width) over 0.05-0.95 of its parameter, or (path, level, width, (lo, hi));
    and the cells' boxes."""
    ink = np.zeros((cell + 40, len(specs) * (cell + 20) + 40), np.float32)
    boxes = []
    for k, (path, level, width, *span) in enumerate(specs):
        lo, hi = span[0] if span else (0.05, 0.95)
        x0 = 20 + k * (cell + 20)
        boxes.append([x0, 20, x0 + cell, 20 + cell])
        layer = np.zeros_like(ink)
        uv, _ = cells.path_points(path, np.linspace(lo, hi, 40))
        pts = np.round((np.array([x0, 20]) + uv * cell) * 16).astype(np.int32)
        cv2.polylines(layer, [pts], False, level, width, cv2.LINE_AA, shift=4)
        ink = np.maximum(ink, layer)
    return cv2.blur(cv2.GaussianBlur(ink, (0, 0), 0.8), (3, 3)), np.array(boxes, np.float64)
