"""Numbers of the erased-line ghost rules (cells.drop_ghosts) and of the faint
roads' lower ink floor those rules answer for. The figures are the sessions' own.
"""

from __future__ import annotations

# --- faintcells (session 19)
# On our own sheet with a faint pencil, at 12 MP, erased smudges read as
# turns at 0.56-0.63 of the pencil, with end shares 0.57-3.3 (the `faded`
# rule missed them) and 1.25-2.0 times as wide as the sheet's own strokes by
# ghost_width's GHOST_STEP of 0.01 of the cell, where drawn strokes are
# 0.03-0.04 wide: at that step a ratio moves by 0.25-0.33 a sample, and
# drawn roads measured 0.75-1.75 too. Measured at GHOST_FINE_STEP (0.0025),
# off the holes (a floor box's cross widened a skyscraper's road to 1.40),
# the ratios part better: own faint dev 651000-651039 and 651100-651139
# (12 MP), paths under FADED_LEVEL of the pencil: drawn 0.90-1.07 (31 of
# 33), 1.27 (651128, a plain road) and 1.57 (651109, a ghost already by
# GHOST_LEVEL's rule); smudges 1.16-3.2, and those the `faded` rule leaves
# (end share 0.7 and up) 1.38-1.73. A path under FADED_LEVEL of the pencil
# at least GHOST_FINE_WIDER times as wide as the own strokes (both at the
# fine step, off the holes) is a ghost: 1.15 lost 651104's and 651128's
# roads on the second set; 1.3 sits between 1.27 and 1.38.
GHOST_FINE_STEP = 0.0025
GHOST_FINE_WIDER = 1.3

# --- faintown (session 20)
# The fine width (drop_ghosts `fine`, and the own strokes it is judged by)
# counts only the unbroken run over half the peak that holds the path's peak
# (cells.ghost_width `run`): a chord's cut near its ends runs at a slant over
# the grid line and the neighbour's road, 0.06-0.09 of the cell from the
# stroke (dev 655508's N-W chord: 0.072-0.090 wide at its ends, 0.030 in its
# middle). Own faint dev 655000-655079, 655500-655579, paths under
# FADED_LEVEL: drawn chords measured 0.72-1.62 times the own strokes (4 of
# 11 at 1.25 and up, erased), arcs and halfway turns 0.89-1.02; with the run
# 0.76-1.30 and 0.87-1.07; smudges 1.38 (median) both ways. A gap in the run
# under GHOST_RUN_GAP of the cell (a work pixel of an 80-px cell: noise in a
# smudge) does not break it: without it 655039's smudge (0.58 of the pencil,
# 1.38 wide) was newly kept. Bench: first set sheets 69 -> 70 of 80, cells
# 2355 -> 2356; second 59 -> 63, cells 2367 -> 2372 (655508, 655510,
# 655518, 655569 right); all styles 656000-656099 97 -> 99 of 100 (656028,
# 656052 right); no cell newly wrong.
GHOST_RUN_GAP = 0.0125

# --- faintroads (session 22)
# cells.end_share(own_background=True) takes each end sample's own
# background off its darkest ink: the END_BACKGROUND percentile of its cut
# (+-GHOST_SPAN of the cell), not the sheet's one paper level. At the cell's
# edge that cut runs along the grid line, whose print residual on a faint
# sheet raised an erased arc's ends to 1.2 of its middle (684012 (3,4)), or
# lowered a drawn road's to 0.35 (684020 (4,3)). Own faint dev 684000-684079
# (1600x1200), paths under 0.75 of the pencil: drawn roads' end shares then
# 0.80 and up; the cut's median instead took drawn roads to 0.41. Only the
# `faded_wide` rule uses it: for every end (the `faded` rule too) it read
# 684500-684579 two cells newly wrong, where the print model, over-subtracted
# on part of a cut beside a skyscraper's floor boxes (-2.3 of the level),
# lifted an erased arc's end from 0.10 to 1.09 (684548 (2,3)).
END_BACKGROUND = 25
# A path from FADED_LEVEL up to FADED_WIDE_LEVEL of the pencil is a ghost
# when at least GHOST_FINE_WIDER times as wide as the sheet's own strokes
# (fine step) and its end share (own background) under FADED_END
# (cells.drop_ghosts `faded_wide`): a darker erased arc must show both;
# there dev drawn roads were 0.94-1.21 wide and ended at 0.80 and up,
# 684012 (3,4)'s smudge 1.32 and 0.42.
FADED_WIDE_LEVEL = 0.7

# --- pads (session 23)
# A template read with a faint pencil: a path under TAUGHT_FADED_LEVEL of
# the pencil whose ends, each over its own background (cells.end_share
# own_background), carry under TAUGHT_FADED_END of its middle's ink is an
# erased line's smudge (drop_ghosts `faded_own`): a drawn line runs on to
# the cell's edge. The width rules missed smudges as narrow as the sheet's
# strokes. Boxed pad dev 860000-861040 and 860100-861140 (1600x1200, faint
# sheets): drawn paths under 0.62 of the pencil ended at 0.62 and up (14);
# smudges kept as paths 0.43 (861013 (2,3), 0.50 of the pencil) and 0.33
# (861137 (5,0), 0.55); the smudges the width rules dropped 0.28-2.26.
# FADED_LEVEL's level (own sheets); 0.5 between 0.43 and 0.62.
TAUGHT_FADED_LEVEL = 0.62
TAUGHT_FADED_END = 0.5
# `faded_own` leaves alone a path fit as a chord (bend TAUGHT_FADED_BEND or less,
# cells.TURN_BENDS' 0.0): a chord meets the cell's edge at 45 degrees, so a stroke
# drawn a little toward the corner ends short of the edge by 0.7 of that offset,
# where the end samples are taken (an arc's ends stay on the edge). Boxed faint dev
# 916000-917239, 918000-919039 (1600x1200), paths under TAUGHT_FADED_LEVEL that
# `faded_own` dropped: drawn chords (bend 0) ending at 0.47 (916219 (0,2)) and 0.27
# (917228 (3,4)); erased smudges, all fit with bend 0.5 or 1 (0.15-0.49). The 11
# smudges fit as chords were dropped by the width rules first (0.07-0.16 wide)
# and end at 0.59 and up: `faded_own` never decided one.
TAUGHT_FADED_BEND = 0.0

# An erased line's ghost read as a path (cells.drop_ghosts): a path whose ink
# along its shape (median) is under GHOST_LEVEL of the pencil and wider than
# GHOST_WIDTH of the cell at half its peak (measured across +-GHOST_SPAN in
# GHOST_STEP steps) is read as nothing. Tuning and development pad photos,
# faint pencil: ghosts 0.41-0.46 of the pencil, 0.06-0.07 wide; drawn paths
# from 0.50 (at most 0.055 wide under 0.57, the widest 0.07 from 0.58).
GHOST_LEVEL = 0.52
GHOST_WIDTH = 0.058
GHOST_SPAN = 0.2
GHOST_STEP = 0.01
GHOST_CONFIDENCE = 0.6

# With a faint pencil on our own sheet a path under GHOST_LEVEL is also an
# erased line's ghost when it is at least GHOST_WIDER times as wide as the
# sheet's own paths at the pencil's level (their median, with GHOST_OWN_MIN
# or more of them; cells.drop_ghosts). Dev faint sheets (640000-640019):
# drawn paths 0.03-0.04 of a cell wide, ghosts 0.05-0.07 (GHOST_WIDTH 0.058
# kept those at 0.05 as paths).
GHOST_WIDER = 1.25
GHOST_OWN_MIN = 5

# --- tplfaint (session 15)
# A template read with a faint pencil (under NOISE_BELOW_PENCIL) counts a
# road's ink from TAUGHT_PATH_FLOOR rather than INK_FLOOR: there faint roads
# sit at 0.03-0.04 of ink (pencil 0.05-0.07, INK_SHARE of it 0.02-0.03).
# The lower threshold lets an erased smudge's darker middle through as a
# road, so there a path under TAUGHT_GHOST_LEVEL of the pencil is also a
# ghost when at least TAUGHT_GHOST_WIDER times as wide as the sheet's own
# drawn strokes (cells.drop_ghosts, the median own_width uses). Dev boxed
# faint template reads 682001-682015, 683001-683015: whole sheets 17 -> 22/30,
# cells 892 -> 910/915 (session 14's figures, measured again in session 15).
# There, too, a ghost under GHOST_LEVEL is one GHOST_WIDER times as wide as
# those strokes (as on our own faint sheet; cells.faint_ghost_rules): ghosts
# at 0.48-0.51 of the pencil, 0.05 wide by strokes of 0.04 (1.25x, under
# GHOST_WIDTH) on 694007, 695006; no drawn dev road under GHOST_LEVEL is
# wider than 1.0x. Faint 694001-695010: cells 605 -> 607/610; all styles
# 686001-686014, 687001-687014: whole sheets 27 -> 28/28 (base 27).
TAUGHT_PATH_FLOOR = 0.03
TAUGHT_GHOST_WIDER = 1.4
TAUGHT_GHOST_LEVEL = 0.6

# --- faint2 (session 18)
# On our own sheet with a faint pencil (under OWN_FAINT_PENCIL) a road's ink
# counts from TAUGHT_PATH_FLOOR, as on a template read, not INK_FLOOR: faint
# strokes' roads sit at 0.53-0.69 of a pencil of 0.052-0.075, 0.028-0.036 of
# ink, under INK_FLOOR (own faint dev 646009, 646041, 646059: 10 roads read
# as empty squares). What that lower floor lets through is erased smudges
# (and some already passed GHOST_LEVEL): their ink fades before the cell's
# edge (the generator draws them over 0.1-0.9 of the path, then blurs), a
# drawn line runs on to it. A path under FADED_LEVEL of the pencil whose
# fainter end (the outer GHOST_END of the cell, GHOST_END_SAMPLES points,
# cells.end_share) carries under FADED_END of its middle's ink is a ghost.
# Dev 646000-646079 (2000x1500), paths under 0.7 of the pencil: drawn ones'
# end share 0.73 and up (nearly all 0.8-2.9); smudges read as paths at
# 0.43-0.59 of the pencil, end share -0.09-0.66 (two at 1.9 and 2.6, beside
# a neighbour's road, stay wrong).
FADED_LEVEL = 0.62
FADED_END = 0.7
GHOST_END = 0.08
GHOST_END_SAMPLES = 5

# --- faintcells (session 24)
# The `faded` rule's end share over the sheet's one paper level dropped
# drawn roads whose end sits by a grid line's print residual. Own faint dev
# 705000-705039, 705500-705539, 706000-706039 (1600x1200): 9 drawn roads
# under FADED_LEVEL dropped by it (of 20 wrong cells), ending at 0.02-0.67
# of their middle over the one level, 0.56-1.28 over each sample's own
# background, 0.90-1.19x as wide as the sheet's own strokes (fine step).
# Erased smudges read as paths there: 1.10-1.89x; those ending under
# FADED_END over the one level but not over their own background 1.16-1.47x
# (705016 (3,5), 706001 (0,1), 706026 (4,0), 706027 (3,5)); the narrowest
# (1.10-1.13x) fade over their own background too (0.13-0.29). A path under
# FADED_NARROW times as wide as the own strokes whose ends over their own
# background carry FADED_END of its middle is not dropped by `faded`
# (drop_ghosts `faded_narrow`): both end measures must say it fades. 1.1
# sits between the drawn 1.07 and the smudges' 1.16; the drawn roads left
# are 705012 (4,3) (0.56 over its own background), 705036 (0,3) (0.698) and
# 706029 (4,1) (1.19x).
FADED_NARROW = 1.1
