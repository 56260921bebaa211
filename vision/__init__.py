"""Photo pipeline: pure functions over arrays, one sub-package per game.

`read_photo(data, game=..., edition=...)` is the one entry point the CLI and
the web app call; it raises `PhotoError` with a message a person can act on.
"""

from __future__ import annotations

from typing import Any

from . import limits  # noqa: F401  (must run before cv2 is imported anywhere)
from .errors import PhotoError

READERS = {
    "doodle-china": "vision.doodle_china.reader",
    "canal-houses": "vision.canal_houses.reader",
}


def read_photo(data: bytes, *, game: str = "doodle-china", edition: str | None = None,
               **options: Any) -> dict[str, Any]:
    """Read a photo of a finished sheet or street into a proposal (vision.md)."""
    from importlib import import_module

    if game not in READERS:
        raise PhotoError(f"photos can be read for {', '.join(READERS)}, not {game!r}", status=400)
    try:
        module = import_module(READERS[game])
    except ModuleNotFoundError:
        raise PhotoError(f"reading {game} photos is not available yet", status=501) from None
    return module.read(data, edition=edition, **options)


__all__ = ["PhotoError", "read_photo"]
