"""The photo worker process: caps its own memory, reads one photo from
standard input (a JSON line, then the bytes), prints one JSON answer.

`"game": "catalog"` is not a game: it describes one Canal Houses card photo
for the group's catalog (vision.canal_houses.catalog.catalog_entry_from_photo)."""

from __future__ import annotations

import json
import os
import resource
import sys

CATALOG = "catalog"  # the task that describes a catalog card photo (see above)


def main() -> None:
    limit = int(os.environ.get("COMPANION_WORKER_MEMORY", str(2 * 1024 ** 3)))
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    raw = sys.stdin.buffer.read()
    header, _, data = raw.partition(b"\n")
    request = json.loads(header)
    import vision
    from vision.errors import PhotoError

    try:
        if request["game"] == CATALOG:
            from vision.canal_houses.catalog import catalog_entry_from_photo

            reading = catalog_entry_from_photo(data)
        else:
            reading = vision.read_photo(data, game=request["game"], edition=request.get("edition"),
                                        **request.get("options", {}))
        answer = {"reading": reading}
    except PhotoError as exc:
        answer = {"error": exc.message, "status": exc.status}
    except MemoryError:
        answer = {"error": "this photo needs too much memory to read; send a smaller one",
                  "status": 413}
    sys.stdout.write(json.dumps(answer, ensure_ascii=False))


if __name__ == "__main__":
    main()
