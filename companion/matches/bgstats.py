"""The group's plays in BG Stats' own export/import JSON format, so a group can
keep BG Stats as its main log: players, games (with BoardGameGeek ids where
known), locations and plays with each player's score, winner, start player and
seat.

The shape follows BG Stats' backup files as two public projects read and
write them (BG Stats publishes no schema):
- exp111/BGGCatalogStats, src/model/bg-stats.ts: the typed backup
  (`challenges`, `deletedObjects`, `games`, `groups`, `locations`, `players`,
  `plays`, `tags`, `userInfo`; a play's `playDate` "YYYY-MM-DD hh:mm:ss",
  `playDateYmd`, `playerScores[]` with `score` as a string, ...);
- ctuncan/bga_bgstats, main.py: writes files BG Stats imports (the fields a
  game, play, player and location need, ids referred to by `...RefId`).
tests/test_bgstats_format.py checks the export against both."""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from flask import Blueprint, Response, current_app, g, jsonify, request

from .. import storage
from ..games import registry
from ..web.access import group_required
from ..web.db import get_db

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
    played: set[tuple[str, str]] = set()  # (game, player) seen: newPlayer is their first play
    plays = []
    for match in sorted(matches, key=lambda m: (m["played_at"], m["id"])):
        stamp = _stamp(match.get("updated_at"), zone)
        game = match["game"]
        if game not in games:
            games[game] = {
                "id": len(games) + 1, "uuid": _uuid(gid, "game", game),
                "name": registry.game_name(game), "bggName": registry.game_name(game),
                "bggId": bgg_ids.get(game) or 0, "bggYear": 0, "designers": "", "copies": [],
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
                                "metaData": "", "modificationDate": stamp}
            scores.append({
                "playerRefId": players[key]["id"],
                "score": "" if game in registry.WIN_LOSE_GAMES else str(p.get("total", "")),
                "winner": p.get("name") in winners,
                "newPlayer": (game, key) not in played,
                "startPlayer": seat == 0,
                "seatOrder": seat,
                "rank": ranking.index(p["name"]) + 1 if p.get("name") in ranking else 0,
                "role": "", "team": "",
            })
            played.add((game, key))
        edition = registry.edition_label(match.get("state"))
        play_date = _stamp(match["played_at"], zone)
        plays.append({
            "uuid": _uuid(gid, "play", match["id"]),
            "gameRefId": games[game]["id"],
            "playDate": play_date,
            "playDateYmd": int(play_date[:10].replace("-", "")),
            "entryDate": _stamp(match.get("created_at"), zone),
            "modificationDate": stamp,
            "durationMin": match.get("duration_min") or 0,
            "locationRefId": location_ref,
            "comments": match.get("notes") or "",
            "board": edition or "",
            "ignored": False, "manualWinner": False, "rounds": 0, "bggId": 0,
            "importPlayId": 0, "nemestatsId": 0,
            "usesTeams": False, "scoringSetting": 0, "rating": 0,
            "expansionPlays": [], "playImages": "[]",
            "playerScores": scores,
        })
    return {"games": list(games.values()), "players": list(players.values()),
            "locations": list(locations.values()), "plays": plays,
            "userInfo": {"meRefId": 0, "bggUsername": ""},
            "challenges": [], "deletedObjects": [], "groups": [], "tags": []}


def _env_bgg_ids() -> dict[str, int]:
    """COMPANION_BGG_IDS='{"canal-grande": 12345}': a deployment's own checked
    ids (none is confirmed in the code). Entries that are not a known game
    with a positive integer are left out."""
    try:
        given = json.loads(os.environ.get("COMPANION_BGG_IDS") or "{}")
    except ValueError:
        return {}
    if not isinstance(given, dict):
        return {}
    return {g: n for g, n in given.items()
            if g in registry.GAME_NAMES and type(n) is int and n > 0}


def dumps_in_pieces(document: dict[str, Any]) -> str:
    """The same text as `json.dumps(document, ensure_ascii=False, sort_keys=True)`,
    encoded one list item at a time: one C call over 50,000 plays holds the GIL
    (and so the gevent process's event loop) for about 1.5 s; between small
    calls the loop gets its turns."""
    def encode(value: Any) -> str:
        if isinstance(value, list):
            return "[" + ", ".join(json.dumps(item, ensure_ascii=False, sort_keys=True)
                                   for item in value) + "]"
        return json.dumps(value, ensure_ascii=False, sort_keys=True)

    return "{" + ", ".join(f"{json.dumps(key, ensure_ascii=False)}: {encode(document[key])}"
                           for key in sorted(document)) + "}"


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
    bgg_ids = {**registry.BGG_IDS, **_env_bgg_ids(), **current_app.config.get("BGG_IDS", {})}

    def build() -> str:
        """Read, convert and encode on gevent's thread pool: a group of 20,000
        matches takes seconds, which must not stop the process's other
        connections (the event loop runs between the GIL's switches)."""
        matches = list(storage.iter_matches(db, gid))
        names = storage.current_names(db, gid, [m["id"] for m in matches])
        document = build_export(gid, matches, names, bgg_ids, zone)
        return dumps_in_pieces(document)

    text = storage.offload(build)
    stem = "".join(c if c.isalnum() else "-" for c in g.group["name"]).strip("-").lower() or "group"
    response = Response(text, mimetype="application/json")
    response.headers["Content-Disposition"] = f'attachment; filename="{stem}-bgstats.json"'
    return response
