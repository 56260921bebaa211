"""Real `companion serve` processes for load tests: start one on a free port
of 127.0.0.1, wait until it answers, look at its process tree in /proc, and
always stop it (the whole process group) afterwards."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import requests

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT = 60.0  # a loaded 2-core CI box can take a while to import cv2 and friends


def free_port() -> int:
    """A port nobody listens on right now (the server binds it a moment later)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def port_is_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


class LiveServer:
    """One `companion serve` (gunicorn, gthread) in its own process group.

    `env` is added to the server's environment (e.g. its own TMPDIR). Output
    goes to `log_path`, appended across restarts, so a test can read it."""

    def __init__(self, db: Path | str, log_path: Path | str, *, port: int | None = None,
                 workers: int = 1, threads: int = 8, env: dict[str, str] | None = None):
        self.db = str(db)
        self.log_path = Path(log_path)
        self.port = port or free_port()
        self.workers = workers
        self.threads = threads
        self.env = {**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})}
        self.proc: subprocess.Popen | None = None
        self.starts = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        assert self.proc is not None, "server not started"
        return self.proc.pid

    def start(self, timeout: float = START_TIMEOUT) -> float:
        """Start and wait until it answers HTTP; returns the seconds it took."""
        assert self.proc is None or self.proc.poll() is not None, "already running"
        started = time.monotonic()
        deadline = started + timeout
        # After a SIGKILL the port may linger a moment; gunicorn retries binding itself too.
        while not port_is_free(self.port) and time.monotonic() < deadline:
            time.sleep(0.05)
        log = open(self.log_path, "ab")  # noqa: SIM115 (handed to the child, closed below)
        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1",
                 "--port", str(self.port), "--db", self.db, "--workers", str(self.workers),
                 "--threads", str(self.threads)],
                cwd=REPO, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, start_new_session=True)
        finally:
            log.close()
        self.starts += 1
        try:
            wait_until_answering(self.url, deadline, self.proc)
        except BaseException:
            self.kill()
            raise
        return time.monotonic() - started

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """Send `sig` to the whole process group (master, workers, their children)."""
        if self.proc is None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, sig)
        if sig == signal.SIGKILL:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=10)

    def stop(self) -> None:
        """Graceful stop (SIGTERM), then SIGKILL of the group whatever happens."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.kill(signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=15)
        self.kill(signal.SIGKILL)  # workers left over, if any

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def tree(self) -> list[int]:
        return process_tree(self.pid)

    def rss_bytes(self) -> int:
        return sum(rss_of(pid) for pid in self.tree())

    def cpu_seconds(self) -> float:
        return sum(cpu_seconds(pid) for pid in self.tree())


def wait_until_answering(url: str, deadline: float, proc: subprocess.Popen | None = None) -> None:
    """Any HTTP answer counts (a 401 for a made-up group touches no database)."""
    while True:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"server at {url} exited with {proc.returncode} while starting")
        try:
            requests.get(f"{url}/api/groups/ready-probe", timeout=2)
            return
        except requests.RequestException:
            pass
        if time.monotonic() > deadline:
            raise TimeoutError(f"server at {url} did not answer in time")
        time.sleep(0.1)


@contextlib.contextmanager
def running(*servers: LiveServer) -> Iterator[tuple[LiveServer, ...]]:
    """Start every server, yield them, and stop them all whatever happens."""
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.stop()


# -- /proc ---------------------------------------------------------------

def _stat(pid: int) -> tuple[str, int] | None:
    """(state, ppid) of a process, None if it is gone."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command name is in parentheses and may itself hold spaces or ')'.
    fields = raw[raw.rindex(")") + 2:].split()
    return fields[0], int(fields[1])


def all_pids() -> list[int]:
    return [int(name) for name in os.listdir("/proc") if name.isdigit()]


def process_tree(root: int) -> list[int]:
    """`root` and all its descendants that are alive now."""
    children: dict[int, list[int]] = {}
    for pid in all_pids():
        stat = _stat(pid)
        if stat:
            children.setdefault(stat[1], []).append(pid)
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        if _stat(pid) is None:
            continue
        out.append(pid)
        todo.extend(children.get(pid, []))
    return out


CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """CPU time of a process plus that of the children it has reaped (a photo
    worker and its tesseract count once the web worker has waited for them)."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = raw[raw.rindex(")") + 2:].split()
    return sum(int(f) for f in fields[11:15]) / CLOCK_TICKS  # utime stime cutime cstime


def rss_of(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(
            errors="replace").strip()
    except OSError:
        return ""


def pids_with_env(marker: str) -> list[int]:
    """Processes (ours) whose environment holds `marker`, e.g. "TMPDIR=/tmp/xyz":
    finds a server's descendants even after they were re-parented to init."""
    needle = marker.encode()
    found = []
    for pid in all_pids():
        try:
            environ = Path(f"/proc/{pid}/environ").read_bytes()
        except OSError:
            continue
        if needle in environ.split(b"\0"):
            found.append(pid)
    return found
