"""What a read through a template works out once, or more cheaply, must
answer exactly as before (vision/doodle_china/locate.py, template.py,
template_read.py, template_register.py)."""

from __future__ import annotations

import base64

import cv2
import numpy as np
import pytest
from tesseract_needed import need_tesseract
from test_doodle_china_templates import _truth_values, load, taught

from vision.doodle_china import locate, template_read, template_register
from vision.doodle_china.template import template_ink
from vision.errors import PhotoError


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


# -- a photo read through a template: what registering it derives, made once ------------

def _template(blank: str) -> dict:
    return _truth_values(taught(blank), load(blank)[1]["geometry"])


def _count_photo_greys(monkeypatch: pytest.MonkeyPatch, shape: tuple[int, ...]) -> list[int]:
    """Counts cv2.cvtColor calls on a colour image of `shape` (the decoded photo)."""
    made: list[int] = []
    real = cv2.cvtColor

    def cvt(src, code, *args, **kwargs):
        if src.shape == shape:
            made.append(1)
        return real(src, code, *args, **kwargs)

    monkeypatch.setattr(cv2, "cvtColor", cvt)
    return made


@pytest.mark.tesseract
def test_a_read_makes_the_photos_grey_once(monkeypatch):
    # the decoded photo's grey was made three times (the brightness check,
    # register() and the alignment to the print)
    need_tesseract()
    data, _ = load("marked-suzhou-boxed-arc")
    template = _template("blank-suzhou-boxed")
    before = template_read.read_with_template(data, template)
    image, _ = template_read.decode(data)
    made = _count_photo_greys(monkeypatch, image.shape)
    again = template_read.read_with_template(data, template)
    assert len(made) == 1
    assert {**again.answer(), "details": again.details} == {**before.answer(), "details": before.details}


@pytest.mark.tesseract
def test_a_photo_that_does_not_fit_is_shrunk_and_outlined_once_per_side(monkeypatch):
    # a Shanghai sheet through the Suzhou template: its features do not fit,
    # so register() tries again with more features, then by the paper's
    # outline; the grey shrunk to a side and the paper's outline in it were
    # made again for each try (six outlines, not two). Its paper shows large
    # enough at the usual side, so it is not matched closer: one outline
    need_tesseract()
    data, _ = load("marked-shanghai-boxed-arc")
    template = _template("blank-suzhou-boxed")
    outlined: list[tuple[int, ...]] = []
    real = template_register.paper_quad
    monkeypatch.setattr(template_register, "paper_quad", lambda small: outlined.append(small.shape) or real(small))
    with pytest.raises(PhotoError) as refused:
        template_read.read_with_template(data, template)
    assert refused.value.status == 422 and "template" in refused.value.message
    assert len(outlined) == len(set(outlined)) == 1, outlined


@pytest.mark.tesseract
def test_the_templates_print_model_is_kept_read_only_and_reads_the_same(monkeypatch):
    need_tesseract()
    data, _ = load("marked-shanghai-boxed-chord")
    template = _template("blank-shanghai-boxed")
    template_read._print_model.cache_clear()
    first = template_read.read_with_template(data, template)
    assert template_read._print_model.cache_info().misses == 1
    again = template_read.read_with_template(data, template)
    assert template_read._print_model.cache_info().hits == 1
    assert {**again.answer(), "details": again.details} == {**first.answer(), "details": first.details}
    blurred, paper, printed = template_read._print_model(template["image"], template["image_scale"],
                                                         tuple(template["size"]), 0.5, first.details["sigma"])
    for a in (blurred, paper, printed):
        with pytest.raises(ValueError):
            a[0, 0] = 0
