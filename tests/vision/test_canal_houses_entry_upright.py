"""A catalog entry is stored upright: a store whose door stands off the
middle of its bottom edge (the wide-border and facade decks) was stored
turned half round about half the time, which feature matching does not mind
but any comparison of pixels or words does (store twins are told apart by a
digit and a few words)."""

from __future__ import annotations

import numpy as np
import pytest
from card_decks import deck, render_card
from house_catalog import photographed_card
from street_photos import card_photo

from vision.canal_houses import constants as C
from vision.canal_houses.structure import rectify, standing_doors


def _upright(design, seed: int) -> tuple[bool, dict]:
    """Whether the entry's quad puts the card upright (against the card's own
    flat rendering, both turns compared), and the entry."""
    photo, quad, _, entry = photographed_card(card_photo(design, seed=seed, camera="pinhole"))
    face, _ = render_card(design, 5.0)
    b = int(round(C.BORDER_MM * 5))
    face = face[b:-b, b:-b].astype(np.float32)
    h, w = face.shape[:2]
    seen = rectify(photo, quad.astype(np.float32), w, h).astype(np.float32)
    return bool(np.abs(seen - face).mean() < np.abs(seen[::-1, ::-1] - face).mean()), entry


# Catalog photos that main stored turned half round (its door vote looked for the door in the middle only).
CASES = [("wide-border", "S02", 90_001), ("wide-border", "S07", 90_006), ("wide-border", "S15", 90_014),
         ("facade", "S12", 90_011), ("wide-border", "S20", 90_019), ("classic", "S05", 90_004)]


@pytest.mark.parametrize("style, cid, seed", CASES, ids=[f"{s}-{c}" for s, c, _ in CASES])
def test_a_store_entry_is_stored_upright(style: str, cid: str, seed: int) -> None:
    design = next(d for d in deck(style=style) if d.id == cid)
    up, entry = _upright(design, seed)
    assert up, f"{style} {cid} was stored turned half round"
    assert entry["role_hint"] == "store"


def test_doors_standing_on_the_bottom_or_hanging_from_the_top() -> None:
    card = np.full((160, 110, 3), 180, np.uint8)
    card[110:160, 75:95] = 40  # a door off the middle, standing on the bottom edge
    card[10:22, 8:100] = 40  # a dark banner across the top: no door
    assert standing_doors(card) == 1
    assert standing_doors(np.ascontiguousarray(card[::-1, ::-1])) == -1
    card[110:160, 75:95] = 180
    assert standing_doors(card) == 0
