"""Catalog card photos: `POST /api/groups/<gid>/cards/<cid>/photo` (multipart
`photo`) describes the card from one photo of it, in the capped worker process,
and keeps that description with the card; street photos are then read with it
(companion/api/photos.py passes the catalog to the reader)."""

from __future__ import annotations

from flask import abort, jsonify, request

from vision import PhotoError
from vision.decode import check_header

from .. import photos as photo_worker
from .. import storage
from ..api.photos import photo_queue, queue_full
from ..app import get_db
from ..photos.queue import QueueFull
from ..photos.worker import CATALOG
from ..storage import photos as card_photos
from ..web.security import group_required
from . import bp

ROLE_WORDS = {"store": "a store", "window": "a window", "roof": "a roof"}


def _error(message: str, status: int, path: str | None = None):
    body = {"error": message}
    if path:
        body["path"] = path
    return jsonify(body), status


@bp.post("/api/groups/<gid>/cards/<cid>/photo")
@group_required
def card_photo(gid: str, cid: str):
    card = storage.get_card(get_db(), gid, cid)
    if not card:
        abort(404, description="no such card in this group's catalog")
    unknown = sorted(set(request.form) - {"csrf_token"})
    if unknown:
        return _error(f"{unknown[0]} is not a known field (send only the file field 'photo')",
                      422, unknown[0])
    upload = request.files.get("photo")
    if upload is None:
        return _error("send the card's photo as the multipart field 'photo' (JPEG or PNG)", 400, "photo")
    data = upload.read()
    try:
        check_header(data)
        entry = photo_worker.read_in_worker(data, game=CATALOG, queue=photo_queue())
    except QueueFull as exc:
        return queue_full(exc)
    except PhotoError as exc:
        return _error(exc.message, exc.status if 400 <= exc.status < 500 else 422, "photo")
    saved = {**card_photos.set_card_photo(get_db(), gid, cid, entry), "stale": False}
    warnings = []
    hint = entry.get("role_hint")
    if hint and hint != card["kind"]:
        warnings.append(f"the photo looks like {ROLE_WORDS.get(hint, hint)} card, but “{card['name']}” "
                        f"is saved as {ROLE_WORDS[card['kind']]}; check that you photographed the right card")
    colour = (card["data"] or {}).get("color")
    if colour and entry.get("color_hint") and entry["color_hint"] != colour:
        warnings.append(f"the card looks {entry['color_hint']} in the photo, but it is saved as {colour}; "
                        "check the card's colour or take the photo again in daylight")
    return jsonify({**saved, "warnings": warnings}), 201


@bp.delete("/api/groups/<gid>/cards/<cid>/photo")
@group_required
def delete_card_photo(gid: str, cid: str):
    if not card_photos.delete_card_photo(get_db(), gid, cid):
        abort(404, description="this card has no photo in the catalog")
    return "", 204


@bp.get("/api/groups/<gid>/card-photos")
@group_required
def list_card_photos(gid: str):
    from vision.canal_houses.constants import ENTRY_VERSION

    photos = card_photos.list_card_photos(get_db(), gid)
    for photo in photos:  # described by another version of the reader: not used, take it again
        photo["stale"] = photo.pop("version") != ENTRY_VERSION
    return jsonify({"photos": photos})
