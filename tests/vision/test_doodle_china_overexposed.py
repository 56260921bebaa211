"""An overexposed photo says so (issue 14): where the sheet's paper is
clipped at the sensor's top a light pencil is gone from the photo, so the
read warns first and lowers the confidence of what it read as absent
(exposure.py). Ordinary photos never warn. Figures: the clipped share of
the sheet's paper measured on generated photos (the clipped lane's note,
session 23)."""

from __future__ import annotations

import numpy as np
import pytest
from doodle_styles import styled_case

from companion.photos.game_data import game_data
from vision.doodle_china.exposure import OVEREXPOSED, clipped_share, flag_overexposed, overexposed
from vision.doodle_china.exposure_constants import (
    CLIPPED_PAPER_WARN,
    OVEREXPOSED_CONFIDENCE,
    OVEREXPOSED_PENCIL_MAX,
)
from vision.doodle_china.reader import read_sheet


def _sheet(paper_level: int, clipped_rows: int, print_level: int = 255) -> tuple[np.ndarray, np.ndarray]:
    """A 100x100 grey sheet: paper at `paper_level` with its first
    `clipped_rows` rows at 255, and a printed band (not paper) at `print_level`."""
    gray = np.full((100, 100), paper_level, np.uint8)
    gray[:clipped_rows] = 255
    paper = np.ones((100, 100), bool)
    paper[:, 80:] = False  # the print's columns
    gray[:, 80:] = print_level
    return gray, paper


@pytest.mark.parametrize(("paper_level", "clipped_rows", "print_level", "share"), [
    pytest.param(235, 0, 40, 0.0, id="ordinary-paper"),
    pytest.param(253, 0, 40, 0.0, id="bright-paper-not-clipped"),
    pytest.param(254, 0, 40, 1.0, id="paper-at-254-is-clipped"),
    pytest.param(240, 30, 40, 0.3, id="a-third-of-the-paper-burnt"),
    pytest.param(240, 0, 255, 0.0, id="clipped-pixels-off-the-paper-do-not-count"),
])
def test_clipped_share_counts_the_papers_pixels(paper_level: int, clipped_rows: int, print_level: int,
                                                share: float) -> None:
    gray, paper = _sheet(paper_level, clipped_rows, print_level)
    assert clipped_share(gray, paper) == pytest.approx(share)


def test_no_paper_is_no_clipped_paper() -> None:
    assert clipped_share(np.full((4, 4), 255, np.uint8), np.zeros((4, 4), bool)) == 0.0


@pytest.mark.parametrize(("share", "pencil", "warns"), [
    pytest.param(0.0, 0.07, False, id="none"),
    pytest.param(CLIPPED_PAPER_WARN * 0.99, 0.07, False, id="just-under"),
    pytest.param(CLIPPED_PAPER_WARN, 0.07, True, id="at-the-level"),
    pytest.param(0.6, 0.07, True, id="684026-like"),
    pytest.param(0.6, OVEREXPOSED_PENCIL_MAX, False, id="a-darker-pencil-stands-out"),
    pytest.param(0.5, 0.35, True, id="pencil-not-found-default-level"),
    pytest.param(0.5, 0.33, False, id="an-ordinary-pencil"),
])
def test_overexposed_from_the_level(share: float, pencil: float, warns: bool) -> None:
    assert overexposed(share, pencil) is warns


def test_flagging_warns_first_and_doubts_what_was_read_absent() -> None:
    proposal = {"grid": [["start:EW", "plain"], ["house", "boat:NS"]], "hotels": [15], "trees_crossed": 2}
    confidence = {"grid": [[0.99, 0.98], [1.0, 0.9]], "hotels": 0.97, "trees_crossed": 0.5}
    warnings = ["cell [0,1]: unclear line"]
    flag_overexposed(proposal, confidence, warnings)
    assert warnings == [OVEREXPOSED, "cell [0,1]: unclear line"]
    cap = OVEREXPOSED_CONFIDENCE
    assert confidence == {"grid": [[0.99, cap], [1.0, 0.9]], "hotels": cap, "trees_crossed": 0.5}


@pytest.mark.parametrize(("seed", "style", "warns"), [
    pytest.param(684026, "faint", True, id="overexposed-faint-684026"),
    pytest.param(684556, "faint", True, id="overexposed-faint-684556"),
    pytest.param(699001, "arc", False, id="ordinary-arc-699001"),
    pytest.param(699035, "arc", False, id="burnt-paper-dark-pencil-699035"),
])
def test_a_photo_says_whether_it_is_overexposed(seed: int, style: str, warns: bool) -> None:
    data, _ = styled_case(seed, style, out_size=(1600, 1200))
    reading = read_sheet(data, **game_data("doodle-china"))
    assert (OVEREXPOSED in reading.warnings) is warns
    if warns:
        assert reading.warnings[0] == OVEREXPOSED
