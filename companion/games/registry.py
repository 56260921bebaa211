"""The game registry: the one source of game facts. Each engine exports its
own (`facts()`: name, editions, player counts, palette, condition wording,
the words for its parts and paths); the registry gathers them, adds the
limits every name field shares and the BoardGameGeek ids, and hands the lot
to pages as JSON (`page_facts()`, written into every page by base.html), so
no script or template repeats a game fact. Pure data: no Flask, no SQLite."""

from __future__ import annotations

from typing import Any

from . import canal_grande
from .canal_houses import facts as canal_houses
from .canalis import facts as canalis
from .doodle_china import facts as doodle_china

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

# Each game's engine module with its facts, in the order pages list games.
_ENGINES = {canal_houses.GAME: canal_houses, doodle_china.GAME: doodle_china,
            canalis.GAME: canalis, canal_grande.GAME: canal_grande}

GAME_NAMES: dict[str, str] = {game: engine.NAME for game, engine in _ENGINES.items()}

EDITIONS: dict[str, dict[str, str]] = {doodle_china.GAME: dict(doodle_china.EDITIONS)}

# The card colours offered for Canal Houses (name -> how pages draw it).
PALETTE: dict[str, str] = dict(canal_houses.PALETTE)
# Player counts per game: (fewest, most).
PLAYER_COUNTS: dict[str, tuple[int, int]] = {
    game: (f["players"]["min"], f["players"]["max"])
    for game, f in ((game, engine.facts()) for game, engine in _ENGINES.items())}

# BoardGameGeek ids for the BG Stats export, only where we have checked them;
# None means "not known" (BG Stats then keeps the game by name). A deployment
# sets its own with the app config key BGG_IDS ({"canal-grande": 12345}).
BGG_IDS: dict[str, int | None] = {game: None for game in GAME_NAMES}

# Games where a match ends with a winner, not a score race (history shows win/lose).
WIN_LOSE_GAMES = frozenset({canal_grande.GAME})

# State keys as people say them in any game ("players[0].street[1]" is "Ana ·
# house 2"); each game adds its own, gathered in `path_words()`.
_COMMON_PATH_WORDS = {"players": "player"}


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


def path_words() -> dict[str, str]:
    """Every game's words for state keys, merged (the keys never clash)."""
    words = dict(_COMMON_PATH_WORDS)
    for engine in _ENGINES.values():
        words.update(engine.PATH_WORDS)
    return words


def game_facts(game: str) -> dict[str, Any]:
    """One game's facts, as its engine states them."""
    return _ENGINES[game].facts()


def page_facts(full: tuple[str, ...] | None = None) -> dict[str, Any]:
    """Everything a page's scripts may need to know about the games: base.html
    writes it into `<script type="application/json" id="game-facts">` and
    app.js reads it (`Companion.facts`). `full`: the games whose every fact the
    page needs (None: all); the others come as their name and editions only,
    which keeps a page's first load light (the Canal Houses wording alone is
    about 11 KB)."""
    def entry(game: str) -> dict[str, Any]:
        facts = game_facts(game)
        if full is None or game in full:
            return facts
        return {"name": facts["name"], **({"editions": EDITIONS[game]} if game in EDITIONS else {})}
    return {"games": {game: entry(game) for game in _ENGINES},
            "limits": limits(), "path_words": path_words(),
            "win_lose": sorted(WIN_LOSE_GAMES)}
