"""A template read's faint tree is judged along one line too (marks.line_trees):
a weak cross with no line is a shadow's edge, an uncrossed tree with little
ink but a slash's line is a slash mostly over the dark icon."""

from __future__ import annotations

import numpy as np
import pytest

from vision.doodle_china import marks

PENCIL = 0.065
WEAK = 0.0045  # over the noise floor (0.004), under MARK_MIN_INK's 0.008


@pytest.mark.parametrize("crossed,excess,line,want,doubt", [
    (True, WEAK, 0.25, False, True),  # a shadow's edge (695006: 0.21 of the pencil)
    (True, WEAK, 0.75, True, False),  # a faint cross along its line
    (True, 0.012, 0.1, True, False),  # a cross over the fixed least ink stands
    (False, 0.0014, 0.76, True, True),  # a slash mostly over the icon (694007)
    (False, 0.0032, 1.19, True, True),  # (682010)
    (False, 0.0005, 0.9, False, False),  # too little ink of its own
    (False, 0.0023, 0.46, False, False),  # a clean tree's best line (683002)
], ids=["shadow-dropped", "faint-cross-kept", "over-fixed-kept", "slash-over-icon",
        "slash-over-icon-2", "no-ink", "clean-line"])
def test_line_trees(crossed, excess, line, want, doubt):
    calls = []

    def lines() -> np.ndarray:
        calls.append(1)
        return np.array([line * PENCIL, 0.0])

    got, flagged = marks.line_trees([crossed, False], [False, False], np.array([excess, 0.0]), PENCIL, lines)
    assert got == [want, False]
    assert flagged == [doubt, False]


def test_line_trees_measures_nothing_when_no_tree_is_in_doubt():
    """Clear crosses and clean trees: no line is measured (it costs a crop per tree)."""
    def lines() -> np.ndarray:
        raise AssertionError("measured")

    got, _ = marks.line_trees([True, False], [False, False], np.array([0.02, 0.0]), PENCIL, lines)
    assert got == [True, False]

