"""Win-streak summaries (`stats_streak`), part of the stats aggregates
(`aggregates.py` calls these inside the match write): each month's summary
(it glues), each year's in month 'Y2024' folded from its months, and the
all-time one in month '*' folded from the years, so a save refolds about
12 + 10 rows per player and game, not every month of the history."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

import sqlite_utils

from ..stats.facts import Streak, fold


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
