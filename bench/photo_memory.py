"""Peak memory of `companion serve` while many phones send 24 MP photos at once.

Run: .venv/bin/python bench/photo_memory.py [--count 32] [--readers N] [--queue 32]

Starts `companion serve` (gevent, 2 worker processes) on 127.0.0.1 with a fresh
temporary database, makes one 24-megapixel JPEG (a fixture sheet photo scaled
to 6000 x 4000), and sends it `--count` times at once (one thread each). Every
0.1 s the RSS of the server's whole process tree is summed (master, workers,
the photo fork server and every photo worker it forks; shared pages are
counted once per process, so the sum overstates). Printed: the peak, the
answers by status, and how long the uploads took. Reads beyond `--readers`
(default: the machine's cores) wait in the queue; past `--queue` they get 503.
Goal (issue 15): peak under 2 GB for 32 uploads.
"""

from __future__ import annotations

import argparse
import io
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import requests

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))
from room_fanout import free_port  # noqa: E402


def photo_24mp() -> bytes:
    import cv2
    import numpy as np

    source = sorted((REPO / "fixtures/photos/doodle-china").glob("*.jpg"))[0]
    image = cv2.imread(str(source))
    big = cv2.resize(image, (6000, 4000), interpolation=cv2.INTER_CUBIC)
    # Sensor noise, so the file is as large as a phone's (an upscaled photo
    # compresses to under 1 MB; a real 24 MP JPEG is 8-12 MB).
    noise = np.random.default_rng(0).normal(0, 9, big.shape)
    big = np.clip(big.astype(np.float32) + noise, 0, 255).astype(np.uint8)
    ok, data = cv2.imencode(".jpg", big, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return data.tobytes()


def tree(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo += children.get(pid, [])
    return out


def rss(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            pass
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=32)
    parser.add_argument("--readers", type=int, default=None)
    parser.add_argument("--queue", type=int, default=32)
    args = parser.parse_args()
    data = photo_24mp()
    with tempfile.TemporaryDirectory(prefix="photo-memory-") as tmp:
        port = free_port()
        env = {**os.environ, "TMPDIR": tmp, "COMPANION_PHOTO_QUEUE_MAX": str(args.queue),
               "COMPANION_PHOTO_QUOTA_MB": "100000"}
        if args.readers:
            env["COMPANION_PHOTO_READERS"] = str(args.readers)
        exe = Path(sys.executable).with_name("companion")
        proc = subprocess.Popen([str(exe), "serve", "--host", "127.0.0.1", "--port", str(port),
                                 "--db", str(Path(tmp) / "photos.sqlite"), "--workers", "2"],
                                cwd=REPO, env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 90
            while True:
                try:
                    requests.get(base + "/api/groups/none", timeout=2)
                    break
                except requests.RequestException:
                    if time.monotonic() > deadline or proc.poll() is not None:
                        raise SystemExit("server did not start") from None
                    time.sleep(0.2)
            time.sleep(2)  # both workers warmed up (fork server started)
            group = requests.post(base + "/api/groups", json={"name": "Photos"}, timeout=10).json()
            headers = {"X-Companion-Key": group["key"]}
            idle = rss(tree(proc.pid))
            peak = [idle]
            done = threading.Event()

            def sample() -> None:
                while not done.is_set():
                    peak[0] = max(peak[0], rss(tree(proc.pid)))
                    time.sleep(0.1)

            results: list[tuple[int, float]] = []

            def send() -> None:
                t0 = time.monotonic()
                try:
                    answer = requests.post(f"{base}/api/groups/{group['id']}/photos",
                                           headers=headers, timeout=600,
                                           files={"photo": ("sheet.jpg", io.BytesIO(data),
                                                            "image/jpeg")},
                                           data={"game": "doodle-china"})
                    results.append((answer.status_code, time.monotonic() - t0))
                except requests.RequestException:
                    results.append((0, time.monotonic() - t0))

            sampler = threading.Thread(target=sample, daemon=True)
            sampler.start()
            started = time.monotonic()
            senders = [threading.Thread(target=send) for _ in range(args.count)]
            for t in senders:
                t.start()
            for t in senders:
                t.join(timeout=900)
            elapsed = time.monotonic() - started
            done.set()
            sampler.join()
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
                try:
                    proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait()
    statuses: dict[int, int] = {}
    for status, _t in results:
        statuses[status] = statuses.get(status, 0) + 1
    times = [t for _s, t in results]
    readers = args.readers or os.cpu_count()
    print(f"photo memory: {args.count} uploads of one {len(data) / 2**20:.1f} MB 24 MP JPEG at "
          f"once; {readers} reads at a time, queue {args.queue}; {os.cpu_count()} CPUs, load "
          f"average {os.getloadavg()[0]:.1f}")
    print(f"  answers {dict(sorted(statuses.items()))} in {elapsed:.1f} s; per upload median "
          f"{statistics.median(times):.1f} s, max {max(times):.1f} s")
    print(f"  server process tree RSS: {idle / 2**20:.0f} MB idle, peak {peak[0] / 2**20:.0f} MB "
          f"(goal < 2048 MB)")
    return 0 if peak[0] < 2 * 2**30 else 1


if __name__ == "__main__":
    sys.exit(main())
