"""Stats aggregates, kept up to date inside every match write (save, edit,
delete, restore, import, player merge), in the caller's transaction.

- `stat_matches` / `stat_plays`: compact facts of each live match (no JSON to
  parse when the stats are read).
- `stats_month`: per month, game, edition and player: plays, wins, score sum,
  best and part sums (all and winners'). Rebuilt for a touched month from the
  facts, so they never drift.
- `stats_h2h`: who placed above whom, per month, with all-time totals in
  month '*' kept by adding the month's new rows and subtracting its old ones.
- `stats_streak`: the win-streak summary of each month (it glues), of each
  year and of all time (`ratings_streaks.py` folds those).
- `stats_rating`: openskill rating of each player after each finished match
  with opponents; replayed from the earliest match a write touched
  (`ratings_streaks.py`).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import sqlite_utils

from ..stats.facts import PART_COLUMNS, MatchFacts, match_facts, month_of
from .db import write
from .ratings_streaks import rebuild_streak_totals, replay_ratings, streaks_of

P_COLS = [f"p{i}" for i in range(PART_COLUMNS)]
W_COLS = [f"w{i}" for i in range(PART_COLUMNS)]
CHUNK = 500


def _chunks(items: Sequence[Any], size: int = CHUNK) -> Iterator[Sequence[Any]]:
    for start in range(0, len(items), size):
        yield items[start:start + size]


def _marks(items: Sequence[Any]) -> str:
    return ", ".join("?" for _ in items)


class Touched:
    """What a write changed: months to rebuild, players whose all-time
    streaks to refold, and per game the earliest (played_at, match) whose
    ratings must be replayed."""

    def __init__(self) -> None:
        self.months: set[str] = set()
        self.players: set[int] = set()
        self.rating_from: dict[str, tuple[str, str]] = {}

    def add(self, game: str, played_at: str, match_id: str, players: Iterable[int]) -> None:
        self.months.add(month_of(played_at))
        self.players.update(players)
        key = (played_at, match_id)
        if game not in self.rating_from or key < self.rating_from[game]:
            self.rating_from[game] = key


def sync_matches(db: sqlite_utils.Database, gid: str, mids: Iterable[str],
                 results: dict[str, dict[str, Any]] | None = None) -> None:
    """Make the facts and aggregates of these matches match what is stored
    (live, edited, deleted or restored). `results` saves re-reading JSON."""
    mids = list(dict.fromkeys(mids))
    if not mids:
        return
    touched = Touched()
    scores: dict[tuple[str, int, int], int] = defaultdict(int)
    for chunk in _chunks(mids):
        marks = _marks(chunk)
        for mid, game, played_at, players in _old_facts(db, gid, chunk):
            touched.add(game, played_at, mid, (pid for pid, _ in players))
            for pid, total in players:
                scores[(game, pid, total)] -= 1
        db.execute(f"DELETE FROM stat_plays WHERE group_id = ? AND match_id IN ({marks})",
                   [gid, *chunk])
        db.execute(f"DELETE FROM stat_matches WHERE group_id = ? AND match_id IN ({marks})",
                   [gid, *chunk])
        facts = list(_new_facts(db, gid, chunk, results or {}))
        _insert_facts(db, gid, facts)
        for f in facts:
            touched.add(f.game, f.played_at, f.match_id, (s.player_id for s in f.seats))
            for seat in f.seats:
                scores[(f.game, seat.player_id, seat.total)] += 1
    _histogram(db, gid, scores)
    refresh(db, gid, touched)


def _histogram(db: sqlite_utils.Database, gid: str, deltas: dict[tuple[str, int, int], int]
               ) -> None:
    """The all-time score histogram (for medians) moves by these counts."""
    changed = [(gid, game, pid, total, n) for (game, pid, total), n in deltas.items() if n]
    db.conn.executemany(
        "INSERT INTO stats_scores (group_id, game, player_id, total, n) VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT (group_id, game, player_id, total) DO UPDATE SET n = n + excluded.n",
        changed)
    if changed:
        db.execute("DELETE FROM stats_scores WHERE group_id = ? AND n = 0", [gid])
    update_medians(db, gid, {(game, pid) for (game, pid, _), n in deltas.items() if n})


MEDIAN_OF = """SELECT (min(CASE WHEN upto >= (count + 1) / 2 THEN total END)
    + min(CASE WHEN upto >= count / 2 + 1 THEN total END)) / 2.0 FROM (
  SELECT total, sum(n) OVER (ORDER BY total) AS upto, sum(n) OVER () AS count
  FROM stats_scores WHERE group_id = ? AND game = ? AND player_id = ?)"""


def update_medians(db: sqlite_utils.Database, gid: str, keys: Iterable[tuple[str, int]]) -> None:
    """Recompute the kept median of these (game, player) from the histogram."""
    for game, pid in sorted(set(keys)):
        value = db.execute(MEDIAN_OF, [gid, game, pid]).fetchone()[0]
        if value is None:
            db.execute("DELETE FROM stats_medians WHERE group_id = ? AND game = ?"
                       " AND player_id = ?", [gid, game, pid])
        else:
            db.execute("INSERT INTO stats_medians (group_id, game, player_id, median)"
                       " VALUES (?, ?, ?, ?) ON CONFLICT (group_id, game, player_id)"
                       " DO UPDATE SET median = excluded.median", [gid, game, pid, value])


def _old_facts(db: sqlite_utils.Database, gid: str, chunk: Sequence[str]
               ) -> Iterator[tuple[str, str, str, list[tuple[int, int]]]]:
    players: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for mid, pid, total in db.execute(
            f"SELECT match_id, player_id, total FROM stat_plays WHERE group_id = ?"
            f" AND match_id IN ({_marks(chunk)})", [gid, *chunk]):
        players[mid].append((pid, total))
    for mid, game, played_at in db.execute(
            f"SELECT match_id, game, played_at FROM stat_matches WHERE group_id = ?"
            f" AND match_id IN ({_marks(chunk)})", [gid, *chunk]):
        yield mid, game, played_at, players[mid]


def _new_facts(db: sqlite_utils.Database, gid: str, chunk: Sequence[str],
               results: dict[str, dict[str, Any]]) -> Iterator[MatchFacts]:
    seats: dict[str, list[tuple[int, int, int, bool]]] = defaultdict(list)
    for mid, pid, total, place, winner in db.execute(
            f"SELECT match_id, player_id, total, place, winner FROM match_players"
            f" WHERE group_id = ? AND match_id IN ({_marks(chunk)}) ORDER BY match_id, seat",
            [gid, *chunk]):
        seats[mid].append((pid, total, place, bool(winner)))
    known = [m for m in chunk if m in results]
    unknown = [m for m in chunk if m not in results]
    rows: list[tuple[str, str, Any]] = []
    if known:
        rows += [(mid, played_at, results[mid]) for mid, played_at in db.execute(
            f"SELECT id, played_at FROM matches WHERE group_id = ? AND deleted_at IS NULL"
            f" AND id IN ({_marks(known)})", [gid, *known])]
    if unknown:
        rows += [(mid, played_at, json.loads(result)) for mid, played_at, result in db.execute(
            f"SELECT id, played_at, result FROM matches WHERE group_id = ?"
            f" AND deleted_at IS NULL AND id IN ({_marks(unknown)})", [gid, *unknown])]
    for mid, played_at, result in rows:
        if seats[mid]:
            yield match_facts(mid, played_at, result, seats[mid])


def _insert_facts(db: sqlite_utils.Database, gid: str, facts: list[MatchFacts]) -> None:
    if not facts:
        return
    db.conn.executemany(
        "INSERT INTO stat_matches (group_id, match_id, game, edition, played_at, month,"
        " n_players, finished, top_player_id, top_total, margin, solo_rank, achievements,"
        " win_condition) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(gid, f.match_id, f.game, f.edition, f.played_at, month_of(f.played_at),
          len(f.seats), int(f.finished), f.top_player_id, f.top_total, f.margin, f.solo_rank,
          json.dumps(list(f.achievements), ensure_ascii=False) if f.solo_rank else None,
          f.win_condition) for f in facts])
    db.conn.executemany(
        f"INSERT INTO stat_plays (group_id, match_id, seat, player_id, game, edition, played_at,"
        f" month, solo, rated, total, place, winner, {', '.join(P_COLS)})"
        f" VALUES ({_marks(range(13 + PART_COLUMNS))})",
        [(gid, f.match_id, s.seat, s.player_id, f.game, f.edition, f.played_at,
          month_of(f.played_at), int(f.solo), int(f.rated), s.total, s.place, int(s.winner),
          *s.parts) for f in facts for s in f.seats])


def refresh(db: sqlite_utils.Database, gid: str, touched: Touched) -> None:
    """Rebuild what the touched months, players and games feed."""
    for month in sorted(touched.months):
        _rebuild_month(db, gid, month)
    rebuild_streak_totals(db, gid, touched.players, {m[:4] for m in touched.months})
    for game, key in sorted(touched.rating_from.items()):
        replay_ratings(db, gid, game, key)


SUM_COLS = ["plays", "solo", "rated", "wins", "score_sum", *P_COLS, *W_COLS]


def _rebuild_month(db: sqlite_utils.Database, gid: str, month: str) -> None:
    """Recompute a month's rows from the facts; the all-time rows (month
    '*') lose the month's old rows and gain its new ones."""
    args = [gid, month]
    old_keys = db.execute("SELECT game, edition, player_id FROM stats_month WHERE group_id = ?"
                          " AND month = ?", args).fetchall()
    _month_totals(db, gid, month, sign=-1)
    db.execute("DELETE FROM stats_month WHERE group_id = ? AND month = ?", args)
    for table in ("stats_games", "stats_h2h", "stats_outcomes"):
        db.execute(f"DELETE FROM {table} WHERE group_id = ? AND month = ?", args)
    wins_parts = ", ".join(f"sum(CASE WHEN winner AND rated THEN {p} END)" for p in P_COLS)
    db.execute(
        f"INSERT INTO stats_month (group_id, month, game, edition, player_id, plays, solo, rated,"
        f" wins, score_sum, best, {', '.join(P_COLS)}, {', '.join(W_COLS)})"
        f" SELECT group_id, month, game, edition, player_id, count(*), sum(solo), sum(rated),"
        f" sum(winner * rated), sum(total), max(total),"
        f" {', '.join(f'sum({p})' for p in P_COLS)}, {wins_parts}"
        f" FROM stat_plays INDEXED BY stat_plays_by_month WHERE group_id = ? AND month = ?"
        " GROUP BY game, edition, player_id", args)
    db.execute("INSERT INTO stats_games (group_id, month, game, edition, matches)"
               " SELECT group_id, month, game, edition, count(*) FROM stat_matches"
               " INDEXED BY stat_matches_by_month WHERE group_id = ? AND month = ? GROUP BY game, edition", args)
    db.execute("INSERT INTO stats_outcomes (group_id, month, game, outcome, player_id, n)"
               " SELECT group_id, month, game, coalesce(win_condition, 'unfinished'),"
               " CASE WHEN finished THEN top_player_id ELSE 0 END, count(*) FROM stat_matches"
               " INDEXED BY stat_matches_by_month WHERE group_id = ? AND month = ? AND game = 'canal-grande' GROUP BY 4, 5", args)
    db.execute("INSERT INTO stats_outcomes (group_id, month, game, outcome, player_id, n)"
               " SELECT group_id, month, game, solo_rank, top_player_id, count(*) FROM stat_matches"
               " INDEXED BY stat_matches_by_month WHERE group_id = ? AND month = ? AND n_players = 1 AND solo_rank IS NOT NULL"
               " GROUP BY 3, 4, 5", args)
    db.execute(
        "INSERT INTO stats_h2h (group_id, month, game, player_id, opponent_id, wins, losses, ties)"
        " SELECT a.group_id, a.month, a.game, a.player_id, b.player_id, sum(a.place < b.place),"
        " sum(a.place > b.place), sum(a.place = b.place)"
        " FROM stat_plays a INDEXED BY stat_plays_by_month JOIN stat_plays b"
        " ON b.group_id = a.group_id AND b.match_id = a.match_id AND b.player_id != a.player_id"
        " WHERE a.group_id = ? AND a.month = ? AND a.rated = 1"
        " GROUP BY a.game, a.player_id, b.player_id", args)
    _month_totals(db, gid, month, sign=1)
    db.conn.executemany(
        "UPDATE stats_month SET best = coalesce((SELECT max(m.best) FROM stats_month m"
        " WHERE m.group_id = ?1 AND m.game = ?2 AND m.edition = ?3 AND m.player_id = ?4"
        " AND m.month != '*'), 0) WHERE group_id = ?1 AND month = '*' AND game = ?2"
        " AND edition = ?3 AND player_id = ?4", [(gid, *key) for key in old_keys])
    db.execute("DELETE FROM stats_month WHERE group_id = ? AND month = '*' AND plays = 0", [gid])
    db.execute("DELETE FROM stats_games WHERE group_id = ? AND month = '*' AND matches = 0", [gid])
    db.execute("DELETE FROM stats_outcomes WHERE group_id = ? AND month = '*' AND n = 0", [gid])
    db.execute("DELETE FROM stats_periods WHERE group_id = ? AND period IN (?, ?) AND plays = 0",
               [gid, *_periods(month)])
    db.execute("DELETE FROM stats_h2h WHERE group_id = ? AND month IN ('*', ?, ?) AND wins = 0"
               " AND losses = 0 AND ties = 0", [gid, *_rollups(month)])
    db.execute("DELETE FROM stats_streak WHERE group_id = ? AND month = ?", args)
    rows = db.execute("SELECT player_id, game, winner FROM stat_plays INDEXED BY"
                      " stat_plays_by_month WHERE group_id = ? AND month = ? AND rated = 1"
                      " ORDER BY played_at, match_id, seat", args)
    db.conn.executemany(
        "INSERT INTO stats_streak (group_id, month, game, player_id, n, prefix, suffix, longest)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(gid, month, game, pid, s.n, s.prefix, s.suffix, s.longest)
         for (pid, game), s in streaks_of(rows).items()])


def _periods(month: str) -> tuple[str, str]:
    """The year and the quarter a month adds to: ("2024", "2024-Q2")."""
    return month[:4], f"{month[:4]}-Q{(int(month[5:7]) + 2) // 3}"


def _rollups(month: str) -> tuple[str, str]:
    """The head-to-head rollup keys a month adds to: ("Y2024", "Q2024-2")."""
    return f"Y{month[:4]}", f"Q{month[:4]}-{(int(month[5:7]) + 2) // 3}"


def _month_totals(db: sqlite_utils.Database, gid: str, month: str, sign: int) -> None:
    """Add (sign 1) or take away (sign -1) a month's rows to the '*' rows.
    Bests only grow here; `_rebuild_month` recomputes those that may shrink."""
    cols = ", ".join(SUM_COLS)
    signed = ", ".join(f"{sign} * coalesce({c}, 0)" for c in SUM_COLS)
    added = ", ".join(f"{c} = {c} + excluded.{c}" for c in SUM_COLS)
    db.execute(
        f"INSERT INTO stats_month (group_id, month, game, edition, player_id, {cols}, best)"
        f" SELECT group_id, '*', game, edition, player_id, {signed}, best FROM stats_month"
        " WHERE group_id = ? AND month = ? ON CONFLICT (group_id, month, game, edition, player_id)"
        f" DO UPDATE SET {added}, best = max(best, excluded.best)", [gid, month])
    for period in _periods(month):
        db.execute(
            "INSERT INTO stats_periods (group_id, period, game, player_id, plays, score_sum)"
            f" SELECT group_id, ?, game, player_id, {sign} * sum(plays), {sign} * sum(score_sum)"
            " FROM stats_month WHERE group_id = ? AND month = ? GROUP BY game, player_id"
            " ON CONFLICT (group_id, period, game, player_id) DO UPDATE SET"
            " plays = plays + excluded.plays, score_sum = score_sum + excluded.score_sum",
            [period, gid, month])
    db.execute(
        "INSERT INTO stats_outcomes (group_id, month, game, outcome, player_id, n)"
        f" SELECT group_id, '*', game, outcome, player_id, {sign} * n FROM stats_outcomes"
        " WHERE group_id = ? AND month = ? ON CONFLICT (group_id, month, game, outcome,"
        " player_id) DO UPDATE SET n = n + excluded.n", [gid, month])
    db.execute(
        f"INSERT INTO stats_games (group_id, month, game, edition, matches)"
        f" SELECT group_id, '*', game, edition, {sign} * matches FROM stats_games"
        " WHERE group_id = ? AND month = ? ON CONFLICT (group_id, month, game, edition)"
        " DO UPDATE SET matches = matches + excluded.matches", [gid, month])
    db.execute(
        "INSERT INTO stats_h2h (group_id, month, game, player_id, opponent_id, wins, losses, ties)"
        f" SELECT group_id, '*', game, player_id, opponent_id, {sign} * wins, {sign} * losses,"
        f" {sign} * ties FROM stats_h2h WHERE group_id = ? AND month = ?"
        " ON CONFLICT (group_id, month, game, player_id, opponent_id) DO UPDATE SET"
        " wins = wins + excluded.wins, losses = losses + excluded.losses,"
        " ties = ties + excluded.ties", [gid, month])
    for key in ("*", *_rollups(month)):  # all games together (game '*'): all time, year, quarter
        db.execute(
            "INSERT INTO stats_h2h (group_id, month, game, player_id, opponent_id, wins, losses,"
            f" ties) SELECT group_id, ?, '*', player_id, opponent_id, {sign} * sum(wins),"
            f" {sign} * sum(losses), {sign} * sum(ties) FROM stats_h2h WHERE group_id = ?"
            " AND month = ? GROUP BY player_id, opponent_id"
            " ON CONFLICT (group_id, month, game, player_id, opponent_id) DO UPDATE SET"
            " wins = wins + excluded.wins, losses = losses + excluded.losses,"
            " ties = ties + excluded.ties", [key, gid, month])


def repoint_player(db: sqlite_utils.Database, gid: str, old: int, new: int) -> None:
    """After a merge: the facts of `old` become `new`'s, and everything they
    fed is rebuilt (call inside the merge's transaction)."""
    touched = Touched()
    for mid, game, played_at in db.execute(
            "SELECT match_id, game, played_at FROM stat_plays WHERE group_id = ?"
            " AND player_id = ?", [gid, old]).fetchall():
        touched.add(game, played_at, mid, (old, new))
    db.execute("UPDATE stat_plays SET player_id = ? WHERE group_id = ? AND player_id = ?",
               [new, gid, old])
    db.execute("UPDATE stat_matches SET top_player_id = ? WHERE group_id = ?"
               " AND top_player_id = ?", [new, gid, old])
    db.execute("DELETE FROM stats_rating WHERE group_id = ? AND player_id = ?", [gid, old])
    db.execute("DELETE FROM stats_rating_months WHERE group_id = ? AND player_id = ?",
               [gid, old])
    db.execute("INSERT INTO stats_scores (group_id, game, player_id, total, n)"
               " SELECT group_id, game, ?, total, n FROM stats_scores WHERE group_id = ?"
               " AND player_id = ? AND true ON CONFLICT (group_id, game, player_id, total)"
               " DO UPDATE SET n = n + excluded.n", [new, gid, old])
    db.execute("DELETE FROM stats_scores WHERE group_id = ? AND player_id = ?", [gid, old])
    db.execute("DELETE FROM stats_medians WHERE group_id = ? AND player_id = ?", [gid, old])
    update_medians(db, gid, [(r[0], new) for r in db.execute(
        "SELECT DISTINCT game FROM stats_scores WHERE group_id = ? AND player_id = ?", [gid, new])])
    touched.players.update((old, new))
    refresh(db, gid, touched)


def rebuild_group(db: sqlite_utils.Database, gid: str) -> int:
    """Recompute every fact and aggregate of a group from the stored matches
    (a repair tool; writes use `sync_matches`). Returns the matches seen."""
    for table in ("stat_plays", "stat_matches", "stats_month", "stats_games", "stats_h2h",
                  "stats_streak", "stats_rating", "stats_scores", "stats_periods",
                  "stats_outcomes", "stats_medians", "stats_rating_months"):
        db.execute(f"DELETE FROM {table} WHERE group_id = ?", [gid])
    mids = [r[0] for r in db.execute("SELECT id FROM matches WHERE group_id = ?"
                                     " AND deleted_at IS NULL", [gid])]
    sync_matches(db, gid, mids)
    db.execute("DELETE FROM stats_backfill WHERE group_id = ?", [gid])
    return len(mids)


def backfill(db: sqlite_utils.Database, gid: str) -> bool:
    """Give a group whose matches predate the stats its facts (once)."""
    if not db.execute("SELECT 1 FROM stats_backfill WHERE group_id = ?", [gid]).fetchone():
        return False
    with write(db):
        if db.execute("SELECT 1 FROM stats_backfill WHERE group_id = ?", [gid]).fetchone():
            rebuild_group(db, gid)
    return True
