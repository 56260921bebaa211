"""A Canal Houses catalog made the way a person makes one: each known card of
a deck style photographed alone with the pinhole camera and read by
`catalog_entry_from_photo`, never from the generator's truth about its look.
Shared by the recognition tests (twins, layout, index seeding), which each
built the same catalog by hand."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import numpy as np
from card_decks import CardDesign, deck
from street_photos import card_photo

from vision.canal_houses.catalog import Catalog
from vision.canal_houses.entry_photos import _describe, _prepare, catalog_entry_from_photo

FIRST_SEED = 700  # card i of the catalog is photographed with seed FIRST_SEED + i


def catalog_rows(cards: Iterable[CardDesign], first_seed: int = FIRST_SEED) -> list[dict[str, Any]]:
    """The catalog option the reader is given: one row a card (its id, role
    and typed values, and the vision entry as stored, a JSON string)."""
    return [{"id": c.id, "role": c.role, "card": c.truth(),
             "vision": json.dumps(catalog_entry_from_photo(card_photo(c, seed=first_seed + i, camera="pinhole")))}
            for i, c in enumerate(cards)]


def known_catalog(style: str, ids: Iterable[str], first_seed: int = FIRST_SEED
                  ) -> tuple[Catalog, dict[str, CardDesign]]:
    """The catalog of the cards `ids` of a deck style (photographed in that
    order), and every card of the style by id, known or not."""
    cards = {c.id: c for c in deck(style=style)}
    return Catalog.parse(catalog_rows((cards[cid] for cid in ids), first_seed)), cards


def photographed_card(data: bytes) -> tuple[np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
    """The largest whole card of a photo as the catalog sees it: the decoded
    photo, the card's quad (TL, TR, BR, BL, upright) in its pixels, the white
    gains, and the card's catalog entry (its colour hint among others)."""
    photo, scale, gains, bal, whole = _prepare(data)
    whole.sort(key=lambda f: -f.area)
    entry, quad = _describe(photo, scale, gains, bal, whole[0])
    return photo, quad, gains, entry
