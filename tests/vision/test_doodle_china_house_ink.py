"""The houses' ink in the blank's white balance (template_read._house_ink) is
worked out round the houses only (locate.ink_map_within), with the very
figures the ink map of that grey over the whole sheet has there; the paper's
colour it is balanced by is counted in a histogram (colour.paper_colour),
np.median's figure.

The template case needs tesseract (a template reads its printed values): in
CI a missing tesseract is a failure, on a developer machine a skip that says so.
"""

from __future__ import annotations

import functools

import cv2
import numpy as np
import pytest
from pad_sheet import pad_case
from tesseract_needed import need_tesseract

from companion.photos.game_data import game_data
from vision.doodle_china import colour, locate, template_read
from vision.doodle_china import constants as C
from vision.doodle_china.template import make_template

W, H = 549, 301  # an odd width: OpenCV's vector loops leave a row's last pixels to plain code


@functools.cache
def _grey() -> np.ndarray:
    """A float grey page (as colour.balanced gives): paper lit unevenly, noise,
    pencil lines and a dark blot wider than the ink map's closing."""
    rng = np.random.default_rng(3)
    grey = (np.float32(205) + rng.normal(0, 3, (H, W)).astype(np.float32)) * np.linspace(
        0.7, 1.1, W, dtype=np.float32)[None, :]
    for _ in range(40):
        (x0, x1), (y0, y1) = rng.integers(0, W, 2), rng.integers(0, H, 2)
        cv2.line(grey, (int(x0), int(y0)), (int(x1), int(y1)), float(rng.uniform(60, 160)), int(rng.integers(1, 4)))
    cv2.rectangle(grey, (300, 40), (340, 90), 90.0, -1)
    grey.flags.writeable = False
    return grey


REGIONS = {
    "inside": [(100, 80, 140, 120)],
    "top-left-corner": [(0, 0, 30, 25)],
    "right-edge": [(520, 100, W, 140)],
    "bottom-right-corner": [(500, 270, W, H)],
    "neighbours-in-one-window": [(100, 100, 130, 130), (150, 100, 180, 130), (140, 160, 175, 190)],
    "far-apart": [(20, 20, 50, 50), (480, 230, 510, 260)],
    "narrow-unaligned": [(77, 33, 83, 290)],
    "over-the-blot": [(290, 30, 350, 100)],
    "past-the-edges": [(-10, -10, 20, 20), (540, 290, W + 11, H + 19)],
    "whole-page": [(0, 0, W, H)],
}


@pytest.mark.parametrize("regions", REGIONS.values(), ids=REGIONS.keys())
def test_ink_map_within_has_the_whole_maps_figures(regions):
    grey = _grey()
    whole = locate.ink_map(grey)[0]
    fill = np.full_like(whole, 7.0)
    out = locate.ink_map_within(lambda rows, cols: grey[rows, cols], grey.shape, regions, fill)
    inside = np.zeros(grey.shape, bool)
    for x0, y0, x1, y1 in regions:
        inside[max(0, y0):y1, max(0, x0):x1] = True
    assert np.array_equal(out[inside], whole[inside])
    assert (out[~inside] == 7.0).all()
    assert (fill == 7.0).all()  # the caller's map is left as it was


def test_ink_map_within_needs_the_whole_reach():
    # the window's margin is no wider than it must be: with a pixel less of
    # the grey round a region, some region's figures change (ink_reach() is
    # worked out, not guessed)
    grey = _grey()
    whole = locate.ink_map(grey)[0]
    r = locate.ink_reach() - 1
    changed = 0
    for x0 in range(r, W - 40 - r, 40):
        for y0 in range(r, H - 40 - r, 40):
            short = locate.ink_map(grey[y0 - r:y0 + 40 + r, x0 - r:x0 + 40 + r])[0][r:-r, r:-r]
            changed += not np.array_equal(short, whole[y0:y0 + 40, x0:x0 + 40])
    assert changed > 0


def _paper(kind: str) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(11)
    bgr = rng.integers(0, 256, (60, 80, 3)).astype(np.uint8)
    mask = rng.random((60, 80)) < 0.5
    if kind == "odd-count":
        mask[0, 0] = not mask[0, 0] if mask.sum() % 2 == 0 else mask[0, 0]
    elif kind == "even-count":
        mask[0, 0] = not mask[0, 0] if mask.sum() % 2 == 1 else mask[0, 0]
    elif kind == "two-values":  # the middle two differ: a half
        bgr = np.where(rng.random((60, 80, 1)) < 0.5, 200, 201).astype(np.uint8).repeat(3, 2)
        mask[:] = False
        mask[:10, :41] = True  # 410 pixels
    elif kind == "extremes":
        bgr[..., 0] = 0
        bgr[..., 2] = 255
    return bgr, mask


@pytest.mark.parametrize("kind", ["odd-count", "even-count", "two-values", "extremes"])
def test_paper_colour_is_numpys_median(kind):
    bgr, mask = _paper(kind)
    assert int(mask.sum()) >= C.BALANCE_MIN_PIXELS
    want = [round(float(np.median(bgr[..., c][mask])), 1) for c in range(3)]
    assert colour.paper_colour(bgr, mask) == want
    assert colour.paper_colour(bgr.astype(np.float32), mask) == want  # not a photo's bytes: numpy's median


# -- through a template: a Suzhou boxed pad (houses) at 3 MP, dev seed 661000 ----------

SIZE = (2000, 1500)


@functools.cache
def _template() -> dict:
    data, expected = pad_case(661000, "suzhou-v1", "boxed", blank=True, out_size=SIZE, max_tilt=20.0)
    template = make_template(data, expected["geometry"]["edition"], **game_data("doodle-china"))
    for name, entries in template["tracks"].items():
        for e, truth in zip(entries, expected["geometry"]["tracks"][name], strict=True):
            e["value"] = truth["value"]
    return template


def _whole_sheet_house_ink(flat: np.ndarray, template: dict, ink: np.ndarray) -> np.ndarray | None:
    """The houses' ink as sessions 8 worked it out: over the whole sheet."""
    w, h = template["size"]
    mask = template_read._plain_paper(template["image"], template["image_scale"], (w, h), C.WORK_SCALE,
                                      tuple(template["grid"]), tuple(map(tuple, template["paper"])))
    grey = colour.balanced_grey(flat, mask, template["paper_bgr"])
    return None if grey is None else locate.ink_map(grey)[0]


def _whole_answer(reading) -> dict:
    return {**reading.answer(), "details": reading.details}


@pytest.mark.parametrize("seed", [661001, 661005], ids=["arc", "faint"])
def test_houses_read_as_on_the_whole_balanced_map_from_a_few_windows(seed, monkeypatch):
    need_tesseract()
    template = _template()
    assert template.get("paper_bgr") and any(not x["printed_crossed"] for x in template["houses"])
    data, _ = pad_case(seed, "suzhou-v1", "boxed", style="arc" if seed == 661001 else "faint", out_size=SIZE,
                       max_tilt=30.0)
    seen, sizes = [], []
    real_house_ink, real_ink_map = template_read._house_ink, locate.ink_map

    def house_ink(flat, template, ink):
        seen.append((flat, ink))
        return real_house_ink(flat, template, ink)

    def ink_map(grey):
        sizes.append(grey.size)
        return real_ink_map(grey)

    monkeypatch.setattr(template_read, "_house_ink", house_ink)
    reading = _whole_answer(template_read.read_with_template(data, template))
    (flat, ink), = seen
    monkeypatch.setattr(locate, "ink_map", ink_map)
    windows = real_house_ink(flat, template, ink)
    monkeypatch.setattr(locate, "ink_map", real_ink_map)
    assert windows is not None and not np.array_equal(windows, ink)  # the balance is seen
    assert sum(sizes) < 0.5 * ink.size, (sizes, ink.size)  # not the whole sheet
    monkeypatch.setattr(template_read, "_house_ink", _whole_sheet_house_ink)
    assert _whole_answer(template_read.read_with_template(data, template)) == reading
