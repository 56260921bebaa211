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
# drawn roads measured 0.75-1.75 too. Measured at GHOST_FINE_STEP (0.0025)
# the ratios part: own faint dev 651000-651039 (12 MP), paths under 0.75 of
# the pencil: drawn 0.90-1.04 (one retraced road 1.70 at 0.627 and one at
# 1.27 at 0.748, both over FADED_LEVEL), every smudge 1.26-3.2. A path under
# FADED_LEVEL of the pencil at least GHOST_FINE_WIDER times as wide as the
# own strokes (both at the fine step) is a ghost.
GHOST_FINE_STEP = 0.0025
GHOST_FINE_WIDER = 1.15
