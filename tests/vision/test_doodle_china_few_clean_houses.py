"""Houses read through a template when nearly every one is crossed
(vision/doodle_china/marks.py box_excess, house_constants.py): too few houses
look clean on the blank's print model to learn the icon's print from the
photo, and a photo whose print shows more than the blank's (sharper, lit
otherwise) leaves its clean houses over the taught cross's middle. The few
cleanest then model the print; a sheet with every house crossed does not."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.doodle_china import constants as C
from vision.doodle_china import marks
from vision.doodle_china.house_constants import TAUGHT_FEW_CLEAN, TAUGHT_FEW_CLEAN_MAX

PENCIL = 0.17  # an ordinary pencil's level on a pad photo (860001: 0.165)
SIDE, PITCH = 40, 60  # a house box and the spacing of boxes, work pixels


def _sheet(crossed: list[bool], halo: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(photo ink, blank ink, boxes) for a row of houses: a filled icon in each
    box; the photo shows the print spreading `halo` ink a few pixels round the
    icon (the blank does not), and an X of pencil in the crossed boxes."""
    h, w = PITCH + 20, PITCH * len(crossed) + 20
    blank = np.zeros((h, w), np.float32)
    extra = np.zeros((h, w), np.float32)
    boxes = []
    for i, yes in enumerate(crossed):
        x0, y0 = 20 + PITCH * i, 20
        boxes.append([x0, y0, x0 + SIDE, y0 + SIDE])
        cx, cy = x0 + SIDE // 2, y0 + SIDE // 2
        cv2.rectangle(extra, (cx - 16, cy - 16), (cx + 16, cy + 16), halo, -1)
        cv2.rectangle(blank, (cx - 10, cy - 10), (cx + 10, cy + 10), 0.9, -1)
        if yes:  # a slash, each a little off the box's diagonal
            d = 2 * (i % 3) - 2
            cv2.line(extra, (x0 + 2 + d, y0 + 2), (x0 + SIDE - 2 + d, y0 + SIDE - 2), 0.2, 2)
    photo = np.maximum(blank, extra)
    return photo, blank, np.array(boxes, np.float64)


def _read(crossed: list[bool], halo: float) -> list[bool]:
    photo, blank, boxes = _sheet(crossed, halo)
    excess = marks.box_excess(photo, blank, boxes, 1.0, 0.0, np.zeros(len(boxes)), PENCIL,
                              learn=C.CLASS_CLEAN_MAX["house"], shrink=C.TAUGHT_HOUSE_SHRINK,
                              few=(TAUGHT_FEW_CLEAN, TAUGHT_FEW_CLEAN_MAX))
    least = marks.noise_floor(excess, PENCIL, "house")
    return marks.decide_crosses(excess, PENCIL, "house", least, taught=True)[0]


CASES = [
    # 860001: eight of ten crossed, the photo's print heavier than the blank's
    pytest.param([True, True, False, True, True, True, True, False, True, True], 0.03, id="eight-crossed-halo"),
    pytest.param([True, False, True, True, True, True, True, True, True, True], 0.03, id="nine-crossed-halo"),
    pytest.param([True] * 10, 0.03, id="all-crossed-halo"),
    pytest.param([True, True, False, True, True, True, True, False, True, True], 0.0, id="eight-crossed-no-halo"),
    pytest.param([False, True, False, True, False, True, False, False, True, False], 0.03, id="four-crossed-halo"),
]


@pytest.mark.parametrize(("crossed", "halo"), CASES)
def test_nearly_every_house_crossed_reads_the_clean_ones_clean(crossed: list[bool], halo: float) -> None:
    assert _read(crossed, halo) == crossed


def test_the_clean_ones_read_crossed_on_the_blank_s_model_alone() -> None:
    """What the few cleanest houses mend: without them the halo is a cross."""
    crossed = [True, True, False, True, True, True, True, False, True, True]
    photo, blank, boxes = _sheet(crossed, 0.03)
    excess = marks.box_excess(photo, blank, boxes, 1.0, 0.0, np.zeros(len(boxes)), PENCIL,
                              learn=C.CLASS_CLEAN_MAX["house"], shrink=C.TAUGHT_HOUSE_SHRINK)
    rel = excess / PENCIL
    assert rel[2] > C.TAUGHT_MARK_YES["house"] and rel[7] > C.TAUGHT_MARK_YES["house"]
