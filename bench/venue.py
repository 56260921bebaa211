"""A busy venue against `companion serve`: today's server (gthread, a thread
per connection) and the gevent server, one after the other in the same run.

Run: .venv/bin/python bench/venue.py [--tables 60] [--phones 4] [--loris 100]
     [--savers 20] [--rolls 10] [--think 1.0] [--only gevent|gthread]

Each server (2 worker processes on a fresh temporary SQLite file, 127.0.0.1)
gets, all at once:

- `--tables` live tables (a solo paper game each: 5 setup rolls, then roll +
  take rounds, `--rolls` rolls in all, `--think` seconds between two actions
  of a table), each watched by `--phones` streams
  (server-sent events): 60 x 4 = 240 streams. Phones behave as the page
  does since room events carry what changed: no re-read of the room per
  event; the phone due asks `/options` before it takes a die. A roll's latency is measured per
  phone from the moment the roll's answer is read to the moment the event is
  read from that phone's stream. A stream the server refuses (503: the old
  per-process cap) misses every event of its table;
- `--loris` slow-loris connections sending a request head one byte every 2 s
  (reconnecting when the server hangs up, so the pressure stays);
- `--savers` scripted phones each saving a Canal Grande match every
  `--save-every` seconds (5: 4 saves a second for 20 phones, far above a
  real evening; every save also keeps the stats aggregates, see
  bench/save_cost.py);
- one phone doing a plain `GET /api/groups/<gid>` every 50 ms.

Printed per server: roll latency p50/p95/max, plain GET and match save p95,
events missed, errors (refused streams, non-2xx answers, time-outs), server
RSS (web processes; photo fork server apart) at the end. Everything is
bounded: the load runs until every table has rolled or `--max-seconds`.
Goals (issue 15): roll p95 < 100 ms, GET p95 < 100 ms, 0 missed, 0 errors.
"""

from __future__ import annotations

import argparse
import http.client
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from room_fanout import Api, Reader, free_port, ms, pct  # noqa: E402
from venue_load import Load, Phone, run_table  # noqa: E402


class Server:
    def __init__(self, worker_class: str, workers: int):
        self.worker_class = worker_class
        self.dir = tempfile.TemporaryDirectory(prefix=f"venue-{worker_class}-")
        self.db = Path(self.dir.name) / "venue.sqlite"
        from companion import storage

        storage.connect(self.db).conn.close()
        self.port = free_port()
        exe = Path(sys.executable).with_name("companion")
        cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "companion.cli"]
        env = {**os.environ, "TMPDIR": self.dir.name}
        self.proc = subprocess.Popen(
            [*cmd, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--db", str(self.db),
             "--workers", str(workers), "--worker-class", worker_class],
            cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            start_new_session=True)
        deadline = time.monotonic() + 90
        while True:
            if self.proc.poll() is not None:
                raise SystemExit(f"server did not start: {self.proc.stderr.read().decode()[-2000:]}")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                conn.request("GET", "/api/groups/none")
                conn.getresponse().read()
                conn.close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise SystemExit("server did not start within 90 s") from None
                time.sleep(0.2)

    def web_pids(self) -> list[int]:
        """gunicorn's master and workers (not the photo fork server)."""
        out = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
                cmdline = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[2]) == self.proc.pid \
                    and b"forkserver" not in cmdline and b"multiprocessing" not in cmdline:
                out.append(int(entry.name))
        return out

    def rss(self) -> int:
        total = 0
        for pid in self.web_pids():
            try:
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) * 1024
            except OSError:
                pass
        return total

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait()
        self.dir.cleanup()


def measure(worker_class: str, args: argparse.Namespace) -> dict:
    server = Server(worker_class, args.workers)
    try:
        api = Api(server.port)
        status, group = api.call("POST", "/api/groups", {"name": "Venue bench"})
        assert status == 201, group
        api.close()
        gid, key = group["id"], group["key"]
        api = Api(server.port, key)
        rooms = []
        for _ in range(args.tables):
            status, body = api.call("POST", f"/api/groups/{gid}/rooms", {
                "game": "doodle-china", "edition": "suzhou", "players": ["Solo"]})
            assert status == 201, body
            rooms.append(f"/api/groups/{gid}/rooms/{body['id']}")
        api.close()
        rss_idle = server.rss()

        load = Load(server.port, gid, key, args.loris, args.savers, args.save_every)
        load.start()
        time.sleep(1.0)  # slow-loris connections are in place
        phones = {r: [Phone(server.port, f"{r}/events?after=0", key) for _ in range(args.phones)]
                  for r in rooms}
        everyone = [p for ps in phones.values() for p in ps]
        reader = Reader(everyone)
        reader.start()
        ready_by = time.monotonic() + 20  # one deadline for all: a stuck server costs 20 s
        for p in everyone:
            p.ready.wait(max(0.0, ready_by - time.monotonic()))
        refused = sum(1 for p in everyone if p.status != 200)
        errors: list[str] = [f"stream: {p.status}" for p in everyone if p.status != 200]
        out: dict = {}
        deadline = time.monotonic() + args.max_seconds
        tables = [threading.Thread(target=run_table, args=(server.port, key, r, phones[r],
                                                           args.rolls, out, deadline, errors,
                                                           args.think))
                  for r in rooms]
        started = time.perf_counter()
        for t in tables:
            t.start()
        for t in tables:
            t.join(timeout=args.max_seconds + 30)
        elapsed = time.perf_counter() - started
        time.sleep(0.3)
        rss_busy = server.rss()
        load.finish()
        reader.stop_flag = True
        reader.join(timeout=2)
        for p in everyone:
            p.sock.close()
        missed = 0
        for r, ps in phones.items():
            expected = set(range(1, out.get(r, {"last": 0})["last"] + 1))
            for p in ps:
                missed += len(expected - set(p.ids)) + (len(p.ids) - len(set(p.ids)))
        latency = [x for r in out.values() for x in r["latency"]]
        return {"latency": latency, "gets": load.gets, "saves": load.saves, "missed": missed,
                "errors": errors + load.errors, "refused": refused, "elapsed": elapsed,
                "events": sum(r["last"] for r in out.values()), "cut": load.cut,
                "rss_idle": rss_idle, "rss_busy": rss_busy}
    finally:
        server.stop()


def summary(name: str, r: dict) -> list[str]:
    lat, gets, saves = r["latency"], r["gets"], r["saves"]
    kinds: dict[str, int] = {}
    for e in r["errors"]:
        kinds[e] = kinds.get(e, 0) + 1
    return [
        f"{name}",
        f"  rolls: {r['events']} events in {r['elapsed']:.1f} s, {len(lat)} deliveries; latency "
        f"median {ms(statistics.median(lat)) if lat else '-'}, p95 {ms(pct(lat, 0.95))}, "
        f"max {ms(max(lat)) if lat else '-'}",
        f"  plain GET: {len(gets)} answered, median {ms(statistics.median(gets)) if gets else '-'}, "
        f"p95 {ms(pct(gets, 0.95))}; match saves: {len(saves)}, p95 {ms(pct(saves, 0.95))}",
        f"  missed events {r['missed']}, refused streams {r['refused']}, errors {len(r['errors'])}"
        + (f" {dict(sorted(kinds.items(), key=lambda kv: -kv[1])[:6])}" if kinds else ""),
        f"  slow-loris connections cut by the server: {r['cut']}",
        f"  server RSS (web processes): {r['rss_idle'] / 2**20:.0f} MB idle, "
        f"{r['rss_busy'] / 2**20:.0f} MB under load",
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--phones", type=int, default=4)
    parser.add_argument("--loris", type=int, default=100)
    parser.add_argument("--savers", type=int, default=20)
    parser.add_argument("--rolls", type=int, default=10)
    parser.add_argument("--save-every", type=float, default=5.0,
                        help="seconds between two saves of one scripted phone")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--max-seconds", type=float, default=120)
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds a table waits between two actions (1: 60 actions a "
                             "second over 60 tables, ten times a busy evening; 0: each table "
                             "acts the moment its last event reached every phone)")
    parser.add_argument("--only", choices=["gevent", "gthread"])
    args = parser.parse_args()
    print(f"venue: {args.tables} tables x {args.phones} phones = {args.tables * args.phones} "
          f"streams, {args.loris} slow-loris, {args.savers} phones saving a match every "
          f"{args.save_every:g} s, {args.rolls} "
          f"rolls a table; {args.workers} server processes; {os.cpu_count()} CPUs, load "
          f"average {os.getloadavg()[0]:.1f}")
    results = {}
    for kind in ("gthread", "gevent"):
        if args.only and args.only != kind:
            continue
        results[kind] = measure(kind, args)
        label = ("today's server (--worker-class gthread, 16 threads a process)"
                 if kind == "gthread" else "companion serve (gevent)")
        print("\n".join(summary(label, results[kind])), flush=True)
    new = results.get("gevent")
    if new is None:
        return 0
    ok = (pct(new["latency"], 0.95) < 0.1 and pct(new["gets"], 0.95) < 0.1
          and new["missed"] == 0 and not new["errors"])
    if "gthread" in results:
        old = results["gthread"]
        print(f"\nratios old/new: roll p95 {pct(old['latency'], 0.95) / pct(new['latency'], 0.95):.1f}x, "
              f"GET p95 {pct(old['gets'], 0.95) / pct(new['gets'], 0.95):.1f}x")
    print("goals (roll p95 < 100 ms, GET p95 < 100 ms, 0 missed, 0 errors):",
          "met" if ok else "NOT met", f"(load average now {os.getloadavg()[0]:.1f})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
