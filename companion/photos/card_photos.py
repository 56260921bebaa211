"""Catalog card photos: `POST /api/groups/<gid>/cards/<cid>/photo` (multipart
`photo`) describes the card from one photo of it, in the capped worker process,
and keeps that description with the card; street photos are then read with it
(companion/photos/api.py passes the catalog to the reader).

Many cards at once: `POST /api/groups/<gid>/card-photos/grid` (multipart
`photo`: up to about 20 cards laid out apart, face up) describes every card
found, keeps the descriptions under a grid id (in the photos table, without
the picture) and answers each card's upright preview, role and colour hints
and the values already typed for similar catalog cards; a person then saves
each card (`POST /api/groups/<gid>/cards`) and attaches its description with
`POST /api/groups/<gid>/cards/<cid>/photo` (form fields `grid` and `index`)."""

from __future__ import annotations

import json
import uuid

from flask import jsonify, request

from .. import storage
from ..photos.worker import CATALOG, CATALOG_GRID
from ..storage import photos as card_photos
from ..web.access import group_required
from ..web.db import get_db
from ..web.errors import error, found_or_404
from .pages import bp
from .reading import read_photo, refuse_unknown_fields, uploaded_photo

ROLE_WORDS = {"store": "a store", "window": "a window", "roof": "a roof"}


@bp.post("/api/groups/<gid>/cards/<cid>/photo")
@group_required
def card_photo(gid: str, cid: str):
    card = found_or_404(storage.get_card(get_db(), gid, cid), "no such card in this group's catalog")
    refuse_unknown_fields({"grid", "index"}, "send the file field 'photo', or 'grid' and 'index' "
                                             "of a card found in a photo of many")
    if request.form.get("grid") is not None:
        entry = _grid_entry(gid, request.form.get("grid", ""), request.form.get("index", ""))
        if isinstance(entry, tuple):
            return entry
    else:
        _fmt, entry = read_photo(uploaded_photo("the card's photo"), game=CATALOG)
    saved = {**card_photos.set_card_photo(get_db(), gid, cid, entry), "stale": False}
    warnings = []
    if entry.get("looks_face_down"):
        warnings.append("the card looks the same turned half round, like the back of a card; check that "
                        "it was photographed face up")
    hint = entry.get("role_hint")
    if hint and hint != card["kind"] and request.form.get("grid") is None:
        warnings.append(f"the photo looks like {ROLE_WORDS.get(hint, hint)} card, but “{card['name']}” "
                        f"is saved as {ROLE_WORDS[card['kind']]}; check that you photographed the right card")
    colour = (card["data"] or {}).get("color")
    if colour and entry.get("color_hint") and entry["color_hint"] != colour:
        warnings.append(f"the card looks {entry['color_hint']} in the photo, but it is saved as {colour}; "
                        "check the card's colour or take the photo again in daylight")
    return jsonify({**saved, "warnings": warnings}), 201


def _grid_entry(gid: str, grid: str, index: str):
    """The description of card `index` of a photo of many, or an error answer."""
    photo = storage.get_photo(get_db(), gid, grid) if grid else None
    if not photo or photo["game"] != CATALOG_GRID:
        return error("no such photo of many cards in this group; take the photo again", 404, "grid")
    cards = photo["reading"].get("cards") or []
    if not index.isdigit() or not 0 <= int(index) < len(cards):
        return error(f"index must be a card number from 0 to {len(cards) - 1}", 422, "index")
    return cards[int(index)]["vision"]


@bp.post("/api/groups/<gid>/card-photos/grid")
@group_required
def card_grid(gid: str):
    refuse_unknown_fields(set(), "send only the file field 'photo'")
    _fmt, reading = read_photo(uploaded_photo("the photo of the cards"), game=CATALOG_GRID)
    pid = str(uuid.uuid4())
    storage.add_photo(get_db(), gid, pid, CATALOG_GRID, "", "application/json", reading)
    known = storage.list_cards(get_db(), gid)
    cards = []
    for i, card in enumerate(reading["cards"]):
        vision = card["vision"]
        cards.append({"index": i, "preview": card["preview"], "outline": card["outline"],
                      "role_hint": vision.get("role_hint"), "color_hint": vision.get("color_hint"),
                      "features": vision.get("count"), "looks_face_down": bool(vision.get("looks_face_down")),
                      "similar": _similar(known, vision.get("role_hint"), vision.get("color_hint"))})
    return jsonify({"id": pid, "cards": cards, "warnings": reading.get("warnings", []),
                    "size": reading.get("size")}), 201


def _similar(known: list[dict], role: str | None, colour: str | None, limit: int = 4) -> list[dict]:
    """Values already typed for catalog cards like this one (same kind, the
    same colour first), each set of values once, to fill the form in a tap."""
    out, seen = [], set()
    for card in sorted((c for c in known if c["kind"] == role),
                       key=lambda c: ((c["data"] or {}).get("color") != colour, c["name"].lower())):
        values = {k: v for k, v in (card["data"] or {}).items() if k != "color"}
        key = json.dumps(values, sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        out.append({"name": card["name"], "kind": card["kind"], "data": card["data"]})
        if len(out) == limit:
            break
    return out


@bp.delete("/api/groups/<gid>/cards/<cid>/photo")
@group_required
def delete_card_photo(gid: str, cid: str):
    found_or_404(card_photos.delete_card_photo(get_db(), gid, cid),
                 "this card has no photo in the catalog")
    return "", 204


@bp.get("/api/groups/<gid>/card-photos")
@group_required
def list_card_photos(gid: str):
    from vision.canal_houses.constants import ENTRY_VERSION

    photos = card_photos.list_card_photos(get_db(), gid)
    for photo in photos:  # described by another version of the reader: not used, take it again
        photo["stale"] = photo.pop("version") != ENTRY_VERSION
    return jsonify({"photos": photos})
