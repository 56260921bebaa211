"""Access a group can take back (api.md): a new invite link and QR (a new
group key and new room tokens; the old ones stop working at once, joined
phones stay in), the list of joined phones, removing one, and who this phone
is ("who are you?", asked once after joining)."""

from __future__ import annotations

import secrets
import unicodedata
from typing import Annotated, Any

from flask import Blueprint, abort, g, jsonify
from pydantic import AfterValidator, BaseModel, ConfigDict, model_validator

from .. import storage
from ..storage.groups import KEY_BYTES
from ..table import event_stream as room_streams
from ..web import access, keys
from ..web.access import group_required
from ..web.bodies import parse_body
from ..web.db import get_db
from ..web.errors import found_or_404
from ..web.pages import group_join_url, qr_svg
from .players import MAX_NAME as MAX_PLAYER_NAME

bp = Blueprint("api_invite", __name__, url_prefix="/api/groups/<gid>")


def _no_store(response, status: int = 200):
    response.headers["Cache-Control"] = "no-store"
    return response, status


class InviteBody(BaseModel):
    """No body, or `{}`: a new invite has no options (a key sent is refused,
    not ignored: a client that thinks it chose something must hear it did not)."""
    model_config = ConfigDict(extra="allow")  # every key is refused below, with the words

    @model_validator(mode="before")
    @classmethod
    def _no_options(cls, data: Any) -> Any:
        if isinstance(data, dict) and data:
            raise ValueError("send no body (or {}): the invite has no options, "
                             f"got the key {sorted(data)[0]!r}")
        return data


@bp.post("/invite")
@group_required
def new_invite(gid: str):
    """A new key and room tokens in one transaction; answers the new link."""
    parse_body(InviteBody, optional=True)
    key = secrets.token_urlsafe(KEY_BYTES)

    def room_secret(rid: str) -> tuple[str, str]:
        token = keys.new_token()
        return keys.hash_token(token), keys.seal_room_token(rid, token)

    rooms = storage.rotate_invite(get_db(), gid, storage.hash_key(key), keys.seal_key(gid, key),
                                 room_secret)
    room_streams.access_changed()  # streams opened with the old key end now
    url = group_join_url(gid, key)
    return _no_store(jsonify({"key": key, "join_url": url, "qr_svg": qr_svg(url),
                              "rooms_renewed": rooms}), 201)


def _public(phone: dict[str, Any]) -> dict[str, Any]:
    mine = g.phone is not None and g.phone["id"] == phone["id"]
    return {"id": phone["id"], "label": phone["label"], "player": phone["player"],
            "joined_at": phone["joined_at"], "last_seen_at": phone["last_seen_at"],
            "this_phone": mine}


@bp.get("/phones")
@group_required
def list_phones(gid: str):
    found = storage.list_phones(get_db(), gid, expired_before=access.expired_before())
    return _no_store(jsonify({"phones": [_public(p) for p in found],
                              "lifetime_days": access.lifetime().days}))


@bp.delete("/phones/<pid>")
@group_required
def remove_phone(gid: str, pid: str):
    """The phone loses access at once (its next request is 401); removing
    this very phone means leaving the group."""
    found_or_404(storage.remove_phone(get_db(), gid, pid),
                 "no such phone in this group (it may have been removed already)")
    room_streams.access_changed()  # its open dice streams end now
    return "", 204


def _plain_name(value: str) -> str:
    name = " ".join(value.split())
    if not name:
        raise ValueError("must be a name (or null to skip)")
    if len(name) > MAX_PLAYER_NAME:
        raise ValueError(f"must be at most {MAX_PLAYER_NAME} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs") for ch in name):
        raise ValueError("must be plain text: no control or direction characters")
    return name


class MeBody(BaseModel):
    """`{"player": "Ana"}` or `{"player": null}`."""

    model_config = ConfigDict(extra="forbid")
    player: Annotated[str, AfterValidator(_plain_name)] | None


@bp.put("/phones/me")
@group_required
def set_me(gid: str):
    """{"player": "Ana"} (a player of the group, added if new) or
    {"player": null} (skip): remembered for this phone in this group."""
    if g.phone is None:
        abort(409, description="only a phone that joined the group has a 'me'; "
                               "scripts with X-Companion-Key have none")
    name = parse_body(MeBody).player
    storage.set_phone_player(get_db(), gid, g.phone["id"], name)
    found = storage.get_phone(get_db(), gid, g.phone["id"])
    assert found is not None
    g.phone = found
    return jsonify(_public(found))
