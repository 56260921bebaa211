"""Group stats (issue 7), computed by hand for a small history and compared
with the API: ties, shared wins, a solo sheet, a merged player, a deleted
match left out, an edited match counted again, date windows whose ends fall
inside months; ratings checked against openskill called directly."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

# -- small real states ------------------------------------------------------------------


def houses(name: str, stores: list[int], roofs: list[int], pots: int) -> dict:
    """A Canal Houses street: one house per store, its roof beside it, the
    flowerpots in one window; no colours, so nobody gets the colour bonus.
    Total = stores + roofs + pots."""
    street = []
    for i, (s, r) in enumerate(zip(stores, roofs, strict=True)):
        windows = [{"cats": 0, "birds": 0, "flags": 0, "flowerpots": pots if i == 0 else 0,
                    "color": None}]
        street.append({"store": {"points": s, "color": None, "condition": {}},
                       "windows": windows,
                       "roof": {"points": r, "color": None, "condition": {}}})
    return {"name": name, "street": street}


def canal_houses(*players: dict) -> dict:
    return {"game": "canal-houses", "players": list(players)}


def sheet(name: str, hotels: list[int], shops: list[int], bonuses: list[int], trees: int) -> dict:
    return {"name": name, "grid": [["plain"] * 5 for _ in range(5)], "hotels": hotels,
            "shops": shops, "shop_bonuses": bonuses, "trees_crossed": trees}


def suzhou(*sheets: dict) -> dict:
    return {"game": "doodle-china", "edition": "suzhou", "players": list(sheets)}


def grande(winner: str, won: dict, loser: str, lost: dict) -> dict:
    return {"game": "canal-grande", "players": [{"name": winner, "won": won},
                                               {"name": loser, "won": lost}]}


SIX = {d: 1 for d in ("San Marco", "San Polo", "Dorsoduro", "Cannaregio", "Castello",
                      "Santa Croce")}

HISTORY = {
    "m1": ("2024-01-05", canal_houses(houses("Ana", [3, 2], [1, 0], 2),   # 8
                                      houses("Ben", [4], [2], 0),         # 6
                                      houses("Cy", [1], [0], 1))),        # 2
    "m2": ("2024-01-20", canal_houses(houses("Ana", [2], [2], 1),         # 5, shared win
                                      houses("Ben", [1, 1], [1, 1], 1),   # 5, shared win
                                      houses("Dee", [1], [0], 0))),       # 1
    "m3": ("2024-02-03", suzhou(sheet("Ana", [15, 12], [10, 9], [], 0))),  # solo 46, Tenant
    "m4": ("2024-02-14", grande("Ben", {"San Marco": 4}, "Ana", {"Castello": 1})),
    "m5": ("2024-03-01", canal_houses(houses("Anna", [5], [3], 2),        # 10 (Ana, typo)
                                      houses("Cy", [2], [0], 0))),        # 2
    "m6": ("2024-03-15", grande("Ana", SIX, "Cy", {"San Marco": 2})),
    "m7": ("2024-04-02", canal_houses(houses("Ana", [1], [0], 0),         # 1, edited below
                                      houses("Ben", [3], [3], 3),         # 9
                                      houses("Cy", [2], [2], 0))),        # 4
    "m8": ("2024-04-20", canal_houses(houses("Ben", [2], [0], 0),         # deleted below
                                      houses("Dee", [2], [0], 0))),
    "m9": ("2024-05-05", suzhou(sheet("Ana", [15], [5], [], 1),           # 15+5+4 trees = 24
                                sheet("Ben", [12], [6], [3], 3))),        # 12+6+3-4 = 17
}
M7_EDITED = canal_houses(houses("Ana", [6], [4], 2),                      # 12: now Ana wins
                         houses("Ben", [3], [3], 3), houses("Cy", [2], [2], 0))


@pytest.fixture
def history(client, group):
    gid, h = group["id"], group["headers"]
    for mid, (day, state) in HISTORY.items():
        r = client.post(f"/api/groups/{gid}/matches", json={"id": mid, "played_at": day,
                                                            "state": state}, headers=h)
        assert r.status_code == 201, r.get_json()
    assert client.put(f"/api/groups/{gid}/matches/m7", json={"state": M7_EDITED},
                      headers=h).status_code == 200
    assert client.delete(f"/api/groups/{gid}/matches/m8", headers=h).status_code == 204
    players = {p["name"]: p["id"] for p in client.get(f"/api/groups/{gid}",
                                                      headers=h).get_json()["players"]}
    r = client.post(f"/api/groups/{gid}/players/{players['Anna']}/merge",
                    json={"into": players["Ana"]}, headers=h)
    assert r.status_code == 200, r.get_json()
    return gid, h


def stats(client, gid, h, query=""):
    r = client.get(f"/api/groups/{gid}/stats{query}", headers=h)
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def by_name(answer):
    return {p["name"]: p for p in answer["players"]}


def test_plays_wins_scores_by_hand(client, history):
    answer = stats(client, *history)
    assert answer["matches"] == 8  # m8 deleted
    players = by_name(answer)
    assert set(players) == {"Ana", "Ben", "Cy", "Dee"}  # Anna merged into Ana
    ana, ben, cy, dee = (players[n] for n in ("Ana", "Ben", "Cy", "Dee"))
    # The api.md shape, exactly these keys at least.
    for p in answer["players"]:
        assert {"name", "plays", "wins", "win_rate", "games"} <= set(p)
        for g in p["games"].values():
            assert {"plays", "wins", "mean_score", "best"} <= set(g)

    assert (ana["plays"], ana["wins"], ana["solo_plays"], ana["win_rate"]) == (8, 6, 1, 0.857)
    assert ana["games"]["canal-houses"].items() >= {
        "plays": 4, "wins": 4, "mean_score": 8.75, "best": 12, "median_score": 9.0,
        "win_rate": 1.0}.items()
    assert ana["games"]["doodle-china"].items() >= {
        "plays": 2, "wins": 1, "solo_plays": 1, "mean_score": 35.0, "best": 46,
        "median_score": 35.0, "win_rate": 1.0}.items()
    assert ana["games"]["canal-grande"].items() >= {
        "plays": 2, "wins": 1, "mean_score": 3.5, "best": 6, "win_rate": 0.5}.items()
    assert ana["favourite_game"] == "canal-houses"

    assert (ben["plays"], ben["wins"], ben["win_rate"]) == (5, 2, 0.4)  # m2 shared win, m4
    assert ben["games"]["canal-houses"].items() >= {
        "plays": 3, "wins": 1, "mean_score": 6.67, "best": 9, "median_score": 6.0}.items()
    assert (cy["plays"], cy["wins"], cy["win_rate"]) == (4, 0, 0.0)
    assert cy["games"]["canal-houses"]["median_score"] == 2.0
    assert (dee["plays"], dee["wins"]) == (1, 0)  # m8 (a shared win) was deleted
    assert [p["name"] for p in answer["players"]] == ["Ana", "Ben", "Cy", "Dee"]  # by plays


def test_streaks_and_head_to_head_by_hand(client, history):
    players = by_name(stats(client, *history))
    ana, ben = players["Ana"], players["Ben"]
    # Ana, finished matches with opponents: W W L W W W W (the solo sheet is neither).
    assert ana["streak"] == {"current": 4, "longest": 4}
    assert ana["games"]["canal-houses"]["streak"] == {"current": 4, "longest": 4}
    assert ana["games"]["canal-grande"]["streak"] == {"current": 1, "longest": 1}
    # Ben: L W W L L.
    assert ben["streak"] == {"current": 0, "longest": 2}
    h2h = {e["opponent"]: e for e in ana["head_to_head"]}
    assert h2h["Ben"].items() >= {"meetings": 5, "wins": 3, "losses": 1, "ties": 1}.items()
    assert h2h["Cy"].items() >= {"meetings": 4, "wins": 4, "losses": 0, "ties": 0}.items()
    assert h2h["Dee"].items() >= {"meetings": 1, "wins": 1, "losses": 0, "ties": 0}.items()
    ben_h2h = {e["opponent"]: e for e in ben["head_to_head"]}
    assert ben_h2h["Ana"].items() >= {"meetings": 5, "wins": 1, "losses": 3, "ties": 1}.items()
    assert ben_h2h["Dee"].items() >= {"meetings": 1, "wins": 1, "losses": 0, "ties": 0}.items()


def test_game_figures_by_hand(client, history):
    games = stats(client, *history)["games"]
    ch = games["canal-houses"]
    assert (ch["matches"], ch["plays"]) == (4, 11)
    parts = {p["part"]: p for p in ch["parts"]}
    assert [p["part"] for p in ch["parts"]] == ["stores", "roofs", "flowerpots", "color_bonus"]
    assert (parts["stores"]["mean"], parts["stores"]["winners_mean"]) == (3.0, 4.0)
    assert (parts["roofs"]["mean"], parts["roofs"]["winners_mean"]) == (1.73, 2.4)
    assert (parts["flowerpots"]["mean"], parts["flowerpots"]["winners_mean"]) == (1.09, 1.6)
    assert (parts["color_bonus"]["mean"], parts["color_bonus"]["winners_mean"]) == (0.0, 0.0)
    assert ch["records"]["highest_score"].items() >= {"score": 12, "player": "Ana", "match": "m7"}.items()
    assert ch["records"]["biggest_margin"].items() >= {"margin": 8, "player": "Ana", "match": "m5"}.items()

    dc = games["doodle-china"]
    assert dc["matches"] == 2
    assert dc["editions"]["suzhou"]["matches"] == 2 and dc["editions"]["shanghai"]["matches"] == 0
    assert dc["solo"]["sheets"] == 1 and dc["solo"]["ranks"]["Tenant"] == 1
    assert dc["solo"]["history"] == [{
        "played_at": "2024-02-03T12:00:00Z", "match": "m3", "player": "Ana",
        "edition": "suzhou", "score": 46, "rank": "Tenant", "achievements": ["Environmentalist"]}]
    assert dc["records"]["highest_score"].items() >= {"score": 46, "match": "m3", "solo": True}.items()
    assert dc["records"]["biggest_margin"].items() >= {"margin": 7, "player": "Ana", "match": "m9"}.items()

    cg = games["canal-grande"]
    assert cg["win_conditions"] == {"six districts": 1, "four of one": 1, "unfinished": 0,
                                    "by_player": {"Ben": {"six districts": 0, "four of one": 1},
                                                  "Ana": {"six districts": 1, "four of one": 0}}}
    assert cg["records"]["biggest_margin"].items() >= {"margin": 4, "player": "Ana", "match": "m6"}.items()


def test_window_with_ends_inside_months(client, history):
    """15 Jan to 10 Mar: m2 (Jan), m3 and m4 (Feb, a whole month), m5 (1 Mar)."""
    gid, h = history
    answer = stats(client, gid, h, "?from=2024-01-15&to=2024-03-10")
    assert answer["matches"] == 4
    assert answer["filters"] == {"game": None, "player": None, "from": "2024-01-15",
                                 "to": "2024-03-10"}
    ana = by_name(answer)["Ana"]
    assert (ana["plays"], ana["wins"], ana["solo_plays"], ana["win_rate"]) == (4, 2, 1, 0.667)
    assert ana["streak"] == {"current": 1, "longest": 1}  # W (m2) L (m4) W (m5)
    h2h = {e["opponent"]: e for e in ana["head_to_head"]}
    assert h2h["Ben"].items() >= {"meetings": 2, "wins": 0, "losses": 1, "ties": 1}.items()
    assert ana["games"]["canal-houses"].items() >= {"plays": 2, "mean_score": 7.5, "best": 10}.items()


def test_game_and_player_filters(client, history):
    gid, h = history
    answer = stats(client, gid, h, "?game=canal-grande")
    assert answer["matches"] == 2 and list(answer["games"]) == ["canal-grande"]
    players = by_name(answer)
    assert set(players) == {"Ana", "Ben", "Cy"}
    assert list(players["Ana"]["games"]) == ["canal-grande"]
    assert (players["Ana"]["plays"], players["Ana"]["wins"]) == (2, 1)
    assert players["Ana"]["streak"] == {"current": 1, "longest": 1}

    answer = stats(client, gid, h, "?player=%20anna%20")  # a former name, any case
    assert [p["name"] for p in answer["players"]] == ["Ana"]
    assert answer["matches"] == 8 and answer["filters"]["player"] == "Ana"  # all but m8
    ch = answer["games"]["canal-houses"]
    assert ch["records"]["highest_score"]["player"] == "Ana"


@pytest.mark.parametrize("query, path", [
    ("?game=chess", "game"), ("?player=Zed", "player"), ("?from=2024-13-01", "from"),
    ("?from=2024-05-01&to=2024-04-01", "from"), ("?to=yesterday", "to")])
def test_bad_filters_say_what_is_allowed(client, history, query, path):
    gid, h = history
    r = client.get(f"/api/groups/{gid}/stats{query}", headers=h)
    assert r.status_code == 400
    body = r.get_json()
    assert body["path"] == path and len(body["error"]) > 20


def test_stats_need_the_group_key(app, history):
    gid, _ = history
    stranger = app.test_client()  # no group cookie on this phone
    assert stranger.get(f"/api/groups/{gid}/stats").status_code == 401
    assert stranger.get(f"/api/groups/{gid}/stats",
                        headers={"X-Companion-Key": "wrong"}).status_code == 404


# -- ratings ----------------------------------------------------------------------------

def test_ratings_match_openskill_called_directly(client, history):
    gid, h = history
    model = PlackettLuce()
    r = {n: model.rating(name=n) for n in ("Ana", "Ben", "Cy", "Dee")}
    expected: dict[str, list[tuple[float, float]]] = {n: [] for n in r}
    for names, places in ((["Ana", "Ben", "Cy"], [1, 2, 3]),   # m1
                          (["Ana", "Ben", "Dee"], [1, 1, 3]),  # m2, a tie for first
                          (["Ana", "Cy"], [1, 2]),             # m5 (Anna, merged)
                          (["Ana", "Ben", "Cy"], [1, 2, 3])):  # m7 as edited
        new = model.rate([[r[n]] for n in names], ranks=places)
        for n, team in zip(names, new, strict=True):
            r[n] = team[0]
            expected[n].append((team[0].mu, team[0].sigma))
    answer = client.get(f"/api/groups/{gid}/stats/ratings?game=canal-houses", headers=h)
    assert answer.status_code == 200
    got = {p["name"]: [(e["mu"], e["sigma"]) for e in p["history"]]
           for p in answer.get_json()["players"]}
    assert set(got) == set(expected)
    for n in expected:
        assert got[n] == [pytest.approx((mu, s), abs=1e-3) for mu, s in expected[n]]
    ana = by_name(stats(client, gid, h))["Ana"]["games"]["canal-houses"]["rating"]
    assert ana["mu"] == pytest.approx(r["Ana"].mu, abs=1e-3)
    assert ana["ordinal"] == pytest.approx(r["Ana"].ordinal(), abs=1e-3)


def test_rating_moves_the_right_way_and_solo_does_not_count(client, history):
    gid, h = history
    body = client.get(f"/api/groups/{gid}/stats/ratings?game=canal-houses", headers=h).get_json()
    first = {p["name"]: p["history"][0] for p in body["players"]}
    assert first["Ana"]["mu"] > 25 > first["Cy"]["mu"]         # m1: winner up, last down
    assert first["Ana"]["sigma"] < 25 / 3                      # less uncertain after a match
    second = {p["name"]: p["history"][1] for p in body["players"] if len(p["history"]) > 1}
    assert second["Ben"]["mu"] > first["Ben"]["mu"]            # m2: tied for first, up
    # Doodle China: the solo sheet (m3) moves nobody; only m9 is rated.
    dc = client.get(f"/api/groups/{gid}/stats/ratings?game=doodle-china", headers=h).get_json()
    assert {p["name"]: [e["match"] for e in p["history"]] for p in dc["players"]} == {
        "Ana": ["m9"], "Ben": ["m9"]}
    r = client.get(f"/api/groups/{gid}/stats/ratings", headers=h)
    assert r.status_code == 400 and r.get_json()["path"] == "game"
    r = client.get(f"/api/groups/{gid}/stats/ratings?game=canalis&per=week", headers=h)
    assert r.status_code == 400 and r.get_json()["path"] == "per"
    monthly = client.get(f"/api/groups/{gid}/stats/ratings?game=canal-houses&per=month",
                         headers=h).get_json()
    ana = next(p for p in monthly["players"] if p["name"] == "Ana")["history"]
    every = next(p for p in body["players"] if p["name"] == "Ana")["history"]
    assert [e["period"] for e in ana] == ["2024-01", "2024-03", "2024-04"]
    assert ana[-1]["mu"] == every[-1]["mu"] and ana[0]["mu"] == every[1]["mu"]  # month ends


def test_tie_gives_equal_moves_from_equal_ratings(client, group):
    gid, h = group["id"], group["headers"]
    state = canal_houses(houses("Ana", [2], [0], 0), houses("Ben", [2], [0], 0),
                         houses("Cy", [0], [0], 0))
    client.post(f"/api/groups/{gid}/matches", json={"state": state}, headers=h)
    body = client.get(f"/api/groups/{gid}/stats/ratings?game=canal-houses", headers=h).get_json()
    last = {p["name"]: p["history"][-1] for p in body["players"]}
    assert last["Ana"]["mu"] == pytest.approx(last["Ben"]["mu"]) and last["Ana"]["mu"] > 25
    assert last["Cy"]["mu"] < 25


# -- upkeep: every write keeps the aggregates equal to a rebuild from scratch --------------

def test_restore_counts_again_and_later_name_resolves_to_merged_player(client, history):
    gid, h = history
    assert client.post(f"/api/groups/{gid}/matches/m8/restore", headers=h).status_code == 200
    dee = by_name(stats(client, gid, h))["Dee"]
    assert (dee["plays"], dee["wins"]) == (2, 1)  # m8 back: a shared win
    r = client.post(f"/api/groups/{gid}/matches", json={
        "played_at": "2024-06-01", "state": canal_houses(houses("ANNA ", [1], [0], 0),
                                                         houses("Cy", [0], [0], 0))}, headers=h)
    assert r.status_code == 201
    players = by_name(stats(client, gid, h))
    assert "Anna" not in players and players["Ana"]["plays"] == 9


def test_aggregates_equal_a_rebuild_from_scratch(app, client, history):
    from companion import storage
    from companion.stats import report

    gid, h = history
    # A backdated match moves every later rating; an edit moves a match across months.
    client.post(f"/api/groups/{gid}/matches", json={
        "played_at": "2023-12-24", "state": canal_houses(houses("Cy", [9], [0], 0),
                                                         houses("Ana", [0], [0], 0))}, headers=h)
    client.put(f"/api/groups/{gid}/matches/m1", json={
        "played_at": "2024-05-30", "state": HISTORY["m1"][1]}, headers=h)
    queries = ["", "?game=canal-houses", "?player=Ben", "?from=2024-01-15&to=2024-03-10",
               "?from=2024-02-01"]
    before = [stats(client, gid, h, q) for q in queries]
    ratings = client.get(f"/api/groups/{gid}/stats/ratings?game=canal-houses", headers=h)
    with app.app_context():
        db = storage.connect(app.config["DATABASE"])
        with storage.write(db):
            storage.rebuild_stats(db, gid)
        rebuilt = report.build(db, report.scope(gid))
        db.conn.close()
    assert [stats(client, gid, h, q) for q in queries] == before
    assert rebuilt == before[0]
    assert client.get(f"/api/groups/{gid}/stats/ratings?game=canal-houses",
                      headers=h).get_json() == ratings.get_json()


def test_cli_prints_the_api_answer(app, client, history):
    import json

    from click.testing import CliRunner

    from companion.cli import main

    gid, h = history
    runner = CliRunner()
    done = runner.invoke(main, ["stats", "--group", gid, "--json", "--db",
                                app.config["DATABASE"]])
    assert done.exit_code == 0, done.output
    assert json.loads(done.output) == stats(client, gid, h)
    done = runner.invoke(main, ["stats", "--group", gid, "--game", "canal-grande", "--json",
                                "--db", app.config["DATABASE"]])
    assert json.loads(done.output) == stats(client, gid, h, "?game=canal-grande")
    table = runner.invoke(main, ["stats", "--group", gid, "--db", app.config["DATABASE"]])
    assert table.exit_code == 0 and "Ana" in table.output and "86%" in table.output
    bad = runner.invoke(main, ["stats", "--group", gid, "--player", "Zed", "--db",
                               app.config["DATABASE"]])
    assert bad.exit_code == 2 and "--player: no player named 'Zed'" in bad.output


@pytest.mark.parametrize("page", ["stats", "stats/scores", "stats/ratings", "stats/games",
                                  "stats/rivals", "players", "data"])
def test_pages_of_a_new_group_say_there_is_nothing_yet(client, group, page):
    r = client.get(f"/g/{group['id']}/{page}")
    assert r.status_code == 200
    text = r.get_data(as_text=True)
    assert "No " in text or "0 matches" in text
    assert 'style="' not in text  # the CSP forbids inline style attributes


def test_pages_show_a_bad_filter_and_still_answer(client, history):
    gid, _ = history
    r = client.get(f"/g/{gid}/stats?game=chess&from=soon")
    assert r.status_code == 200
    assert "game: must be one of" in r.get_data(as_text=True)
    assert client.get("/g/nope/stats").status_code in (401, 404)
