"""Thresholds of telling store twins apart window by window (twin_local.py).
constants.py is full; the pair vote's thresholds stay there.

Measured on wide-border dev 12500-12519 at 2000x1500 (91 twin verdicts, 1-3.6
px per mm): the smallest window ratio of the 19 wrong verdicts (12 of them
stores missing from the catalog, S30 read as S09 six times) was at most 0.81;
31 of the 72 right verdicts reached 1.0 or more."""

from __future__ import annotations

TWIN_LOCAL_WINDOW_MM = 7.0  # a window about a condition word wide (5 mm letters, words 15-30 mm long)
TWIN_LOCAL_MIN_FILL = 0.2  # of a window where the pair differs, at least: emptier windows are a stroke's edge
TWIN_LOCAL_SURE = 1.0  # every window won (ratio past this): the twin decision is sure; wrong ones reached 0.81
