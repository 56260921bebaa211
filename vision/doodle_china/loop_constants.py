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
# On our own sheet with a faint pencil (road pencil under OWN_FAINT_PENCIL) a
# loop is 0.02-0.05 of ink and INK_FLOOR (0.04) lost most of some rings: own
# faint dev 660000-660079 (80 sheets, 2412 values) missed 7 circled values on
# 6 sheets (ring share 0.00-0.54 at 0.04; 0.71-1.00 at 0.025). A fixed lower
# floor is not safe: at 0.03 a few sheets' clean rings read up to 0.75, at
# 0.025 up to 1.00 (shadowed, noisy paper). So the floor is the lowest of
# OWN_FAINT_LOOP_STEPS at which the sheet's rings stay quiet: the
# OWN_LOOP_QUIET_PCT-th percentile of its values' ring shares at most
# LOOP_QUIET (about one value in ten is circled, so that percentile is a clean
# ring's). On that dev set: circled lowest 0.67, clean highest 0.46, no value
# wrong (the 50th percentile let one sheet's clean ring through, the 90th kept
# five misses); the steps taken: 0.025 on 55 sheets, 0.03 on 6, 0.035 on 3,
# INK_FLOOR on 16.
OWN_FAINT_LOOP_STEPS = (0.025, 0.03, 0.035)
OWN_LOOP_QUIET_PCT = 75

# --- pads (session 23)
# A template read with a pencil not faint took a loop from INK_SHARE (0.42)
# of the road pencil: a loop drawn paler than the roads lost most of its
# ring (boxed dev 861007, pencil 0.20: hotels 9 and skyscrapers 8 and 17 at
# ring shares 0.29-0.54). Now the lowest of TAUGHT_LOOP_STEPS of that
# threshold at which the sheet's rings stay quiet (TAUGHT_LOOP_QUIET_PCT-th
# percentile of its values' shares at most LOOP_QUIET), as our own faint
# sheets do. Boxed dev 860000-861040 and 860100-861140 (1600x1200, sheets
# not faint, 3576 values): at 0.7 those three read 0.83-0.92; the 50th
# percentile let 861111's clean hotels 13 through (0.58 at 0.7), the 75th
# keeps that sheet at the usual threshold; no value newly wrong.
TAUGHT_LOOP_STEPS = (0.7, 0.85)
TAUGHT_LOOP_QUIET_PCT = 75
