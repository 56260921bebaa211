"""A small sliding-window limit on failed key attempts per client address,
so a joker cannot guess group keys or room tokens by brute force. Kept per
process: with N processes the ceiling is N times the limit, still far below
what guessing a 128-bit key would need."""

from __future__ import annotations

import threading
import time
from collections import defaultdict, deque

from flask import abort, request

WINDOW_SECONDS = 600
MAX_FAILURES = 30

_lock = threading.Lock()
_failures: dict[str, deque[float]] = defaultdict(deque)


def _client() -> str:
    return request.remote_addr or "unknown"


def _recent(address: str, now: float) -> deque[float]:
    bucket = _failures[address]
    while bucket and now - bucket[0] > WINDOW_SECONDS:
        bucket.popleft()
    return bucket


def check_allowed() -> None:
    """429 when this address has failed too often lately."""
    now = time.monotonic()
    with _lock:
        bucket = _recent(_client(), now)
        if len(bucket) >= MAX_FAILURES:
            retry = int(WINDOW_SECONDS - (now - bucket[0])) + 1
            abort(429, description=f"too many wrong keys from this device; wait {retry // 60 + 1} "
                                   "minutes, or scan the group's QR code again")


def note_failure() -> None:
    with _lock:
        _recent(_client(), time.monotonic()).append(time.monotonic())


def reset() -> None:
    """Forget every failure (tests)."""
    with _lock:
        _failures.clear()
