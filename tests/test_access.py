"""Access a group can take back (issue 15): per-phone server-side sessions,
"New invite link", the joined phones list, the session cookie, no-store,
join links from the configured address, the join confirmation, rate limits
that never lock out the right key, and the upgrade of old cookies."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from helpers import grande_state

from companion import storage
from companion.app import create_app
from companion.web import access, keys

ROOM = {"game": "doodle-china", "edition": "suzhou", "players": ["Ana", "Ben"]}


def _csrf(page: bytes) -> str:
    return re.search(rb'name="csrf-token" content="([^"]+)"', page).group(1).decode()


def _phone(app, group):
    """A new phone that scanned the group's QR code; `.csrf` is its page token."""
    phone = app.test_client()
    answer = phone.get(f"/g/{group['id']}/join?key={group['key']}",
                       headers={"Sec-Fetch-Site": "none"})
    assert answer.status_code == 303, answer.data
    phone.csrf = _csrf(phone.get(f"/g/{group['id']}").data)
    return phone


def _cookie(client) -> dict:
    with client.session_transaction() as session:
        return dict(session)


def _raw_database(app) -> bytes:
    raw = Path(app.config["DATABASE"]).read_bytes()
    wal = Path(app.config["DATABASE"] + "-wal")
    return raw + (wal.read_bytes() if wal.exists() else b"")


# -- the session cookie -------------------------------------------------------------

def test_cookie_holds_a_session_id_only_and_the_server_only_its_hash(app, group):
    phone = _phone(app, group)
    cookie = _cookie(phone)
    assert set(cookie) <= {"sid", "csrf", "_permanent"}
    assert group["key"] not in str(cookie)
    assert len(cookie["sid"]) >= 40  # 256 random bits
    raw = _raw_database(app)
    assert cookie["sid"].encode() not in raw and group["key"].encode() not in raw
    # The id is the phone's own: another phone with it copied into a fresh cookie still
    # needs this very id; a made-up one opens nothing.
    stranger = app.test_client()
    with stranger.session_transaction() as session:
        session["sid"] = "x" * 43
    assert stranger.get(f"/api/groups/{group['id']}").status_code == 401


def test_cookie_lifetime_is_sane_renewed_on_use_and_secure_over_https(app, group):
    answer = app.test_client().get(f"/g/{group['id']}/join?key={group['key']}")
    cookie = answer.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Secure" not in cookie
    expires = datetime.strptime(re.search(r"Expires=([^;]+)", cookie).group(1),
                                "%a, %d %b %Y %H:%M:%S GMT").replace(tzinfo=UTC)
    days = (expires - datetime.now(UTC)).days
    assert 170 <= days <= 180
    # Renewed on use: a later request sets the cookie again with a fresh expiry.
    phone = _phone(app, group)
    later = phone.get(f"/api/groups/{group['id']}")
    assert "Expires=" in later.headers.get("Set-Cookie", "")
    https = app.test_client().get(f"/g/{group['id']}/join?key={group['key']}",
                                  base_url="https://table.example")
    assert "Secure" in https.headers["Set-Cookie"]
    # Behind a proxy that speaks plain HTTP to us: the configured https address decides.
    proxied = create_app({**app.config, "PUBLIC_URL": "https://games.example.org"})
    answer = proxied.test_client().get(f"/g/{group['id']}/join?key={group['key']}")
    assert "Secure" in answer.headers["Set-Cookie"]


def test_membership_is_renewed_on_use_and_lapses_when_unused(app, group):
    phone = _phone(app, group)
    db = storage.connect(app.config["DATABASE"])
    two_hours_ago = (datetime.now(UTC) - timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M:%SZ")
    db.execute("UPDATE phones SET last_seen_at = ? WHERE label != 'x'", [two_hours_ago])
    assert phone.get(f"/api/groups/{group['id']}").status_code == 200
    seen = [r[0] for r in db.execute("SELECT last_seen_at FROM phones")]
    assert max(seen) > two_hours_ago  # renewed (at most once an hour)
    long_ago = (datetime.now(UTC) - timedelta(days=181)).strftime("%Y-%m-%dT%H:%M:%SZ")
    db.execute("UPDATE phones SET last_seen_at = ?", [long_ago])
    answer = phone.get(f"/api/groups/{group['id']}")
    assert answer.status_code == 401
    assert "join link" in answer.get_json()["error"]


# -- New invite link ----------------------------------------------------------------

def test_new_invite_stops_old_key_link_and_room_links_but_keeps_joined_phones(app, client,
                                                                             group):
    gid, old_key = group["id"], group["key"]
    joined = _phone(app, group)
    room = client.post(f"/api/groups/{gid}/rooms", json=ROOM, headers=group["headers"]).get_json()
    old_room_link = room["join_url"].split("localhost", 1)[1]
    old_qr = client.get(f"/g/{gid}/qr.svg").data

    answer = joined.post(f"/api/groups/{gid}/invite", headers={"X-CSRF-Token": joined.csrf})
    assert answer.status_code == 201, answer.data
    assert answer.headers["Cache-Control"] == "no-store"
    invite = answer.get_json()
    assert set(invite) >= {"key", "join_url", "qr_svg"}
    assert invite["key"] != old_key and invite["qr_svg"].startswith("<?xml")
    assert invite["join_url"] == f"http://localhost/g/{gid}/join?key={invite['key']}"

    # The old key, link and QR stop working at once ...
    assert client.get(f"/api/groups/{gid}", headers=group["headers"]).status_code == 404
    stale = app.test_client().get(f"/g/{gid}/join?key={old_key}")
    assert stale.status_code == 404 and b"fresh QR code" in stale.data
    assert app.test_client().get(old_room_link).status_code == 404
    assert client.get(f"/g/{gid}/qr.svg").data != old_qr
    # ... every phone that joined keeps working, including the one that created the group,
    for phone in (joined, client):
        assert phone.get(f"/api/groups/{gid}").status_code == 200
    # ... and the new ones let a new phone in, to the group and to the table.
    newcomer = app.test_client()
    assert newcomer.get(f"/g/{gid}/join?key={invite['key']}").status_code == 303
    assert newcomer.get(f"/api/groups/{gid}").status_code == 200
    page = client.get(f"/g/{gid}/rooms/{room['id']}")
    new_room_link = re.search(rb'/rooms/[^/]+/join\?token=([A-Za-z0-9_-]+)', page.data)
    assert new_room_link and new_room_link.group(0).decode() not in old_room_link
    table_guest = app.test_client()
    assert table_guest.get(f"/g/{gid}{new_room_link.group(0).decode()}").status_code == 303
    assert table_guest.get(f"/api/groups/{gid}/rooms/{room['id']}").status_code == 200
    # A script renews with the key in the header too; only one key works at a time.
    again = client.post(f"/api/groups/{gid}/invite",
                        headers={"X-Companion-Key": invite["key"]}).get_json()
    assert client.get(f"/api/groups/{gid}", headers={
        "X-Companion-Key": invite["key"]}).status_code == 404
    assert client.get(f"/api/groups/{gid}", headers={
        "X-Companion-Key": again["key"]}).status_code == 200


def test_new_invite_refuses_options_and_needs_access(app, client, group):
    url = f"/api/groups/{group['id']}/invite"
    assert client.post(url, json={"key": "mine"}, headers=group["headers"]).status_code == 422
    assert app.test_client().post(url, headers={"X-Companion-Key": "nope"}).status_code == 404


# -- joined phones ------------------------------------------------------------------

def test_phones_list_and_remove_one(app, client, group):
    gid = group["id"]
    ana = _phone(app, group)
    ben = app.test_client()
    ben.get(f"/g/{gid}/join?key={group['key']}", headers={
        "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1"})
    listed = ana.get(f"/api/groups/{gid}/phones")
    assert listed.headers["Cache-Control"] == "no-store"
    found = listed.get_json()["phones"]
    assert len(found) == 3  # the creator, Ana, Ben
    assert [p["this_phone"] for p in found] == [False, True, False]
    assert found[2]["label"] == "iPhone · Safari"
    assert all(set(p) == {"id", "label", "player", "joined_at", "last_seen_at", "this_phone"}
               for p in found)

    gone = ana.delete(f"/api/groups/{gid}/phones/{found[2]['id']}",
                      headers={"X-CSRF-Token": ana.csrf})
    assert gone.status_code == 204
    assert ben.get(f"/api/groups/{gid}").status_code == 401  # Ben's phone lost access
    assert ben.get(f"/g/{gid}").status_code == 401
    assert len(ana.get(f"/api/groups/{gid}/phones").get_json()["phones"]) == 2
    again = ana.delete(f"/api/groups/{gid}/phones/{found[2]['id']}",
                       headers={"X-CSRF-Token": ana.csrf})
    assert again.status_code == 404
    # Another group cannot see or remove this group's phones.
    other = client.post("/api/groups", json={"name": "Other"}).get_json()
    foreign = app.test_client().delete(f"/api/groups/{gid}/phones/{found[0]['id']}",
                                       headers={"X-Companion-Key": other["key"]})
    assert foreign.status_code == 404
    # Ben scans the QR again: back in, as a new phone.
    assert ben.get(f"/g/{gid}/join?key={group['key']}").status_code == 303
    assert ben.get(f"/api/groups/{gid}").status_code == 200


def test_who_are_you_is_remembered_per_phone(app, client, group):
    gid = group["id"]
    ana = _phone(app, group)
    page = ana.get(f"/g/{gid}").get_data(as_text=True)
    assert "You’re in Thursday club" in page and 'id="who-are-you"' in page
    answer = ana.put(f"/api/groups/{gid}/phones/me", json={"player": "  Ana  "},
                     headers={"X-CSRF-Token": ana.csrf})
    assert answer.status_code == 200 and answer.get_json()["player"] == "Ana"
    page = ana.get(f"/g/{gid}").get_data(as_text=True)
    assert 'id="who-are-you"' not in page and "You play as" in page
    assert any(p["name"] == "Ana" for p in storage.list_players(
        storage.connect(app.config["DATABASE"]), gid))
    # Preselected in a new match on this phone only.
    assert 'data-me="Ana"' in ana.get(f"/g/{gid}/new/canal-grande").get_data(as_text=True)
    assert 'data-me="Ana"' not in client.get(f"/g/{gid}/new/canal-grande").get_data(as_text=True)
    assert 'data-me="Ana"' in ana.get(f"/g/{gid}/rooms/new").get_data(as_text=True)
    skip = _phone(app, group)
    assert skip.put(f"/api/groups/{gid}/phones/me", json={"player": None},
                    headers={"X-CSRF-Token": skip.csrf}).status_code == 200
    assert 'id="who-are-you"' not in skip.get(f"/g/{gid}").get_data(as_text=True)
    for wrong in ("x" * 300, "A\u202eB", "A\x00B", 7, ""):
        bad = ana.put(f"/api/groups/{gid}/phones/me", json={"player": wrong},
                      headers={"X-CSRF-Token": ana.csrf})
        assert bad.status_code == 422 and bad.get_json()["path"] == "player", wrong
    script = client.put(f"/api/groups/{gid}/phones/me", json={"player": "Ana"},
                        headers=group["headers"])
    assert script.status_code == 409


# -- pages that show a key, photos, public address ----------------------------------

def test_pages_that_show_a_key_are_no_store(app, client, group):
    gid = group["id"]
    room = client.post(f"/api/groups/{gid}/rooms", json=ROOM, headers=group["headers"])
    assert room.headers["Cache-Control"] == "no-store"
    made = client.post("/api/groups", json={"name": "Another"})
    assert made.headers["Cache-Control"] == "no-store"
    for url in (f"/g/{gid}", f"/g/{gid}/qr.svg", f"/g/{gid}/rooms/{room.get_json()['id']}"):
        answer = client.get(url)
        assert answer.status_code == 200, url
        assert answer.headers["Cache-Control"] == "no-store", url
    confirm = app.test_client().get(f"/g/{gid}/join?key={group['key']}",
                                    headers={"Sec-Fetch-Site": "cross-site"})
    assert confirm.headers["Cache-Control"] == "no-store"


def test_photos_are_private(app, client, group, tmp_path):
    folder = Path(app.config["UPLOAD_FOLDER"])
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "p1.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"0" * 64)
    storage.add_photo(storage.connect(app.config["DATABASE"]), group["id"], "p1", "doodle-china",
                      "p1.png", "image/png", {"proposal": None})
    answer = client.get(f"/api/groups/{group['id']}/photos/p1/image")
    assert answer.status_code == 200
    assert "private" in answer.headers["Cache-Control"]
    assert "public" not in answer.headers["Cache-Control"]
    assert app.test_client().get(f"/api/groups/{group['id']}/photos/p1/image").status_code == 401
    assert not str(folder).startswith(str(Path(app.static_folder)))


def test_join_links_come_from_the_configured_address_never_the_host(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "a.sqlite"), "SECRET_KEY": "s", "TESTING": True,
                      "PUBLIC_URL": "https://games.example.org/"})
    client = app.test_client()
    forged = {"Host": "evil.example"}
    group = client.post("/api/groups", json={"name": "Club"}, headers=forged).get_json()
    assert group["join_url"].startswith("https://games.example.org/g/")
    page = client.get(f"/g/{group['id']}", headers=forged).get_data(as_text=True)
    assert "https://games.example.org/g/" in page and "evil.example" not in page
    room = client.post(f"/api/groups/{group['id']}/rooms", json=ROOM, headers={
        **forged, "X-Companion-Key": group["key"]}).get_json()
    assert room["join_url"].startswith("https://games.example.org/")
    invite = client.post(f"/api/groups/{group['id']}/invite", headers={
        **forged, "X-Companion-Key": group["key"]}).get_json()
    assert invite["join_url"].startswith("https://games.example.org/g/")


# -- joining from another site ------------------------------------------------------

@pytest.mark.parametrize("headers,asks", [
    ({"Sec-Fetch-Site": "none"}, False),  # scanned or typed
    ({"Sec-Fetch-Site": "same-origin"}, False),  # a link on our own pages
    ({"Sec-Fetch-Site": "cross-site"}, True),
    ({"Sec-Fetch-Site": "same-site"}, True),
    ({"Referer": "https://evil.example/page"}, True),  # a browser without Fetch Metadata
    ({"Referer": "http://localhost/g/x"}, False),
    ({}, False),
], ids=["direct", "same-origin", "cross-site", "same-site", "foreign-referer", "own-referer",
        "no-headers"])
def test_join_link_from_another_site_asks_first(app, group, headers, asks):
    phone = app.test_client()
    answer = phone.get(f"/g/{group['id']}/join?key={group['key']}", headers=headers)
    if not asks:
        assert answer.status_code == 303
        assert phone.get(f"/api/groups/{group['id']}").status_code == 200
        return
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert "Join “Thursday club”?" in html and 'method="post"' in html
    assert answer.headers["Referrer-Policy"] == "no-referrer"
    assert phone.get(f"/api/groups/{group['id']}").status_code == 401  # not added silently
    form = {"key": group["key"]}
    assert phone.post(f"/g/{group['id']}/join", data=form).status_code == 403  # no CSRF token
    forged = phone.post(f"/g/{group['id']}/join", data={**form, "csrf_token": _csrf(answer.data)},
                        headers={"Origin": "https://evil.example"})
    assert forged.status_code == 403
    joined = phone.post(f"/g/{group['id']}/join", data={**form, "csrf_token": _csrf(answer.data)})
    assert joined.status_code == 303
    assert phone.get(f"/api/groups/{group['id']}").status_code == 200
    wrong = phone.post(f"/g/{group['id']}/join",
                       data={"key": "wrong", "csrf_token": _csrf(answer.data)})
    assert wrong.status_code == 404


# -- rate limits --------------------------------------------------------------------

def test_room_pages_are_rate_limited_and_wrong_keys_never_lock_out_the_right_ones(app, client,
                                                                                   group):
    gid = group["id"]
    room = client.post(f"/api/groups/{gid}/rooms", json=ROOM, headers=group["headers"]).get_json()
    joined = _phone(app, group)
    attacker = app.test_client()  # same address as everyone (one Wi-Fi, one NAT)
    page = f"/g/{gid}/rooms/{room['id']}"
    codes = [attacker.get(page, headers={"X-Companion-Key": f"guess{i}"}).status_code
             for i in range(access.MAX_FAILURES + 1)]
    assert codes[:-1] == [404] * access.MAX_FAILURES and codes[-1] == 429
    locked = attacker.get(page, headers={"X-Companion-Key": "guess-again"})
    assert locked.status_code == 429 and b"Too many tries" in locked.data
    wrong_token = room["join_url"].split("localhost", 1)[1][:-3] + "abc"
    assert attacker.get(wrong_token).status_code == 429
    assert attacker.get(f"/g/{gid}/join?key=nope").status_code == 429
    # Everyone with the right session, key, link or table token still gets in.
    assert joined.get(page).status_code == 200
    assert client.get(page, headers=group["headers"]).status_code == 200
    newcomer = app.test_client()
    assert newcomer.get(f"/g/{gid}/join?key={group['key']}").status_code == 303
    table_guest = app.test_client()
    assert table_guest.get(room["join_url"].split("localhost", 1)[1]).status_code == 303
    assert table_guest.get(page).status_code == 200


# -- cookies from before ------------------------------------------------------------

def test_an_old_cookie_with_keys_is_upgraded_once(app, client, group):
    gid = group["id"]
    room = client.post(f"/api/groups/{gid}/rooms", json=ROOM, headers=group["headers"]).get_json()
    token = room["join_url"].split("token=")[1]
    db = storage.connect(app.config["DATABASE"])
    db.execute("UPDATE rooms SET sealed_token = NULL")  # a table from before sealed tokens
    other = client.post("/api/groups", json={"name": "Renewed since"}).get_json()
    client.post(f"/api/groups/{other['id']}/invite", headers={"X-Companion-Key": other["key"]})
    old = app.test_client()
    with old.session_transaction() as session:
        session["keys"] = {gid: group["key"], other["id"]: other["key"], "nope": "x"}
        session["rooms"] = {room["id"]: token}
        session["csrf"] = "t"
    home = old.get("/").get_data(as_text=True)
    assert "Thursday club" in home and "Renewed since" not in home
    cookie = _cookie(old)
    assert "keys" not in cookie and "rooms" not in cookie and "sid" in cookie
    assert old.get(f"/api/groups/{gid}").status_code == 200
    assert old.get(f"/api/groups/{other['id']}").status_code == 401  # its key was renewed
    assert token.encode() in old.get(f"/g/{gid}/rooms/{room['id']}").data  # QR kept
    assert storage.room_sealed_token(db, gid, room["id"])


# -- error pages --------------------------------------------------------------------

@pytest.mark.parametrize("url,words", [
    ("/no/such/page", "There is nothing at this address"),
    ("/g/nope/join?key=abc", "Ask the group for a fresh QR code"),
    ("/g/nope/join", "Ask the group for a fresh QR code"),
    ("/g/nope/rooms/r1/join?token=abc", "fresh QR code"),
], ids=["unknown", "wrong-join", "truncated-join", "wrong-table-link"])
def test_html_errors_are_styled_pages(client, url, words):
    answer = client.get(url)
    assert answer.status_code == 404
    assert answer.mimetype == "text/html"
    html = answer.get_data(as_text=True)
    assert words in html and "Go to the start page" in html and 'class="topbar"' in html
    assert "Not Found" not in html  # never the framework's bare page


def test_api_errors_stay_json_and_other_statuses_get_pages(app, client, group):
    api = client.get("/api/no-such-thing")
    assert api.status_code == 404 and api.get_json()["error"]
    refused = app.test_client().post("/", data={"name": "x"})
    assert refused.status_code == 403 and refused.mimetype == "text/html"
    assert "Not allowed" in refused.get_data(as_text=True)
    token = _csrf(client.get("/").data)
    method = client.put(f"/g/{group['id']}", headers={"X-CSRF-Token": token})
    assert method.status_code == 405 and "Go to the start page" in method.get_data(as_text=True)


def test_an_unexpected_error_is_a_styled_page(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "b.sqlite"), "SECRET_KEY": "s", "TESTING": True})

    def broken():
        raise RuntimeError("boom")

    app.add_url_rule("/broken", "broken", broken)
    app.add_url_rule("/api/broken", "api_broken", broken)
    page = app.test_client().get("/broken")
    assert page.status_code == 500 and "Something went wrong" in page.get_data(as_text=True)
    assert "boom" not in page.get_data(as_text=True) and "Traceback" not in page.get_data(
        as_text=True)
    assert app.test_client().get("/api/broken").get_json()["error"]


def test_save_still_works_for_a_joined_phone(app, group):
    phone = _phone(app, group)
    answer = phone.post(f"/api/groups/{group['id']}/matches", json={"state": grande_state()},
                        headers={"X-CSRF-Token": phone.csrf})
    assert answer.status_code == 201


def test_sealed_values_open_only_with_the_same_secret_and_purpose():
    box = keys.seal("secret", "group-key:g1", "the-key")
    assert "the-key" not in box
    assert keys.unseal("secret", "group-key:g1", box) == "the-key"
    assert keys.unseal("other", "group-key:g1", box) is None  # a new install secret
    assert keys.unseal("secret", "room-token:g1", box) is None  # another purpose
    assert keys.unseal("secret", "group-key:g1", box[:-4] + "AAAA") is None  # tampered
    assert keys.unseal("secret", "group-key:g1", "not base64 at all!") is None
    assert keys.unseal("secret", "group-key:g1", None) is None
    assert keys.seal("secret", "group-key:g1", "the-key") != box  # a fresh IV each time


def test_a_new_server_secret_offers_a_new_invite_instead_of_a_wrong_qr(app, client, group):
    other = create_app({**app.config, "SECRET_KEY": "a-new-secret"})
    phone = other.test_client()
    assert phone.get(f"/g/{group['id']}/join?key={group['key']}").status_code == 303
    # The sealed key was made under the old secret: this server cannot show it ...
    db = storage.connect(app.config["DATABASE"])
    db.execute("UPDATE groups SET sealed_key = ?", [keys.seal("old", "group-key:x", "k")])
    page = phone.get(f"/g/{group['id']}").get_data(as_text=True)
    assert "no longer knows the group's current link" in page
    assert phone.get(f"/g/{group['id']}/qr.svg").status_code == 404
    # ... and a new invite link puts things right.
    token = _csrf(phone.get(f"/g/{group['id']}").data)
    invite = phone.post(f"/api/groups/{group['id']}/invite", headers={"X-CSRF-Token": token})
    assert invite.status_code == 201
    assert invite.get_json()["join_url"] in phone.get(f"/g/{group['id']}").get_data(as_text=True)


def test_a_table_link_from_another_site_asks_first_too(app, client, group):
    gid = group["id"]
    room = client.post(f"/api/groups/{gid}/rooms", json=ROOM, headers=group["headers"]).get_json()
    link = room["join_url"].split("localhost", 1)[1]
    token = link.split("token=")[1]
    phone = app.test_client()
    answer = phone.get(link, headers={"Sec-Fetch-Site": "cross-site"})
    assert answer.status_code == 200 and "dice table" in answer.get_data(as_text=True)
    assert answer.headers["Cache-Control"] == "no-store"
    assert phone.get(f"/api/groups/{gid}/rooms/{room['id']}").status_code == 401
    form = {"token": token, "csrf_token": _csrf(answer.data)}
    target = f"/g/{gid}/rooms/{room['id']}/join"
    assert phone.post(target, data={"token": token}).status_code == 403
    assert phone.post(target, data={**form, "token": "wrong"}).status_code == 404
    joined = phone.post(target, data=form)
    assert joined.status_code == 303 and joined.headers["Location"].endswith(room["id"])
    assert phone.get(f"/api/groups/{gid}/rooms/{room['id']}").status_code == 200
    # Scanned from the camera: straight in.
    direct = app.test_client().get(link, headers={"Sec-Fetch-Site": "none"})
    assert direct.status_code == 303


def test_joining_renews_the_session_id_and_keeps_the_other_groups(app, client, group):
    phone = _phone(app, group)
    first = _cookie(phone)["sid"]
    other = client.post("/api/groups", json={"name": "Sunday club"}).get_json()
    assert phone.get(f"/g/{other['id']}/join?key={other['key']}").status_code == 303
    second = _cookie(phone)["sid"]
    assert second != first
    for gid in (group["id"], other["id"]):
        assert phone.get(f"/api/groups/{gid}").status_code == 200
    planted = app.test_client()  # a copy of the cookie from before the join
    with planted.session_transaction() as session:
        session["sid"] = first
    assert planted.get(f"/api/groups/{group['id']}").status_code == 401
    assert planted.get(f"/api/groups/{other['id']}").status_code == 401
