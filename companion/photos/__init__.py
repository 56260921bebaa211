"""Reading a photo in a separate worker process: a memory cap, a time limit,
one thread for tesseract, and nothing left running afterwards. The web
process only ever looks at the header (vision.decode.check_header).

Workers are forked from a multiprocessing fork server that imported the
vision code once (numpy, OpenCV, the readers), so each photo costs a fork,
not a Python start-up. Each worker runs in its own session and is killed with
its process group when it answers or runs out of time.

`run_forked` is what the web process hands to the fork server: it lives here,
light, because the heavy imports (numpy, OpenCV, readers) live in `.worker`,
which the fork server has preloaded, so importing it in the child is free."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import threading
from typing import Any

from vision.errors import PhotoError

MEMORY_LIMIT_BYTES = 2 * 1024 ** 3
# The time limit is CPU seconds of the worker (RLIMIT_CPU), so it stops a read that
# works too long, not one that waits for a busy machine's cores: at load 20 a read
# of 0.9 s CPU took 9.2 s of wall clock. The wall clock only bounds a worker that is
# stuck without using CPU, at WALL_LIMIT_FACTOR times the limit.
TIME_LIMIT_SECONDS = 30
WALL_LIMIT_FACTOR = 4
TOO_LONG = "reading this photo took too long; take it again closer to the sheet, flat and in good light"
# "__main__" first: forked workers then inherit the main module instead of
# re-running it (multiprocessing would import e.g. the `companion` script per worker).
# On Python 3.11 that does not happen: forkserver.ensure_running hands the fork
# server "main_path", which spawn.get_preparation_data names "init_main_from_path",
# so the fork server never imports the main script and every worker runs it again
# as __mp_main__. The app's entry points' modules (`companion serve`: companion.cli,
# Flask, click, sqlite-utils...: about 0.2 s of CPU a read) are therefore preloaded
# too: the worker's run of the script then finds them imported.
ENTRY_POINT_MODULES = ["companion.cli"]
PRELOAD = ["__main__", *ENTRY_POINT_MODULES, "companion.photos.worker"]

_context: Any = None
_context_lock = threading.Lock()


def _ctx() -> Any:
    global _context
    with _context_lock:
        if _context is None:
            ctx = multiprocessing.get_context("forkserver")
            ctx.set_forkserver_preload(PRELOAD)
            _context = ctx
        return _context


def warm_up() -> None:
    """Start the fork server (and import the readers in it) before the first photo."""
    ctx = _ctx()
    proc = ctx.Process(target=warm, daemon=True)
    proc.start()
    proc.join(60)


def read_in_worker(data: bytes, *, game: str, edition: str | None = None,
                   options: dict[str, Any] | None = None,
                   timeout: float = TIME_LIMIT_SECONDS, queue: Any = None,
                   ticket: str | None = None) -> dict[str, Any]:
    """Run vision.read_photo (or a catalog description) in a forked worker;
    raise PhotoError with the reader's own message, or one saying it took too long.
    With a `queue` (companion.photos.reading.ReadQueue) the read first waits for
    one of the machine's read slots (QueueFull when too many wait)."""
    if queue is None:
        return _read(data, game=game, edition=edition, options=options, timeout=timeout)
    with queue.slot(ticket):
        return _read(data, game=game, edition=edition, options=options, timeout=timeout)


def _read(data: bytes, *, game: str, edition: str | None, options: dict[str, Any] | None,
          timeout: float) -> dict[str, Any]:
    ctx = _ctx()
    request = {"game": game, "edition": edition, "options": options or {}}
    receiver, sender = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=run_forked,
                       args=(sender, request, data, MEMORY_LIMIT_BYTES, timeout), daemon=True)
    proc.start()
    sender.close()
    raw = None
    try:
        if _readable(receiver, timeout * WALL_LIMIT_FACTOR):
            try:
                raw = receiver.recv_bytes()
            except EOFError:
                raw = None
        else:
            raise PhotoError(TOO_LONG, status=422)
    finally:
        receiver.close()
        _end(proc)
    if raw is None:
        raise worker_died(proc.exitcode)
    answer = json.loads(raw.decode("utf-8"))
    if "error" in answer:
        raise PhotoError(answer["error"], status=int(answer.get("status", 422)))
    return answer["reading"]


def worker_died(exitcode: int | None) -> PhotoError:
    """What to tell the phone when the worker ended without an answer."""
    if exitcode == -signal.SIGXCPU:  # its CPU-time limit
        return PhotoError(TOO_LONG, status=422)
    if exitcode is not None and exitcode < 0:
        return PhotoError("this photo needs too much memory to read; send a smaller one",
                          status=413)
    return PhotoError("the photo could not be read; take it again", status=422)


def _readable(conn: Any, timeout: float) -> bool:
    """Wait for the worker's answer. Under gevent (`companion serve`) the wait
    yields to the other connections; multiprocessing's own poll would block
    the whole server process for the read's duration."""
    try:
        from gevent import monkey
    except ImportError:  # pragma: no cover - gevent is a dependency
        return conn.poll(timeout)
    if not monkey.is_module_patched("select"):
        return conn.poll(timeout)
    from gevent.select import select as cooperative_select

    readable, _, _ = cooperative_select([conn.fileno()], [], [], timeout)
    return bool(readable)


def _end(proc: Any) -> None:
    """The worker and anything it started (tesseract) end with it."""
    proc.join(0.05)
    if proc.pid is not None:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    proc.join(5)
    proc.close() if proc.exitcode is not None else None


# -- in the forked worker ------------------------------------------------------------

def run_forked(conn: Any, request: dict[str, Any], data: bytes, memory_bytes: int,
               cpu_seconds: float | None = None) -> None:
    """Entry point in a forked worker: the answer goes back through `conn`."""
    from .worker import handle, limit_process

    limit_process(memory_bytes, cpu_seconds)
    answer = handle(request, data)
    conn.send_bytes(json.dumps(answer, ensure_ascii=False).encode("utf-8"))
    conn.close()


def warm() -> None:
    """Nothing: starting a worker with this target proves the fork server is up."""
