"""Questions the live table asks about a Doodle China game in progress:
whose turn it is, which squares a die allows, whether a player may pass,
the legal moves, and the sheets as a scoring state."""

from __future__ import annotations

from typing import Any

from . import board
from .board import IllegalMove
from .layouts import TRACKS


def due(game: dict[str, Any]) -> int:
    """Index of the player whose pick it is: clockwise from the starter."""
    return (game["starting"] + len(game["acted"])) % len(game["players"])


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


def current_turn(game: dict[str, Any]) -> dict[str, Any]:
    """What the table waits for: `expect` is "roll" (by `player`, the
    starting player), "move" (take or pass by `player`) or None (over)."""
    out: dict[str, Any] = {"phase": game["phase"], "round": game["round"],
                           "starting": game["players"][game["starting"]]}
    if game["phase"] == "over":
        return {**out, "expect": None, "player": None}
    if game["phase"] == "setup" or game["dice"] is None:
        return {**out, "expect": "roll", "player": out["starting"]}
    return {**out, "expect": "move", "player": game["players"][due(game)]}


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
