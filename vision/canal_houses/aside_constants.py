"""Thresholds of putting back or leaving out what a street's houses do not
hold (accounting.py), kept out of constants.py (past its size limit)."""

from __future__ import annotations

# --- roofrole (session 23)
# A misshapen piece (find_all_fields refused it for its shape) is the card missing from a hole inside a
# house (street_checks GAP_LEFT_OUT) when its middle lies in the hole and this share of it, at least.
GAP_PIECE_INSIDE = 0.6
