"""The photo worker process: caps its own memory, reads one photo from
standard input (a JSON line, then the bytes), prints one JSON answer."""

from __future__ import annotations

import json
import os
import resource
import sys


def main() -> None:
    limit = int(os.environ.get("COMPANION_WORKER_MEMORY", str(2 * 1024 ** 3)))
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    raw = sys.stdin.buffer.read()
    header, _, data = raw.partition(b"\n")
    request = json.loads(header)
    import vision
    from vision.errors import PhotoError

    try:
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
