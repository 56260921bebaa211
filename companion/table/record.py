"""A live table's dice record, for the match it was scored as.

A room keeps its match id from the start (paper tables save the sheets
under it, digital tables save their own match at game end), so the match
page can find the room (`storage.list_rooms(db, gid, match_id=...)`) and
fold the room's append-only events into what was rolled, round by round,
and who took which die or passed and crossed out a tree.

`build_record` is pure (events in, a plain dict out) so it is tested without
a database; `dice_record` reads the room and its events.
"""

from __future__ import annotations

from typing import Any

from .. import storage
from ..games.doodle_china import facts as doodle_facts

EVENT_PAGE = 1000
# Riverway or road shapes as the sheets draw them (box-drawing glyphs) and
# in words for screen readers and tooltips.
# (the game's own words: games/doodle_china/facts.py).
PATH_GLYPHS = doodle_facts.LINE_GLYPHS
PATH_WORDS = doodle_facts.LINE_WORDS


def _where(event: dict[str, Any]) -> tuple[str | None, str | None]:
    """A digital take's square, short ("3·4│") and in words."""
    cell = event.get("cell")
    if not (isinstance(cell, list) and len(cell) == 2):
        return None, None
    r, c = cell[0] + 1, cell[1] + 1
    short, words = f"{r}·{c}", f"row {r}, column {c}"
    if event.get("choice") == "floor":
        return f"{short}+", f"{words}: built a floor"
    path = event.get("path")
    if path in PATH_GLYPHS:
        return short + PATH_GLYPHS[path], f"{words}: {PATH_WORDS[path]}"
    return short, words


def build_record(players: list[str], events: list[dict[str, Any]]) -> dict[str, Any]:
    """Fold a room's events (oldest first) into the dice record.

    Returns `{"players", "setup": [{"blue", "path", "glyph", "words"}],
    "rounds": [{"round", "blue", "white", "starting", "acts": {name: act},
    "left": [values], "complete"}], "ends": [{"player", "reason", "round"}],
    "over": {"round", "reasons"} | None, "saved": bool}` where an act is
    `{"kind": "take", "die", "value", "where", "where_words", "order"}` or
    `{"kind": "pass", "order"}` (a pass crosses out a tree)."""
    setup: list[dict[str, Any]] = []
    rounds: list[dict[str, Any]] = []
    ends: list[dict[str, Any]] = []
    over = None
    saved = False
    current: dict[str, Any] | None = None
    for event in events:
        kind = event.get("type")
        if kind == "roll":
            dice = event.get("dice") or {}
            if event.get("phase") == "setup":
                path = (event.get("setup") or {}).get("path")
                setup.append({"blue": dice.get("blue"), "path": path,
                              "glyph": PATH_GLYPHS.get(path, path or "?"),
                              "words": PATH_WORDS.get(path, "")})
                continue
            white = list(dice.get("white") or [])
            current = {"round": event.get("round"), "blue": dice.get("blue"), "white": white,
                       "starting": (event.get("next") or {}).get("starting"),
                       "acts": {}, "taken": [None] * len(white), "ends": []}
            rounds.append(current)
        elif kind in ("take", "pass") and current is not None:
            name = event.get("player")
            act: dict[str, Any] = {"kind": kind, "order": len(current["acts"]) + 1}
            if kind == "take":
                die = event.get("die")
                act["die"] = die
                act["value"] = event.get("value")
                act["where"], act["where_words"] = _where(event)
                if isinstance(die, int) and 0 <= die < len(current["taken"]):
                    current["taken"][die] = name
                    if act["value"] is None:
                        act["value"] = current["white"][die]
            current["acts"][name] = act
        elif kind == "end":
            # Announced during a round: it ends with it; between rounds
            # (everyone acted): the trigger came in the round just played.
            target = rounds[-1]["round"] if rounds else event.get("round")
            ends.append({"player": event.get("player"), "reason": event.get("reason"),
                         "round": target})
            if rounds:
                rounds[-1]["ends"].append(event.get("player"))
        elif kind == "game_over":
            over = {"round": event.get("round"), "reasons": list(event.get("reasons") or [])}
        elif kind == "match_saved":
            saved = True
    for entry in rounds:
        entry["left"] = [v for v, who in zip(entry["white"], entry["taken"], strict=True)
                         if who is None]
        entry["complete"] = len(entry["acts"]) >= len(players)
        del entry["taken"]
    return {"players": list(players), "setup": setup, "rounds": rounds, "ends": ends,
            "over": over, "saved": saved}


def all_events(db: Any, rid: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    while True:
        page = storage.list_room_events(db, rid, out[-1]["id"] if out else 0, EVENT_PAGE)
        out.extend(page)
        if len(page) < EVENT_PAGE:
            return out


def dice_record(db: Any, gid: str, match_id: str) -> dict[str, Any] | None:
    """The dice record of the room played for this match, or None (a match
    scored without a live table)."""
    rooms = storage.list_rooms(db, gid, match_id=match_id, limit=1)
    if not rooms:
        return None
    room = rooms[0]
    record = build_record(room["players"], all_events(db, room["id"]))
    record.update(room={"id": room["id"], "mode": room["mode"], "edition": room["edition"],
                        "created_at": room["created_at"], "finished_at": room["finished_at"]})
    return record
