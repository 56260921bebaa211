"""One photo read for every route that takes one (street and sheet photos,
a blank pad taught as a template, one catalog card, a photo of many cards):
the multipart field `photo`, its header checked here, a wait for one of the
machine's read slots, the capped worker, and the answers a person can act on
-- 400 without a photo, 503 with Retry-After when too many photos wait, the
reader's own 4xx when the photo cannot be read."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import abort, current_app, jsonify, request

from vision import PhotoError
from vision.decode import check_header

from ..web.errors import refuse
from . import read_in_worker
from .queue import QueueFull, ReadQueue, default_slots


def photo_queue() -> ReadQueue:
    """The machine's photo-read queue (config PHOTO_READERS, PHOTO_QUEUE_MAX,
    else COMPANION_PHOTO_READERS / COMPANION_PHOTO_QUEUE_MAX, else one read
    per core and 32 waiting), kept beside the uploads folder."""
    config = current_app.config

    def knob(name: str, default: int) -> int:
        value = config.get(name)
        if value is None:
            value = os.environ.get(f"COMPANION_{name}") or None
        return int(value) if value is not None else default

    directory = config.get("PHOTO_QUEUE_DIR") or Path(config["UPLOAD_FOLDER"]).parent / "photo-queue"
    return ReadQueue(Path(directory), slots=knob("PHOTO_READERS", default_slots()),
                     max_waiting=knob("PHOTO_QUEUE_MAX", 32))


def queue_full(exc: QueueFull):
    response = jsonify({"error": exc.message, "path": "photo", "retry_after": exc.retry_after})
    response.status_code = 503
    response.headers["Retry-After"] = str(exc.retry_after)
    return response


def refuse_unknown_fields(allowed: set[str], what: str) -> None:
    """422 naming the first form field this route does not take (`what` says what it takes)."""
    unknown = sorted(set(request.form) - allowed - {"csrf_token"})
    if unknown:
        refuse(f"{unknown[0]} is not a known field ({what})", 422, unknown[0])


def uploaded_photo(what: str) -> bytes:
    """The bytes of the multipart field `photo`, or 400 saying to send `what` there."""
    upload = request.files.get("photo")
    if upload is None:
        refuse(f"send {what} as the multipart field 'photo' (JPEG or PNG)", 400, "photo")
    return upload.read()


def read_photo(data: bytes, *, game: str, edition: str | None = None,
               options: dict[str, Any] | None = None, timeout: float | None = None,
               ticket: str | None = None) -> tuple[str, dict[str, Any]]:
    """(image format, reading): the header checked, then the read in a worker once
    a slot is free. Ends the request with 503 (queue full) or the reader's 4xx."""
    try:
        fmt, _width, _height = check_header(data)
        extra = {} if timeout is None else {"timeout": timeout}
        reading = read_in_worker(data, game=game, edition=edition, options=options,
                                 queue=photo_queue(), ticket=ticket, **extra)
    except QueueFull as exc:
        abort(queue_full(exc))
    except PhotoError as exc:
        refuse(exc.message, exc.status if 400 <= exc.status < 500 else 422, "photo")
    return fmt, reading
