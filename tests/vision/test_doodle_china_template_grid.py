"""The template finder on fresh generated blanks (design "boxed", never the
held-out "ledger"): each blank, photographed at up to 20 degrees of tilt, is
taught as its own edition with the grid where it is printed, and refused as
the other edition with a message naming the right one.

The seeds are blanks the finder once refused or misplaced: a paper edge or a
row of track boxes taken for the grid's first row, a 6 x 6 grid whose sixth
column went unseen so that it passed for Suzhou's 5 x 5, and a shadow across
the sheet that made its lit part alone look like the paper.
"""

from __future__ import annotations

import functools

import pytest
from pad_compare import template_values
from pad_sheet import pad_case
from tesseract_needed import need_tesseract

from companion.photos.game_data import game_data
from vision.doodle_china.template import make_template
from vision.errors import PhotoError

pytestmark = pytest.mark.tesseract

# (seed, layout): blanks the template finder got wrong before the rows and
# columns of the lattice were chosen together
CASES = [
    (99111, "shanghai-v1"),
    (71037, "shanghai-v1"),
    (71148, "shanghai-v1"),
    (71148, "suzhou-v1"),
    # a shadow across the sheet: the bright part alone passed for the paper
    # ("no grid was found", or "too steeply" at a tilt of 12 degrees)
    (131000, "suzhou-v1"),
    (131008, "shanghai-v1"),
]
OTHER = {"suzhou": ("shanghai", "Suzhou sheet (5 x 5)"), "shanghai": ("suzhou", "Shanghai")}


@functools.lru_cache(maxsize=8)
def blank(seed: int, layout: str) -> tuple[bytes, dict]:
    return pad_case(seed, layout, "boxed", style=None, blank=True, max_tilt=20.0)  # 12 MP, as bench/read_pad.py


@pytest.mark.parametrize("seed,layout", CASES, ids=[f"{lay}-{s}" for s, lay in CASES])
def test_a_fresh_blank_is_taught_with_its_grid_where_it_is_printed(seed, layout):
    need_tesseract()
    data, expected = blank(seed, layout)
    geo = expected["geometry"]
    template = make_template(data, geo["edition"], **game_data("doodle-china"))
    # the grid found one cell off puts every track box beside its value
    right, total = template_values(template, geo)
    assert right >= 0.9 * total, (right, total, template["warnings"])
    assert len(template["houses"]) == len(geo["houses"])


@pytest.mark.parametrize("seed,layout", CASES, ids=[f"{lay}-{s}" for s, lay in CASES])
def test_a_fresh_blank_is_refused_as_the_other_edition(seed, layout):
    data, expected = blank(seed, layout)
    other, says = OTHER[expected["geometry"]["edition"]]
    with pytest.raises(PhotoError) as err:
        make_template(data, other, **game_data("doodle-china"))
    assert 400 <= err.value.status < 500
    assert says in err.value.message, err.value.message


# (blank seed, marked seed, layout, style): marked photos whose pencil hid too
# many of the sheet's features to match it ("does not match the template")
HIDDEN = [(138000, 138006, "shanghai-v1", "heavy")]


@pytest.mark.parametrize("blank_seed,seed,layout,style", HIDDEN, ids=[f"{h[2]}-{h[3]}-{h[1]}" for h in HIDDEN])
def test_a_sheet_whose_marks_hide_its_features_is_read_by_its_outline(blank_seed, seed, layout, style):
    need_tesseract()
    from pad_compare import compare_pad

    from vision.doodle_china.template_read import read_with_template

    data, expected = blank(blank_seed, layout)
    geo = expected["geometry"]
    template = make_template(data, geo["edition"], **game_data("doodle-china"))
    for name, entries in template["tracks"].items():  # a person confirmed the values
        for e, truth in zip(entries, geo["tracks"][name], strict=False):
            e["value"] = truth["value"]
    photo, truth = pad_case(seed, layout, "boxed", style=style)  # 12 MP, as bench/read_pad.py
    reading = read_with_template(photo, template)
    assert reading.details["method"] == "template:outline+print"
    scale = (template["grid"][2] - template["grid"][0]) / (geo["cells"][0][-1]["box"][2] - geo["cells"][0][0]["box"][0])
    counts = compare_pad(reading, truth, template, scale)
    assert counts["cells"][0] == counts["cells"][1], counts
    assert counts["values"][0] == counts["values"][1], counts
