"""Numbers of the erased-line ghost rules added after constants.py was full
(cells.drop_ghosts `fine`). The figures are the sessions' own.
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
