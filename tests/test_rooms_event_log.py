"""The live table's event log over the test client: ids that only increase,
?after=N, server-sent events with resume by Last-Event-ID, a held stream that
gets a roll at once, and the cap on open streams."""

from __future__ import annotations

import json
import threading
import time

import pytest
from room_api import (
    SETUP_ROLLS,
    events_after,
    finish_setup,
    get_room,
    make_room,
    parse_sse,
    post,
    url,
)


@pytest.fixture
def quick_streams(app):
    """Streams that end quickly, so a test client can read them whole."""
    app.config.update(ROOM_STREAM_SECONDS=0.3, ROOM_HEARTBEAT_SECONDS=0.1)
    return app


# -- the event log -------------------------------------------------------------------

def test_event_ids_strictly_increase_and_after_returns_exactly_the_later_ones(client, group):
    room = make_room(client, group)
    other = make_room(client, group, players=["Solo"])
    finish_setup(client, group, room)
    post(client, group, other, "roll")
    post(client, group, room, "roll")
    post(client, group, room, "take", {"player": "Ana", "die": 0})
    post(client, group, room, "pass", {"player": "Ben"})
    everything = events_after(client, group, room)
    ids = [e["id"] for e in everything]
    assert ids == list(range(1, len(ids) + 1)) and len(ids) == SETUP_ROLLS["suzhou"] + 3
    assert all(e["type"] in {"roll", "take", "pass"} for e in everything)
    for n in range(len(ids) + 2):
        assert events_after(client, group, room, n) == everything[n:]
    assert [e["id"] for e in events_after(client, group, other)] == [1]  # rooms count apart
    assert get_room(client, group, room)["last_event"] == ids[-1]
    bad = client.get(url(group, room, "/events?after=-1"), headers=group["headers"])
    assert bad.status_code == 400 and bad.get_json()["path"] == "after"


def test_sse_answer_format_and_resume_by_last_event_id(client, group, quick_streams):
    room = make_room(client, group)
    finish_setup(client, group, room)
    post(client, group, room, "roll")
    stream = client.get(url(group, room, "/events"),
                        headers={**group["headers"], "Accept": "text/event-stream"})
    assert stream.status_code == 200
    assert stream.mimetype == "text/event-stream"
    assert "no-cache" in stream.headers["Cache-Control"]
    text = stream.get_data(as_text=True)
    blocks = parse_sse(text)
    assert blocks[0]["retry"].isdigit()
    events = [b for b in blocks if "data" in b]
    assert [int(b["id"]) for b in events] == list(range(1, SETUP_ROLLS["suzhou"] + 2))
    for b in events:
        data = json.loads(b["data"])
        assert data["id"] == int(b["id"]) and data["type"] == "roll"
    assert any(b.get("comment", "").startswith(": keep-alive") for b in blocks), text

    resumed = client.get(url(group, room, "/events"), headers={
        **group["headers"], "Accept": "text/event-stream", "Last-Event-ID": "4"})
    ids = [int(b["id"]) for b in parse_sse(resumed.get_data(as_text=True)) if "data" in b]
    assert ids == list(range(5, SETUP_ROLLS["suzhou"] + 2))
    by_query = client.get(url(group, room, "/events?after=5"),
                          headers={**group["headers"], "Accept": "text/event-stream"})
    ids = [int(b["id"]) for b in parse_sse(by_query.get_data(as_text=True)) if "data" in b]
    assert ids == list(range(6, SETUP_ROLLS["suzhou"] + 2))
    bad = client.get(url(group, room, "/events"), headers={
        **group["headers"], "Accept": "text/event-stream", "Last-Event-ID": "x"})
    assert bad.status_code == 400


def test_a_held_stream_gets_a_new_roll_at_once(client, group, app):
    # "At once" means woken by the write itself, not found by the hub's poll: with the
    # poll a minute apart (and the stream, heartbeat likewise) only the wake-up can
    # deliver the roll before the reader's deadline. No wall-clock bound, which a
    # busy box would break; the latency is measured in bench/venue.py.
    app.config.update(ROOM_STREAM_SECONDS=120, ROOM_HEARTBEAT_SECONDS=120,
                      ROOM_POLL_SECONDS=120)
    room = make_room(client, group)
    stream = client.get(url(group, room, "/events"),
                        headers={**group["headers"], "Accept": "text/event-stream"})
    chunks = iter(stream.response)
    assert next(chunks).startswith(b"retry:")  # the stream is open and listening
    got: list = []

    def read():
        for chunk in chunks:
            got.append((time.monotonic(), chunk.decode()))
            if "data:" in chunk.decode():
                return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    roll = post(client, group, room, "roll").get_json()
    reader.join(timeout=60)
    assert got, "the stream never delivered the roll (only the hub's poll would have)"
    stream.close()
    _at, chunk = got[-1]
    assert parse_sse(chunk)[0]["id"] == str(roll["id"])


def test_streams_beyond_the_cap_get_503_and_a_polling_address(client, group, app):
    """Each stream holds a server thread: past ROOM_MAX_STREAMS the answer is
    503 with where to poll; a closed stream frees its place."""
    app.config.update(ROOM_MAX_STREAMS=1, ROOM_STREAM_SECONDS=5)
    room = make_room(client, group)
    headers = {**group["headers"], "Accept": "text/event-stream"}
    first = client.get(url(group, room, "/events"), headers=headers)
    assert first.status_code == 200
    second = client.get(url(group, room, "/events?after=3"), headers=headers)
    assert second.status_code == 503 and second.headers["Retry-After"]
    assert second.get_json()["poll"] == url(group, room, "/events") + "?after=3"
    assert client.get(url(group, room, "/events"), headers=group["headers"]).status_code == 200
    first.close()  # the phone went away before reading anything
    third = client.get(url(group, room, "/events"), headers=headers)
    assert third.status_code == 200
    third.close()


def test_a_stream_whose_phone_hung_up_frees_its_place_at_once_on_a_real_server(app, client, group):
    """Served by werkzeug (`flask run`, the browser tests), a stream notices its
    phone hung up within GONE_CHECK_SECONDS, not at the next heartbeat's failed
    write: a reloading phone must not find the cap still full (a 503)."""
    import requests
    from werkzeug.serving import make_server

    app.config.update(ROOM_MAX_STREAMS=1, ROOM_STREAM_SECONDS=60, ROOM_HEARTBEAT_SECONDS=30)
    room = make_room(client, group)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        address = f"http://127.0.0.1:{server.server_port}{url(group, room, '/events')}"
        headers = {**group["headers"], "Accept": "text/event-stream"}
        first = requests.get(address, headers=headers, stream=True, timeout=10)
        assert first.status_code == 200
        next(first.iter_content(64))  # the stream is open and holds the one place
        first.close()  # the phone reloads: its old connection goes away
        answers = []
        deadline = time.monotonic() + 5  # far below the 30 s heartbeat
        while time.monotonic() < deadline:
            again = requests.get(address, headers=headers, stream=True, timeout=10)
            answers.append(again.status_code)
            again.close()
            if again.status_code == 200:
                break
            time.sleep(0.2)
        assert answers[-1] == 200, answers
    finally:
        server.shutdown()
        thread.join(timeout=5)
