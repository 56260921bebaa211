"""Golden photos: every generated photo in fixtures/photos/doodle-china/ is read
and compared with the truth beside it, field by field.

Regenerate with `.venv/bin/python bench/make_photos.py`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from companion.photos.game_data import game_data
from vision import read_photo
from vision.doodle_china import ocr
from vision.doodle_china.reader import read_sheet

FOLDER = Path(__file__).resolve().parents[2] / "fixtures" / "photos" / "doodle-china"
CASES = sorted(p.name[: -len(".expected.json")] for p in FOLDER.glob("*.expected.json"))


def load(case: str) -> tuple[bytes, dict]:
    return (FOLDER / f"{case}.jpg").read_bytes(), json.loads((FOLDER / f"{case}.expected.json").read_text("utf-8"))


def test_there_are_enough_golden_photos():
    assert len(CASES) >= 24
    assert {json.loads((FOLDER / f"{c}.expected.json").read_text())["sheet"]["edition"] for c in CASES} == {
        "suzhou", "shanghai"}
    for case in CASES:
        assert (FOLDER / f"{case}.jpg").stat().st_size < 300 * 1024, case


def needs_tesseract(reason: str) -> None:
    """Skip on a developer machine without tesseract; in CI that is a failure."""
    if os.environ.get("CI"):
        pytest.fail(f"tesseract is missing in CI (scripts/setup.sh installs it): {reason}")
    pytest.skip(reason)


@pytest.mark.parametrize("case", CASES, ids=CASES)
def test_golden_photo(case):
    data, expected = load(case)
    damaged = expected["photo"]["damaged_qr"]
    if damaged and not ocr.available():
        needs_tesseract("the torn-QR photos need tesseract for the title")
    reading = read_sheet(data, **game_data("doodle-china"))
    truth = expected["proposal"]
    got = reading.proposal
    assert set(got) == set(truth)
    wrong = [(r, c, g, t) for r, (grow, trow) in enumerate(zip(got["grid"], truth["grid"], strict=True))
             for c, (g, t) in enumerate(zip(grow, trow, strict=True)) if g != t]
    assert wrong == [], "cells read wrong (row, col, read, truth)"
    faint = expected["photo"].get("style") == "faint"
    for key in truth:
        if faint and key == "trees_crossed":
            continue  # checked below
        assert got[key] == truth[key], key
    assert sorted(reading.details["houses"]) == sorted(expected["marks"]["houses"])
    # Floor boxes are not part of a proposal (the skyscraper value circled is);
    # at 1600x1200 they are 11 pixels wide, and one faint cross in a photo may
    # be misread (bench/read_photo.py measures them at 12 MP).
    floors_wrong = set(map(tuple, reading.details["floors"])) ^ set(map(tuple, expected["marks"]["floors"]))
    assert len(floors_wrong) <= 1, floors_wrong
    # A faint pencil's X over a tree at 1600x1200 is as light as the paper's
    # noise beside another tree (known: style-faint-suzhou reads one tree too
    # many; bench/read_photo.py measures trees at 12 MP); one box may be off.
    trees_wrong = set(reading.details["trees"]) ^ set(expected["marks"]["trees"])
    assert len(trees_wrong) <= (1 if faint else 0), trees_wrong
    if damaged:  # the edition comes from the printed title; the QR's extras may be lost
        for key in ("game", "edition", "layout"):
            assert reading.sheet[key] == expected["sheet"][key]
        assert any("QR code unreadable" in w for w in reading.warnings)
    else:
        assert reading.sheet == expected["sheet"]


@pytest.mark.parametrize("case", CASES[:2], ids=CASES[:2])
def test_read_photo_answer_has_the_contract_shape(case):
    data, expected = load(case)
    answer = read_photo(data, game="doodle-china", **game_data("doodle-china"))
    assert list(answer)[:4] == ["proposal", "confidence", "sheet", "warnings"]
    assert set(answer) - {"proposal", "confidence", "sheet", "warnings"} <= {"homography", "size"}
    edition = expected["sheet"]["edition"]
    tracks = ["hotels", "shops", "shop_bonuses"] if edition == "suzhou" else ["hotels", "skyscrapers"]
    assert set(answer["proposal"]) == {"grid", "trees_crossed", *tracks}
    assert set(answer["confidence"]) == set(answer["proposal"])
    size = 5 if edition == "suzhou" else 6
    assert [len(r) for r in answer["confidence"]["grid"]] == [size] * size
    assert all(0.0 <= v <= 1.0 for row in answer["confidence"]["grid"] for v in row)
    assert isinstance(answer["proposal"]["trees_crossed"], int)
    json.dumps(answer)  # plain JSON all the way down


@pytest.mark.parametrize("case", CASES[:4], ids=CASES[:4])
def test_proposal_scores_as_it_comes(case):
    """A proposal is the player's part of a scoring state (scoring.md)."""
    from companion.games import score

    data, expected = load(case)
    answer = read_photo(data, **game_data("doodle-china"))
    state = {"game": "doodle-china", "edition": answer["sheet"]["edition"],
             "players": [{"name": "Ana", **answer["proposal"]}]}
    truth = {**state, "players": [{"name": "Ana", **expected["proposal"]}]}
    assert score(state)["players"][0]["total"] == score(truth)["players"][0]["total"]


@pytest.mark.tesseract
@pytest.mark.parametrize("layout,agrees", [("suzhou-v1", True), ("shanghai-v1", False)],
                         ids=["right-layout", "wrong-layout"])
def test_printed_values_confirm_the_layout_without_a_qr_code(layout, agrees):
    import cv2

    from companion.games.doodle_china.layouts import get_layout
    from vision.doodle_china import reader

    if not ocr.available():
        needs_tesseract("reading the title needs tesseract")
    data, _ = load("suzhou-torn-qr")
    image, _ = reader.decode(data)
    where = reader.locate_sheet(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))
    warnings: list[str] = []
    assert reader.confirm_values(image, where.H, get_layout(layout), warnings) is agrees
    assert bool(warnings) is not agrees
