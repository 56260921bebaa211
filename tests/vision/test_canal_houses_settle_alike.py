"""Near-twins of one print agree with a card's visible part alike in all but
a tile or so, so none of them wins the tiles the template score demands and
every one scores -1 (dev wide-border windows: W32/W52/W10/W40 share their
art). Their agreement without that demand goes to the twin settlement
(recognise._settle_alike): the part where they differ decides, as a
proposal naming the twin, and a card that is neither twin, or found only by
its repeated print, stays unknown."""

from __future__ import annotations

import numpy as np
import pytest
from catalog_thumbs import pool
from test_canal_houses_twin_settle import SAME, _query, _texture, _twins

from vision.canal_houses import constants as C
from vision.canal_houses import recognise

AGREEMENT = {0: 0.95, 1: 0.94, 2: 0.2, 3: 0.1}  # how well each entry agrees, wins or not


def _fake_score(grey: np.ndarray, k: int, M: np.ndarray, pool: object, allowed: object = None,
                wins_needed: int = 2) -> float:
    return -1.0 if wins_needed else AGREEMENT[k]  # no tile tells the twins apart


@pytest.mark.parametrize(("shows", "repeated", "role", "expected"), [
    ("card 0", set(), "window", "0"),
    ("card 1", set(), "window", "1"),
    ("card 1", set(), "roof", None),          # roofs: no look-alike check, left as they were
    ("a third icon", set(), "window", None),  # a card missing from the catalog, sharing the twins' art
    ("card 0", {0, 1}, "window", None),       # found only by repeated print: never settled among twins
    ("card 0", set(), "store", None),         # store twins: proposals where they differ (twins.py)
], ids=["twin-0", "twin-1", "roofs-left-out", "missing-twin", "repeats-only", "stores-left-to-twins"])
def test_twins_no_tile_tells_apart_are_settled_where_they_differ(
        monkeypatch: pytest.MonkeyPatch, shows: str, repeated: set[int], role: str, expected: str | None) -> None:
    arts = _twins(icon_rows=10)
    thumbs = pool(arts)
    for e in thumbs.entries:
        e.role = role
    if shows == "a third icon":
        art = arts[0].copy()
        art[4:14, 10:-10] = _texture(26)[4:14, 10:-10]
    else:
        art = arts[int(shows[-1])]
    monkeypatch.setattr(recognise, "template_score", _fake_score)
    scored = [(-1.0, 30, 0, SAME), (-1.0, 30, 1, SAME)]
    found = recognise._decide(thumbs, _query(art), scored, set(), repeated, None, None)
    assert (None if found is None else found[0].id) == expected
    if found is not None:  # resting on where twins differ: a proposal naming the twin
        match = recognise.Match(*found)
        assert match.by == "twin" and match.confidence <= C.TWIN_CONFIDENCE
        assert [e.id for e in match.rivals] == [str(1 - int(expected))]


def test_a_lone_candidate_names_the_look_alikes_it_was_told_from(monkeypatch: pytest.MonkeyPatch) -> None:
    arts = _twins(icon_rows=10)
    thumbs = pool(arts)
    monkeypatch.setattr(recognise, "template_score", _fake_score)
    found = recognise._decide(thumbs, _query(arts[0]), [(-1.0, 30, 0, SAME)], set(), set(), None, None)
    assert found is not None and [e.id for e in recognise.Match(*found).rivals] == ["1"]
