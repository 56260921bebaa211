"""Thresholds of a roof taken sure by its place alone (roof_place.py), when
its colour is read surely and is the entry's. constants.py is full."""

ROOF_SURE_MIN_NCC = 0.75  # in-place score (tile-won, as by_layout's)
ROOF_SURE_MARGIN = 0.3  # over every other allowed entry's plain score (no tile wins asked)
ROOF_SURE_CONFIDENCE = 0.7  # at most: sure, below a feature match's (no features vouch for it)
