"""Thresholds of closing a card's outline against a dark table
(table_edge.py), apart from constants.py (past 380 lines). Levels are
shares of paper white in the balanced image (paper is 1.0)."""

from __future__ import annotations

# --- dimborder (session 23)
# A table is dark when the median of its brightest channel is below this: a card (paper and field) then
# stands well above it all round, so its outline is where the table stops, even where a thin dim border
# broke in the paper masks (facade 10616 at 2000x1500: table 0.18, its broken cards' fields 0.5-0.9).
DARK_TABLE_MAX_LEVEL = 0.35
# A pixel is the table's when its brightest channel is below the table's own level plus this share of
# the way from it to paper white: judged by the table's contrast to the cards, not a fixed level
# (0.3 and 0.5 find the same five lost fields on 10616).
DARK_TABLE_CUT = 0.4
