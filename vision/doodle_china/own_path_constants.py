"""The least ink of a road on our own printed sheet with a faint pencil
(cells.road_threshold; constants.py is full).

faintown (session 20): TAUGHT_PATH_FLOOR (0.03), set for template reads where
faint roads sit at 0.03-0.04 of ink, also held our own faint sheets' roads:
with a pencil under 0.071 (0.03 / INK_SHARE) it, not INK_SHARE of the pencil,
set the threshold. Own faint dev 655000-655079 and 655500-655579 (12 MP, 160
sheets): pencils 0.053-0.114 but one, 655051 at 0.035, whose roads read
0.025-0.035 of ink: 7 of its 19 roads under 0.03 read as empty squares; and
655021's NS road (pencil 0.054) covered 0.25 of its template. Floors tried
there (cells wrong, base 33): 0.022 -> 28, 0.018 -> 26, no square newly
wrong. OWN_PATH_FLOOR 0.015 is INK_SHARE of 655051's pencil, so the share
sets every dev sheet's threshold; the floor stays only against a pencil level
read from noise (pencil_level counts cells over INK_FLOOR / 2 = 0.02).
Bench: first set cells 2348 -> 2355 of 2363, sheets 66 -> 67 of 80 (655021
right; 655051 24 of 25, its last road dropped by the coarse width rule at
0.46 of the pencil); second set and all styles 656000-656099 identical.
"""

from __future__ import annotations

OWN_PATH_FLOOR = 0.015

# faintroads (session 22): our own sheet's roads take the faint pencil's
# rules (cells.own_faint_paths: OWN_PATH_FLOOR, judged on the paper only, the
# own-faint ghost rules) under OWN_FAINT_PATH_PENCIL, above OWN_FAINT_PENCIL
# (0.1, which still sets the floors', houses' and trees' rules): faint
# strokes read 0.10-0.12 of pencil on some photos, and there the print
# model's residual round a shop's or boat's icon read as NW turns.
OWN_FAINT_PATH_PENCIL = 0.13

# faintturns (session 23): no new number. Under OWN_FAINT_PATH_PENCIL a path
# covering only from halfway between PATH_COVER_NO and PATH_COVER_YES of its
# template (classify's "faint or broken line") is read as empty, with a note
# (cells.own_faint_paths, classify `broken`). Own faint dev 684000-684079 and
# 684500-684579 (1600x1200): of 2466 drawn roads read right outside the
# setup squares one covered under 0.55 (684566 (2,4), 0.46); of 27 false
# roads 13 did (0.43-0.50). Most were one end of a turn's chord by a cell's
# label: the print model sets the condensed label a work pixel narrower and
# sharper than the print, and its right end reads 1.5-2.9x a faint pencil
# (the mean pencil map of 600 clean cells); a refit of the print over the
# labels (local_print.refit_boxes) cleared some and made others. Bench:
# cells 2317 -> 2320 of 2341 and 2433 -> 2442 of 2473 (684566 (2,4) newly
# wrong), sheets 49 -> 49 and 45 -> 46 of 80.
