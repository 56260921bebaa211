"""Rating history: each player's openskill rating after every finished match
with opponents, one rating per game, replayed in time order from the
earliest match a write touched (storage.aggregates calls this)."""

from __future__ import annotations

from typing import Any

import sqlite_utils

from ..stats.facts import new_rating as _new_rating
from ..stats.facts import rate


def replay_ratings(db: sqlite_utils.Database, gid: str, game: str, key: tuple[str, str]) -> None:
    """Ratings of `game` from match `key` = (played_at, id) on: drop the
    stored ones and rate every later finished match again, in order."""
    args = [gid, game, *key]
    db.execute("DELETE FROM stats_rating WHERE group_id = ? AND game = ?"
               " AND (played_at, match_id) >= (?, ?)", args)
    current: dict[int, tuple[float, float]] = {}

    def rating(pid: int) -> tuple[float, float]:
        if pid not in current:
            row = db.execute(
                "SELECT mu, sigma FROM stats_rating WHERE group_id = ? AND game = ?"
                " AND player_id = ? ORDER BY played_at DESC, match_id DESC LIMIT 1",
                [gid, game, pid]).fetchone()
            current[pid] = (row[0], row[1]) if row else _new_rating()
        return current[pid]

    out: list[tuple[Any, ...]] = []
    match: tuple[str, str] | None = None
    seats: dict[int, int] = {}

    def flush() -> None:
        if match is None or len(seats) < 2:
            return
        pids = list(seats)
        for pid, (mu, sigma) in zip(pids, rate([rating(p) for p in pids],
                                                [seats[p] for p in pids]), strict=True):
            current[pid] = (mu, sigma)
            out.append((gid, game, pid, match[0], match[1], mu, sigma))

    for mid, played_at, pid, place in db.execute(
            "SELECT match_id, played_at, player_id, place FROM stat_plays WHERE group_id = ?"
            " AND game = ? AND (played_at, match_id) >= (?, ?) AND rated = 1"
            " ORDER BY played_at, match_id, seat", args):
        if (played_at, mid) != match:
            flush()
            match, seats = (played_at, mid), {}
        seats.setdefault(pid, place)  # one person in two seats counts once
    flush()
    db.conn.executemany(
        "INSERT INTO stats_rating (group_id, game, player_id, played_at, match_id, mu, sigma)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)", out)
    month = key[0][:7]  # the rating at the end of each month from this one on
    db.execute("DELETE FROM stats_rating_months WHERE group_id = ? AND game = ? AND month >= ?",
               [gid, game, month])
    db.execute(
        "INSERT INTO stats_rating_months (group_id, game, player_id, month, mu, sigma)"
        " SELECT group_id, game, player_id, substr(played_at, 1, 7), mu, sigma FROM ("
        " SELECT group_id, game, player_id, played_at, mu, sigma,"
        " max(played_at || ' ' || match_id) FROM stats_rating WHERE group_id = ? AND game = ?"
        " AND played_at >= ? GROUP BY player_id, substr(played_at, 1, 7))",
        [gid, game, month + "-01"])
