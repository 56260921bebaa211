"""Speed at 12 MP (issue 13) without changing an answer. A group's catalog
comes with every street photo: its entries are decoded and normalised once
per process and reused while their text is the same. The template check
compares a card only with the entries it may be (a sure colour rules the
rest out): its score must be what comparing it with just those gives."""

from __future__ import annotations

import base64

import numpy as np
import pytest
from catalog_thumbs import artwork
from catalog_thumbs import pool as thumb_pool
from catalog_thumbs import shown as shown_part

from vision.canal_houses import constants as C
from vision.canal_houses import template
from vision.canal_houses.catalog import (
    THUMB_H,
    THUMB_W,
    TILE,
    Catalog,
    normalised,
)
from vision.canal_houses.recognise import percentile, template_score


def _vision(seed: int, count: int = 60) -> dict:
    rng = np.random.default_rng(seed)
    b64 = lambda a: base64.b64encode(np.ascontiguousarray(a).tobytes()).decode("ascii")  # noqa: E731
    return {"version": C.ENTRY_VERSION, "count": count,
            "points": b64(rng.random((count, 2), dtype=np.float32) * 200),
            "descriptors": b64(rng.integers(0, 256, (count, 32), dtype=np.uint8)),
            "thumb": b64(rng.integers(0, 256, (THUMB_H, THUMB_W), dtype=np.uint8))}


def _item(vision: dict, card_id: str = "W01", role: str = "window") -> dict:
    return {"id": card_id, "role": role, "card": {"cats": 1, "color": "red"}, "vision": vision}


def test_the_same_entry_text_is_decoded_once() -> None:
    vision = _vision(1)
    first = Catalog.parse([_item(vision)]).entries[0]
    again = Catalog.parse([_item(dict(vision))]).entries[0]  # a new request carrying the same text
    assert again.desc is first.desc and again.thumb is first.thumb and again.points is first.points


@pytest.mark.parametrize("change", ["thumb", "descriptors", "points"], ids=str)
def test_changed_entry_text_is_decoded_anew(change: str) -> None:
    vision = _vision(2)
    first = Catalog.parse([_item(vision)]).entries[0]
    other = dict(vision, **{change: _vision(3)[change]})
    second = Catalog.parse([_item(other)]).entries[0]
    field = {"thumb": "thumb", "descriptors": "desc", "points": "points"}[change]
    assert not np.array_equal(getattr(second, field), getattr(first, field))


@pytest.mark.parametrize("card_id, role, card", [
    ("S01", "store", {"points": 3, "color": "blue", "condition": "2+ cats"}),
    ("R01", "roof", {"points": 2, "color": "green", "condition": "exactly 3 high"}),
    ("W02", "window", {"birds": 2, "color": "yellow"}),
], ids=["store", "roof", "window"])
def test_one_picture_under_other_ids_and_values_keeps_its_own(card_id: str, role: str, card: dict) -> None:
    vision = _vision(4)
    Catalog.parse([_item(vision)])
    entry = Catalog.parse([{"id": card_id, "role": role, "card": card, "vision": vision}]).entries[0]
    assert (entry.id, entry.role, entry.color) == (card_id, role, card["color"])
    assert entry.values == card


def test_cached_pictures_are_the_normalised_decoded_ones_and_read_only() -> None:
    vision = _vision(5)
    entry = Catalog.parse([_item(vision)]).entries[0]
    raw = np.frombuffer(base64.b64decode(vision["thumb"]), np.uint8).reshape(THUMB_H, THUMB_W)
    assert np.array_equal(entry.thumb, normalised(raw))
    with pytest.raises(ValueError):
        entry.thumb[0, 0] = 1.0


@pytest.mark.parametrize("vision, words", [
    ({"version": C.ENTRY_VERSION, "count": 60, "points": "not base64!", "descriptors": "", "thumb": ""}, ""),
    ({"version": C.ENTRY_VERSION, "count": 60}, "points"),
    ({"version": C.ENTRY_VERSION, "count": "many", "points": "", "descriptors": "", "thumb": ""}, "many"),
], ids=["bad-base64", "missing-arrays", "bad-count"])
def test_a_broken_entry_is_still_skipped_with_a_warning(vision: dict, words: str) -> None:
    parsed = Catalog.parse([_item(vision, "W09")])
    assert parsed.entries == [] and "W09" in parsed.warnings[0] and words in parsed.warnings[0]


def _arts() -> list[np.ndarray]:
    arts = [artwork(s) for s in (1, 2, 3, 4, 5)]
    arts.append(arts[0].copy())  # entry 5: entry 0's art in another colour
    badge = artwork(9)[:3 * TILE]
    arts[1][:3 * TILE] = badge  # entries 1 and 2 share a printed badge
    arts[2][:3 * TILE] = badge
    return arts


SAME = np.array([[1, 0, 0], [0, 1, 0]], np.float64)


@pytest.mark.parametrize("shown, k, allowed", [
    (0, 0, [True, True, True, True, True, False]),  # the twin of another colour ruled out
    (0, 0, [True, False, False, False, False, False]),  # only k left
    (0, 5, [False, True, True, True, True, True]),  # k itself ruled out: still scored against the rest
    (1, 1, [True, True, False, True, False, True]),
    (1, 2, [False, False, True, True, True, False]),
    (3, 3, [True, True, True, True, True, True]),  # all allowed
], ids=["twin-ruled-out", "only-k", "k-ruled-out", "mixed", "badge-rival-ruled-out", "all"])
def test_template_score_with_rivals_ruled_out_is_the_score_among_the_rest(
        shown: int, k: int, allowed: list[bool]) -> None:
    arts = _arts()
    mask = np.array(allowed)
    kept = [i for i in range(len(arts)) if mask[i] or i == k]
    got = template_score(shown_part(arts[shown]), k, SAME, thumb_pool(arts), mask)
    alone = template_score(shown_part(arts[shown]), kept.index(k), SAME, thumb_pool([arts[i] for i in kept]))
    assert got == pytest.approx(alone, abs=1e-6)


@pytest.mark.parametrize("n, q", [(1, 25), (2, 25), (3, 25), (5, 25), (6, 25.0), (9, 50), (17, 10), (40, 90),
                                  (23, 33.3)], ids=lambda v: str(v))
def test_the_tile_percentile_is_numpys_to_the_bit(n: int, q: float) -> None:
    rng = np.random.default_rng(n)
    for dtype in (np.float32, np.float64):
        for _ in range(200):
            values = rng.normal(size=n).astype(dtype)
            assert percentile(values.copy(), q) == float(np.percentile(values, q))


def test_a_card_is_normalised_once_for_all_the_entries_it_is_laid_on(monkeypatch: pytest.MonkeyPatch) -> None:
    arts = _arts()
    calls: list[int] = []
    real = template.normalised
    monkeypatch.setattr(template, "normalised", lambda g: calls.append(1) or real(g))
    grey = shown_part(arts[0])
    first = [template_score(grey, k, SAME, thumb_pool(arts)) for k in range(len(arts))]
    assert len(calls) == 1
    again = template_score(grey.copy(), 0, SAME, thumb_pool(arts))  # another array: normalised afresh
    assert len(calls) == 2 and again == first[0]
