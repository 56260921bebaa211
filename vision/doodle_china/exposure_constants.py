"""Thresholds of the overexposure check (exposure.py).

Measured on the flattened sheet's grey at C.WORK_SCALE, over its paper clear
of print (marks.paper_mask). See the clipped lane's note (session 23) for the
figures they were set on.
"""

from __future__ import annotations

# a grey level at or above this is clipped: the camera's sensor was full there
# and a faint pencil stroke on that paper left nothing in the photo
CLIPPED_GREY = 254
# the share of the sheet's paper clipped from which the read warns. On 136
# generated photos (own sheets, faint 684000-684079 and every tuning style
# 699000-699055, 1600x1200) 121 had none; a burnt corner reached 0.0001-0.039
# (all read right); the overexposed ones 0.066-0.57 (684026: 0.52, 13 cells
# wrong; 684016: 0.31, floors, trees and values wrong). The level sits in that gap.
CLIPPED_PAPER_WARN = 0.05
# an overexposed read's fields that say "nothing here" (an empty cell, the
# circled values, the trees crossed) are capped at this confidence: a mark
# may be lost in the burnt white (below C.WARN_BELOW: the page flags them)
OVEREXPOSED_CONFIDENCE = 0.6
# ... and only where the road pencil is under OVEREXPOSED_PENCIL_MAX (or was not
# found: the reader's default level). The lead's unseen 12 MP sets (460 photos,
# session 23) warned 28 photos by the share alone, 21 of them read right: a
# dark pencil (0.18-0.71) stands out of burnt paper. With the pencil bound:
# own sheets 7 warned, 4 of them wrong (all faint, pencil 0.06-0.08; a chord
# sheet at 0.146 read right). The faint style's pencil reaches 0.118 and the
# other styles' start at 0.12 (tree_constants.OWN_FAINT_TREE_PENCIL's figures).
OVEREXPOSED_PENCIL_MAX = 0.15
