"""The group's plays in BG Stats' own export/import JSON format, so a group can
keep BG Stats as its main log: players, games (with BoardGameGeek ids where
known), locations and plays with each player's score, winner, start player and
seat. The shape follows BG Stats' backup files (`games`, `players`,
`locations`, `plays[].playerScores[]` referring by `...RefId`)."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from flask import Blueprint, Response, current_app, g, json, jsonify, request

from .. import storage
from ..games import registry
from ..web.db import get_db
from ..web.security import group_required

bp = Blueprint("api_bgstats", __name__, url_prefix="/api/groups/<gid>")

NAMESPACE = uuid.UUID("6f1c2a4e-8d0b-4c1e-9a57-0c4e2b7d5a31")  # Canal Companion's own


def _uuid(*parts: str) -> str:
    """A stable id per object, so exporting twice updates BG Stats instead of
    adding the same plays again."""
    return str(uuid.uuid5(NAMESPACE, "/".join(parts))).upper()


def _stamp(iso: str | None, zone: ZoneInfo | None) -> str:
    """`2026-11-30T20:15:00Z` -> `2026-11-30 21:15:00` in the phone's zone (BG
    Stats keeps local wall-clock times)."""
    if not iso:
        return ""
    moment = datetime.fromisoformat(iso.replace("Z", "+00:00"))
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(zone or UTC).strftime("%Y-%m-%d %H:%M:%S")


def build_export(gid: str, matches: Iterable[dict[str, Any]],
                 names: dict[str, dict[int, str]], bgg_ids: dict[str, int | None],
                 zone: ZoneInfo | None = None) -> dict[str, Any]:
    """Pure: matches (with results and details) and today's player names per
    seat -> the BG Stats document. The first seat is the start player (pages
    seat the starting player first)."""
    games: dict[str, dict[str, Any]] = {}
    players: dict[str, dict[str, Any]] = {}
    locations: dict[str, dict[str, Any]] = {}
    plays = []
    for match in matches:
        stamp = _stamp(match.get("updated_at"), zone)
        game = match["game"]
        if game not in games:
            games[game] = {
                "id": len(games) + 1, "uuid": _uuid(gid, "game", game),
                "name": registry.game_name(game), "bggName": registry.game_name(game),
                "bggId": bgg_ids.get(game) or 0, "bggYear": 0,
                "cooperative": False, "highestWins": True,
                "noPoints": game in registry.WIN_LOSE_GAMES, "usesTeams": False,
                "isBaseGame": 1, "isExpansion": 0, "modificationDate": stamp,
            }
        location_ref = 0
        place = (match.get("location") or "").strip()
        if place:
            key = place.lower()
            if key not in locations:
                locations[key] = {"id": len(locations) + 1, "uuid": _uuid(gid, "location", key),
                                  "name": place, "modificationDate": stamp}
            location_ref = locations[key]["id"]
        result = match.get("result") or {}
        winners = set(result.get("winners", []))
        ranking = result.get("ranking", [])
        seats = names.get(match["id"], {})
        scores = []
        for seat, p in enumerate(result.get("players", [])):
            name = seats.get(seat, p.get("name", ""))
            key = " ".join(name.split()).lower()
            if key not in players:
                players[key] = {"id": len(players) + 1, "uuid": _uuid(gid, "player", key),
                                "name": name, "isAnonymous": False, "bggUsername": "",
                                "modificationDate": stamp}
            scores.append({
                "playerRefId": players[key]["id"],
                "score": "" if game in registry.WIN_LOSE_GAMES else str(p.get("total", "")),
                "winner": p.get("name") in winners,
                "newPlayer": False,
                "startPlayer": seat == 0,
                "seatOrder": seat,
                "rank": ranking.index(p["name"]) + 1 if p.get("name") in ranking else 0,
                "role": "", "team": "",
            })
        edition = registry.edition_label(match.get("state"))
        plays.append({
            "uuid": _uuid(gid, "play", match["id"]),
            "gameRefId": games[game]["id"],
            "playDate": _stamp(match["played_at"], zone),
            "entryDate": _stamp(match.get("created_at"), zone),
            "modificationDate": stamp,
            "durationMin": match.get("duration_min") or 0,
            "locationRefId": location_ref,
            "comments": match.get("notes") or "",
            "board": edition or "",
            "ignored": False, "manualWinner": False, "rounds": 0, "bggId": 0,
            "usesTeams": False, "scoringSetting": 0, "rating": 0,
            "expansionPlays": [], "playImages": "[]",
            "playerScores": scores,
        })
    return {"games": list(games.values()), "players": list(players.values()),
            "locations": list(locations.values()), "plays": plays,
            "userInfo": {"meRefId": 0, "bggUsername": ""},
            "challenges": [], "deletedObjects": [], "groups": [], "tags": []}


@bp.get("/export.bgstats.json")
@group_required
def export_bgstats(gid: str):
    zone = None
    tz = (request.args.get("tz") or "").strip()
    if tz:
        try:
            zone = ZoneInfo(tz)
        except (ZoneInfoNotFoundError, ValueError):
            return jsonify({"error": f"tz must be a time zone name like Europe/Amsterdam, got {tz!r}",
                            "path": "tz"}), 400
    db = get_db()
    matches = list(storage.iter_matches(db, gid))
    names = storage.current_names(db, gid, [m["id"] for m in matches])
    bgg_ids = {**registry.BGG_IDS, **current_app.config.get("BGG_IDS", {})}
    document = build_export(gid, matches, names, bgg_ids, zone)
    stem = "".join(c if c.isalnum() else "-" for c in g.group["name"]).strip("-").lower() or "group"
    response = Response(json.dumps(document, ensure_ascii=False), mimetype="application/json")
    response.headers["Content-Disposition"] = f'attachment; filename="{stem}-bgstats.json"'
    return response
