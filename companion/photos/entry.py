"""The light side of a photo worker: what the web process hands to the fork
server. The heavy imports (numpy, OpenCV, readers) live in .worker, which the
fork server has preloaded, so importing it here in the child is free."""

from __future__ import annotations

import json
from typing import Any


def run_forked(conn: Any, request: dict[str, Any], data: bytes, memory_bytes: int,
               cpu_seconds: float | None = None) -> None:
    """Entry point in a forked worker: the answer goes back through `conn`."""
    from .worker import handle, limit_process

    limit_process(memory_bytes, cpu_seconds)
    answer = handle(request, data)
    conn.send_bytes(json.dumps(answer, ensure_ascii=False).encode("utf-8"))
    conn.close()


def warm() -> None:
    """Nothing: starting a worker with this target proves the fork server is up."""
