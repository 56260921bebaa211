"""What runs in a photo worker: cap the process's memory, read one photo
(or describe one catalog card), answer JSON-able data. Workers are forked
from a fork server that has the vision code already imported, so a photo
does not pay Python's and OpenCV's start-up (see companion.photos).

`"game": "catalog"` is not a game: it describes one Canal Houses card photo
for the group's catalog (vision.canal_houses.entry_photos.catalog_entry_from_photo);
`"game": "catalog-grid"` describes every card of one photo of many laid out in
a grid (catalog_entries_from_grid)."""

from __future__ import annotations

import json
import math
import os
import resource
import sys
from typing import Any

import vision  # noqa: F401  (sets OpenCV's pixel limit before cv2 is imported)
import vision.canal_houses.catalog  # noqa: F401  (preloaded by the fork server)
import vision.canal_houses.reader  # noqa: F401
import vision.doodle_china.reader  # noqa: F401
import vision.doodle_china.template  # noqa: F401
import vision.doodle_china.template_read  # noqa: F401

from .game_data import game_data

CATALOG = "catalog"  # the task that describes a catalog card photo (see above)
TEMPLATE = "doodle-china-template"  # the task that teaches a Doodle China sheet from a blank
CATALOG_GRID = "catalog-grid"  # the task that describes every card of one photo of many
ONE_THREAD = {"OMP_THREAD_LIMIT": "1", "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1"}


def handle(request: dict[str, Any], data: bytes) -> dict[str, Any]:
    """{"reading": ...} or {"error": message, "status": 4xx}."""
    from vision.errors import PhotoError

    try:
        if request["game"] == CATALOG:
            from vision.canal_houses.entry_photos import catalog_entry_from_photo

            return {"reading": catalog_entry_from_photo(data)}
        if request["game"] == TEMPLATE:
            from vision.doodle_china.template import make_template

            opts = request.get("options", {})
            return {"reading": make_template(data, request.get("edition") or "", opts.get("layout"),
                                             opts.get("hints"), opts.get("name"),
                                             **game_data("doodle-china"))}
        if request["game"] == CATALOG_GRID:
            from vision.canal_houses.entry_photos import catalog_entries_from_grid

            return {"reading": catalog_entries_from_grid(data)}
        return {"reading": vision.read_photo(data, game=request["game"],
                                             edition=request.get("edition"),
                                             **request.get("options", {}), **game_data(request["game"]))}
    except PhotoError as exc:
        return {"error": exc.message, "status": exc.status}
    except MemoryError:
        return {"error": "this photo needs too much memory to read; send a smaller one",
                "status": 413}


def limit_process(memory_bytes: int, cpu_seconds: float | None = None) -> None:
    """Own session (so the parent can end us and our tesseract together), a
    memory ceiling, a CPU-time ceiling (the kernel ends the process with
    SIGXCPU; tesseract, started from here, gets the same ceiling of its own),
    and one thread for tesseract and BLAS."""
    os.setsid()
    resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    if cpu_seconds is not None:
        soft = max(1, math.ceil(cpu_seconds))
        resource.setrlimit(resource.RLIMIT_CPU, (soft, soft + 5))
    os.environ.update(ONE_THREAD)


def main() -> None:
    """`python -m companion.photos.worker`: a JSON line, then the bytes, on stdin."""
    limit_process(int(os.environ.get("COMPANION_WORKER_MEMORY", str(2 * 1024 ** 3))))
    header, _, data = sys.stdin.buffer.read().partition(b"\n")
    sys.stdout.write(json.dumps(handle(json.loads(header), data), ensure_ascii=False))


def _prime() -> None:
    """Fill the readers' lazy caches (rendered blank sheets, detectors) once
    in the fork server, so every forked worker starts with them."""
    import io

    from PIL import Image

    blank = io.BytesIO()
    Image.new("RGB", (64, 48), "white").save(blank, "PNG")
    for game in ("doodle-china", "canal-houses"):
        handle({"game": game}, blank.getvalue())


if __name__ == "__main__":
    main()
else:
    _prime()
