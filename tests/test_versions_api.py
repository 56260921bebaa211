"""Two phones, one record (issue 16): every match, sheet layout, catalog card,
pad template and player carries `version`; a PUT/PATCH naming a stale version (body or
If-Match) answers 409 {"error", "path": "version", "current"} and changes
nothing."""

from __future__ import annotations

import pytest
from helpers import grande_state

from companion import storage
from companion.games.doodle_china.layouts import get_layout


def _match(client, group, mid="m-1"):
    url = f"/api/groups/{group['id']}/matches"
    answer = client.post(url, json={"id": mid, "state": grande_state()}, headers=group["headers"])
    assert answer.status_code == 201
    return f"{url}/{mid}", answer.get_json()


def test_version_starts_at_1_and_grows_on_each_change_incl_delete_and_restore(client, group):
    url, saved = _match(client, group)
    h = group["headers"]
    assert saved["version"] == 1
    edited = client.put(url, json={"state": grande_state("Ben")}, headers=h).get_json()
    assert edited["version"] == 2
    assert client.delete(url, headers=h).status_code == 204
    deleted = client.get(f"/api/groups/{group['id']}/matches?deleted=1", headers=h).get_json()
    assert deleted["matches"][0]["version"] == 3
    restored = client.post(f"{url}/restore", headers=h).get_json()
    assert restored["version"] == 4
    assert client.get(url, headers=h).get_json()["version"] == 4
    listed = client.get(f"/api/groups/{group['id']}/matches", headers=h).get_json()["matches"]
    assert listed[0]["version"] == 4


@pytest.mark.parametrize("how", ["body", "if-match", "if-match-quoted", "if-match-weak"])
def test_second_phone_with_stale_version_gets_409_and_nothing_changes(client, group, how):
    url, saved = _match(client, group)
    h = group["headers"]
    first = client.put(url, json={"state": grande_state("Ben"), "version": 1}, headers=h)
    assert first.status_code == 200 and first.get_json()["version"] == 2
    body = {"state": grande_state("Ana")}
    headers = dict(h)
    if how == "body":
        body["version"] = 1
    else:
        headers["If-Match"] = {"if-match": "1", "if-match-quoted": '"1"',
                               "if-match-weak": 'W/"1"'}[how]
    second = client.put(url, json=body, headers=headers)
    assert second.status_code == 409
    answer = second.get_json()
    assert answer["path"] == "version" and "another phone" in answer["error"]
    assert answer["current"]["version"] == 2
    assert answer["current"]["result"]["winners"] == ["Ben"]
    stored = client.get(url, headers=h).get_json()
    assert stored["version"] == 2 and stored["result"]["winners"] == ["Ben"]
    # "keep mine": the second phone saves again on top of what it has now seen.
    kept = client.put(url, json={**body, "version": 2}, headers=h)
    assert kept.status_code == 200 and kept.get_json()["version"] == 3


@pytest.mark.parametrize("version", [0, -1, "two", True, 1.5], ids=["zero", "neg", "text",
                                                                    "bool", "float"])
def test_a_malformed_version_is_422_naming_it(client, group, version):
    url, _ = _match(client, group)
    answer = client.put(url, json={"state": grande_state(), "version": version},
                        headers=group["headers"])
    assert answer.status_code == 422 and answer.get_json()["path"] == "version"


def test_without_version_a_put_still_works_for_scripts(client, group):
    url, _ = _match(client, group)
    answer = client.put(url, json={"state": grande_state("Ben")}, headers=group["headers"])
    assert answer.status_code == 200 and answer.get_json()["version"] == 2


def _layout_body(**extra):
    layout = get_layout("suzhou-v1")
    data = {k: layout[k] for k in ("cells", "houses", "tracks", "trees")}
    return {"name": "Our sheets", "edition": "suzhou", "data": data, **extra}


def test_layouts_follow_the_same_rule(client, group):
    h, base = group["headers"], f"/api/groups/{group['id']}/layouts"
    made = client.post(base, json=_layout_body(id="lay-1"), headers=h).get_json()
    assert made["version"] == 1
    first = client.put(f"{base}/lay-1", json=_layout_body(name="Phone A", version=1), headers=h)
    assert first.status_code == 200 and first.get_json()["version"] == 2
    second = client.put(f"{base}/lay-1", json=_layout_body(name="Phone B", version=1), headers=h)
    assert second.status_code == 409
    assert second.get_json()["current"]["name"] == "Phone A"
    assert client.get(f"{base}/lay-1", headers=h).get_json()["name"] == "Phone A"


def test_built_in_layouts_refuse_changes_with_the_one_error_shape(client, group):
    h, url = group["headers"], f"/api/groups/{group['id']}/layouts/suzhou-v1"
    for answer in (client.put(url, json=_layout_body(), headers=h), client.delete(url, headers=h)):
        assert answer.status_code == 409
        assert answer.get_json()["path"] == "(url)" and "copy" in answer.get_json()["error"]


def test_pad_templates_follow_the_same_rule(app, client, group):
    # A template is taught from a photo (tests/test_templates_api.py); here one
    # is stored directly, so this needs no tesseract.
    track = [{"value": 2, "seen": True}, {"value": 5, "seen": True}]
    storage.save_template(storage.connect(app.config["DATABASE"]), group["id"], "t-1", "suzhou",
                          "Our pad", {"tracks": {"hotels": track}, "confirmed": False})
    h, url = group["headers"], f"/api/groups/{group['id']}/templates/t-1"
    assert client.get(url, headers=h).get_json()["version"] == 1
    first = client.patch(url, json={"name": "Phone A", "version": 1}, headers=h)
    assert first.status_code == 200 and first.get_json()["version"] == 2
    second = client.patch(url, json={"values": {"hotels": [3, 5]}}, headers={**h, "If-Match": "1"})
    assert second.status_code == 409 and second.get_json()["path"] == "version"
    assert second.get_json()["current"]["name"] == "Phone A"
    assert client.get(url, headers=h).get_json()["template"]["tracks"]["hotels"][0]["value"] == 2
    bad = client.patch(url, json={"version": "two"}, headers=h)
    assert bad.status_code == 422 and bad.get_json()["path"] == "version"
    assert client.patch(url, json={"confirmed": True}, headers=h).get_json()["confirmed"] is True


def test_catalog_cards_follow_the_same_rule(client, group):
    h, base = group["headers"], f"/api/groups/{group['id']}/cards"
    window = {"cats": 1, "birds": 0, "flags": 0, "flowerpots": 1, "color": "blue"}
    made = client.post(base, json={"id": "c-1", "kind": "window", "name": "Cat", "data": window},
                       headers=h).get_json()
    assert made["version"] == 1
    first = client.put(f"{base}/c-1", json={"kind": "window", "name": "A", "data": window},
                       headers={**h, "If-Match": "1"})
    assert first.status_code == 200 and first.get_json()["version"] == 2
    second = client.put(f"{base}/c-1", json={"kind": "window", "name": "B", "data": window},
                        headers={**h, "If-Match": "1"})
    assert second.status_code == 409 and second.get_json()["current"]["name"] == "A"


def test_player_renames_follow_the_same_rule(client, group):
    h, gid = group["headers"], group["id"]
    _match(client, group)
    players = client.get(f"/api/groups/{gid}/players", headers=h).get_json()["players"]
    ana = next(p for p in players if p["name"] == "Ana")
    assert ana["version"] == 1
    url = f"/api/groups/{gid}/players/{ana['id']}"
    first = client.patch(url, json={"name": "Anna", "version": 1}, headers=h)
    assert first.status_code == 200 and first.get_json()["version"] == 2
    second = client.patch(url, json={"name": "Annie", "version": 1}, headers=h)
    assert second.status_code == 409
    assert second.get_json()["current"]["name"] == "Anna"
    names = [p["name"] for p in client.get(f"/api/groups/{gid}/players", headers=h)
             .get_json()["players"]]
    assert "Anna" in names and "Annie" not in names


def test_recently_deleted_lists_newest_deletion_first_and_restores(client, group):
    h, gid = group["headers"], group["id"]
    first, _ = _match(client, group, "m-1")
    second, _ = _match(client, group, "m-2")
    assert client.delete(first, headers=h).status_code == 204
    assert client.delete(second, headers=h).status_code == 204
    listed = client.get(f"/api/groups/{gid}/matches?deleted=1", headers=h).get_json()
    assert [m["id"] for m in listed["matches"]] == ["m-2", "m-1"]
    assert all(m["deleted_at"].endswith("Z") for m in listed["matches"])
    assert listed["kept_days"] == 30
    assert client.get(f"/api/groups/{gid}/matches", headers=h).get_json()["matches"] == []
    assert client.post(f"{first}/restore", headers=h).status_code == 200
    listed = client.get(f"/api/groups/{gid}/matches?deleted=1", headers=h).get_json()
    assert [m["id"] for m in listed["matches"]] == ["m-2"]
    assert client.get(f"/api/groups/{gid}/matches?deleted=yes", headers=h).status_code == 400


def test_deleted_matches_are_purged_after_30_days_by_the_app_itself(app, client, group):
    from companion import storage
    from companion.app import create_app

    h, gid = group["headers"], group["id"]
    old, _ = _match(client, group, "old")
    recent, _ = _match(client, group, "recent")
    client.delete(old, headers=h)
    client.delete(recent, headers=h)
    db = storage.connect(app.config["DATABASE"])
    db.execute("UPDATE matches SET deleted_at = '2000-01-01T00:00:00Z' WHERE id = 'old'")
    # Past 30 days it is no longer offered, even before a purge ran.
    listed = client.get(f"/api/groups/{gid}/matches?deleted=1", headers=h).get_json()["matches"]
    assert [m["id"] for m in listed] == ["recent"]
    assert db.execute("SELECT count(*) FROM matches").fetchone()[0] == 2
    create_app(app.config)  # the app starting again purges
    assert [r[0] for r in db.execute("SELECT id FROM matches")] == ["recent"]
    assert db.execute("SELECT count(*) FROM match_players WHERE match_id = 'old'").fetchone()[0] == 0
    # ... and so does any later delete, for that group.
    db.execute("UPDATE matches SET deleted_at = '2000-01-01T00:00:00Z' WHERE id = 'recent'")
    fresh, _ = _match(client, group, "fresh")
    client.delete(fresh, headers=h)
    assert [r[0] for r in db.execute("SELECT id FROM matches")] == ["fresh"]
    assert client.post(f"{recent}/restore", headers=h).status_code == 404
