"""Canal Grande: who has won (a card of every district, or 4 of one), how
close each player is, and, from the number cards, whether the phase is over
and who gets the advantage.

`total` is the cards won; the game is decided by the win condition, so the
ranking puts the winner first and otherwise orders by districts, then by the
best district. Counts that could not happen at the table (more than 5 cards
of a district, a win the game would already have ended on) are refused, since
they mean a count was mistyped.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError

from .common import PathPart, Reason, StateError, StrictModel, check_unique_names, format_path, rank

DEFAULT_DISTRICTS: tuple[str, ...] = (
    "San Marco", "San Polo", "Dorsoduro", "Cannaregio", "Castello", "Santa Croce")
CARDS_PER_DISTRICT = 5
FOUR_OF_ONE = 4
NUMBER_CARDS = 14
PHASE_END = 10

GAME = "canal-grande"
NAME = "Canal Grande"
PATH_WORDS = {"numbers": "number card"}
PART_WORDS = {"districts": "districts", "best_district": "best district", "cards": "cards"}


def facts() -> dict[str, Any]:
    """What the pages say about Canal Grande (gathered by the game registry)."""
    return {"name": NAME, "players": {"min": 2, "max": 2}, "districts": list(DEFAULT_DISTRICTS),
            "cards_per_district": CARDS_PER_DISTRICT, "four_of_one": FOUR_OF_ONE,
            "phase_end": PHASE_END, "win_lose": True,
            "path_words": PATH_WORDS, "part_words": PART_WORDS}


NumberCard = Annotated[int, Field(ge=1, le=3)]


class GrandePlayer(StrictModel):
    name: str
    won: dict[str, Annotated[int, Field(ge=0)]]
    numbers: list[NumberCard] | None = None


class GrandeState(StrictModel):
    game: Literal["canal-grande"]
    districts: Annotated[list[str], Field(min_length=6, max_length=6)] | None = None
    players: Annotated[list[GrandePlayer], Field(min_length=2, max_length=2)]
    last_recipient: str | None = None


# What belongs at each place, for "must be ..." messages; keyed by the last
# field name on the path (list items and won keys are named by their parent).
_ALLOWED: dict[str, str] = {
    "(state)": 'an object with "game", "players" and optionally "districts", "last_recipient"',
    "game": '"canal-grande"',
    "districts": "a list of the 6 district names",
    "district": "a district name (a string)",
    "players": "a list of exactly 2 players (Canal Grande is a two-player game)",
    "player": 'an object with "name", "won" and optionally "numbers"',
    "name": "the player's name (a string)",
    "won": 'an object of district to cards won, e.g. {"San Marco": 1}',
    "count": "an integer of 0 or more (district cards won in votes)",
    "numbers": "a list of number card values (1, 2 or 3 each)",
    "number": "a number card value: 1, 2 or 3",
    "last_recipient": "the name of the player who was recipient in the last round",
}
_KEYS = {"(state)": "game, districts, players, last_recipient", "player": "name, won, numbers"}


def _kind(loc: list[PathPart]) -> str:
    if not loc:
        return "(state)"
    last, parent = loc[-1], loc[-2] if len(loc) > 1 else None
    if isinstance(last, int):
        return {"districts": "district", "players": "player", "numbers": "number"}[str(parent)]
    if parent == "won":
        return "count"
    return last


def _describe(value: Any) -> str:
    if isinstance(value, dict | list):
        return "an object" if isinstance(value, dict) else f"a list of {len(value)}"
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def missing_values(data: Any) -> list[str]:
    """Paths of every null where a value is required (known keys only)."""
    found: list[list[PathPart]] = []

    def walk(value: Any, loc: list[PathPart], keys: tuple[str, ...] | None) -> None:
        """`keys`: the known keys of an object, or None to check every
        item of a list or value of an object (won counts, numbers)."""
        if isinstance(value, list):
            items: list[tuple[PathPart, Any]] = list(enumerate(value))
        elif isinstance(value, dict):
            items = [(k, v) for k, v in value.items() if keys is None or k in keys]
        else:
            return
        for key, child in items:
            if child is None:
                found.append([*loc, key])
            elif key == "players":
                for i, player in enumerate(child if isinstance(child, list) else []):
                    if player is None:
                        found.append([*loc, key, i])
                    walk(player, [key, i], ("name", "won", "numbers"))
            else:
                walk(child, [*loc, key], None)

    walk(data, [], ("game", "districts", "players", "last_recipient"))
    return [format_path(loc) for loc in found]


def _parse(data: Any) -> GrandeState:
    missing = missing_values(data)
    if missing:
        rest = missing[1:]
        more = f" ({len(rest)} more missing: {', '.join(rest[:5])})" if rest else ""
        raise StateError(missing[0], f"is missing (null): fill it in or leave the key out{more}")
    try:
        return GrandeState.model_validate(data)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        loc = list(err["loc"])
        kind = _kind(loc)
        if err["type"] == "extra_forbidden":
            message = f"is not a known key here (unknown keys are refused); allowed: {_KEYS[_kind(loc[:-1])]}"
        elif err["type"] == "missing":
            message = f"is required: {_ALLOWED[kind]}"
        else:
            message = f"must be {_ALLOWED[kind]}, got {_describe(err.get('input'))}"
        raise StateError(loc, message) from None


def _check(state: GrandeState, districts: tuple[str, ...]) -> None:
    """What the table makes impossible: unknown districts, more cards than
    exist, a win the game would have ended on, a half-given phase."""
    names = [p.name for p in state.players]
    check_unique_names(names)
    given_districts = state.districts or []
    for i, district in enumerate(given_districts):
        if not district.strip():
            raise StateError(["districts", i], "must be a district name, got an empty string")
        if district in given_districts[:i]:
            raise StateError(["districts", i], f'"{district}" is listed twice; the 6 districts differ')
    listed = ", ".join(districts)
    for i, player in enumerate(state.players):
        for district, count in player.won.items():
            if district not in districts:
                raise StateError(["players", i, "won", district],
                                 f"is not a district of this game: use one of {listed}")
            if count > FOUR_OF_ONE:
                raise StateError(["players", i, "won", district],
                                 f"must be at most {FOUR_OF_ONE}, got {count}: a player with "
                                 f"{FOUR_OF_ONE} cards of one district has won and the game ends")
    for district in districts:
        both = sum(p.won.get(district, 0) for p in state.players)
        if both > CARDS_PER_DISTRICT:
            raise StateError(["players", 1, "won", district],
                             f"the players hold {both} {district} cards together, but the game "
                             f"has only {CARDS_PER_DISTRICT}")
    given = [p.numbers is not None for p in state.players]
    if any(given) and not all(given):
        i = given.index(False)
        raise StateError(["players", i, "numbers"],
                         "is required when the other player's numbers are given "
                         "(use [] for no number cards yet)")
    if sum(len(p.numbers or ()) for p in state.players) > NUMBER_CARDS:
        raise StateError(["players", 1, "numbers"],
                         f"the players hold more than the game's {NUMBER_CARDS} number cards")
    if state.last_recipient is not None and state.last_recipient not in names:
        raise StateError("last_recipient", f"must be the name of a player ({' or '.join(names)}), "
                                           f"got {_describe(state.last_recipient)}")


def _win(counts: dict[str, int], districts: tuple[str, ...]) -> str | None:
    six = all(counts[d] >= 1 for d in districts)
    four = max(counts.values()) >= FOUR_OF_ONE
    if six and four:
        return "both"
    return "six districts" if six else "four of one" if four else None


def _phase(state: GrandeState, names: list[str]) -> dict[str, Any]:
    """A phase ends once a sum reaches 10; the lower sum gets the advantage
    and the other sells first; equal sums: the last recipient sells first."""
    sums = {p.name: sum(p.numbers or ()) for p in state.players}
    a, b = (sums[n] for n in names)
    over = max(a, b) >= PHASE_END
    advantage = first_seller = None
    if over and a != b:
        advantage = names[0] if a < b else names[1]
        first_seller = names[1] if a < b else names[0]
    elif over:
        if state.last_recipient is None:
            raise StateError("last_recipient",
                             f"is required: both players have {a} in number cards, so the player "
                             f"who was recipient in the last round sells first; give their name "
                             f"({' or '.join(names)})")
        first_seller = state.last_recipient
    return {"sums": sums, "over": over, "advantage": advantage, "first_seller": first_seller}


def score(state: dict[str, Any]) -> dict[str, Any]:
    """Score a Canal Grande state (see scoring.md); raises StateError."""
    parsed = _parse(state)
    districts = tuple(parsed.districts) if parsed.districts is not None else DEFAULT_DISTRICTS
    _check(parsed, districts)
    names = [p.name for p in parsed.players]
    players: list[dict[str, Any]] = []
    reasons: list[list[Reason]] = []
    wins: list[str | None] = []
    for i, player in enumerate(parsed.players):
        counts = {d: player.won.get(d, 0) for d in districts}
        win = _win(counts, districts)
        if win == "both":
            raise StateError(["players", i, "won"],
                             f"has one card of every district and {FOUR_OF_ONE} of one at once; "
                             "the game ends at the first of these, so a count is wrong")
        wins.append(win)
        have = [d for d in districts if counts[d]]
        best = max(districts, key=lambda d: counts[d])
        parts = {"districts": len(have), "best_district": counts[best], "cards": sum(counts.values())}
        details = [
            f"districts won: {len(have)} of {len(districts)}" + (f" ({', '.join(have)})" if have else ""),
            f"best district: {best} with {counts[best]}" if counts[best] else "best district: none yet",
            f"cards won: {parts['cards']}",
            f"won the game: {win}" if win else
            f"to win: {len(districts) - len(have)} more district(s), or "
            f"{FOUR_OF_ONE - counts[best]} more of one district",
        ]
        why: list[Reason] = [
            {"kind": "districts", "part": "districts", "count": len(have), "of": len(districts),
             "districts": have},
            {"kind": "best_district", "part": "best_district", "district": best if counts[best] else None,
             "count": counts[best]},
            {"kind": "cards", "part": "cards", "count": parts["cards"]},
            {"kind": "won", "part": None, "win": win} if win else
            {"kind": "to_win", "part": None, "districts_left": len(districts) - len(have),
             "of_one_left": FOUR_OF_ONE - counts[best]},
        ]
        if player.numbers is not None:
            shown = "+".join(map(str, player.numbers)) or "none"
            details.append(f"number cards this phase: {shown} = {sum(player.numbers)}")
            why.append({"kind": "numbers", "part": None, "values": list(player.numbers),
                        "sum": sum(player.numbers)})
        reasons.append(why)
        progress = {"districts": len(have), "missing": [d for d in districts if not counts[d]],
                    "best": {"district": best, "cards": counts[best]} if counts[best] else None}
        players.append({"name": player.name, "total": parts["cards"], "parts": parts,
                        "details": details, "progress": progress})
    winners_idx = [i for i, w in enumerate(wins) if w]
    if len(winners_idx) > 1:
        raise StateError(["players", 1, "won"],
                         "both players have a winning set; the game ends at the first win, "
                         "so a count is wrong")
    ranking, _ = rank(names, lambda i: (wins[i] is not None, players[i]["parts"]["districts"],
                                        players[i]["parts"]["best_district"]))
    result: dict[str, Any] = {
        "game": "canal-grande",
        "players": players,
        "ranking": ranking,
        "winners": [names[i] for i in winners_idx],
        "win_condition": wins[winners_idx[0]] if winners_idx else None,
        "reasons": reasons,
    }
    if parsed.players[0].numbers is not None:
        result["phase"] = _phase(parsed, names)
    return result
