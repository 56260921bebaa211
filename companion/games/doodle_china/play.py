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
from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import Field

from ..common import PathPart, StateError, StrictModel, check_unique_names, parse
from . import board
from .layouts import TRACKS, check_layout, default_layout

MODES = ("paper", "digital")
MAX_PLAYERS = 6


class IllegalMove(StateError):
    """An event the rules do not allow now; `path` points into the event."""

    def __init__(self, message: str, path: str | Sequence[PathPart] = "event"):
        super().__init__(path, message)


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
    starts = sorted(((r, c) for r, row in enumerate(lay["cells"]) for c, k in enumerate(row)
                     if k == "start"), key=lambda p: (p[1], p[0]))
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
    try:
        ev = parse(_Box, {"event": event}, tags=("roll", "take", "pass", "end")).event
    except StateError as exc:
        raise IllegalMove(exc.message, exc.path) from None
    if game["phase"] == "over":
        raise IllegalMove("the game is over; start a new game to play again")
    g = json.loads(json.dumps(game))
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
        for sheet in g["sheets"]:
            sheet["grid"][r][c] = f"start:{path}"
        effects = [f"blue {ev.dice.blue}: everyone draws {path} in the start square at row {r + 1}, "
                   f"column {c + 1}"]
        if len(g["setup"]["paths"]) == len(g["setup"]["squares"]):
            g["phase"], g["round"] = "play", 1
            effects.append(f"starting riverways drawn; round 1, {starter} rolls")
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
    due = _due(g)
    if player != g["players"][due]:
        raise IllegalMove(f"it is {g['players'][due]}'s turn, not {player}'s", "event.player")
    return due


def _due(g: dict[str, Any]) -> int:
    return (g["starting"] + len(g["acted"])) % len(g["players"])


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
        raise IllegalMove(problem, "event.choice" if "choice" in problem else "event.path")
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


def pass_rule(g: dict[str, Any], who: int) -> str | None:
    """Why player `who` may not pass now (None: passing is allowed)."""
    if g["mode"] == "paper":
        return None
    usable = can_take_any(g, g["players"][who])
    if usable and g["edition"] == "suzhou" and not g["variants"]["more_control"]:
        return ("a die still points to a square you can draw in; in Suzhou you pass only when "
                "none does (or with the more-control variant)")
    if usable and board.trees_left(g["layout"], g["sheets"][who]) <= 0:
        return "you have no tree left to cross; take a die"
    return None


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


# Queries ------------------------------------------------------------------

def current_turn(game: dict[str, Any]) -> dict[str, Any]:
    """What the table waits for: `expect` is "roll" (by `player`, the
    starting player), "move" (take or pass by `player`) or None (over)."""
    out: dict[str, Any] = {"phase": game["phase"], "round": game["round"],
                           "starting": game["players"][game["starting"]]}
    if game["phase"] == "over":
        return {**out, "expect": None, "player": None}
    if game["phase"] == "setup" or game["dice"] is None:
        return {**out, "expect": "roll", "player": out["starting"]}
    return {**out, "expect": "move", "player": game["players"][_due(game)]}


def finished(game: dict[str, Any]) -> bool:
    return game["phase"] == "over"


def _digital(game: dict[str, Any], player: str) -> int:
    if game["mode"] != "digital":
        raise IllegalMove("a paper game does not track sheets; only dice taken are recorded")
    if player not in game["players"]:
        raise IllegalMove(f"{player!r} is not playing; players: {', '.join(game['players'])}")
    return game["players"].index(player)


def legal_targets(game: dict[str, Any], player: str, die: int) -> list[list[int]]:
    """Squares `player` may draw in with white die `die` this round (empty
    if it is taken, of no use, or the dice are not rolled)."""
    who = _digital(game, player)
    dice = game["dice"]
    if game["phase"] != "play" or dice is None or not 0 <= die < len(dice["white"]) \
            or game["taken"][die] is not None:
        return []
    targets, _ = board.die_targets(game["layout"], game["sheets"][who], dice["blue"],
                                   dice["white"][die])
    return [list(p) for p in targets]


def can_take_any(game: dict[str, Any], player: str) -> bool:
    """Whether some untaken white die is of use to `player` this round."""
    _digital(game, player)
    return any(legal_targets(game, player, i) for i in range(len(game["taken"])))


def legal_events(game: dict[str, Any]) -> list[dict[str, Any]]:
    """Every take/pass/end the player due may send now (rolls come from
    the server, so none are listed)."""
    turn = current_turn(game)
    if turn["expect"] != "move":
        return []
    name = turn["player"]
    who = game["players"].index(name)
    out: list[dict[str, Any]] = []
    for die, owner in enumerate(game["taken"]):
        if owner is not None:
            continue
        if game["mode"] == "paper":
            out.append({"type": "take", "player": name, "die": die})
            continue
        for cell in legal_targets(game, name, die):
            for option in board.drawing_options(game["layout"], game["sheets"][who], tuple(cell)):
                out.append({"type": "take", "player": name, "die": die, "cell": cell, **option})
    if pass_rule(game, who) is None:
        out.append({"type": "pass", "player": name})
    if game["mode"] == "paper":
        out.append({"type": "end", "player": name})
    return out


def final_state(game: dict[str, Any]) -> dict[str, Any]:
    """The sheets as a scoring state (scoring.md); before the end, the
    standings so far."""
    if game["mode"] != "digital":
        raise IllegalMove("a paper game's sheets are on paper: enter them (or a photo) to score")
    edition = game["edition"]
    players = []
    for name, sheet in zip(game["players"], game["sheets"], strict=True):
        entry: dict[str, Any] = {"name": name, "grid": [list(row) for row in sheet["grid"]]}
        for key in TRACKS[edition]:
            entry[key] = list(sheet[key])
        entry["trees_crossed"] = sheet["trees_crossed"]
        if edition == "suzhou":
            entry["largest_shop_houses"] = sheet["largest_shop_houses"]
        players.append(entry)
    return {"game": "doodle-china", "edition": edition, "players": players}
