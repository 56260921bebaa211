"""The floors' ink on a photo read through a template is measured against the
taught blank's paper level (taught_paper.taught_ink): a blurrier photo's own
paper level (locate.ink_map) falls near small white boxes on a coloured
square, and a faint cross in one vanished under the print taken out."""

from __future__ import annotations

import base64

import cv2
import numpy as np
import pytest

from vision.doodle_china import locate
from vision.doodle_china.taught_paper import taught_ink


def _sheet(blur: float, light: np.ndarray | float, cross: bool) -> tuple[np.ndarray, list[tuple[int, int, int, int]]]:
    """A coloured square with three white floor boxes (work pixels), the
    middle one crossed by a faint pencil when `cross`; blurred and lit."""
    g = np.full((120, 160), 235, np.float32)
    g[20:100, 30:130] = 150
    inner = []
    for i in range(3):
        x0, y0 = 100, 30 + i * 12
        cv2.rectangle(g, (x0, y0), (x0 + 10, y0 + 10), 60, 1)
        g[y0 + 1:y0 + 10, x0 + 1:x0 + 10] = 232
        inner.append((x0 + 2, y0 + 2, x0 + 9, y0 + 9))
    if cross:
        cv2.line(g, (102, 44), (108, 50), 200, 1)
        cv2.line(g, (108, 44), (102, 50), 200, 1)
    g = cv2.GaussianBlur(g, (0, 0), blur) * light
    return np.clip(g, 0, 255).astype(np.uint8), inner


def _excess(blank: np.ndarray, photo: np.ndarray, boxes: list[tuple[int, int, int, int]]) -> list[float]:
    """Each box's taught ink over the blank's print (blurred as the photo)."""
    image = base64.b64encode(cv2.imencode(".png", blank)[1].tobytes()).decode()
    model = cv2.GaussianBlur(locate.ink_map(blank)[0], (0, 0), 1.1)
    ink = taught_ink(photo, image, 1.0, (160, 120), 1.0)
    return [float((ink - model)[y0:y1, x0:x1].mean()) for x0, y0, x1, y1 in boxes]


@pytest.mark.parametrize("light", ["even", "gradient"])
def test_a_faint_cross_in_a_white_floor_box_shows_against_the_blank_paper(light):
    blank, boxes = _sheet(0.5, 1.0, cross=False)
    lit = 0.8 if light == "even" else np.linspace(0.65, 0.95, 160, dtype=np.float32)[None, :]
    photo, _ = _sheet(1.2, lit, cross=True)
    clean_a, crossed, clean_b = _excess(blank, photo, boxes)
    # the photo's own level: clean -0.047, crossed -0.042 (the print model
    # overshoots by more than the pencil); the blank's: 0.003 and 0.026
    assert max(abs(clean_a), abs(clean_b)) < 0.012, (clean_a, clean_b)
    assert crossed > max(clean_a, clean_b) + 0.015, (crossed, clean_a, clean_b)


@pytest.mark.parametrize("light,blur", [(1.15, 1.2), (1.25, 0.5), (1.25, 1.2)],
                         ids=["brighter-blurred", "clipped-sharp", "clipped-blurred"])
def test_a_photo_lit_brighter_than_its_blank_shows_no_cross_in_clean_boxes(light, blur):
    # the photo's paper and white boxes clip at 255: read against the blank's
    # level the clipped white showed every clean box inked (+0.02 to +0.09,
    # a faint cross is +0.01 to +0.03); read as the blank shows it, none is
    blank, boxes = _sheet(0.5, 1.0, cross=False)
    photo, _ = _sheet(blur, light, cross=False)
    assert (photo >= 250).mean() > 0.5  # the paper is clipped
    excess = _excess(blank, photo, boxes)
    assert max(excess) < 0.006, excess


@pytest.mark.tesseract
@pytest.mark.parametrize("marked, style", [(341011, "faint"), (605017, "arc")],
                         ids=["faint-photo-blurrier-than-the-blank", "photo-lit-brighter-than-the-blank"])
def test_a_shanghai_sheets_floor_crosses_are_read_through_its_template(marked: int, style: str):
    # 341011 (3 MP, faint pencil, the photo blurrier than the blank): 3 of its
    # 3 crossed floor boxes read clean against the photo's own paper level
    # (every box -0.2 to -0.6 of the pencil), all 12 right against the blank's.
    # 605017 (dev, arc strokes, lit brighter): its clipped white floor boxes
    # read 4 false crosses against the blank's level (floors 8/12), 12/12 now
    from pad_compare import compare_pad
    from pad_sheet import pad_case
    from tesseract_needed import need_tesseract

    from companion.photos.game_data import game_data
    from vision.doodle_china.template import make_template
    from vision.doodle_china.template_read import read_with_template

    need_tesseract()
    size = (2000, 1500)
    data, expected = pad_case(marked - marked % 1000, "shanghai-v1", "boxed", blank=True, out_size=size,
                              max_tilt=20.0)
    template = make_template(data, "shanghai", **game_data("doodle-china"))
    for name, entries in template["tracks"].items():
        for e, truth in zip(entries, expected["geometry"]["tracks"][name], strict=True):
            e["value"] = truth["value"]
    data, expected = pad_case(marked, "shanghai-v1", "boxed", style=style, out_size=size, max_tilt=30.0)
    reading = read_with_template(data, template)
    geo = expected["geometry"]
    scale = (template["grid"][2] - template["grid"][0]) / (geo["cells"][0][-1]["box"][2] - geo["cells"][0][0]["box"][0])
    assert compare_pad(reading, expected, template, scale)["floors"] == (12, 12)


