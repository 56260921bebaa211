"""Issue 8, concurrency: 8 phones x 50 saves to one group through two server
processes writing the same SQLite file. Every save carries a client UUID and
a random half of them are sent twice (a phone retrying): exactly 400 matches,
no duplicate, no 5xx, no "database is locked" anywhere."""

from __future__ import annotations

import random
import sqlite3
import threading
import time
import uuid

import pytest
import requests
from helpers import grande_state
from live_servers import LiveServer, running

pytestmark = pytest.mark.slow

CLIENTS = 8
SAVES_PER_CLIENT = 50
REQUEST_TIMEOUT = 60  # above the 30 s busy timeout: a slow answer is seen, not cut off
DEADLINE_SECONDS = 300  # a bound against hangs, not a speed goal


def test_eight_clients_two_processes_save_each_match_exactly_once(tmp_path):
    db = tmp_path / "load.sqlite"
    servers = (LiveServer(db, tmp_path / "server-a.log", threads=8),
               LiveServer(db, tmp_path / "server-b.log", threads=8))
    with running(*servers):
        a, b = servers
        assert a.pid != b.pid
        made = requests.post(f"{a.url}/api/groups", json={"name": "Load club"}, timeout=30)
        assert made.status_code == 201, made.text
        group = made.json()
        headers = {"X-Companion-Key": group["key"]}

        lock = threading.Lock()
        answers: list[dict] = []  # every answer: client, server, mid, attempt, status, body, seconds
        failures: list[str] = []
        deadline = time.monotonic() + DEADLINE_SECONDS
        start = threading.Barrier(CLIENTS)

        def client(number: int) -> None:
            rng = random.Random(number)
            session = requests.Session()
            try:
                start.wait(timeout=30)
                for i in range(SAVES_PER_CLIENT):
                    if time.monotonic() > deadline:
                        with lock:
                            failures.append(f"client {number} ran out of time at save {i}")
                        return
                    mid = str(uuid.uuid4())
                    body = {"id": mid, "played_at": f"2026-03-{1 + i % 28:02d}T20:{number:02d}:00Z",
                            "state": grande_state(winner=rng.choice(["Ana", "Ben"]))}
                    # Alternate servers; a retry goes to the other process.
                    targets = [servers[(number + i) % 2]]
                    if rng.random() < 0.5:
                        targets.append(servers[(number + i + 1) % 2])
                    for attempt, server in enumerate(targets):
                        t0 = time.monotonic()
                        answer = session.post(f"{server.url}/api/groups/{group['id']}/matches",
                                              json=body, headers=headers, timeout=REQUEST_TIMEOUT)
                        with lock:
                            answers.append({"client": number, "server": server.port, "mid": mid,
                                            "attempt": attempt, "status": answer.status_code,
                                            "body": answer.text,
                                            "seconds": time.monotonic() - t0})
            except Exception as exc:  # noqa: BLE001  (reported below, with the client number)
                with lock:
                    failures.append(f"client {number}: {exc!r}")
            finally:
                session.close()

        began = time.monotonic()
        threads = [threading.Thread(target=client, args=(n,), daemon=True) for n in range(CLIENTS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=DEADLINE_SECONDS + REQUEST_TIMEOUT)
        elapsed = time.monotonic() - began
        assert not any(t.is_alive() for t in threads), "a client thread hung"
        assert not failures, failures

        listed = requests.get(f"{b.url}/api/groups/{group['id']}/matches", params={"limit": 500},
                              headers=headers, timeout=30)
        assert listed.status_code == 200, listed.text
        listed_ids = [m["id"] for m in listed.json()["matches"]]
        shown = requests.get(f"{a.url}/api/groups/{group['id']}", headers=headers, timeout=30)
        assert shown.status_code == 200, shown.text
    logs = {s.port: s.log() for s in servers}

    sent_ids = {a["mid"] for a in answers}
    firsts = [a for a in answers if a["attempt"] == 0]
    retries = [a for a in answers if a["attempt"] == 1]
    server_errors = [a for a in answers if a["status"] >= 500]
    locked = [a for a in answers if "locked" in a["body"].lower()]
    times = sorted(a["seconds"] for a in answers)
    print(f"\n{len(answers)} requests ({len(firsts)} saves, {len(retries)} retries) in "
          f"{elapsed:.1f} s; median {times[len(times) // 2] * 1000:.0f} ms, "
          f"max {times[-1] * 1000:.0f} ms; per server: "
          + ", ".join(f"{p}: {sum(1 for a in answers if a['server'] == p)}" for p in logs))

    assert len(firsts) == CLIENTS * SAVES_PER_CLIENT
    assert len(sent_ids) == CLIENTS * SAVES_PER_CLIENT
    assert not server_errors, server_errors[:3]
    assert not locked, locked[:3]
    odd = [(a["status"], a["body"][:300]) for a in firsts if a["status"] != 201]
    assert not odd, f"{len(odd)} first sends not 201: {odd[:3]}"
    odd = [(a["status"], a["body"][:300]) for a in retries if a["status"] != 200]
    assert not odd, f"{len(odd)} retries not 200: {odd[:3]}"
    # Both processes really wrote: each stored new matches.
    for port in logs:
        assert any(a["server"] == port and a["status"] == 201 for a in answers), port

    # Count rows in the file itself, then the list the phones see.
    with sqlite3.connect(db) as conn:
        rows, distinct = conn.execute(
            "SELECT count(*), count(DISTINCT id) FROM matches WHERE group_id = ?",
            [group["id"]]).fetchone()
        seats = conn.execute("SELECT count(*) FROM match_players WHERE group_id = ?",
                             [group["id"]]).fetchone()[0]
        players = conn.execute("SELECT count(*) FROM players WHERE group_id = ?",
                               [group["id"]]).fetchone()[0]
        stored = {r[0] for r in conn.execute("SELECT id FROM matches WHERE group_id = ?",
                                             [group["id"]])}
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert rows == distinct == CLIENTS * SAVES_PER_CLIENT
    assert stored == sent_ids
    assert seats == 2 * rows  # each match has its two players once, none written twice
    assert players == 2  # Ana and Ben, created once although 8 clients raced to add them
    assert len(listed_ids) == len(set(listed_ids)) == CLIENTS * SAVES_PER_CLIENT
    assert set(listed_ids) == sent_ids
    assert shown.json()["matches"] == CLIENTS * SAVES_PER_CLIENT

    for port, log in logs.items():
        assert "database is locked" not in log, f"server {port}: {log[-2000:]}"
        assert "Traceback" not in log, f"server {port}: {log[-2000:]}"
        assert "[ERROR]" not in log and "[CRITICAL]" not in log, f"server {port}: {log[-2000:]}"
        # Two servers on one machine must not fight over gunicorn's per-user control socket.
        assert "Control socket listening" not in log, f"server {port}: {log[-2000:]}"
