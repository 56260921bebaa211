"""Canal Houses states that must be refused: each error names the exact
path and says what is allowed. Nothing is repaired silently."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from canal_houses_helpers import card, house, state, window

from companion.games import StateError, canal_houses, score
from companion.games.canal_houses import missing_values

HOUSE = "players[0].street[0]"


def base() -> dict[str, Any]:
    """A valid two-player state every case below breaks in one place."""
    ana = [house(card(2, {"at_least": {"cats": 1}, "none": ["flags"], "height": {"exactly": 3},
                          "taller_than": "right"}, "orange"),
                 [window(cats=1, color="orange")], roof=card(3, {"shorter_than": "both"}, "red"))]
    return state(ana, [house(card(1, {}, "blue"))])


def store(s: dict[str, Any]) -> dict[str, Any]:
    return s["players"][0]["street"][0]["store"]


def win(s: dict[str, Any]) -> dict[str, Any]:
    return s["players"][0]["street"][0]["windows"][0]


def cond(s: dict[str, Any]) -> dict[str, Any]:
    return store(s)["condition"]


Edit = Callable[[dict[str, Any]], Any]
ERROR_CASES: list[tuple[str, Edit, str, str]] = [
    # unknown keys
    ("unknown-top-key", lambda s: s.update(round=3), "round", "allowed: game, players"),
    ("unknown-player-key", lambda s: s["players"][0].update(score=3), "players[0].score",
     "allowed: name, street"),
    ("unknown-house-key", lambda s: s["players"][0]["street"][0].update(rof=None), f"{HOUSE}.rof",
     "allowed: store, windows, roof"),
    ("unknown-card-key", lambda s: store(s).update(colour="red"), f"{HOUSE}.store.colour",
     "allowed: points, color, condition"),
    ("unknown-window-key", lambda s: win(s).update(dogs=1), f"{HOUSE}.windows[0].dogs",
     "allowed: cats, birds, flags, flowerpots, color"),
    ("unknown-condition-key", lambda s: cond(s).update(wider_than="left"),
     f"{HOUSE}.store.condition.wider_than", "allowed: at_least, none, height"),
    ("unknown-feature", lambda s: cond(s)["at_least"].update(dogs=1),
     f"{HOUSE}.store.condition.at_least.dogs", "is not a feature: use cats, birds, flags, flowerpots"),
    ("unknown-height-key", lambda s: cond(s)["height"].update(min=2),
     f"{HOUSE}.store.condition.height.min", "allowed: exactly, at_least, at_most"),
    # wrong types
    ("points-text", lambda s: store(s).update(points="three"), f"{HOUSE}.store.points",
     'must be an integer of 0 or more (the points printed on the card), got "three"'),
    ("points-float", lambda s: store(s).update(points=2.0), f"{HOUSE}.store.points", "got 2.0"),
    ("cats-bool", lambda s: win(s).update(cats=True), f"{HOUSE}.windows[0].cats",
     "must be an integer of 0 or more (how many the window shows), got true"),
    ("color-number", lambda s: win(s).update(color=3), f"{HOUSE}.windows[0].color",
     "must be a colour name (a non-empty string), or null for a card without colour, got 3"),
    ("color-empty", lambda s: store(s).update(color=""), f"{HOUSE}.store.color", 'got ""'),
    ("windows-object", lambda s: s["players"][0]["street"][0].update(windows={}),
     f"{HOUSE}.windows", "must be a list of window cards"),
    ("condition-list", lambda s: store(s).update(condition=[]), f"{HOUSE}.store.condition",
     "use {} for a card without condition"),
    ("name-number", lambda s: s["players"][0].update(name=7), "players[0].name", "got 7"),
    ("state-players-missing", lambda s: s.pop("players"), "players", "is required"),
    ("store-missing", lambda s: s["players"][1]["street"][0].pop("store"),
     "players[1].street[0].store", "is required: a store card"),
    ("window-color-missing", lambda s: win(s).pop("color"), f"{HOUSE}.windows[0].color",
     "is required"),
    # out of range
    ("points-negative", lambda s: store(s).update(points=-1), f"{HOUSE}.store.points", "got -1"),
    ("flowerpots-negative", lambda s: win(s).update(flowerpots=-2), f"{HOUSE}.windows[0].flowerpots",
     "must be an integer of 0 or more"),
    ("at_least-zero", lambda s: cond(s)["at_least"].update(cats=0),
     f"{HOUSE}.store.condition.at_least.cats", "must be an integer of 1 or more, got 0"),
    ("height-zero", lambda s: cond(s)["height"].update(exactly=0),
     f"{HOUSE}.store.condition.height.exactly", "must be an integer of 1 or more (a height in cards)"),
    # nulls where a value is required
    ("points-null", lambda s: store(s).update(points=None), f"{HOUSE}.store.points",
     "is missing (null): read it from the card and fill it in"),
    ("cats-null", lambda s: win(s).update(cats=None), f"{HOUSE}.windows[0].cats", "is missing (null)"),
    ("height-null", lambda s: cond(s)["height"].update(exactly=None),
     f"{HOUSE}.store.condition.height.exactly", "is missing (null)"),
    ("condition-null", lambda s: store(s).update(condition=None), f"{HOUSE}.store.condition",
     "is missing (null)"),
    ("name-null", lambda s: s["players"][1].update(name=None), "players[1].name",
     "is missing (null): type the player's name"),
    ("none-item-null", lambda s: cond(s)["none"].append(None), f"{HOUSE}.store.condition.none[1]",
     "is missing (null)"),
    # bad enums
    ("taller-up", lambda s: cond(s).update(taller_than="up"), f"{HOUSE}.store.condition.taller_than",
     'must be "left", "right" or "both", got "up"'),
    ("shorter-number", lambda s: s["players"][0]["street"][0]["roof"]["condition"].update(shorter_than=1),
     f"{HOUSE}.roof.condition.shorter_than", 'must be "left", "right" or "both", got 1'),
    ("none-dogs", lambda s: cond(s).update(none=["dogs"]), f"{HOUSE}.store.condition.none[0]",
     'must be one of "cats", "birds", "flags", "flowerpots", got "dogs"'),
    # conditions that name nothing or repeat themselves
    ("none-duplicate", lambda s: cond(s).update(none=["flags", "cats", "flags"]),
     f"{HOUSE}.store.condition.none[2]", '"flags" is already listed at none[0]'),
    ("none-empty", lambda s: cond(s).update(none=[]), f"{HOUSE}.store.condition.none",
     "names no feature"),
    ("at_least-empty", lambda s: cond(s).update(at_least={}), f"{HOUSE}.store.condition.at_least",
     "names no feature"),
    ("height-empty", lambda s: cond(s).update(height={}), f"{HOUSE}.store.condition.height",
     "names no height"),
    # players
    ("players-empty", lambda s: s.update(players=[]), "players",
     "must be a list of players (at least 1), got an empty list"),
    ("street-empty", lambda s: s["players"][1].update(street=[]), "players[1].street",
     "every street starts with a store"),
    ("names-duplicate", lambda s: s["players"][1].update(name="ana"), "players[1].name",
     "already the name of players[0]"),
    ("name-blank", lambda s: s["players"][1].update(name="  "), "players[1].name", "must not be empty"),
]


@pytest.mark.parametrize("edit,path,message", [c[1:] for c in ERROR_CASES],
                         ids=[c[0] for c in ERROR_CASES])
def test_refused(edit: Edit, path: str, message: str) -> None:
    s = base()
    score(copy.deepcopy(s))  # the untouched state is valid
    edit(s)
    with pytest.raises(StateError) as info:
        score(s)
    assert info.value.path == path
    assert message in info.value.message


def test_every_null_is_counted_and_listed() -> None:
    s = base()
    store(s)["points"] = None
    win(s)["birds"] = None
    s["players"][1]["street"][0]["store"]["points"] = None
    with pytest.raises(StateError) as info:
        score(s)
    assert info.value.path == f"{HOUSE}.store.points"
    assert "(2 more missing: players[0].street[0].windows[0].birds, " \
           "players[1].street[0].store.points)" in info.value.message
    assert missing_values(s) == [f"{HOUSE}.store.points", f"{HOUSE}.windows[0].birds",
                                 "players[1].street[0].store.points"]


@pytest.mark.parametrize("edit", [
    lambda s: store(s).update(color=None),
    lambda s: win(s).update(color=None),
    lambda s: s["players"][0]["street"][0].update(roof=None),
], ids=["store-colour", "window-colour", "roof"])
def test_null_that_means_none_is_accepted(edit: Edit) -> None:
    s = base()
    edit(s)
    assert missing_values(s) == []
    assert score(s)["players"][0]["total"] >= 0


def test_missing_values_skips_unknown_keys() -> None:
    """A null under a misspelt key is an unknown key, not a missing value."""
    s = base()
    store(s)["pionts"] = None
    assert missing_values(s) == []
    with pytest.raises(StateError, match="not a known key"):
        score(s)


def test_engine_refuses_another_game() -> None:
    s = base()
    s["game"] = "canal-grande"
    with pytest.raises(StateError) as info:
        canal_houses.score(s)
    assert (info.value.path, info.value.message) == ("game", 'must be "canal-houses", got "canal-grande"')
