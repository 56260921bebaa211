"""Where keys and links may go (issue 15): no-store on pages that show a key,
private photos, join links from the configured address, the join
confirmation for links from another site, and rate limits that never lock
out the right key."""

from __future__ import annotations

from pathlib import Path

import pytest
from phone_access import ROOM, csrf_of, joined_phone

from companion import storage
from companion.app import create_app
from companion.web import access

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
    forged = phone.post(f"/g/{group['id']}/join", data={**form, "csrf_token": csrf_of(answer.data)},
                        headers={"Origin": "https://evil.example"})
    assert forged.status_code == 403
    joined = phone.post(f"/g/{group['id']}/join", data={**form, "csrf_token": csrf_of(answer.data)})
    assert joined.status_code == 303
    assert phone.get(f"/api/groups/{group['id']}").status_code == 200
    wrong = phone.post(f"/g/{group['id']}/join",
                       data={"key": "wrong", "csrf_token": csrf_of(answer.data)})
    assert wrong.status_code == 404


# -- rate limits --------------------------------------------------------------------

def test_room_pages_are_rate_limited_and_wrong_keys_never_lock_out_the_right_ones(app, client,
                                                                                   group):
    gid = group["id"]
    room = client.post(f"/api/groups/{gid}/rooms", json=ROOM, headers=group["headers"]).get_json()
    joined = joined_phone(app, group)
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
    form = {"token": token, "csrf_token": csrf_of(answer.data)}
    target = f"/g/{gid}/rooms/{room['id']}/join"
    assert phone.post(target, data={"token": token}).status_code == 403
    assert phone.post(target, data={**form, "token": "wrong"}).status_code == 404
    joined = phone.post(target, data=form)
    assert joined.status_code == 303 and joined.headers["Location"].endswith(room["id"])
    assert phone.get(f"/api/groups/{gid}/rooms/{room['id']}").status_code == 200
    # Scanned from the camera: straight in.
    direct = app.test_client().get(link, headers={"Sec-Fetch-Site": "none"})
    assert direct.status_code == 303
