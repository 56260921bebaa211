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

# --- skyroof (session 26)
# A sky told from the wall by a tolerance of SKY_TOL_SHARE of their distance takes in a roof nearer the sky
# when the wall is far off (wide-border dev 13400 R02: a slate mansard under a blue sky over a yellow wall,
# tolerance 25, took sky and slate as one flat band 0.55 deep at every column, and the catalog's look then
# made it a window). When that reading is a flat band (a sky found, no gable: a score below
# SLATE_RETRY_BELOW), the sky alone within SLATE_TOL (the least sky tolerance, SKY_MIN_TOL) is asked for a
# gable: 13400 R02 then has the sky 0.37-0.47 deep at the sides, 0.12 at the middle: score 0.76. A reading
# with no sky at all is not asked again: dev 13419, a red window whose wall ran down between its panes
# (refused as reaching the bottom) broke up under the tighter tolerance into a "gable" scoring 0.91.
SLATE_RETRY_BELOW = 0.56  # above a flat band's 0.55: only a flat band is asked again
SLATE_TOL = 10.0  # = SKY_MIN_TOL: a sky is plain
