"""What a stats query covers (`Scope`): the group, an optional game and
player, and the time window as played_at bounds [lo, hi) split into whole
months (read from the monthly aggregates, rolled up into years and quarters
where head-to-head keeps them) and the partial days at either end."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Month keys are "YYYY-MM"; '*' (all time) sorts before them, the year and quarter
# rollups of head-to-head ("Y2024", "Q2024-3") after them.
FIRST_MONTH, LAST_MONTH = "0000-00", "9999-12"


def rollup_keys(first: str, last: str) -> list[str]:
    """The fewest keys covering the months first..last: whole years ("Y2024"),
    then whole quarters ("Q2024-3"), then single months ("2024-07")."""
    keys: list[str] = []
    y, m = int(first[:4]), int(first[5:7])
    end = (int(last[:4]), int(last[5:7]))
    while (y, m) <= end:
        if m == 1 and (y, 12) <= end:
            keys.append(f"Y{y}")
            y += 1
        elif m % 3 == 1 and (y, m + 2) <= end:
            keys.append(f"Q{y}-{(m + 2) // 3}")
            m += 3
        else:
            keys.append(f"{y:04d}-{m:02d}")
            m += 1
        if m > 12:
            y, m = y + 1, 1
    return keys


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
    # One place (matches' `location`, compared lower-case with single spaces):
    # the aggregates know no places, so such a scope reads only the facts
    # (report.scope makes the whole window one edge).
    location: str | None = None

    @property
    def bounded(self) -> bool:
        return self.lo is not None or self.hi is not None or self.location is not None

    def place_where(self, alias: str = "") -> tuple[str, list[Any]]:
        a = f"{alias}." if alias else ""
        return (f"{a}match_id IN (SELECT id FROM matches WHERE group_id = ? AND deleted_at IS NULL"
                " AND lower(trim(location)) = ?)", [self.gid, self.location])

    def facts_where(self, alias: str = "", lo: str | None = None, hi: str | None = None,
                    edge: bool = False, player_col: str = "player_id", months: bool = True
                    ) -> tuple[str, list[Any]]:
        """WHERE for the facts (stat_plays; `months=False` for stat_matches and
        stats_rating): month bounds let the (group_id, month) index find a window."""
        a = f"{alias}." if alias else ""
        where, args = [f"{a}group_id = ?"], [self.gid]
        if self.game:
            where.append(f"{a}game = ?")
            args.append(self.game)
        if self.player_id is not None and player_col:
            where.append(f"{a}{player_col} = ?")
            args.append(self.player_id)
        if self.location is not None:
            place, place_args = self.place_where(alias)
            where, args = where + [place], args + place_args
        lo, hi = (lo, hi) if edge else (self.lo, self.hi)
        if lo:
            where, args = where + [f"{a}played_at >= ?"], args + [lo]
            if months:
                where, args = where + [f"{a}month >= ?"], args + [lo[:7]]
        if hi:
            where, args = where + [f"{a}played_at < ?"], args + [hi]
            if months:
                where.append(f"{a}month {'<' if hi.endswith('-01') else '<='} ?")
                args.append(hi[:7])
        return " AND ".join(where), args

    def long_window(self, months: int = 18) -> bool:
        """A window this many months long or open-ended: reading every play in
        score order beats sorting the window's plays."""
        if self.lo is None or self.hi is None:
            return True
        span = (int(self.hi[:4]) - int(self.lo[:4])) * 12 + int(self.hi[5:7]) - int(self.lo[5:7])
        return span >= months

    def plays(self, alias: str = "", edge: bool = False) -> str:
        """stat_plays with the index that fits this scope's filters."""
        index = ("stat_plays_by_player" if self.player_id is not None else
                 "stat_plays_window" if self.bounded or edge else
                 "stat_plays_by_game" if self.game else "")
        return f"stat_plays {alias} {'INDEXED BY ' + index if index else ''}"

    def matches(self) -> str:
        index = ("stat_matches_by_game" if self.game else
                 "stat_matches_by_time" if self.bounded else "")
        return f"stat_matches {'INDEXED BY ' + index if index else ''}"

    def months_where(self, *, total: bool = False, all_games: bool = False
                     ) -> tuple[str, list[Any]]:
        """WHERE for the monthly aggregates over the window's whole months
        (`total`: the all-time rows, month '*'; `all_games`: also the
        rows summing every game, game '*')."""
        where = ["group_id = ?", "month = '*'" if total else "month BETWEEN ? AND ?"]
        args: list[Any] = [self.gid] if total else [self.gid, self.month_from or FIRST_MONTH,
                                                      self.month_to or LAST_MONTH]
        if self.game:
            where.append("game IN (?, '*')" if all_games else "game = ?")
            args.append(self.game)
        if self.player_id is not None:
            where.append("player_id = ?")
            args.append(self.player_id)
        return " AND ".join(where), args
