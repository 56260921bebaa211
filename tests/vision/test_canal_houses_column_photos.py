"""A roof found up its house's column on a generated photo taken at a tilt:
facade seed 9515 (tilt 16 deg, 3 MP) silently dropped a roof whose visible
part starts with a wide pale label right above the window below it, and
whose side borders lean out of the window's own sides on the way up."""

from __future__ import annotations

from street_photos import generate

from vision import read_photo


def shape(street: list[dict]) -> list[tuple[int, bool]]:
    return [(1 + len(h["windows"]) + (h.get("roof") is not None), h.get("roof") is not None)
            for h in street]


def test_a_leaning_roof_with_a_label_is_read_on_a_tilted_photo() -> None:
    made = generate(9515, style="facade", camera="pinhole", discards=None, decks=None, size=(2000, 1500))
    want = shape(made.truth["street"])
    assert (4, True) in want  # the house whose roof was dropped
    got = read_photo(made.data, game="canal-houses")
    assert len(got["cards"]) == sum(n for n, _ in want)
    assert shape(got["proposal"]["street"]) == want
