"""Thresholds of the second look at a faint pencil's floor crosses on our own
printed sheets (floor_keep.py). Their own module: constants.py and
own_floor_constants.py's concern (the first reading) are full or apart.

faintfloors (session 24). A sheet whose pencil reads just over the faint
rules' level (C.OWN_FAINT_PENCIL, 0.10) is read by the firm pencil's floor
rules (own_floor_constants: a cross from 0.15 of the pencil). At 1600x1200 a
coarse JPEG's ringing round a floor box's dark printed outline lifts a clean
box's mean ink to 0.27-0.53 of such a pencil, and clean boxes were read
crossed (own faint dev 710000-039, 710400-439: 14 false floors on 5 sheets
with a pencil of 0.102-0.109, 8 of them on 710411). The ringing is the same
print in every floor box of the sheet, so the photo itself shows it: each
pixel's FLOOR_KEEP_PERCENTILE-th percentile over the sheet's floor boxes
(crosses only add ink: a quarter of the boxes clean is enough). A box read
crossed stays crossed where its mean ink less that print (its middle,
FLOOR_KEEP_MEAN_SHRINK) reaches FLOOR_KEEP_MEAN of the pencil OR its darkest
straight line through the centre (the sheet's print model taken out,
FLOOR_KEEP_LINE_SHRINK in from the outline) reaches FLOOR_KEEP_LINE.
Dev 710000-039, 710200-239, 710400-439 (1600x1200), sheets with a pencil of
0.10-0.12: false crosses mean -0.24-0.16, line 0.14-0.39; crosses kept
either mean from 0.24 or line from 0.47 (710008 box 7: mean -0.07, line
0.47; 710437 box 3: 0.24, 1.01). Under 0.10 (the faint rules) the same
measures do not part weak crosses from clean boxes (dev 710238 box 1: a
cross at mean 0.13, line 0.31; clean boxes on that sheet with lines to 0.66),
so it is not used there.
"""

FLOOR_KEEP_PENCIL = 0.12  # from C.OWN_FAINT_PENCIL up to this: a pencil just over the faint rules'
FLOOR_KEEP_PERCENTILE = 25
FLOOR_KEEP_MEAN = 0.20
FLOOR_KEEP_LINE = 0.42
FLOOR_KEEP_MEAN_SHRINK = 0.25
FLOOR_KEEP_LINE_SHRINK = 0.15
FLOOR_KEEP_ANGLES = 24  # directions of the lines through a box's centre (over 180 degrees)
FLOOR_KEEP_SAMPLES = 41  # points along each line
FLOOR_KEEP_MARGIN = 8  # work pixels of paper round each box in its crop
FLOOR_KEEP_MIN_BOXES = 4  # fewer floor boxes than this: no print learnt, nothing dropped
