"""Loops around printed values read through a template, on photos made here
(3 MP, fixed seeds): Shanghai boxed sheets whose loops once went wrong.

Needs tesseract (a template reads its printed values): in CI a missing
tesseract is a failure, on a developer machine a skip that says so.
"""

from __future__ import annotations

import pytest
from pad_sheet import pad_case
from tesseract_needed import need_tesseract
from test_doodle_china_template_marks import SIZE, confirmed_template

from vision.doodle_china.template_read import read_with_template

pytestmark = pytest.mark.tesseract


@pytest.mark.parametrize("seed", [661005, 341011], ids=["faint-661005", "faint-341011"])
def test_a_faint_pencils_loop_is_read_above_the_print_taken_out(seed):
    # a faint pencil's loop is 0.03-0.06 of ink over the paper: the photo's own
    # floor (0.04) lost part of its ring, and mend-blank missed hotels 18 on
    # 661005, skyscrapers 2 and 7 on 341011
    need_tesseract()
    template = confirmed_template(seed // 1000 * 1000, "shanghai-v1", "boxed")
    data, expected = pad_case(seed, "shanghai-v1", "boxed", style="faint", out_size=SIZE, max_tilt=30.0)
    reading = read_with_template(data, template)
    for name in template["tracks"]:
        assert sorted(reading.proposal[name]) == sorted(expected["proposal"][name]), name
