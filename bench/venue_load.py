"""The load of bench/venue.py: the phones that watch a table's stream and
measure each roll's latency (`Phone`), a table played roll by roll
(`run_table`), and the pressure around them (`Load`: slow-loris connections,
scripted savers, a phone reading the group every 50 ms). Everything talks to
127.0.0.1 and is bounded by the caller's deadline."""

from __future__ import annotations

import http.client
import random
import socket
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from room_fanout import Api, StreamClient  # noqa: E402


class Phone(StreamClient):
    """A stream that records a refusal instead of stopping the run."""

    def __init__(self, port: int, path: str, key: str):
        self.status = None
        super().__init__(port, path, key)

    def feed(self, data: bytes, now: float) -> None:
        if not self.headers_done and b"\r\n\r\n" in self.raw + data:
            head = (self.raw + data).split(b"\r\n", 1)[0]
            self.status = int(head.split()[1])
            if self.status != 200:
                self.headers_done = True
                self.chunked = False
                self.ready.set()
                self.raw = b""
                return
        if self.status not in (None, 200):
            return
        super().feed(data, now)


class Load:
    """Everything besides the tables, each in its own thread, until `stop`."""

    def __init__(self, port: int, gid: str, key: str, loris: int, savers: int,
                 save_every: float = 5.0):
        self.port, self.gid, self.key = port, gid, key
        self.save_every = save_every
        self.stop = threading.Event()
        self.errors: list[str] = []
        self.gets: list[float] = []
        self.saves: list[float] = []
        self.cut = 0
        self.threads = [threading.Thread(target=self._loris, args=(loris,), daemon=True),
                        threading.Thread(target=self._getter, daemon=True)]
        self.threads += [threading.Thread(target=self._saver, args=(i,), daemon=True)
                         for i in range(savers)]

    def start(self) -> None:
        for t in self.threads:
            t.start()

    def finish(self) -> None:
        self.stop.set()
        for t in self.threads:
            t.join(timeout=15)

    def _timed(self, api: Api, method: str, path: str, body=None) -> float | None:
        t0 = time.perf_counter()
        try:
            try:
                status, answer = api.call(method, path, body)
            except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
                # The server closed the idle keep-alive connection as we reused it
                # (its 5 s idle limit): send again on a new one, as browsers do.
                api.conn.close()
                t0 = time.perf_counter()
                status, answer = api.call(method, path, body)
        except (OSError, http.client.HTTPException) as exc:
            self.errors.append(f"{method} {path.split('/')[-1]}: {exc.__class__.__name__}")
            api.conn.close()
            return None
        if status >= 300:
            self.errors.append(f"{method} {path.split('/')[-1]}: {status}")
            return None
        return time.perf_counter() - t0

    def _getter(self) -> None:
        api = Api(self.port, self.key)
        api.conn.timeout = 10
        while not self.stop.wait(0.05):
            took = self._timed(api, "GET", f"/api/groups/{self.gid}")
            if took is not None:
                self.gets.append(took)
        api.close()

    def _saver(self, i: int) -> None:
        api = Api(self.port, self.key)
        api.conn.timeout = 10
        rng = random.Random(i)
        if self.stop.wait(self.save_every * rng.random()):  # spread the phones out
            return
        while not self.stop.wait(self.save_every * rng.uniform(0.8, 1.2)):
            state = {"game": "canal-grande",
                     "players": [{"name": f"Phone {i}", "won": {"San Marco": rng.randint(1, 4)}},
                                 {"name": "Guest", "won": {"Castello": 1}}]}
            took = self._timed(api, "POST", f"/api/groups/{self.gid}/matches", {"state": state})
            if took is not None:
                self.saves.append(took)
        api.close()

    def _loris(self, count: int) -> None:
        """`count` connections dribbling a request head, a byte every 2 s each."""
        head = (b"POST /api/groups/" + self.gid.encode() + b"/matches HTTP/1.1\r\nHost: x\r\n"
                + b"X-Padding: " + b"z" * 4000)
        socks: dict[socket.socket, int] = {}

        def opened() -> socket.socket | None:
            try:
                s = socket.create_connection(("127.0.0.1", self.port), timeout=2)
                s.setblocking(False)
                return s
            except OSError:
                return None

        for _ in range(count):
            s = opened()
            if s is not None:
                socks[s] = 0
        step = 2.0 / max(1, count)
        while not self.stop.is_set():
            for s in list(socks):
                if self.stop.wait(step):
                    break
                pos = socks.pop(s)
                try:
                    s.send(head[pos % len(head):pos % len(head) + 1])
                    try:
                        if s.recv(4096) == b"":
                            raise ConnectionResetError
                    except BlockingIOError:
                        pass
                    socks[s] = pos + 1
                except OSError:  # the server hung up on it: dial again
                    self.cut += 1
                    s.close()
                    fresh = opened()
                    if fresh is not None:
                        socks[fresh] = 0
        for s in socks:
            s.close()


def run_table(port: int, key: str, room: str, phones: list[Phone], rolls: int, out: dict,
              deadline: float, errors: list[str], think: float = 0.0) -> None:
    """One table's actions; `think` seconds pass between two of them (the
    first after a random part of it, so tables do not act in lockstep)."""
    api = Api(port, key)
    pause = random.Random(room)
    time.sleep(pause.uniform(0, think))
    api.conn.timeout = 10
    latencies, last = [], 0
    live = [p for p in phones if p.status == 200]

    def wait_all(eid: int) -> None:
        until = time.perf_counter() + 5
        while any(eid not in p.arrivals for p in live):
            if time.perf_counter() > until:
                return  # counted as missed at the end
            time.sleep(0.01)  # arrivals are timed by the reader, not here

    try:
        for i in range(rolls):
            if time.monotonic() > deadline:
                break
            if i:
                time.sleep(think)
            status, event = api.call("POST", f"{room}/roll")
            answered = time.perf_counter()
            if status != 201:
                errors.append(f"roll: {status}")
                break
            last = event["id"]
            wait_all(last)
            latencies += [p.arrivals[last] - answered for p in live if last in p.arrivals]
            if i >= 5:
                status, _ = api.call("GET", f"{room}/options")  # the acting phone's squares
                if status != 200:
                    errors.append(f"options: {status}")
                    break
                time.sleep(think)
                status, event = api.call("POST", f"{room}/take", {"player": "Solo", "die": 0})
                if status != 201:
                    errors.append(f"take: {status}")
                    break
                last = event["id"]
                wait_all(last)
    except (OSError, http.client.HTTPException) as exc:
        errors.append(f"roll: {exc.__class__.__name__}")
    api.close()
    out[room] = {"latency": latencies, "last": last}
