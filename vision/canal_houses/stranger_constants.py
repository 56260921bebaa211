"""Thresholds of the stranger check (stranger.py): a window taken sure by
its features whose visible part plainly disagrees with the entry somewhere
may be a card missing from the catalog that shares the entry's print.
constants.py is full.

Facade dev 13100-13119 at 2000x1500 (174 windows sure): the 2 wrong ones
were W12, missing from the catalog, read as W37 (the same rows of shuttered
windows; their tokens differ): worst 6 mm patch error 1.04 and 1.07, 9 and
12 inliers. The 172 right ones: worst patch median 0.50, 95th percentile
0.78, the two past 1.0 held 28 and 34 inliers."""

STRANGER_PATCH_MM = 6.0  # a token or a window pane across: smaller patches catch the outline's error at edges
STRANGER_PATCH_FILL = 0.9  # share of a patch that must be seen (not the covering card, not the rim)
STRANGER_MAX_PATCH_ERROR = 1.0  # normalised grey levels, mean over a patch: right ones 0.21-1.16, wrong 1.04-1.07
STRANGER_FEW_INLIERS = 16  # below: few features vouch for it (twice MIN_INLIERS; wrong ones held 9 and 12)
