"""A wall colour washed out by glare (lighter and paler than its print, the
hue kept) is named by its hue with a low confidence, when no palette colour
names it as it is; dark dull colours, hues between two palette colours and
grey stay unknown, and colours named as they are keep their name and
confidence. Matching asks for the colour as it is (washed=False).

The Lab values are the wall colours read (colour.field_colour) on dev street
photos, 12 MP: wide-border 9962-9968 windows under strong glare, a
wide-border flat roof's brown chimney (9932), a facade window between
purple and blue (9963)."""

from __future__ import annotations

import numpy as np
import pytest

from vision.canal_houses import constants as C
from vision.canal_houses.colour import name_colour, parse_palette

PALETTE = parse_palette(None)


# fail on the base commit: the washed-out walls (base: None, unknown)
@pytest.mark.parametrize("lab, name", [
    ((93.3, -6.2, 37.3), "yellow"),
    ((98.2, -12.9, 43.6), "yellow"),
    ((74.0, 21.0, -19.4), "purple"),
    ((76.6, 24.3, 9.0), "red"),
    ((69.9, 21.7, -20.2), "purple"),
], ids=["pale-yellow", "paler-yellow", "pale-purple", "pale-red", "pale-purple-classic"])
def test_a_washed_out_wall_is_named_by_its_hue_never_surely(lab: tuple[float, float, float], name: str) -> None:
    got, conf = name_colour(np.array(lab, np.float32), PALETTE)
    assert got == name
    assert 0.0 < conf < C.MATCH_COLOUR_MIN_CONF  # never rules catalog cards of other colours out
    assert name_colour(np.array(lab, np.float32), PALETTE, washed=False) == (None, 0.0)


@pytest.mark.parametrize("lab", [
    (36.8, 19.4, 14.9),  # a flat roof's brown chimney: darker than red, not washed out
    (82.6, 14.2, -24.4),  # a pale hue between purple and blue: the margin is too small to guess
    (61.0, 23.1, -34.0),  # a pale store between purple and blue
    (60.0, 0.0, 0.0),  # grey
    (95.0, 3.0, 12.0),  # paper with a tint: below COLOUR_WASHED_MIN of any print's chroma
], ids=["dark-chimney", "between-purple-and-blue", "store-between-purple-and-blue", "grey", "tinted-paper"])
def test_what_is_no_washed_out_print_stays_unknown(lab: tuple[float, float, float]) -> None:
    assert name_colour(np.array(lab, np.float32), PALETTE) == (None, 0.0)


@pytest.mark.parametrize("lab", [
    *[tuple(float(v) for v in PALETTE[n]) for n in PALETTE],
    (50.0, 55.0, 30.0),  # a darker red
    (70.0, 30.0, 60.0),  # an orange
], ids=[*PALETTE, "dark-red", "orange-ish"])
def test_a_colour_named_as_it_is_keeps_its_name_and_confidence(lab: tuple[float, float, float]) -> None:
    colour = np.array(lab, np.float32)
    assert name_colour(colour, PALETTE) == name_colour(colour, PALETTE, washed=False)
    assert name_colour(colour, PALETTE)[0] is not None
