"""How long a heavy request holds its server process (issue 15: "no request
but a photo read holds a worker over 2 s"), against `companion serve`
(gevent, ONE worker process so every request shares it) on 127.0.0.1:

Run: .venv/bin/python bench/worker_hold.py [--import-lines 20000]

A probe phone GETs the group every 20 ms all along. Under gevent a request
"holds the worker" when it keeps the process's event loop from running
(CPU in a greenlet, SQLite outside the thread pool): the probe's slowest
answer while a request runs says for how long. Each heavy request runs
alone: `POST /api/score` with the largest state each game allows, the
largest import the page takes (`--import-lines` JSON lines, multipart),
the BG Stats export and the stats of the group that import made, and the
match history page of it. Printed per request: its own time, the probe's
max and p95 during it, and the probe's p95 when idle (the baseline, same
run). Goal: every probe max under 2 s (and the request's own time says
how long the phone waits, which may be longer).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import sys
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from score import canal_houses_state, canalis_waiting_state, doodle_china_state  # noqa: E402
from venue import Server  # noqa: E402

GOAL_S = 2.0


class Probe(threading.Thread):
    def __init__(self, port: int, path: str, key: str):
        super().__init__(daemon=True)
        self.port, self.path, self.key = port, path, key
        self.samples: list[tuple[float, float]] = []  # (sent at, seconds)
        self.stop = threading.Event()

    def run(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        while not self.stop.wait(0.02):
            t0 = time.monotonic()
            try:
                conn.request("GET", self.path, headers={"X-Companion-Key": self.key})
                conn.getresponse().read()
            except (OSError, http.client.HTTPException):  # a time-out counts as its wait
                self.samples.append((t0, time.monotonic() - t0))
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                continue
            self.samples.append((t0, time.monotonic() - t0))
        conn.close()

    def during(self, start: float, end: float) -> list[float]:
        """Answers to GETs sent while [start, end] ran, or that were waiting then."""
        return [took for sent, took in self.samples if sent <= end and sent + took >= start]


def request(port: int, method: str, path: str, key: str, body: bytes | None = None,
            content_type: str = "application/json") -> tuple[int, bytes, float]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=900)
    headers = {"X-Companion-Key": key}
    if body is not None:
        headers["Content-Type"] = content_type
    t0 = time.monotonic()
    conn.request(method, path, body=body, headers=headers)
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, data, time.monotonic() - t0


def multipart(name: str, filename: str, payload: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; "
            f"filename=\"{filename}\"\r\nContent-Type: application/x-ndjson\r\n\r\n").encode()
    return body + payload + f"\r\n--{boundary}--\r\n".encode(), \
        f"multipart/form-data; boundary={boundary}"


def import_file(lines: int, gid: str) -> bytes:
    """`lines` matches as `companion export` writes them: mostly Canal Grande
    and Canal Houses, dated over ten years."""
    rng = random.Random(5)
    names = [f"Player {i}" for i in range(40)]
    out = []
    for i in range(lines):
        who = rng.sample(names, rng.randint(2, 4))
        day = 1_300_000_000 + i * 6_000
        when = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(day))
        if i % 3:
            state = {"game": "canal-grande", "players": [
                {"name": n, "won": {"San Marco": rng.randint(0, 2), "Castello": rng.randint(0, 1)}}
                for n in who[:2]]}
        else:
            state = {"game": "canal-houses", "players": [
                {"name": n, "street": [{"store": {"points": rng.randint(0, 4), "color": None,
                                                  "condition": {}},
                                        "windows": [{"cats": 0, "birds": 1, "flags": 0,
                                                     "flowerpots": rng.randint(0, 2),
                                                     "color": None}]}]} for n in who]}
        out.append(json.dumps({"id": f"imp-{i:06d}", "group": gid, "played_at": when,
                               "state": state}))
    return ("\n".join(out) + "\n").encode()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--import-lines", type=int, default=20_000,
                        help="lines in the import (the page takes up to 100,000)")
    args = parser.parse_args()
    print(f"worker hold: companion serve (gevent, 1 process); {os.cpu_count()} CPUs, load "
          f"average {os.getloadavg()[0]:.1f}")
    server = Server("gevent", 1)
    rows = []
    try:
        status, data, _ = request(server.port, "POST", "/api/groups", "",
                                  json.dumps({"name": "Hold bench"}).encode())
        group = json.loads(data)
        gid, key = group["id"], group["key"]
        probe = Probe(server.port, f"/api/groups/{gid}", key)
        probe.start()
        time.sleep(2.0)
        idle = [took for _, took in probe.samples]
        rng = random.Random(3)
        heavy: list[tuple[str, str, str, bytes | None, str]] = [
            ("score canalis 500 moves, 250 industrials waiting", "POST", "/api/score",
             json.dumps(canalis_waiting_state(500)).encode(), "application/json"),
            ("score canal-houses 5 players x 6 houses", "POST", "/api/score",
             json.dumps(canal_houses_state(rng, houses=6, players=5)).encode(),
             "application/json"),
            ("score doodle-china 6 Shanghai sheets", "POST", "/api/score",
             json.dumps(doodle_china_state(rng, players=6)).encode(), "application/json"),
        ]
        payload = import_file(args.import_lines, gid)
        body, ctype = multipart("file", "matches.jsonl", payload)
        heavy.append((f"import {args.import_lines} lines ({len(payload) / 2**20:.1f} MB)", "POST",
                      f"/api/groups/{gid}/import", body, ctype))
        heavy += [
            (f"BG Stats export of {args.import_lines} matches", "GET",
             f"/api/groups/{gid}/export.bgstats.json", None, ""),
            (f"stats of {args.import_lines} matches", "GET", f"/api/groups/{gid}/stats", None, ""),
            (f"stats page of {args.import_lines} matches", "GET", f"/g/{gid}/stats", None, ""),
            ("match history (50 newest)", "GET", f"/api/groups/{gid}/matches", None, ""),
        ]
        for label, method, path, payload_body, content_type in heavy:
            start = time.monotonic()
            status, data, took = request(server.port, method, path, key, payload_body,
                                         content_type)
            end = time.monotonic()
            time.sleep(0.3)  # the probe's answer to the last GET sent during it
            seen = probe.during(start, end)
            rows.append((label, status, took, max(seen) if seen else 0.0,
                         len(seen)))
            if status >= 300:
                print(f"  {label}: HTTP {status} {data[:300]!r}")
        probe.stop.set()
        probe.join(timeout=5)
    finally:
        server.stop()
    base = statistics.quantiles(idle, n=20)[-1] if len(idle) > 1 else 0.0
    print(f"probe GET when idle: p95 {base * 1000:.0f} ms ({len(idle)} answers)")
    print(f"{'request':52} {'status':>6} {'own time':>9} {'probe max':>10} {'probes':>7}")
    worst = 0.0
    for label, status, took, hold, seen in rows:
        worst = max(worst, hold)
        print(f"{label:52} {status:>6} {took:8.2f}s {hold:9.2f}s {seen:>7}")
    print(f"longest hold (probe max) {worst:.2f} s = {worst / max(base, 1e-3):.0f}x the idle p95;"
          f" goal < {GOAL_S:g} s: {'met' if worst < GOAL_S else 'NOT met'}"
          f" (load average {os.getloadavg()[0]:.1f})")
    return 0 if worst < GOAL_S else 1


if __name__ == "__main__":
    sys.exit(main())
