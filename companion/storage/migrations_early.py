"""The schema's first migrations, oldest first (groups and matches, photos,
live tables, the card catalog, the stats tables in nine steps, sheet layouts,
catalog card photos): `schema.MIGRATIONS` starts with these. Never edit one
that has shipped; new migrations are appended in `schema.py`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Step = str | Callable[[Any], None]

EARLY_MIGRATIONS: list[list[Step]] = [
    # Groups, players, matches and who played in each match: the first schema.
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
    # Stats (issue 7): player aliases (renames and merges keep old names resolving),
    # compact per-match facts, monthly aggregates kept up to date in each match write,
    # head-to-head and streak totals (month '*'), and rating history (openskill).
    [
        """CREATE TABLE player_aliases (
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            name_key TEXT NOT NULL,
            player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
            created_at TEXT NOT NULL,
            PRIMARY KEY (group_id, name_key)
        )""",
        "CREATE INDEX player_aliases_by_player ON player_aliases (player_id)",
        """CREATE TABLE stat_matches (
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            match_id TEXT NOT NULL,
            game TEXT NOT NULL,
            edition TEXT NOT NULL,
            played_at TEXT NOT NULL,
            month TEXT NOT NULL,
            n_players INTEGER NOT NULL,
            finished INTEGER NOT NULL,
            top_player_id INTEGER,
            top_total INTEGER,
            margin INTEGER,
            solo_rank TEXT,
            achievements TEXT,
            win_condition TEXT,
            PRIMARY KEY (group_id, match_id)
        ) WITHOUT ROWID""",
        "CREATE INDEX stat_matches_by_game ON stat_matches (group_id, game, played_at, match_id)",
        "CREATE INDEX stat_matches_by_time ON stat_matches (group_id, played_at)",
        "CREATE INDEX stat_matches_by_margin ON stat_matches (group_id, game, margin)",
        """CREATE TABLE stat_plays (
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            match_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            player_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            edition TEXT NOT NULL,
            played_at TEXT NOT NULL,
            month TEXT NOT NULL,
            solo INTEGER NOT NULL,
            rated INTEGER NOT NULL,
            total INTEGER NOT NULL,
            place INTEGER NOT NULL,
            winner INTEGER NOT NULL,
            p0 INTEGER, p1 INTEGER, p2 INTEGER, p3 INTEGER,
            p4 INTEGER, p5 INTEGER, p6 INTEGER, p7 INTEGER,
            PRIMARY KEY (group_id, match_id, seat)
        ) WITHOUT ROWID""",
        "CREATE INDEX stat_plays_by_month ON stat_plays (group_id, month, played_at, match_id)",
        "CREATE INDEX stat_plays_by_game ON stat_plays (group_id, game, played_at, match_id)",
        "CREATE INDEX stat_plays_by_player ON stat_plays (group_id, player_id, played_at)",
        "CREATE INDEX stat_plays_scores ON stat_plays (group_id, game, player_id, total)",
        """CREATE TABLE stats_month (
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            month TEXT NOT NULL,
            game TEXT NOT NULL,
            edition TEXT NOT NULL,
            player_id INTEGER NOT NULL,
            plays INTEGER NOT NULL,
            solo INTEGER NOT NULL,
            rated INTEGER NOT NULL,
            wins INTEGER NOT NULL,
            score_sum INTEGER NOT NULL,
            best INTEGER NOT NULL,
            p0 INTEGER, p1 INTEGER, p2 INTEGER, p3 INTEGER,
            p4 INTEGER, p5 INTEGER, p6 INTEGER, p7 INTEGER,
            w0 INTEGER, w1 INTEGER, w2 INTEGER, w3 INTEGER,
            w4 INTEGER, w5 INTEGER, w6 INTEGER, w7 INTEGER,
            PRIMARY KEY (group_id, month, game, edition, player_id)
        ) WITHOUT ROWID""",
        """CREATE TABLE stats_h2h (
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            month TEXT NOT NULL,
            game TEXT NOT NULL,
            player_id INTEGER NOT NULL,
            opponent_id INTEGER NOT NULL,
            wins INTEGER NOT NULL,
            losses INTEGER NOT NULL,
            ties INTEGER NOT NULL,
            PRIMARY KEY (group_id, month, game, player_id, opponent_id)
        ) WITHOUT ROWID""",
        """CREATE TABLE stats_streak (
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            month TEXT NOT NULL,
            game TEXT NOT NULL,
            player_id INTEGER NOT NULL,
            n INTEGER NOT NULL,
            prefix INTEGER NOT NULL,
            suffix INTEGER NOT NULL,
            longest INTEGER NOT NULL,
            PRIMARY KEY (group_id, month, game, player_id)
        ) WITHOUT ROWID""",
        "CREATE INDEX stats_streak_by_player ON stats_streak (group_id, player_id, game, month)",
        """CREATE TABLE stats_rating (
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            game TEXT NOT NULL,
            player_id INTEGER NOT NULL,
            played_at TEXT NOT NULL,
            match_id TEXT NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            PRIMARY KEY (group_id, game, player_id, played_at, match_id)
        ) WITHOUT ROWID""",
        "CREATE INDEX stats_rating_by_time ON stats_rating (group_id, game, played_at, match_id)",
    ],
    # Doodle China sheet layouts a group made to match the printed sheets it owns.
    [
        """CREATE TABLE sheet_layouts (
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            edition TEXT NOT NULL,
            name TEXT NOT NULL,
            data TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            PRIMARY KEY (group_id, id)
        )""",
        "CREATE INDEX sheet_layouts_by_edition ON sheet_layouts (group_id, edition, name)",
    ],
    # Stats (issue 7), second step: all-time rows (month '*') in stats_month, match
    # counts per month and game, and indexes for the score trend and all-time bests.
    [
        """CREATE TABLE stats_games (
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            month TEXT NOT NULL,
            game TEXT NOT NULL,
            edition TEXT NOT NULL,
            matches INTEGER NOT NULL,
            PRIMARY KEY (group_id, month, game, edition)
        ) WITHOUT ROWID""",
        "CREATE INDEX stats_month_trend ON stats_month (group_id, month, game, player_id, plays,"
        " score_sum)",
        "CREATE INDEX stats_month_by_key ON stats_month (group_id, game, edition, player_id, best)",
        """INSERT INTO stats_month SELECT group_id, '*', game, edition, player_id, sum(plays),
            sum(solo), sum(rated), sum(wins), sum(score_sum), max(best),
            sum(p0), sum(p1), sum(p2), sum(p3), sum(p4), sum(p5), sum(p6), sum(p7),
            sum(w0), sum(w1), sum(w2), sum(w3), sum(w4), sum(w5), sum(w6), sum(w7)
            FROM stats_month GROUP BY group_id, game, edition, player_id""",
        """INSERT INTO stats_games SELECT group_id, month, game, edition, count(*)
            FROM stat_matches GROUP BY group_id, month, game, edition""",
        """INSERT INTO stats_games SELECT group_id, '*', game, edition, sum(matches)
            FROM stats_games GROUP BY group_id, game, edition""",
        # Groups with matches saved before the stats existed get their facts on first read.
        "CREATE TABLE stats_backfill (group_id TEXT PRIMARY KEY)",
        """INSERT INTO stats_backfill SELECT DISTINCT m.group_id FROM matches m
            WHERE m.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM stat_matches s
            WHERE s.group_id = m.group_id AND s.match_id = m.id)""",
    ],
    # Stats (issue 7), third step: the all-time score histogram (medians without a
    # scan), and indexes that let each filtered stats query read only its rows.
    [
        """CREATE TABLE stats_scores (
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            game TEXT NOT NULL,
            player_id INTEGER NOT NULL,
            total INTEGER NOT NULL,
            n INTEGER NOT NULL,
            PRIMARY KEY (group_id, game, player_id, total)
        ) WITHOUT ROWID""",
        """INSERT INTO stats_scores SELECT group_id, game, player_id, total, count(*)
            FROM stat_plays GROUP BY group_id, game, player_id, total""",
        """CREATE INDEX stat_matches_outcomes ON stat_matches (group_id, game, played_at,
            win_condition, top_player_id, finished)""",
        """CREATE INDEX stat_matches_solo ON stat_matches (group_id, game, played_at)
            WHERE n_players = 1""",
        """CREATE INDEX stat_matches_by_winner ON stat_matches (group_id, game, top_player_id,
            margin)""",
        """INSERT INTO stats_h2h SELECT group_id, '*', '*', player_id, opponent_id, sum(wins),
            sum(losses), sum(ties) FROM stats_h2h WHERE month = '*'
            GROUP BY group_id, player_id, opponent_id""",
        # Year ("2024") and quarter ("2024-Q1") totals for the score trend of a long history.
        """CREATE TABLE stats_periods (
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            period TEXT NOT NULL,
            game TEXT NOT NULL,
            player_id INTEGER NOT NULL,
            plays INTEGER NOT NULL,
            score_sum INTEGER NOT NULL,
            PRIMARY KEY (group_id, period, game, player_id)
        ) WITHOUT ROWID""",
        """INSERT INTO stats_periods SELECT group_id, substr(month, 1, 4), game, player_id,
            sum(plays), sum(score_sum) FROM stats_month WHERE month != '*'
            GROUP BY 1, 2, 3, 4""",
        """INSERT INTO stats_periods SELECT group_id,
            substr(month, 1, 4) || '-Q' || ((CAST(substr(month, 6, 2) AS INTEGER) + 2) / 3),
            game, player_id, sum(plays), sum(score_sum) FROM stats_month WHERE month != '*'
            GROUP BY 1, 2, 3, 4""",
        # How Canal Grande games ended, by winner (player 0: nobody yet), per month and '*'.
        """CREATE TABLE stats_outcomes (
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            month TEXT NOT NULL,
            game TEXT NOT NULL,
            outcome TEXT NOT NULL,
            player_id INTEGER NOT NULL,
            n INTEGER NOT NULL,
            PRIMARY KEY (group_id, month, game, outcome, player_id)
        ) WITHOUT ROWID""",
        """INSERT INTO stats_outcomes SELECT group_id, month, game,
            coalesce(win_condition, 'unfinished'), CASE WHEN finished THEN top_player_id ELSE 0 END,
            count(*) FROM stat_matches WHERE game = 'canal-grande' GROUP BY 1, 2, 3, 4, 5""",
        """INSERT INTO stats_outcomes SELECT group_id, '*', game, outcome, player_id, sum(n)
            FROM stats_outcomes GROUP BY 1, 2, 3, 4, 5""",
    ],
    # Stats (issue 7), fourth step: medians kept per player and game, and Doodle China
    # solo ranks counted beside Canal Grande's outcomes, so neither needs a scan.
    [
        """CREATE TABLE stats_medians (
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            game TEXT NOT NULL,
            player_id INTEGER NOT NULL,
            median REAL NOT NULL,
            PRIMARY KEY (group_id, game, player_id)
        ) WITHOUT ROWID""",
        """INSERT INTO stats_medians WITH h AS (SELECT group_id, game, player_id, total, n,
              sum(n) OVER (PARTITION BY group_id, game, player_id ORDER BY total) AS upto,
              sum(n) OVER (PARTITION BY group_id, game, player_id) AS count FROM stats_scores)
            SELECT group_id, game, player_id,
              (min(CASE WHEN upto >= (count + 1) / 2 THEN total END)
               + min(CASE WHEN upto >= count / 2 + 1 THEN total END)) / 2.0
            FROM h GROUP BY group_id, game, player_id""",
        """INSERT INTO stats_outcomes SELECT group_id, month, game, solo_rank, top_player_id,
            count(*) FROM stat_matches WHERE n_players = 1 AND solo_rank IS NOT NULL
            GROUP BY 1, 2, 3, 4, 5""",
        """INSERT INTO stats_outcomes SELECT group_id, '*', game, outcome, player_id, sum(n)
            FROM stats_outcomes WHERE month != '*' AND game = 'doodle-china'
            GROUP BY 1, 2, 3, 4, 5""",
    ],
    # Stats (issue 7), fifth step: a covering index for date windows (medians, edge days).
    [
        """CREATE INDEX stat_plays_window ON stat_plays (group_id, month, played_at, game,
            player_id, total, winner, rated, place)""",
    ],
    # Card catalog photos (Canal Houses): each catalog card described once from a photo
    # of it (vision.canal_houses.catalog), so a street photo is read with the group's cards.
    [
        """CREATE TABLE card_photos (
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            card_id TEXT NOT NULL,
            entry TEXT NOT NULL,
            role_hint TEXT,
            color_hint TEXT,
            features INTEGER NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (group_id, card_id)
        )""",
    ],
    # Stats (issue 7), sixth step: medians over a long date window read one covering index
    # in (game, player, score) order instead of sorting the window's plays.
    [
        """CREATE INDEX stat_plays_scores_by_day ON stat_plays (group_id, game, player_id, total,
            played_at)""",
    ],
    # Stats (issue 7), seventh step: head-to-head of all games per year ("Y2024") and
    # quarter ("Q2024-2"), so a date window reads a few rows per year, not per month.
    [
        """INSERT INTO stats_h2h SELECT group_id, 'Y' || substr(month, 1, 4), '*', player_id,
            opponent_id, sum(wins), sum(losses), sum(ties) FROM stats_h2h
            WHERE month BETWEEN '0000-00' AND '9999-12' GROUP BY 1, 2, 4, 5""",
        """INSERT INTO stats_h2h SELECT group_id, 'Q' || substr(month, 1, 4) || '-'
            || ((CAST(substr(month, 6, 2) AS INTEGER) + 2) / 3), '*', player_id, opponent_id,
            sum(wins), sum(losses), sum(ties) FROM stats_h2h
            WHERE month BETWEEN '0000-00' AND '9999-12' GROUP BY 1, 2, 4, 5""",
    ],
    # Stats (issue 7), eighth step: the biggest win in a date window without looking up
    # every match of the game (the index holds the day beside the margin).
    [
        """CREATE INDEX stat_matches_margin_days ON stat_matches (group_id, game, margin,
            played_at, top_player_id, top_total)""",
        "DROP INDEX stat_matches_by_margin",
    ],
    # Stats (issue 7), ninth step: each player's rating at the end of each month they
    # played, kept beside the rating history for charts of long histories.
    [
        """CREATE TABLE stats_rating_months (
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            game TEXT NOT NULL,
            player_id INTEGER NOT NULL,
            month TEXT NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            PRIMARY KEY (group_id, game, month, player_id)
        ) WITHOUT ROWID""",
        """INSERT INTO stats_rating_months SELECT group_id, game, player_id,
            substr(played_at, 1, 7), mu, sigma FROM (SELECT group_id, game, player_id,
            played_at, mu, sigma, max(played_at || ' ' || match_id) FROM stats_rating
            GROUP BY group_id, game, player_id, substr(played_at, 1, 7))""",
    ],
]
