"""Thresholds for a pad's houses read through a template (session 23).

A sheet with nearly every house crossed leaves too few houses under
C.CLASS_CLEAN_MAX to learn the icon's print from the photo, and then the
blank's print model stands alone; when the photo is sharper (or lit
otherwise) than the blank, that model leaves a clean house 0.10-0.23 of the
pencil (tuning Suzhou pads 860001: two clean at 0.10 and 0.12 among eight
crossed at 0.20-0.42; 860121: five clean at 0.10-0.23 among crosses at
0.23-0.38), over the taught house's middle (C.TAUGHT_MARK_YES/NO): false
crosses. Then the TAUGHT_FEW_CLEAN cleanest houses model the print instead
(a per-pixel median: a cross among them is outvoted where its strokes lie),
when the farthest of them reads at most TAUGHT_FEW_CLEAN_MAX of the pencil;
on a sheet with every house crossed the cleanest cross reads more than that.
"""

from __future__ import annotations

TAUGHT_FEW_CLEAN = 3
TAUGHT_FEW_CLEAN_MAX = 0.25
