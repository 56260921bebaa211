"""Bodies are read whole, under a size limit and a deadline, before the app
sees them (WSGI middleware): JSON and other small bodies up to
`JSON_MAX_BYTES` (1 MB), multipart uploads up to `MAX_CONTENT_LENGTH`.

A declared `Content-Length` over the limit is refused at once, without
reading; a chunked body is counted as it arrives and refused as soon as it
passes the limit (Werkzeug would otherwise cut it silently). A body that
arrives slower than the deadline allows gets 408. The app then reads from
memory (or a spooled file for big uploads), so no view ever waits on the
network while holding a database connection.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Callable, Iterable
from typing import Any

JSON_MAX_BYTES = 1024 * 1024
CHUNK = 64 * 1024
BASE_DEADLINE_SECONDS = 15.0
MIN_RATE_BYTES = 64 * 1024  # deadline grows with the size: 1 s per 64 KB beyond the base
SPOOL_IN_MEMORY = 1024 * 1024


class _Refused(Exception):
    def __init__(self, status: str, message: str):
        self.status = status
        self.message = message


def _answer(start_response: Callable, status: str, message: str) -> Iterable[bytes]:
    body = json.dumps({"error": message, "path": "(body)"}).encode()
    start_response(status, [("Content-Type", "application/json"),
                            ("Content-Length", str(len(body))), ("Connection", "close")])
    return [body]


class BodyGuard:
    def __init__(self, app: Any, flask_app: Any):
        self.app = app
        self.flask_app = flask_app

    def _limit(self, environ: dict[str, Any]) -> tuple[int, str]:
        config = self.flask_app.config
        ctype = environ.get("CONTENT_TYPE", "").lower()
        if ctype.startswith("multipart/form-data"):
            limit = int(config.get("MAX_CONTENT_LENGTH") or 26 * 1024 * 1024)
            return limit, f"the upload is too large: at most {limit // (1024 * 1024)} MB"
        limit = int(config.get("JSON_MAX_BYTES") or JSON_MAX_BYTES)
        return limit, (f"the request body is too large: at most {limit // 1024} KB of JSON "
                       "(a whole game's state is far smaller)")

    def __call__(self, environ: dict[str, Any], start_response: Callable):
        length_text = environ.get("CONTENT_LENGTH") or ""
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if not length_text and not chunked:
            return self.app(environ, start_response)
        limit, too_large = self._limit(environ)
        declared: int | None = None
        if length_text:
            try:
                declared = int(length_text)
            except ValueError:
                return _answer(start_response, "400 Bad Request",
                               "Content-Length must be a whole number of bytes")
            if declared < 0:
                return _answer(start_response, "400 Bad Request",
                               "Content-Length must be a whole number of bytes")
            if declared > limit:
                return _answer(start_response, "413 Request Entity Too Large", too_large)
        try:
            body, size = self._read(environ["wsgi.input"], declared, limit)
        except _Refused as exc:
            return _answer(start_response, exc.status,
                           too_large if exc.status.startswith("413") else exc.message)
        environ["wsgi.input"] = body
        environ["CONTENT_LENGTH"] = str(size)
        environ.pop("HTTP_TRANSFER_ENCODING", None)
        environ["wsgi.input_terminated"] = False
        return self.app(environ, start_response)

    def _base_deadline(self) -> float:
        """Config BODY_DEADLINE_SECONDS, else COMPANION_BODY_DEADLINE_SECONDS, else 15 s."""
        value = self.flask_app.config.get("BODY_DEADLINE_SECONDS")
        if value is None:
            value = os.environ.get("COMPANION_BODY_DEADLINE_SECONDS") or None
        return float(value) if value is not None else BASE_DEADLINE_SECONDS

    def _read(self, stream: Any, declared: int | None, limit: int):
        expected = declared if declared is not None else limit
        deadline = time.monotonic() + self._base_deadline() + expected / MIN_RATE_BYTES
        spool = tempfile.SpooledTemporaryFile(max_size=SPOOL_IN_MEMORY)
        size = 0
        while declared is None or size < declared:
            want = CHUNK if declared is None else min(CHUNK, declared - size)
            try:
                chunk = stream.read(want)
            except TimeoutError:
                spool.close()
                raise _Refused("408 Request Timeout", "the request body stopped arriving; "
                                                      "send it again") from None
            except (OSError, ValueError) as exc:  # the client went away, or broken chunking
                spool.close()
                raise _Refused("400 Bad Request",
                               f"the request body could not be read ({exc.__class__.__name__})"
                               ) from None
            if not chunk:
                break
            size += len(chunk)
            if size > limit:
                spool.close()
                raise _Refused("413 Request Entity Too Large", "")
            if time.monotonic() > deadline:
                spool.close()
                raise _Refused("408 Request Timeout", "the request body arrived too slowly; "
                                                      "send it again on a better connection")
            spool.write(chunk)
        if declared is not None and size < declared:
            spool.close()
            raise _Refused("400 Bad Request", f"the request body ended after {size} of the "
                                              f"{declared} bytes announced")
        spool.seek(0)
        return spool, size
