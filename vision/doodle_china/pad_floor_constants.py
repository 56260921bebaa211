"""The numbers of the slash drawn along a road over a floor box
(slash_lines.along_road, used by floors.off_road_excess and
turn_floor.turn_excess). Its own module: constants.py is at its limit.
"""

from __future__ import annotations

# --- padfloor (session 19)
# A slash drawn nearly along the road that runs over a floor box (on the
# Shanghai pad the top box straddles the E side's road and an S-E chord
# passes the middle box's centre: a "/" slash there lies within 30 degrees
# of the road) keeps hardly any ink off the road's band, so neither the
# off-road mean nor a line across the road sees it; but where it drifts from
# the road it widens the road's line in the box past the road's own wings
# seen beside it. So the ink in the band (the box's middle within
# ROAD_FLOOR_BAND of the road's line, the road's wings taken out) at least
# FLOOR_ALONG_MIN of the pencil reads as a cross, on sheets that are not
# faint (pencil at least NOISE_BELOW_PENCIL: there the road's grey haze
# alone reaches 0.41). A road alone shows some ink there too: the box is
# white on the slate square (grey ~208), and a stroke darkens white ~1.37
# times as much as the slate its wings are seen on (0.2-0.26 of the pencil
# in the tests' model of it). Shanghai boxed dev template reads 717001-717840 (175,
# not ink): clean boxes under a straight road at most 0.28 of the pencil,
# under a turn at a slant 0.35 (heavy); the two crosses missed so 0.50
# (717439, over an S-E arc) and 0.51 (717007, a "/" slash on an S-E turn);
# a slash lying exactly on an S-E chord (717234: 0.30) stays missed: its ink
# is the road's. Dev 717101-717540 and 717701-717940 (175 more) identical. The thin margin
# over turns showed on the fresh check (717000 bench, checked once, not
# tuned on): a heavy S-E turn's clean middle box read 0.45 (718038), the one
# sheet it made wrong there; raising this or keeping it to straight roads
# wants a new dev set and fresh range to judge by.
# padsheets (session 20): the measure moves with the template. Shanghai
# boxed dev 741001-741120 and 747001-747040 (118 photos, not faint or ink)
# read through five templates (blanks 741000 and 741501-741504): clean boxes
# the band was measured in (296) at most 0.31 of the pencil (747026, a chord
# over the middle box); the '/' slashes along an S-E chord over the middle
# box read 0.37-0.40 through four of the templates (741071, 741074: 7 wrong
# floors at 0.42) and 0.42-0.51 through the rest. 0.36 sits over the clean
# turn's 0.35 of session 19's dev and under those crosses; the fresh heavy
# turn's 0.45 stays wrong. 741031's slash lies on the chord (0.17): its ink
# is the road's, unreadable.
FLOOR_ALONG_MIN = 0.36
# Only where the road runs through the box's middle (a slash is drawn
# through its centre): the band covers at least FLOOR_ALONG_SHARE of it.
# A level road's band (ROAD_FLOOR_BAND, 0.25 of the side either way) covers
# half of the middle (0.8 of the side: FLOOR_OFF_ROAD_SHRINK) just when the
# box's centre lies in it. 717834's chord grazing a clean box's corner
# (band 0.45 of the middle) showed 0.43 of the pencil there; the two
# crosses' bands covered 0.59 and 0.57.
FLOOR_ALONG_SHARE = 0.5
