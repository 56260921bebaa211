"""Named read queries behind the stats answer. Each takes a `Scope`: the
group, an optional game and player, and the time window as played_at bounds
[lo, hi) split into whole months (read from the monthly aggregates) and the
partial days at either end (read from the facts)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import sqlite_utils

from ..stats.facts import PART_COLUMNS

P_COLS = [f"p{i}" for i in range(PART_COLUMNS)]
W_COLS = [f"w{i}" for i in range(PART_COLUMNS)]


@dataclass(frozen=True)
class Scope:
    gid: str
    game: str | None = None
    player_id: int | None = None
    lo: str | None = None          # first day, inclusive ("YYYY-MM-DD")
    hi: str | None = None          # day after the last, exclusive
    month_from: str | None = None  # whole months inside [lo, hi)
    month_to: str | None = None
    months_empty: bool = False     # the window holds no whole month
    edges: tuple[tuple[str | None, str | None], ...] = field(default_factory=tuple)

    @property
    def bounded(self) -> bool:
        return self.lo is not None or self.hi is not None

    def facts_where(self, alias: str = "", lo: str | None = None, hi: str | None = None,
                    edge: bool = False, player_col: str = "player_id") -> tuple[str, list[Any]]:
        """WHERE for the facts tables (stat_plays / stat_matches)."""
        a = f"{alias}." if alias else ""
        where, args = [f"{a}group_id = ?"], [self.gid]
        if self.game:
            where.append(f"{a}game = ?")
            args.append(self.game)
        if self.player_id is not None and player_col:
            where.append(f"{a}{player_col} = ?")
            args.append(self.player_id)
        lo, hi = (lo, hi) if edge else (self.lo, self.hi)
        if lo:
            where.append(f"{a}played_at >= ?")
            args.append(lo)
        if hi:
            where.append(f"{a}played_at < ?")
            args.append(hi)
        return " AND ".join(where), args

    def months_where(self, *, total: bool = False, all_games: bool = False
                     ) -> tuple[str, list[Any]]:
        """WHERE for the monthly aggregates over the window's whole months
        (`total`: the all-time rows, month '*'; `all_games`: also the
        rows summing every game, game '*')."""
        where = ["group_id = ?", "month = '*'" if total else "month != '*'"]
        args: list[Any] = [self.gid]
        if self.game:
            where.append("game IN (?, '*')" if all_games else "game = ?")
            args.append(self.game)
        if self.player_id is not None:
            where.append("player_id = ?")
            args.append(self.player_id)
        if total:
            return " AND ".join(where), args
        if self.month_from:
            where.append("month >= ?")
            args.append(self.month_from)
        if self.month_to:
            where.append("month <= ?")
            args.append(self.month_to)
        return " AND ".join(where), args


def _sums(cols: list[str]) -> str:
    return ", ".join(f"sum({c})" for c in cols)


def player_game_totals(db: sqlite_utils.Database, s: Scope) -> Iterator[tuple[Any, ...]]:
    """(game, edition, player_id, plays, solo, rated, wins, score_sum, best,
    p0..p7 sums, w0..w7 winners' sums), possibly several rows per key (merge)."""
    head = "game, edition, player_id, sum(plays), sum(solo), sum(rated), sum(wins), " \
           "sum(score_sum), max(best)"
    if not s.months_empty:
        where, args = s.months_where(total=not s.bounded)
        yield from db.execute(
            f"SELECT {head}, {_sums(P_COLS)}, {_sums(W_COLS)} FROM stats_month WHERE {where}"
            " GROUP BY game, edition, player_id", args)
    wins_parts = ", ".join(f"sum(CASE WHEN winner AND rated THEN {p} END)" for p in P_COLS)
    for lo, hi in s.edges:
        where, args = s.facts_where(lo=lo, hi=hi, edge=True)
        yield from db.execute(
            "SELECT game, edition, player_id, count(*), sum(solo), sum(rated),"
            f" sum(winner * rated), sum(total), max(total), {_sums(P_COLS)}, {wins_parts}"
            f" FROM stat_plays WHERE {where} GROUP BY game, edition, player_id", args)


PERIODS = {
    "month": "month",
    "quarter": "substr(month, 1, 4) || '-Q' || ((CAST(substr(month, 6, 2) AS INTEGER) + 2) / 3)",
    "year": "substr(month, 1, 4)",
}


def month_span(db: sqlite_utils.Database, s: Scope) -> tuple[str | None, str | None]:
    """First and last month with a match in the window."""
    where, args = s.facts_where(player_col="")
    first = db.execute(f"SELECT min(played_at) FROM stat_matches WHERE {where}", args).fetchone()
    last = db.execute(f"SELECT max(played_at) FROM stat_matches WHERE {where}", args).fetchone()
    return (first[0] or "")[:7] or None, (last[0] or "")[:7] or None


def period_scores(db: sqlite_utils.Database, s: Scope, period: str
                  ) -> Iterator[tuple[str, str, int, int, int]]:
    """(period, game, player_id, plays, score_sum) for the score trend;
    `period` is month, quarter or year (maybe several rows per key: merge)."""
    expr = PERIODS[period]
    if not s.months_empty:
        where, args = s.months_where()
        yield from db.execute(
            f"SELECT {expr} AS period, game, player_id, sum(plays), sum(score_sum)"
            f" FROM stats_month WHERE {where} GROUP BY period, game, player_id", args)
    for lo, hi in s.edges:
        where, args = s.facts_where(lo=lo, hi=hi, edge=True)
        yield from db.execute(
            f"SELECT {expr} AS period, game, player_id, count(*), sum(total) FROM stat_plays"
            f" WHERE {where} GROUP BY period, game, player_id", args)


def score_histogram(db: sqlite_utils.Database, s: Scope) -> Iterator[tuple[str, int, int, int]]:
    """(game, player_id, total, count) for medians."""
    where, args = s.facts_where()
    yield from db.execute(f"SELECT game, player_id, total, count(*) FROM stat_plays WHERE {where}"
                          " GROUP BY game, player_id, total", args)


def head_to_head(db: sqlite_utils.Database, s: Scope) -> Iterator[tuple[str, int, int, int, int, int]]:
    """(game, player_id, opponent_id, wins, losses, ties), maybe several rows per key."""
    if not s.bounded:
        where, args = s.months_where(total=True)
        yield from db.execute(
            f"SELECT game, player_id, opponent_id, wins, losses, ties FROM stats_h2h"
            f" WHERE {where}", args)
        return
    if not s.months_empty:
        where, args = s.months_where()
        yield from db.execute(
            f"SELECT game, player_id, opponent_id, sum(wins), sum(losses), sum(ties)"
            f" FROM stats_h2h WHERE {where} GROUP BY game, player_id, opponent_id", args)
    for lo, hi in s.edges:
        where, args = s.facts_where("a", lo=lo, hi=hi, edge=True)
        yield from db.execute(
            "SELECT a.game, a.player_id, b.player_id, sum(a.place < b.place),"
            " sum(a.place > b.place), sum(a.place = b.place)"
            " FROM stat_plays a JOIN stat_plays b ON b.group_id = a.group_id"
            " AND b.match_id = a.match_id AND b.player_id != a.player_id"
            f" WHERE {where} AND a.rated = 1 GROUP BY a.game, a.player_id, b.player_id", args)


def streak_parts(db: sqlite_utils.Database, s: Scope
                 ) -> Iterator[tuple[str, tuple[str, int, int, int, int, int]] | tuple[str, Any]]:
    """Streak pieces in time order: ("summary", (game, player_id, n, prefix,
    suffix, longest)) from aggregates, ("raw", rows) for partial days."""
    if not s.bounded:
        where, args = s.months_where(total=True, all_games=True)
        for row in db.execute(f"SELECT game, player_id, n, prefix, suffix, longest"
                              f" FROM stats_streak WHERE {where}", args):
            yield "summary", row
        return
    edges = list(s.edges)
    lower = [e for e in edges if s.month_from and e[1] and e[1] <= s.month_from + "-01"]
    upper = [e for e in edges if e not in lower]
    for lo, hi in lower:
        yield "raw", _streak_rows(db, s, lo, hi)
    if not s.months_empty:
        where, args = s.months_where(all_games=True)
        for row in db.execute(f"SELECT game, player_id, n, prefix, suffix, longest"
                              f" FROM stats_streak WHERE {where} ORDER BY month", args):
            yield "summary", row
    for lo, hi in upper:
        yield "raw", _streak_rows(db, s, lo, hi)


def _streak_rows(db: sqlite_utils.Database, s: Scope, lo: str | None, hi: str | None
                 ) -> list[tuple[int, str, int]]:
    where, args = s.facts_where(lo=lo, hi=hi, edge=True)
    return db.execute(f"SELECT player_id, game, winner FROM stat_plays WHERE {where}"
                      " AND rated = 1 ORDER BY played_at, match_id, seat", args).fetchall()


def match_count(db: sqlite_utils.Database, s: Scope) -> int:
    return sum(match_counts_by_game(db, s).values())


def match_counts_by_game(db: sqlite_utils.Database, s: Scope) -> dict[tuple[str, str], int]:
    """(game, edition) -> matches in the window."""
    out: dict[tuple[str, str], int] = defaultdict(int)
    if s.player_id is not None:
        where, args = s.facts_where()
        for g, e, n in db.execute(f"SELECT game, edition, count(DISTINCT match_id) FROM stat_plays"
                                  f" WHERE {where} GROUP BY game, edition", args):
            out[(g, e)] += n
        return dict(out)
    if not s.months_empty:
        where, args = s.months_where(total=not s.bounded)
        for g, e, n in db.execute(f"SELECT game, edition, sum(matches) FROM stats_games"
                                  f" WHERE {where} GROUP BY game, edition", args):
            out[(g, e)] += n
    for lo, hi in s.edges:
        where, args = s.facts_where(lo=lo, hi=hi, edge=True, player_col="")
        for g, e, n in db.execute(f"SELECT game, edition, count(*) FROM stat_matches"
                                  f" WHERE {where} GROUP BY game, edition", args):
            out[(g, e)] += n
    return dict(out)


def ratings_at(db: sqlite_utils.Database, s: Scope, keys: list[tuple[str, int]]
               ) -> dict[tuple[str, int], tuple[float, float]]:
    """(game, player_id) -> (mu, sigma) as of the window's end."""
    out = {}
    hi = s.hi or "9999"
    for game, pid in keys:
        row = db.execute(
            "SELECT mu, sigma FROM stats_rating WHERE group_id = ? AND game = ? AND player_id = ?"
            " AND played_at < ? ORDER BY played_at DESC, match_id DESC LIMIT 1",
            [s.gid, game, pid, hi]).fetchone()
        if row:
            out[(game, pid)] = (row[0], row[1])
    return out


def rating_history(db: sqlite_utils.Database, s: Scope) -> Iterator[tuple[Any, ...]]:
    """(player_id, played_at, match_id, mu, sigma) in time order."""
    where, args = s.facts_where()
    yield from db.execute(f"SELECT player_id, played_at, match_id, mu, sigma FROM stats_rating"
                          f" WHERE {where} ORDER BY played_at, match_id, player_id", args)


def highest_score(db: sqlite_utils.Database, s: Scope, game: str) -> dict[str, Any] | None:
    where, args = s.facts_where()
    if not s.game:
        where, args = where + " AND game = ?", [*args, game]
    rows = list(db.query(
        f"SELECT match_id, played_at, player_id, total, solo FROM stat_plays WHERE {where}"
        " ORDER BY total DESC, played_at, match_id LIMIT 1", args))
    return rows[0] if rows else None


def biggest_margin(db: sqlite_utils.Database, s: Scope, game: str) -> dict[str, Any] | None:
    where, args = s.facts_where(player_col="top_player_id")
    if not s.game:
        where, args = where + " AND game = ?", [*args, game]
    rows = list(db.query(
        f"SELECT match_id, played_at, top_player_id AS player_id, top_total AS total, margin"
        f" FROM stat_matches WHERE {where} AND margin IS NOT NULL"
        " ORDER BY margin DESC, played_at, match_id LIMIT 1", args))
    return rows[0] if rows else None


def win_conditions(db: sqlite_utils.Database, s: Scope) -> Iterator[tuple[str | None, int | None, int]]:
    """Canal Grande: (win_condition or None when unfinished, winner, count)."""
    where, args = s.facts_where(player_col="")
    if s.player_id is not None:
        where += " AND match_id IN (SELECT match_id FROM stat_plays WHERE group_id = ?" \
                 " AND player_id = ? AND game = 'canal-grande')"
        args += [s.gid, s.player_id]
    if not s.game:
        where += " AND game = 'canal-grande'"
    yield from db.execute(f"SELECT win_condition, CASE WHEN finished THEN top_player_id END,"
                          f" count(*) FROM stat_matches WHERE {where}"
                          " GROUP BY 1, 2", args)


def solo_history(db: sqlite_utils.Database, s: Scope) -> list[dict[str, Any]]:
    """Doodle China solo sheets in time order."""
    where, args = s.facts_where(player_col="top_player_id")
    if not s.game:
        where += " AND game = 'doodle-china'"
    return list(db.query(
        f"SELECT match_id, played_at, edition, top_player_id AS player_id, top_total AS total,"
        f" solo_rank, achievements FROM stat_matches WHERE {where} AND n_players = 1"
        " AND solo_rank IS NOT NULL ORDER BY played_at, match_id", args))


def plays_for_export(db: sqlite_utils.Database, gid: str) -> Iterator[tuple[Any, ...]]:
    """Every live play in time order, for the CSV: played_at, game, edition,
    match_id, player name, seat, total, place, winner, p0..p7."""
    yield from db.execute(
        f"SELECT sp.played_at, sp.game, sp.edition, sp.match_id, p.name, sp.seat, sp.total,"
        f" sp.place, sp.winner, {', '.join('sp.' + c for c in P_COLS)}"
        " FROM stat_plays sp JOIN players p ON p.id = sp.player_id"
        " WHERE sp.group_id = ? ORDER BY sp.played_at, sp.match_id, sp.seat", [gid])
