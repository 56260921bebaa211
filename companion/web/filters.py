"""What every page's templates share: the filters `human` (engine paths in
words), `when` and `day` (dates), and the limits of the name fields (from the
game registry), registered once on the app."""

from __future__ import annotations

import functools
import json
import re
from datetime import datetime
from typing import Any

from flask import Flask
from markupsafe import Markup

from ..games import registry

_PATH_IN_TEXT = re.compile(r"\b[a-z_]+(?:\[\d+\])+(?:\.[a-z_]+(?:\[\d+\])*)*")
_PART = re.compile(r"([A-Za-z_]+)|\[(\d+)\]")
_PATH_WORDS = registry.path_words()


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


@functools.cache
def _facts_json(games: str = "all") -> Markup:
    """The registry's facts as compact JSON, safe inside <script> (every page
    carries them, so every byte counts). `games`: "all", or the games (comma
    separated) whose every fact the page needs; base.html's `fact_games` block
    says which. Computed once per choice: the facts are the code's."""
    full = None if games.strip() == "all" else tuple(g.strip() for g in games.split(",") if g.strip())
    text = json.dumps(registry.page_facts(full), separators=(",", ":"), ensure_ascii=False)
    for raw, safe in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("'", "\\u0027")):
        text = text.replace(raw, safe)
    return Markup(text)


def _limits() -> dict[str, Any]:
    """Every page's name fields and scripts read the limits and game facts from
    one place (the game registry)."""
    return {"limits": registry.limits(), "win_lose_games": registry.WIN_LOSE_GAMES,
            "game_facts_json": _facts_json, "game_names": registry.GAME_NAMES,
            "game_editions": registry.EDITIONS}


def init_app(app: Flask) -> None:
    app.add_template_filter(human, "human")
    app.add_template_filter(when, "when")
    app.add_template_filter(day, "day")
    app.context_processor(_limits)
