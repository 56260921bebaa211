"""The phone pages without a browser: names with HTML in them stay text on
every page, other groups' pages answer 404, a phone without the key gets a
page telling how to get in, and the card catalog API checks every field."""

from __future__ import annotations

import re

import pytest
from helpers import grande_state

from companion.app import create_app

EVIL = ["<img src=x onerror=alert(1)>", "<script>alert(1)</script>"]
HOUSES = {"game": "canal-houses", "players": [
    {"name": EVIL[0], "street": [{"store": {"points": 2, "color": "orange", "condition": {}},
                                  "windows": []}]},
    {"name": EVIL[1], "street": [{"store": {"points": 1, "color": None, "condition": {}},
                                  "windows": []}]}]}
WINDOW = {"cats": 1, "birds": 0, "flags": 0, "flowerpots": 1, "color": "blue"}
STORE = {"points": 2, "color": "orange", "condition": {"at_least": {"cats": 1, "birds": 2}}}


def _csrf(page: bytes) -> str:
    return re.search(rb'name="csrf-token" content="([^"]+)"', page).group(1).decode()


@pytest.fixture
def phone(app):
    """A client that made a group through the home page form, so it holds the key."""
    client = app.test_client()
    token = _csrf(client.get("/").data)
    answer = client.post("/", data={"name": EVIL[0], "csrf_token": token})
    assert answer.status_code == 303, answer.data
    gid = answer.headers["Location"].rstrip("/").rsplit("/", 1)[-1]
    client.gid = gid
    return client


def _save(client, gid, state, mid=None):
    body = {"state": state, **({"id": mid} if mid else {})}
    answer = client.post(f"/api/groups/{gid}/matches", json=body,
                         headers={"X-CSRF-Token": _csrf(client.get("/").data)})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def _assert_escaped(html: str, where: str) -> None:
    for raw in EVIL:
        assert raw not in html, f"{where} shows {raw!r} as HTML"
    assert "<img src=x" not in html and "<script>alert" not in html, where


def test_names_with_html_are_text_on_every_page(phone):
    gid = phone.gid
    houses = _save(phone, gid, HOUSES)
    grande = grande_state()
    grande["players"][0]["name"] = EVIL[1]
    grande = _save(phone, gid, grande)
    pages = ["/", f"/g/{gid}", f"/g/{gid}/new/canal-houses", f"/g/{gid}/new/canal-grande",
             f"/g/{gid}/history", f"/g/{gid}/history?player={EVIL[1]}",
             f"/g/{gid}/matches/{houses['id']}", f"/g/{gid}/matches/{grande['id']}",
             f"/g/{gid}/play/canal-houses?match={houses['id']}",
             f"/g/{gid}/play/canal-grande?match={grande['id']}"]
    for url in pages:
        answer = phone.get(url)
        assert answer.status_code == 200, url
        html = answer.get_data(as_text=True)
        _assert_escaped(html, url)
    group_page = phone.get(f"/g/{gid}").get_data(as_text=True)
    assert "&lt;img src=x onerror=alert(1)&gt;" in group_page  # the group's name, as text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in group_page  # a player, as text
    match_page = phone.get(f"/g/{gid}/matches/{houses['id']}").get_data(as_text=True)
    assert "&lt;img src=x onerror=alert(1)&gt;" in match_page


def test_every_page_sends_the_strict_content_security_policy(phone):
    answer = phone.get(f"/g/{phone.gid}")
    csp = answer.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "style-src 'self'" in csp
    html = answer.get_data(as_text=True)
    assert " style=" not in html and " onclick=" not in html
    assert not re.search(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)", html)


def test_another_groups_pages_answer_404(app, phone):
    other = app.test_client()
    theirs = other.post("/api/groups", json={"name": "Other table"}).get_json()
    their_match = other.post(f"/api/groups/{theirs['id']}/matches", json={"state": grande_state()},
                             headers={"X-Companion-Key": theirs["key"]}).get_json()
    mine = phone.gid
    key_of_mine = {"X-Companion-Key": other.post("/api/groups", json={"name": "x"}).get_json()["key"]}
    for url in (f"/g/{theirs['id']}", f"/g/{theirs['id']}/history",
                f"/g/{theirs['id']}/matches/{their_match['id']}", f"/g/{theirs['id']}/qr.svg",
                f"/g/{theirs['id']}/play/canal-houses", f"/g/{theirs['id']}/new/canal-grande"):
        answer = phone.get(url, headers=key_of_mine)  # a key, but another group's
        assert answer.status_code == 404, url
        assert "Other table" not in answer.get_data(as_text=True)
    for url in (f"/g/{mine}/matches/{their_match['id']}",
                f"/g/{mine}/play/canal-grande?match={their_match['id']}"):
        answer = phone.get(url)  # this phone's group, the other group's match
        assert answer.status_code == 404, url
    assert phone.get("/g/no-such-group", headers=key_of_mine).status_code == 404


def test_group_page_without_key_tells_how_to_get_in(app, phone):
    stranger = app.test_client()
    for url in (f"/g/{phone.gid}", f"/g/{phone.gid}/history", f"/g/{phone.gid}/play/canal-houses"):
        answer = stranger.get(url)
        assert answer.status_code == 401, url
        html = answer.get_data(as_text=True)
        assert "QR code" in html and "join" in html.lower()
        assert EVIL[0] not in html and "&lt;img" not in html  # not even the name leaks


def test_home_lists_known_groups_and_keeps_a_bad_name(app, phone):
    home = phone.get("/").get_data(as_text=True)
    assert f"/g/{phone.gid}" in home
    fresh = app.test_client()
    first = fresh.get("/").get_data(as_text=True)
    assert "No group on this phone yet" in first
    token = _csrf(fresh.get("/").data)
    answer = fresh.post("/", data={"name": "   ", "csrf_token": token})
    assert answer.status_code == 422
    assert "Type a name" in answer.get_data(as_text=True)
    long_name = "x" * 90
    answer = fresh.post("/", data={"name": long_name, "csrf_token": token})
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    assert long_name in html and "at most 80" in html
    assert fresh.post("/", data={"name": "No token"}).status_code == 403


def test_join_link_lands_on_the_group_page(app, phone):
    owner = app.test_client()
    made = owner.post("/api/groups", json={"name": "Joinable"}).get_json()
    guest = app.test_client()
    answer = guest.get(f"/g/{made['id']}/join?key={made['key']}")
    assert answer.status_code == 303 and answer.headers["Location"].endswith(f"/g/{made['id']}")
    page = guest.get(answer.headers["Location"])
    assert page.status_code == 200 and "Joinable" in page.get_data(as_text=True)


def test_group_page_shows_qr_players_recent_matches_and_starts(phone):
    gid = phone.gid
    html = phone.get(f"/g/{gid}").get_data(as_text=True)
    assert "No matches yet" in html and "No players yet" in html
    assert f"/g/{gid}/new/canal-houses" in html and f"/g/{gid}/new/canal-grande" in html
    _save(phone, gid, grande_state())
    html = phone.get(f"/g/{gid}").get_data(as_text=True)
    assert "Winner: Ana" in html and "Ben" in html
    qr = phone.get(f"/g/{gid}/qr.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"
    assert qr.headers["Cache-Control"] == "no-store" and b"<path" in qr.data


def test_history_filters_by_game_and_player(phone):
    gid = phone.gid
    grande = _save(phone, gid, grande_state())
    houses = _save(phone, gid, HOUSES)
    everything = phone.get(f"/g/{gid}/history").get_data(as_text=True)
    assert grande["id"] in everything and houses["id"] in everything
    assert everything.index(houses["id"]) < everything.index(grande["id"])  # newest first
    only = phone.get(f"/g/{gid}/history?game=canal-grande").get_data(as_text=True)
    assert grande["id"] in only and houses["id"] not in only
    ben = phone.get(f"/g/{gid}/history?player=ben").get_data(as_text=True)
    assert grande["id"] in ben and houses["id"] not in ben
    none = phone.get(f"/g/{gid}/history?game=canalis").get_data(as_text=True)
    assert "No Canalis matches" in none


def test_deleted_match_page_is_gone_and_edit_of_unknown_match_is_404(phone):
    gid = phone.gid
    match = _save(phone, gid, grande_state())
    token = _csrf(phone.get("/").data)
    assert phone.delete(f"/api/groups/{gid}/matches/{match['id']}",
                        headers={"X-CSRF-Token": token}).status_code == 204
    assert phone.get(f"/g/{gid}/matches/{match['id']}").status_code == 404
    assert phone.get(f"/g/{gid}/play/canal-houses?match=nope").status_code == 404
    assert phone.get(f"/g/{gid}/new/not-a-game").status_code == 404


# --- card catalog API -------------------------------------------------------

@pytest.fixture
def cards(group, client):
    base = f"/api/groups/{group['id']}/cards"

    def call(method, url="", **kwargs):
        return client.open(base + url, method=method, headers=group["headers"], **kwargs)

    return call


def test_cards_create_list_update_delete(cards):
    made = cards("POST", json={"id": "card-1", "kind": "window", "name": EVIL[0], "data": WINDOW})
    assert made.status_code == 201
    assert made.get_json()["name"] == EVIL[0] and made.get_json()["data"] == WINDOW
    again = cards("POST", json={"id": "card-1", "kind": "window", "name": "other", "data": WINDOW})
    assert again.status_code == 200 and again.get_json()["name"] == EVIL[0]  # a retry stores once
    cards("POST", json={"kind": "store", "name": "Cat and birds", "data": STORE})
    listed = cards("GET").get_json()["cards"]
    assert [c["kind"] for c in listed] == ["store", "window"]
    assert [c["kind"] for c in cards("GET", "?kind=store").get_json()["cards"]] == ["store"]
    changed = cards("PUT", "/card-1", json={"kind": "window", "name": "Blue cat",
                                            "data": {**WINDOW, "cats": 2}})
    assert changed.status_code == 200 and changed.get_json()["data"]["cats"] == 2
    assert cards("DELETE", "/card-1").status_code == 204
    assert cards("GET", "/card-1").status_code == 404
    assert cards("DELETE", "/card-1").status_code == 404
    assert cards("PUT", "/card-1", json={"kind": "window", "name": "x", "data": WINDOW}).status_code == 404


@pytest.mark.parametrize(("body", "path", "words"), [
    ({"kind": "door", "name": "x", "data": WINDOW}, "kind", "store, roof, window"),
    ({"kind": "window", "name": " ", "data": WINDOW}, "name", "non-empty"),
    ({"kind": "window", "name": "x" * 61, "data": WINDOW}, "name", "at most 60"),
    ({"kind": "window", "name": "x"}, "data", "is required"),
    ({"kind": "window", "name": "x", "data": [1]}, "data", "must be an object"),
    ({"kind": "window", "name": "x", "data": {**WINDOW, "cats": -1}}, "data.cats", "0 or more"),
    ({"kind": "window", "name": "x", "data": {**WINDOW, "dogs": 1}}, "data.dogs", "allowed"),
    ({"kind": "store", "name": "x", "data": {**STORE, "points": "two"}}, "data.points", "integer"),
    ({"kind": "roof", "name": "x", "data": {**STORE, "condition": {"at_least": {"cats": 0}}}},
     "data.condition.at_least.cats", "1 or more"),
    ({"kind": "roof", "name": "x", "data": {**STORE, "condition": {"taller_than": "up"}}},
     "data.condition.taller_than", '"left", "right" or "both"'),
    ({"kind": "window", "name": "x", "data": WINDOW, "colour": "red"}, "colour", "allowed"),
    ({"id": "no spaces please", "kind": "window", "name": "x", "data": WINDOW}, "id", "client UUID"),
    ([WINDOW], "(body)", "JSON object with the keys kind, name, data"),
    ({"name": "x", "data": WINDOW}, "kind", "required: one of store, roof, window"),
    ({"kind": "window", "name": "x", "data": WINDOW, "version": 1}, "version", "allowed: data, id"),
])
def test_card_errors_name_the_field(cards, body, path, words):
    answer = cards("POST", json=body)
    assert answer.status_code == 422, answer.get_json()
    error = answer.get_json()
    assert error["path"] == path and words in error["error"], error


def test_cards_need_the_groups_key(app, group, client):
    base = f"/api/groups/{group['id']}/cards"
    assert app.test_client().get(base).status_code == 401
    other = client.post("/api/groups", json={"name": "Other"}).get_json()
    assert client.get(base, headers={"X-Companion-Key": other["key"]}).status_code == 404


def test_migrations_make_the_cards_table(app):
    from companion import storage

    db = storage.connect(app.config["DATABASE"])
    columns = {c.name for c in db["cards"].columns}
    assert {"group_id", "id", "kind", "name", "data", "created_at"} <= columns


def test_page_endpoints_are_registered():
    app = create_app({"DATABASE": ":memory:", "SECRET_KEY": "s", "TESTING": True})
    assert "groups.home" in app.view_functions and "groups.group_home" in app.view_functions
