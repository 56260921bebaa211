"""The game registry: each game's name, editions and BoardGameGeek id, and the
one limit every player-name field shares (API validation, pages' maxlength and
the scripts all read it from here). Pure data: no Flask, no SQLite."""

from __future__ import annotations

from typing import Any

# One maximum for a player's name everywhere: the API refuses longer names and
# every page's name field (HTML maxlength, JS checks) takes this number.
PLAYER_NAME_MAX = 40
# Other free-text names: a group, a saved sheet layout, a catalog card.
GROUP_NAME_MAX = 80
LABEL_NAME_MAX = 60
# Free text a match carries beside its state (api.md).
NOTES_MAX = 2000
LOCATION_MAX = 100
DURATION_MAX_MIN = 24 * 60

GAME_NAMES: dict[str, str] = {
    "canal-houses": "Canal Houses",
    "doodle-china": "Doodle China",
    "canalis": "Canalis",
    "canal-grande": "Canal Grande",
}

EDITIONS: dict[str, dict[str, str]] = {
    "doodle-china": {"suzhou": "Suzhou", "shanghai": "Shanghai"},
}

# BoardGameGeek ids for the BG Stats export, only where we have checked them;
# None means "not known" (BG Stats then keeps the game by name). A deployment
# sets its own with the app config key BGG_IDS ({"canal-grande": 12345}).
BGG_IDS: dict[str, int | None] = {game: None for game in GAME_NAMES}

# Games where a match ends with a winner, not a score race (history shows win/lose).
WIN_LOSE_GAMES = frozenset({"canal-grande"})


def game_name(game: str) -> str:
    return GAME_NAMES.get(game, game)


def edition_label(state: dict[str, Any] | None) -> str | None:
    """What a list row says about the edition: "Suzhou", "Shanghai · solo",
    "solo"; None when the game has nothing to say."""
    if not isinstance(state, dict):
        return None
    parts = []
    edition = state.get("edition")
    names = EDITIONS.get(str(state.get("game")), {})
    if isinstance(edition, str) and edition in names:
        parts.append(names[edition])
    players = state.get("players")
    if isinstance(players, list) and len(players) == 1:
        parts.append("solo")
    return " · ".join(parts) or None


def name_problem(name: Any) -> str | None:
    """Why a player's name cannot be used, or None (the API's one check)."""
    if not isinstance(name, str):
        return "must be a string"
    clean = " ".join(name.split())
    if not clean:
        return "must not be empty"
    if len(clean) > PLAYER_NAME_MAX:
        return f"is {len(clean)} characters long; at most {PLAYER_NAME_MAX} are allowed"
    return None


def limits() -> dict[str, int]:
    """The limits pages hand to their scripts (base.html writes them into a meta tag)."""
    return {"player_name": PLAYER_NAME_MAX, "group_name": GROUP_NAME_MAX,
            "label_name": LABEL_NAME_MAX, "notes": NOTES_MAX, "location": LOCATION_MAX,
            "duration_min": DURATION_MAX_MIN}
