"""Wake the streams of a room when it gets a new event.

Writes made by this process notify the hub directly (no delay). Writes made
by another server process on the same SQLite file are noticed by one watcher
thread per process: it asks `PRAGMA data_version` every `poll` seconds (a
few microseconds, no table read) and only when the file changed reads the
last event id of the rooms that have listeners. So N streams cost one cheap
poll per process, not N queries.

Each stream also says who opened it (a joined phone, or a script's group
key). Removing a phone or renewing the invite calls `check_access` in the
process that did it; the other processes' watchers check after they see the
file change (at most every ACCESS_CHECK_SECONDS). A stream whose phone is gone
or whose key is no longer the group's is woken and ends at once.

The watcher starts lazily in the process that serves streams (after a
gunicorn fork, never in the master) and stops when nobody listens.
"""

from __future__ import annotations

import os
import threading
import time
from typing import NamedTuple

from .. import storage

# Other processes notice a removed phone or a renewed key within this (plus
# the poll): one indexed read of the open streams' phones and groups.
ACCESS_CHECK_SECONDS = 0.25


class Holder(NamedTuple):
    """Who opened a stream: a joined phone (its id) or a script (the hash of
    the group key it sent)."""
    gid: str
    phone: str | None = None
    key_hash: str | None = None


class Hub:
    def __init__(self, database: str, poll: float = 0.01, idle_stop: float = 30.0):
        self.database = database
        self.poll = poll
        self.idle_stop = idle_stop
        self._lock = threading.Lock()
        self._conds: dict[str, threading.Condition] = {}
        self._seqs: dict[str, int] = {}
        self._listeners: dict[str, int] = {}
        self._thread: threading.Thread | None = None
        self._pid = os.getpid()
        self.closing = False
        self.streams = 0
        self.polls = 0  # watcher iterations, for measurements
        self._exit_hook = False
        self._holders: dict[int, tuple[str, Holder]] = {}  # ticket -> (room, who)
        self._revoked: set[int] = set()
        self._tickets = 0

    # -- listeners -------------------------------------------------------
    def _cond(self, rid: str) -> threading.Condition:
        cond = self._conds.get(rid)
        if cond is None:
            cond = self._conds[rid] = threading.Condition(self._lock)
        return cond

    def reserve(self, limit: int) -> bool:
        """Count one more open stream unless `limit` are open: each stream
        holds a server thread, and requests must keep some threads."""
        with self._lock:
            self._after_fork()
            if self.streams >= limit:
                return False
            self.streams += 1
            return True

    def release(self) -> None:
        with self._lock:
            self.streams = max(0, self.streams - 1)

    def listen(self, rid: str, seq: int, holder: Holder | None = None) -> int:
        """Count a stream of room `rid` that has seen events up to `seq`;
        returns its ticket (for `revoked` and `leave`)."""
        with self._lock:
            self._after_fork()
            self._tickets += 1
            ticket = self._tickets
            if holder is not None:
                self._holders[ticket] = (rid, holder)
            self._listeners[rid] = self._listeners.get(rid, 0) + 1
            self._seqs[rid] = max(self._seqs.get(rid, 0), seq)
            self._cond(rid)
            if not self._exit_hook:
                _at_thread_exit(self.close_all)
                self._exit_hook = True
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._watch, name="room-hub", daemon=True)
                self._thread.start()
            return ticket

    def revoked(self, ticket: int) -> bool:
        """The phone or key that opened this stream lost its access."""
        return ticket in self._revoked

    def leave(self, rid: str, ticket: int | None = None) -> None:
        with self._lock:
            self._holders.pop(ticket, None)
            self._revoked.discard(ticket)
            left = self._listeners.get(rid, 0) - 1
            if left > 0:
                self._listeners[rid] = left
            else:
                self._listeners.pop(rid, None)
                self._conds.pop(rid, None)
                self._seqs.pop(rid, None)

    def wait(self, rid: str, after: int, timeout: float) -> int:
        """Block until the room's last event id exceeds `after` or `timeout`
        passes; returns the last id known (may still be `after`)."""
        deadline = time.monotonic() + timeout
        with self._lock:
            cond = self._cond(rid)
            while self._seqs.get(rid, 0) <= after and not self.closing \
                    and not self._revoked_in(rid):
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                cond.wait(left)
            return self._seqs.get(rid, 0)

    def notify(self, rid: str, seq: int) -> None:
        """A write of this process: wake the room's streams now."""
        with self._lock:
            if rid in self._listeners and seq > self._seqs.get(rid, 0):
                self._seqs[rid] = seq
                self._cond(rid).notify_all()

    def _revoked_in(self, rid: str) -> bool:
        return any(self._holders[t][0] == rid for t in self._revoked if t in self._holders)

    def check_access(self, db) -> int:
        """End the streams whose phone was removed or whose key was renewed:
        they are marked and woken. Returns how many."""
        with self._lock:
            held = dict(self._holders)
        if not held:
            return 0
        live, keys = storage.still_allowed(
            db, [h.phone for _, h in held.values() if h.phone],
            [h.gid for _, h in held.values()])
        gone = [t for t, (_, h) in held.items()
                if (h.phone is not None and h.phone not in live)
                or (h.key_hash is not None and keys.get(h.gid) != h.key_hash)
                or h.gid not in keys]
        if gone:
            with self._lock:
                for ticket in gone:
                    if ticket in self._holders:
                        self._revoked.add(ticket)
                        cond = self._conds.get(self._holders[ticket][0])
                        if cond is not None:
                            cond.notify_all()
        return len(gone)

    def close_all(self) -> None:
        """The process is exiting: end every stream now (EventSource
        reconnects, to another process or the restarted one), so a server
        stop never waits on a phone's open stream."""
        with self._lock:
            self.closing = True
            for cond in self._conds.values():
                cond.notify_all()

    # -- the watcher -----------------------------------------------------
    def _after_fork(self) -> None:
        if self._pid != os.getpid():  # inherited from a parent: start afresh
            self._pid = os.getpid()
            self._thread = None
            self._exit_hook = False
            self.closing = False
            self.streams = 0
            self._listeners.clear()
            self._conds.clear()
            self._seqs.clear()
            self._holders.clear()
            self._revoked.clear()

    def _watch(self) -> None:
        db = storage.connect_reader(self.database)
        try:
            version = None
            idle_since = None
            access_dirty, access_checked = False, 0.0
            while True:
                with self._lock:
                    rooms = list(self._listeners)
                    if not rooms:
                        idle_since = idle_since or time.monotonic()
                        if time.monotonic() - idle_since > self.idle_stop:
                            self._thread = None
                            return
                    else:
                        idle_since = None
                self.polls += 1
                now = storage.data_version(db)
                if rooms and now != version:
                    version = now
                    access_dirty = True
                    seqs = storage.room_seqs(db, rooms)
                    with self._lock:
                        for rid, seq in seqs.items():
                            if rid in self._listeners and seq > self._seqs.get(rid, 0):
                                self._seqs[rid] = seq
                                self._cond(rid).notify_all()
                if access_dirty and time.monotonic() - access_checked >= ACCESS_CHECK_SECONDS:
                    access_dirty, access_checked = False, time.monotonic()
                    self.check_access(db)
                time.sleep(self.poll)
        finally:
            db.conn.close()


def _at_thread_exit(hook) -> None:
    """Run `hook` when the interpreter starts shutting down, before it joins
    the worker threads (gunicorn's thread pool would wait for every open
    stream otherwise). Hooks run last-registered first, so this one runs
    before concurrent.futures joins its threads."""
    register = getattr(threading, "_register_atexit", None)
    if register is not None:
        try:
            register(hook)
        except RuntimeError:  # already shutting down
            hook()


_hubs: dict[str, Hub] = {}
_hubs_lock = threading.Lock()


def hub_for(database: str, poll: float = 0.01) -> Hub:
    """One hub per database file per process."""
    with _hubs_lock:
        hub = _hubs.get(database)
        if hub is None:
            hub = _hubs[database] = Hub(database, poll=poll)
        return hub
