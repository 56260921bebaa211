"""Thresholds of the catalog match's geometric check (recognise.verify) that
depend on how sharp the street photo is. constants.py is full; the rest of
the catalog match's thresholds stay there."""

# The similarity's RANSAC tolerance is RANSAC_REPROJ_PX canonical px (0.8 mm) for a sharp card, but a
# street photo decoded for reading shows a card field at 1-2 px per mm (2000x1500, and 12 MP decoded at
# half size), up-sampled 2.5-5x to the canonical scale: a keypoint placed within a pixel or two of the
# photo is 3-10 canonical px off, and the right entry's inliers scattered past 4 px. A store's tolerance
# is therefore at least this many of the photo's own pixels (classic dev 11400-11411 at 2000x1500: 18 of
# the 29 known stores not matched sure failed only here). Not for tucked cards: for windows the same
# tolerance let look-alikes through (wide-border dev 11400: W51 read as W11 twice, W05 as W28): a
# tucked card (window, roof) tries it only when the strict tolerance settles nothing, and keeps only a
# plain answer (recognise._loose: spread inliers, the template margin over every rival, not outnumbered).
RANSAC_PHOTO_PX = 2.0
