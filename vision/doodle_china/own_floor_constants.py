"""Floor boxes on our own printed sheets with a pencil that is not faint
(read_marks.py; FLOOR_STROKE_MIN and MARK_YES/NO["floor"] stay for template
reads and faint sheets, where erased smudges and print drift were tuned).

A single slash over a floor box (the "loops" hand crosses every box with one)
is a thin line in an 11-pixel box: blurred, its darkest ink (floors.stroke_peak)
showed 0.32-0.38 of the pencil on dev 649217, under FLOOR_STROKE_MIN (0.45), and
its mean ink 0.17-0.21 of the pencil on dev 649471, under MARK_NO/YES's middle
(0.23). Dev 649000-649599 at 12 MP (600 sheets, arc, chord, short-over,
retraced, heavy, loops; 1845 crossed boxes, 1791 clean): crossed boxes' peaks
from 0.32 (0.5th percentile 0.52), clean ones' under 0.25 but 10 (those over
0.45, 8, are judged as before); crossed boxes' mean ink from 0.17 (1st
percentile 0.34), the clean ones judged by it 0.05-0.06 but one (0.56, a chord
over it). Peaks from 0.30 and a middle of 0.15: floors 3630 -> 3633 of 3636,
no box newly wrong.
"""

OWN_FLOOR_STROKE_MIN = 0.30
OWN_FLOOR_YES = 0.20
OWN_FLOOR_NO = 0.10

# faintown (session 20): on our own sheet with a faint pencil, a floor box is
# judged further only where its darkest ink (floors.stroke_peak) reaches
# OWN_FAINT_FLOOR_STROKE_MIN of the pencil, not FLOOR_STROKE_MIN (0.45): on
# blurred photos (blur 1.7-1.9 px) a faint cross's line spreads in the 11-px
# box. Own faint dev 655000-655079, 655500-655579 (12 MP, 816 boxes): crossed
# boxes cut by the 0.45 rule at 0.37-0.44 (655064, 655520, 655548 twice),
# none clean between 0.33 and 0.45 (clean boxes judged by it up to 0.327).
# At 0.36: first set floors 394 -> 395 of 396 (655064 right), sheets 68 ->
# 69 of 80; second set identical (655520's and 655548's boxes, now left to
# the plain measure, still read clean there); all styles 656000-656099
# identical per photo.
OWN_FAINT_FLOOR_STROKE_MIN = 0.36

# faintmarks (session 22): on our own sheet with a faint pencil a floor box is
# also crossed where the measure our own sheets with a pencil not faint take
# (read_marks.plain_floor_excess: the sheet-wide print fit, no box-by-box
# refit; their road rules with OWN_FLOOR_STROKE_MIN) reaches
# OWN_FAINT_FLOOR_PLAIN of the pencil (their levels' middle, 0.15), where its
# middle shows a line: darkest ink (floors.stroke_peak) and its rise above the
# median (stroke_rise) of OWN_FAINT_FLOOR_PLAIN_LINE of the pencil
# (read_marks.plain_lined). The refit takes in part of a faint cross (its
# rise 0.15 on the refit ink, 0.30-0.45 without), and a stray road's cap
# took one down (0.04). Own faint dev 680000-680099 (1600x1200, 48 faint
# sheets, 576 boxes): crosses missed 0.33-0.83 of plain measure, peaks
# 0.72-1.11, rises 0.30-0.45 (680052, 680057, 680080); clean boxes over 0.15
# of plain measure: 33 of 281 (up to 0.61), so the line is asked for too:
# clean boxes with a peak of 0.6 and a rise of 0.2: two, both read crossed
# already (680080, 680097). Crossed boxes' rise on that map: 1st percentile
# 0.26. A cap that dropped a stray road's ink under -0.05 of the pencil
# (tried, as session 21 had) left 4 clean boxes crossed there (caps -0.12 to
# -0.18; every box capped under -0.05 was clean): not taken. Second dev set
# 680500-680599: one cross fixed (680568, plain 0.54, peak 1.07, rise 0.52),
# one clean box newly crossed on the same sheet (plain 0.74, peak 0.87, rise
# 0.39, under a crossed box of its stack): floors 551 -> 551 of 576. All
# styles 681000-681069 identical; fresh faint 682000-682079 (12 MP): floors
# 415 -> 416 of 420, sheets 71 -> 72 of 80, none newly wrong.
OWN_FAINT_FLOOR_PLAIN = 0.15
# faintfloors (session 23): the line's darkest ink from 0.7 of the pencil, not
# 0.6. At 1600x1200 the JPEG ringing round the box's dark outline lifts a
# clean box's darkest middle ink with the photo's JPEG quality (own faint dev
# 690000-690079, refit map, clean boxes' median peak: 0.12 at quality 90+,
# 0.36 at 60-69; crossed boxes' ~1.0 at any quality). The plain measure added
# three clean boxes there (quality 64-76: peaks 0.60-0.61, plain 0.26-0.42)
# and three crosses (peaks 0.80-1.20); session 22's crosses found by it on
# 680000-680099 peaked at 0.72-1.11.
OWN_FAINT_FLOOR_PLAIN_LINE = (0.7, 0.2)
