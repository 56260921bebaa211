"""Issue 11: Shanghai's starting squares are its parks. Data stored before
that (saved matches, rooms in progress, group layouts, photo readings) holds
`start` cells in Shanghai grids; the parks migration reads them as `park`,
and leaves Suzhou's start squares alone. (Its step is run again over a
database at today's schema, as `migrate` runs it, so the test holds
wherever the step ends up in the list.)"""

from __future__ import annotations

import copy

from shanghai_before_parks import OLD_CELLS

from companion import storage
from companion.games import score
from companion.games.doodle_china.layouts import get_layout
from companion.storage.db import schema_version, write
from companion.storage.schema import MIGRATIONS, shanghai_start_is_park
from companion.table import room_state

# the parks migration's place (others may be appended after it)
PARKS = next(i for i, steps in enumerate(MIGRATIONS) if shanghai_start_is_park in steps)


def _grid(cells: list[list[str]]) -> list[list[str]]:
    return [[f"{k}:EW" if k == "start" else k for k in row] for row in cells]


def _has_start(value) -> bool:
    if isinstance(value, str):
        return value.split(":")[0] == "start"
    if isinstance(value, dict):
        return any(_has_start(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_start(v) for v in value)
    return False


def test_the_parks_migration_reads_shanghai_start_cells_as_parks(tmp_path) -> None:
    db = storage.connect(tmp_path / "old.sqlite")
    assert schema_version(db) == len(MIGRATIONS)
    gid = storage.create_group(db, "G")["id"]
    shanghai = {"game": "doodle-china", "edition": "shanghai",
                "players": [{"name": "Ana", "grid": _grid(OLD_CELLS), "hotels": [],
                             "skyscrapers": [], "trees_crossed": 0}]}
    suzhou_layout = get_layout("suzhou-v1")
    suzhou = {"game": "doodle-china", "edition": "suzhou",
              "players": [{"name": "Ana", "grid": _grid(suzhou_layout["cells"]), "hotels": [],
                           "shops": [], "shop_bonuses": [], "trees_crossed": 0}]}
    storage.save_match(db, gid, "sh", "2026-11-30T20:00:00Z", shanghai, score(shanghai))
    storage.save_match(db, gid, "su", "2026-11-30T20:00:00Z", suzhou, score(suzhou))
    layout = {**get_layout("shanghai-v1"), "cells": copy.deepcopy(OLD_CELLS)}
    data = {k: layout[k] for k in ("rows", "cols", "cells", "houses", "tracks", "trees",
                                   "skyscraper_floors")}
    storage.save_layout(db, gid, "ours", "shanghai", "Our sheets", data)
    room = room_state.new_state("shanghai", ["Ana", "Ben"], layout, "digital")
    room["game"]["layout"]["cells"] = copy.deepcopy(OLD_CELLS)  # as stored before
    for sheet in room["game"]["sheets"]:
        sheet["grid"] = _grid(OLD_CELLS)
    storage.create_room(db, rid="r1", gid=gid, game="doodle-china", edition="shanghai",
                        mode="digital", players=["Ana", "Ben"], token_hash="x", sealed_key="y",
                        state=room, match_id="m1")
    reading = {"proposal": {"grid": _grid(OLD_CELLS)},
               "sheet": {"game": "doodle-china", "edition": "shanghai", "layout": "shanghai-v1"}}
    storage.add_photo(db, gid, "p1", "doodle-china", "p1.jpg", "image/jpeg", reading)

    # The step runs again over data stored the old way, at today's schema (re-running
    # every later migration would only recreate their tables).
    with write(db):
        MIGRATIONS[PARKS][0](db)

    sh = storage.get_match(db, gid, "sh")["state"]["players"][0]["grid"]
    assert sh[0][0] == "park:EW" and sh[1][2] == "park" and not _has_start(sh)
    assert storage.get_match(db, gid, "su")["state"] == suzhou  # Suzhou keeps its start squares
    cells = storage.get_layout(db, gid, "ours")["data"]["cells"]
    assert cells[0][0] == "park" and not _has_start(cells)
    game = storage.get_room(db, gid, "r1")["state"]["game"]
    assert not _has_start(game["layout"]["cells"]) and not _has_start(game["sheets"])
    assert game["sheets"][1]["grid"][5][5] == "park:EW"
    photo = storage.get_photo(db, gid, "p1")["reading"]
    assert photo["proposal"]["grid"][3][3] == "park:EW" and not _has_start(photo)
    assert photo["sheet"]["layout"] == "shanghai-v1"
