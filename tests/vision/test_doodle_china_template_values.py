"""The printed track values of a sheet the project did not print, read by
tesseract when a template is taught (vision/doodle_china/template_values.py).

Needs tesseract: in CI a missing tesseract is a failure, on a developer
machine a skip that says so.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from pad_compare import template_values
from tesseract_needed import need_tesseract

from companion.photos.game_data import game_data
from vision.doodle_china import constants as C
from vision.doodle_china import template as template_module

FOLDER = Path(__file__).resolve().parents[2] / "fixtures" / "photos" / "doodle-china-pad"

pytestmark = pytest.mark.tesseract


def test_values_are_read_from_the_photo_at_its_full_size(monkeypatch):
    """A large photo is decoded at half size for finding the grid, but a
    printed digit is a few dozen pixels: halved and blurred, a bold 5 reads
    as a 3 (seen teaching 12 MP blanks). The values are cut from the photo
    at its full size, where the template's boxes land on the same print."""
    need_tesseract()
    blank = FOLDER / "blank-suzhou-boxed"
    expected = json.loads(blank.with_suffix(".expected.json").read_text("utf-8"))
    small = cv2.imread(str(blank.with_suffix(".jpg")))
    big = cv2.resize(small, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)  # short side 2400: decoded halved
    assert min(big.shape[:2]) >= C.REDUCE_MIN_SIDE
    data = cv2.imencode(".jpg", big, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes()
    seen = []
    read_values = template_module.read_values

    def spy(image, H, boxes, layout):
        seen.append((image.shape[:2], H))
        return read_values(image, H, boxes, layout)

    monkeypatch.setattr(template_module, "read_values", spy)
    template = template_module.make_template(data, "suzhou", **game_data("doodle-china"))
    assert seen and seen[0][0] == big.shape[:2]
    # the boxes land where the template says, on the full-size photo
    boxes = np.float64([[e["box"][:2] for entries in template["tracks"].values() for e in entries]])
    on_photo = cv2.perspectiveTransform(boxes, np.asarray(template["homography"]))
    assert np.abs(cv2.perspectiveTransform(boxes, seen[0][1]) - on_photo).max() < 1.0
    right, total = template_values(template, expected["geometry"])
    assert right == total, template["tracks"]
