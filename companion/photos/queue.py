"""At most N photo reads at once on this machine, the rest in a queue.

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
