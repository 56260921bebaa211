"""Canal Grande: win conditions, ranking without a winner, the phase rule
(advantage and first seller), refusals, and invariants for any valid state."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from companion.games import StateError, score
from companion.games.canal_grande import DEFAULT_DISTRICTS

SIX = {d: 1 for d in DEFAULT_DISTRICTS}


def grande(ana: dict[str, int], ben: dict[str, int], numbers: tuple[list[int], list[int]] | None = None,
           **extra: Any) -> dict[str, Any]:
    players = [{"name": "Ana", "won": ana}, {"name": "Ben", "won": ben}]
    if numbers is not None:
        for p, n in zip(players, numbers, strict=True):
            p["numbers"] = n
    return {"game": "canal-grande", "players": players, **extra}


def test_rulebook_win_by_four_san_marco() -> None:
    """Four San Marco cards win, even against a player with more districts."""
    result = score(grande({"San Marco": 4}, {d: 1 for d in DEFAULT_DISTRICTS[1:]}))
    assert result["winners"] == ["Ana"]
    assert result["win_condition"] == "four of one"
    assert result["ranking"] == ["Ana", "Ben"]
    ana, ben = result["players"]
    assert ana["parts"] == {"districts": 1, "best_district": 4, "cards": 4} and ana["total"] == 4
    assert ben["parts"] == {"districts": 5, "best_district": 1, "cards": 5} and ben["total"] == 5
    assert ana["progress"]["best"] == {"district": "San Marco", "cards": 4}
    assert ben["progress"]["missing"] == ["San Marco"]


RANK_CASES = [
    # id, Ana's won, Ben's won, ranking blocks, winners, win condition
    ("six-districts-win", {"San Marco": 3, "Castello": 3}, SIX, [["Ben"], ["Ana"]], ["Ben"], "six districts"),
    ("four-of-one-win", {"Dorsoduro": 4, "Castello": 1}, {"San Polo": 3}, [["Ana"], ["Ben"]], ["Ana"],
     "four of one"),
    ("by-districts", {"San Marco": 1, "San Polo": 1, "Castello": 1}, {"Dorsoduro": 3, "Castello": 1},
     [["Ana"], ["Ben"]], [], None),
    ("then-by-best", {"San Marco": 1, "San Polo": 1}, {"Castello": 2, "Dorsoduro": 1},
     [["Ben"], ["Ana"]], [], None),
    ("tied", {"San Marco": 2, "San Polo": 1}, {"Castello": 2, "Dorsoduro": 1}, [["Ana", "Ben"]], [], None),
    ("nothing-yet", {}, {}, [["Ana", "Ben"]], [], None),
    ("zero-counts-are-not-districts", {"San Marco": 0, "San Polo": 0, "Castello": 1}, {"Dorsoduro": 1,
     "Cannaregio": 1}, [["Ben"], ["Ana"]], [], None),
]


@pytest.mark.parametrize("ana,ben,blocks,winners,condition", [c[1:] for c in RANK_CASES],
                         ids=[c[0] for c in RANK_CASES])
def test_winner_and_ranking(ana: dict[str, int], ben: dict[str, int], blocks: list[list[str]],
                            winners: list[str], condition: str | None) -> None:
    result = score(grande(ana, ben))
    assert result["winners"] == winners
    assert result["win_condition"] == condition
    at = 0
    for block in blocks:
        assert set(result["ranking"][at:at + len(block)]) == set(block)
        at += len(block)
    for player, won in zip(result["players"], (ana, ben), strict=True):
        assert player["total"] == player["parts"]["cards"] == sum(won.values())
        assert player["parts"]["districts"] == player["progress"]["districts"]


def test_custom_districts() -> None:
    names = ["A", "B", "C", "D", "E", "F"]
    result = score(grande({n: 1 for n in names}, {"A": 2}, districts=names))
    assert result["winners"] == ["Ana"] and result["win_condition"] == "six districts"
    assert result["players"][1]["progress"]["missing"] == names[1:]


PHASE_CASES = [
    # id, numbers, last_recipient, sums, over, advantage, first seller
    ("not-over", ([3, 2, 2, 2], [3]), None, (9, 3), False, None, None),
    ("over-ana-higher", ([3, 3, 3, 1], [2, 2, 3]), None, (10, 7), True, "Ben", "Ana"),
    ("over-both-unequal", ([3, 3, 3, 1], [3, 3, 3, 2]), None, (10, 11), True, "Ana", "Ben"),
    ("over-equal", ([3, 3, 3, 1], [3, 3, 2, 2]), "Ben", (10, 10), True, None, "Ben"),
    ("over-equal-other", ([3, 3, 3, 3], [3, 3, 3, 3]), "Ana", (12, 12), True, None, "Ana"),
    ("equal-below-ten", ([2, 3], [3, 2]), None, (5, 5), False, None, None),
    ("no-cards-yet", ([], []), None, (0, 0), False, None, None),
]


@pytest.mark.parametrize("numbers,last,sums,over,advantage,first", [c[1:] for c in PHASE_CASES],
                         ids=[c[0] for c in PHASE_CASES])
def test_phase(numbers: tuple[list[int], list[int]], last: str | None, sums: tuple[int, int],
               over: bool, advantage: str | None, first: str | None) -> None:
    extra = {"last_recipient": last} if last else {}
    result = score(grande({}, {}, numbers, **extra))
    assert result["phase"] == {"sums": {"Ana": sums[0], "Ben": sums[1]}, "over": over,
                               "advantage": advantage, "first_seller": first}


def test_no_numbers_no_phase() -> None:
    assert "phase" not in score(grande({"San Marco": 1}, {}))


def base() -> dict[str, Any]:
    return grande({"San Marco": 1, "Castello": 2}, {"Dorsoduro": 3}, ([1, 3], [2]), last_recipient="Ana")


Edit = Callable[[dict[str, Any]], Any]
ERROR_CASES: list[tuple[str, Edit, str, str]] = [
    ("one-player", lambda s: s["players"].pop(), "players", "exactly 2 players"),
    ("three-players", lambda s: s["players"].append({"name": "Chloé", "won": {}}), "players",
     "exactly 2 players"),
    ("duplicate-names", lambda s: s["players"][1].update(name="ANA"), "players[1].name",
     "already the name of players[0]"),
    ("unknown-district", lambda s: s["players"][0]["won"].update({"San Mraco": 1}),
     "players[0].won.San Mraco", "is not a district of this game: use one of San Marco"),
    ("count-negative", lambda s: s["players"][0]["won"].update({"Castello": -1}),
     "players[0].won.Castello", "must be an integer of 0 or more (district cards won in votes), got -1"),
    ("count-text", lambda s: s["players"][0]["won"].update({"Castello": "2"}),
     "players[0].won.Castello", 'got "2"'),
    ("count-null", lambda s: s["players"][0]["won"].update({"Castello": None}),
     "players[0].won.Castello", "is missing (null)"),
    ("count-above-four", lambda s: s["players"][1]["won"].update({"Dorsoduro": 5}),
     "players[1].won.Dorsoduro", "must be at most 4, got 5"),
    ("more-than-five-cards", lambda s: s["players"][1]["won"].update({"Castello": 4}),
     "players[1].won.Castello", "6 Castello cards together, but the game has only 5"),
    ("both-conditions", lambda s: s["players"][0].update(won={**SIX, "San Polo": 4}),
     "players[0].won", "one card of every district and 4 of one at once"),
    ("both-players-won", lambda s: (s["players"][0].update(won=SIX),
                                    s["players"][1].update(won={"Dorsoduro": 4})),
     "players[1].won", "both players have a winning set"),
    ("won-missing", lambda s: s["players"][1].pop("won"), "players[1].won", "is required"),
    ("won-list", lambda s: s["players"][1].update(won=[]), "players[1].won",
     "must be an object of district to cards won"),
    ("number-four", lambda s: s["players"][0]["numbers"].append(4), "players[0].numbers[2]",
     "must be a number card value: 1, 2 or 3, got 4"),
    ("number-zero", lambda s: s["players"][1]["numbers"].append(0), "players[1].numbers[1]", "got 0"),
    ("number-text", lambda s: s["players"][1].update(numbers=["2"]), "players[1].numbers[0]", 'got "2"'),
    ("numbers-one-side", lambda s: s["players"][1].pop("numbers"), "players[1].numbers",
     "is required when the other player's numbers are given"),
    ("numbers-null", lambda s: s["players"][1].update(numbers=None), "players[1].numbers",
     "is missing (null)"),
    ("too-many-number-cards", lambda s: s["players"][1].update(numbers=[1] * 13), "players[1].numbers",
     "more than the game's 14 number cards"),
    ("last-recipient-unknown", lambda s: s.update(last_recipient="Chloé"), "last_recipient",
     'must be the name of a player (Ana or Ben), got "Chloé"'),
    ("last-recipient-null", lambda s: s.update(last_recipient=None), "last_recipient", "is missing (null)"),
    ("every-null-counted", lambda s: (s.update(last_recipient=None), s["players"][0].update(name=None)),
     "players[0].name", "is missing (null): fill it in or leave the key out (1 more missing: last_recipient)"),
    ("last-recipient-needed", lambda s: (s.pop("last_recipient"), s["players"][0].update(numbers=[3, 3, 3, 1]),
                                         s["players"][1].update(numbers=[3, 3, 3, 1])),
     "last_recipient", "is required: both players have 10 in number cards"),
    ("districts-five", lambda s: s.update(districts=list(DEFAULT_DISTRICTS[:5])), "districts",
     "a list of the 6 district names"),
    ("districts-duplicate", lambda s: s.update(districts=[*DEFAULT_DISTRICTS[:5], "San Marco"]),
     "districts[5]", '"San Marco" is listed twice'),
    ("districts-empty-name", lambda s: s.update(districts=[*DEFAULT_DISTRICTS[:5], " "]),
     "districts[5]", "must be a district name"),
    ("districts-number", lambda s: s.update(districts=[*DEFAULT_DISTRICTS[:5], 6]), "districts[5]",
     "must be a district name (a string), got 6"),
    ("unknown-top-key", lambda s: s.update(phase=2), "phase", "allowed: game, districts, players"),
    ("unknown-player-key", lambda s: s["players"][0].update(hand=3), "players[0].hand",
     "allowed: name, won, numbers"),
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


# --- properties ---------------------------------------------------------------

counts_st = st.fixed_dictionaries({}, optional={d: st.integers(0, 2) for d in DEFAULT_DISTRICTS})
numbers_st = st.lists(st.integers(1, 3), max_size=6)


def _wins(won: dict[str, int]) -> bool:
    return all(won.get(d, 0) for d in DEFAULT_DISTRICTS)


@settings(max_examples=80, deadline=None)
@given(counts_st, counts_st, numbers_st, numbers_st, st.sampled_from(["Ana", "Ben"]))
def test_invariants_and_seat_order_does_not_matter(ana: dict[str, int], ben: dict[str, int], na: list[int], nb: list[int],
                    last: str) -> None:
    assume(not (_wins(ana) and _wins(ben)))
    result = score(grande(ana, ben, (na, nb), last_recipient=last))
    swapped = score({"game": "canal-grande", "last_recipient": last,
                     "players": [{"name": "Ben", "won": ben, "numbers": nb},
                                 {"name": "Ana", "won": ana, "numbers": na}]})
    by_name = {p["name"]: p["parts"] for p in swapped["players"]}
    for player, won in zip(result["players"], (ana, ben), strict=True):
        assert player["total"] == sum(won.values())
        assert by_name[player["name"]] == player["parts"]
    assert set(result["winners"]) == set(swapped["winners"])
    assert len(result["winners"]) <= 1
    if result["winners"]:
        assert result["ranking"][0] == result["winners"][0]
    phase = result["phase"]
    assert phase == swapped["phase"]
    sums = phase["sums"]
    if phase["over"] and sums["Ana"] != sums["Ben"]:
        low = min(sums, key=sums.__getitem__)
        assert phase["advantage"] == low and phase["first_seller"] != low
    elif not phase["over"]:
        assert phase["advantage"] is None and phase["first_seller"] is None
