"""`POST /api/groups/<gid>/photos`: read a photo of a finished sheet or street
into a proposal a person confirms. The header is checked here; decoding and
reading happen in a capped worker process (companion.photos)."""

from __future__ import annotations

import os
import uuid
from pathlib import Path
from typing import Any

from flask import Blueprint, current_app, jsonify, request, send_file

from vision import READERS

from .. import storage
from ..games import registry
from ..storage.photos import catalog_for_reading
from ..web.access import group_required
from ..web.db import get_db
from ..web.errors import error, found_or_404, write_whole
from .reading import photo_queue, read_photo, refuse_unknown_fields, uploaded_photo

NO_PHOTO = "no such photo in this group"

bp = Blueprint("api_photos", __name__, url_prefix="/api/groups/<gid>/photos")

EDITIONS = ("suzhou", "shanghai")
MEDIA_TYPES = {"jpeg": ("image/jpeg", ".jpg"), "png": ("image/png", ".png")}


def _options(gid: str, game: str, edition: str | None = None) -> dict | None:
    """Canal Houses streets are read with the group's photographed catalog cards
    (their current values fill in what the photo alone cannot say); Doodle
    China sheets with the group's confirmed templates (pads from the box)."""
    if game == "doodle-china":
        # a photo without our QR code is tried against the group's taught sheets
        templates = storage.templates_for_reading(get_db(), gid, edition)
        return {"templates": templates} if templates else None
    if game != "canal-houses":
        return None
    options = {"catalog": catalog_for_reading(get_db(), gid), "palette": list(registry.PALETTE)}
    cache = catalog_cache_folder()
    return {**options, "catalog_cache": cache} if cache else options


def catalog_cache_folder() -> str | None:
    """Where the photo workers keep the arrays worked out from a group's catalog
    (vision/canal_houses/catalog_cache.py: every photo is read in a fresh
    worker, which would work them out again, about half a second of CPU):
    config CATALOG_CACHE_FOLDER, by default the instance's catalog-cache/;
    empty turns it off. A test app keeps none unless its config names one."""
    config = current_app.config
    if "CATALOG_CACHE_FOLDER" in config:
        return str(config["CATALOG_CACHE_FOLDER"]) if config["CATALOG_CACHE_FOLDER"] else None
    return None if current_app.testing else str(Path(current_app.instance_path) / "catalog-cache")


def quota_bytes() -> int:
    """Config PHOTO_QUOTA_MB (or COMPANION_PHOTO_QUOTA_MB), default 500 MB a group."""
    value = current_app.config.get("PHOTO_QUOTA_MB") or os.environ.get("COMPANION_PHOTO_QUOTA_MB")
    return int(float(value) * 1024 * 1024) if value else 500 * 1024 * 1024


def photo_usage(gid: str) -> dict[str, Any]:
    """The group's photos with their sizes on disk, oldest first, and the quota."""
    folder = Path(current_app.config["UPLOAD_FOLDER"])
    photos = []
    for row in storage.list_photos(get_db(), gid):
        try:
            size = (folder / row["filename"]).stat().st_size
        except OSError:
            size = 0
        photos.append({"id": row["id"], "game": row["game"], "created_at": row["created_at"],
                       "bytes": size})
    return {"photos": photos, "used_bytes": sum(p["bytes"] for p in photos),
            "quota_bytes": quota_bytes()}


def _mb(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB"


def storage_full(gid: str, usage: dict[str, Any], incoming: int):
    """507: what is used, and the oldest photos whose deletion makes room."""
    need = usage["used_bytes"] + incoming - usage["quota_bytes"]
    suggest, freed = [], 0
    for photo in usage["photos"]:
        if freed >= need:
            break
        suggest.append({**photo, "delete": f"/api/groups/{gid}/photos/{photo['id']}"})
        freed += photo["bytes"]
    return jsonify({
        "error": f"this group's photos use {_mb(usage['used_bytes'])} of its "
                 f"{_mb(usage['quota_bytes'])}; delete old photos (at least {_mb(need)}, "
                 f"e.g. the {len(suggest)} oldest listed here) on the group's photo page, "
                 "then send this one again",
        "path": "photo", "used_bytes": usage["used_bytes"], "quota_bytes": usage["quota_bytes"],
        "suggest_delete": suggest}), 507


@bp.get("/queue")
@group_required
def queue_status(gid: str):
    """Where a waiting photo is: `?ticket=` (the id the page sent with it)."""
    return jsonify(photo_queue().status(request.args.get("ticket")))


@bp.get("")
@group_required
def index(gid: str):
    return jsonify(photo_usage(gid))


@bp.delete("/<pid>")
@group_required
def delete(gid: str, pid: str):
    filename = found_or_404(storage.delete_photo(get_db(), gid, pid), NO_PHOTO)
    (Path(current_app.config["UPLOAD_FOLDER"]) / filename).unlink(missing_ok=True)
    return "", 204


@bp.post("")
@group_required
def upload(gid: str):
    refuse_unknown_fields({"game", "edition", "player", "ticket"},
                          "allowed: photo, game, edition, player")
    game = request.form.get("game", "doodle-china")
    if game not in READERS:
        return error(f"game must be one of {', '.join(READERS)}", 422, "game")
    edition = request.form.get("edition") or None
    if edition is not None and (game != "doodle-china" or edition not in EDITIONS):
        allowed = ", ".join(EDITIONS) if game == "doodle-china" else "none for this game"
        return error(f"edition must be one of: {allowed}", 422, "edition")
    data = uploaded_photo("the photo")
    usage = photo_usage(gid)
    if usage["used_bytes"] + len(data) > usage["quota_bytes"]:
        return storage_full(gid, usage, len(data))
    fmt, reading = read_photo(data, game=game, edition=edition, options=_options(gid, game, edition),
                              ticket=request.form.get("ticket"))
    media_type, suffix = MEDIA_TYPES[fmt]
    pid = str(uuid.uuid4())
    folder = Path(current_app.config["UPLOAD_FOLDER"])
    folder.mkdir(parents=True, exist_ok=True)
    filename = f"{pid}{suffix}"
    player = request.form.get("player")
    if player and isinstance(reading.get("proposal"), dict) and game == "doodle-china":
        reading["proposal"].setdefault("name", player)
    try:  # a full disk leaves no partial file and no file without its row (issue 16)
        write_whole(folder / filename, data)
        storage.add_photo(get_db(), gid, pid, game, filename, media_type, reading)
    except BaseException:
        (folder / filename).unlink(missing_ok=True)
        raise
    return jsonify({"id": pid, "game": game, **reading}), 201


@bp.get("/<pid>")
@group_required
def show(gid: str, pid: str):
    photo = found_or_404(storage.get_photo(get_db(), gid, pid), NO_PHOTO)
    return jsonify({"id": pid, "game": photo["game"], **photo["reading"]})


@bp.get("/<pid>/image")
@group_required
def image(gid: str, pid: str):
    photo = found_or_404(storage.get_photo(get_db(), gid, pid), NO_PHOTO)
    path = Path(current_app.config["UPLOAD_FOLDER"]) / photo["filename"]
    found_or_404(path.is_file(), "the photo file is gone")
    response = send_file(path, mimetype=photo["media_type"], max_age=3600)
    response.cache_control.public = False  # a group's photo: this phone's cache only
    response.cache_control.private = True
    return response
