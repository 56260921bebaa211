"""Thresholds of telling a card found twice (repair.without_doubles, issue 13):
a strip cut off a field that two cards' strips ran together in may lie on a
card whose field was found on its own as well (its art cut it, and
split_field.py made it whole again)."""

from __future__ import annotations

# the part cut off lies this much (of its own area) on another card's field: the same card twice
# (facade dev 13215 and 13217: 0.8 and more; two cards of a house share at most a border's sliver)
DOUBLE_MIN_SHARE = 0.5
