"""The stats aggregates under many writes: whatever order matches are saved,
edited, moved in time, deleted, restored and merged in, the answer equals a
rebuild from scratch; a date window (whole months from the aggregates, the
ends from the facts) equals the same figures over only that window's
matches; groups that predate the stats get theirs on first read."""

from __future__ import annotations

import random
from datetime import date, timedelta

import pytest

from companion import storage
from companion.games import score
from companion.stats import report

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli"]
START = date(2023, 11, 1)


def random_state(rng: random.Random) -> dict:
    kind = rng.random()
    if kind < 0.45:
        players = rng.sample(NAMES, rng.randint(1, 4))
        return {"game": "canal-houses", "players": [
            {"name": n, "street": [{"store": {"points": rng.randint(0, 4), "color": None,
                                              "condition": {}},
                                    "windows": [{"cats": 0, "birds": 0, "flags": 0,
                                                 "flowerpots": rng.randint(0, 2),
                                                 "color": None}]}]} for n in players]}
    if kind < 0.7:
        a, b = rng.sample(NAMES, 2)
        won = ({"San Marco": 4} if rng.random() < 0.5 else
               {d: 1 for d in ("San Marco", "San Polo", "Dorsoduro", "Cannaregio", "Castello",
                               "Santa Croce")})
        return {"game": "canal-grande", "players": [{"name": a, "won": won},
                                                   {"name": b, "won": {"San Marco": 1}}]}
    players = rng.sample(NAMES, rng.choice([1, 1, 2, 3]))
    hotels = [2, 3, 4, 5, 6, 8, 10, 12, 15]
    return {"game": "doodle-china", "edition": "suzhou", "players": [
        {"name": n, "grid": [["plain"] * 5 for _ in range(5)],
         "hotels": rng.sample(hotels, rng.randint(0, 4)), "shops": rng.sample(range(1, 11), 2),
         "shop_bonuses": [], "trees_crossed": rng.randint(0, 3)} for n in players]}


def when(rng: random.Random) -> str:
    day = START + timedelta(days=rng.randint(0, 520))
    return f"{day.isoformat()}T{rng.randint(10, 22):02d}:00:00Z"


def save(db, gid, mid, played_at, state):
    storage.save_match(db, gid, mid, played_at, state, score(state))


def churn(db, gid, rng: random.Random, n: int = 60) -> None:
    for i in range(n):
        save(db, gid, f"m{i:03d}", when(rng), random_state(rng))
    for i in rng.sample(range(n), 12):  # edits, some moving to another month
        state = random_state(rng)
        storage.update_match(db, gid, f"m{i:03d}", state, score(state),
                             when(rng) if rng.random() < 0.5 else None)
    for i in rng.sample(range(n), 8):
        storage.delete_match(db, gid, f"m{i:03d}")
    for i in rng.sample(range(n), 3):
        storage.restore_match(db, gid, f"m{i:03d}")
    save(db, gid, "typo", when(rng), {"game": "canal-grande", "players": [
        {"name": "Anna", "won": {"Castello": 4}}, {"name": "Ben", "won": {}}]})
    ids = {name: pid for pid, (name, _) in storage.player_names(db, gid).items()}
    storage.merge_players(db, gid, ids["Anna"], ids["Ana"])


def without_ratings(answer: dict) -> dict:
    for player in answer["players"]:
        for figures in player["games"].values():
            figures.pop("rating")
    return answer


@pytest.fixture
def db(tmp_path):
    database = storage.connect(tmp_path / "upkeep.sqlite")
    yield database
    database.conn.close()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_kept_aggregates_equal_a_rebuild(db, seed):
    rng = random.Random(seed)
    gid = storage.create_group(db, "Upkeep")["id"]
    churn(db, gid, rng)
    scopes = [report.scope(gid), report.scope(gid, game="canal-houses"),
              report.scope(gid, player_id=1),
              report.scope(gid, date_from=date(2023, 12, 10), date_to=date(2024, 3, 20))]
    kept = [report.build(db, s) for s in scopes]
    ratings = [report.rating_history(db, report.scope(gid, game=game), per=per)
               for game in ("canal-grande", "canal-houses") for per in ("match", "month", "year")]
    windowed = report.rating_history(db, report.scope(
        gid, game="canal-houses", date_from=date(2023, 12, 10), date_to=date(2024, 3, 20)),
        per="month")
    with storage.write(db):
        storage.rebuild_stats(db, gid)
    assert [report.build(db, s) for s in scopes] == kept
    assert [report.rating_history(db, report.scope(gid, game=game), per=per)
            for game in ("canal-grande", "canal-houses")
            for per in ("match", "month", "year")] == ratings
    # Month ends agree with the last rating of each month in the full history.
    every = {p["id"]: p["history"] for p in ratings[3]["players"]}
    for player in ratings[4]["players"]:
        for entry in player["history"]:
            last = [e for e in every[player["id"]] if e["played_at"][:7] == entry["period"]][-1]
            assert (entry["mu"], entry["sigma"]) == (last["mu"], last["sigma"])
    assert windowed == report.rating_history(db, report.scope(
        gid, game="canal-houses", date_from=date(2023, 12, 10), date_to=date(2024, 3, 20)),
        per="month")


@pytest.mark.parametrize("window", [(date(2023, 12, 10), date(2024, 3, 20)),
                                    (date(2023, 11, 20), date(2025, 2, 10)),
                                    (date(2024, 1, 1), date(2024, 12, 31)),
                                    (date(2024, 1, 1), date(2024, 2, 29)),
                                    (date(2024, 2, 3), date(2024, 2, 17)),
                                    (None, date(2024, 1, 15)), (date(2024, 3, 2), None)])
def test_a_window_equals_a_group_of_only_its_matches(tmp_path, db, window):
    rng = random.Random(7)
    gid = storage.create_group(db, "Whole")["id"]
    for name in NAMES:  # the same player ids in both groups
        with storage.write(db):
            storage.ensure_player(db, gid, name)
    matches = [(f"w{i:03d}", when(rng), random_state(rng)) for i in range(70)]
    for mid, played_at, state in matches:
        save(db, gid, mid, played_at, state)
    lo, hi = window
    inside = [m for m in matches if (lo is None or m[1][:10] >= lo.isoformat())
              and (hi is None or m[1][:10] <= hi.isoformat())]
    other = storage.connect(tmp_path / "window.sqlite")
    sub = storage.create_group(other, "Window")["id"]
    for name in NAMES:
        with storage.write(other):
            storage.ensure_player(other, sub, name)
    for mid, played_at, state in inside:
        save(other, sub, mid, played_at, state)
    windowed = without_ratings(report.build(db, report.scope(gid, date_from=lo, date_to=hi)))
    alone = without_ratings(report.build(other, report.scope(sub)))
    windowed.pop("filters")
    alone.pop("filters")
    assert windowed == alone
    other.conn.close()


def test_rollup_keys_cover_each_month_once():
    from companion.storage.stats_scope import rollup_keys

    assert rollup_keys("2019-03", "2022-08") == [
        "2019-03", "Q2019-2", "Q2019-3", "Q2019-4", "Y2020", "Y2021", "Q2022-1", "Q2022-2",
        "2022-07", "2022-08"]
    assert rollup_keys("2024-01", "2024-12") == ["Y2024"]
    assert rollup_keys("2024-02", "2024-02") == ["2024-02"]
    assert rollup_keys("2024-11", "2025-01") == ["2024-11", "2024-12", "2025-01"]


def test_groups_saved_before_the_stats_get_them_on_first_read(db):
    gid = storage.create_group(db, "Old")["id"]
    rng = random.Random(5)
    for i in range(10):
        save(db, gid, f"o{i}", when(rng), random_state(rng))
    expected = report.build(db, report.scope(gid))
    with storage.write(db):  # as if these matches were saved before the stats existed
        for table in ("stat_plays", "stat_matches", "stats_month", "stats_games", "stats_h2h",
                      "stats_streak", "stats_rating", "stats_scores", "stats_periods",
                      "stats_outcomes", "stats_medians"):
            db.execute(f"DELETE FROM {table} WHERE group_id = ?", [gid])
        db.execute("INSERT INTO stats_backfill (group_id) VALUES (?)", [gid])
    assert report.build(db, report.scope(gid)) == expected
    assert not db.execute("SELECT 1 FROM stats_backfill").fetchone()


@pytest.mark.parametrize("seed", [3, 11], ids=["seed-3", "seed-11"])
def test_all_time_streaks_fold_from_years_like_from_months(db, seed):
    """A save refolds the touched years and then the all-time row from the
    years: the same summary as folding every month, in time order; the
    migration builds the year rows of a database that had only months."""
    from companion.stats.facts import Streak, fold
    from companion.storage.ratings_streaks import streak_years

    gid = storage.create_group(db, "Streaks")["id"]
    churn(db, gid, random.Random(seed))  # matches over two calendar years and more

    def from_months() -> dict:
        parts: dict = {}
        for game, pid, n, prefix, suffix, longest in db.execute(
                "SELECT game, player_id, n, prefix, suffix, longest FROM stats_streak"
                " WHERE group_id = ? AND month BETWEEN '0000' AND '9999-99'"
                " ORDER BY game, player_id, month", [gid]):
            parts.setdefault((game, pid), []).append(Streak(n, prefix, suffix, longest))
        return {key: fold(items) for key, items in parts.items()}

    def all_time() -> dict:
        return {(game, pid): Streak(n, prefix, suffix, longest)
                for game, pid, n, prefix, suffix, longest in db.execute(
                    "SELECT game, player_id, n, prefix, suffix, longest FROM stats_streak"
                    " WHERE group_id = ? AND month = '*'", [gid])}

    years = {r[0] for r in db.execute("SELECT DISTINCT month FROM stats_streak"
                                      " WHERE group_id = ? AND month LIKE 'Y%'", [gid])}
    assert len(years) >= 2
    assert all_time() == from_months()
    expected = report.build(db, report.scope(gid))
    with storage.write(db):  # a database from before the year rows
        db.execute("DELETE FROM stats_streak WHERE group_id = ? AND (month LIKE 'Y%'"
                   " OR month = '*')", [gid])
        streak_years(db)
    assert all_time() == from_months()
    assert report.build(db, report.scope(gid)) == expected
