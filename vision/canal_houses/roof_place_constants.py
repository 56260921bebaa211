"""Thresholds of a roof taken sure by its place alone (roof_place.py), when
its colour is read surely and is the entry's. constants.py is full.
Dev 13300-13319 at 2000x1500 (classic, facade, wide-border): the 46 roof
proposals by place with a sure colour were all right but one, R13 read as
its mansard look-alike R22, whose plain rival (R13 itself) was 0.12 behind;
the right ones led every rival's plain score by 0.26 and more."""

ROOF_SURE_MIN_NCC = 0.65  # in-place score (tile-won, as by_layout's LAYOUT_MIN_NCC): right ones 0.65-0.99
ROOF_SURE_MARGIN = 0.2  # over every other allowed entry's plain score: the look-alike 0.12, right ones >= 0.26
ROOF_SURE_CONFIDENCE = 0.7  # at most: sure, below a feature match's (no features vouch for it)
# Leave-one-out on the dev recordings (each known roof taken out of the catalog in turn: a missing card whose
# look-alikes are known): 4 of 186 became sure by place (R13 as R22 twice, R03 as R06, R13 as R27), each with
# another roof of some colour within 0.16-0.31 in plain score; 17 of the 46 right ones lead every entry by more.
ROOF_SURE_SHAPE_MARGIN = 0.35  # over every entry of ANY colour (its shape its own in the catalog)
# The card must be read a roof with a role confidence above this: the reader marks a role in doubt at 0.5 and
# below (structure.py, columns.py); a top card read a window, or a doubtful roof, stays a proposal by place.
ROOF_SURE_MIN_ROLE = 0.5
