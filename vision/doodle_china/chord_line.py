"""A skyscraper square's SE turn drawn as a straight chord, judged along its own line.

The square's floor boxes sit in its SE corner, so the chord between the E and
S side midpoints runs over them. cells.path_profiles leaves a template point
out (a hole) when its band's centre lies in a grown floor box, and a template
read (read_marks.off_print) when its band touches the print: too little of the
chord is left to judge (chord_line_constants), and a chord drawn off the
halfway template is read empty. Here the chord is sampled pixel by pixel in a
narrow band, leaving out only the pixels in a floor box (or on the print), so
the stretches of line between and beside the boxes still count.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np

from . import cells
from . import chord_line_constants as K
from . import constants as C
from . import ghost_constants as G

NOTE = "a straight SE chord past the floor boxes, read as SE"


def floor_boxes(geo: dict[str, Any], where: list[tuple[int, int]], k: float) -> list[list[list[float]]]:
    """Per drawable cell, its floor boxes as printed (not grown), at work scale."""
    out: dict[tuple[int, int], list[list[float]]] = {}
    for f in geo["floors"]:
        out.setdefault(tuple(f["cell"]), []).append([v * k for v in f["box"]])
    return [out.get(rc, []) for rc in where]


def chord_line(pencil_only: np.ndarray, masked: np.ndarray, box: np.ndarray) -> np.ndarray:
    """The darkest ink across K.CHORD_BAND at each of the SE chord's
    C.PATH_SAMPLES points, over pixels not `masked` (NaN where all are)."""
    t = np.linspace(C.PATH_TRIM, 1 - C.PATH_TRIM, C.PATH_SAMPLES)
    pts, normal = cells.path_points("SE", t, bend=0.0)
    band = np.linspace(-K.CHORD_BAND, K.CHORD_BAND, K.CHORD_BAND_STEPS)
    p = pts[:, None, :] + normal[:, None, :] * band[None, :, None]
    x0, y0, x1, y1 = box
    xi = np.clip(np.rint(x0 + p[..., 0] * (x1 - x0)).astype(np.intp), 0, pencil_only.shape[1] - 1)
    yi = np.clip(np.rint(y0 + p[..., 1] * (y1 - y0)).astype(np.intp), 0, pencil_only.shape[0] - 1)
    values = np.where(masked[yi, xi], -np.inf, pencil_only[yi, xi]).max(axis=1)
    return np.where(np.isneginf(values), np.nan, values)


def add_se_chords(pencil_only: np.ndarray, on_print: np.ndarray, boxes: np.ndarray,
                  floors: list[list[list[float]]], threshold: float, pencil: float,
                  paths: list[str | None], confs: list[float], notes: list[str], setup: list[bool]) -> None:
    """Skyscraper squares (with floor boxes) read empty whose SE chord line,
    off the floor boxes (grown K.CHORD_BOX_MARGIN) and the print (`on_print`,
    grown K.CHORD_PRINT_GROW), is seen on K.CHORD_MIN_SEEN of its points, inked
    over `threshold` on C.PATH_COVER_YES of those, and as dark as a drawn line
    along them (its median at least G.GHOST_LEVEL of the pencil: an erased
    smudge is not): read SE, doubtful (in place). A cell read empty as a ghost
    stays empty."""
    todo = [i for i, p in enumerate(paths) if p is None and floors[i] and not setup[i] and "erased" not in notes[i]]
    if not todo:
        return
    grow = 2 * K.CHORD_PRINT_GROW + 1
    masked = cv2.dilate(on_print.astype(np.uint8), np.ones((grow, grow), np.uint8)) > 0
    m = K.CHORD_BOX_MARGIN
    for i in todo:
        mine = masked.copy()
        for x0, y0, x1, y1 in floors[i]:
            mine[max(0, int(y0) - m):int(np.ceil(y1)) + m + 1, max(0, int(x0) - m):int(np.ceil(x1)) + m + 1] = True
        line = chord_line(pencil_only, mine, boxes[i])
        seen = ~np.isnan(line)
        if seen.mean() < K.CHORD_MIN_SEEN:
            continue
        cover = float((line[seen] > threshold).mean())
        if cover >= C.PATH_COVER_YES and float(np.median(line[seen])) >= G.GHOST_LEVEL * pencil:
            paths[i], confs[i], notes[i] = "SE", 0.5, NOTE
