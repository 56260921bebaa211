"""Thresholds of the loops around printed score values (loop_floor.py)."""

# On our own printed sheets a loop is ink above LOOP_INK_SHARE of the loop
# map's pencil level (never under INK_FLOOR), not INK_SHARE (0.42) as a road:
# a loop drawn once among retraced roads and loops is thinner, and blur takes
# more of its peak (dev 649371: hotels 4's loop at 0.08-0.12 of ink all round,
# the pencil 0.22, so 0.42 of it saw 0.52 of its ring: read not circled).
# Ring shares over dev 649000-649599 at 12 MP (600 sheets, arc, chord,
# short-over, retraced, heavy, loops; 17,700 values), circled lowest / clean
# highest: at 0.42 of the pencil 0.52 / 0.32; 0.34: 0.79 / 0.36; 0.29: 0.79 /
# 0.41; 0.21: 0.83 / 0.58. 0.34 keeps every clean ring under RING_NO (0.45)
# and every circled one over RING_YES (0.68). A faint pencil (loop level
# under 0.12) is at INK_FLOOR either way.
LOOP_INK_SHARE = 0.34
