"""Numbers of the SE chord judged along its own line in a skyscraper square
(chord_line.py). Its own module: constants.py is at its limit.

skyse (session 25): a skyscraper square's floor boxes (grown by
C.FLOOR_HOLE_GROW) and, on a template read, every template point whose band
touches the print (read_marks.off_print) leave too little of the SE turn's
straight chord to judge (cells.path_cover, C.PATH_MIN_SEEN 0.25): seen share
of the chord template on pads dev 888000 (boxed Shanghai) 0.11-0.18, the
halfway template 0.36-0.43; on our own sheets 0.29 and 0.79. A chord drawn
off the halfway template (a shaky hand's offset) is then read empty.
Chord-line cover (this module's numbers, Shanghai photos): empty skyscraper
squares 0-0.15 on dev and fresh but one, fresh own faint 722065 [5,4] at 0.55
(median ink 0.43 of the pencil, under ghost_constants.GHOST_LEVEL 0.52: only
that guard would keep it empty were it read empty first; the templates read
it SE, base and branch alike); other roads up to 0.45; drawn chords 0.56-1.0,
but those drawn more than CHORD_BAND off the ideal line 0.0-0.3. Dev and
fresh: no cell changed (the base misses no SE turn there); held-out pad
design, read once at the end: one chord the base read empty fixed (cover 0.56).
"""

from __future__ import annotations

# Half the band searched across the chord's own line, of the cell: narrower
# than C.PATH_BAND (0.075), as a floor cross's stroke along a box's diagonal
# runs parallel to the chord 0.062 of a cell from it on our own sheets.
CHORD_BAND = 0.045
CHORD_BAND_STEPS = 7
# Work pixels added round each floor box (its printed outline, the cross's
# overshoot) and round the modelled print (a template's halo round an icon).
CHORD_BOX_MARGIN = 2
CHORD_PRINT_GROW = 1
# Share of the chord's points that must keep a pixel outside those to judge it
# (on boxed pads 0.64 of the line lies clear of the floor boxes).
CHORD_MIN_SEEN = 0.35
