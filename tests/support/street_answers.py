"""Checks on a Canal Houses answer against the generator's truth, shared by
the tests of face-down cards: a street's shape, and every back left out of
the street and reported as face-down."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np


def shape(street: list[dict]) -> list[tuple[int, bool]]:
    """Each house's card count and whether it has a roof."""
    return [(1 + len(h["windows"]) + (h.get("roof") is not None), h.get("roof") is not None) for h in street]


def inside(outline: list, poly: np.ndarray) -> bool:
    """Whether an answer's outline has its middle within the polygon."""
    return cv2.pointPolygonTest(poly, tuple(np.mean(outline, axis=0)), False) >= 0


def assert_backs_left_out(got: dict[str, Any], truth: dict[str, Any]) -> None:
    """Every true face-down card is out of the street and reported face-down."""
    for fd in truth["face_down"]:
        poly = np.array(fd["outline"], np.float32)
        assert not any(inside(c["outline"], poly) for c in got["cards"]), "a back was placed in the street"
        assert any(inside(o["outline"], poly) and o["kind"] == "face-down" for o in got["other_cards"]), \
            "a back was not reported as face-down"
