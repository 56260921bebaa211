"""A faint pencil's cross on our own printed sheet, judged along one line.

keep_lined and add_lined (moved from marks.py, which was full): a box's
mean ink (marks.box_excess) and its strongest straight line
(marks.slash_lines) together; an erased smudge lifts the mean as a faint
cross does, but along no line. judge_trees: the trees' rules together.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from . import constants as C
from .tree_constants import (
    OWN_FAINT_HOUSE_KEEP,
    OWN_FAINT_HOUSE_LINE_ADD,
    OWN_FAINT_TREE_GAP,
    OWN_FAINT_TREE_KEEP,
    OWN_FAINT_TREE_LINE,
    OWN_FAINT_TREE_LINE_ADD,
)


def keep_lined(crossed: list[bool], doubt: list[bool], excess: np.ndarray, pencil: float, fixed: float,
               lines: Callable[[], np.ndarray], gap: tuple[float, float, float] | None = None,
               least: float = C.OWN_FAINT_LINE_MIN) -> tuple[list[bool], list[bool]]:
    """Crosses whose ink is under the fixed least ink (`fixed`, read crossed
    only by the sheet's own noise floor) stay crossed only where they carry
    a stroke's ink along one line (`lines()`: slash_lines, at least
    `least` of the pencil); else not crossed, doubtful. An
    erased mark's wide smudge lifts a box's mean ink as a faint cross does,
    but along no line. `gap` (floor, times, least): a line of `floor` or more also keeps
    a cross where it is `times` the 75th percentile of the uncrossed boxes' lines (at
    least `least`; with C.NOISE_MIN_CLEAN of them or more)."""
    now = np.array(crossed, bool)
    weak = now & (excess < fixed)
    if not weak.any():
        return crossed, doubt
    line = lines() / max(pencil, C.MARK_PENCIL_FLOOR)
    keep = line >= least
    if gap is not None and (~now).sum() >= C.NOISE_MIN_CLEAN:
        floor, times, least = gap
        keep |= (line >= floor) & (line >= times * max(float(np.percentile(line[~now], 75)), least))
    drop = weak & ~keep
    return ([bool(c and not x) for c, x in zip(crossed, drop, strict=True)],
            [bool(d or x) for d, x in zip(doubt, drop, strict=True)])


def add_lined(crossed: list[bool], doubt: list[bool], pencil: float, at: float,
              lines: Callable[[], np.ndarray]) -> tuple[list[bool], list[bool]]:
    """Uncrossed boxes with a line (`lines()`: slash_lines) of `at` of the pencil or more:
    crossed, doubtful (where all are crossed box_excess learns cross ink as print)."""
    maybe = ~np.array(crossed, bool)
    if not maybe.any():
        return crossed, doubt
    add = maybe & (lines() / max(pencil, C.MARK_PENCIL_FLOOR) >= at)
    return ([bool(c or a) for c, a in zip(crossed, add, strict=True)],
            [bool(d or a) for d, a in zip(doubt, add, strict=True)])


def add_standing_out(crossed: list[bool], doubt: list[bool], pencil: float, at: float, times: float,
                     lines: Callable[[], np.ndarray]) -> tuple[list[bool], list[bool]]:
    """Uncrossed boxes with a line (`lines()`: slash_lines) of `at` of the pencil
    or more that is `times` the 75th percentile of the other uncrossed boxes'
    lines (C.NOISE_MIN_CLEAN of them or more): crossed, doubtful. A faint
    pencil's line differs from sheet to sheet; its clean boxes show how much
    line the print model's error leaves. With fewer to compare with, nothing
    is added: there the few left uncrossed are mostly clean boxes among false
    crosses."""
    now = np.array(crossed, bool)
    if now.all():
        return crossed, doubt
    line = lines() / max(pencil, C.MARK_PENCIL_FLOOR)
    add = np.zeros(len(now), bool)
    for i in np.flatnonzero(~now & (line >= at)):
        others = line[~now & (np.arange(len(now)) != i)]
        add[i] = len(others) >= C.NOISE_MIN_CLEAN and line[i] >= times * float(np.percentile(others, 75))
    return ([bool(c or a) for c, a in zip(crossed, add, strict=True)],
            [bool(d or a) for d, a in zip(doubt, add, strict=True)])


def judge_trees(crossed: list[bool], doubt: list[bool], excess: np.ndarray, pencil: float,
                lines: Callable[[], np.ndarray]) -> tuple[list[bool], list[bool]]:
    """Our own sheet with a faint pencil (under OWN_FAINT_TREE_PENCIL): the trees
    by their line (`lines()`: slash_lines over the whole box). Every tree read
    crossed by its mean ink must show a line of OWN_FAINT_TREE_KEEP of the pencil
    (or stand out of the sheet's uncrossed trees: OWN_FAINT_TREE_GAP), since the
    print's JPEG ringing lifts a clean tree's mean ink as much as a faint cross;
    a clear line (OWN_FAINT_TREE_LINE_ADD) or one that stands out
    (OWN_FAINT_TREE_LINE) is a cross whatever the mean ink."""
    crossed, doubt = keep_lined(crossed, doubt, excess, pencil, np.inf, lines, OWN_FAINT_TREE_GAP,
                                OWN_FAINT_TREE_KEEP)
    crossed, doubt = add_lined(crossed, doubt, pencil, OWN_FAINT_TREE_LINE_ADD, lines)
    return add_standing_out(crossed, doubt, pencil, OWN_FAINT_TREE_LINE, OWN_FAINT_TREE_GAP[1], lines)


def judge_houses(crossed: list[bool], doubt: list[bool], excess: np.ndarray, pencil: float,
                 lines: Callable[[], np.ndarray]) -> tuple[list[bool], list[bool]]:
    """Our own sheet with a faint pencil: the houses by their line (`lines()`:
    slash_lines over the whole box), as the trees (judge_trees): every house read
    crossed by its mean ink must show a line of OWN_FAINT_HOUSE_KEEP of the pencil,
    since the print's JPEG ringing round the dark icon lifts a clean house's mean
    ink as much as a faint cross; a clear line (OWN_FAINT_HOUSE_LINE_ADD) is a
    cross whatever the mean ink."""
    crossed, doubt = keep_lined(crossed, doubt, excess, pencil, np.inf, lines, least=OWN_FAINT_HOUSE_KEEP)
    return add_lined(crossed, doubt, pencil, OWN_FAINT_HOUSE_LINE_ADD, lines)
