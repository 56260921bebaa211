"""A tucked window's visible part ends where the card above covers it: there
the outline's error, that card's edge and its shadow make even the right
card differ from its entry more than the look-alike check allows (wide-border
dev 3 MP: most right windows refused so had their worst patch at that rim).
Such a window is proposed ("by": "twin", named in a warning), never sure: a
card missing from the catalog may differ there too; and only when nothing
else settles the card (recognise._best asks last). Where it differs inside
the visible part, it stays unknown, as before (recognise._inside_proposal)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from catalog_thumbs import artwork, pool, shown
from test_canal_houses_twin_settle import SAME, _texture

from vision.canal_houses import constants as C
from vision.canal_houses import recognise
from vision.canal_houses.catalog import THUMB_W
from vision.canal_houses.template import inside_patches

ROWS = 60  # the visible part: the top 60 thumbnail rows
LIMIT = 1.0  # the patch limit of a blurred card (twin_patch_limit)
ICONS = (40, 58)  # the twins' own icons: a strip reaching the visible part's bottom rim


def _twins() -> list[np.ndarray]:
    """Entries 0 and 1: one art, each with its own icons in ICONS rows;
    entry 2: other art."""
    base = artwork(31)
    a, b = base.copy(), base.copy()
    top, bottom = ICONS
    a[top:bottom, 10:THUMB_W - 10] = _texture(32)[top:bottom, 10:THUMB_W - 10]
    b[top:bottom, 10:THUMB_W - 10] = _texture(33)[top:bottom, 10:THUMB_W - 10]
    return [a, b, _texture(34)]


def _query(art: np.ndarray, shadow_rows: int = 0) -> np.ndarray:
    """The visible part as the street photo shows it, the covering card's
    shadow over its last shadow_rows thumbnail rows."""
    grey = shown(art, ROWS).astype(np.float32)
    if shadow_rows:
        h = int(round(shadow_rows * C.CANON_PX_PER_MM / C.THUMB_PX_PER_MM))
        grey[-h:] = grey[-h:] * 0.3 + 90 * np.linspace(0, 1, h)[:, None]
    return cv2.GaussianBlur(np.clip(grey, 0, 255).astype(np.uint8), (0, 0), 1.0)


@pytest.mark.parametrize(("shows", "shadow", "role", "expected"), [
    ("card 0", 0, "window", ("0", None)),          # clean: sure, as before
    ("card 0", 4, "window-strict", None),          # the rim counts until nothing else settles the card
    ("card 0", 4, "window", ("0", "twin")),        # a shadow at the rim: proposed
    ("card 1", 4, "window", ("1", "twin")),
    ("card 0", 4, "roof", None),                   # roofs: no look-alike check to relax
    ("a third icon", 4, "window", None),           # missing from the catalog, differing inside
], ids=["clean-sure", "rim-counts-first", "rim-shadow-0", "rim-shadow-1", "roofs-left-out", "missing-card-inside"])
def test_a_window_differing_only_at_its_rim_is_proposed(
        shows: str, shadow: int, role: str, expected: tuple[str, str | None] | None) -> None:
    arts = _twins()
    thumbs = pool(arts)
    for e in thumbs.entries:
        e.role = role.split("-")[0]
    k = 1 if shows == "card 1" else 0
    art = arts[k]
    if shows == "a third icon":
        art = arts[0].copy()
        art[ICONS[0]:ICONS[0] + 10, 10:-10] = _texture(35)[ICONS[0]:ICONS[0] + 10, 10:-10]
    scored = [(0.95, 30, k, SAME), (0.2, 30, 2, SAME)]
    found = recognise._decide(thumbs, _query(art, shadow), scored, set(), set(), None, LIMIT, inside=role != "window-strict")
    got = None if found is None else (found[0].id, recognise.Match(*found).by)
    assert got == expected
    if found is not None and got[1] == "twin":
        match = recognise.Match(*found)
        assert match.confidence <= C.TWIN_CONFIDENCE
        assert [e.id for e in match.rivals] == [str(1 - k)]


@pytest.mark.parametrize(("seen_rows", "inside_rows"), [
    ((3, 57), (6, 54)),     # a 7 px patch centred 3 px in from the rim lies wholly inside
    ((0, 57), (0, 54)),     # the thumbnail's own frame counts as inside
], ids=["rim-left-out", "frame-counts-inside"])
def test_inside_patches_are_wholly_in_the_seen_part(seen_rows: tuple[int, int], inside_rows: tuple[int, int]) -> None:
    seen = np.zeros((80, 40), bool)
    seen[seen_rows[0]:seen_rows[1] + 1, :] = True
    rows = np.nonzero(inside_patches(seen, 7).any(axis=1))[0]
    assert (rows[0], rows[-1]) == inside_rows



class _Index:
    def knnMatch(self, desc: np.ndarray, k: int) -> list:  # noqa: N802 (OpenCV's name)
        return []


@pytest.mark.parametrize(("rounds", "expected"), [
    (["sure"], [(1, False)]),                          # settled by the shortlist: as before, nothing more asked
    ([None, "sure"], [(1, False), (2, False)]),        # settled by the next entries: as before
    ([None, None], [(1, False), (2, False), (2, True)]),  # nothing settles: the rim asked last, over all tried
], ids=["sure-first", "sure-later", "rim-asked-last"])
def test_the_rim_is_left_out_only_when_nothing_else_settles_the_card(
        monkeypatch: pytest.MonkeyPatch, rounds: list[str | None], expected: list[tuple[int, bool]]) -> None:
    arts = [artwork(40 + i) for i in range(C.SHORTLIST + 6)]
    thumbs = pool(arts)
    thumbs = type(thumbs)(_Index(), np.arange(len(arts)), thumbs.entries, thumbs.thumbs)
    monkeypatch.setattr(recognise, "shortlist_votes", lambda pairs, owner, n: np.arange(n, 0, -1, dtype=float))
    monkeypatch.setattr(recognise, "_score", lambda pool, grey, q, d, tried, *rest: [(0.9, 30, tried[0], SAME)])
    asked: list[tuple[int, bool]] = []
    answers = iter(rounds)

    def fake_decide(pool: object, grey: object, scored: list, *rest: object, inside: bool = False) -> tuple | None:
        asked.append((len(scored), inside))
        return (thumbs.entries[0], 0.4, False, "twin", ()) if inside else \
            ((thumbs.entries[0], 0.9) if next(answers) else None)

    monkeypatch.setattr(recognise, "_decide", fake_decide)
    found = recognise._best(thumbs, np.zeros((100, 100), np.uint8), np.zeros((10, 2), np.float32),
                            np.zeros((10, 32), np.uint8))
    assert asked == expected
    assert found is not None and recognise.Match(*found).by == ("twin" if expected[-1][1] else None)
