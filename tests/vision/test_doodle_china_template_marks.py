"""Marks read through a template on photos made here (not the fixtures): cases
that once went wrong on a fresh seed, kept small (3 MP) so they stay cheap.

Needs tesseract (a template reads its printed values): in CI a missing
tesseract is a failure, on a developer machine a skip that says so.
"""

from __future__ import annotations

import pytest
from pad_sheet import pad_case
from tesseract_needed import need_tesseract

from companion.photos.game_data import game_data
from vision.doodle_china.template import make_template
from vision.doodle_china.template_read import read_with_template

pytestmark = pytest.mark.tesseract

SIZE = (2000, 1500)


def confirmed_template(seed: int, layout: str, look: str) -> dict:
    """A template taught from a blank's photo, its values set right (as a
    person does on the teach page)."""
    data, expected = pad_case(seed, layout, look, blank=True, out_size=SIZE, max_tilt=20.0)
    template = make_template(data, expected["geometry"]["edition"], **game_data("doodle-china"))
    for name, entries in template["tracks"].items():
        for e, truth in zip(entries, expected["geometry"]["tracks"][name], strict=True):
            e["value"] = truth["value"]
    return template


def test_faint_loops_on_a_coloured_pad_are_not_read_from_the_boxes_halo():
    # the boxed pad prints white value boxes on coloured strips: in the photo's
    # darkest channel the colour reads as ink the grey blank does not have, a
    # halo around every box that a faint pencil's low threshold took for
    # loops (seed 181005: 20 of 23 values circled, one truly)
    need_tesseract()
    template = confirmed_template(181000, "suzhou-v1", "boxed")
    data, expected = pad_case(181005, "suzhou-v1", "boxed", style="faint", out_size=SIZE, max_tilt=30.0)
    reading = read_with_template(data, template)
    for name in template["tracks"]:
        assert sorted(reading.proposal[name]) == sorted(expected["proposal"][name]), name
