"""Issue 8, crash: the server is killed with SIGKILL (whole process group) at
random points during 1,000 saves, 20 times, and restarted each time. Phones
keep saving and retry on connection errors. After every kill the file passes
`PRAGMA integrity_check`; at the end every save that got a 2xx answer is
stored, and saves sent more than once are stored once."""

from __future__ import annotations

import random
import signal
import sqlite3
import threading
import time
import uuid

import pytest
import requests
from helpers import grande_state
from live_servers import LiveServer

pytestmark = pytest.mark.slow

SAVES = 1000
KILLS = 20
CLIENTS = 4
DEADLINE_SECONDS = 480  # a bound against hangs, not a speed goal: 17 restarts on a busy 2-core box
REQUEST_TIMEOUT = 45
RESEND_SHARE = 0.1  # saves also sent a second time after their 2xx, like a nervous phone


def integrity(db) -> str:
    conn = sqlite3.connect(db, timeout=30)
    try:
        return conn.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        conn.close()


def test_sigkill_during_saves_loses_nothing_acknowledged(tmp_path):
    db = tmp_path / "crash.sqlite"
    server = LiveServer(db, tmp_path / "server.log", threads=8)
    rng = random.Random(8)
    # Kill when this many saves have been started; then a little random delay
    # so the kill lands anywhere in a request (parsing, scoring, in the transaction).
    kill_points = sorted(rng.sample(range(20, SAVES - 20), KILLS))

    lock = threading.Lock()
    next_save = 0
    started = 0
    in_flight = 0
    acknowledged: dict[str, int] = {}  # mid -> status of its first 2xx
    sends: dict[str, int] = {}  # mid -> requests sent for it
    connection_errors = 0
    bad_answers: list[tuple[int, str]] = []
    failures: list[str] = []
    checks: list[str] = []
    in_flight_at_kill: list[int] = []
    restart_seconds: list[float] = []
    done = threading.Event()
    deadline = time.monotonic() + DEADLINE_SECONDS

    try:
        server.start()
        made = requests.post(f"{server.url}/api/groups", json={"name": "Crash club"}, timeout=30)
        assert made.status_code == 201, made.text
        group = made.json()
        headers = {"X-Companion-Key": group["key"]}
        url = f"{server.url}/api/groups/{group['id']}/matches"

        def post(session: requests.Session, body: dict) -> requests.Response | None:
            """One attempt; None when the connection failed (server killed)."""
            nonlocal in_flight, connection_errors
            with lock:
                in_flight += 1
                sends[body["id"]] = sends.get(body["id"], 0) + 1
            try:
                return session.post(url, json=body, headers=headers, timeout=REQUEST_TIMEOUT)
            except (requests.ConnectionError, requests.Timeout,
                    requests.exceptions.ChunkedEncodingError):  # killed mid-answer
                with lock:
                    connection_errors += 1
                return None
            finally:
                with lock:
                    in_flight -= 1

        def client(number: int) -> None:
            nonlocal next_save, started
            crng = random.Random(1000 + number)
            session = requests.Session()
            try:
                while True:
                    with lock:
                        if next_save >= SAVES:
                            return
                        i = next_save
                        next_save += 1
                        started += 1
                    body = {"id": str(uuid.uuid4()), "played_at": f"2026-04-01T{i // 60 % 24:02d}:"
                            f"{i % 60:02d}:00Z", "state": grande_state(crng.choice(["Ana", "Ben"]))}
                    while True:
                        if time.monotonic() > deadline:
                            with lock:
                                failures.append(f"client {number}: out of time at save {i}")
                            return
                        answer = post(session, body)
                        if answer is None:
                            session.close()
                            session = requests.Session()
                            time.sleep(crng.uniform(0.05, 0.2))
                            continue
                        if 200 <= answer.status_code < 300:
                            with lock:
                                acknowledged.setdefault(body["id"], answer.status_code)
                            assert answer.json()["id"] == body["id"]
                            break
                        with lock:
                            bad_answers.append((answer.status_code, answer.text[:300]))
                        break
                    if crng.random() < RESEND_SHARE:
                        again = post(session, body)
                        if again is not None and again.status_code != 200:
                            with lock:
                                bad_answers.append((again.status_code, again.text[:300]))
            except Exception as exc:  # noqa: BLE001  (reported below)
                with lock:
                    failures.append(f"client {number}: {exc!r}")
            finally:
                session.close()

        def killer() -> None:
            krng = random.Random(88)
            try:
                for point in kill_points:
                    while not done.is_set() and time.monotonic() < deadline:
                        with lock:
                            if started >= point:
                                break
                        time.sleep(0.002)
                    else:
                        failures.append(f"killer: never reached save {point}")
                        return
                    time.sleep(krng.uniform(0, 0.03))
                    with lock:
                        in_flight_at_kill.append(in_flight)
                    server.kill(signal.SIGKILL)
                    checks.append(integrity(db))
                    restart_seconds.append(server.start())
            except Exception as exc:  # noqa: BLE001  (reported below)
                failures.append(f"killer: {exc!r}")

        began = time.monotonic()
        threads = [threading.Thread(target=client, args=(n,), daemon=True) for n in range(CLIENTS)]
        kill_thread = threading.Thread(target=killer, daemon=True)
        for thread in [*threads, kill_thread]:
            thread.start()
        for thread in threads:
            thread.join(timeout=DEADLINE_SECONDS + REQUEST_TIMEOUT)
        done.set()
        kill_thread.join(timeout=90)
        elapsed = time.monotonic() - began
        assert not any(t.is_alive() for t in [*threads, kill_thread]), "a thread hung"
        log = server.log()
    finally:
        server.stop()

    print(f"\n{SAVES} saves, {sum(sends.values())} requests, {connection_errors} connection "
          f"errors, {len(checks)} kills in {elapsed:.1f} s; requests in flight at each kill: "
          f"{in_flight_at_kill}; restart {min(restart_seconds, default=0):.1f}-"
          f"{max(restart_seconds, default=0):.1f} s")
    assert not failures, failures
    assert not bad_answers, bad_answers[:5]
    assert len(checks) == KILLS
    assert checks == ["ok"] * KILLS
    assert integrity(db) == "ok"
    assert server.starts == KILLS + 1
    assert "database is locked" not in log

    conn = sqlite3.connect(db)
    try:
        rows = conn.execute("SELECT id, count(*) FROM matches WHERE group_id = ? GROUP BY id",
                            [group["id"]]).fetchall()
        seats = conn.execute("SELECT match_id, count(*) FROM match_players WHERE group_id = ?"
                             " GROUP BY match_id", [group["id"]]).fetchall()
        total = conn.execute("SELECT count(*) FROM matches").fetchone()[0]
    finally:
        conn.close()
    stored = {mid for mid, _n in rows}
    assert len(acknowledged) == SAVES  # every save got its 2xx in the end
    missing = set(acknowledged) - stored
    assert not missing, f"{len(missing)} acknowledged saves are not stored: {sorted(missing)[:5]}"
    assert stored == set(acknowledged)  # nothing stored that nobody sent
    assert all(n == 1 for _mid, n in rows) and total == SAVES
    assert {mid for mid, _n in seats} == stored and all(n == 2 for _mid, n in seats)
    sent_twice = [mid for mid, n in sends.items() if n > 1]
    assert sent_twice, "no save was sent twice: the idempotency was not exercised"
