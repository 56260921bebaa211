"""Logging basics (issue 17): a match's date, duration, location and notes;
one player-name limit from the game registry; history rows with edition,
today's names and win/lose; the BG Stats export."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support.helpers import grande_state

from companion.games import registry

ROOT = Path(__file__).resolve().parents[1]


def url(group, tail=""):
    return f"/api/groups/{group['id']}/matches{tail}"


def save(client, group, body, status=201):
    r = client.post(url(group), json=body, headers=group["headers"])
    assert r.status_code == status, r.get_json()
    return r.get_json()


def test_details_are_set_on_create_kept_on_edit_and_cleared_with_null(client, group):
    made = save(client, group, {"state": grande_state(), "played_at": "2026-11-27T20:15:00+01:00",
                                "duration_min": 35, "location": "  Ana's   kitchen ",
                                "notes": "Ben's first game.\nRematch next week."})
    assert made["duration_min"] == 35
    assert made["location"] == "Ana's kitchen"
    assert made["notes"] == "Ben's first game.\nRematch next week."
    mid = made["id"]
    kept = client.put(url(group, f"/{mid}"), json={"state": grande_state("Ben")},
                      headers=group["headers"]).get_json()
    assert (kept["duration_min"], kept["location"], kept["played_at"]) == \
        (35, "Ana's kitchen", "2026-11-27T19:15:00Z")
    changed = client.put(url(group, f"/{mid}"), json={
        "state": grande_state("Ben"), "played_at": "2026-11-28T21:00:00+01:00",
        "duration_min": None, "location": "Club", "notes": ""}, headers=group["headers"]).get_json()
    assert (changed["duration_min"], changed["location"], changed["notes"]) == (None, "Club", None)
    assert changed["played_at"] == "2026-11-28T20:00:00Z"
    listed = client.get(url(group), headers=group["headers"]).get_json()["matches"][0]
    assert listed["location"] == "Club" and "notes" in listed and "duration_min" in listed


def test_a_match_without_details_answers_them_as_null(client, group):
    made = save(client, group, {"state": grande_state()})
    assert (made["duration_min"], made["location"], made["notes"]) == (None, None, None)


@pytest.mark.parametrize("field,value", [
    ("duration_min", 0), ("duration_min", -5), ("duration_min", 1441), ("duration_min", 2.5),
    ("duration_min", "45"), ("duration_min", True),
    ("location", 5), ("location", "x" * (registry.LOCATION_MAX + 1)),
    ("notes", ["a"]), ("notes", "n" * (registry.NOTES_MAX + 1)),
], ids=["zero", "negative", "over-a-day", "fraction", "text", "bool", "location-number",
        "location-long", "notes-list", "notes-2001"])
def test_bad_details_are_refused_with_their_path_and_nothing_is_stored(client, group, field, value):
    r = client.post(url(group), json={"state": grande_state(), field: value},
                    headers=group["headers"])
    assert r.status_code == 422
    body = r.get_json()
    assert body["path"] == field and body["error"]
    assert client.get(url(group), headers=group["headers"]).get_json()["matches"] == []


def test_notes_of_exactly_2000_characters_are_kept(client, group):
    made = save(client, group, {"state": grande_state(), "notes": "é" * registry.NOTES_MAX})
    assert len(made["notes"]) == registry.NOTES_MAX


@pytest.mark.parametrize("length,status", [(registry.PLAYER_NAME_MAX, 201),
                                           (registry.PLAYER_NAME_MAX + 1, 422)],
                         ids=["at-limit", "over-limit"])
def test_player_names_in_a_match_take_the_registry_limit(client, group, length, status):
    state = grande_state()
    state["players"][0]["name"] = "A" * length
    body = save(client, group, {"state": state}, status=status)
    if status == 422:
        assert body["path"] == "state.players[0].name"
        assert str(registry.PLAYER_NAME_MAX) in body["error"]


def test_every_name_field_takes_the_registry_limit():
    """No page, script or API module carries its own number for a name's length."""
    offenders = []
    for path in [*ROOT.glob("templates/**/*.html"), *ROOT.glob("static/**/*.js")]:
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r'maxlength(?:=|:\s*)"(\d+)"', text):
            offenders.append(f"{path.relative_to(ROOT)}: maxlength {m.group(1)}")
        if re.search(r"MAX_NAME\s*=\s*\d", text):
            offenders.append(f"{path.relative_to(ROOT)}: MAX_NAME literal")
    for path in ROOT.glob("companion/**/*.py"):
        if re.search(r"^MAX_NAME\s*=\s*\d", path.read_text(encoding="utf-8"), re.M):
            offenders.append(f"{path.relative_to(ROOT)}: MAX_NAME literal")
    assert offenders == []


def test_pages_hand_the_limits_to_scripts(client, group):
    html = client.get(f"/g/{group['id']}/new/canal-houses", headers=group["headers"]).get_data(True)
    assert f'maxlength="{registry.PLAYER_NAME_MAX}"' in html
    meta = re.search(r'name="companion-limits" content="([^"]+)"', html).group(1)
    limits = json.loads(meta.replace("&#34;", '"').replace("&quot;", '"'))
    assert limits["player_name"] == registry.PLAYER_NAME_MAX


def test_history_shows_edition_today_s_names_win_lose_and_details(client, group):
    save(client, group, {"state": grande_state("Ana"), "location": "Club", "duration_min": 20})
    pid = next(p["id"] for p in client.get(f"/api/groups/{group['id']}/players",
                                          headers=group["headers"]).get_json()["players"]
               if p["name"] == "Ana")
    r = client.patch(f"/api/groups/{group['id']}/players/{pid}", json={"name": "Anabel"},
                     headers=group["headers"])
    assert r.status_code == 200
    html = client.get(f"/g/{group['id']}/history", headers=group["headers"]).get_data(True)
    assert "Anabel won" in html and "Ben lost" in html
    assert "Winner: Anabel" in html and ">Ana<" not in html
    assert "Club" in html and "20 min" in html
    assert "null" not in html and "None" not in html
    located = client.get(f"/g/{group['id']}/history?location=club",
                         headers=group["headers"]).get_data(True)
    assert "Anabel won" in located
    elsewhere = client.get(f"/g/{group['id']}/history?location=Pub",
                           headers=group["headers"]).get_data(True)
    assert "No  matches at Pub" in elsewhere or "No matches at Pub" in elsewhere


def test_match_page_shows_details_play_again_and_current_names(client, group):
    made = save(client, group, {"state": grande_state("Ana"), "notes": "close game",
                                "location": "Club"})
    html = client.get(f"/g/{group['id']}/matches/{made['id']}", headers=group["headers"]).get_data(True)
    assert "close game" in html and "Club" in html
    again = re.search(r'id="play-again" href="([^"]+)"', html).group(1)
    assert again.startswith(f"/g/{group['id']}/new/canal-grande?")
    assert "player=Ana&amp;player=Ben" in again
    assert ">won<" in html and ">lost<" in html


def test_bgstats_export_has_players_games_plays_scores_winner_and_start_player(client, group, app):
    save(client, group, {"state": grande_state("Ana"), "played_at": "2026-11-27T20:15:00Z",
                         "location": "Club", "duration_min": 25, "notes": "n"})
    street = [{"store": {"points": 2, "color": "orange", "condition": {}}, "windows": []}]
    houses = {"game": "canal-houses", "players": [{"name": "Ben", "street": street},
                                                  {"name": "Ana", "street": street}]}
    r = client.post(url(group), json={"state": houses, "played_at": "2026-11-28T20:15:00Z"},
                    headers=group["headers"])
    if r.status_code != 201:
        pytest.fail(f"could not save a Canal Houses match: {r.get_json()}")
    app.config["BGG_IDS"] = {"canal-houses": 123}
    answer = client.get(f"/api/groups/{group['id']}/export.bgstats.json?tz=Europe/Amsterdam",
                        headers=group["headers"])
    assert answer.status_code == 200
    assert "attachment" in answer.headers["Content-Disposition"]
    doc = answer.get_json()
    assert {"games", "players", "plays", "locations"} <= set(doc)
    names = {p["id"]: p["name"] for p in doc["players"]}
    assert sorted(names.values()) == ["Ana", "Ben"]
    games = {g["id"]: g for g in doc["games"]}
    assert {g["name"]: g["bggId"] for g in games.values()} == {"Canal Grande": 0, "Canal Houses": 123}
    grande, street = doc["plays"]
    assert grande["playDate"] == "2026-11-27 21:15:00"  # Amsterdam wall clock
    assert grande["durationMin"] == 25 and grande["comments"] == "n"
    assert doc["locations"][0]["name"] == "Club" and grande["locationRefId"] == doc["locations"][0]["id"]
    by_name = {names[s["playerRefId"]]: s for s in grande["playerScores"]}
    assert by_name["Ana"]["winner"] is True and by_name["Ben"]["winner"] is False
    assert by_name["Ana"]["startPlayer"] is True and by_name["Ana"]["seatOrder"] == 0
    assert games[grande["gameRefId"]]["noPoints"] is True
    seats = [names[s["playerRefId"]] for s in street["playerScores"]]
    assert seats == ["Ben", "Ana"] and all(s["score"].lstrip("-").isdigit()
                                           for s in street["playerScores"])
    again = client.get(f"/api/groups/{group['id']}/export.bgstats.json",
                       headers=group["headers"]).get_json()
    assert [p["uuid"] for p in again["plays"]] == [p["uuid"] for p in doc["plays"]]


def test_bgstats_export_refuses_an_unknown_time_zone(client, group):
    r = client.get(f"/api/groups/{group['id']}/export.bgstats.json?tz=Mars/Base",
                   headers=group["headers"])
    assert r.status_code == 400 and r.get_json()["path"] == "tz"


def test_bgstats_export_needs_the_key(app, group):
    stranger = app.test_client()  # no group cookie
    assert stranger.get(f"/api/groups/{group['id']}/export.bgstats.json").status_code == 401


def test_edition_label():
    assert registry.edition_label({"game": "doodle-china", "edition": "shanghai",
                                   "players": [{}]}) == "Shanghai · solo"
    assert registry.edition_label({"game": "doodle-china", "edition": "suzhou",
                                   "players": [{}, {}]}) == "Suzhou"
    assert registry.edition_label({"game": "canal-grande", "players": [{}, {}]}) is None


def test_stats_filter_by_location(client, group):
    for winner, place in (("Ana", "Club"), ("Ana", " club "), ("Ben", "Pub")):
        save(client, group, {"state": grande_state(winner), "location": place})
    base = f"/api/groups/{group['id']}/stats"
    club = client.get(f"{base}?location=CLUB", headers=group["headers"]).get_json()
    assert club["matches"] == 2 and club["location"] == "CLUB"
    by_name = {p["name"]: p for p in club["players"]}
    assert (by_name["Ana"]["plays"], by_name["Ana"]["wins"], by_name["Ana"]["win_rate"]) == (2, 2, 1.0)
    assert by_name["Ben"]["wins"] == 0
    assert by_name["Ana"]["games"]["canal-grande"]["plays"] == 2
    pub = client.get(f"{base}?location=Pub", headers=group["headers"]).get_json()
    assert pub["matches"] == 1 and {p["name"]: p["wins"] for p in pub["players"]} == {"Ana": 0, "Ben": 1}
    html = client.get(f"/g/{group['id']}/stats?location=Pub", headers=group["headers"]).get_data(True)
    assert "1 match at Pub" in html and 'id="stats-location"' in html
    nowhere = client.get(f"{base}?location=Moon", headers=group["headers"]).get_json()
    assert (nowhere["matches"], nowhere["location"], nowhere["players"]) == (0, "Moon", [])


def test_every_stats_figure_and_page_takes_the_place(client, group, app):
    """Streaks, head-to-head, ratings (rated over that place's matches only)
    and every stats page read only the matches at the place."""
    plays = [("Ana", "Club", "2026-01-05"), ("Ben", "Pub", "2026-01-06"),
             ("Ana", "club", "2026-01-07"), ("Ben", "Pub", "2026-01-08")]
    for winner, place, day in plays:
        save(client, group, {"state": grande_state(winner), "location": place,
                             "played_at": f"{day}T20:00:00Z"})
    base, h = f"/api/groups/{group['id']}/stats", group["headers"]
    club = client.get(f"{base}?location=Club", headers=h).get_json()
    ana, ben = (next(p for p in club["players"] if p["name"] == n) for n in ("Ana", "Ben"))
    assert club["matches"] == 2 and ana["streak"] == {"current": 2, "longest": 2}
    assert ben["streak"] == {"current": 0, "longest": 0}
    assert [(x["opponent"], x["wins"], x["losses"]) for x in ana["head_to_head"]] == [("Ben", 2, 0)]
    everywhere = client.get(base, headers=h).get_json()
    ana_all = next(p for p in everywhere["players"] if p["name"] == "Ana")
    assert ana_all["streak"]["current"] == 0  # Ben won the last match, at the Pub
    # Rated over the Club's two matches alone: Ana won both, so she is above
    # Ben there, while everywhere (2 wins each) they are close.
    club_rating = ana["games"]["canal-grande"]["rating"]
    assert club_rating["ordinal"] > ben["games"]["canal-grande"]["rating"]["ordinal"]
    assert club_rating != ana_all["games"]["canal-grande"]["rating"]
    history = client.get(f"{base}/ratings?game=canal-grande&location=Club", headers=h).get_json()
    assert {p["name"]: len(p["history"]) for p in history["players"]} == {"Ana": 2, "Ben": 2}
    assert history["players"][0]["history"][-1]["ordinal"] == club_rating["ordinal"]
    pub = client.get(f"{base}?location=Pub&from=2026-01-07", headers=h).get_json()
    assert pub["matches"] == 1
    for page in ("", "/scores", "/ratings", "/games", "/rivals"):
        html = client.get(f"/g/{group['id']}/stats{page}?location=Club", headers=h).get_data(True)
        assert re.search(r'<option value="[Cc]lub" selected>', html), page
        assert "at Club" in html, page
    from click.testing import CliRunner

    from companion.cli import main
    done = CliRunner().invoke(main, ["stats", "--group", group["id"], "--location", "Club", "--json",
                                     "--db", app.config["DATABASE"]])
    assert done.exit_code == 0, done.output
    assert json.loads(done.output) == club
    table = CliRunner().invoke(main, ["stats", "--group", group["id"], "--location", "Club",
                                      "--db", app.config["DATABASE"]])
    assert table.output.startswith("2 matches at Club")


def test_a_match_saved_before_the_limit_can_still_be_edited(client, group, app):
    """Older pages allowed 60 characters: such a match keeps its names on edit,
    but a new over-long name is still refused."""
    from companion import storage
    from companion.games import score

    old = "O" * 55
    state = grande_state()
    state["players"][0]["name"] = old
    with app.app_context():
        db = storage.connect(app.config["DATABASE"])
        storage.save_match(db, group["id"], "old-match", "2025-01-01T12:00:00Z", state, score(state))
    r = client.put(url(group, "/old-match"), json={"state": state, "location": "Club"},
                   headers=group["headers"])
    assert r.status_code == 200 and r.get_json()["location"] == "Club"
    state["players"][1]["name"] = "B" * 41
    r = client.put(url(group, "/old-match"), json={"state": state}, headers=group["headers"])
    assert r.status_code == 422 and r.get_json()["path"] == "state.players[1].name"


def test_merged_players_show_under_the_name_kept(client, group):
    save(client, group, {"state": grande_state("Ana")})
    made = save(client, group, {"state": {"game": "canal-grande", "players": [
        {"name": "Anna", "won": {"Castello": 4}}, {"name": "Cy", "won": {}}]}})
    ids = {p["name"]: p["id"] for p in client.get(f"/api/groups/{group['id']}/players",
                                                 headers=group["headers"]).get_json()["players"]}
    r = client.post(f"/api/groups/{group['id']}/players/{ids['Anna']}/merge",
                    json={"into": ids["Ana"]}, headers=group["headers"])
    assert r.status_code == 200
    page = client.get(f"/g/{group['id']}/matches/{made['id']}", headers=group["headers"]).get_data(True)
    assert 'data-player="Ana"' in page and "Anna" not in page
    history = client.get(f"/g/{group['id']}/history", headers=group["headers"]).get_data(True)
    assert "Anna" not in history and "Ana won · Cy lost" in history
    doc = client.get(f"/api/groups/{group['id']}/export.bgstats.json",
                     headers=group["headers"]).get_json()
    assert sorted(p["name"] for p in doc["players"]) == ["Ana", "Ben", "Cy"]
