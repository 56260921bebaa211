"""The live table's JSON API (api.md, "Live table (rooms)"), with which
phone plays which seat; the event stream is in `event_stream`. Every call
needs the group key, exactly like the group routes: missing 401, another group's 404, a
cookie call without the page's CSRF token 403.

Moves change the room in one `BEGIN IMMEDIATE` transaction (the event is
appended with the next id and the engine's new game stored beside it), then
this process's streams are woken at once; streams in other processes notice
within the hub's poll interval.
"""

from __future__ import annotations

import os
import re
import uuid
from typing import Annotated, Any, Literal

from flask import Blueprint, current_app, jsonify, request, url_for
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from .. import storage
from ..games.common import StateError
from ..games.doodle_china.layouts import DEFAULT_FOR_EDITION
from ..games.registry import PLAYER_NAME_MAX
from ..web import keys
from ..web.access import group_required
from ..web.bodies import parse_body
from ..web.db import get_db
from ..web.errors import found_or_404, refuse, unprocessable
from ..web.pages import public_base, qr_svg, room_join_url
from . import room_state
from .hub import hub_for

NO_ROOM = "no such room in this group"

bp = Blueprint("table_api", __name__, url_prefix="/api/groups/<gid>/rooms")

MAX_NAME = PLAYER_NAME_MAX
PAGE_LIMIT = 1000


# -- helpers -----------------------------------------------------------------

def _config(name: str, default: float) -> float:
    """A live-table knob: the app config, else the environment
    (`COMPANION_ROOM_POLL_SECONDS`, ..._STREAM_SECONDS, ..._HEARTBEAT_SECONDS,
    ..._RETRY_MS), else the default."""
    value = current_app.config.get(name)
    if value is None:
        value = os.environ.get(f"COMPANION_{name}")
    return float(value) if value not in (None, "") else default


def _hub():
    return hub_for(current_app.config["DATABASE"], poll=_config("ROOM_POLL_SECONDS", 0.01))


def _room_or_404(gid: str, rid: str) -> dict[str, Any]:
    return found_or_404(storage.get_room(get_db(), gid, rid), NO_ROOM)


# -- what each call accepts (web/bodies.parse_body: unknown keys, types
# and missing fields are refused with their path and what is allowed) -------

def _seated_name(value: str) -> str:
    if not value.strip():
        raise ValueError("must be a non-empty name")
    if len(value.strip()) > MAX_NAME:
        raise ValueError(f"must be at most {MAX_NAME} characters")
    return " ".join(value.split())


def _variants(value: Any) -> dict[str, bool]:
    if value is None:
        return {}
    if not isinstance(value, dict) or set(value) - {"more_control"} \
            or not isinstance(value.get("more_control", False), bool):
        raise ValueError('must be like {"more_control": true} (Suzhou: pass and cross out a '
                         "tree instead of taking a die)")
    return value


class NewTable(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_default=True)  # defaults pass the checks too
    game: Literal["doodle-china"] = Field("doodle-china", description="live tables are for "
                                          "Doodle China")
    edition: Literal[room_state.EDITIONS] = Field(description="the box: suzhou or shanghai")
    players: Annotated[list[Annotated[str, AfterValidator(_seated_name)]], Field(
        min_length=1, max_length=room_state.MAX_PLAYERS,
        description=f"1 to {room_state.MAX_PLAYERS} names in seating order; one name is a solo game")]
    mode: Literal[room_state.MODES] = Field("paper", description="paper: the app rolls and records "
                                            "the dice; digital: each phone is a sheet")
    layout: Any = None  # the sheet layout's id; the edition's own when left out
    variants: Annotated[Any, AfterValidator(_variants)] = None


def _cell(value: Any) -> list[int] | None:
    if value is not None and not (isinstance(value, list) and len(value) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise ValueError("must be [row, column], counted from 0")
    return value


class Move(BaseModel):
    """Roll and pass: who (anyone may press for the player due)."""
    model_config = ConfigDict(extra="forbid")
    player: Any = None  # a name as seated or a seat number: `_player_name`


class Take(Move):
    die: StrictInt = Field(ge=0, description="the white die's place in the roll, from 0")
    cell: Annotated[Any, AfterValidator(_cell)] = None
    path: StrictStr | None = None
    choice: StrictStr | None = None


class EndTrigger(Move):
    reason: StrictStr | None = Field(None, max_length=200, description="a short text")


class PaperSheets(BaseModel):
    model_config = ConfigDict(extra="forbid")
    state: Any = None


def _move(gid: str, rid: str, model: type[Move], *, optional: bool = False):
    """The move's room (404 first: another group's room id reveals nothing)
    and its body."""
    room = _room_or_404(gid, rid)
    return parse_body(model, optional=optional), room


def _player_name(room: dict[str, Any], value: Any, path: str = "player") -> str:
    """A player by name (as seated) or by seat number."""
    players = room["players"]
    if isinstance(value, bool):
        value = None
    if isinstance(value, int):
        if 0 <= value < len(players):
            return players[value]
        refuse(f"seat must be from 0 to {len(players) - 1}, got {value}", 422, path)
    if isinstance(value, str):
        wanted = " ".join(value.split()).casefold()
        for name in players:
            if name.casefold() == wanted:
                return name
        refuse(f"{value!r} is not at this table; players: {', '.join(players)}", 422, path)
    refuse("is required: the player's name or seat number", 422, path)


def _illegal(exc: StateError):
    return jsonify({"error": exc.message, "path": exc.path}), 409


def _append(gid: str, room: dict[str, Any], event: dict[str, Any]):
    """Run one event through the engine and store it; answers 201 with the
    event (the first stored one), 409 when the rules refuse it.

    Each stored move carries `room`: what it changed in the room as phones
    see it (`room_state.patch`, plus the seats' claim stamps), so phones apply it
    and re-read the room only when they miss an event. A digital game that
    ends stores its match in the same transaction as its last move, and the
    `game_over` event says where it is: no read ever has to save it."""
    rid = room["id"]
    match_url = url_for("matches.match_page", gid=gid, mid=room["match_id"])

    def decide(current: dict[str, Any]):
        events, state, extra = room_state.act(current["state"], event)
        events[0][1]["room"]["set"].update(room_state.claims(current["seat_claims"]))
        if extra.get("match"):
            final, result = extra["match"]
            extra["save_match"] = (current["match_id"], storage.now_iso(), final, result)
            for kind, data in events:
                if kind == "game_over":
                    data["room"] = {"set": {"saved_match": {"url": match_url,
                                                            **room_state.summary(result)}}}
        return events, state, extra

    db = get_db()
    try:
        stored = storage.offload(storage.append_room_events, db, gid, rid, decide)
    except storage.RoomGone:
        refuse(NO_ROOM, 404, "(url)")
    except room_state.IllegalMove as exc:
        return _illegal(exc)
    _hub().notify(rid, stored[-1]["id"])
    return jsonify(stored[0]), 201


# -- rooms -------------------------------------------------------------------

@bp.post("")
@group_required
def create(gid: str):
    body = parse_body(NewTable)
    game, edition, names, mode = body.game, body.edition, body.players, body.mode
    try:
        state = room_state.new_state(edition, names, body.layout or DEFAULT_FOR_EDITION[edition],
                                     mode, more_control=body.variants.get("more_control", False))
    except StateError as exc:
        return unprocessable(exc.path, exc.message)

    db = get_db()
    token = keys.new_token()
    while True:
        rid = keys.new_token()[:10]
        if storage.room_id_free(db, rid):
            break
    storage.create_room(db, rid=rid, gid=gid, game=game, edition=edition, mode=mode,
                        players=names, token_hash=keys.hash_token(token),
                        sealed_key="", state=state, match_id=str(uuid.uuid4()))
    # Any phone of the group can show the table's QR again; the invite renews it.
    storage.set_room_sealed_token(db, gid, rid, keys.seal_room_token(rid, token))
    url = room_join_url(gid, rid, token)
    response = jsonify({"id": rid, "join_url": url, "qr_svg": qr_svg(url),
                        "room_url": f"{public_base()}/g/{gid}/rooms/{rid}"})
    response.headers["Cache-Control"] = "no-store"
    return response, 201


@bp.get("")
@group_required
def index(gid: str):
    match = request.args.get("match") or None
    return jsonify({"rooms": storage.list_rooms(get_db(), gid, match_id=match)})


def _saved_match(gid: str, room: dict[str, Any]) -> dict[str, Any] | None:
    """The end screen's result and link, once the table's match is in the history."""
    match = storage.get_match(get_db(), gid, room["match_id"])
    if not match:
        return None
    return {"url": url_for("matches.match_page", gid=gid, mid=match["id"]),
            **room_state.summary(match["result"])}


@bp.get("/<rid>")
@group_required
def show(gid: str, rid: str):
    room = _room_or_404(gid, rid)  # a read: it never writes
    answer = room_state.view(room)
    answer.update(_seats(get_db(), rid, request.args.get("phone")))
    answer["saved_match"] = _saved_match(gid, room) if answer.get("finished") else None
    response = jsonify(answer)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/<rid>/options")
@group_required
def room_options(gid: str, rid: str):
    """What the player due may do now (each untaken die with the squares it
    allows, whether passing is allowed), for the phone that asks: events do
    not carry it, so the legal squares are worked out once per phone that
    acts, not for every phone on every event."""
    room = _room_or_404(gid, rid)
    response = jsonify({"last_event": room["last_seq"],
                        "options": room_state.options(room["state"]["game"])})
    response.headers["Cache-Control"] = "no-store"
    return response


# -- moves -------------------------------------------------------------------

@bp.post("/<rid>/roll")
@group_required
def roll(gid: str, rid: str):
    """The starting player's roll (any phone may press it for them);
    dice come from `secrets`, never from the client."""
    body, room = _move(gid, rid, Move, optional=True)
    event: dict[str, Any] = {"type": "roll", "dice": room_state.roll_dice(len(room["players"]))}
    if body.player is not None:
        event["player"] = _player_name(room, body.player)
    return _append(gid, room, event)


@bp.post("/<rid>/take")
@group_required
def take(gid: str, rid: str):
    body, room = _move(gid, rid, Take)
    event = {"type": "take", "player": _player_name(room, body.player), "die": body.die,
             **body.model_dump(include={"cell", "path", "choice"}, exclude_none=True)}
    return _append(gid, room, event)


@bp.post("/<rid>/pass")
@group_required
def pass_(gid: str, rid: str):
    """Pass and cross out a tree (Shanghai always; Suzhou when no die fits)."""
    body, room = _move(gid, rid, Move)
    return _append(gid, room, {"type": "pass", "player": _player_name(room, body.player)})


@bp.post("/<rid>/end")
@group_required
def announce_end(gid: str, rid: str):
    """Paper mode: a player announces an end trigger (top hotel or shop
    value, last tree); the game ends with the round."""
    body, room = _move(gid, rid, EndTrigger)
    event: dict[str, Any] = {"type": "end", "player": _player_name(room, body.player)}
    if body.reason is not None:
        event["reason"] = body.reason.strip() or None
    return _append(gid, room, event)


@bp.post("/<rid>/match")
@group_required
def save_sheets(gid: str, rid: str):
    """Paper mode, after the game: the sheets entered by hand (a scoring
    state) are scored and saved as the room's match, so the dice record
    stays with it. The same happens if the state is saved through the
    matches API under the room's `match_id`."""
    from ..games import score

    room = _room_or_404(gid, rid)
    state = parse_body(PaperSheets).state
    if not isinstance(state, dict) or state.get("game") != "doodle-china" \
            or state.get("edition") != room["edition"]:
        return unprocessable("state", f"must be a doodle-china {room['edition']} state (scoring.md)")
    try:
        result = score(state)
    except StateError as exc:
        path = exc.path if exc.path == "(state)" else f"state.{exc.path}"
        return unprocessable(path, exc.message)
    if room["state"]["game"]["mode"] != "paper":
        return _illegal(room_state.IllegalMove("a digital game saves its match itself when it ends"))
    db = get_db()
    match, created = storage.save_match(db, gid, room["match_id"], storage.now_iso(), state,
                                        result)
    if not created:
        return jsonify({"error": "this table's match is already saved; change it with "
                                 f"PUT /api/groups/{gid}/matches/{room['match_id']}",
                        "match": match}), 409
    data = {"match_id": room["match_id"], "result": room_state.summary(result),
            "room": {"set": {"saved_match": {
                "url": url_for("matches.match_page", gid=gid, mid=room["match_id"]),
                **room_state.summary(result)}}}}
    stored = storage.append_room_events(
        db, gid, rid, lambda current: ([("match_saved", data)], current["state"], {}))
    _hub().notify(rid, stored[-1]["id"])
    return jsonify({"event": stored[0], "match": match}), 201


# -- seats: one phone (a random id its page keeps per tab) a seat, one seat a phone

PHONE = re.compile(r"^[A-Za-z0-9-]{8,64}$")


def _phone_id(value: Any) -> str:
    if not isinstance(value, str) or not PHONE.match(value):
        raise ValueError("must be this phone's id: 8 to 64 letters, digits or '-'")
    return value


class SeatClaim(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_default=True)  # defaults pass the checks too
    phone: Annotated[Any, AfterValidator(_phone_id)] = None
    seat: Any = None  # a seat number or null (just watching): checked against the room
    take_over: StrictBool = False


def _seats(db: Any, rid: str, phone: str | None) -> dict[str, Any]:
    """What the room answer says about seats: which are held and since when,
    and which one is this phone's (phone ids of others are never shown)."""
    held = storage.held_seats(db, rid)
    mine = next((s for s, h in held.items() if phone and h["phone"] == phone), None)
    return {**room_state.claims({s: h["claimed_at"] for s, h in held.items()}), "my_seat": mine}


@bp.post("/<rid>/seat")
@group_required
def claim(gid: str, rid: str):
    """`{"phone": ID, "seat": N | null, "take_over": false}` -> 200 the seats;
    409 when another phone holds seat N, saying whose seat it is and since
    when; `take_over` takes it (that phone goes back to the seat picker)."""
    room = _room_or_404(gid, rid)
    body = parse_body(SeatClaim)
    phone, seat, take_over = body.phone, body.seat, body.take_over
    players = room["players"]
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                             or not 0 <= seat < len(players)):
        return unprocessable("seat", f"must be a seat from 0 to {len(players) - 1}, or null to "
                                     "just watch")
    db = get_db()
    holder = storage.claim_seat(db, rid, seat, phone, take_over=take_over)
    if holder is not None:
        since = holder["claimed_at"][11:16]
        return jsonify({
            "error": f"{players[seat]}'s seat is already taken by another phone (since "
                     f"{since} UTC). Pick another seat, or take it over if that phone has left "
                     "the table.",
            "path": "seat", "seat": seat, "player": players[seat],
            "held_since": holder["claimed_at"]}), 409
    return jsonify({"seat": seat, **_seats(db, rid, phone)})


from . import event_stream  # noqa: E402,F401 (its route joins this blueprint)
