"""Schema migrations, oldest first. Append; never edit one that has shipped.

A migration is a list of steps, each an SQL statement or a named Python
function of the database (for rewrites SQL cannot say simply); all steps of
one migration run in one transaction. The first ones (up to the stats steps and
catalog card photos) are in `migrations_early`; append new ones here, each
under a heading that names what it migrates."""

from __future__ import annotations

import json
from typing import Any

from .migrations_early import EARLY_MIGRATIONS, Step


def shanghai_start_is_park(db: Any) -> None:
    """Doodle China: a `start` cell in a Shanghai grid or layout becomes `park`
    (the rulebook's starting squares are the parks). Rewrites saved matches,
    rooms (layout and sheets), group layouts and photo readings; self-contained
    so later engine changes never change what this migration did."""
    targets = (
        ("matches", "state", "game = 'doodle-china'", None),
        ("rooms", "state", "game = 'doodle-china' AND edition = 'shanghai'", "shanghai"),
        ("sheet_layouts", "data", "edition = 'shanghai'", "shanghai"),
        ("photos", "reading", "game = 'doodle-china'", None),
    )
    for table, column, where, edition in targets:
        for rowid, text in db.execute(f"SELECT rowid, {column} FROM {table} WHERE {where}"
                                      f" AND {column} LIKE '%start%'").fetchall():
            data = json.loads(text)
            if _parks(data, edition):
                db.execute(f"UPDATE {table} SET {column} = ? WHERE rowid = ?",
                           [json.dumps(data, ensure_ascii=False), rowid])


def streak_years(db: Any) -> None:
    """Win streaks summed per year (so a save refolds a year, not the whole
    history): built once from the month rows."""
    from .ratings_streaks import streak_years as build

    build(db)


def _parks(node: Any, edition: str | None) -> bool:
    """Rename Shanghai start cells under `node` in place; True if any changed.
    The edition comes from the nearest object naming one (itself or its
    `sheet`, as in a photo reading)."""
    changed = False
    if isinstance(node, dict):
        sheet = node.get("sheet")
        named = node.get("edition", sheet.get("edition") if isinstance(sheet, dict) else None)
        edition = named if named in ("suzhou", "shanghai") else edition
        for key, value in node.items():
            if key in ("grid", "cells") and edition == "shanghai" and isinstance(value, list):
                for row in value:
                    for i, cell in enumerate(row if isinstance(row, list) else []):
                        if isinstance(cell, str) and cell.split(":")[0] == "start":
                            row[i] = "park" + cell[len("start"):]
                            changed = True
            else:
                changed = _parks(value, edition) or changed
    elif isinstance(node, list):
        for item in node:
            changed = _parks(item, edition) or changed
    return changed


MIGRATIONS: list[list[Step]] = [
    *EARLY_MIGRATIONS,
    # Doodle China, Shanghai: the starting squares are the parks (issue 11); stored
    # grids and layouts with a `start` cell in Shanghai read it as `park`.
    [shanghai_start_is_park],
    # Access a group can take back (issue 15): each joined phone's server-side session
    # (only its hash), who the phone is, the current group key and room tokens sealed under
    # the server's secret (so any joined phone can show the current invite).
    [
        """CREATE TABLE phones (
            id TEXT PRIMARY KEY,
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            session_hash TEXT NOT NULL,
            label TEXT NOT NULL,
            player_id INTEGER,
            asked_who INTEGER NOT NULL DEFAULT 0,
            joined_at TEXT NOT NULL,
            last_seen_at TEXT NOT NULL,
            UNIQUE (session_hash, group_id)
        )""",
        "CREATE INDEX phones_by_group ON phones (group_id, joined_at)",
        "ALTER TABLE groups ADD COLUMN sealed_key TEXT",
        "ALTER TABLE rooms ADD COLUMN sealed_token TEXT",
    ],
    # Logging basics (issue 17): a match's optional duration, location and notes,
    # beside played_at (api.md).
    [
        "ALTER TABLE matches ADD COLUMN duration_min INTEGER",
        "ALTER TABLE matches ADD COLUMN location TEXT",
        "ALTER TABLE matches ADD COLUMN notes TEXT",
    ],
    # Dice table seats (issue 17): which phone holds each seat of a room, so two
    # phones cannot play the same seat.
    [
        """CREATE TABLE room_seats (
            room_id TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            phone TEXT NOT NULL,
            claimed_at TEXT NOT NULL,
            PRIMARY KEY (room_id, seat)
        ) WITHOUT ROWID""",
        "CREATE UNIQUE INDEX room_seats_by_phone ON room_seats (room_id, phone)",
    ],
    # Doodle China templates (issue 14): sheets the project did not print (the pad from
    # the box), each taught from one photo of a blank: the rectified blank and where its
    # grid, tracks (with the values read and confirmed), trees and houses are.
    [
        """CREATE TABLE sheet_templates (
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            edition TEXT NOT NULL,
            name TEXT NOT NULL,
            data TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 1,
            PRIMARY KEY (group_id, id)
        )""",
    ],
    # Canalis tiles (issue 17, fewer taps): each industrial / specialty tile a group typed
    # once (name, cost, points, needs), offered by kind in the move form next time.
    [
        """CREATE TABLE canalis_tiles (
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            kind TEXT NOT NULL,
            name TEXT NOT NULL,
            data TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 1,
            PRIMARY KEY (group_id, id)
        )""",
        "CREATE INDEX canalis_tiles_by_kind ON canalis_tiles (group_id, kind, name)",
    ],
    # Data safety (issue 16): a version on every editable record (matches, sheet layouts,
    # catalog cards, players) so a stale edit is refused with 409 instead of silently
    # overwriting another phone's save; an index to list and purge recently deleted matches.
    [
        "ALTER TABLE matches ADD COLUMN version INTEGER NOT NULL DEFAULT 1",
        "ALTER TABLE sheet_layouts ADD COLUMN version INTEGER NOT NULL DEFAULT 1",
        "ALTER TABLE cards ADD COLUMN version INTEGER NOT NULL DEFAULT 1",
        "ALTER TABLE players ADD COLUMN version INTEGER NOT NULL DEFAULT 1",
        "CREATE INDEX matches_by_deletion ON matches (deleted_at) WHERE deleted_at IS NOT NULL",
    ],
    # Stats upkeep per save (issue 15): a save rebuilds its month's game counts and
    # outcomes from stat_matches; without this index each save scanned the group's whole
    # history (~150 ms at 20,000 matches).
    [
        "CREATE INDEX stat_matches_by_month ON stat_matches (group_id, month)",
        streak_years,
    ],
]
