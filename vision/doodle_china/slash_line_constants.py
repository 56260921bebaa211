"""Thresholds of a cross judged along one straight line through a box
(marks.slash_lines): a lone slash over a house or tree icon that is mostly
print. Moved out of constants.py when it was full; the figures are the sessions' own.
"""

from __future__ import annotations

# A lone slash over a pad's house icon crosses mostly the icon, and the box's
# mean ink over its paper dilutes it (relative ink 0.03-0.07, under the taught
# 0.065). Read through a template, a house grey half sees (relative ink at
# least HOUSE_LINE_GREY_MIN) is crossed when the ink beyond the print along
# one straight line through it (marks.slash_lines: HOUSE_LINE_ANGLES, shifted
# up to HOUSE_LINE_SHIFT of the box in HOUSE_LINE_SHIFTS steps,
# HOUSE_LINE_SAMPLES points from -0.75 to 0.75 of the box, at least
# HOUSE_LINE_POINTS of them inside it where the print is even: its 3x3 range
# under HOUSE_LINE_EVEN a pixel around) reaches HOUSE_LINE_MIN of the pencil,
# with a pencil of HOUSE_LINE_MIN_PENCIL or more. Dev Suzhou boxed photos
# (49, 480 houses): such slashes 0.47-0.69 of the pencil, clean houses that
# grey half sees at most 0.14 (a faint pencil's clean houses up to 1.0: left
# out).
HOUSE_LINE_ANGLES = (*range(20, 71, 5), *range(110, 161, 5))
HOUSE_LINE_SHIFT = 0.25
HOUSE_LINE_SHIFTS = 7
HOUSE_LINE_SAMPLES = 31
HOUSE_LINE_POINTS = 8
HOUSE_LINE_EVEN = 0.1
HOUSE_LINE_LETS_THROUGH = 0.3
HOUSE_LINE_GREY_MIN = 0.02
HOUSE_LINE_MIN = 0.3
HOUSE_LINE_MIN_PENCIL = 0.1

# A lone slash over a pad's house often starts or ends off the icon (a hand's
# slash runs corner to corner and past them), and over the icon's dark roof
# it leaves nothing beyond the print: along the box alone it reads little
# (0.13-0.34 of the pencil) and grey may see none (relative ink -0.02..0.07).
# Read through a template with a pencil of HOUSE_LINE_MIN_PENCIL or more, a
# house is crossed (doubtful) when the ink along one line over the box grown
# by -HOUSE_GROWN_SHRINK of its side reaches HOUSE_GROWN_MIN of the pencil,
# whatever grey sees (marks.add_grown_slashes). Dev Suzhou boxed 866600 and
# 868400 (about 50 sheets with such a pencil, 500 houses): slashes missed
# otherwise 0.41-0.78, clean houses at most 0.48 (a neighbour's stroke
# reaching over the margin); 866634 (0.49) and 866639 (0.41) stay missed.
HOUSE_GROWN_SHRINK = -0.1
HOUSE_GROWN_MIN = 0.52

# A faint sheet's house (pencil under HOUSE_LINE_MIN_PENCIL) whose ink lies
# just under the least ink of a cross (marks.noise_floor's 0.006) is crossed
# when its ink is at least FAINT_LINE_MIN_INK, its relative ink at least
# FAINT_LINE_MIN_REL (the taught house's middle) and the ink along one line
# through it (marks.slash_lines) at least FAINT_LINE_MIN of the pencil
# (marks.add_faint_slashes). Dev Suzhou boxed faint photos (52 sheets, 520
# houses): such crosses 0.0044-0.0060 of ink with lines 0.63-1.42; clean
# houses there 0.0044-0.0060 with lines 0.06-0.43 (one sheet whose every
# house reads a line of 1.0-1.3: 1.26).
FAINT_LINE_MIN_INK = 0.0045
FAINT_LINE_MIN_REL = 0.065
FAINT_LINE_MIN = 0.6

# A template read's faint tree (pencil under NOISE_BELOW_PENCIL) is judged
# along one line too (marks.line_trees; marks.slash_lines over the box grown
# by -TREE_LINE_SHRINK of its side, where a slash over the dark icon shows
# beyond it): a cross under MARK_MIN_INK with a line under TREE_LINE_KEEP of
# the pencil is not crossed; an uncrossed tree with ink of TREE_LINE_MIN_INK
# and a line of TREE_LINE_ADD is crossed. Faint template reads 682001-683015,
# 694001-695010 (550 trees): crosses read 0.50-1.19 (missed ones at
# 0.0014-0.0032 of ink, lines 0.76 and 1.19; two more, 0.18 and 0.47, stay
# missed); clean trees at most 0.46, but for a shadow's edge (0.59, read
# crossed already at 0.0048 of ink); false crosses from shadows 0.21, 0.31.
# Trees wrong 7 -> 3.
TREE_LINE_SHRINK = -0.05
TREE_LINE_KEEP = 0.4
TREE_LINE_ADD = 0.6
TREE_LINE_MIN_INK = 0.001
