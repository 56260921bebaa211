"""Units of the Canal Houses photo reader: palette parsing and colour naming,
catalog entries (build, serialise, recognise, refuse a card not in it), the
dispatch through vision.read_photo and the answers to unreadable photos."""

from __future__ import annotations

import json

import numpy as np
import pytest
from card_decks import deck
from street_photos import card_photo, generate

from vision import PhotoError, read_photo
from vision.canal_houses.catalog import Catalog
from vision.canal_houses.colour import field_colour, name_colour, parse_palette
from vision.canal_houses.entry_photos import catalog_entry_from_photo


@pytest.mark.parametrize("palette, names", [
    (None, ["red", "orange", "yellow", "green", "blue", "purple"]),
    (["red", "Blue"], ["red", "Blue"]),
    ({"teal": "#1e9696", "rose": "#e678aa"}, ["teal", "rose"]),
    ([{"name": "mint", "hex": "#98ff98"}], ["mint"]),
], ids=["default", "names", "mapping", "objects"])
def test_palette_forms(palette: object, names: list[str]) -> None:
    assert list(parse_palette(palette)) == names


@pytest.mark.parametrize("palette, words", [
    (["chartreuse-ish"], "no known value"),
    ({"red": "#12"}, "not #rrggbb"),
    ([], "empty"),
    (42, "must be"),
], ids=["unknown-name", "bad-hex", "empty", "not-a-list"])
def test_palette_refusals(palette: object, words: str) -> None:
    with pytest.raises(PhotoError, match=words):
        parse_palette(palette)


@pytest.mark.parametrize("name", ["red", "orange", "yellow", "green", "blue", "purple"], ids=str)
def test_palette_colour_names_itself(name: str) -> None:
    pal = parse_palette(None)
    got, conf = name_colour(pal[name], pal)
    assert got == name and conf > 0.5


def test_grey_is_no_palette_colour() -> None:
    pal = parse_palette(None)
    assert name_colour(np.array([60.0, 0.0, 0.0], np.float32), pal) == (None, 0.0)


@pytest.fixture(scope="module")
def small_catalog() -> tuple[list[dict], list]:
    """Catalog of the cards of one street but one, built from card photos."""
    street = generate(21, size=(2000, 1500), n_houses=2, exif=False)
    ids = [c["id"] for c in street.truth["cards"]]
    cards = {c.id: c for c in deck()}
    left_out = ids[-1]
    entries = []
    for i, cid in enumerate(ids[:-1]):
        vision = catalog_entry_from_photo(card_photo(cards[cid], seed=500 + i))
        entries.append({"id": cid, "role": cards[cid].role, "card": cards[cid].truth(),
                        "vision": json.dumps(vision)})
    return entries, [street, left_out]


def test_catalog_entry_is_json_and_parses(small_catalog: tuple[list[dict], list]) -> None:
    entries, _ = small_catalog
    parsed = Catalog.parse(entries)
    assert not parsed.warnings and len(parsed.entries) == len(entries)
    assert all(len(e.desc) == len(e.points) >= 50 for e in parsed.entries)


def test_broken_catalog_entry_is_skipped_with_a_warning() -> None:
    parsed = Catalog.parse([{"id": "x", "vision": {"version": 0}}])
    assert parsed.entries == [] and "x" in parsed.warnings[0]


def test_catalog_fills_values_and_leaves_unknown_card_null(small_catalog: tuple[list[dict], list]) -> None:
    entries, (street, left_out) = small_catalog
    answer = read_photo(street.data, game="canal-houses", catalog=entries)
    by_place = {(c["house"], c["row"]): c for c in answer["cards"]}
    truth = {(c["house"], c["row"]): c["id"] for c in street.truth["cards"]}
    matched = {k: c["match"]["id"] for k, c in by_place.items() if c["match"]}
    assert all(truth[k] == v for k, v in matched.items()), "a card was taken for another"
    assert left_out not in matched.values()
    assert len(matched) >= len(entries) - 2
    for h, (house, conf) in enumerate(zip(answer["proposal"]["street"], answer["confidence"]["street"],
                                          strict=True)):
        if by_place[(h, 0)]["match"]:
            assert house["store"]["points"] == street.truth["street"][h]["store"]["points"]
            assert conf["store"]["points"] > 0


@pytest.mark.parametrize("data, words, status", [
    (b"", "empty", 400),
    (b"<svg xmlns='http://www.w3.org/2000/svg'/>", "SVG", 415),
    (b"hello", "not a JPEG or PNG", 415),
], ids=["empty-file", "svg", "text"])
def test_unreadable_files(data: bytes, words: str, status: int) -> None:
    with pytest.raises(PhotoError, match=words) as info:
        read_photo(data, game="canal-houses")
    assert info.value.status == status


@pytest.mark.parametrize("seed, tag", [(31, 8), (37, 6), (41, 3)], ids=["tag8", "tag6", "tag3"])
def test_exif_orientation_gives_upright_outlines(seed: int, tag: int) -> None:
    made = generate(seed, size=(2000, 1500), n_houses=2, exif=True)
    assert made.truth["exif_orientation"] == tag
    answer = read_photo(made.data, game="canal-houses")
    assert answer["size"] == made.truth["size"]
    assert len(answer["cards"]) == len(made.truth["cards"])


@pytest.mark.parametrize("seed, exif", [(43, True), (47, False)], ids=["exif", "no-exif"])
def test_a_large_photo_read_at_half_size_answers_in_its_own_pixels(seed: int, exif: bool) -> None:
    """A 12 MP photo is decoded at half size for speed; sizes and outlines
    are still in the photo's own (upright) pixels: the outlines found agree
    with the same street's at 2000 px scaled up."""
    big = generate(seed, size=(4000, 3000), n_houses=2, exif=exif)
    answer = read_photo(big.data, game="canal-houses")
    assert answer["size"] == big.truth["size"]
    assert len(answer["cards"]) == len(big.truth["cards"])
    for found in answer["cards"]:
        centre = np.mean(found["outline"], axis=0)
        assert any(_inside(centre, t["outline"]) for t in big.truth["cards"]), found["outline"]


def _inside(point: np.ndarray, outline: list[list[float]]) -> bool:
    import cv2

    return cv2.pointPolygonTest(np.array(outline, np.float32), (float(point[0]), float(point[1])), False) >= 0


@pytest.mark.parametrize("table", ["white-grid", "pale"])
def test_pale_empty_table_has_no_cards(table: str) -> None:
    """A white table is as white as the cards' borders: its grid cells and
    plain expanse must not pass for card fields."""
    made = generate(52, size=(2000, 1500), kind="empty", table=table)
    with pytest.raises(PhotoError, match="no cards"):
        read_photo(made.data, game="canal-houses")


def test_blur_message_for_a_blurred_street() -> None:
    made = generate(61, size=(2000, 1500), kind="blurred", n_houses=3, exif=False)
    with pytest.raises(PhotoError, match="too blurred") as info:
        read_photo(made.data, game="canal-houses")
    assert info.value.status == 422


@pytest.mark.parametrize("strip, expected", [(0.04, "purple"), (0.0, None)], ids=["wall-strip", "no-colour"])
def test_a_roof_showing_only_a_strip_of_its_wall_takes_that_colour(strip: float, expected: str | None) -> None:
    """Grey slates under a pale sky with the wall's colour only in a strip at
    the edge of the visible part: the strip names the colour; with no
    colour anywhere the colour stays unknown for a person."""
    patch = np.full((80, 112, 3), 0.35, np.float32)  # slate grey (BGR, 0-1)
    patch[:20] = (0.92, 0.88, 0.80)  # a pale, hardly chromatic sky
    rows = int(round(strip * 80))
    if rows:
        patch[80 - rows:] = (0.63, 0.24, 0.51)  # purple wall (#823ca0)
    got, conf = name_colour(field_colour(patch), parse_palette(None))
    assert got == expected and (conf > 0) == (expected is not None)
