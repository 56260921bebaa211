"""Pure helpers for the stats: which score parts each game has (and the column
each is kept in), the compact facts of one scored match, the win-streak
monoid, medians from a histogram and the openskill rating model.
No I/O: storage calls these inside its write transactions."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from ..games import registry
from ..games.doodle_china import scoring as doodle_scoring

# Score parts by game (and Doodle China edition), in the order kept in the
# columns p0..p7 / w0..w7 of the stats tables (scoring.md lists them).
PARTS: dict[tuple[str, str], tuple[str, ...]] = {
    ("canal-houses", ""): ("stores", "roofs", "flowerpots", "color_bonus"),
    ("doodle-china", "suzhou"): ("hotels", "shops", "shop_bonuses", "boats", "trees"),
    ("doodle-china", "shanghai"): ("hotels", "skyscrapers", "taxis", "buses", "trees"),
    ("canalis", ""): ("start", "buildings", "gardens", "workers", "fees", "other",
                      "specialty", "missions"),
    ("canal-grande", ""): ("districts", "best_district", "cards"),
}
PART_COLUMNS = 8
EDITIONS = {game: tuple(names) for game, names in registry.EDITIONS.items()}
# Solo ranks, lowest first (the engine keeps them with their score floors).
SOLO_RANKS = tuple(rank for _, rank in reversed(doodle_scoring.SOLO_RANKS))
WIN_CONDITIONS = ("six districts", "four of one")


def parts_of(game: str, edition: str = "") -> tuple[str, ...]:
    return PARTS.get((game, edition), ())


def game_parts(game: str) -> tuple[str, ...]:
    """Every part name a game can have, editions merged in first-seen order."""
    names: list[str] = []
    for (g, _edition), parts in PARTS.items():
        if g == game:
            names += [p for p in parts if p not in names]
    return tuple(names)


def month_of(played_at: str) -> str:
    return played_at[:7]


@dataclass(frozen=True)
class Seat:
    seat: int
    player_id: int
    total: int
    place: int
    winner: bool
    parts: tuple[int | None, ...]


@dataclass(frozen=True)
class MatchFacts:
    match_id: str
    game: str
    edition: str
    played_at: str
    seats: tuple[Seat, ...]
    finished: bool
    top_player_id: int | None
    top_total: int | None
    margin: int | None
    solo_rank: str | None
    achievements: tuple[str, ...]
    win_condition: str | None

    @property
    def solo(self) -> bool:
        return len(self.seats) == 1

    @property
    def rated(self) -> bool:
        """Ratings move only on finished matches with opponents."""
        return self.finished and not self.solo


def match_facts(match_id: str, played_at: str, result: dict[str, Any],
                seats: Sequence[tuple[int, int, int, bool]]) -> MatchFacts:
    """The figures the stats need from one scored match. `seats` are the
    stored (player_id, total, place, winner) rows in the order of the
    result's players (match_players, seat order)."""
    game = result["game"]
    edition = (result.get("edition") or "") if game in EDITIONS else ""
    names = parts_of(game, edition)
    rows = []
    for i, (player_id, total, place, winner) in enumerate(seats):
        parts = result["players"][i].get("parts", {}) if i < len(result["players"]) else {}
        values = tuple(int(parts[n]) if isinstance(parts.get(n), int | float) else None
                       for n in names) + (None,) * (PART_COLUMNS - len(names))
        rows.append(Seat(i, player_id, int(total), int(place), bool(winner), values))
    finished = any(s.winner for s in rows)
    top_player = top_total = margin = None
    by_rank = _ranked(result, rows)
    if by_rank:
        top_player, top_total = by_rank[0].player_id, by_rank[0].total
        if len(by_rank) > 1 and finished:
            margin = by_rank[0].total - by_rank[1].total
    solo = result.get("solo") if len(rows) == 1 else None
    return MatchFacts(
        match_id=match_id, game=game, edition=edition, played_at=played_at, seats=tuple(rows),
        finished=finished, top_player_id=top_player, top_total=top_total, margin=margin,
        solo_rank=solo.get("rank") if isinstance(solo, dict) else None,
        achievements=tuple(solo.get("achievements") or ()) if isinstance(solo, dict) else (),
        win_condition=result.get("win_condition") if game == "canal-grande" else None)


def _ranked(result: dict[str, Any], rows: list[Seat]) -> list[Seat]:
    """Seats in the result's ranking order (winners first)."""
    order = {name: i for i, name in enumerate(result.get("ranking", []))}
    names = [p.get("name") for p in result.get("players", [])]
    return sorted(rows, key=lambda s: (order.get(names[s.seat], len(order) + s.seat)
                                       if s.seat < len(names) else len(order) + s.seat))


# -- win streaks -------------------------------------------------------------------------

@dataclass(frozen=True)
class Streak:
    """A run-length summary of a win/lose sequence that can be glued to the
    next one: matches, wins at the start, wins at the end, longest run."""
    n: int = 0
    prefix: int = 0
    suffix: int = 0
    longest: int = 0

    @classmethod
    def of(cls, wins: Iterable[bool]) -> Streak:
        out = cls()
        for won in wins:
            out = out + (cls(1, 1, 1, 1) if won else cls(1, 0, 0, 0))
        return out

    def __add__(self, later: Streak) -> Streak:
        if not self.n:
            return later
        if not later.n:
            return self
        return Streak(
            n=self.n + later.n,
            prefix=self.prefix + later.prefix if self.prefix == self.n else self.prefix,
            suffix=later.suffix + self.suffix if later.suffix == later.n else later.suffix,
            longest=max(self.longest, later.longest, self.suffix + later.prefix))


def fold(streaks: Iterable[Streak]) -> Streak:
    out = Streak()
    for s in streaks:
        out = out + s
    return out


# -- small figures ---------------------------------------------------------------------

def ratio(part: float, whole: float, digits: int = 3) -> float | None:
    return round(part / whole, digits) if whole else None


# -- ratings ---------------------------------------------------------------------------

MODEL = PlackettLuce()


def new_rating() -> tuple[float, float]:
    r = MODEL.rating()
    return r.mu, r.sigma


def rate(ratings: Sequence[tuple[float, float]], places: Sequence[int]
         ) -> list[tuple[float, float]]:
    """New (mu, sigma) for one free-for-all match; equal places are ties."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings]
    rated = MODEL.rate(teams, ranks=list(places))
    return [(team[0].mu, team[0].sigma) for team in rated]


def ordinal(mu: float, sigma: float) -> float:
    """openskill's conservative display value, mu - 3 sigma."""
    return MODEL.rating(mu=mu, sigma=sigma).ordinal()
