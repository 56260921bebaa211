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
    width) over 0.05-0.95 of its parameter, or (path, level, width, (lo, hi)),
    or (path, level, width, (lo, hi), bend) (a turn's bend: 0 a chord); and
    the cells' boxes."""
    ink = np.zeros((cell + 40, len(specs) * (cell + 20) + 40), np.float32)
    boxes = []
    for k, (path, level, width, *span) in enumerate(specs):
        lo, hi = span[0] if span else (0.05, 0.95)
        bend = span[1] if len(span) > 1 else 1.0
        x0 = 20 + k * (cell + 20)
        boxes.append([x0, 20, x0 + cell, 20 + cell])
        layer = np.zeros_like(ink)
        uv, _ = cells.path_points(path, np.linspace(lo, hi, 40), bend=bend)
        pts = np.round((np.array([x0, 20]) + uv * cell) * 16).astype(np.int32)
        cv2.polylines(layer, [pts], False, level, width, cv2.LINE_AA, shift=4)
        ink = np.maximum(ink, layer)
    return cv2.blur(cv2.GaussianBlur(ink, (0, 0), 0.8), (3, 3)), np.array(boxes, np.float64)


def read_before_ghost_check(own: list[tuple], extra: tuple, pencil: float) -> dict:
    """Cells of the sheet's own strokes `own` and one more path `extra`, read by
    the path reader up to (not including) the ghost check, with the extra path's
    level relative to `pencil` (`rel`); asserts every path was read as drawn."""
    ink, boxes = path_sheet([*own, extra])
    profiles = cells.path_profiles(ink, boxes)
    threshold = cells.road_threshold(pencil, True)
    paths, confs, notes = cells.classify(profiles, threshold)
    assert paths == [p for p, *_ in own] + [extra[0]]  # all read as drawn before the ghost check
    rel = float(cells.nan_median(profiles[-1:]).max()) / pencil
    return {"ink": ink, "boxes": boxes, "profiles": profiles, "threshold": threshold, "paths": paths,
            "confs": confs, "notes": notes, "rel": rel}
