"""The least ink of a loop: on our own printed sheet (own_loop_threshold), and
on a faint sheet read through a template (taught_loop_threshold).

A faint pencil's loop is 0.03-0.06 of ink over the paper, and INK_FLOOR
(0.04, the least ink of a road) lost part of its ring: Shanghai boxed sheets
missed one circled value in nine. Through a template the print is taken out
of the loop map first, so on most pads the rings of clean values are empty
well below that floor, and the floor can come down to LOOP_FLOOR_TAUGHT. Not
on every pad: a coloured pad's white value boxes leave a halo the grey blank
does not have (about 0.03), and there the lower floor circles half the
values. So the lower floor is taken only when the rings stay quiet at it:
the median value's ring share under LOOP_QUIET (most values are not circled
on a sheet; a sheet with most of them circled keeps INK_FLOOR).
"""

from __future__ import annotations

import numpy as np

from . import constants as C
from . import marks
from .loop_constants import (
    LOOP_INK_SHARE,
    OWN_FAINT_LOOP_STEPS,
    OWN_LOOP_QUIET_PCT,
    TAUGHT_LOOP_QUIET_PCT,
    TAUGHT_LOOP_STEPS,
)


def own_loop_threshold(pencil: float, loops: np.ndarray | None = None, tracks: list[np.ndarray] | None = None
                       ) -> float:
    """Ink threshold of a loop on our own printed sheet, from the loop map's
    pencil level `pencil`: LOOP_INK_SHARE of it, never under INK_FLOOR (a
    loop drawn once is thinner and paler than the sheet's retraced strokes).
    `loops` and `tracks` (each track's value boxes), given for a faint pencil:
    the lowest of OWN_FAINT_LOOP_STEPS at which the sheet's rings stay quiet
    (the OWN_LOOP_QUIET_PCT-th percentile of their shares at most LOOP_QUIET)."""
    usual = max(C.INK_FLOOR, LOOP_INK_SHARE * pencil)
    if loops is None or tracks is None:
        return usual
    return _quiet_floor(loops, tracks, usual, OWN_FAINT_LOOP_STEPS, OWN_LOOP_QUIET_PCT)


def taught_loop_threshold(loops: np.ndarray, tracks: list[np.ndarray], pencil: float) -> float:
    """Ink threshold of a loop, from the loop map's pencil level `pencil` and
    each track's value boxes (work pixels). With a pencil not faint, the
    lowest of TAUGHT_LOOP_STEPS (times the usual share of the pencil) at
    which the rings stay quiet (their TAUGHT_LOOP_QUIET_PCT-th percentile)."""
    usual = max(C.INK_FLOOR, C.INK_SHARE * pencil)
    low = max(C.LOOP_FLOOR_TAUGHT, C.INK_SHARE * pencil)
    if low < usual:  # a faint pencil: LOOP_FLOOR_TAUGHT where the rings stay quiet
        return _quiet_floor(loops, tracks, usual, (low,), 50)
    # a pencil not faint: its loops may be paler than its roads
    steps = tuple(max(C.INK_FLOOR, times * usual) for times in TAUGHT_LOOP_STEPS)
    return _quiet_floor(loops, tracks, usual, steps, TAUGHT_LOOP_QUIET_PCT)


def _quiet_floor(loops: np.ndarray, tracks: list[np.ndarray], usual: float, steps: tuple[float, ...],
                 pct: float) -> float:
    """The lowest of `steps` under `usual` at which the sheet's rings stay
    quiet (the pct-th percentile of its values' ring shares at most
    C.LOOP_QUIET: a faint loop shows at that floor, clean rings do not);
    `usual` when none does (or there are no tracks)."""
    if not tracks:
        return usual
    for low in steps:
        if low >= usual:
            break
        shares = np.concatenate([marks.ring_share(loops, boxes, low) for boxes in tracks])
        if float(np.percentile(shares, pct)) <= C.LOOP_QUIET:
            return low
    return usual
