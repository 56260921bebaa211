"""The live table between the HTTP layer and the rules engine
(`companion.games.doodle_china.play`): the dice rolled with `secrets`, the
room's stored state, what each event adds, and the room as phones see it.

A room's stored state is `{"game": <play's game>, "tray": <the latest roll and
who took which die>}`. The engine forgets a round's dice once everyone has
acted; the tray keeps them, so phones still see the last round's dice until
the next roll.
"""

from __future__ import annotations

import secrets
from typing import Any

from ..games import score
from ..games.common import StateError
from ..games.doodle_china import play
from ..games.doodle_china.layouts import DEFAULT_FOR_EDITION, DEFAULT_LAYOUTS

IllegalMove = play.IllegalMove
EDITIONS = ("suzhou", "shanghai")
MODES = play.MODES
MAX_PLAYERS = play.MAX_PLAYERS


def white_dice_for(players: int) -> int:
    """One white die more than players; three in a solo game."""
    return 3 if players == 1 else players + 1


def roll_dice(players: int) -> dict[str, Any]:
    """The blue die and the white dice, from the OS's secure generator."""
    return {"blue": secrets.randbelow(6) + 1,
            "white": [secrets.randbelow(6) + 1 for _ in range(white_dice_for(players))]}


def new_state(edition: str, players: list[str], layout: Any, mode: str, *,
              more_control: bool = False) -> dict[str, Any]:
    """Raises StateError (with a path) for a bad edition, players, layout or mode."""
    if layout is None:
        layout = DEFAULT_LAYOUTS[DEFAULT_FOR_EDITION[edition]]
    elif isinstance(layout, str):
        if layout not in DEFAULT_LAYOUTS:
            raise StateError("layout", f"unknown layout {layout!r}; built in: "
                             f"{', '.join(DEFAULT_LAYOUTS)} (or send a layout object)")
        layout = DEFAULT_LAYOUTS[layout]
    try:
        game = play.new_game(edition, players, layout, mode, more_control=more_control)
    except StateError as exc:
        if exc.path == "more_control":
            raise StateError("variants.more_control", exc.message) from None
        raise
    return {"game": game, "tray": None}


def _tray_after(tray: dict[str, Any] | None, game_before: dict[str, Any],
                event: dict[str, Any]) -> dict[str, Any] | None:
    if event["type"] == "roll":
        setup = game_before["phase"] == "setup"
        return {"round": game_before["round"], "setup": setup,
                "column": len(game_before["setup"]["paths"]) + 1 if setup else None,
                "blue": event["dice"]["blue"], "white": list(event["dice"]["white"]),
                "taken": [None] * len(event["dice"]["white"]), "passed": []}
    if tray is None:
        return tray
    tray = {**tray, "taken": list(tray["taken"]), "passed": list(tray["passed"])}
    if event["type"] == "take":
        tray["taken"][event["die"]] = event["player"]
    elif event["type"] == "pass":
        tray["passed"].append(event["player"])
    return tray


def act(state: dict[str, Any], event: dict[str, Any]) -> tuple[list[tuple[str, dict]], dict, dict]:
    """Apply one player event (or roll) to a stored room state.

    Returns `(events, new_state, extra)` for `storage.append_room_events`:
    the event as stored (with what it caused, whose turn is next), plus a
    `game_over` event when the game ends (digital: the sheets are scored;
    `extra["match"]` is `(state, result)` for the caller to save as the
    room's match once the events are stored)."""
    game = state["game"]
    new_game = play.apply(game, event)
    tray = _tray_after(state.get("tray"), game, event)
    turn = play.current_turn(new_game)
    data = {k: v for k, v in event.items() if k != "type"}
    data.update({"round": game["round"], "phase": game["phase"],
                 "effects": new_game["last"]["effects"],
                 "next": {"expect": turn["expect"], "player": turn["player"],
                          "round": turn["round"], "starting": turn["starting"]}})
    if event["type"] == "roll":
        data["white_count"] = len(event["dice"]["white"])
        if game["phase"] == "setup":
            data["setup"] = {"column": len(game["setup"]["paths"]) + 1,
                             "path": new_game["setup"]["paths"][-1]}
    elif event["type"] == "take" and tray is not None:
        data["value"] = tray["white"][event["die"]]
    before, after = shared(game, state.get("tray")), shared(new_game, tray)
    change = patch(before, after)
    if "sheets" in change:  # scored once per event here, not once per phone per event
        change["standings"] = standings(new_game)
    data["room"] = change
    events: list[tuple[str, dict]] = [(event["type"], data)]
    extra: dict[str, Any] = {}
    if play.finished(new_game):
        over: dict[str, Any] = {"reasons": list(new_game["end"]["reasons"]),
                                "round": game["round"]}
        if new_game["mode"] == "digital":
            final = play.final_state(new_game)
            result = score(final)
            over["result"] = summary(result)
            extra["match"] = (final, result)
        else:
            over["result"] = None
        events.append(("game_over", over))
        extra["finished"] = True
    return events, {"game": new_game, "tray": tray}, extra


def summary(result: dict[str, Any]) -> dict[str, Any]:
    return {"winners": result["winners"], "ranking": result["ranking"],
            "totals": {p["name"]: p["total"] for p in result["players"]},
            **({"solo": result["solo"]} if "solo" in result else {})}


def standings(game: dict[str, Any]) -> dict[str, Any] | None:
    """Scores so far from the digital sheets (None for paper games)."""
    if game["mode"] != "digital":
        return None
    try:
        result = score(play.final_state(game))
    except StateError:  # pragma: no cover - the engine keeps sheets scorable
        return None
    return {"totals": {p["name"]: p["total"] for p in result["players"]},
            "parts": {p["name"]: p["parts"] for p in result["players"]},
            "ranking": result["ranking"]}


def options(game: dict[str, Any]) -> dict[str, Any] | None:
    """What the player due may do now: each untaken die with the squares it
    allows (digital; `null` on paper) and whether passing is allowed."""
    turn = play.current_turn(game)
    if turn["expect"] != "move":
        return None
    name = turn["player"]
    who = game["players"].index(name)
    dice = []
    for die, owner in enumerate(game["taken"]):
        if owner is not None:
            continue
        targets = (play.legal_targets(game, name, die) if game["mode"] == "digital" else None)
        dice.append({"die": die, "value": game["dice"]["white"][die], "targets": targets})
    refusal = play.pass_rule(game, who)
    return {"player": name, "dice": dice, "can_pass": refusal is None, "pass_refused": refusal,
            "can_end": game["mode"] == "paper"}


def shared(game: dict[str, Any], tray: dict[str, Any] | None) -> dict[str, Any]:
    """The part of the room every phone sees alike, derived from the game and
    the tray only (no legal squares, no standings): what an event's `room`
    patch is computed over."""
    turn = play.current_turn(game)
    players = game["players"]
    sheets = None
    if game["mode"] == "digital":
        layout = game["layout"]
        sheets = []
        for name, sheet in zip(players, game["sheets"], strict=True):
            sheets.append({"name": name, **sheet, "trees": layout["trees"],
                           "trees_left": layout["trees"] - sheet["trees_crossed"]})
    claimed: dict[str, dict[str, str]] = {}
    if game["mode"] == "digital":
        for key in game["layout"]["tracks"]:
            if key == "shop_bonuses" or game["edition"] == "shanghai":
                claimed[key] = {str(v): name for name, sheet in zip(players, game["sheets"],
                                                                    strict=True)
                                for v in sheet[key]}
    return {
        "phase": game["phase"], "round": game["round"],
        "starting_player": players[game["starting"]],
        "turn": {"expect": turn["expect"], "player": turn["player"]},
        "setup": game["setup"],
        "dice": tray,
        "rolled": game["dice"] is not None,
        "sheets": sheets,
        "registers": {"shop_bonuses": dict(game["bonuses"]), "claimed": claimed,
                      "end_reasons": list(game["end"]["reasons"])},
        "finished": play.finished(game),
    }


def patch(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """What changed between two `shared` views: `{"set": {key: value}}` for the
    top-level keys that differ, and `"sheets": {seat: sheet}` for the sheets
    that changed (the mover's, or everyone's for a starting riverway), so a
    phone applies an event without re-reading the room."""
    out: dict[str, Any] = {"set": {k: v for k, v in after.items()
                                   if k != "sheets" and before.get(k) != v}}
    if after["sheets"] is not None:
        changed = {str(i): sheet for i, sheet in enumerate(after["sheets"])
                   if before["sheets"] is None or before["sheets"][i] != sheet}
        if changed:
            out["sheets"] = changed
    return out


def view(room: dict[str, Any]) -> dict[str, Any]:
    """The whole room as phones see it."""
    state = room["state"]
    game = state["game"]
    players = game["players"]
    return {
        "id": room["id"], "game": room["game"], "edition": game["edition"], "mode": game["mode"],
        "layout": game["layout"] if game["mode"] == "digital" else {"name": game["layout"]["name"]},
        "players": [{"seat": i, "name": n} for i, n in enumerate(players)],
        "white_dice": white_dice_for(len(players)),
        "variants": dict(game["variants"]),
        **shared(game, state.get("tray")),
        "options": options(game),
        "standings": standings(game),
        "last_event": room["last_seq"],
        "match_id": room["match_id"],
        "created_at": room["created_at"],
    }


def claims(stamps: dict[int, str]) -> dict[str, Any]:
    """What every phone may know of the seats: which are held and since when.
    A room event carries it, so a phone whose seat another phone took over
    sees the stamp of its seat change (and re-reads the room)."""
    return {"seats_held": sorted(stamps),
            "seat_claims": {str(seat): stamps[seat] for seat in sorted(stamps)}}
