"""Doodle China end-of-game scoring: worked examples, every part, trees,
tie-breaks, the solo table and the rulebook's fall-back helper."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from doodle_china_helpers import blank, shanghai_player, state, suzhou_player

from companion.cli import main as cli
from companion.games import score
from companion.games.doodle_china.scoring import claim_value

EXAMPLES = sorted(Path("/work/shared/spec/examples").glob("doodle-china-*.json"))


def row(*cells: str, edition: str = "suzhou") -> list[str]:
    size = 5 if edition == "suzhou" else 6
    return list(cells) + ["plain"] * (size - len(cells))


def with_rows(edition: str, **rows: list[str]) -> list[list[str]]:
    grid = blank(edition)
    for key, cells in rows.items():
        grid[int(key[1:])] = row(*cells, edition=edition)
    return grid


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_worked_examples(path: Path) -> None:
    example = json.loads(path.read_text(encoding="utf-8"))
    got, want = score(example["state"]), example["result"]
    assert [(p["name"], p["total"], p["parts"]) for p in got["players"]] == \
        [(p["name"], p["total"], p["parts"]) for p in want["players"]]
    assert sorted(got["winners"]) == sorted(want["winners"])
    assert got.get("solo") == want.get("solo")
    # Tied players may come in any order: compare the ranking's tie classes.
    players = example["state"]["players"]
    key = {p["name"]: (r["total"], -p["trees_crossed"]) for p, r in zip(players, got["players"], strict=True)}
    assert sorted(got["ranking"]) == sorted(want["ranking"])
    assert [key[n] for n in got["ranking"]] == [key[n] for n in want["ranking"]]


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_worked_examples_through_the_command_line(path: Path, tmp_path: Path) -> None:
    example = json.loads(path.read_text(encoding="utf-8"))
    source = tmp_path / "state.json"
    source.write_text(json.dumps(example["state"]), encoding="utf-8")
    run = CliRunner().invoke(cli, ["score", str(source)])
    assert run.exit_code == 0, run.output
    got = json.loads(run.output)
    assert [p["total"] for p in got["players"]] == [p["total"] for p in example["result"]["players"]]


def test_figure_2_five_connected_boats_score_twenty() -> None:
    grid = with_rows("suzhou", r2=["boat:EW"] * 5)
    result = score(state("suzhou", suzhou_player(grid=grid)))
    player = result["players"][0]
    assert player["parts"]["boats"] == 20
    assert player["riverways"] == [{"cells": [[2, c] for c in range(5)], "length": 5}]
    assert all(b["connected"] for b in player["boats"]) and len(player["boats"]) == 5
    assert sum("+4" in line for line in player["details"]) == 5


BOATS = [
    ("lone boat", with_rows("suzhou", r0=["boat:EW", "plain:EW"]), 0),
    ("two boats not joined (paths miss)", with_rows("suzhou", r0=["boat:NS", "boat:NS"]), 0),
    ("two boats joined by a curve", with_rows("suzhou", r0=["boat:SE", "boat:SW"], r1=[]), 8),
    ("boats joined through plain squares",
     with_rows("suzhou", r0=["boat:SE", "plain:EW", "boat:SW"]), 8),
    ("boat without a path never connects",
     with_rows("suzhou", r0=["boat", "boat:EW", "boat:EW"]), 8),
    ("two riverways of two boats", with_rows("suzhou", r0=["boat:EW", "boat:EW"],
                                            r3=["boat:EW", "boat:EW"]), 16),
    ("vertical riverway", [["boat:NS"] + ["plain"] * 4 for _ in range(5)], 20),
]


@pytest.mark.parametrize("grid,points", [b[1:] for b in BOATS], ids=[b[0] for b in BOATS])
def test_boats(grid: list[list[str]], points: int) -> None:
    assert score(state("suzhou", suzhou_player(grid=grid)))["players"][0]["parts"]["boats"] == points


VEHICLES = [
    ("two taxis", ["taxi:EW", "taxi:EW"], {"taxis": 6, "buses": 0}),
    ("two buses", ["bus:EW", "plain:EW", "bus:EW"], {"taxis": 0, "buses": 10}),
    ("a taxi and a bus do not help each other", ["taxi:EW", "bus:EW"], {"taxis": 0, "buses": 0}),
    ("three taxis and two buses on one road", ["taxi:EW", "bus:EW", "taxi:EW", "bus:EW", "taxi:EW"],
     {"taxis": 9, "buses": 10}),
    ("a park between two taxis carries the road", ["taxi:EW", "park:EW", "taxi:EW"],
     {"taxis": 6, "buses": 0}),
]


@pytest.mark.parametrize("cells,parts", [v[1:] for v in VEHICLES], ids=[v[0] for v in VEHICLES])
def test_taxis_and_buses(cells: list[str], parts: dict[str, int]) -> None:
    grid = with_rows("shanghai", r1=cells)
    got = score(state("shanghai", shanghai_player(grid=grid)))["players"][0]["parts"]
    assert {k: got[k] for k in parts} == parts


PARTS = [
    ("suzhou hotels", "suzhou", {"hotels": [15, 8]}, "hotels", 23),
    ("suzhou shops", "suzhou", {"shops": [10, 1]}, "shops", 11),
    ("suzhou shop bonuses", "suzhou", {"shop_bonuses": [10, 3]}, "shop_bonuses", 13),
    ("suzhou boats", "suzhou", {"grid": with_rows("suzhou", r4=["boat:EW", "boat:EW"])}, "boats", 8),
    ("shanghai hotels", "shanghai", {"hotels": [18, 1]}, "hotels", 19),
    ("shanghai skyscrapers", "shanghai", {"skyscrapers": [12, 6]}, "skyscrapers", 18),
    ("shanghai taxis", "shanghai", {"grid": with_rows("shanghai", r5=["taxi:EW", "taxi:EW"])},
     "taxis", 6),
    ("shanghai buses", "shanghai", {"grid": with_rows("shanghai", r5=["bus:EW", "bus:EW"])},
     "buses", 10),
]


@pytest.mark.parametrize("edition,over,part,points", [p[1:] for p in PARTS], ids=[p[0] for p in PARTS])
def test_every_part(edition: str, over: dict, part: str, points: int) -> None:
    make = suzhou_player if edition == "suzhou" else shanghai_player
    player = score(state(edition, make(**over)))["players"][0]
    assert player["parts"][part] == points
    assert player["total"] == sum(player["parts"].values()) == points
    keys = {"suzhou": ["hotels", "shops", "shop_bonuses", "boats", "trees"],
            "shanghai": ["hotels", "skyscrapers", "taxis", "buses", "trees"]}[edition]
    assert list(player["parts"]) == keys


TREES = [
    ("suzhou most loses, fewest gains", "suzhou", [1, 4, 7], [4, 0, -4]),
    ("suzhou ties all take the full amount", "suzhou", [2, 2, 9, 9], [4, 4, -4, -4]),
    ("suzhou everybody tied: +4 and -4", "suzhou", [3, 3], [0, 0]),
    ("suzhou zero and ten", "suzhou", [0, 10], [4, -4]),
    ("shanghai most remaining gains", "shanghai", [1, 4, 7], [7, 0, -7]),
    ("shanghai ties", "shanghai", [0, 0, 12], [7, 7, -7]),
    ("solo scores nothing (suzhou)", "suzhou", [9], [0]),
    ("solo scores nothing (shanghai)", "shanghai", [0], [0]),
]


@pytest.mark.parametrize("edition,crossed,points", [t[1:] for t in TREES], ids=[t[0] for t in TREES])
def test_trees(edition: str, crossed: list[int], points: list[int]) -> None:
    make = suzhou_player if edition == "suzhou" else shanghai_player
    players = [make(f"P{i}", trees_crossed=x) for i, x in enumerate(crossed)]
    result = score(state(edition, *players))
    assert [p["parts"]["trees"] for p in result["players"]] == points
    assert all(p["details"][-1].startswith("trees:") for p in result["players"])


TIES = [
    ("higher total wins", [("A", [8], 5), ("B", [10], 5)], ["B"], ["B", "A"]),
    ("equal totals: fewest trees wins", [("A", [10], 3), ("B", [10], 2), ("C", [10], 4)],
     ["B"], ["B", "A", "C"]),
    ("equal totals and trees: shared", [("A", [10], 3), ("B", [10], 3), ("C", [2], 1)],
     ["A", "B"], None),
]


@pytest.mark.parametrize("players,winners,ranking", [t[1:] for t in TIES], ids=[t[0] for t in TIES])
def test_tie_breaks(players: list, winners: list[str], ranking: list[str] | None) -> None:
    # Shops (not hotels) so equal values on two sheets are allowed; trees
    # points are cancelled by giving everyone a middle player.
    sheets = [suzhou_player(n, shops=s, trees_crossed=t) for n, s, t in players]
    sheets += [suzhou_player("Low", trees_crossed=0), suzhou_player("High", trees_crossed=10)]
    result = score(state("suzhou", *sheets))
    assert sorted(result["winners"]) == winners
    if ranking:
        assert result["ranking"][:len(ranking)] == ranking


def test_shanghai_tie_break_is_fewest_crossed_trees() -> None:
    # Ana: 10 + 7 (more remaining) = 17; Ben: 17 + 0 ... both 17; Ana crossed fewer.
    ana = shanghai_player("Ana", hotels=[10], trees_crossed=2)
    ben = shanghai_player("Ben", hotels=[17], trees_crossed=5)
    cy = shanghai_player("Cy", hotels=[14], trees_crossed=9)
    result = score(state("shanghai", ana, ben, cy))
    assert [p["total"] for p in result["players"]] == [17, 17, 7]
    assert result["winners"] == ["Ana"] and result["ranking"] == ["Ana", "Ben", "Cy"]


SOLO_RANKS = [(29, "Try again!"), (30, "Tenant"), (49, "Tenant"), (50, "Landlord"),
              (69, "Landlord"), (70, "Entrepreneur"), (89, "Entrepreneur"), (90, "Mayor"),
              (104, "Mayor"), (105, "President"), (119, "President"), (120, "World Power")]


@pytest.mark.parametrize("total,name", SOLO_RANKS, ids=[f"{t}-{n}" for t, n in SOLO_RANKS])
def test_solo_rank_table(total: int, name: str) -> None:
    hotels = [v for v in (18, 17, 16, 15, 14, 13, 12, 11) if v <= total]
    values, left = [], total
    for v in hotels:
        if v <= left:
            values.append(v)
            left -= v
    if left:
        values.append(left)
    result = score(state("shanghai", shanghai_player(hotels=values, trees_crossed=1)))
    assert result["players"][0]["total"] == total
    assert result["solo"]["rank"] == name


def _planner_grid() -> list[list[str]]:
    """A snake through all squares but the house at [0, 0]."""
    grid = [["plain:EW"] * 5 for _ in range(5)]
    grid[0] = ["house", "plain:EW", "plain:EW", "plain:EW", "plain:SW"]
    for r in range(1, 5):
        left, right = (0, 4)
        if r % 2:  # entered from the right, leave at the left
            grid[r][right] = "plain:NW"
            grid[r][left] = "plain:SE" if r < 4 else "plain:EW"
        else:
            grid[r][left] = "plain:NE"
            grid[r][right] = "plain:SW" if r < 4 else "plain:EW"
    return grid


ACHIEVEMENTS = [
    ("environmentalist", {"trees_crossed": 0}, ["Environmentalist"]),
    ("no environmentalist with one tree", {"trees_crossed": 1}, []),
    ("city planner", {"trees_crossed": 1, "grid": _planner_grid()}, ["City Planner"]),
    ("hotel magnate", {"trees_crossed": 1, "hotels": [15, 12, 10, 5]}, ["Hotel Magnate"]),
    ("41 hotel points is short", {"trees_crossed": 1, "hotels": [15, 12, 10, 4]}, []),
    ("capitalist counts bonuses", {"trees_crossed": 1, "shops": [10, 9, 8, 7, 6, 5, 4],
                                   "shop_bonuses": [10, 7, 5, 3]}, ["Capitalist"]),
    ("shopping spree", {"trees_crossed": 1, "largest_shop_houses": 16}, ["Shopping Spree"]),
    ("15 houses is short", {"trees_crossed": 1, "largest_shop_houses": 15}, []),
]


@pytest.mark.parametrize("over,want", [a[1:] for a in ACHIEVEMENTS], ids=[a[0] for a in ACHIEVEMENTS])
def test_solo_achievements(over: dict, want: list[str]) -> None:
    result = score(state("suzhou", suzhou_player(**over)))
    assert result["solo"]["achievements"] == want


def test_city_planner_needs_one_riverway() -> None:
    grid = _planner_grid()
    grid[2][2] = "plain:NS"  # cuts the snake in two
    assert score(state("suzhou", suzhou_player(grid=grid, trees_crossed=1)))["solo"] == \
        {"rank": "Try again!", "achievements": []}


def test_no_solo_key_with_two_players() -> None:
    assert "solo" not in score(state("suzhou", suzhou_player("A"), suzhou_player("B")))


CLAIMS = [
    ("shanghai hotel 7 taken falls back to 6", list(range(1, 19)), {7}, 7, 6),
    ("skyscraper 3x2 with 6 and 5 taken falls back to 4", list(range(1, 19)), {6, 5}, 6, 4),
    ("suzhou shop 5 houses, 5 taken, circles 4", list(range(1, 11)), {5}, 5, 4),
    ("free value is taken as is", list(range(1, 11)), set(), 5, 5),
    ("above the top circles the top", [2, 3, 4, 5, 6, 8, 10, 12, 15], set(), 20, 15),
    ("between track values falls to the lower", [2, 3, 4, 5, 6, 8, 10, 12, 15], set(), 7, 6),
    ("below the lowest: nothing", [2, 3, 4, 5, 6, 8, 10, 12, 15], set(), 1, None),
    ("everything lower taken: nothing", list(range(1, 11)), {1, 2, 3}, 3, None),
    ("zero: nothing", list(range(1, 19)), set(), 0, None),
]


@pytest.mark.parametrize("track,taken,count,want", [c[1:] for c in CLAIMS], ids=[c[0] for c in CLAIMS])
def test_claim_value(track: list[int], taken: set[int], count: int, want: int | None) -> None:
    assert claim_value(track, taken, count) == want


def test_a_shanghai_start_square_from_older_data_is_read_as_a_park() -> None:
    # scoring.md: "Read `start` in a Shanghai grid as `park` (older drafts and layouts)."
    old = shanghai_player(grid=blank("shanghai"))
    old["grid"][0][:3] = ["start:EW", "taxi:EW", "start"]
    new = shanghai_player(grid=blank("shanghai"))
    new["grid"][0][:3] = ["park:EW", "taxi:EW", "park"]
    assert score(state("shanghai", old)) == score(state("shanghai", new))
    with pytest.raises(Exception, match="unknown kind \"park\""):
        score(state("suzhou", suzhou_player(grid=[["park"] * 5] * 5)))


CAPITALIST_CASES = [
    # id, circled shop values, circled shop bonuses, Capitalist?
    ("74 with every bonus", [10, 9, 8, 7, 6, 5, 4], [10, 7, 5, 3], True),
    ("73 is short", [10, 9, 8, 7, 6, 5, 3], [10, 7, 5, 3], False),
    ("all ten shops alone are 55", list(range(1, 11)), [], False),
    ("55 shops and 20 of bonuses", list(range(1, 11)), [10, 7, 3], True),
    ("55 shops and 18 of bonuses", list(range(1, 11)), [10, 5, 3], False),
]


@pytest.mark.parametrize("shops,bonuses,got", [c[1:] for c in CAPITALIST_CASES],
                         ids=[c[0] for c in CAPITALIST_CASES])
def test_capitalist_74_shop_points_are_shops_plus_shop_bonuses(shops, bonuses, got) -> None:
    """doodle-china.txt, solo achievements: "Capitalist (74 shop points)"; "The first
    player to score at least 3, 5, 7, or 10 shop points, also circles the corresponding
    first player bonus"; at the end: "Value inside all circled shop points and bonus
    points." The shop track alone tops out at 55 (1 to 10), so the 74 counts circled
    shop values plus circled shop bonuses (docs/readings.md)."""
    result = score(state("suzhou", suzhou_player(shops=shops, shop_bonuses=bonuses,
                                                 trees_crossed=1)))
    assert ("Capitalist" in result["solo"]["achievements"]) is got
    parts = result["players"][0]["parts"]
    assert parts["shops"] + parts["shop_bonuses"] == sum(shops) + sum(bonuses)
