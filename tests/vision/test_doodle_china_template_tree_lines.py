"""A template read with a pencil not faint: an uncrossed tree with a slash's
ink along one line of at least TAUGHT_TREE_LINE_ADD of the pencil is
crossed, doubtful (read_marks: lined_marks.add_lined with
marks.slash_lines at TREE_LINE_SHRINK). A blue-grey pencil's lone slash
over a green tree icon leaves little mean ink. Fails on b15394a (the
constant does not exist; the photo's trees read 6 of 10 there).

Needs tesseract for the photo case (a template reads its printed values).
"""

from __future__ import annotations

import numpy as np
import pytest
from pad_sheet import pad_case
from tesseract_needed import need_tesseract
from test_doodle_china_template_marks import SIZE, confirmed_template

from vision.doodle_china import constants as C
from vision.doodle_china.lined_marks import add_lined
from vision.doodle_china.template_read import read_with_template
from vision.doodle_china.tree_constants import TAUGHT_TREE_LINE_ADD

PENCIL = 0.167  # 860039's


@pytest.mark.parametrize("line,want", [
    (0.62, True),  # 860039's faintest missed slash (tree 3)
    (1.08, True),  # 860039's tree 5
    (0.34, False),  # the highest clean tree's line on dev sheets not faint
    (0.41, False),  # the lowest crossed tree's: read crossed by its ink, not here
    (0.56, True),  # 860039 at 2000x1500 (the photo below): tree 4
], ids=["860039-0.62", "860039-1.08", "clean-0.34", "low-0.41", "860039-2000-0.56"])
def test_a_slash_along_its_line_crosses_a_tree(line, want):
    got, doubt = add_lined([False, True], [False, False], PENCIL, TAUGHT_TREE_LINE_ADD,
                           lambda: np.array([line, 0.0]) * max(PENCIL, C.MARK_PENCIL_FLOOR))
    assert got == [want, True]
    assert doubt == [want, False]


@pytest.mark.tesseract
def test_every_tree_slashed_over_its_icon_is_read():
    # 860039 (loops style: every cross a lone slash): four trees missed on b15394a
    need_tesseract()
    template = confirmed_template(860000, "suzhou-v1", "boxed")
    data, expected = pad_case(860039, "suzhou-v1", "boxed", style="loops", out_size=SIZE, max_tilt=30.0)
    reading = read_with_template(data, template)
    assert sorted(reading.details["trees"]) == sorted(expected["marks"]["trees"])
