"""Storage: the only package that touches SQLite (through sqlite-utils).
Callers use the named query functions re-exported here."""

from .aggregates import backfill as stats_backfill
from .aggregates import rebuild_group as rebuild_stats
from .cards import delete_card, get_card, list_cards, save_card, update_card
from .db import connect, migrate, offload, pause, schema_version, write
from .groups import (
                     add_phone,
                     create_group,
                     ensure_player,
                     find_phone,
                     get_group,
                     get_phone,
                     group_sealed_key,
                     groups_of_session,
                     hash_key,
                     key_matches,
                     list_phones,
                     list_players,
                     name_key,
                     now_iso,
                     rekey_session,
                     remove_phone,
                     rename_group,
                     rotate_invite,
                     set_group_sealed_key,
                     set_phone_player,
                     still_allowed,
                     touch_phone,
)
from .layouts import delete_layout, get_layout, list_layouts, save_layout, update_layout
from .matches import (
                     count_matches,
                     current_names,
                     delete_match,
                     export_matches,
                     get_match,
                     import_matches,
                     iter_matches,
                     list_locations,
                     list_matches,
                     restore_match,
                     save_match,
                     update_match,
)
from .photos import add_photo, delete_photo, get_photo, list_photos
from .players import (
                     PlayerConflict,
                     find_player,
                     get_player,
                     merge_players,
                     player_names,
                     player_table,
                     rename_player,
                     set_hidden,
)
from .ratings_streaks import streaks_of as stats_streaks_of
from .rooms import (
                     RoomGone,
                     append_room_events,
                     claim_seat,
                     connect_reader,
                     create_room,
                     data_version,
                     get_room,
                     held_seats,
                     list_room_events,
                     list_rooms,
                     room_group_id,
                     room_id_free,
                     room_sealed_token,
                     room_seqs,
                     set_room_sealed_token,
)
from .stats_queries import biggest_margin as stats_biggest_margin
from .stats_queries import head_to_head as stats_head_to_head
from .stats_queries import highest_score as stats_highest_score
from .stats_queries import match_counts_by_game as stats_match_counts_by_game
from .stats_queries import medians as stats_medians
from .stats_queries import month_span as stats_month_span
from .stats_queries import period_scores as stats_period_scores
from .stats_queries import player_game_totals as stats_player_game_totals
from .stats_queries import plays_for_export as stats_plays_for_export
from .stats_queries import rating_by_period as stats_rating_by_period
from .stats_queries import rating_history as stats_rating_history
from .stats_queries import ratings_at as stats_ratings_at
from .stats_queries import solo_sheets as stats_solo_sheets
from .stats_queries import streak_parts as stats_streak_parts
from .stats_queries import win_conditions as stats_win_conditions
from .stats_scope import Scope as StatsScope
from .templates import (
                     delete_template,
                     get_template,
                     list_templates,
                     save_template,
                     templates_for_reading,
                     update_template,
)
from .tiles import delete_tile, get_tile, list_tiles, save_tile, update_tile

__all__ = [
    "delete_template", "get_template", "list_templates", "save_template", "templates_for_reading",
    "update_template",
    "connect", "offload", "migrate", "pause", "schema_version", "write",
    "create_group", "ensure_player", "get_group", "hash_key", "key_matches", "list_players",
    "name_key", "now_iso", "rename_group",
    "add_phone", "rekey_session", "get_phone", "find_phone", "touch_phone", "list_phones",
    "remove_phone", "set_phone_player", "groups_of_session", "group_sealed_key",
    "set_group_sealed_key", "rotate_invite", "still_allowed",
    "room_sealed_token", "room_group_id", "set_room_sealed_token",
    "count_matches", "current_names", "delete_match", "export_matches", "get_match", "import_matches", "iter_matches",
    "list_locations", "list_matches", "restore_match", "save_match", "update_match",
    "add_photo", "delete_photo", "get_photo", "list_photos", "claim_seat", "held_seats",
    "RoomGone", "append_room_events", "connect_reader", "create_room", "data_version",
    "get_room", "list_room_events", "list_rooms", "room_id_free", "room_seqs",
    "delete_card", "get_card", "list_cards", "save_card", "update_card",
    "delete_layout", "get_layout", "list_layouts", "save_layout", "update_layout",
    "delete_tile", "get_tile", "list_tiles", "save_tile", "update_tile",
    "rebuild_stats", "stats_backfill", "stats_streaks_of", "PlayerConflict", "find_player", "get_player",
    "merge_players", "player_names", "player_table", "rename_player", "set_hidden", "StatsScope",
    "stats_biggest_margin", "stats_head_to_head", "stats_highest_score",
    "stats_match_counts_by_game", "stats_month_span", "stats_period_scores", "stats_player_game_totals",
    "stats_plays_for_export", "stats_rating_by_period", "stats_rating_history", "stats_ratings_at",
    "stats_medians", "stats_solo_sheets", "stats_streak_parts", "stats_win_conditions",
]

# Data safety (issue 16): versions, recently deleted matches.
from .matches import (  # noqa: E402
    KEEP_DELETED_DAYS,
    ImportStopped,
    import_steps,
    list_deleted,
    purge_deleted,
)
from .versions import VersionConflict, check_version  # noqa: E402

__all__ += ["KEEP_DELETED_DAYS", "ImportStopped", "import_steps", "list_deleted", "purge_deleted", "VersionConflict",
            "check_version"]
