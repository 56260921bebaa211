"""Every number the turning road's floor measure (turn_floor.py) uses: a
turn's line searched over a floor box at a slant. Moved out of constants.py
(past 540 lines) in session 18; the figures are the sessions' own.
"""

from __future__ import annotations

# A turning road through a floor box at a slant (turn_floor.turn_excess): the
# turn's line is searched from arc to chord (TURN_FLOOR_BENDS) and shifted
# across by up to PATH_BAND (TURN_FLOOR_SHIFTS lines each), sampled at
# TURN_FLOOR_SAMPLES points; it must be seen in the paper just outside the
# box (from TURN_FLOOR_OUT to TURN_FLOOR_OUT + TURN_FLOOR_REACH of its side
# away) on both sides; the box is then judged away from the line as a road
# running straight across is (ROAD_FLOOR_BAND, FLOOR_OFF_ROAD_*).
TURN_FLOOR_BENDS = (1.0, 0.75, 0.5, 0.25, 0.0)
TURN_FLOOR_SHIFTS = 7
TURN_FLOOR_SAMPLES = 160
TURN_FLOOR_OUT = 0.2
TURN_FLOOR_REACH = 1.0

# --- shfloors (session 16)
# A turning road over a floor box at a slant (turn_floor.turn_excess) is left
# out about its own centre line: the ink by signed distance from the
# searched line is darkest at most TURN_FLOOR_CENTRE of the box's side to
# either side of it (a hand's turn is no drawn arc or chord: it lies a pixel
# or two off the searched lines), and the road's wings (its median ink by
# distance from its own centre, seen beside the box on its way in and out)
# are taken out in the box, as a straight road's are. Only where that road
# is seen beside the box (its wings reach ROAD_FLOOR_SEEN of the pencil):
# on our own faint sheet 640010 the searched "road" was the print's misfit,
# and centring moved the band onto a cross's arm (0.70 -> -0.02).
# Shanghai boxed dev template reads 705001-705030, 706001-706210 (60): false
# floors of heavy roads ending just past the box 705017 0.50, 706005 0.39 of
# the pencil now 0.07, 0.12; clean turn boxes at most 0.12, crossed ones
# 0.49-0.70 (were 0.62-0.80). 0.3 of a 10 px box is 3 px, past the 1.75 px
# between the searched shifts.
TURN_FLOOR_CENTRE = 0.3

# --- padfloors (session 17)
# A turn by the floor boxes in a square's corner (turn_floor.turn_excess):
# the road's line is seen beside a box only on paper, not in the other floor
# boxes (grown by TURN_FLOOR_OUT): on our own sheet an S-E arc passes by the
# three corner boxes, and the crosses of boxes 0 and 2 line up like a turn's
# line through them, its band taking the cross out. A slash across a turn is
# also looked for along its own line (FLOOR_SLASH_*, turned to the road's way
# through the box). Own Shanghai dev sheets 641001-641232 (120 at 2000x1500):
# sheets with a wrong floor 18 -> 12, wrong floors 22 -> 14 (crosses missed
# under a turn read 0.01-0.20 of the pencil, now crossed; no new false cross).
# bench/read_photo.py dev 641001-641100: floors 654 -> 655 of 660, whole sheets
# 91 -> 91 (641002 right now; 641074 short-over's crossed box 0 lost: a turn's
# line is now found through it, 0.51 -> 0.21); fresh 642001-642100: 90 -> 93.

# --- turnline (session 18)
# A turn's line through a floor box is searched only among the ways whose ink
# along their whole length (off the floor boxes, grown by TURN_FLOOR_OUT)
# reaches TURN_FLOOR_WHOLE of the darkest way's: own dev 641074 short-over,
# the S-E arc (darkest way, 0.91 of the pencil) misses corner box 0, and a
# chord shifted onto the cross's arm (0.33 whole, 0.32 seen by the box) was
# taken for the road, its band taking the cross out (0.21); the ways shifted
# a step either side of that arc keep 0.86 and 0.69 of its ink (0.78, 0.63),
# so a hand's road lying between searched ways is still among them.
# bench/read_photo.py --size 2000x1500: dev 641000-641099 floors 655 -> 656
# of 660, whole sheets 91 -> 92 (only 641074 changed: now right); dev
# 641100-641199 and 641200-641299 identical per photo (98, 99 of 100).
# faintown (session 20): 0.6 -> 0.7. Own faint dev 655048 (12 MP): an S-E
# arc passes left of the corner boxes; a way at bend 0.25 reached 0.67 of the
# arc's whole ink (the ways meet at the side midpoints), was "seen" by box 2
# on 2 samples of its '\' slash's overrun, and its band took the slash out
# (-0.00 of the pencil: a cross read clean). 0.7 still keeps the way a step
# beside a hand's road (0.86 of its ink, above). Own faint dev 655000-655079:
# floors 393 -> 394 of 396, sheets 67 -> 68 of 80; 655500-655579 and all
# styles 656000-656099 identical per photo.
TURN_FLOOR_WHOLE = 0.7
