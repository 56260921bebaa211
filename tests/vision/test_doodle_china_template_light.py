"""A template is taught from one photo of the blank; the marked sheet is
photographed later under other light: a warm lamp, daylight, a phone's own
white balance, less exposure. The read must not depend on it: the ink maps
divide each photo by its own paper level (locate.ink_map), in grey and in the
stored colour channel alike. Here the cast is put on the MARKED photo only,
with numpy, and the read is compared with the same photo's read without it.

Needs tesseract (a template reads its printed values): in CI a missing
tesseract is a failure, on a developer machine a skip that says so.
"""

from __future__ import annotations

import functools
import io

import numpy as np
import pytest
from pad_sheet import pad_case
from PIL import Image, ImageOps
from tesseract_needed import need_tesseract

from companion.photos.game_data import game_data
from vision.doodle_china.template import make_template
from vision.doodle_china.template_read import read_with_template

pytestmark = pytest.mark.tesseract

SIZE = (2000, 1500)


@functools.cache
def _template(seed: int, layout: str) -> dict:
    """The boxed pad's template taught from blank `seed` in plain light, its
    values set right (as a person does on the teach page)."""
    data, expected = pad_case(seed, layout, "boxed", blank=True, out_size=SIZE, max_tilt=20.0)
    template = make_template(data, expected["geometry"]["edition"], **game_data("doodle-china"))
    for name, entries in template["tracks"].items():
        for e, truth in zip(entries, expected["geometry"]["tracks"][name], strict=True):
            e["value"] = truth["value"]
    return template


def _rgb(data: bytes) -> np.ndarray:
    return np.asarray(ImageOps.exif_transpose(Image.open(io.BytesIO(data))).convert("RGB"), np.float32)


def _jpeg(rgb: np.ndarray) -> bytes:
    buf = io.BytesIO()
    Image.fromarray(np.clip(np.round(rgb), 0, 255).astype(np.uint8)).save(buf, "JPEG", quality=92)
    return buf.getvalue()


def _warm(rgb: np.ndarray) -> np.ndarray:  # a tungsten lamp: red up (the paper clips), blue down
    return rgb * np.float32([1.15, 1.0, 0.8])


def _cool(rgb: np.ndarray) -> np.ndarray:  # shade / daylight white balance: red down, blue up
    return rgb * np.float32([0.85, 1.0, 1.15])


def _dark(rgb: np.ndarray) -> np.ndarray:  # 0.7 of the light, through a steeper tone curve
    return 255.0 * (0.7 * rgb / 255.0) ** 1.2


LIGHTS = {"warm": _warm, "cool": _cool, "underexposed": _dark}

# (marked seed, layout, style): a single slash over red roofs (loops), a
# faint pencil (the cast moves a low ink level most), a Shanghai sheet (floors)
SHEETS = [(161015, "suzhou-v1", "loops"), (171016, "suzhou-v1", "faint"), (201004, "shanghai-v1", "arc")]


@functools.cache
def _reads(seed: int, layout: str, style: str) -> dict:
    """The marked photo read as taken and under each light (both re-encoded
    once, the same way), with its truth."""
    need_tesseract()
    template = _template(seed // 1000 * 1000, layout)
    data, expected = pad_case(seed, layout, "boxed", style=style, out_size=SIZE, max_tilt=30.0)
    rgb = _rgb(data)
    reads = {name: read_with_template(_jpeg(cast(rgb)), template) for name, cast in LIGHTS.items()}
    reads["plain"] = read_with_template(_jpeg(rgb), template)
    return {"reads": reads, "expected": expected}


def _answer(reading) -> dict:
    """Everything read but the houses (see the houses' test below)."""
    d = reading.details
    return {"grid": reading.proposal["grid"], "trees": sorted(d["trees"]),
            "floors": sorted(map(tuple, d.get("floors", []))),
            "tracks": {k: sorted(v) for k, v in reading.proposal.items() if k != "grid" and isinstance(v, list)}}


@pytest.mark.parametrize("light", list(LIGHTS))
@pytest.mark.parametrize(("seed", "layout", "style"), SHEETS, ids=[f"{s[2]}-{s[0]}" for s in SHEETS])
def test_a_marked_photo_under_other_light_reads_as_in_the_blanks_light(seed, layout, style, light):
    case = _reads(seed, layout, style)
    plain, cast = case["reads"]["plain"], case["reads"][light]
    assert cast.details["method"].startswith("template:"), cast.details
    assert _answer(cast) == _answer(plain)
    template = _template(seed // 1000 * 1000, layout)
    right = _right(cast, case["expected"], template)
    assert right["cells"][0] == right["cells"][1] and right["values"][0] == right["values"][1], right


# Houses over coloured icons are measured in grey, which mixes the channels
# by the photo's white balance: a cool cast darkens a red roof in grey against
# its paper, a warm one lightens it, while the template's print model is the
# blank's grey. The template keeps its blank's paper colour and the houses are
# measured in the photo's grey balanced to it (colour.balanced_grey): before,
# the faint sheet 171016 lost a house under the cool cast (houses right 8
# plain, 7 cool; now 8 and 8).
HOUSE_CASES = [pytest.param(*sheet, light, id=f"{sheet[2]}-{sheet[0]}-{light}")
               for sheet in SHEETS[:2] for light in LIGHTS]


# Since a faint sheet's colour-channel crosses need grey to see more
# (colour.grey_min_rel), the faint sheet read as taken (and underexposed)
# loses a false cross, 8 -> 9 right, that the warm and cool casts never
# read (they stay at 8, their houses unchanged): there the cast keeps what
# it read before, while it does not reach the plain read's new figure.
CAST_SHORT = {(171016, "warm"): 8, (171016, "cool"): 8}


@pytest.mark.parametrize(("seed", "layout", "style", "light"), HOUSE_CASES)
def test_houses_under_other_light_are_read_no_worse(seed, layout, style, light):
    case = _reads(seed, layout, style)
    template = _template(seed // 1000 * 1000, layout)
    plain = _right(case["reads"]["plain"], case["expected"], template)["houses"]
    cast = _right(case["reads"][light], case["expected"], template)["houses"]
    assert cast[0] >= min(plain[0], CAST_SHORT.get((seed, light), plain[0])), (plain, cast)


def _right(reading, expected: dict, template: dict) -> dict:
    from pad_compare import compare_pad

    geo = expected["geometry"]
    scale = (template["grid"][2] - template["grid"][0]) / (geo["cells"][0][-1]["box"][2]
                                                          - geo["cells"][0][0]["box"][0])
    return compare_pad(reading, expected, template, scale)


def test_the_template_keeps_its_blanks_paper_colour():
    need_tesseract()
    bgr = _template(171000, "suzhou-v1")["paper_bgr"]
    assert len(bgr) == 3 and all(120 < v <= 255 for v in bgr), bgr


def test_a_template_without_its_paper_colour_reads_houses_in_the_photos_grey(monkeypatch):
    """A template taught before it kept the paper colour reads as before."""
    from vision.doodle_china import template_read

    case = _reads(171016, "suzhou-v1", "faint")
    template = {k: v for k, v in _template(171000, "suzhou-v1").items() if k != "paper_bgr"}
    monkeypatch.setattr(template_read, "balance_gains", lambda *a: pytest.fail("no paper colour to balance to"))
    data, _ = pad_case(171016, "suzhou-v1", "boxed", style="faint", out_size=SIZE, max_tilt=30.0)
    reading = read_with_template(_jpeg(_rgb(data)), template)
    assert _answer(reading) == _answer(case["reads"]["plain"])


@pytest.mark.parametrize("bgr", [[200, 210], [0, 200, 210], "white", [200, 210, 300]],
                         ids=["two-channels", "zero", "not-a-list", "over-255"])
def test_a_damaged_paper_colour_is_refused_plainly(bgr):
    from vision.doodle_china.template_read import check_template
    from vision.errors import PhotoError

    need_tesseract()
    template = _template(171000, "suzhou-v1")
    check_template(template)
    with pytest.raises(PhotoError, match="paper colour is damaged") as info:
        check_template({**template, "paper_bgr": bgr})
    assert info.value.status == 422
