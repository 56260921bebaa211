"""The BG Stats export (`GET /api/groups/<gid>/export.bgstats.json`) against BG
Stats' own backup/import format. BG Stats publishes no schema; the fields and
types below are the ones two public projects read from and write to it:

- exp111/BGGCatalogStats, src/model/bg-stats.ts (`BGStatsBackup`): the
  top-level lists, a play's `playDate` "YYYY-MM-DD hh:mm:ss" and
  `playDateYmd` number, `playerScores[].score` a string, `playImages` a
  string, `importPlayId` / `nemestatsId` numbers, a player's `metaData`;
- ctuncan/bga_bgstats, main.py: a file BG Stats imports (the game, play,
  player-score, player and location fields it writes, ids referred to by
  `gameRefId`, `playerRefId` and `locationRefId`).

Every required field is present with its type, every reference resolves,
and the figures are the group's: winners, start player, scores, new players."""

from __future__ import annotations

import json
import re

import pytest
from support.helpers import grande_state

DATE = re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$")
UUID = re.compile(r"^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$")

TOP = {"games": list, "players": list, "plays": list, "locations": list, "userInfo": dict,
       "challenges": list, "deletedObjects": list, "groups": list, "tags": list}
GAME = {"id": int, "uuid": str, "name": str, "bggId": int, "bggName": str, "bggYear": int,
        "noPoints": bool, "highestWins": bool, "cooperative": bool, "usesTeams": bool,
        "designers": str, "copies": list}
PLAY = {"uuid": str, "gameRefId": int, "playDate": str, "playDateYmd": int, "entryDate": str,
        "modificationDate": str, "durationMin": int, "locationRefId": int, "ignored": bool,
        "manualWinner": bool, "rounds": int, "rating": int, "scoringSetting": int,
        "usesTeams": bool, "playImages": str, "board": str, "bggId": int, "importPlayId": int,
        "nemestatsId": int, "expansionPlays": list, "playerScores": list}
SCORE = {"playerRefId": int, "score": str, "winner": bool, "startPlayer": bool,
         "seatOrder": int, "rank": int, "newPlayer": bool}
PLAYER = {"id": int, "uuid": str, "name": str, "isAnonymous": bool, "bggUsername": str,
          "metaData": str, "modificationDate": str}
LOCATION = {"id": int, "uuid": str, "name": str, "modificationDate": str}


def _has(obj: dict, fields: dict, what: str) -> None:
    for name, kind in fields.items():
        assert name in obj, f"{what} lacks {name}"
        assert type(obj[name]) is kind, f"{what}.{name} is {type(obj[name]).__name__}, not {kind.__name__}"


@pytest.fixture
def exported(client, group):
    h = group["headers"]
    base = f"/api/groups/{group['id']}/matches"
    for winner, day, place in (("Ana", "2026-11-20", "Club"), ("Ben", "2026-11-21", None),
                               ("Ana", "2026-11-22", "club")):
        body = {"state": grande_state(winner), "played_at": f"{day}T19:30:00Z"}
        if place:
            body["location"] = place
        assert client.post(base, json=body, headers=h).status_code == 201
    street = [{"store": {"points": 2, "color": "orange", "condition": {}}, "windows": []}]
    unmet = [{"store": {"points": 1, "color": "blue", "condition": {"at_least": {"cats": 1}}},
              "windows": []}]
    houses = {"game": "canal-houses", "players": [{"name": "Cleo", "street": street},
                                                  {"name": "Ana", "street": unmet}]}
    assert client.post(base, json={"state": houses, "played_at": "2026-11-23T19:30:00Z"},
                       headers=h).status_code == 201
    answer = client.get(f"/api/groups/{group['id']}/export.bgstats.json?tz=UTC", headers=h)
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    return answer.get_json()


def test_every_field_bg_stats_reads_is_there_with_its_type(exported):
    _has(exported, TOP, "file")
    assert type(exported["userInfo"].get("meRefId")) is int
    for game in exported["games"]:
        _has(game, GAME, "game")
    for play in exported["plays"]:
        _has(play, PLAY, "play")
        for score in play["playerScores"]:
            _has(score, SCORE, "playerScore")
    for player in exported["players"]:
        _has(player, PLAYER, "player")
    for place in exported["locations"]:
        _has(place, LOCATION, "location")


def test_references_dates_and_uuids_hold(exported):
    games = {g["id"] for g in exported["games"]}
    players = {p["id"] for p in exported["players"]}
    places = {x["id"] for x in exported["locations"]}
    uuids = [x["uuid"] for k in ("games", "players", "locations", "plays") for x in exported[k]]
    assert len(uuids) == len(set(uuids)) and all(UUID.match(u) for u in uuids)
    for play in exported["plays"]:
        assert play["gameRefId"] in games
        assert play["locationRefId"] == 0 or play["locationRefId"] in places
        assert DATE.match(play["playDate"]) and DATE.match(play["entryDate"])
        assert play["playDateYmd"] == int(play["playDate"][:10].replace("-", ""))
        assert all(s["playerRefId"] in players for s in play["playerScores"])


def test_the_groups_plays_come_out_right(exported):
    name = {p["id"]: p["name"] for p in exported["players"]}
    game = {g["id"]: g for g in exported["games"]}
    place = {x["id"]: x["name"] for x in exported["locations"]}
    rows = [(game[p["gameRefId"]]["name"], p["playDate"], place.get(p["locationRefId"]),
             [(name[s["playerRefId"]], s["score"], s["winner"], s["startPlayer"], s["newPlayer"])
              for s in p["playerScores"]]) for p in exported["plays"]]
    assert rows == [
        ("Canal Grande", "2026-11-20 19:30:00", "Club",
         [("Ana", "", True, True, True), ("Ben", "", False, False, True)]),
        ("Canal Grande", "2026-11-21 19:30:00", None,
         [("Ben", "", True, True, False), ("Ana", "", False, False, False)]),
        ("Canal Grande", "2026-11-22 19:30:00", "Club",  # one place, whatever its case
         [("Ana", "", True, True, False), ("Ben", "", False, False, False)]),
        ("Canal Houses", "2026-11-23 19:30:00", None,
         # 2 for the store, 2 each for the tied colour bonus
         [("Cleo", "4", True, True, True), ("Ana", "2", False, False, True)]),
    ]
    grande = next(g for g in exported["games"] if g["name"] == "Canal Grande")
    assert grande["noPoints"] is True and grande["highestWins"] is True  # won by cards, not points
    assert len(exported["locations"]) == 1


def test_bgg_ids_are_0_until_a_deployment_sets_them(client, group, exported, app, monkeypatch):
    """No BoardGameGeek id is confirmed in the code: 0 (BG Stats then keeps the
    game by name) unless COMPANION_BGG_IDS or the app config BGG_IDS gives one."""
    assert {g["name"]: g["bggId"] for g in exported["games"]} == {"Canal Grande": 0, "Canal Houses": 0}
    monkeypatch.setenv("COMPANION_BGG_IDS", '{"canal-grande": 111, "canal-houses": "x", "chess": 5}')
    url = f"/api/groups/{group['id']}/export.bgstats.json"
    doc = client.get(url, headers=group["headers"]).get_json()
    assert {g["name"]: g["bggId"] for g in doc["games"]} == {"Canal Grande": 111, "Canal Houses": 0}
    app.config["BGG_IDS"] = {"canal-grande": 222}  # the app config wins over the environment
    doc = client.get(url, headers=group["headers"]).get_json()
    assert {g["name"]: g["bggId"] for g in doc["games"]} == {"Canal Grande": 222, "Canal Houses": 0}


@pytest.mark.parametrize("document", [
    {"plays": [], "games": [{"b": 1, "a": "Ä"}], "userInfo": {"meRefId": 1}},
    {"z": [1, [2, {"y": None, "x": "é"}]], "a": {"k": [True, 1.5]}, "m": "text"},
    {},
], ids=["export-shape", "nested", "empty"])
def test_the_export_encoded_in_pieces_is_json_dumps_text(document):
    from companion.matches.bgstats import dumps_in_pieces

    assert dumps_in_pieces(document) == json.dumps(document, ensure_ascii=False, sort_keys=True)
