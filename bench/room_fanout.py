"""Live table fan-out: how long a roll takes to reach every phone's stream.

Run: .venv/bin/python bench/room_fanout.py [--rolls 100] [--workers 2] [--poll 0.01]

Starts `companion serve` (gunicorn gthread, `--workers` processes sharing one
temporary SQLite file, as in production) on 127.0.0.1, then:

1. baseline: the round trip of a trivial GET (`GET /api/groups/<gid>`) on the
   same server;
2. 8 streaming clients (server-sent events) on one room, `--rolls` rolls;
3. 48 streaming clients over 6 rooms (8 each), `--rolls` rolls in every room,
   the 6 rooms rolling at the same time.

A roll's latency is measured per client, from the moment the roll request's
answer is read to the moment the event is read from that client's stream
(both in this process, `time.perf_counter`). A client on the other server
process than the one that stored the roll learns of it through the hub's
`PRAGMA data_version` poll (`--poll` seconds). Each room is a solo paper
game: the first 5 rolls are the setup's blue rolls, then each round is a roll
and a take, so every client also receives the takes; at the end every client
must hold every event id of its room exactly once, in order.

Also printed: the CPU the server processes used while 48 streams sat idle
(the cost of keeping streams open and polling). Goal: p95 < 50 ms.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import selectors
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, workers: int, threads: int, poll: float):
        self.dir = tempfile.TemporaryDirectory(prefix="room-fanout-")
        self.db = Path(self.dir.name) / "bench.sqlite"
        from companion import storage

        storage.connect(self.db).conn.close()
        self.port = free_port()
        exe = Path(sys.executable).with_name("companion")
        cmd = [str(exe)] if exe.exists() else [sys.executable, "-c",
                                               "from companion.cli import main; main()"]
        env = {**os.environ, "COMPANION_ROOM_POLL_SECONDS": str(poll),
               "COMPANION_ROOM_MAX_STREAMS": str(max(1, threads - 4))}
        self.proc = subprocess.Popen(
            [*cmd, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--db", str(self.db),
             "--workers", str(workers), "--threads", str(threads)],
            cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            start_new_session=True)
        deadline = time.monotonic() + 60
        while True:
            if self.proc.poll() is not None:
                raise SystemExit(f"server did not start: {self.proc.stderr.read().decode()[-2000:]}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise SystemExit("server did not start within 60 s") from None
                time.sleep(0.1)

    def pids(self) -> list[int]:
        """The master and its workers (our process group)."""
        out = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    stat = (entry / "stat").read_text()
                except OSError:
                    continue
                fields = stat.rsplit(")", 1)[1].split()
                if int(fields[2]) == self.proc.pid:  # field 5: process group
                    out.append(int(entry.name))
        return out

    def cpu_seconds(self) -> float:
        total = 0.0
        tick = os.sysconf("SC_CLK_TCK")
        for pid in self.pids():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += (int(fields[11]) + int(fields[12])) / tick  # utime + stime
        return total

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGINT)
            try:
                self.proc.wait(timeout=3)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        self.dir.cleanup()


class Api:
    """One keep-alive HTTP connection (one per thread)."""

    def __init__(self, port: int, key: str | None = None):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.headers = {"X-Companion-Key": key} if key else {}

    def call(self, method: str, path: str, body=None) -> tuple[int, dict]:
        headers = dict(self.headers)
        data = None
        if body is not None:
            data = json.dumps(body)
            headers["Content-Type"] = "application/json"
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        raw = response.read()
        return response.status, (json.loads(raw) if raw else {})

    def close(self) -> None:
        self.conn.close()


class StreamClient:
    """A raw-socket SSE client; all of them are read by one selector loop."""

    def __init__(self, port: int, path: str, key: str):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                           f"Accept: text/event-stream\r\nX-Companion-Key: {key}\r\n\r\n").encode())
        self.sock.setblocking(False)
        self.raw = b""
        self.headers_done = False
        self.chunked = False
        self.text = ""
        self.ready = threading.Event()
        self.ids: list[int] = []
        self.arrivals: dict[int, float] = {}

    def feed(self, data: bytes, now: float) -> None:
        self.raw += data
        if not self.headers_done:
            head, sep, rest = self.raw.partition(b"\r\n\r\n")
            if not sep:
                return
            status = head.split(b"\r\n", 1)[0]
            if b" 200 " not in status + b" ":
                raise SystemExit(f"stream refused: {status!r}")
            self.chunked = b"transfer-encoding: chunked" in head.lower()
            self.headers_done = True
            self.raw = rest
        if self.chunked:
            while True:
                line, sep, rest = self.raw.partition(b"\r\n")
                if not sep:
                    break
                size = int(line.split(b";")[0], 16)
                if len(rest) < size + 2:
                    break
                self.text += rest[:size].decode()
                self.raw = rest[size + 2:]
        else:
            self.text += self.raw.decode()
            self.raw = b""
        while "\n\n" in self.text:
            block, self.text = self.text.split("\n\n", 1)
            self.ready.set()
            for line in block.split("\n"):
                if line.startswith("id:"):
                    eid = int(line[3:].strip())
                    self.ids.append(eid)
                    self.arrivals.setdefault(eid, now)


class Reader(threading.Thread):
    def __init__(self, clients: list[StreamClient]):
        super().__init__(daemon=True)
        self.sel = selectors.DefaultSelector()
        for c in clients:
            self.sel.register(c.sock, selectors.EVENT_READ, c)
        self.stop_flag = False

    def run(self) -> None:
        while not self.stop_flag:
            for key, _ in self.sel.select(timeout=0.05):
                try:
                    data = key.fileobj.recv(65536)
                except BlockingIOError:
                    continue
                now = time.perf_counter()
                if data:
                    key.data.feed(data, now)
                else:
                    self.sel.unregister(key.fileobj)


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def ms(x: float) -> str:
    return f"{x * 1000:7.2f} ms"


def make_room(api: Api, gid: str) -> str:
    status, body = api.call("POST", f"/api/groups/{gid}/rooms",
                            {"game": "doodle-china", "edition": "suzhou", "players": ["Solo"]})
    assert status == 201, body
    return f"/api/groups/{gid}/rooms/{body['id']}"


def run_room(port: int, key: str, room: str, clients: list[StreamClient], rolls: int,
             out: dict) -> None:
    """Roll `rolls` times (5 setup rolls, then roll + take rounds); after each
    event wait until every client of the room has it, so latencies are not
    queueing behind earlier rolls."""
    api = Api(port, key)
    from_answer, from_request = [], []
    last = 0

    def wait_all(eid: int) -> None:
        deadline = time.perf_counter() + 5
        while any(eid not in c.arrivals for c in clients):
            if time.perf_counter() > deadline:
                return  # counted as missed at the end
            time.sleep(0.0005)

    for i in range(rolls):
        sent = time.perf_counter()
        status, event = api.call("POST", f"{room}/roll")
        answered = time.perf_counter()
        assert status == 201, event
        last = event["id"]
        wait_all(last)
        for c in clients:
            if last in c.arrivals:
                from_answer.append(c.arrivals[last] - answered)
                from_request.append(c.arrivals[last] - sent)
        if i >= 5:  # a play round: the solo player takes a die
            status, event = api.call("POST", f"{room}/take", {"player": "Solo", "die": 0})
            assert status == 201, event
            last = event["id"]
            wait_all(last)
    api.close()
    out[room] = {"answer": from_answer, "request": from_request, "last": last}


def phase(port: int, key: str, gid: str, rooms: int, per_room: int, rolls: int) -> dict:
    api = Api(port, key)
    paths = [make_room(api, gid) for _ in range(rooms)]
    api.close()
    clients = {p: [StreamClient(port, f"{p}/events?after=0", key) for _ in range(per_room)]
               for p in paths}
    every = [c for cs in clients.values() for c in cs]
    reader = Reader(every)
    reader.start()
    for c in every:
        if not c.ready.wait(10):
            raise SystemExit("a stream did not open within 10 s")
    time.sleep(0.2)
    out: dict = {}
    threads = [threading.Thread(target=run_room, args=(port, key, p, clients[p], rolls, out))
               for p in paths]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - started
    time.sleep(0.2)
    missed = duplicated = 0
    for p, cs in clients.items():
        expected = list(range(1, out[p]["last"] + 1))
        for c in cs:
            if c.ids != expected:
                missed += len(set(expected) - set(c.ids))
                duplicated += len(c.ids) - len(set(c.ids))
                if not (set(expected) - set(c.ids)) and len(c.ids) == len(set(c.ids)):
                    missed += 1  # out of order counts as a failure too
    result = {
        "answer": [x for r in out.values() for x in r["answer"]],
        "request": [x for r in out.values() for x in r["request"]],
        "events": sum(r["last"] for r in out.values()),
        "missed": missed, "duplicated": duplicated, "elapsed": elapsed,
        "clients": every, "reader": reader,
    }
    return result


def close_phase(result: dict) -> None:
    result["reader"].stop_flag = True
    result["reader"].join(timeout=2)
    for c in result["clients"]:
        c.sock.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rolls", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=64,
                        help="threads per worker (each open stream holds one)")
    parser.add_argument("--poll", type=float, default=0.01,
                        help="seconds between PRAGMA data_version checks in each process")
    args = parser.parse_args()

    server = Server(args.workers, args.threads, args.poll)
    failed = False
    try:
        api = Api(server.port)
        status, group = api.call("POST", "/api/groups", {"name": "Bench table"})
        assert status == 201, group
        api.close()
        key, gid = group["key"], group["id"]

        api = Api(server.port, key)
        for _ in range(20):
            api.call("GET", f"/api/groups/{gid}")  # warm up
        trips = []
        for _ in range(200):
            t0 = time.perf_counter()
            status, _ = api.call("GET", f"/api/groups/{gid}")
            trips.append(time.perf_counter() - t0)
            assert status == 200
        api.close()

        print(f"room fan-out: companion serve, {args.workers} worker process(es) x "
              f"{args.threads} threads, hub poll {args.poll * 1000:.0f} ms, {args.rolls} rolls "
              f"per room; {os.cpu_count()} CPU(s)")
        print(f"baseline  trivial GET /api/groups/<gid> round trip: median {ms(statistics.median(trips))}"
              f"   p95 {ms(pct(trips, 0.95))}")
        print()
        header = (f"{'clients':>16} {'events':>7} {'samples':>8} {'median':>10} {'p95':>10} "
                  f"{'max':>10} {'p95 from request':>17} {'missed':>7} {'dup':>4}")
        print("latency of a roll: from its request's answer to the event read from each stream")
        print(header)
        for rooms in (1, 6):
            result = phase(server.port, key, gid, rooms, 8, args.rolls)
            lat = result["answer"]
            label = f"{rooms * 8} over {rooms} room{'s' if rooms > 1 else ''}"
            print(f"{label:>16} {result['events']:>7} {len(lat):>8} {ms(statistics.median(lat)):>10} "
                  f"{ms(pct(lat, 0.95)):>10} {ms(max(lat)):>10} {ms(pct(result['request'], 0.95)):>17} "
                  f"{result['missed']:>7} {result['duplicated']:>4}")
            if rooms == 6:
                before = server.cpu_seconds()
                time.sleep(3)
                idle = (server.cpu_seconds() - before) / 3
            failed |= bool(result["missed"] or result["duplicated"]) or pct(lat, 0.95) >= 0.05
            close_phase(result)
        print()
        print(f"idle cost: server processes used {idle * 100:.1f}% of one CPU while 48 streams sat open")
        print("goal p95 < 50 ms, no event missed or duplicated:", "FAILED" if failed else "met")
    finally:
        server.stop()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
