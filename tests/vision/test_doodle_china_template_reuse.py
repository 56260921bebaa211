"""What a read through a template works out once, or more cheaply, must
answer exactly as before (vision/doodle_china/locate.py, template.py)."""

from __future__ import annotations

import base64

import cv2
import numpy as np
import pytest

from vision.doodle_china import locate
from vision.doodle_china.template import template_ink


@pytest.mark.parametrize("shape,top", [((1500, 2000), 256), ((7, 3), 256), ((100, 100), 40), ((1, 1), 256),
                                       ((300, 400), 2)], ids=["photo", "tiny", "dark", "one-pixel", "two-levels"])
@pytest.mark.parametrize("q", [0, 1, 50, 99, 100])
def test_percentile_from_the_histogram_is_numpys(shape, top, q):
    gray = np.random.default_rng(q).integers(0, top, shape, dtype=np.uint8)
    assert locate.percentile(gray, q) == pytest.approx(float(np.percentile(gray, q)), abs=1e-9)


def test_a_templates_print_is_worked_out_once_and_cannot_be_changed():
    blank = np.full((200, 140), 230, np.uint8)
    cv2.rectangle(blank, (20, 20), (120, 180), 20, 2)
    image = base64.b64encode(cv2.imencode(".png", blank)[1].tobytes()).decode("ascii")
    first = template_ink(image, 0.5, (280, 400), 0.5)
    assert template_ink(image, 0.5, (280, 400), 0.5) is first
    assert first.shape == blank.shape and first.max() > 0.5
    with pytest.raises(ValueError):
        first[0, 0] = 1.0
    again = template_ink(image, 0.5, (560, 800), 0.25)  # stored at 0.5, wanted at 0.25: resized
    assert again.shape == (200, 140)
