"""The per-player series a match write keeps (storage.aggregates calls these
inside the write), both replayed from the first match the write touched:

- rating history: each player's openskill rating after every finished match
  with opponents, one rating per game, replayed in time order;
- win streaks (`stats_streak`): each month's summary (it glues), each year's
  in month 'Y2024' folded from its months, and the all-time one in month '*'
  folded from the years, so a save refolds about 12 + 10 rows per player and
  game, not every month of the history."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

import sqlite_utils

from ..stats.facts import Streak, fold, rate
from ..stats.facts import new_rating as _new_rating

# -- ratings ----------------------------------------------------------------------------

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


# -- win streaks ------------------------------------------------------------------------

def streaks_of(rows: Iterable[tuple[int, str, int]]) -> dict[tuple[int, str], Streak]:
    """Streak summaries per (player, game) and (player, '*') from ordered
    (player_id, game, winner) rows."""
    wins: dict[tuple[int, str], list[bool]] = defaultdict(list)
    for pid, game, winner in rows:
        wins[(pid, game)].append(bool(winner))
        wins[(pid, "*")].append(bool(winner))
    return {key: Streak.of(seq) for key, seq in wins.items()}


def rebuild_streak_totals(db: sqlite_utils.Database, gid: str, players: Iterable[int],
                          years: Iterable[str] | None = None) -> None:
    """Refold these players' year summaries (of `years`; None: every year)
    from their months, then their all-time summaries from the years."""
    years = sorted(set(years)) if years is not None else None
    for pid in sorted(set(players)):
        _fold_years(db, gid, pid, years)
        _fold_into(db, gid, pid, "*", "SELECT game, n, prefix, suffix, longest FROM stats_streak"
                   " WHERE group_id = ? AND player_id = ? AND month BETWEEN 'Y' AND 'Z'"
                   " ORDER BY game, month", [gid, pid])


def _fold_years(db: sqlite_utils.Database, gid: str, pid: int, years: list[str] | None) -> None:
    if years is None:
        years = [r[0] for r in db.execute(
            "SELECT DISTINCT substr(month, 1, 4) FROM stats_streak WHERE group_id = ?"
            " AND player_id = ? AND month BETWEEN '0000' AND '9999-99'", [gid, pid])]
        db.execute("DELETE FROM stats_streak WHERE group_id = ? AND player_id = ?"
                   " AND month BETWEEN 'Y' AND 'Z'", [gid, pid])
    for year in years:
        _fold_into(db, gid, pid, f"Y{year}", "SELECT game, n, prefix, suffix, longest"
                   " FROM stats_streak WHERE group_id = ? AND player_id = ?"
                   " AND month BETWEEN ? AND ? ORDER BY game, month",
                   [gid, pid, f"{year}-01", f"{year}-12"])


def _fold_into(db: sqlite_utils.Database, gid: str, pid: int, key: str, sql: str,
               args: list[Any]) -> None:
    """Replace the player's summaries under month `key` by the fold, per
    game, of the rows `sql` reads (in time order)."""
    parts: dict[str, list[Streak]] = defaultdict(list)
    for game, n, prefix, suffix, longest in db.execute(sql, args):
        parts[game].append(Streak(n, prefix, suffix, longest))
    db.execute("DELETE FROM stats_streak WHERE group_id = ? AND player_id = ? AND month = ?",
               [gid, pid, key])
    db.conn.executemany(
        "INSERT INTO stats_streak (group_id, month, game, player_id, n, prefix, suffix,"
        " longest) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(gid, key, game, pid, s.n, s.prefix, s.suffix, s.longest)
         for game, s in ((g, fold(items)) for g, items in parts.items()) if s.n])


def streak_years(db: sqlite_utils.Database) -> None:
    """Migration: year summaries for every player of every group, and the
    all-time ones refolded from them."""
    for gid, pid in db.execute("SELECT DISTINCT group_id, player_id FROM stats_streak"
                               " WHERE month != '*'").fetchall():
        rebuild_streak_totals(db, gid, [pid])
