"""Numbers of the print left out of a template read's road measures
(read_marks.off_print). Its own module: constants.py is at its limit.
"""

from __future__ import annotations

from .constants import PRINT_FREE

# --- padmarks (session 24)
# A template's blank photographed softer than a marked photo (generator blur
# 1.9 against the marked photos' less) keeps its print's small icons and
# lines lighter than the photo shows them: the print taken out, a halo of
# ink is left round each icon, as dark as a faint pencil's road (0.03-0.05
# of ink against a road threshold of 0.03-0.04). On the Shanghai boxed pad
# each bus, taxi and hotel square prints its icon in its NW corner, by a
# NW turn's chord: pads dev 866400 read 6 empty squares as NW turns on 3
# sheets (pencil 0.067-0.10), their NW cover 0.46-0.64 of the template's
# points. Where the blank's print (blurred as the photo, times its gain)
# reaches TAUGHT_PATH_PRINT, grown TAUGHT_PATH_PRINT_GROW work pixels, a
# road's template point whose band touches it is neither inked nor not (a
# hole, as a floor box's): those squares' covers fell to 0.11-0.29, drawn
# roads past the icons kept theirs (0.71-1.0 before, the same after);
# grown 2 pixels and with the band's print pixels alone left out, drawn
# NW roads fell to 0.59-0.71 (the stroke's own pixels there were lost).
TAUGHT_PATH_PRINT = PRINT_FREE
TAUGHT_PATH_PRINT_GROW = 1
# padshanghai (session 25): a touched point whose ink reaches
# TAUGHT_PATH_HALO is kept (off_print): a turn's chord past a bus icon or
# over a skyscraper's floors lost so many points that its shape fell under
# PATH_MIN_SEEN and the square read empty (pads dev 881026 NW chord, pencil
# 0.31, its points 0.27; 881035 SE chord, 0.29). The halo on the session 24
# cut cells (pencil 0.067-0.10) reaches 0.18 at most (0.1 let it through:
# hotel 867413 read NW again); 0.2 sits over it.
TAUGHT_PATH_HALO = 0.2
