"""Thresholds of a faint pencil's slash over a pad's house judged by its
weakest third (faint_house_lines.py; session 25, lane padfaint).

Dev Suzhou boxed 872000 + 876000 faint sheets (pencil under 0.1; 10 sheets,
100 houses), the weakest third of the best line over the box grown by 0.1 of
its side, of the pencil: uncrossed clean houses at most 0.31 (872005 house 9,
added by add_faint_slashes at a line of 0.95 from a roof blob: 0.26);
crosses missed otherwise 0.42 (872013 house 5, overexposed), 1.01 (876021
house 0) and 0.30 (876029 house 7: left missed).
"""

from __future__ import annotations

FAINT_SEG_SHRINK = -0.1  # the box grown by 0.1 of its side: a slash runs past the icon, where it shows best
FAINT_SEG_POINTS = 2  # counted points a third needs to have a say (the rest is print's edges)
FAINT_SEG_KEEP = 0.35  # a house add_faint_slashes added keeps its cross from here (clean <= 0.31)
FAINT_SEG_ADD = 0.4  # an uncrossed house is crossed from here (clean <= 0.31, missed cross 0.42)

# A darker pencil (L.HOUSE_LINE_MIN_PENCIL or more): dev 872000 + 876000 (60
# sheets, 600 houses) clean at most 0.21; a lone slash read clean 0.47
# (876023 house 8: grey 0.057, grown line 0.23). Session 26, dev 904000 +
# 906000 (60 sheets, 600 houses): clean at most 0.15; crosses every other
# rule missed 0.26 (906019 h3, short-over), 0.29, 0.30 (904004 h8, h4,
# retraced: pencil over the roof reads lighter than the print), 0.19, 0.10
# (left missed). 0.24: over session 25's clean 0.21, under those crosses.
DARK_SEG_ADD = 0.24
