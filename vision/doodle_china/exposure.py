"""Does the photo show the sheet's paper burnt white (overexposed)?

Where the paper is clipped at the sensor's top, a light pencil stroke on it
is gone from the photo: no rule can read it back. The read says so, plainly
and first, and lowers the confidence of what it read as absent, so the
person compares those fields with the sheet (vision.md: warnings).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import constants as C
from .exposure_constants import (
    CLIPPED_GREY,
    CLIPPED_PAPER_WARN,
    OVEREXPOSED_CONFIDENCE,
    OVEREXPOSED_PENCIL_MAX,
)

OVEREXPOSED = ("The photo is overexposed: the paper is burnt white and light pencil may be lost. "
               "Take it again out of direct light.")


def clipped_share(gray: np.ndarray, paper: np.ndarray) -> float:
    """The share of the sheet's paper (`paper`: bool mask, the flattened
    sheet's paper clear of print) whose grey (`gray`, uint8) is clipped."""
    seen = gray[paper]
    if seen.size == 0:
        return 0.0
    return float(np.count_nonzero(seen >= CLIPPED_GREY)) / seen.size


def overexposed(share: float, pencil: float) -> bool:
    """Is that much clipped paper an overexposed photo that may have lost a
    light pencil? Only a faint pencil (road pencil under OVEREXPOSED_PENCIL_MAX)
    or one not found at all (the reader's default level) is lost in burnt
    white paper; a darker one still stands out of it and is read as usual."""
    lost = pencil < OVEREXPOSED_PENCIL_MAX or pencil == C.INK_DEFAULT_PENCIL
    return share >= CLIPPED_PAPER_WARN and lost


def flag_overexposed(proposal: dict[str, Any], confidence: dict[str, Any], warnings: list[str]) -> None:
    """Warn first, and cap at OVEREXPOSED_CONFIDENCE each field read as
    absent: an empty cell (a road was seen where one is read), the circled
    values of each track and the trees crossed. In place."""
    warnings.insert(0, OVEREXPOSED)
    grid = proposal.get("grid", [])
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if ":" not in cell and cell != "house":
                confidence["grid"][r][c] = min(confidence["grid"][r][c], OVEREXPOSED_CONFIDENCE)
    for key, value in confidence.items():
        if key != "grid" and isinstance(value, (int, float)):
            confidence[key] = min(float(value), OVEREXPOSED_CONFIDENCE)
