"""Two server processes on one SQLite file (two `companion serve --workers 1`
on different ports, as gunicorn's workers would be): a roll made through one
reaches a stream held by the other, in both directions, and polling through
either sees the same log."""

from __future__ import annotations

import http.client
import json
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import requests

REPO = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(db: Path, port: int) -> subprocess.Popen:
    exe = Path(sys.executable).with_name("companion")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-c",
                                           "from companion.cli import main; main()"]
    return subprocess.Popen([*cmd, "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--db", str(db), "--workers", "1", "--threads", "8"],
                            cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)


def wait_up(base: str, proc: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"server exited: {proc.stderr.read().decode()[-2000:]}")
        try:
            requests.get(base + "/api/groups/none", timeout=30)
            return
        except (requests.ConnectionError, requests.Timeout):  # not up yet, or a busy box
            time.sleep(0.1)
    raise AssertionError(f"{base} did not come up")


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGINT)  # gunicorn's quick shutdown: streams end at once
        try:
            proc.wait(timeout=2)
        except subprocess.TimeoutExpired:  # a worker slow to quit: these are our own
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory):
    db = tmp_path_factory.mktemp("two-servers") / "shared.sqlite"
    from companion import storage

    storage.connect(db).conn.close()  # migrate once, before both start
    procs, bases = [], []
    try:
        for _ in range(2):
            port = free_port()
            procs.append(serve(db, port))
            bases.append(f"http://127.0.0.1:{port}")
        for base, proc in zip(bases, procs, strict=True):
            wait_up(base, proc)
        yield bases
    finally:
        for proc in procs:
            stop(proc)


class Stream:
    """A server-sent event stream read by a thread into a queue (http.client,
    so `close` can shut the socket under the reading thread)."""

    def __init__(self, url: str, headers: dict[str, str]):
        parts = urlsplit(url)
        self.events: queue.Queue = queue.Queue()
        self.conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        self.conn.request("GET", f"{parts.path}?{parts.query}" if parts.query else parts.path,
                          headers={**headers, "Accept": "text/event-stream"})
        self.response = self.conn.getresponse()
        assert self.response.status == 200, self.response.read()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        fields: dict[str, str] = {}
        try:
            while True:
                raw = self.response.readline()
                if not raw:
                    return
                line = raw.decode("utf-8").rstrip("\r\n")
                if line == "":
                    if "data" in fields:
                        self.events.put((time.monotonic(), int(fields["id"]),
                                         json.loads(fields["data"])))
                    fields = {}
                elif not line.startswith(":"):
                    name, _, value = line.partition(":")
                    fields[name] = value.lstrip(" ")
        except (OSError, ValueError, http.client.HTTPException):
            pass

    def next(self, timeout: float = 60.0):  # bounds a hang; a busy box can be slow
        return self.events.get(timeout=timeout)

    def close(self) -> None:
        try:
            self.conn.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.thread.join(timeout=30)
        self.conn.close()


def new_room(base: str, group_name: str, players: list[str]) -> tuple[dict, dict, str]:
    """A group and a Doodle China room made through `base`: (group, headers
    carrying its key, the room's API path, valid on either process)."""
    group = requests.post(base + "/api/groups", json={"name": group_name}, timeout=30).json()
    headers = {"X-Companion-Key": group["key"]}
    created = requests.post(f"{base}/api/groups/{group['id']}/rooms", headers=headers, timeout=30,
                            json={"game": "doodle-china", "edition": "suzhou", "players": players})
    assert created.status_code == 201, created.text
    return group, headers, f"/api/groups/{group['id']}/rooms/{created.json()['id']}"


def test_a_roll_through_one_process_reaches_a_stream_on_the_other(two_servers):
    a, b = two_servers
    _group, headers, room = new_room(a, "Two servers", ["Ana", "Ben"])

    on_b = Stream(b + room + "/events", headers)
    on_a = Stream(a + room + "/events", headers)
    try:
        # Each Stream has its answer head, so its server listens already; a stream
        # holds for 300 s, so an event can only reach the far one within next()'s
        # deadline through that process's hub watching the shared file. How fast
        # is measured in bench/venue.py, not asserted here (a busy box is slow).
        for i, (via, far, near) in enumerate([(a, on_b, on_a), (b, on_a, on_b)] * 3, start=1):
            answer = requests.post(via + room + "/roll", headers=headers, timeout=30)
            assert answer.status_code == 201, answer.text
            event = answer.json()
            assert event["id"] == i
            _arrived, eid, data = far.next()
            assert eid == event["id"] and data == event
            assert near.next()[1] == event["id"]
        # Polling through either process sees the same log.
        logs = [requests.get(base + room + "/events?after=0", headers=headers, timeout=30).json()
                for base in (a, b)]
        assert logs[0] == logs[1]
        assert [e["id"] for e in logs[0]["events"]] == list(range(1, 7))
    finally:
        on_a.close()
        on_b.close()


def test_a_reconnecting_stream_resumes_on_the_other_process(two_servers):
    a, b = two_servers
    _group, headers, room = new_room(a, "Resume", ["Solo"])
    for _ in range(3):
        requests.post(a + room + "/roll", headers=headers, timeout=30)
    # A phone that saw event 1 on process A comes back through process B.
    stream = Stream(b + room + "/events", {**headers, "Last-Event-ID": "1"})
    try:
        assert [stream.next()[1] for _ in range(2)] == [2, 3]
        requests.post(a + room + "/roll", headers=headers, timeout=30)
        assert stream.next()[1] == 4
        with pytest.raises(queue.Empty):
            stream.next(timeout=0.3)  # nothing twice
    finally:
        stream.close()


def test_a_phone_removed_through_one_process_loses_its_stream_on_the_other(two_servers):
    """The other process's hub sees the phone gone (it checks after the file
    changes) and ends that phone's stream; the deadline bounds a hang."""
    a, b = two_servers
    group, headers, room = new_room(a, "Remove", ["Solo"])
    phone = requests.Session()
    joined = phone.get(f"{a}/g/{group['id']}/join?key={group['key']}", timeout=30,
                       headers={"Sec-Fetch-Site": "none"}, allow_redirects=False)
    assert joined.status_code == 303
    cookie = {"Cookie": "; ".join(f"{k}={v}" for k, v in phone.cookies.items())}
    mine = next(p["id"] for p in requests.get(f"{a}/api/groups/{group['id']}/phones",
                                              headers=cookie, timeout=30).json()["phones"]
                if p["this_phone"])
    on_b = Stream(b + room + "/events", cookie)
    try:
        gone = requests.delete(f"{a}/api/groups/{group['id']}/phones/{mine}", headers=headers,
                               timeout=30)
        assert gone.status_code == 204
        on_b.thread.join(timeout=60)  # bounds a hang, as next() does
        assert not on_b.thread.is_alive(), "the removed phone's stream on the other process is open"
    finally:
        on_b.close()
