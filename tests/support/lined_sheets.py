"""One sheet's houses or trees judged by their lines (lined_marks.judge_*), from
measured figures: the reader's own decision by mean ink first, then the judge,
for the table tests of our own faint sheets."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from vision.doodle_china import constants as C
from vision.doodle_china import marks
from vision.doodle_china.read_marks import least_ink


def judged(judge: Callable, what: str, pencil: float, excess: Sequence[float], line: Sequence[float],
           levels: tuple[float, float] | None = None) -> str:
    """"X" for each box read crossed, "." for each clean one; `line` in pencils."""
    ink = np.array(excess)
    crossed, _, doubt = marks.decide_crosses(ink, pencil, what, least_ink(ink, pencil, what, False, True),
                                             levels=levels)
    crossed, _ = judge(crossed, doubt, ink, pencil, lambda: np.array(line) * max(pencil, C.MARK_PENCIL_FLOOR))
    return "".join("X" if c else "." for c in crossed)
