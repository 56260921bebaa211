"""Thresholds of finding a card up its house's column (columns.py), moved
out of constants.py when it passed 400 lines: all shares of the column's
field width unless said. No deck's border or proportions are assumed, only
that borders are paper."""

from __future__ import annotations

# --- finder (session 5)
COLUMN_REACH = 1.1  # of a store's field height: how far above a house's top card is looked at
COLUMN_MAX_ADDED = 3  # cards added above one house at most
COLUMN_SIDE_MARGIN = 0.14  # the column widened by this on each side, to take in the side borders
COLUMN_SIDE_MIN = 0.015  # paper pixels a row needs in each side band
COLUMN_MAX_BORDER = 0.15  # the top card's own top border is at most this thick
COLUMN_BORDER_PAPER = 0.8  # a row with this share of paper across is a border
COLUMN_MIN_COLOUR = 0.6  # a row of the card's field has at least this share of colour (not paper)
COLUMN_MAX_BREAK = 0.04  # rows that fail (a printed banner, glare) tolerated in a run
COLUMN_MIN_FIT = 0.75  # share of the rows up to the closing border that must fit
# a pale card above a house known by its outline (columns.card_by_sides): the side borders stop together
SIDES_STOP = 0.02  # for this share of a store's height (3 rows at least), right above a border across
SIDES_MIN_SHARE = 0.9  # rows up to there with paper in both side bands
SIDES_MIN_COLOUR_ROWS = 0.2  # rows of its field with colour (COLUMN_MIN_COLOUR); fewer: doubted more
# --- backs (session 7)
COLUMN_BANNER_EDGE = 0.06  # of a column's inner width: a row with colour at both ends is a banner, not a border
# --- cards-roles (session 9)
# Glare over a column right above a house's top card (columns.glare_above): paper across the column for
# longer than a border, at most this share of a store's height, then colour for this share of it again.
GLARE_MAX_RUN = 0.6
GLARE_COLOUR_AFTER = 0.15
