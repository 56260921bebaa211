"""Schema migrations, oldest first. Append; never edit one that has shipped."""

from __future__ import annotations

MIGRATIONS: list[list[str]] = [
    # 1: groups, players, matches and who played in each match.
    [
        """CREATE TABLE groups (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            key_hash TEXT NOT NULL,
            created_at TEXT NOT NULL
        )""",
        """CREATE TABLE players (
            id INTEGER PRIMARY KEY,
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL,
            hidden INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            UNIQUE (group_id, name_key)
        )""",
        """CREATE TABLE matches (
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            game TEXT NOT NULL,
            played_at TEXT NOT NULL,
            state TEXT NOT NULL,
            result TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            deleted_at TEXT,
            PRIMARY KEY (group_id, id)
        )""",
        "CREATE INDEX matches_by_time ON matches (group_id, deleted_at, played_at DESC, id)",
        "CREATE INDEX matches_by_game ON matches (group_id, game, played_at DESC)",
        """CREATE TABLE match_players (
            group_id TEXT NOT NULL,
            match_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            player_id INTEGER NOT NULL REFERENCES players(id),
            total INTEGER NOT NULL,
            place INTEGER NOT NULL,
            winner INTEGER NOT NULL,
            PRIMARY KEY (group_id, match_id, seat),
            FOREIGN KEY (group_id, match_id) REFERENCES matches(group_id, id) ON DELETE CASCADE
        )""",
        "CREATE INDEX match_players_by_player ON match_players (player_id)",
    ],
    # Photos uploaded for reading: stored under generated names in instance/uploads.
    [
        """CREATE TABLE photos (
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            game TEXT NOT NULL,
            filename TEXT NOT NULL,
            media_type TEXT NOT NULL,
            reading TEXT NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (group_id, id)
        )""",
    ],
    # Live tables (rooms): one shared dice tray per room and its append-only event log.
    # `state` is the rules engine's game after event `last_seq`; both change in the
    # transaction that appends an event, so every process and restart agrees.
    [
        """CREATE TABLE rooms (
            id TEXT PRIMARY KEY,
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            game TEXT NOT NULL,
            edition TEXT NOT NULL,
            mode TEXT NOT NULL,
            players TEXT NOT NULL,
            token_hash TEXT NOT NULL,
            sealed_key TEXT NOT NULL,
            state TEXT NOT NULL,
            last_seq INTEGER NOT NULL DEFAULT 0,
            match_id TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            finished_at TEXT
        )""",
        "CREATE INDEX rooms_by_group ON rooms (group_id, created_at DESC)",
        "CREATE INDEX rooms_by_match ON rooms (group_id, match_id)",
        """CREATE TABLE room_events (
            room_id TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            type TEXT NOT NULL,
            data TEXT NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (room_id, seq)
        ) WITHOUT ROWID""",
    ],
    # Card catalog: Canal Houses store/roof/window cards a group saved to pick again.
    [
        """CREATE TABLE cards (
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            kind TEXT NOT NULL,
            name TEXT NOT NULL,
            data TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            PRIMARY KEY (group_id, id)
        )""",
        "CREATE INDEX cards_by_kind ON cards (group_id, kind, name)",
    ],
]
