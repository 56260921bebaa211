"""A room's events (api.md, "Live table (rooms)"): `GET .../rooms/<rid>/events`
as a page of events after `?after=N`, or as a server-sent event stream that
resumes after `Last-Event-ID`. The stream reads the room's log when the hub
says a newer event landed, sends a heartbeat so proxies keep it open, and ends
after its lifetime, when the phone hangs up, or at once when the phone that
opened it is removed or the key it used is renewed (`access_changed`)."""

from __future__ import annotations

import json
import select
import socket
import time
from collections.abc import Callable, Iterator
from typing import Any

from flask import Response, current_app, g, jsonify, request

from .. import storage
from ..web import access
from ..web.access import group_required
from ..web.db import get_db
from .api import PAGE_LIMIT, _config, _hub, _room_or_404, bp
from .hub import Holder

# Open streams per server process. Under `companion serve` (gevent) a stream is
# a greenlet and the cap sits just below the connection limit (serve_cmd sets
# it). With threads (`--worker-class gthread`, or another threaded server) each
# stream holds a thread, so the default of 12 leaves 4 of 16 for everything
# else. Beyond it the stream answers 503 and phones poll ?after=N.
DEFAULT_MAX_STREAMS = 12
# How often an idle stream looks whether its phone hung up, so a dropped
# stream frees its place (and its database reader) within this, not at the
# next heartbeat.
GONE_CHECK_SECONDS = 0.5



def _int_arg(text: str | None, name: str) -> int | tuple:
    if text is None or text == "":
        return 0
    try:
        value = int(text) if len(text) <= 18 else -1  # event ids fit SQLite's integers
    except ValueError:
        value = -1
    if value < 0:
        return jsonify({"error": f"{name} must be a whole number from 0 (an event id) of at "
                                 "most 18 digits", "path": name}), 400
    return value


def wants_stream() -> bool:
    return "text/event-stream" in request.headers.get("Accept", "")


@bp.get("/<rid>/events")
@group_required
def events(gid: str, rid: str):
    """`Accept: text/event-stream`: the live stream, resuming after
    `Last-Event-ID` (or `?after=`); otherwise `{"events": [...]}` after
    `?after=N` for phones where streams break."""
    room = _room_or_404(gid, rid)
    after = _int_arg(request.args.get("after"), "after")
    if isinstance(after, tuple):
        return after
    if wants_stream():
        last = _int_arg(request.headers.get("Last-Event-ID"), "Last-Event-ID")
        if isinstance(last, tuple):
            return last
        return _stream_response(rid, max(after, last))
    found = storage.list_room_events(get_db(), rid, after, PAGE_LIMIT)
    response = jsonify({"events": found, "last_event": room["last_seq"],
                        "more": len(found) == PAGE_LIMIT})
    response.headers["Cache-Control"] = "no-store"
    return response


def _stream_response(rid: str, after: int) -> Response:
    database = current_app.config["DATABASE"]
    lifetime = _config("ROOM_STREAM_SECONDS", 300)
    heartbeat = _config("ROOM_HEARTBEAT_SECONDS", 15)
    retry_ms = int(_config("ROOM_RETRY_MS", 1000))
    hub = _hub()
    if not hub.reserve(int(_config("ROOM_MAX_STREAMS", DEFAULT_MAX_STREAMS))):
        response = jsonify({
            "error": "too many live streams on this server right now; poll "
                     f"GET {request.path}?after=N instead (the page does so by itself)",
            "poll": f"{request.path}?after={after}"})
        response.status_code = 503
        response.headers["Retry-After"] = "30"
        return response
    body = stream(hub, database, rid, after, lifetime=lifetime, heartbeat=heartbeat,
                  retry_ms=retry_ms, gone=peer_gone(client_socket(request.environ)),
                  holder=holder())
    response = Response(body, mimetype="text/event-stream")
    response.call_on_close(hub.release)  # runs even if the body is never read
    response.headers["Cache-Control"] = "no-cache, no-store"
    response.headers["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


def holder() -> Holder:
    """Who opens this stream, so it ends when that access is taken back: the
    joined phone, or the key a script sent."""
    gid = g.group["id"]
    if g.phone is not None:
        return Holder(gid, phone=g.phone["id"])
    return Holder(gid, key_hash=storage.hash_key(request.headers.get(access.KEY_HEADER, "")))


def access_changed() -> int:
    """A phone was removed or the invite renewed: end this process's streams
    that lost their access now (other processes' hubs notice by themselves)."""
    return _hub().check_access(get_db())


def format_event(event: dict[str, Any]) -> str:
    data = json.dumps(event, ensure_ascii=False, separators=(",", ":"))
    return f"id: {event['id']}\ndata: {data}\n\n"


def client_socket(environ: dict[str, Any]) -> Any:
    """The phone's connection, where the server hands it over: gunicorn's
    workers and werkzeug's server (`flask run`, the browser tests) both do. Without
    it a stream whose phone left holds its place until the next heartbeat's
    write fails, and reloads meanwhile can fill the cap (503)."""
    return environ.get("gunicorn.socket") or environ.get("werkzeug.socket")


def peer_gone(sock: Any) -> Callable[[], bool]:
    """A check that the phone at the other end of `sock` has hung up: the
    socket reads as closed (a peek, nothing is consumed). Without a socket
    (the test client, another server) it never says so."""
    if sock is None:
        return lambda: False

    def gone() -> bool:
        try:
            readable, _, _ = select.select([sock], [], [], 0)
            if not readable:
                return False
            return sock.recv(1, socket.MSG_PEEK) == b""
        except (OSError, ValueError):
            return True

    return gone


def stream(hub, database: str, rid: str, after: int, *, lifetime: float, heartbeat: float,
           retry_ms: int, gone: Callable[[], bool] = lambda: False,
           holder: Holder | None = None) -> Iterator[str]:
    """Events after `after`, then each new one as it lands; a comment line
    every `heartbeat` seconds keeps proxies from closing an idle stream;
    after `lifetime` seconds the stream ends (freeing its thread) and
    EventSource reconnects with Last-Event-ID. It ends at once when the
    phone that opened it is removed or the key it used is renewed."""
    db = storage.connect_reader(database)
    ticket = hub.listen(rid, after, holder)  # listen first, then read: no write can slip between
    try:
        yield f"retry: {retry_ms}\n: stream of room {rid}\n\n"
        start = last_beat = time.monotonic()
        check = True  # read the log: at first, then only when the hub saw a newer event
        while True:
            if check:
                found = storage.list_room_events(db, rid, after, 200)
                if found:
                    yield "".join(format_event(ev) for ev in found)
                    after = found[-1]["id"]
                    last_beat = time.monotonic()
                    if len(found) == 200:
                        continue
            now = time.monotonic()
            if now - start >= lifetime or hub.closing or hub.revoked(ticket):
                return
            if now - last_beat >= heartbeat:
                yield ": keep-alive\n\n"
                last_beat = now
            wait = min(heartbeat - (now - last_beat), lifetime - (now - start),
                       GONE_CHECK_SECONDS)
            check = False
            if wait > 0:
                check = hub.wait(rid, after, wait) > after
            if gone() or hub.revoked(ticket):
                return
    finally:
        hub.leave(rid, ticket)
        db.conn.close()
