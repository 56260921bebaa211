"""`POST /api/groups/<gid>/photos`: read a photo of a finished sheet or street
into a proposal a person confirms. The header is checked here; decoding and
reading happen in a capped worker process (companion.photos)."""

from __future__ import annotations

import uuid
from pathlib import Path

from flask import Blueprint, abort, current_app, jsonify, request, send_file

from vision import READERS, PhotoError
from vision.decode import check_header

from .. import storage
from ..app import get_db
from ..photos import read_in_worker
from ..storage.photos import catalog_for_reading
from ..web.disk_full import write_whole
from ..web.security import group_required

bp = Blueprint("api_photos", __name__, url_prefix="/api/groups/<gid>/photos")

EDITIONS = ("suzhou", "shanghai")
MEDIA_TYPES = {"jpeg": ("image/jpeg", ".jpg"), "png": ("image/png", ".png")}
PALETTE = ("red", "orange", "yellow", "green", "blue", "purple")  # the pages' card colours


def _error(message: str, status: int, path: str | None = None):
    body = {"error": message}
    if path:
        body["path"] = path
    return jsonify(body), status


def _options(gid: str, game: str) -> dict | None:
    """Canal Houses streets are read with the group's photographed catalog cards
    (their current values fill in what the photo alone cannot say)."""
    if game != "canal-houses":
        return None
    return {"catalog": catalog_for_reading(get_db(), gid), "palette": list(PALETTE)}


@bp.post("")
@group_required
def upload(gid: str):
    unknown = sorted(set(request.form) - {"game", "edition", "player", "csrf_token"})
    if unknown:
        return _error(f"{unknown[0]} is not a known field (allowed: photo, game, edition, player)",
                      422, unknown[0])
    game = request.form.get("game", "doodle-china")
    if game not in READERS:
        return _error(f"game must be one of {', '.join(READERS)}", 422, "game")
    edition = request.form.get("edition") or None
    if edition is not None and (game != "doodle-china" or edition not in EDITIONS):
        allowed = ", ".join(EDITIONS) if game == "doodle-china" else "none for this game"
        return _error(f"edition must be one of: {allowed}", 422, "edition")
    upload = request.files.get("photo")
    if upload is None:
        return _error("send the photo as the multipart field 'photo' (JPEG or PNG)", 400, "photo")
    data = upload.read()
    try:
        fmt, _w, _h = check_header(data)
        reading = read_in_worker(data, game=game, edition=edition, options=_options(gid, game))
    except PhotoError as exc:
        return _error(exc.message, exc.status if 400 <= exc.status < 500 else 422, "photo")
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
    photo = storage.get_photo(get_db(), gid, pid)
    if not photo:
        abort(404, description="no such photo in this group")
    return jsonify({"id": pid, "game": photo["game"], **photo["reading"]})


@bp.get("/<pid>/image")
@group_required
def image(gid: str, pid: str):
    photo = storage.get_photo(get_db(), gid, pid)
    if not photo:
        abort(404, description="no such photo in this group")
    path = Path(current_app.config["UPLOAD_FOLDER"]) / photo["filename"]
    if not path.is_file():
        abort(404, description="the photo file is gone")
    response = send_file(path, mimetype=photo["media_type"], max_age=3600)
    response.cache_control.public = False  # a group's photo: this phone's cache only
    response.cache_control.private = True
    return response
