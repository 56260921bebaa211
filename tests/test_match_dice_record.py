"""A live table's dice record on the match page (test client): a paper table
scored through the table, a digital table saved at game end, a match without
a table; the record folded from events; the Doodle China score page taking a
table's `?room=&match_id=` (prefill, saved -> editing, refusals)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from companion.table import room_state
from companion.table.record import build_record

SETUP_ROLLS = {"suzhou": 5, "shanghai": 6}
GRID = [["plain"] * 5 for _ in range(5)]


def sheet(name, hotels=(), shops=(), trees=0):
    return {"name": name, "hotels": list(hotels), "shops": list(shops), "shop_bonuses": [],
            "trees_crossed": trees, "grid": [row[:] for row in GRID]}


class RecordTable(HTMLParser):
    """The dice record table as a phone shows it (visually hidden text left
    out): `rounds[round][player] = (act, text, starts)`, `blue`, `left`."""

    def __init__(self):
        super().__init__()
        self.rounds: dict[int, dict[str, tuple[str | None, str]]] = {}
        self.blue: dict[int, str] = {}
        self.left: dict[int, str] = {}
        self.heads: list[str] = []
        self._round = None
        self._cell = None
        self._text: list[str] = []
        self._spans: list[bool] = []  # inside the cell: is this span visually hidden?

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if self._cell is not None and tag == "span":
            self._spans.append("visually-hidden" in (a.get("class") or ""))
        if tag == "tr" and "data-round" in a:
            self._round = int(a["data-round"])
            self.rounds[self._round] = {}
        elif tag == "th" and "data-player" in a:
            self.heads.append(a["data-player"])
        elif tag == "td" and self._round is not None:
            cls = a.get("class") or ""
            key = a.get("data-player") or ("blue" if "dr-blue" in cls else "left")
            self._cell = (key, a.get("data-act"), "starts" in cls)
            self._text = []

    def handle_endtag(self, tag):
        if self._cell is not None and tag == "span" and self._spans:
            self._spans.pop()
        if tag == "td" and self._cell is not None:
            key, act, starts = self._cell
            text = " ".join("".join(self._text).split())
            if key == "blue":
                self.blue[self._round] = text
            elif key == "left":
                self.left[self._round] = text
            else:
                self.rounds[self._round][key] = (act, text, starts)
            self._cell = None
        elif tag == "tr":
            self._round = None

    def handle_data(self, data):
        if self._cell is not None and not any(self._spans):
            self._text.append(data)


def record_of(html: str) -> RecordTable:
    parser = RecordTable()
    parser.feed(html)
    return parser


def make_room(client, group, players, edition="suzhou", mode="paper"):
    answer = client.post(f"/api/groups/{group['id']}/rooms", headers=group["headers"],
                         json={"edition": edition, "players": players, "mode": mode})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def act(client, group, room, what, body=None):
    answer = client.post(f"/api/groups/{group['id']}/rooms/{room['id']}/{what}",
                         headers=group["headers"], **({"json": body} if body else {}))
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def get_room(client, group, room):
    return client.get(f"/api/groups/{group['id']}/rooms/{room['id']}",
                      headers=group["headers"]).get_json()


def page(client, group, path):
    return client.get(path, headers=group["headers"])


@pytest.fixture
def fixed_dice(monkeypatch):
    """Roll these dice next (a list of rolls, used in turn)."""
    rolls: list[dict] = []

    def roll(n):
        return rolls.pop(0) if rolls else {"blue": 3, "white": [1] * room_state.white_dice_for(n)}

    monkeypatch.setattr(room_state, "roll_dice", roll)
    return rolls


def play_paper_game(client, group, fixed_dice):
    """Ana and Ben: round 1 Ana takes 5 (die 1), Ben passes; round 2 Ben
    starts, takes 6 (die 2), announces the end, Ana takes 2 (die 0)."""
    room = make_room(client, group, ["Ana", "Ben"])
    fixed_dice.extend([{"blue": b, "white": [1, 1, 1]} for b in (1, 2, 3, 4, 5)])
    fixed_dice.extend([{"blue": 4, "white": [3, 5, 2]}, {"blue": 6, "white": [2, 4, 6]}])
    for _ in range(SETUP_ROLLS["suzhou"]):
        act(client, group, room, "roll")
    act(client, group, room, "roll")
    act(client, group, room, "take", {"player": "Ana", "die": 1})
    act(client, group, room, "pass", {"player": "Ben"})
    act(client, group, room, "roll")
    act(client, group, room, "take", {"player": "Ben", "die": 2})
    act(client, group, room, "end", {"player": "Ben", "reason": "top hotel value"})
    act(client, group, room, "take", {"player": "Ana", "die": 0})
    whole = get_room(client, group, room)
    assert whole["finished"]
    return room, whole["match_id"]


# -- the match page ------------------------------------------------------------

def test_paper_table_match_page_shows_the_dice_record(client, group, fixed_dice):
    room, mid = play_paper_game(client, group, fixed_dice)
    state = {"game": "doodle-china", "edition": "suzhou",
             "players": [sheet("Ana", hotels=[15]), sheet("Ben", shops=[2], trees=1)]}
    saved = act(client, group, room, "match", {"state": state})
    assert saved["match"]["id"] == mid

    answer = page(client, group, f"/g/{group['id']}/matches/{mid}")
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert 'id="dice-record"' in html and "matches/dice_record.css" in html
    assert f'href="/g/{group["id"]}/rooms/{room["id"]}"' in html  # back to the table
    found = record_of(html)
    assert found.heads == ["Ana", "Ben"]
    assert found.blue == {1: "4", 2: "6"}
    assert found.rounds[1] == {"Ana": ("take", "5", True), "Ben": ("pass", "pass", False)}
    assert found.rounds[2] == {"Ana": ("take", "2", False), "Ben": ("take", "6⚑", True)}
    assert found.left == {1: "3 2", 2: "4"}
    assert "Game over after round 2:" in html and "Ben: top hotel value" in html
    # The starting riverways: blue 1..5 -> their shapes.
    assert re.search(r"Starting riverways:", html)
    # The totals shown are the stored result's.
    for p in saved["match"]["result"]["players"]:
        assert re.search(rf'data-player="{p["name"]}">\s*<div class="result-head">.*?'
                         rf'data-testid="total">{p["total"]}<', html, re.S)


def test_digital_table_match_saved_at_game_end_shows_the_record(client, group, fixed_dice):
    room = make_room(client, group, ["Mei"], edition="shanghai", mode="digital")
    for _ in range(SETUP_ROLLS["shanghai"]):
        act(client, group, room, "roll")
    fixed_dice.append({"blue": 2, "white": [1, 3, 4]})
    act(client, group, room, "roll")
    act(client, group, room, "take", {"player": "Mei", "die": 0, "cell": [0, 1], "path": "EW"})
    rounds = 1
    while not get_room(client, group, room)["finished"]:
        rounds += 1
        assert rounds < 40
        act(client, group, room, "roll")
        act(client, group, room, "pass", {"player": "Mei"})
    mid = get_room(client, group, room)["match_id"]

    html = page(client, group, f"/g/{group['id']}/matches/{mid}").get_data(as_text=True)
    found = record_of(html)
    assert len(found.rounds) == rounds
    assert found.rounds[1]["Mei"] == ("take", "11·2─", True)  # white 1, row 1 column 2, east-west
    assert all(found.rounds[r]["Mei"][0] == "pass" for r in range(2, rounds + 1))
    assert "Played on the phones" in html and "Starting roads:" in html
    assert "row 1, column 2: straight, left to right" in html  # the same square in words
    assert "Game over after round" in html


def test_a_match_without_a_table_has_no_record(client, group):
    state = {"game": "doodle-china", "edition": "suzhou", "players": [sheet("Ana")]}
    saved = client.post(f"/api/groups/{group['id']}/matches", headers=group["headers"],
                        json={"state": state}).get_json()
    html = page(client, group, f"/g/{group['id']}/matches/{saved['id']}").get_data(as_text=True)
    assert "dice-record" not in html and "dice_record.css" not in html


def test_names_in_the_record_stay_text(client, group, fixed_dice):
    evil = "<img src=x onerror=alert(1)>"
    room = make_room(client, group, [evil, "Ben"])
    for _ in range(SETUP_ROLLS["suzhou"]):
        act(client, group, room, "roll")
    act(client, group, room, "roll")
    act(client, group, room, "take", {"player": evil, "die": 0})
    mid = get_room(client, group, room)["match_id"]
    state = {"game": "doodle-china", "edition": "suzhou", "players": [sheet(evil), sheet("Ben")]}
    act(client, group, room, "match", {"state": state})
    html = page(client, group, f"/g/{group['id']}/matches/{mid}").get_data(as_text=True)
    assert evil not in html and "&lt;img src=x" in html
    assert "The table was not played to its end" in html


# -- the record, folded from events -------------------------------------------------

def test_build_record_folds_rounds_takes_passes_and_ends():
    events = [
        {"id": 1, "type": "roll", "phase": "setup", "round": 0, "dice": {"blue": 2},
         "setup": {"column": 1, "path": "EW"}},
        {"id": 2, "type": "roll", "phase": "play", "round": 1,
         "dice": {"blue": 5, "white": [6, 1, 3, 3]}, "next": {"starting": "Cem"}},
        {"id": 3, "type": "take", "player": "Cem", "die": 3, "value": 3},
        {"id": 4, "type": "pass", "player": "Ana"},
        {"id": 5, "type": "take", "player": "Ben", "die": 0, "value": 6, "cell": [2, 3],
         "path": "SW"},
        {"id": 6, "type": "end", "player": "Ana", "reason": None},
        {"id": 7, "type": "game_over", "round": 1, "reasons": ["Ana: an end trigger"]},
        {"id": 8, "type": "match_saved", "match_id": "m"},
    ]
    record = build_record(["Ana", "Ben", "Cem"], events)
    assert record["setup"] == [{"blue": 2, "path": "EW", "glyph": "─",
                                "words": "straight, left to right"}]
    (one,) = record["rounds"]
    assert one["starting"] == "Cem" and one["complete"] and one["left"] == [1, 3]
    assert one["acts"]["Cem"] == {"kind": "take", "order": 1, "die": 3, "value": 3,
                                  "where": None, "where_words": None}
    assert one["acts"]["Ana"] == {"kind": "pass", "order": 2}
    assert one["acts"]["Ben"]["where"] == "3·4┐"
    assert one["acts"]["Ben"]["where_words"] == "row 3, column 4: curve, bottom to left"
    assert one["ends"] == ["Ana"] and record["ends"][0]["round"] == 1
    assert record["over"] == {"round": 1, "reasons": ["Ana: an end trigger"]}
    assert record["saved"] is True


# -- the score page with ?room=&match_id= -----------------------------------------

def _page_data(html: str) -> dict:
    found = re.search(r'<script type="application/json" id="page-data">(.*?)</script>', html, re.S)
    return json.loads(found.group(1))


def test_score_page_takes_the_tables_edition_players_and_match_id(client, group, fixed_dice):
    room = make_room(client, group, ["Cem", "Ana", "Ben"], edition="shanghai")
    mid = get_room(client, group, room)["match_id"]
    path = f"/g/{group['id']}/play/doodle-china?room={room['id']}&match_id={mid}"
    answer = page(client, group, path)
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    data = _page_data(html)
    assert data["room"]["id"] == room["id"] and data["room"]["match_id"] == mid
    assert data["room"]["edition"] == "shanghai"
    assert data["room"]["players"] == ["Cem", "Ana", "Ben"]  # seating order
    assert data["room"]["layout"]["name"] == "shanghai-v1"
    assert data["room"]["save"] == f"/api/groups/{group['id']}/rooms/{room['id']}/match"
    assert f'href="/g/{group["id"]}/rooms/{room["id"]}"' in html  # back to the table
    # match_id may be left out; the table's own is used.
    alone = page(client, group, f"/g/{group['id']}/play/doodle-china?room={room['id']}")
    assert _page_data(alone.get_data(as_text=True))["room"]["match_id"] == mid


def test_score_page_opens_the_saved_match_for_editing(client, group, fixed_dice):
    room, mid = play_paper_game(client, group, fixed_dice)
    state = {"game": "doodle-china", "edition": "suzhou",
             "players": [sheet("Ana"), sheet("Ben")]}
    act(client, group, room, "match", {"state": state})
    path = f"/g/{group['id']}/play/doodle-china?room={room['id']}&match_id={mid}"
    answer = page(client, group, path)
    assert answer.status_code == 302
    assert answer.headers["Location"].endswith(f"/g/{group['id']}/play/doodle-china?match={mid}")
    data = _page_data(page(client, group, answer.headers["Location"]).get_data(as_text=True))
    assert data["match"]["id"] == mid and data["room"] is None


def test_score_page_refuses_wrong_tables_with_what_to_do(client, group, fixed_dice):
    base = f"/g/{group['id']}/play/doodle-china"
    unknown = page(client, group, f"{base}?room=nosuchroom&match_id=x")
    assert unknown.status_code == 404
    assert "table is not in this group" in unknown.get_data(as_text=True)

    room = make_room(client, group, ["Ana"])
    wrong = page(client, group, f"{base}?room={room['id']}&match_id=not-this-one")
    assert wrong.status_code == 404
    assert "match_id does not belong to that table" in wrong.get_data(as_text=True)

    digital = make_room(client, group, ["Ana"], mode="digital")
    refused = page(client, group, f"{base}?room={digital['id']}")
    assert refused.status_code == 409
    assert "Only paper tables are scored here" in refused.get_data(as_text=True)

    room2, mid = play_paper_game(client, group, fixed_dice)
    act(client, group, room2, "match", {"state": {"game": "doodle-china", "edition": "suzhou",
                                                  "players": [sheet("Ana"), sheet("Ben")]}})
    assert client.delete(f"/api/groups/{group['id']}/matches/{mid}",
                         headers=group["headers"]).status_code == 204
    gone = page(client, group, f"{base}?room={room2['id']}&match_id={mid}")
    assert gone.status_code == 409
    assert "saved and then deleted" in gone.get_data(as_text=True)
