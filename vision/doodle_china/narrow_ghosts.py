"""A template read's faint road taken for an erased line by its coarse width.

cells.drop_ghosts measures a path's width in steps of a hundredth of a
cell, a fifth of a faint stroke's width: a drawn line one step wider than
the sheet's strokes and a little under GHOST_LEVEL of the pencil reads as
a ghost. Measured finely against the sheet's own strokes, a drawn line is
as narrow as they are, an erased smudge wider (narrow_ghost_constants).
"""

from __future__ import annotations

import numpy as np

from . import cells
from . import ghost_constants as G
from .narrow_ghost_constants import TAUGHT_GHOST_NARROW

GHOST_NOTE = "(an erased line?)"


def keep_narrow(pencil_only: np.ndarray, boxes: np.ndarray, profiles: np.ndarray, pencil: float,
                threshold: float, read: list[str | None], paths: list[str | None], confs: list[float],
                notes: list[str], setup: list[bool]) -> None:
    """Put back (in place) a path read (`read`: cells.classify's paths)
    that drop_ghosts dropped (`paths`, `notes`) under GHOST_LEVEL of the
    pencil, when its fine width is under TAUGHT_GHOST_NARROW times the
    sheet's own drawn strokes' and neither the `wide` rule (TAUGHT_GHOST_WIDER
    times the strokes, coarsely) nor `faded_own` (its ends) drops it. A
    template read with a faint pencil only; doubtful, with a note."""
    dropped = [i for i, (r, p, n) in enumerate(zip(read, paths, notes, strict=True))
               if r is not None and p is None and GHOST_NOTE in n and not setup[i]]
    if not dropped:
        return
    shapes = cells.templates()
    drawn = []
    for i, path in enumerate(read):
        if path is None or setup[i]:
            continue
        level, bend = _best(profiles[i], shapes, path)
        if level >= G.GHOST_LEVEL * pencil:
            drawn.append((i, bend))
    if len(drawn) < G.GHOST_OWN_MIN:
        return

    def width(i: int, bend: float, fine: bool) -> float:
        path = read[i]
        if not fine:
            return cells.ghost_width(pencil_only, boxes[i], path, bend, threshold)
        seen = ~np.isnan(profiles[i, shapes.index((path, bend))])
        return cells.ghost_width(pencil_only, boxes[i], path, bend, threshold, G.GHOST_FINE_STEP, seen, run=True)

    own_fine = float(np.median([width(i, b, True) for i, b in drawn]))
    own = float(np.median([width(i, b, False) for i, b in drawn]))
    for i in dropped:
        path = read[i]
        level, bend = _best(profiles[i], shapes, path)
        if level >= G.GHOST_LEVEL * pencil or level <= 0:
            continue  # dropped by another rule than the width's under GHOST_LEVEL
        if width(i, bend, True) >= TAUGHT_GHOST_NARROW * own_fine:
            continue
        if level < G.TAUGHT_GHOST_LEVEL * pencil and width(i, bend, False) >= G.TAUGHT_GHOST_WIDER * own - 1e-9:
            continue
        if level < G.TAUGHT_FADED_LEVEL * pencil and cells.end_share(
                pencil_only, boxes[i], path, bend, level, own_background=True) < G.TAUGHT_FADED_END:
            continue
        paths[i], confs[i] = path, min(confs[i], 0.5)
        notes[i] = f"a faint line along {path}, as narrow as the sheet's strokes, read as {path}"


def _best(profile: np.ndarray, shapes: tuple[tuple[str, float], ...], path: str) -> tuple[float, float]:
    """The median ink along `path`'s best shape in one cell's profiles, and its bend."""
    levels = cells.nan_median(profile)
    return max((float(levels[k]), b) for k, (n, b) in enumerate(shapes) if n == path)
