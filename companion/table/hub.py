"""Wake the streams of a room when it gets a new event.

Writes made by this process notify the hub directly (no delay). Writes made
by another server process on the same SQLite file are noticed by one watcher
thread per process: it asks `PRAGMA data_version` every `poll` seconds (a
few microseconds, no table read) and only when the file changed reads the
last event id of the rooms that have listeners. So N streams cost one cheap
poll per process, not N queries.

The watcher starts lazily in the process that serves streams (after a
gunicorn fork, never in the master) and stops when nobody listens.
"""

from __future__ import annotations

import os
import threading
import time

from .. import storage


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

    def listen(self, rid: str, seq: int) -> None:
        with self._lock:
            self._after_fork()
            self._listeners[rid] = self._listeners.get(rid, 0) + 1
            self._seqs[rid] = max(self._seqs.get(rid, 0), seq)
            self._cond(rid)
            if not self._exit_hook:
                _at_thread_exit(self.close_all)
                self._exit_hook = True
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._watch, name="room-hub", daemon=True)
                self._thread.start()

    def leave(self, rid: str) -> None:
        with self._lock:
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
            while self._seqs.get(rid, 0) <= after and not self.closing:
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

    def _watch(self) -> None:
        db = storage.connect_reader(self.database)
        try:
            version = None
            idle_since = None
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
                    seqs = storage.room_seqs(db, rooms)
                    with self._lock:
                        for rid, seq in seqs.items():
                            if rid in self._listeners and seq > self._seqs.get(rid, 0):
                                self._seqs[rid] = seq
                                self._cond(rid).notify_all()
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
