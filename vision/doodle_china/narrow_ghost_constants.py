"""Numbers of the narrow-stroke spare of a template read's ghost rule
(narrow_ghosts.py). Its own module: constants.py is at its limit.
"""

from __future__ import annotations

# --- padroads (session 26)
# On a template read with a faint pencil, cells.drop_ghosts reads a path
# under GHOST_LEVEL of the pencil as an erased line when it is GHOST_WIDTH
# wide (or GHOST_WIDER times the sheet's strokes) at the GHOST_STEP of 0.01
# of a cell: a step moves the width by a fifth of a faint stroke's (0.05),
# so a drawn chord at 0.52 of the pencil, 0.060 wide by strokes of 0.05,
# was dropped (pads dev 911021 [4,1] bus:SE). Measured finely
# (GHOST_FINE_STEP, the unbroken run off the holes, as the own-sheet `fine`
# rule), against the sheet's own drawn strokes measured so: dev 910000 and
# 912000 faint sheets, paths under 0.75 of the pencil: drawn 0.86-1.13
# (that chord 0.93); erased smudges read as paths 1.17-1.76 (those under
# GHOST_LEVEL alike). A path the width rule drops is kept when under
# TAUGHT_GHOST_NARROW times the own strokes finely, unless the other ghost
# rules (TAUGHT_GHOST_WIDER's, TAUGHT_FADED_END's) drop it.
TAUGHT_GHOST_NARROW = 1.05
