"""The numbers the Doodle China sheet and its reader agree on: the sheet's layout
and the reader's first thresholds. Rules added later keep theirs in a module
named for their concern (ghost_constants, slash_line_constants, tree_constants...).

Sheet coordinates are the printable PNG's pixels at 150 dpi (A4 portrait);
reader thresholds are in "ink" units: 0 is paper, 1 is printed black after the
lighting has been divided out.
"""

from __future__ import annotations

# --- the printed sheet (pixels of the 150 dpi PNG) -------------------------
SHEET_SIZE = (1240, 1754)  # width, height: A4 portrait at 150 dpi
DPI = 150

MARKER_SIZE = 110
MARKER_MARGIN = 36
# ArUco ids per corner (top-left, top-right, bottom-right, bottom-left); each
# edition has its own four so a sheet with a torn QR code still names itself.
ARUCO_DICT = "DICT_4X4_50"
MARKER_IDS = {"suzhou": (0, 1, 2, 3), "shanghai": (4, 5, 6, 7)}

TITLE_BOX = (170, 34, 830, 150)  # "DOODLE CHINA" / edition name, read by OCR
SUBTITLE_Y = 160
TITLE_OCR_BOX = (170, 34, 830, 222)  # title and the printed player/match line
FIT_BOX = (170, 34, 830, 184)  # same on every sheet of a layout, never marked: is it our sheet?
# Thin printed text on every sheet, never marked: how black and blurred thin print looks.
FIT_BOXES = ((170, 158, 830, 186), (170, 1580, 720, 1612))
QR_BOX = (850, 30, 1066, 246)
QR_MARGIN = 30  # paper around the QR box the reader warps with it

GRID_TOP = 262
CELL_SIZE = {"suzhou": 190, "shanghai": 160}

TRACK_TOP_CENTRE = {"suzhou": 1272, "shanghai": 1268}
TRACK_ROW_PITCH = {"suzhou": 100, "shanghai": 88}
TRACK_PER_ROW = {"suzhou": 10, "shanghai": 9}
TRACK_FIRST_X = 270
TRACK_PITCH_X = {"suzhou": 96, "shanghai": 104}
TRACK_BOX = (56, 44)
TRACK_LABEL_X = 48
TRACK_LABELS = {"hotels": "HOTELS", "shops": "SHOPS", "shop_bonuses": "BONUS",
                "skyscrapers": "SKY-\nSCRAPERS"}

TREE_Y = 1663
TREE_SPAN = (170, 1070)
TREE_BOX = {"suzhou": 62, "shanghai": 56}
TREE_LABEL_Y = 1588

# House squares: up to four houses in a 2x2 block (fractions of the cell).
HOUSE_SLOTS = ((0.30, 0.34), (0.70, 0.34), (0.30, 0.73), (0.70, 0.73))
HOUSE_BOX = 0.33
# Skyscraper floors: the three boxes a player may add, as offsets of their
# centres from the cell's bottom-right corner (pixels at 150 dpi), in the corner
# no riverway template passes through; the two printed floors are drawn as a
# small filled tower in the free top-right corner.
FLOOR_BOX = 22
FLOOR_EXTRA = ((46, 20), (20, 20), (20, 46))  # 9 px clear of the grid lines
FLOOR_PRINTED = ((16, 16), (16, 36))  # from the top-right corner, size FLOOR_PRINTED_BOX
FLOOR_PRINTED_BOX = 18

# --- path templates (fractions of a cell) ----------------------------------
PATHS = ("NS", "EW", "NE", "NW", "SE", "SW")
PATH_SAMPLES = 28
PATH_TRIM = 0.13  # leave out this share of each end (grid lines, neighbours)
PATH_BAND = 0.075  # half width searched across the template, shaky hands
PATH_BAND_STEPS = 9
# Turn shapes searched: 1 quarter arc, 0 straight chord between the side
# midpoints, 0.5 halfway (the band covers the gaps between them).
TURN_BENDS = (1.0, 0.5, 0.0)
PATH_MIN_SEEN = 0.25  # share of a template outside the holes needed to judge it
FLOOR_HOLE_GROW = 0.3  # of a floor box's side: its cross may overshoot this far

# --- reader -----------------------------------------------------------------
WORK_SCALE = 0.5  # flattened sheet at this share of the 150 dpi PNG
QR_SCALE = 1.0
DETECT_LONG_SIDE = 1100  # markers are looked for on an image this long
REDUCE_MIN_SIDE = 2400  # photos whose short side is at least this decode at 1/2
BACKGROUND_KERNEL = 11  # work pixels: the paper-level closing removes ink thinner than this
BACKGROUND_SMOOTH = 2.0  # sigma (work pixels) smoothing the paper level

MIN_MARKERS = 2
OUTLINE_CANNY = (60, 160)  # strong edges only: the paper's border, not a soft shadow
REFINE_SCALES = (0.125, 0.25, 0.5)  # outline-found sheets are aligned to the print at these
REFINE_ITERATIONS = 60
MAX_REPROJECTION = 4.0  # sheet pixels; worse than this means a wrong match
MIN_SHEET_SHARE = 0.04  # of the photo's area; smaller means "come closer"
MIN_BRIGHTNESS = 35  # mean grey of the flattened sheet (0-255)
MIN_TITLE_MATCH = 0.3  # correlation of the title block with the print, outline-found sheets
MIN_SHARPNESS = 0.10  # edge contrast of the printed grid lines (ink per pixel)

INK_DEFAULT_PENCIL = 0.35
INK_FLOOR = 0.04  # never count ink fainter than this as a road (a faint pencil is ~0.07)
# Crosses and loops are measured relative to the pencil: below this level the
# noise would be magnified, so a fainter pencil counts as this dark.
MARK_PENCIL_FLOOR = 0.06
# ... and a cross carries at least this much ink beyond the print (a faint
# pencil's X over a house is ~0.03; a print model's error ~0.013)
MARK_MIN_INK = {"house": 0.015, "tree": 0.008}  # trees: a faint pencil's clean tree shows ~0.0035
# Squares every player draws a line in before the first round (Suzhou's start
# squares, Shanghai's parks: the rulebooks' setup): never empty on a finished
# sheet, so a faint line there is read as the path that fits it best.
SETUP_KINDS = ("start", "park")
INK_SHARE = 0.42  # a stroke is ink above this share of the sheet's pencil level
PATH_COVER_YES = 0.55  # share of template points inked: a path is drawn
PATH_COVER_NO = 0.30  # below this: nothing drawn
PATH_MARGIN = 0.25  # best minus second best template, below: doubtful

MARK_SHRINK = 0.12  # of a box's side, left out at each edge
# A road over a floor box (floors.py): the side's midline passes within this
# (of the square's side) of the box's edge; the road is looked for this far
# (of a box's side) above and below it, in strips this far out from its sides
# (of its width), and seen there at this share of the pencil level; the box is
# then judged (shrunk this much) on the ink farther than ROAD_FLOOR_BAND (of its
# height) from the road's line, when at least FLOOR_OFF_ROAD_MIN of it is left
# and the road runs across it nearly level.
ROAD_FLOOR_NEAR = 0.04
ROAD_FLOOR_SEARCH = 0.5
ROAD_FLOOR_STRIP = (0.1, 0.45)
ROAD_FLOOR_SEEN = 0.25  # 0.5, then 0.33 left a road that fades on one side (0.30) to the plain measure
FLOOR_OFF_ROAD_SHRINK = 0.1
ROAD_FLOOR_BAND = 0.25
FLOOR_OFF_ROAD_MIN = 0.25
ROAD_FLOOR_FLAT = 0.35  # of a box's height: the road's rise across the box, at most
FLOOR_SHRINK = 0.25  # floor boxes are small: keep well inside their printed outline
MARK_SURROUND = 1.0  # of a box's side: the paper around it that sets the local zero
CLASS_MIN_BOXES = 5  # boxes of a kind needed to fit their print from the photo
CLASS_TOLERANCE = 0.06  # ink the photo's print may show beyond the modelled print
CLASS_CLEAN_SPREAD = 0.10  # boxes this close to the cleanest one (relative ink) model the print
# ... and only boxes that look clean on the printed model alone (in ink relative
# to the pencil); with fewer than three such, all may be crossed: keep the first answer.
CLASS_CLEAN_MAX = {"house": 0.12, "tree": 0.095}
CLASS_MARGIN = 0.25  # of a box's side: paper around it in the crops
CLASS_MARGIN_MIN = 6  # work pixels
MARK_GROW = 0.2  # of a box's side: strokes overshoot a box by up to this
PRINT_FREE = 0.08  # a box pixel whose expected print ink is below this is "paper"
PRINT_FREE_BLUR = 1.5  # work pixels of blur added before deciding what is paper
PRINT_FREE_SHARE = 0.3  # boxes with less paper than this are measured whole
# Mark density (ink beyond the print, relative to the pencil level) by what is
# marked: crossed above YES, not crossed below NO, doubtful between. Floor boxes
# are small and close together, so a neighbour's X reaches into them a little.
# A tree's printed icon is filled, so a single slash over it shows only where
# it leaves the icon (pad photos: crossed trees from 0.049, clean ones up to
# 0.041 with a faint pencil, which MARK_MIN_INK keeps out).
MARK_YES = {"house": 0.11, "tree": 0.055, "floor": 0.28}
MARK_NO = {"house": 0.07, "tree": 0.035, "floor": 0.18}
RING_INNER = 1.12  # loop search band, in box half-sizes from the centre
RING_OUTER = 1.95
RING_ANGLES = 24
RING_RADII = 7
RING_YES = 0.68  # share of directions with ink: circled
RING_NO = 0.45

WARN_BELOW = 0.75  # a field whose confidence is below this gets a warning

OCR_INK = 0.22  # ink above this is text for tesseract
OCR_SCALE = 1.2  # title block flattened at this scale for tesseract
OCR_VALUES_AGREE = 0.75  # similarity of a track row's printed digits to the layout's
TESSERACT_ENV = {"OMP_THREAD_LIMIT": "1"}

# --- cross (session 5)
# Read through a template (its blank is a photo of the very sheet), the least
# ink a cross carries is set per photo from the clearly clean boxes of the
# kind (marks.noise_floor): NOISE_TIMES their farthest stray from their median,
# at least NOISE_MIN_INK, at most MARK_MIN_INK, judged on NOISE_MIN_CLEAN
# boxes or more (pad photos: clean houses stray up to 0.005, a faint pencil's
# crossed ones carry 0.010; clean trees 0.003, crossed 0.005).
NOISE_TIMES = 1.5
NOISE_MIN_INK = {"house": 0.006, "tree": 0.004}
NOISE_MIN_CLEAN = 3
# A turning road through a floor box at a slant: turn_constants.py.
TURNS = ("NE", "NW", "SE", "SW")
# A pad's house icon is mostly print (a filled roof): read through a template
# a house box is measured this near its edges (MARK_SHRINK elsewhere), where a
# slash across the icon shows on paper (tuning pad photos: houses misread 6 -> 4)
TAUGHT_HOUSE_SHRINK = 0.05
# A single slash over a pad's house icon (mostly print) leaves little ink on
# its paper: read through a template a house is crossed from lower density
# (tuning pad photos, measured as above: clean houses up to 0.040, slashed
# ones from 0.043, most from 0.07)
TAUGHT_MARK_YES = {"house": 0.08}
TAUGHT_MARK_NO = {"house": 0.05}


# --- floors (session 6)
# A floor box with no road over it is crossed only where a pencil line shows
# in it (floors.stroke_peak): its FLOOR_STROKE_PERCENTILE-th ink at least
# FLOOR_STROKE_MIN of the player's pencil. Tuning and development Shanghai pad
# photos: crossed boxes 0.46-1.7, erased smudges over a box and a faint
# sheet's print drift 0.21-0.43 (the latter read as 6 false crosses). The
# margin is thin (a retraced sheet's lone stroke shows 0.46), and a darker
# smudge or drift (0.47-0.63 seen on development photos) still reads crossed.
FLOOR_STROKE_PERCENTILE = 90
FLOOR_STROKE_MIN = 0.45
# --- colour (session 6)
# Houses read through a template that stores its blank in the colour channel
# where the house icons' print is palest (colour.py): there the print-free
# paper is where the blank's ink is below COLOUR_PRINT_FREE (the red roof
# counts as paper), and the channel may only add a cross where grey's
# relative ink is at least COLOUR_GREY_MIN_REL. Tuning and dev pad photos
# (79 Suzhou boxed, 790 houses): houses 787 -> 790 right, no false cross;
# grey's window is narrow (0.02-0.03 works, 0.04 loses one house, 0 adds 3
# false crosses: an erased smudge shows strongly in the channel alone).
COLOUR_PRINT_FREE = 0.15
COLOUR_GREY_MIN_REL = 0.02
# With fewer than NOISE_MIN_CLEAN clearly clean houses (a faint sheet with
# nearly every house crossed) marks.noise_floor takes NOISE_FEW_CLEAN_TIMES
# the pencil's level (at least NOISE_MIN_INK, at most MARK_MIN_INK) instead
# of the fixed 0.015, which a faint pencil's cross (0.009-0.014) misses. Dev
# pad photos (127 Suzhou boxed, 1270 houses, seeds 131000-191000): houses
# 1252 -> 1259 right (3 faint sheets), false crosses 2 -> 2; simulated, k
# 0.04-0.08 alike, 0.10 loses 2 (faint pencils at 0.05-0.10 mostly get the
# 0.006 least ink).
NOISE_FEW_CLEAN_TIMES = {"house": 0.07}
# --- trees (session 7)
# A pad's tree icon fills the middle of its box, and a slash over it shows
# mainly where it leaves the icon, near the box's edge: read through a
# template a tree box is measured this near its edges (MARK_SHRINK elsewhere).
# Inside MARK_SHRINK 45-49% of the box is print-free paper (~280 work px),
# inside 0.03 58-61% (~550 px). Dev pad photos (144, 1454 trees, no
# measurement seed): trees right 1428 -> 1448, missed 14 -> 5, false crosses
# 12 -> 1; shrinks 0.00-0.08 give nearly the same figures.
TAUGHT_TREE_SHRINK = 0.03
# Trees take the houses' fallback too (marks.noise_floor): a faint Suzhou
# sheet with 7 of 10 trees crossed left under 3 clean ones, and the fixed
# least ink (0.008) lost faint crosses (0.0042-0.0053 at the shrink above).
# Dev pad photos (214, 2224 trees, with the shrink above): trees right
# 2218 -> 2220, no new false cross (the exploration found k 0.05 adds one).
NOISE_FEW_CLEAN_TIMES = {**NOISE_FEW_CLEAN_TIMES, "tree": 0.07}
# --- floors (session 7)
# A slash over a floor box that a road runs straight across (floors.
# slash_off_road): the box is crossed when the pencil ink along one straight
# line through its centre (FLOOR_SLASH_ANGLES degrees off the road's
# direction, shifted up to FLOOR_SLASH_SHIFT of the side from the centre in
# FLOOR_SLASH_SHIFTS steps, FLOOR_SLASH_SAMPLES points from -0.7 to 0.7 of
# the side, at least FLOOR_SLASH_POINTS of them inside the box and off the
# road's band) reaches FLOOR_SLASH_MIN of the pencil (set under pad-floors
# below, 0.35). Tuning and development Shanghai boxed photos (110, 145 such
# boxes) at first: clean boxes at most 0.39 (a faint sheet's print drift 0.48,
# read crossed before too), crossed ones the mean off the road missed
# 0.59-0.79; crossed ones it caught from 0.52.
FLOOR_SLASH_ANGLES = tuple(range(30, 151, 10))
FLOOR_SLASH_SHIFT = 0.2
FLOOR_SLASH_SHIFTS = 5
FLOOR_SLASH_SAMPLES = 29
FLOOR_SLASH_POINTS = 3
# A road seen beside a floor box on one side only (floors.off_road_excess,
# in a ROAD_FLOOR_STRIP: it stops short of the square's edge, in or at the
# box) is judged as one running across, at ROAD_FLOOR_SEEN: Shanghai boxed dev
# photos (138), wrong floor boxes 28 -> 25 (3 false crosses of "short" road
# ends gone and one cross found; one faint sheet's cross lost, its off-road
# ink -0.32 of the pencil, that sheet wrong before too), no new false cross.
# A photo read through a template: the floors' ink is measured against the
# taught blank's paper level lit as the photo is (taught_paper.taught_ink):
# the photo over the blank where the blank's ink is under TAUGHT_PAPER_PLAIN,
# averaged with a Gaussian of TAUGHT_PAPER_SIGMA work pixels, then again
# without what is darker than TAUGHT_PAPER_DARKER of that (pencil).
TAUGHT_PAPER_PLAIN = 0.05
TAUGHT_PAPER_SIGMA = 8.0
TAUGHT_PAPER_DARKER = 0.93
TAUGHT_PAPER_STEP = 4  # the light averaged on a grid this many work pixels apart
TAUGHT_PAPER_TOP = 250  # a photo's grey at least this is clipped white: read as the blank shows it

# --- floors (session 8)
# A value is judged on the directions of its ring outside every clearly
# circled neighbour's loop band while this share of them is left (was a half,
# for values not clearly circled only): a clean value between three or four
# circled neighbours read 0.58-0.71 on Shanghai boxed dev photos (3 false
# loops in 180), 0.00-0.50 on what is left.
RING_MIN_LEFT = 0.25
# A loop on a faint sheet read through a template (loop_floor.py): ink above
# LOOP_FLOOR_TAUGHT rather than INK_FLOOR when the median value's ring share
# at it is at most LOOP_QUIET. Shanghai boxed dev photos: a faint pencil's
# loop is 0.03-0.06, and at 0.04 three of 27 faint sheets each missed one
# (ring share 0.38-0.47); at 0.03 their circled values read 0.75 and up, the
# clean ones at most 0.38, and the median value 0.00-0.04 on every faint
# sheet. The Suzhou boxed pad's halo (test 181005): median about 0.46 at
# 0.03, clean values up to 0.68, so it keeps INK_FLOOR.
LOOP_FLOOR_TAUGHT = 0.03
LOOP_QUIET = 0.15
# --- padlight (session 8)
# tesseract is limited in CPU seconds, so a loaded machine (tesseract waiting
# for a core) no longer cuts a read short and changes what is read; the wall
# clock only ends a tesseract that hangs without working (ocr.run_tesseract).
TESSERACT_CPU_SECONDS = 8
TESSERACT_WALL_SECONDS = 120
# The houses of a photo read through a template are measured in the grey of
# the photo balanced to the blank's paper colour (colour.balanced_grey): the
# paper judged on is the blank's plain paper (|ink| < BALANCE_PLAIN) outside
# the grid, BALANCE_EDGE template pixels in from the paper's outline, at least
# BALANCE_MIN_PIXELS work pixels of it.
BALANCE_PLAIN = 0.03
BALANCE_EDGE = 12
BALANCE_MIN_PIXELS = 400
# --- pad-floors (session 9)
# A slash over a road that runs straight across a floor box is looked for
# along its line (floors.slash_off_road) with the road's own ink by distance
# from its line, seen beside the box (its wings), taken out at each point: a
# retraced or heavy road is wider than ROAD_FLOOR_BAND and every line through
# the box crossed its edges (clean boxes 0.51-0.56 of the pencil, read
# crossed). Shanghai boxed dev photos (70, 69 such boxes): clean boxes now at
# most 0.14, crossed ones from 0.49 (were 0.69), so the line's least ink
# comes down from 0.5 to the middle of the gap.
FLOOR_SLASH_MIN = 0.35
# --- pad-suzhou (session 10)
# On a faint sheet (grey pencil under COLOUR_FAINT_PENCIL) the colour channel
# adds a house's cross only where grey's relative ink is at least
# COLOUR_FAINT_GREY_MIN_REL (colour.grey_min_rel), not COLOUR_GREY_MIN_REL:
# there an erased X's ghost shows in the channel as strongly as a faint cross
# does. Dev Suzhou boxed photos (160, 1590 houses; 64 faint sheets): the
# channel added 5 false crosses, all on faint sheets, where grey saw them at
# 0.029-0.037; the true crosses only the channel saw on faint sheets, grey saw
# at 0.066-0.088 (and on other sheets from 0.043). 0.05 is the gap's middle
# (0.04-0.06 give the same figures, 0.07 loses a cross).
COLOUR_FAINT_PENCIL = 0.1
COLOUR_FAINT_GREY_MIN_REL = 0.05
# --- pad-faint (session 12)
# marks.noise_floor judges the clearly clean boxes' noise by their farthest
# stray BELOW their median only (NOISE_TIMES of it): a faint pencil's cross
# over a house can read under MARK_NO (relative ink 0.05) and sit among the
# "clean" ones, and its stray above the median (0.008-0.011) set a least ink
# (0.012-0.015) over its fellow crosses' ink (0.007-0.011). A cross only adds
# ink, so the lower side is the print model's noise alone. The colour
# channel's second look (colour.add_crosses) keeps the stray either way: an
# erased smudge shows strongly there, and with the lower side only it added a
# false cross on a faint dev sheet (620012). Dev Suzhou boxed faint photos
# (seeds 610001-610014, 620001-620040): houses 4 more right on 2 sheets
# (610008, 610012), nothing else changed.
# Only on a faint sheet (pencil under NOISE_BELOW_PENCIL): on a darker one
# the template tests' red-roof sheet (161015) is read 10/10 in grey alone
# and no longer shows the colour channel's second look.
NOISE_BELOW_PENCIL = 0.1
# --- own-faint (session 13)
# Our own printed sheets (markers and QR code) with a faint pencil (under
# OWN_FAINT_PENCIL) take the least ink of a cross from the sheet's clearly
# clean boxes as a template read does (marks.noise_floor), not the fixed
# MARK_MIN_INK: there the print model is the printed sheet, yet a faint
# pencil's cross still carries less ink than that floor allows for.
OWN_FAINT_PENCIL = NOISE_BELOW_PENCIL
# With a faint pencil our own sheet's paths are judged on the paper only:
# template points whose whole band lies where the modelled print (blurred)
# is at least OWN_FAINT_PRINT count as holes (cells.path_profiles). The
# print's residual there (up to 0.25 over a skyscraper's printed labels)
# passes the faint ink threshold (0.04) and made false paths.
OWN_FAINT_PRINT = PRINT_FREE
# With a faint pencil the floor boxes' print is fitted again box by box
# (local_print.refit_boxes): on the box grown by LOCAL_PRINT_MARGIN work
# pixels, shifted up to LOCAL_PRINT_SHIFT each way in LOCAL_PRINT_SHIFT_STEP
# steps, every blur step and LOCAL_PRINT_GAINS times the sheet's gain; the
# ink is corrected over the box grown by LOCAL_PRINT_KEEP.
LOCAL_PRINT_MARGIN = 6
LOCAL_PRINT_KEEP = 2
LOCAL_PRINT_SHIFT = 1.0
LOCAL_PRINT_SHIFT_STEP = 0.5
LOCAL_PRINT_GAINS = (0.85, 1.0, 1.15)
# ... and there a house or tree read crossed under MARK_MIN_INK (by the
# sheet's noise floor alone) must show a stroke along one line through it
# (marks.slash_lines at MARK_SHRINK) of at least OWN_FAINT_LINE_MIN of the
# pencil (lined_marks.keep_lined). Faint own sheets 640000-640019 and 650001-
# 650011 (the latter first kept for a fresh check, then looked at): such
# crosses 0.46-1.55, erased smudges and clean boxes read crossed 0.12-0.31.
OWN_FAINT_LINE_MIN = 0.4

# --- floors (session 15)
# On a faint sheet (pencil under NOISE_BELOW_PENCIL) a floor box a road runs
# across is clean where no straight line off the road's band reaches
# FLOOR_FAINT_LINE_MIN of the pencil (floors.off_road_excess: the road's grey
# haze there, a wide or retraced stroke or the print model's drift, read as a
# cross by its mean). Dev shanghai boxed faint template reads 683001-683015,
# 695001-695010, 700001-700015: false floors 683009 (mean 0.23, line 0.30)
# and 695006 (line 0.38, a road ending in the box); crosses over a road there
# had lines of 0.62-1.12, clean boxes at most 0.21.
FLOOR_FAINT_LINE_MIN = 0.5

# --- faint (session 18)
# A strip beside a floor box (floors._along_strip) shows a road running in
# only in its columns whose ink off the road's band stays under
# ROAD_FLOOR_SEEN of the pencil above the paper level beside the box: the
# printed grid line 4.5 work px beside a corner box crosses the outer strip,
# and on a faint sheet the print model's misfit on it (0.5-1.0 of the pencil
# at every row) read as a stray road whose flat wings took a cross out. Own
# faint dev 643000-643059 (2000x1500): crosses capped at -0.38, -0.20 and
# -0.16 of the pencil (643036, 643000, 643059) read crossed again; floors
# 343 -> 346 of 348; all-styles dev 643100-643169: 454 of 456 both.
# On our own sheet with a faint pencil a floor box is clean where its
# darkest ink (stroke_peak) stands less than FLOOR_STROKE_RISE of the pencil
# above its middle's median (floors.stroke_rise): on sharp, noisy photos
# (the print fitted at gain 1.08-1.30, blur 0.6-1.8) the print model's misfit
# greys whole boxes. Own faint dev 643200-643299: false crosses rose
# 0.03-0.22, crosses 0.13 and up (all but 4 of 256 over 0.2); 0.2 gave
# floors 472 -> 492 there but lost 5 crosses on dev 643000-643059 (346 ->
# 341), 0.17: 488 and 344, 0.15: 485 and 346 (unchanged).
FLOOR_STROKE_RISE = 0.15

