"""What every page's templates share: the filters `human` (engine paths in
words), `when` and `day` (dates), and the limits of the name fields (from the
game registry), registered once on the app."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from flask import Flask
from markupsafe import Markup

from ..games import registry

_PATH_IN_TEXT = re.compile(r"\b[a-z_]+(?:\[\d+\])+(?:\.[a-z_]+(?:\[\d+\])*)*")
_PART = re.compile(r"([A-Za-z_]+)|\[(\d+)\]")
_PATH_WORDS = {"street": "house", "windows": "window", "numbers": "number card", "moves": "move",
               "players": "player"}


def _human_path(path: str) -> str:
    parts: list[str] = []
    last, raw = "", False
    for key, index in _PART.findall(path):
        if key:
            last, raw = key, key not in _PATH_WORDS
            if raw:
                parts.append(key.replace("_", " "))
            continue
        if raw:
            parts.pop()
        raw = False
        word = _PATH_WORDS.get(last) or last.replace("_", " ").removesuffix("s")
        parts.append(f"{word} {int(index) + 1}")
    return " · ".join(parts)


def human(text: str) -> str:
    """Engine detail lines say `moves[3]`; people read "move 4" (match.js humanLine)."""
    return _PATH_IN_TEXT.sub(lambda m: _human_path(m[0]), str(text))


def when(stamp: str | None, style: str = "date") -> Markup:
    """A date the phone rewrites in its own locale (kit/app.js localTimes); the
    server's `day` text until then."""
    if not stamp:
        return Markup("")
    return Markup('<time datetime="{}" data-local="{}">{}</time>').format(stamp, style, day(stamp))


def day(stamp: str | None) -> str:
    """`2026-11-30T20:15:00Z` -> `30 Nov 2026`."""
    if not stamp:
        return ""
    try:
        moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp
    return f"{moment.day} {moment:%b %Y}"


def _limits() -> dict[str, Any]:
    """Every page's name fields and scripts read the limits from one place."""
    return {"limits": registry.limits(), "win_lose_games": registry.WIN_LOSE_GAMES}


def init_app(app: Flask) -> None:
    app.add_template_filter(human, "human")
    app.add_template_filter(when, "when")
    app.add_template_filter(day, "day")
    app.context_processor(_limits)
