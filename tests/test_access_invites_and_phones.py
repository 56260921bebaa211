"""Access a group can take back (issue 15): "New invite link" stops the old
key and links but keeps joined phones, the joined phones list, who-are-you per
phone, and a new server secret offering a new invite."""

from __future__ import annotations

import re

from phone_access import ROOM, csrf_of, joined_phone

from companion import storage
from companion.app import create_app
from companion.web import keys

# -- New invite link ----------------------------------------------------------------

def test_new_invite_stops_old_key_link_and_room_links_but_keeps_joined_phones(app, client,
                                                                             group):
    gid, old_key = group["id"], group["key"]
    joined = joined_phone(app, group)
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
    ana = joined_phone(app, group)
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
    ana = joined_phone(app, group)
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
    skip = joined_phone(app, group)
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
    token = csrf_of(phone.get(f"/g/{group['id']}").data)
    invite = phone.post(f"/api/groups/{group['id']}/invite", headers={"X-CSRF-Token": token})
    assert invite.status_code == 201
    assert invite.get_json()["join_url"] in phone.get(f"/g/{group['id']}").get_data(as_text=True)
