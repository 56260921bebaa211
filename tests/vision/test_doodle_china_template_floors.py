"""Floor boxes found on a taught blank (template_parts.find_floors): each
square's boxes are found where they are printed, also where the rectified
print drifts off the fitted lattice or a dim square leaves them faint, rather
than placed as in the other squares (a few pixels off, and a cross then
misses its box)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.doodle_china.template_parts import find_floors

LAYOUT = {"skyscraper_floors": {"extra": 3}}
BLUR = 1.5  # px: the blank is a photo
CELLS = [[{"kind": "skyscraper", "box": [10, 10, 150, 150]}, {"kind": "skyscraper", "box": [170, 10, 310, 150]}]]


def _blank(drift: int, paper: int, outline: int, inside: int, thick: int) -> tuple[np.ndarray, list[list[int]]]:
    """Two squares as the lattice has them; the second's print (its outline
    and floor boxes) lies `drift` px right of its lattice square, on `paper`
    grey with boxes of `inside` grey in `thick` px outlines of `outline` grey."""
    gray = np.full((160, 340), 235, np.uint8)
    printed = []
    for c, cell in enumerate(CELLS[0]):
        x0, y0, x1, y1 = cell["box"]
        shift = drift if c else 0
        x0, x1 = x0 + shift, x1 + shift
        cv2.rectangle(gray, (x0, y0), (x1, y1), 235 if not c else paper, -1)
        cv2.rectangle(gray, (x0, y0), (x1, y1), 40, 2)
        for i in range(3):
            bx1, by1 = x1 - 10, y1 - 10 - i * 25
            if c:
                cv2.rectangle(gray, (bx1 - 21, by1 - 21), (bx1, by1), inside, -1)
            cv2.rectangle(gray, (bx1 - 21, by1 - 21), (bx1, by1), 40 if not c else outline, thick if c else 2)
            if c:
                printed.append([bx1 - 21, by1 - 21, bx1, by1])
    return cv2.GaussianBlur(gray, (0, 0), BLUR), printed


@pytest.mark.parametrize("drift,paper,outline,inside,thick", [
    (0, 235, 40, 235, 2),
    (16, 235, 40, 235, 2),  # the boxes run over the square's inset edge
    (6, 69, 52, 85, 1),  # a dim coloured square, grey levels as measured on a blank photo
], ids=["on-lattice", "drifted", "dim-and-drifted"])
def test_floor_boxes_are_found_where_printed(drift, paper, outline, inside, thick):
    gray, printed = _blank(drift, paper, outline, inside, thick)
    found, warnings = find_floors(gray, np.zeros(gray.shape, np.float32), CELLS, LAYOUT)
    second = sorted((f["box"] for f in found if f["cell"] == [0, 1]), key=lambda b: b[1])
    assert len(second) == 3 and not warnings, (second, warnings)
    for box, truth in zip(second, sorted(printed, key=lambda b: b[1]), strict=True):
        centre = np.subtract([(box[0] + box[2]) / 2, (box[1] + box[3]) / 2],
                             [(truth[0] + truth[2]) / 2, (truth[1] + truth[3]) / 2])
        assert np.abs(centre).max() <= 2, (box, truth)
