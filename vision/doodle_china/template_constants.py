"""Every number the template finder and the template reader use, in one place.

Template pixels: the template's own frame, in which the grid is square and the
paper about SHEET_WIDTH wide (like the project's own 150 dpi sheets).
"""

from __future__ import annotations

# --- finding a template in a photo of a blank ---------------------------------
FIND_LONG_SIDE = 1400  # the paper's outline is looked for on a copy this long
ROUGH_WIDTH = 1000  # the paper roughly flattened to this width to find the grid
CELL_PX = {"suzhou": 170, "shanghai": 140}  # template frame: a grid cell this many pixels
MAX_TEMPLATE_SIDE = 4000
MAX_STEEPNESS = 1.6  # opposite sides of the paper differing more: photo too steep
SAME_OUTLINE = 0.02  # of the photo's long side: outlines whose corners all lie this close are one
LINE_THRESHOLD = 12  # adaptive threshold offset (grey levels) for printed lines
LINE_MIN_LENGTH = 0.06  # of the flattened paper's short side: a line runs at least this far
GRID_MIN_SHARE = 0.35  # the grid spans this share of the paper's width or more
GRID_MAX_SHARE = 0.97
GRID_MIN_SHARE_PHOTO = 0.12  # ... of the whole photo's, when the paper's outline was not found
SQUARE_SLACK = 0.12  # rows' pitch may differ this much from the columns' (rough flattening)
HINT_TAP = 0.03  # of the sheet's width: how far off a person's tap may be
HINT_SLACK = 0.06  # hinted corners: the lines are searched this far (share of the grid) around them
LINE_LOCAL = 0.08  # of a cell: each line's own peak is searched this far from the lattice
MIN_VALUES_READ = 0.5  # fewer printed values read as numbers: the sheet may be turned, other turns tried
MIN_TURN_MARGIN = 0.15  # the right quarter turn groups squares by kind this much tighter
LATTICE_CANDIDATES = 4  # column lattices tried; the one whose lines meet the rows' wins
MIN_LATTICE_SCORE = 0.25  # lattice lines' mean/min profile relative to the strongest line
MIN_LINE_SUPPORT = 0.7  # median share of each grid line's length seen as line
MIN_LINE_SUPPORT_EACH = 0.45  # any grid line seen less than this: something lies on the sheet
EXTRA_LINE_SUPPORT = 0.8  # a line one cell outside the grid seen this well: the grid is larger

# track boxes: closed boxes outside the grid, relative to the cell area / side
BOX_AREA = (0.03, 0.4)
BOX_ASPECT = (0.6, 2.2)
BOX_FILL = 0.75  # contour area over its bounding rectangle
BOX_SIZE_SPREAD = 0.35  # boxes of a track differ this much in area from the median at most
BOX_FILLED = 0.3  # median print inside a box above this: a filled icon, not a value box
BOX_MIN_INK = 0.02  # a value box holds printed digits: this much mean ink inside at least
ROW_TOLERANCE = 0.5  # of a box's height: centres this close are one row
OCR_BOX_HEIGHT = 64  # pixels of a box's height handed to tesseract
OCR_PSM = 7  # one line of text
OCR_MIN_CONFIDENCE = 0.6
OCR_LINE_THIN = 0.12  # of a box crop's height: a stroke along the crop's edge this thin is the box's outline
OCR_SPECK = 0.004  # of the crop's height squared: smaller blots are specks, not digits
OCR_RETRY_SCALES = (1.0, 1.5, 2.0)  # a doubtful box read again alone at these sizes, the surest answer kept
OCR_MARGIN = 0.3  # of the crop's height: white margin around the digits handed to tesseract

# trees: a row of repeated icons
TREE_SIZE = (0.12, 0.7)  # of a cell's side
TREE_ROW = 0.3  # of a cell's side: centres this close are one row
TREE_SIZE_SPREAD = 0.3
TREE_INK = 0.25
ICON_KERNEL = 0.45  # of a cell's side: the paper level's closing, wider than any icon  # ink above this is print, for the icons

# houses and floors inside their cells
CELL_INSET = 0.06  # of a cell's side, left out at each edge (grid lines)
HOUSE_SIZE = (0.15, 0.55)  # of a cell's side
FLOOR_SIZE = (0.07, 0.25)
FLOOR_EMPTY = 0.2  # mean ink inside a floor box to add at most (printed floors are filled)

IMAGE_SCALE = 0.5  # the rectified blank is stored at this scale (the reader's work scale)

# --- reading a photo through a template --------------------------------------
ORB_FEATURES = 1500  # 2500 read the same sheets, matching took 3x longer
ORB_FEATURES_RETRY = 3000  # ... tried again with this many when the photo does not fit
ORB_RATIO = 0.78  # Lowe's ratio test
MATCH_LONG_SIDE = 1400  # photo side for feature matching
RANSAC_PIXELS = 6.0  # template pixels at IMAGE_SCALE
MIN_INLIERS = 40
FALLBACK_INLIERS = 80  # fewer matched the whole photo: flatten by the paper's outline and match again
MIN_INLIER_SHARE = 0.12
MIN_MATCH = 0.45
# features already put the sheet within a pixel or two: a short ECC polish.
# At 0.125 then 0.25 it lands within 0.2 px (median 0.11, template pixels) of
# a 60-step polish at 0.5, for a fifth of the CPU (0.05 s, not 0.25 s, a read)
REFINE_SCALES = (0.125, 0.25)
REFINE_ITERATIONS = 20
# features too few (marks all over the sheet): the outline alone, aligned to
# the print from coarse to fine, kept where the print then matches this well
OUTLINE_REFINE_SCALES = (0.0625, 0.125, 0.25)
OUTLINE_MIN_MATCH = 0.6
RING_PRINT = 0.3  # template ink above this (grown a pixel) is print, never part of a loop

# --- padfast (session 5) ------------------------------------------------------
# each value box read three ways, which vote: (box height in pixels, relative
# threshold). One way alone reads 1290-1298 of 1298 values on the tuning blanks
# (12 MP, seeds 131000, 283000 and the kept 131000/137000 blanks), and never
# the same ones wrong; any three of them voting read all 1298
OCR_WAYS = ((OCR_BOX_HEIGHT, False), (OCR_BOX_HEIGHT, True), (round(0.75 * OCR_BOX_HEIGHT), False))
OCR_RELATIVE_INK = 0.5  # relative threshold: ink above this share of the crop's 99th percentile

# --- cross (session 5)
# floor boxes are looked for this far (of a cell's side) around their square:
# where the rectified print drifts off the fitted lattice, a square's boxes
# run over its inset edge and were cut open there (0 of 3 found)
FLOOR_SEARCH_MARGIN = 0.12
# adaptive threshold offsets (grey levels below the local mean) for floor
# outlines, the lower tried only in a square where the first found too few
FLOOR_THRESHOLDS = (8, 4)

# --- colour (session 6)
# A template (format 2) also stores its blank in the colour channel where the
# free houses' icons print palest, when that print (mean print_map over the
# house boxes, outlines and all) is at most COLOUR_PALER of the grey's: a
# black-and-white pad (about 1) gains nothing from it, nothing is stored.
# Tuning boxed blanks (red roofs): red 0.17 against grey 0.22-0.24 (0.72-0.76)
COLOUR_PALER = 0.85

# --- floors (session 6)
# a photo whose features (at MATCH_LONG_SIDE) fit a print that does not match
# the blank (< MIN_MATCH), or fit nothing, is matched again at this side: a
# small sheet far off in a large photo (dev 311004: rotated 44 deg, tilted 25,
# half in shadow) fitted 43 wrong matches at 1400 (match 0.42, refused); at
# 2000 its print matches 0.974. Only photos that would be refused pay for it
MATCH_LONG_SIDE_CLOSER = 2000

# --- pad-refusals (session 10) ---------------------------------------------------
# a photo refused at MATCH_LONG_SIDE (features and outline both failed) is
# tried again at MATCH_LONG_SIDE_CLOSER only when its paper's outline there
# covers less than this share of the template's blank as matched (pixels at
# the stored scale), or was not found: closer helps a small sheet's features
# only. Dev 12 MP (81 readable boxed photos, seeds 601000-651000, 616000,
# 621000): the one read only closer had no outline at 1400 (readable sheets
# cover 0.28-2.3 of the blank there); sheets of the other edition refused at
# 1400 cover 0.56-0.64, an empty table's outline 3.2
CLOSER_MIN_PAPER = 0.5
# grid found without the paper's outline: the lattice moved onto its own lines
# (template_grid.refined_by_lines); dev blank 771000 (3.8 deg tilt, no outline):
# the grid's corners were 0.05 cells off, the paper's box 31 px too wide and
# tall (table in its top corners), every photo read through it went wrong
LATTICE_REFINE_REACH = 0.12  # of a cell: a line is looked for this far from the lattice (seen <= 0.05 off)
LATTICE_REFINE_BAND = 0.6  # of a cell: the stretch of line, mid-cell, whose darkest column is the line
LATTICE_REFINE_MAX = 0.25  # of a cell: a corner moved further is no refinement; the first lattice is kept
