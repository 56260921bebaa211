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
from vision.doodle_china.template_values import vote

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


def _r(value, confidence, read=None):
    return {"value": value, "confidence": confidence, "read": read if read is not None else str(value or "")}


@pytest.mark.parametrize("readings,value,confidence", [
    ([_r(5, 0.9), _r(5, 0.8), _r(5, 0.7)], 5, 0.8),  # all agree: their mean
    ([_r(3, 0.99), _r(5, 0.9), _r(5, 0.9)], 5, 0.6),  # two of three outvote a surer one, shown to be checked
    ([_r(1, 0.5), _r(11, 0.9), _r(11, 0.8)], 11, 0.567),
    ([_r(None, 0.0, ""), _r(12, 0.9), _r(None, 0.0, "")], 12, 0.3),  # read by one way only: to be checked
    ([_r(7, 0.6), _r(9, 0.95), _r(None, 0.0, "")], 9, 0.317),  # a tie goes to the surer reading
    ([_r(None, 0.0, ""), _r(None, 0.0, "1234"), _r(None, 0.0, "")], None, 0.0),  # nothing: what was seen kept
], ids=["unanimous", "majority", "eleven-not-one", "one-way-only", "tie-to-surer", "none"])
def test_the_ways_a_box_is_read_vote(readings, value, confidence):
    got = vote(readings)
    assert got["value"] == value
    assert got["confidence"] == pytest.approx(confidence, abs=1e-3)
    if value is None:
        assert got["read"] == "1234"
