"""Reading a photo in a separate worker process: a memory cap, a time limit,
one thread for tesseract, and nothing left running afterwards. The web
process only ever looks at the header (vision.decode.check_header)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from typing import Any

from vision.errors import PhotoError

MEMORY_LIMIT_BYTES = 2 * 1024 ** 3
TIME_LIMIT_SECONDS = 30


def read_in_worker(data: bytes, *, game: str, edition: str | None = None,
                   options: dict[str, Any] | None = None,
                   timeout: float = TIME_LIMIT_SECONDS) -> dict[str, Any]:
    """Run vision.read_photo in `python -m companion.photos.worker`; raise
    PhotoError with the reader's own message, or one saying it took too long."""
    request = json.dumps({"game": game, "edition": edition, "options": options or {}})
    header = request.encode("utf-8") + b"\n"
    env = {**os.environ, "OMP_THREAD_LIMIT": "1", "OMP_NUM_THREADS": "1",
           "OPENBLAS_NUM_THREADS": "1", "COMPANION_WORKER_MEMORY": str(MEMORY_LIMIT_BYTES)}
    proc = subprocess.Popen([sys.executable, "-m", "companion.photos.worker"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=env, start_new_session=True)
    try:
        out, err = proc.communicate(header + data, timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        raise PhotoError("reading this photo took too long; take it again closer to the sheet, "
                         "flat and in good light", status=422) from None
    finally:
        _kill_group(proc)
    try:
        answer = json.loads(out.decode("utf-8") or "null")
    except ValueError:
        answer = None
    if not isinstance(answer, dict):
        if proc.returncode and proc.returncode < 0 or b"MemoryError" in err:
            raise PhotoError("this photo needs too much memory to read; send a smaller one",
                             status=413)
        raise PhotoError("the photo could not be read; take it again", status=422)
    if "error" in answer:
        raise PhotoError(answer["error"], status=int(answer.get("status", 422)))
    return answer["reading"]


def _kill_group(proc: subprocess.Popen) -> None:
    """The worker and anything it started (tesseract) end with it."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass
