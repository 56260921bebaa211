"""One photo read for every route that takes one (street and sheet photos,
a blank pad taught as a template, one catalog card, a photo of many cards):
the multipart field `photo`, its header checked here, a wait for one of the
machine's read slots, the capped worker, and the answers a person can act on
-- 400 without a photo, 503 with Retry-After when too many photos wait, the
reader's own 4xx when the photo cannot be read.

The read queue: at most N photo reads at once on this machine, the rest wait.

A read takes a CPU for seconds and hundreds of MB, so the server processes
(gunicorn workers, or two `companion serve` on one database) share N slots:
`slot-<k>.lock` files held with `flock`. Waiting photos are ticket files in
`waiting/`, named so that they sort by arrival; each is flock'ed by its
process while it waits, so the ticket of a process that died is noticed
(its lock is gone) and removed. A phone's page asks for its ticket's place
(`status`). Past `max_waiting` tickets a new photo is refused at once
(QueueFull: 503 with Retry-After) instead of piling memory up.

Waiting sleeps in short steps (`time.sleep`, cooperative under gevent), so a
waiting upload holds no thread and no database connection.
"""

from __future__ import annotations

import fcntl
import os
import re
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import abort, current_app, jsonify, request

from vision import PhotoError
from vision.decode import check_header

from ..web.errors import refuse
from . import read_in_worker


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


# -- the read queue --------------------------------------------------------------------

POLL_SECONDS = 0.2
TICKET = re.compile(r"^[A-Za-z0-9-]{8,64}$")


class QueueFull(Exception):
    def __init__(self, message: str, retry_after: int):
        super().__init__(message)
        self.message = message
        self.retry_after = retry_after


def default_slots() -> int:
    """One read per core: a read is one thread (OpenCV and tesseract are capped to one)."""
    return max(1, os.cpu_count() or 1)


@dataclass
class ReadQueue:
    directory: Path
    slots: int
    max_waiting: int
    max_wait_seconds: float = 300.0

    def __post_init__(self) -> None:
        self.directory = Path(self.directory)
        (self.directory / "waiting").mkdir(parents=True, exist_ok=True)

    # -- looking ------------------------------------------------------------
    def _live_tickets(self) -> list[str]:
        """Waiting ticket names in arrival order; stale ones (their process
        is gone) are removed on the way."""
        folder = self.directory / "waiting"
        live = []
        for name in sorted(os.listdir(folder)):
            path = folder / name
            try:
                fd = os.open(path, os.O_RDONLY)
            except FileNotFoundError:
                continue
            try:
                fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
            except BlockingIOError:
                live.append(name)  # its process holds it: still waiting
            else:
                path.unlink(missing_ok=True)
            finally:
                os.close(fd)
        return live

    def reading(self) -> int:
        busy = 0
        for k in range(self.slots):
            fd = os.open(self.directory / f"slot-{k}.lock", os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                busy += 1
            finally:
                os.close(fd)
        return busy

    def status(self, ticket: str | None = None) -> dict[str, int | None]:
        live = self._live_tickets()
        position = None
        if ticket and TICKET.match(ticket):
            position = next((i for i, name in enumerate(live)
                             if name.split("_", 1)[1] == ticket), None)
        return {"position": position, "waiting": len(live), "reading": self.reading(),
                "slots": self.slots}

    # -- waiting --------------------------------------------------------------
    def _try_slot(self) -> int | None:
        for k in range(self.slots):
            fd = os.open(self.directory / f"slot-{k}.lock", os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return fd
            except BlockingIOError:
                os.close(fd)
        return None

    @contextmanager
    def slot(self, ticket: str | None = None) -> Iterator[None]:
        """Wait for a free read slot (in arrival order) and hold it."""
        ticket = ticket if ticket and TICKET.match(ticket) else str(uuid.uuid4())
        fd = self._try_slot() if not self._live_tickets() else None
        if fd is None:
            fd = self._wait(ticket)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)

    def _wait(self, ticket: str) -> int:
        if len(self._live_tickets()) >= self.max_waiting:
            raise QueueFull(f"{self.max_waiting} photos are already waiting to be read; send "
                            "this one again in a minute (or enter the score by hand)",
                            retry_after=max(10, 5 * self.max_waiting // self.slots))
        path = self.directory / "waiting" / f"{time.time_ns():020d}_{ticket}"
        # Locked before it is listed: a ticket seen unlocked counts as left by a dead
        # process and is removed, so it is made and locked aside, then moved in.
        aside = self.directory / f".new-{uuid.uuid4().hex}"
        mine = os.open(aside, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
        fcntl.flock(mine, fcntl.LOCK_EX)
        os.rename(aside, path)
        started = time.monotonic()
        try:
            while True:
                live = self._live_tickets()
                place = live.index(path.name) if path.name in live else 0
                if place < self.slots:
                    fd = self._try_slot()
                    if fd is not None:
                        return fd
                if time.monotonic() - started > self.max_wait_seconds:
                    raise QueueFull("the photo waited too long to be read; send it again in a "
                                    "minute", retry_after=30)
                time.sleep(POLL_SECONDS)
        finally:
            path.unlink(missing_ok=True)
            os.close(mine)
