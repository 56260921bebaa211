"""Thresholds of telling a house's top card a roof (roles.py, reader.py),
kept out of constants.py (past its size limit). Lab distances weigh
lightness half (roles.LAB_WEIGHTS) unless said."""

from __future__ import annotations

# --- roofrole (session 23)
# A pale sky over a pale building (wide-border 10701 @2000x1500: a grey mansard under a pale blue sky,
# 8.4 apart with SKY_LAB_WEIGHTS, under SKY_FAINT_CONTRAST) is still a sky when the building's outline below
# it is a gable: a pixel is sky within PALE_SKY_NOISE_TIMES the corner boxes' own spread of its colour (their
# noise: a sky is plain), never within more than SKY_TOL_SHARE of the sky-wall distance, and the wall must
# stand PALE_SKY_MIN_NOISE_TIMES that spread off the sky (and PALE_SKY_MIN_CONTRAST at least).
PALE_SKY_NOISE_TIMES = 3.0
PALE_SKY_MIN_NOISE_TIMES = 6.0
PALE_SKY_MIN_CONTRAST = 4.0
PALE_SKY_MIN_TOL = 2.0  # the least tolerance: a blurred rim is not noise-free
