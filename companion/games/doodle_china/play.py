"""The rules of a Doodle China game in progress, for the live table.

The server keeps a room's events and calls these pure functions: `new_game`
makes a JSON-serialisable game, `apply(game, event)` returns the next game
(or raises `IllegalMove`), and the queries say whose turn it is, where a die
lets a player draw, and hand the finished sheets to scoring (`final_state`).

Events (dicts; `id` and `at` may ride along for the server and are ignored):
- `{"type": "roll", "dice": {"blue": b, "white": [...]}, "player"?}`: in
  setup the blue die picks the next starting riverway (white dice optional,
  ignored); in play one white die more than players (three solo).
- `{"type": "take", "player", "die", "cell": [r, c], "path", "choice"}`:
  digital mode draws; paper mode only records the die (no cell).
- `{"type": "pass", "player"}`: cross a tree instead of taking a die.
- `{"type": "end", "player", "reason"?}`: paper mode only, a player
  announces an end trigger; the game ends with the round (digital mode
  finds the triggers itself).
Trees crossed for a white 6 or a park are part of the take, not an event.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import Field

from ..common import StateError, StrictModel, check_unique_names, parse
from . import board
from .board import IllegalMove
from .layouts import SETUP_KIND, TRACKS, check_layout, default_layout
from .queries import (
    can_take_any,
    current_turn,
    due,
    final_state,
    finished,
    legal_events,
    legal_targets,
    pass_rule,
)

__all__ = ["IllegalMove", "apply", "can_take_any", "current_turn", "final_state", "finished",
           "legal_events", "legal_targets", "new_game", "pass_rule"]

MODES = ("paper", "digital")
MAX_PLAYERS = 6
EVENT_TYPES = ("roll", "take", "pass", "end")


class _Event(StrictModel):
    id: int | str | None = None
    at: str | None = None


class _Dice(StrictModel):
    blue: int = Field(ge=1, le=6)
    white: list[Annotated[int, Field(ge=1, le=6)]] | None = None


class Roll(_Event):
    type: Literal["roll"]
    dice: _Dice
    player: str | None = None


class Take(_Event):
    type: Literal["take"]
    player: str
    die: int = Field(ge=0)
    cell: list[int] | None = Field(default=None, min_length=2, max_length=2)
    path: str | None = None
    choice: Literal["floor", "road"] | None = None


class Pass(_Event):
    type: Literal["pass"]
    player: str


class End(_Event):
    type: Literal["end"]
    player: str
    reason: str | None = None


class _Box(StrictModel):
    event: Annotated[Roll | Take | Pass | End, Field(discriminator="type")]


def new_game(edition: str, players: list[str], layout: dict[str, Any] | None = None,
             mode: str = "digital", *, more_control: bool = False) -> dict[str, Any]:
    """A game before its first roll: setup rolls the starting riverways, then
    players[0] starts round 1."""
    if edition not in TRACKS:
        raise StateError("edition", f"must be \"suzhou\" or \"shanghai\", got {edition!r}")
    if mode not in MODES:
        raise StateError("mode", f"must be \"paper\" or \"digital\", got {mode!r}")
    if not isinstance(players, list) or not 1 <= len(players) <= MAX_PLAYERS or \
            not all(isinstance(p, str) for p in players):
        raise StateError("players", f"must be a list of 1 to {MAX_PLAYERS} names")
    check_unique_names(players)
    if more_control and edition != "suzhou":
        raise StateError("more_control", "is a Suzhou variant; in Shanghai passing is always allowed")
    lay = check_layout(default_layout(edition) if layout is None else layout, edition)
    # Suzhou's start squares, Shanghai's parks: by column, then top to bottom.
    starts = sorted(((r, c) for r, row in enumerate(lay["cells"]) for c, k in enumerate(row)
                     if k == SETUP_KIND[edition]), key=lambda p: (p[1], p[0]))
    return {
        "game": "doodle-china", "edition": edition, "mode": mode,
        "variants": {"more_control": more_control}, "layout": lay, "players": list(players),
        "phase": "setup" if starts else "play",
        "setup": {"squares": [list(p) for p in starts], "paths": []},
        "round": 0 if starts else 1, "starting": 0,
        "dice": None, "taken": [], "acted": [],
        "end": {"reasons": []}, "bonuses": {},
        "sheets": [board.new_sheet(lay) for _ in players] if mode == "digital" else [],
        "seq": 0, "last": None,
    }


def apply(game: dict[str, Any], event: Any) -> dict[str, Any]:
    """The game after `event`; the given game is left unchanged."""
    if isinstance(event, dict) and "type" in event and event["type"] not in EVENT_TYPES:
        raise IllegalMove(f"must be one of {', '.join(EVENT_TYPES)}, got {event['type']!r}",
                          "event.type")
    try:
        ev = parse(_Box, {"event": event}, tags=EVENT_TYPES).event
    except StateError as exc:
        raise IllegalMove(exc.message, exc.path) from None
    if game["phase"] == "over":
        raise IllegalMove("the game is over; start a new game to play again")
    # A fresh copy (the layout never changes during play, so it is shared).
    g = json.loads(json.dumps({k: v for k, v in game.items() if k != "layout"}))
    g["layout"] = game["layout"]
    if isinstance(ev, Roll):
        effects = _roll(g, ev)
    elif isinstance(ev, Take):
        effects = _take(g, ev)
    elif isinstance(ev, Pass):
        effects = _pass(g, ev)
    else:
        effects = _end(g, ev)
    g["seq"] += 1
    g["last"] = {"type": ev.type, "player": getattr(ev, "player", None), "effects": effects}
    if g["phase"] == "play" and g["dice"] is not None and len(g["acted"]) == len(g["players"]):
        g["last"]["effects"] += _end_round(g)
    return g


def _roll(g: dict[str, Any], ev: Roll) -> list[str]:
    starter = g["players"][g["starting"]]
    if ev.player is not None and ev.player != starter:
        raise IllegalMove(f"{starter} rolls (the starting player), not {ev.player}", "event.player")
    n = len(g["players"])
    want = 3 if n == 1 else n + 1
    white = ev.dice.white
    if g["phase"] == "setup":
        if white not in (None, []) and len(white) != want:
            raise IllegalMove(f"setup uses the blue die only; white dice may be left out or be "
                              f"{want}, got {len(white)}", "event.dice.white")
        r, c = g["setup"]["squares"][len(g["setup"]["paths"])]
        path = board.SETUP_PATHS[ev.dice.blue]
        g["setup"]["paths"].append(path)
        kind = g["layout"]["cells"][r][c]
        for sheet in g["sheets"]:
            sheet["grid"][r][c] = f"{kind}:{path}"
        way = "riverway" if g["edition"] == "suzhou" else "road"
        square = "start square" if kind == "start" else kind
        effects = [f"blue {ev.dice.blue}: everyone draws {path} in the {square} at row {r + 1}, "
                   f"column {c + 1}"]
        if len(g["setup"]["paths"]) == len(g["setup"]["squares"]):
            g["phase"], g["round"] = "play", 1
            effects.append(f"starting {way}s drawn; round 1, {starter} rolls")
        return effects
    if g["dice"] is not None:
        raise IllegalMove(f"round {g['round']} is already rolled; each player takes a die or passes")
    if white is None or len(white) != want:
        got = "none" if white is None else len(white)
        raise IllegalMove(f"{n} player(s) roll {want} white dice, got {got}", "event.dice.white")
    g["dice"] = {"blue": ev.dice.blue, "white": list(white)}
    g["taken"], g["acted"] = [None] * len(white), []
    return [f"round {g['round']}: blue {ev.dice.blue}, white {', '.join(map(str, white))}"]


def _turn_check(g: dict[str, Any], player: str) -> int:
    if g["phase"] == "setup":
        raise IllegalMove("the starting riverways are still being rolled")
    if player not in g["players"]:
        raise IllegalMove(f"{player!r} is not playing; players: {', '.join(g['players'])}",
                          "event.player")
    if g["dice"] is None:
        raise IllegalMove(f"round {g['round']} is not rolled yet; "
                          f"{g['players'][g['starting']]} rolls first")
    now = due(g)
    if player != g["players"][now]:
        raise IllegalMove(f"it is {g['players'][now]}'s turn, not {player}'s", "event.player")
    return now


def _take(g: dict[str, Any], ev: Take) -> list[str]:
    who = _turn_check(g, ev.player)
    dice = g["dice"]
    if ev.die >= len(dice["white"]):
        raise IllegalMove(f"there are {len(dice['white'])} white dice (0 to "
                          f"{len(dice['white']) - 1}), got {ev.die}", "event.die")
    if g["taken"][ev.die] is not None:
        raise IllegalMove(f"die {ev.die} was already taken by {g['taken'][ev.die]} this round",
                          "event.die")
    white = dice["white"][ev.die]
    if g["mode"] == "paper":
        for key in ("cell", "path", "choice"):
            if getattr(ev, key) is not None:
                raise IllegalMove("a paper game records only the die taken; the drawing is on "
                                  f"paper, leave \"{key}\" out", f"event.{key}")
        effects = [f"{ev.player} took white {white} (die {ev.die})"]
    else:
        effects = _draw_with(g, who, ev, white)
    g["taken"][ev.die] = ev.player
    g["acted"].append(ev.player)
    return effects


def _draw_with(g: dict[str, Any], who: int, ev: Take, white: int) -> list[str]:
    layout, sheet = g["layout"], g["sheets"][who]
    targets, costs_tree = board.die_targets(layout, sheet, g["dice"]["blue"], white)
    if not targets:
        why = "you have no tree left to cross for it" if costs_tree and \
            board.trees_left(layout, sheet) <= 0 else "it points to no square you can draw in"
        raise IllegalMove(f"die {ev.die} (white {white}, blue {g['dice']['blue']}) is of no use: "
                          f"{why}", "event.die")
    if ev.cell is None:
        raise IllegalMove(f"say where to draw: \"cell\": [row, column], one of "
                          f"{_cells(targets)}", "event.cell")
    pos = (ev.cell[0], ev.cell[1])
    if pos not in targets:
        raise IllegalMove(f"with white {white} and blue {g['dice']['blue']} you may draw in "
                          f"{_cells(targets)}, not {list(pos)}", "event.cell")
    problem = board.check_drawing(layout, sheet, pos, ev.path, ev.choice)
    if problem:
        raise IllegalMove(problem[1], f"event.{problem[0]}")
    effects = []
    if costs_tree:
        why = "white 6" if g["edition"] == "suzhou" else "park"
        effects.append(_cross_tree(g, who, why))
    return effects + board.draw(g, who, pos, ev.path, ev.choice)


def _cells(cells: list[tuple[int, int]]) -> str:
    return ", ".join(f"[{r}, {c}]" for r, c in cells)


def _cross_tree(g: dict[str, Any], who: int, why: str) -> str:
    sheet, name = g["sheets"][who], g["players"][who]
    sheet["trees_crossed"] += 1
    left = board.trees_left(g["layout"], sheet)
    if left == 0:
        g["end"]["reasons"].append(f"{name} crossed out their last tree")
    return f"{name} crossed out a tree ({why}); {left} left"


def _pass(g: dict[str, Any], ev: Pass) -> list[str]:
    who = _turn_check(g, ev.player)
    problem = pass_rule(g, who)
    if problem:
        raise IllegalMove(problem)
    g["acted"].append(ev.player)
    if g["mode"] == "paper":
        return [f"{ev.player} passed and crossed out a tree"]
    if board.trees_left(g["layout"], g["sheets"][who]) <= 0:
        return [f"{ev.player} can use no die and has no tree left: nothing to do"]
    return [_cross_tree(g, who, "pass")]


def _end(g: dict[str, Any], ev: End) -> list[str]:
    if g["mode"] != "paper":
        raise IllegalMove("a digital game finds the end triggers itself", "event.type")
    if ev.player not in g["players"]:
        raise IllegalMove(f"{ev.player!r} is not playing", "event.player")
    if g["phase"] != "play":
        raise IllegalMove("the starting riverways are still being rolled")
    reason = ev.reason or "an end trigger"
    if g["dice"] is None:
        # Announced between rounds: the trigger came in the round just played.
        if g["round"] == 1:
            raise IllegalMove("nothing has been played yet; an end trigger comes from a round")
        g["end"]["reasons"].append(f"{ev.player}: {reason}")
        g["phase"] = "over"
        return [f"{ev.player} announced {reason} in round {g['round'] - 1}; the game is over"]
    g["end"]["reasons"].append(f"{ev.player}: {reason}")
    return [f"{ev.player} announced {reason}; the game ends with this round"]


def _end_round(g: dict[str, Any]) -> list[str]:
    """All players acted: finish the game or pass the blue die on."""
    if g["end"]["reasons"]:
        g["phase"] = "over"
        return [f"round {g['round']} over; the game ends: {'; '.join(g['end']['reasons'])}"]
    g["round"] += 1
    g["starting"] = (g["starting"] + 1) % len(g["players"])
    g["dice"], g["taken"], g["acted"] = None, [], []
    return [f"round {g['round']}: {g['players'][g['starting']]} is starting player and rolls"]
