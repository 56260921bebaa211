"""Named read queries behind the stats answer. Each takes a `Scope`: the
group, an optional game and player, and the time window as played_at bounds
[lo, hi) split into whole months (read from the monthly aggregates) and the
partial days at either end (read from the facts); `Scope` itself is in
`stats_scope`."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import sqlite_utils

from ..stats.facts import PART_COLUMNS, new_rating, rate
from .stats_scope import Scope, rollup_keys

P_COLS = [f"p{i}" for i in range(PART_COLUMNS)]
W_COLS = [f"w{i}" for i in range(PART_COLUMNS)]
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
            f" FROM {s.plays(edge=True)} WHERE {where} GROUP BY game, edition, player_id", args)


PERIODS = {
    "month": "month",
    "quarter": "substr(month, 1, 4) || '-Q' || ((CAST(substr(month, 6, 2) AS INTEGER) + 2) / 3)",
    "year": "substr(month, 1, 4)",
}


def month_span(db: sqlite_utils.Database, s: Scope) -> tuple[str | None, str | None]:
    """First and last month with a match in the window."""
    where, args = s.facts_where(player_col="", months=False)
    first = db.execute(f"SELECT min(played_at) FROM {s.matches()} WHERE {where}", args).fetchone()
    last = db.execute(f"SELECT max(played_at) FROM {s.matches()} WHERE {where}", args).fetchone()
    return (first[0] or "")[:7] or None, (last[0] or "")[:7] or None


def period_scores(db: sqlite_utils.Database, s: Scope, period: str
                  ) -> Iterator[tuple[str, str, int, int, int]]:
    """(period, game, player_id, plays, score_sum) for the score trend;
    `period` is month, quarter or year (maybe several rows per key: merge)."""
    expr = PERIODS[period]
    if not s.bounded and period != "month":
        where, args = s.facts_where()
        shape = "length(period) = 4" if period == "year" else "period LIKE '____-Q_'"
        yield from db.execute(f"SELECT period, game, player_id, plays, score_sum FROM stats_periods"
                              f" WHERE {where} AND {shape}", args)
        return
    if not s.months_empty:
        where, args = s.months_where()
        yield from db.execute(
            f"SELECT {expr} AS period, game, player_id, sum(plays), sum(score_sum)"
            f" FROM stats_month WHERE {where} GROUP BY period, game, player_id", args)
    for lo, hi in s.edges:
        where, args = s.facts_where(lo=lo, hi=hi, edge=True)
        yield from db.execute(
            f"SELECT {expr} AS period, game, player_id, count(*), sum(total)"
            f" FROM {s.plays(edge=True)} WHERE {where} GROUP BY period, game, player_id", args)


MEDIAN = """WITH h AS (SELECT game, player_id, total, n,
    sum(n) OVER (PARTITION BY game, player_id ORDER BY total) AS upto,
    sum(n) OVER (PARTITION BY game, player_id) AS count FROM ({rows}))
  SELECT game, player_id, (min(CASE WHEN upto >= (count + 1) / 2 THEN total END)
    + min(CASE WHEN upto >= count / 2 + 1 THEN total END)) / 2.0 FROM h GROUP BY game, player_id"""


def medians(db: sqlite_utils.Database, s: Scope) -> Iterator[tuple[str, int, float]]:
    """(game, player_id, median score), worked out by SQLite from the
    all-time histogram or, for a window, from the facts."""
    where, args = s.facts_where()
    if not s.bounded:
        yield from db.execute(f"SELECT game, player_id, median FROM stats_medians WHERE {where}",
                              args)
        return
    if s.player_id is None and s.long_window():  # scan scores in order, no sort
        where, args = s.facts_where(months=False)
        table = "stat_plays INDEXED BY stat_plays_scores_by_day"
    else:
        table = s.plays()
    rows = (f"SELECT game, player_id, total, count(*) AS n FROM {table} WHERE {where}"
            " GROUP BY game, player_id, total")
    yield from db.execute(MEDIAN.format(rows=rows), args)


def head_to_head(db: sqlite_utils.Database, s: Scope) -> Iterator[tuple[str, int, int, int, int, int]]:
    """(game, player_id, opponent_id, wins, losses, ties), maybe several rows
    per key (merge); game is '*' (all games together) without a game filter."""
    if not s.bounded:
        where, args = s.months_where(total=True)
        if not s.game:
            where += " AND game = '*'"
        yield from db.execute(
            f"SELECT game, player_id, opponent_id, wins, losses, ties FROM stats_h2h"
            f" WHERE {where}", args)
        return
    if not s.months_empty and s.game:
        where, args = s.months_where()
        yield from db.execute(
            f"SELECT game, player_id, opponent_id, sum(wins), sum(losses), sum(ties)"
            f" FROM stats_h2h WHERE {where} GROUP BY player_id, opponent_id", args)
    elif not s.months_empty:  # all games: whole years and quarters from their rollups
        first, last = s.month_from, s.month_to
        if first is None or last is None:
            span = month_span(db, Scope(s.gid))
            if span[0] is None:
                return
            first = first or span[0][:4] + "-01"
            last = last or span[1][:4] + "-12"
        keys = rollup_keys(first, last) if first <= last else []
        if keys:
            where = "group_id = ? AND month IN (" + ", ".join("?" for _ in keys) + ")"
            args = [s.gid, *keys]
            if s.player_id is not None:
                where, args = where + " AND player_id = ?", [*args, s.player_id]
            yield from db.execute(
                f"SELECT '*', player_id, opponent_id, sum(wins), sum(losses), sum(ties)"
                f" FROM stats_h2h WHERE {where} GROUP BY player_id, opponent_id", args)
    for lo, hi in s.edges:
        where, args = s.facts_where("a", lo=lo, hi=hi, edge=True)
        yield from db.execute(
            "SELECT '*', a.player_id, b.player_id, sum(a.place < b.place),"
            " sum(a.place > b.place), sum(a.place = b.place)"
            f" FROM {s.plays('a', edge=True)} JOIN stat_plays b ON b.group_id = a.group_id"
            " AND b.match_id = a.match_id AND b.player_id != a.player_id"
            f" WHERE {where} AND a.rated = 1 GROUP BY a.player_id, b.player_id", args)


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
    return db.execute(f"SELECT player_id, game, winner FROM {s.plays(edge=True)} WHERE {where}"
                      " AND rated = 1 ORDER BY played_at, match_id, seat", args).fetchall()


def match_counts_by_game(db: sqlite_utils.Database, s: Scope) -> dict[tuple[str, str], int]:
    """(game, edition) -> matches in the window."""
    out: dict[tuple[str, str], int] = defaultdict(int)
    if s.player_id is not None:
        where, args = s.facts_where()
        for g, e, n in db.execute(f"SELECT game, edition, count(DISTINCT match_id)"
                                  f" FROM {s.plays()} WHERE {where} GROUP BY game, edition",
                                  args):
            out[(g, e)] += n
        return dict(out)
    if not s.months_empty:
        where, args = s.months_where(total=not s.bounded)
        for g, e, n in db.execute(f"SELECT game, edition, sum(matches) FROM stats_games"
                                  f" WHERE {where} GROUP BY game, edition", args):
            out[(g, e)] += n
    for lo, hi in s.edges:
        where, args = s.facts_where(lo=lo, hi=hi, edge=True, player_col="", months=False)
        for g, e, n in db.execute(f"SELECT game, edition, count(*) FROM {s.matches()}"
                                  f" WHERE {where} GROUP BY game, edition", args):
            out[(g, e)] += n
    return dict(out)


def place_ratings(db: sqlite_utils.Database, s: Scope) -> list[tuple[Any, ...]]:
    """(game, player_id, played_at, match_id, mu, sigma) after each finished
    match with opponents at the scope's place up to its end, rated from
    scratch over those matches only (the kept ratings count every place)."""
    place, args = s.place_where()
    where = ["group_id = ?", "rated = 1", place]
    args = [s.gid, *args]
    if s.game:
        where, args = where + ["game = ?"], [*args, s.game]
    if s.hi:
        where, args = where + ["played_at < ?"], [*args, s.hi]
    current: dict[tuple[str, int], tuple[float, float]] = {}
    out: list[tuple[Any, ...]] = []
    match: tuple[str, str, str] | None = None
    seats: dict[int, int] = {}

    def flush() -> None:
        if match is None or len(seats) < 2:
            return
        game, played_at, mid = match
        pids = list(seats)
        now = rate([current.get((game, p)) or new_rating() for p in pids], [seats[p] for p in pids])
        for pid, (mu, sigma) in zip(pids, now, strict=True):
            current[(game, pid)] = (mu, sigma)
            out.append((game, pid, played_at, mid, mu, sigma))

    for game, mid, played_at, pid, rank in db.execute(
            f"SELECT game, match_id, played_at, player_id, place FROM stat_plays"
            f" WHERE {' AND '.join(where)} ORDER BY game, played_at, match_id, seat", args):
        if (game, played_at, mid) != match:
            flush()
            match, seats = (game, played_at, mid), {}
        seats.setdefault(pid, rank)  # one person in two seats counts once
    flush()
    return out


def ratings_at(db: sqlite_utils.Database, s: Scope, keys: list[tuple[str, int]]
               ) -> dict[tuple[str, int], tuple[float, float]]:
    """(game, player_id) -> (mu, sigma) as of the window's end."""
    if s.location is not None:
        wanted = set(keys)
        return {(g, p): (mu, sigma) for g, p, _at, _mid, mu, sigma in place_ratings(db, s)
                if (g, p) in wanted}
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
    if s.location is not None:
        rows = [(pid, at, mid, mu, sigma) for _g, pid, at, mid, mu, sigma in place_ratings(db, s)
                if (s.lo is None or at >= s.lo) and (s.player_id is None or pid == s.player_id)]
        yield from sorted(rows, key=lambda r: (r[1], r[2], r[0]))
        return
    where, args = s.facts_where(months=False)
    yield from db.execute(f"SELECT player_id, played_at, match_id, mu, sigma FROM stats_rating"
                          f" WHERE {where} ORDER BY played_at, match_id, player_id", args)


def highest_score(db: sqlite_utils.Database, s: Scope, game: str, player_id: int, total: int
                  ) -> dict[str, Any] | None:
    """The first match in the window where this player scored `total` at `game`
    (the best score comes from the aggregates; this finds where it was made)."""
    where, args = s.facts_where()
    if s.player_id is None:
        where, args = where + " AND player_id = ?", [*args, player_id]
    if not s.game:
        where, args = where + " AND game = ?", [*args, game]
    rows = list(db.query(
        f"SELECT match_id, played_at, player_id, total, solo FROM stat_plays INDEXED BY"
        f" stat_plays_by_player WHERE {where} AND total = ? ORDER BY played_at, match_id LIMIT 1",
        [*args, total]))
    return rows[0] if rows else None


def biggest_margin(db: sqlite_utils.Database, s: Scope, game: str) -> dict[str, Any] | None:
    where, args = s.facts_where(player_col="top_player_id", months=False)
    if not s.game:
        where, args = where + " AND game = ?", [*args, game]
    index = "stat_matches_by_winner" if s.player_id is not None else "stat_matches_margin_days"
    rows = list(db.query(
        f"SELECT match_id, played_at, top_player_id AS player_id, top_total AS total, margin"
        f" FROM stat_matches INDEXED BY {index} WHERE {where} AND margin IS NOT NULL"
        " ORDER BY margin DESC, played_at, match_id LIMIT 1", args))
    return rows[0] if rows else None


def win_conditions(db: sqlite_utils.Database, s: Scope) -> Iterator[tuple[str, int, int]]:
    """Canal Grande: (win condition or "unfinished", winner or 0, matches)."""
    if s.player_id is not None:
        where, args = s.facts_where(player_col="", months=False)
        yield from db.execute(
            "SELECT coalesce(win_condition, 'unfinished'), CASE WHEN finished THEN top_player_id"
            " ELSE 0 END, count(*) FROM stat_matches WHERE group_id = ? AND match_id IN"
            " (SELECT match_id FROM stat_plays INDEXED BY stat_plays_scores WHERE"
            f" {where.replace('group_id', 'stat_plays.group_id', 1)} AND player_id = ?"
            " AND game = 'canal-grande') GROUP BY 1, 2", [s.gid, *args, s.player_id])
        return
    if not s.months_empty:
        where, args = s.months_where(total=not s.bounded)
        yield from db.execute(f"SELECT outcome, player_id, sum(n) FROM stats_outcomes"
                              f" WHERE {where.replace('player_id = ?', 'true')}"
                              " AND game = 'canal-grande' GROUP BY 1, 2", args)
    for lo, hi in s.edges:
        where, args = s.facts_where(lo=lo, hi=hi, edge=True, player_col="", months=False)
        yield from db.execute(
            "SELECT coalesce(win_condition, 'unfinished'), CASE WHEN finished THEN top_player_id"
            f" ELSE 0 END, count(*) FROM stat_matches INDEXED BY stat_matches_outcomes"
            f" WHERE {where} AND game = 'canal-grande' GROUP BY 1, 2", args)


def solo_sheets(db: sqlite_utils.Database, s: Scope, latest: int
                ) -> tuple[dict[str, int], list[dict[str, Any]]]:
    """Doodle China solo sheets in the window: how many reached each rank,
    and the `latest` ones in time order."""
    where, args = s.facts_where(player_col="top_player_id", months=False)
    if not s.game:
        where += " AND game = 'doodle-china'"
    where += " AND n_players = 1 AND solo_rank IS NOT NULL"
    ranks: dict[str, int] = defaultdict(int)
    if not s.months_empty:  # player_id of a solo outcome is the one who played
        mw, margs = s.months_where(total=not s.bounded)
        for rank, n in db.execute(f"SELECT outcome, sum(n) FROM stats_outcomes WHERE {mw}"
                                  " AND game = 'doodle-china' GROUP BY 1", margs):
            ranks[rank] += n
    for lo, hi in s.edges:
        ew, eargs = s.facts_where(lo=lo, hi=hi, edge=True, player_col="top_player_id",
                                  months=False)
        for rank, n in db.execute(
                f"SELECT solo_rank, count(*) FROM stat_matches INDEXED BY stat_matches_solo"
                f" WHERE {ew} AND game = 'doodle-china' AND n_players = 1"
                " AND solo_rank IS NOT NULL GROUP BY 1", eargs):
            ranks[rank] += n
    rows = list(db.query(
        f"SELECT match_id, played_at, edition, top_player_id AS player_id, top_total AS total,"
        f" solo_rank, achievements FROM stat_matches INDEXED BY stat_matches_solo"
        f" WHERE {where} ORDER BY played_at DESC, match_id DESC LIMIT ?", [*args, latest]))
    return dict(ranks), rows[::-1]


def plays_for_export(db: sqlite_utils.Database, gid: str) -> Iterator[tuple[Any, ...]]:
    """Every live play in time order, for the CSV: played_at, game, edition,
    match_id, player name, seat, total, place, winner, p0..p7."""
    yield from db.execute(
        f"SELECT sp.played_at, sp.game, sp.edition, sp.match_id, p.name, sp.seat, sp.total,"
        f" sp.place, sp.winner, {', '.join('sp.' + c for c in P_COLS)}"
        " FROM stat_plays sp JOIN players p ON p.id = sp.player_id"
        " WHERE sp.group_id = ? ORDER BY sp.played_at, sp.match_id, sp.seat", [gid])


def rating_by_period(db: sqlite_utils.Database, s: Scope, period: str
                     ) -> Iterator[tuple[int, str, float, float]]:
    """(player_id, period, mu, sigma): each player's rating at the end of each
    period (month, quarter or year) in the window they played in, from the
    kept month-end ratings (the partial months at a window's ends: from the
    history)."""
    expr = PERIODS[period]
    rows: list[tuple[int, str, str, float, float]] = []  # (player, month, order, mu, sigma)
    if s.location is not None:
        rows += [(pid, at[:7], f"{at} {mid}", mu, sigma) for pid, at, mid, mu, sigma in rating_history(db, s)]
    elif not s.months_empty:
        where, args = s.months_where()
        rows += db.execute(f"SELECT player_id, month, month, mu, sigma FROM stats_rating_months"
                           f" WHERE {where}", args).fetchall()
    for lo, hi in s.edges if s.location is None else ():
        where, args = s.facts_where(lo=lo, hi=hi, edge=True, months=False)
        rows += [(pid, at[:7], at[:7], mu, sigma) for pid, at, mu, sigma, _ in db.execute(
            "SELECT player_id, played_at, mu, sigma, max(played_at || ' ' || match_id)"
            f" FROM stats_rating WHERE {where} GROUP BY player_id", args)]
    latest: dict[tuple[int, str], tuple[str, float, float]] = {}
    to_period = _period_of(expr)
    for pid, month, order, mu, sigma in rows:
        key = (pid, to_period(month))
        if key not in latest or order > latest[key][0]:
            latest[key] = (order, mu, sigma)
    for (pid, per), (_, mu, sigma) in sorted(latest.items(), key=lambda kv: kv[0][1]):
        yield pid, per, mu, sigma


def _period_of(expr: str) -> Any:
    if expr == "month":
        return lambda m: m
    if expr.startswith("substr(month, 1, 4) ||"):
        return lambda m: f"{m[:4]}-Q{(int(m[5:7]) + 2) // 3}"
    return lambda m: m[:4]
