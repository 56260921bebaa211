"""Thresholds of judging a card by its outline when its own art cuts or
bites into its coloured field (split_field.py, issue 13): white window art
reaching across a field splits it in two, or leaves a piece too ragged for
its rectangle. Shares of the street's whole fields unless said."""

from __future__ import annotations

SPLIT_MAX_LONG = 1.2  # the joined outline's longer side, of the whole fields' median longer side
SPLIT_MAX_SHORT = 1.2  # its shorter side, of the whole fields' median shorter side
SPLIT_MIN_COVER = 0.55  # the pieces cover at least this share of their joined rectangle
SPLIT_MAX_ANGLE = 8.0  # degrees: pieces of one field lie along the same edges
SPLIT_RING_WHITE = 0.85  # places along its sides with paper just outside: the card's border
SPLIT_LINE_PAPER = 0.85  # a line across the rectangle with this share of paper is a border between cards
SPLIT_LINE_SLANT = 8.0  # degrees: such a line may lie this far off the rectangle's sides (perspective)
SPLIT_LINE_MARGIN = 0.12  # lines this close to the rectangle's sides (of its side) are not looked at
SPLIT_WHOLE_SHARE = 0.25  # whole fields of at least this share of the largest one's area give the size
SPLIT_MAX_FOREIGN = 0.25  # of the rectangle outside the pieces: at most this is table reaching in
