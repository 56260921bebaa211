"""The stats answer (api.md "Stats"), built from the aggregates storage keeps.

Conventions (also shown on the pages):
- `plays` counts every match a player took part in, solo ones too; `wins`
  counts finished matches with opponents the player won (a shared win counts
  for each winner); `win_rate` = wins / such matches (`rated`), so a solo
  sheet is neither a win nor a loss.
- `mean_score`, `median_score` and `best` are over all the player's matches
  of that game, solo ones included.
- Head-to-head and streaks use finished matches with opponents, by place.
- Ratings (openskill Plackett-Luce, one per game) are as of the end of the
  window: a rating sums up everything before it.
"""

from __future__ import annotations

import json
from collections import defaultdict
from datetime import date, timedelta
from typing import Any

import sqlite_utils

from .. import storage
from ..games import GAMES
from ..storage.stats_scope import Scope
from .facts import (
    EDITIONS,
    SOLO_RANKS,
    WIN_CONDITIONS,
    Streak,
    ordinal,
    parts_of,
    ratio,
)

SOLO_HISTORY = 100
TREND_POINTS = 24


def _next_month(month: str) -> str:
    y, m = int(month[:4]), int(month[5:7])
    return f"{y + m // 12:04d}-{m % 12 + 1:02d}"


def _prev_month(month: str) -> str:
    y, m = int(month[:4]), int(month[5:7])
    return f"{y - (m == 1):04d}-{(m - 2) % 12 + 1:02d}"


def scope(gid: str, *, game: str | None = None, player_id: int | None = None,
          date_from: date | None = None, date_to: date | None = None,
          location: str | None = None) -> Scope:
    """Split the days [from, to] into whole months and the partial ends. At
    one place the whole window is one "edge": the month aggregates know no
    places, so every figure is read from the facts of that place's matches."""
    lo = date_from.isoformat() if date_from else None
    hi = (date_to + timedelta(days=1)).isoformat() if date_to else None
    if location is not None:
        key = " ".join(location.split()).lower()
        return Scope(gid, game, player_id, lo, hi, None, None, True, ((lo, hi),), key)
    if lo is None and hi is None:
        return Scope(gid, game, player_id)
    first = None if lo is None else lo[:7] if lo.endswith("-01") else _next_month(lo[:7])
    last = None if hi is None else _prev_month(hi[:7])
    if first is not None and last is not None and first > last:
        return Scope(gid, game, player_id, lo, hi, None, None, True, ((lo, hi),))
    edges = []
    if lo is not None and not lo.endswith("-01"):
        edges.append((lo, first + "-01"))
    if hi is not None and not hi.endswith("-01"):
        edges.append((hi[:7] + "-01", hi))
    return Scope(gid, game, player_id, lo, hi, first, last, False, tuple(edges))


def _mean(total: float, n: int) -> float | None:
    return round(total / n, 2) if n else None


class _Tally:
    """Summed figures of one (game, edition, player) key."""

    def __init__(self) -> None:
        self.plays = self.solo = self.rated = self.wins = self.score = 0
        self.best: int | None = None
        self.parts = [0] * 8
        self.win_parts = [0] * 8

    def add(self, row: tuple[Any, ...]) -> None:
        plays, solo, rated, wins, score, best = row[3:9]
        self.plays += plays
        self.solo += solo
        self.rated += rated
        self.wins += wins
        self.score += score
        self.best = best if self.best is None else max(self.best, best)
        for i in range(8):
            self.parts[i] += row[9 + i] or 0
            self.win_parts[i] += row[17 + i] or 0

    def merge(self, other: _Tally) -> None:
        self.plays += other.plays
        self.solo += other.solo
        self.rated += other.rated
        self.wins += other.wins
        self.score += other.score
        if other.best is not None:
            self.best = other.best if self.best is None else max(self.best, other.best)
        for i in range(8):
            self.parts[i] += other.parts[i]
            self.win_parts[i] += other.win_parts[i]

    def figures(self) -> dict[str, Any]:
        return {"plays": self.plays, "wins": self.wins, "mean_score": _mean(self.score, self.plays),
                "best": self.best, "solo_plays": self.solo, "rated_plays": self.rated,
                "win_rate": ratio(self.wins, self.rated)}


def _trend_period(first: str | None, last: str | None) -> str:
    """Months while they fit TREND_POINTS, else quarters, else years."""
    if not first or not last:
        return "month"
    span = (int(last[:4]) - int(first[:4])) * 12 + int(last[5:7]) - int(first[5:7]) + 1
    return "month" if span <= TREND_POINTS else "quarter" if span <= TREND_POINTS * 3 else "year"


def build(db: sqlite_utils.Database, s: Scope, *, include_hidden: bool = False
          ) -> dict[str, Any]:
    storage.stats_backfill(db, s.gid)
    names = storage.player_names(db, s.gid)

    def name(pid: int | None) -> str | None:
        return names.get(pid, ("?", False))[0] if pid is not None else None

    def listed(pid: int) -> bool:
        return include_hidden or pid == s.player_id or not names.get(pid, ("", False))[1]

    tallies: dict[tuple[str, str, int], _Tally] = defaultdict(_Tally)
    for row in storage.stats_player_game_totals(db, s):
        tallies[(row[0], row[1], row[2])].add(row)
    per_game: dict[tuple[int, str], _Tally] = defaultdict(_Tally)
    for (game, _edition, pid), t in tallies.items():
        per_game[(pid, game)].merge(t)
    if s.player_id is None:
        counts = storage.stats_match_counts_by_game(db, s)
    else:  # a player's matches are their plays
        counts = {(g, e): t.plays for (g, e, pid), t in tallies.items() if pid == s.player_id}

    medians = {(pid, game): m for game, pid, m in storage.stats_medians(db, s)}

    streaks: dict[tuple[int, str], Streak] = defaultdict(Streak)
    for kind, piece in storage.stats_streak_parts(db, s):
        if kind == "summary":
            game, pid, *rest = piece
            streaks[(pid, game)] = streaks[(pid, game)] + Streak(*rest)
        else:
            for key, streak in storage.stats_streaks_of(piece).items():
                streaks[key] = streaks[key] + streak

    ratings = storage.stats_ratings_at(db, s, sorted((g, p) for p, g in per_game))
    period = _trend_period(*storage.stats_month_span(db, s))
    trend = _trends(storage.stats_period_scores(db, s, period))

    h2h: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0, 0]))
    for _game, pid, opp, wins, losses, ties in storage.stats_head_to_head(db, s):
        cell = h2h[pid][opp]
        cell[0] += wins
        cell[1] += losses
        cell[2] += ties

    players = []
    for pid in sorted({p for p, _ in per_game} | ({s.player_id} if s.player_id else set())):
        if not listed(pid):
            continue
        games = {g: per_game[(pid, g)] for g in GAMES if (pid, g) in per_game}
        whole = _Tally()
        for t in games.values():
            whole.merge(t)
        overall = streaks.get((pid, s.game or "*"), Streak())
        entry: dict[str, Any] = {
            "id": pid, "name": name(pid), "hidden": names.get(pid, ("", False))[1],
            "plays": whole.plays, "wins": whole.wins, "win_rate": ratio(whole.wins, whole.rated),
            "solo_plays": whole.solo, "rated_plays": whole.rated,
            "favourite_game": max(games, key=lambda g: (games[g].plays, games[g].wins,
                                                        -list(GAMES).index(g)), default=None),
            "streak": {"current": overall.suffix, "longest": overall.longest},
            "games": {},
        }
        for game, t in games.items():
            figures = t.figures()
            figures["median_score"] = medians.get((pid, game))
            st = streaks.get((pid, game), Streak())
            figures["streak"] = {"current": st.suffix, "longest": st.longest}
            r = ratings.get((game, pid))
            figures["rating"] = ({"mu": round(r[0], 3), "sigma": round(r[1], 3),
                                  "ordinal": round(ordinal(r[0], r[1]), 3)} if r else None)
            figures["trend"] = trend.get((pid, game), [])
            if game in EDITIONS:
                figures["editions"] = {
                    ed: tallies[(game, ed, pid)].figures() for ed in EDITIONS[game]
                    if (game, ed, pid) in tallies}
            entry["games"][game] = figures
        entry["head_to_head"] = sorted(
            ({"opponent": name(opp), "opponent_id": opp, "meetings": sum(c), "wins": c[0],
              "losses": c[1], "ties": c[2]} for opp, c in h2h.get(pid, {}).items()
             if listed(opp) and sum(c)),
            key=lambda e: (-e["meetings"], e["opponent"] or ""))
        players.append(entry)
    players.sort(key=lambda e: (-e["plays"], (e["name"] or "").casefold()))

    return {
        "matches": sum(counts.values()),
        "players": players,
        "games": _games(db, s, tallies, name, counts),
        "trend_period": period,
        "filters": {"game": s.game, "player": name(s.player_id), "from": s.lo,
                    "to": (date.fromisoformat(s.hi) - timedelta(days=1)).isoformat()
                    if s.hi else None},
    }


def _trends(rows: Any) -> dict[tuple[int, str], list[dict[str, Any]]]:
    cells: dict[tuple[int, str], dict[str, list[int]]] = defaultdict(dict)
    for period, game, pid, plays, score in rows:
        cell = cells[(pid, game)].setdefault(period, [0, 0])
        cell[0] += plays
        cell[1] += score
    return {k: [{"period": p, "plays": n, "mean_score": _mean(total, n)}
                for p, (n, total) in sorted(by_period.items())]
            for k, by_period in cells.items()}


def _part_table(game: str, by_edition: dict[str, _Tally]) -> list[dict[str, Any]]:
    """Mean of each part over all plays and over winners' plays."""
    sums: dict[str, list[int]] = {}
    for edition, t in by_edition.items():
        for i, part in enumerate(parts_of(game, edition)):
            cell = sums.setdefault(part, [0, 0, 0, 0])
            cell[0] += t.parts[i]
            cell[1] += t.plays
            cell[2] += t.win_parts[i]
            cell[3] += t.wins
    return [{"part": part, "mean": _mean(c[0], c[1]), "winners_mean": _mean(c[2], c[3]),
             "plays": c[1], "wins": c[3]} for part, c in sums.items()]


def _games(db: sqlite_utils.Database, s: Scope, tallies: dict[tuple[str, str, int], _Tally],
           name: Any, counts: dict[tuple[str, str], int]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for game in GAMES:
        if s.game and game != s.game:
            continue
        by_edition: dict[str, _Tally] = defaultdict(_Tally)
        for (g, edition, _pid), t in tallies.items():
            if g == game:
                by_edition[edition].merge(t)
        whole = _Tally()
        for t in by_edition.values():
            whole.merge(t)
        entry: dict[str, Any] = {
            "matches": sum(n for (g, _e), n in counts.items() if g == game),
            "plays": whole.plays, "mean_score": _mean(whole.score, whole.plays),
            "best": whole.best, "parts": _part_table(game, by_edition),
            "records": _records(db, s, game, name, tallies)}
        if game in EDITIONS:
            entry["editions"] = {
                ed: {"matches": counts.get((game, ed), 0), **by_edition[ed].figures(),
                     "parts": _part_table(game, {ed: by_edition[ed]})}
                for ed in EDITIONS[game]}
        if game == "doodle-china":
            entry["solo"] = _solo(db, s, name)
        if game == "canal-grande":
            entry["win_conditions"] = _win_conditions(db, s, name)
        out[game] = entry
    return out


def _records(db: sqlite_utils.Database, s: Scope, game: str, name: Any,
             tallies: dict[tuple[str, str, int], _Tally]) -> dict[str, Any]:
    bests = [(t.best, pid) for (g, _e, pid), t in tallies.items() if g == game and t.plays]
    high = None
    if bests:
        top = max(b for b, _ in bests)
        found = [storage.stats_highest_score(db, s, game, pid, top)
                 for pid in sorted({pid for b, pid in bests if b == top})]
        found = [f for f in found if f]
        high = min(found, key=lambda f: (f["played_at"], f["match_id"])) if found else None
    margin = storage.stats_biggest_margin(db, s, game)
    return {
        "highest_score": {"score": high["total"], "player": name(high["player_id"]),
                          "match": high["match_id"], "played_at": high["played_at"],
                          "solo": bool(high["solo"])} if high else None,
        "biggest_margin": {"margin": margin["margin"], "player": name(margin["player_id"]),
                           "score": margin["total"], "match": margin["match_id"],
                           "played_at": margin["played_at"]} if margin else None,
    }


def _solo(db: sqlite_utils.Database, s: Scope, name: Any) -> dict[str, Any]:
    counts, sheets = storage.stats_solo_sheets(db, s, SOLO_HISTORY)
    ranks = {rank: counts.get(rank, 0) for rank in SOLO_RANKS}
    return {"sheets": sum(counts.values()), "ranks": ranks, "history": [
        {"played_at": r["played_at"], "match": r["match_id"], "player": name(r["player_id"]),
         "edition": r["edition"], "score": r["total"], "rank": r["solo_rank"],
         "achievements": json.loads(r["achievements"] or "[]")}
        for r in sheets]}


def _win_conditions(db: sqlite_utils.Database, s: Scope, name: Any) -> dict[str, Any]:
    out: dict[str, Any] = {c: 0 for c in WIN_CONDITIONS}
    out["unfinished"] = 0
    by_player: dict[str, dict[str, int]] = {}
    for condition, winner, n in storage.stats_win_conditions(db, s):
        out[condition] = out.get(condition, 0) + n
        if condition != "unfinished" and winner:
            cell = by_player.setdefault(name(winner), {c: 0 for c in WIN_CONDITIONS})
            cell[condition] = cell.get(condition, 0) + n
    out["by_player"] = by_player
    return out


PERS = ("match", "month", "quarter", "year")


def rating_history(db: sqlite_utils.Database, s: Scope, *, include_hidden: bool = False,
                   per: str = "match") -> dict[str, Any]:
    """Every player's rating after each of their finished matches of one game
    (`per` "match"), or at the end of each month, quarter or year they played."""
    storage.stats_backfill(db, s.gid)
    names = storage.player_names(db, s.gid)
    series: dict[int, list[dict[str, Any]]] = defaultdict(list)
    if per == "match":
        for pid, played_at, mid, mu, sigma in storage.stats_rating_history(db, s):
            series[pid].append({"played_at": played_at, "match": mid, "mu": round(mu, 3),
                                "sigma": round(sigma, 3), "ordinal": round(ordinal(mu, sigma), 3)})
    else:
        for pid, period, mu, sigma in storage.stats_rating_by_period(db, s, per):
            series[pid].append({"period": period, "mu": round(mu, 3), "sigma": round(sigma, 3),
                                "ordinal": round(ordinal(mu, sigma), 3)})
    players = [{"id": pid, "name": names.get(pid, ("?", False))[0], "history": h}
               for pid, h in series.items()
               if include_hidden or pid == s.player_id or not names.get(pid, ("", True))[1]]
    players.sort(key=lambda p: (-len(p["history"]), p["name"].casefold()))
    return {"game": s.game, "per": per, "players": players}
