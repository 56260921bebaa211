"""Per-phone server-side sessions (issue 15): the cookie holds a session id
only, its lifetime and renewal, memberships that lapse when unused, the
upgrade of old cookies, sealed values, and a new session id on joining."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from helpers import grande_state
from phone_access import ROOM, joined_phone, raw_database, session_of

from companion import storage
from companion.app import create_app
from companion.web import keys

# -- the session cookie -------------------------------------------------------------

def test_cookie_holds_a_session_id_only_and_the_server_only_its_hash(app, group):
    phone = joined_phone(app, group)
    cookie = session_of(phone)
    assert set(cookie) <= {"sid", "csrf", "_permanent"}
    assert group["key"] not in str(cookie)
    assert len(cookie["sid"]) >= 40  # 256 random bits
    raw = raw_database(app)
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
    phone = joined_phone(app, group)
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
    phone = joined_phone(app, group)
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
    cookie = session_of(old)
    assert "keys" not in cookie and "rooms" not in cookie and "sid" in cookie
    assert old.get(f"/api/groups/{gid}").status_code == 200
    assert old.get(f"/api/groups/{other['id']}").status_code == 401  # its key was renewed
    assert token.encode() in old.get(f"/g/{gid}/rooms/{room['id']}").data  # QR kept
    assert storage.room_sealed_token(db, gid, room["id"])


def test_save_still_works_for_a_joined_phone(app, group):
    phone = joined_phone(app, group)
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


def test_joining_renews_the_session_id_and_keeps_the_other_groups(app, client, group):
    phone = joined_phone(app, group)
    first = session_of(phone)["sid"]
    other = client.post("/api/groups", json={"name": "Sunday club"}).get_json()
    assert phone.get(f"/g/{other['id']}/join?key={other['key']}").status_code == 303
    second = session_of(phone)["sid"]
    assert second != first
    for gid in (group["id"], other["id"]):
        assert phone.get(f"/api/groups/{gid}").status_code == 200
    planted = app.test_client()  # a copy of the cookie from before the join
    with planted.session_transaction() as session:
        session["sid"] = first
    assert planted.get(f"/api/groups/{group['id']}").status_code == 401
    assert planted.get(f"/api/groups/{other['id']}").status_code == 401
