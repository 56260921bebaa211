"""What a game's photo reader is told about the game.

`vision/` imports nothing from `companion` (it is pure image work), so the
game facts a reader needs travel with each request as data: for Doodle China
the layouts (a sheet's QR code names one; the default of each edition is read
when it cannot).
"""

from __future__ import annotations

from typing import Any


def game_data(game: str) -> dict[str, Any]:
    """Keyword arguments for `vision.read_photo(game=...)` (and the template
    maker) that carry the game's facts."""
    if game == "doodle-china":
        from companion.games.doodle_china.layouts import known_layouts

        return {"layouts": known_layouts()}
    return {}
