"""Seats at a dice table: each phone (a random id its page keeps per tab)
holds at most one seat and each seat one phone, so two phones cannot play the
same seat. A second phone is told whose seat it is and since when; it may take
the seat over (the first phone then goes back to the seat picker)."""

from __future__ import annotations

import re
from typing import Annotated, Any

from flask import jsonify
from pydantic import AfterValidator, BaseModel, ConfigDict, StrictBool

from .. import storage
from ..web.access import group_required
from ..web.bodies import parse_body
from ..web.db import get_db
from ..web.errors import unprocessable
from .api import _room_or_404, bp

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


def claims(stamps: dict[int, str]) -> dict[str, Any]:
    """What every phone may know of the seats: which are held and since when.
    A room event carries it, so a phone whose seat another phone took over
    sees the stamp of its seat change (and re-reads the room)."""
    return {"seats_held": sorted(stamps),
            "seat_claims": {str(seat): stamps[seat] for seat in sorted(stamps)}}


def public(db: Any, rid: str, phone: str | None) -> dict[str, Any]:
    """What the room answer says about seats: which are held and since when,
    and which one is this phone's (phone ids of others are never shown)."""
    held = storage.held_seats(db, rid)
    mine = next((s for s, h in held.items() if phone and h["phone"] == phone), None)
    return {**claims({s: h["claimed_at"] for s, h in held.items()}), "my_seat": mine}


@bp.post("/<rid>/seat")
@group_required
def claim(gid: str, rid: str):
    """`{"phone": ID, "seat": N | null, "take_over": false}` -> 200 the seats;
    409 when another phone holds seat N."""
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
    return jsonify({"seat": seat, **public(db, rid, phone)})
