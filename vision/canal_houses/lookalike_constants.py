"""Thresholds of the proposal (never sure: held-out keyline 12405 W42, missing
from the catalog, passed as its look-alike W37) of a window that alone of the
entries tried tells itself from its look-alikes (sole_lookalike.py).
constants.py is full.
Wide-border dev 12300-12309 at 2000x1500: of 21 known windows not matched
sure, 9 failed only the tile wins (near-twins share the art, so no tile is
won); in 8 the right entry was the only one tried that passed the look-alike
check, with a plain template score of 0.89-0.98 and 19-47 inliers."""

SOLE_MIN_NCC = 0.85  # the plain template score (no tile wins asked): the right ones 0.89-0.98
SOLE_MIN_INLIERS = 16  # twice MIN_INLIERS: the right ones held 19-47, spread (never bunched nor rescued)
SOLE_CONFIDENCE = 0.5  # a proposal (capped at TWIN_CONFIDENCE): a missing card passed as its look-alike
