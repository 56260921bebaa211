"""Storage: the only package that touches SQLite (through sqlite-utils).
Callers use the named query functions re-exported here."""

from .cards import delete_card, get_card, list_cards, save_card, update_card
from .db import connect, migrate, schema_version, write
from .groups import (
                     create_group,
                     ensure_player,
                     get_group,
                     hash_key,
                     key_matches,
                     list_players,
                     name_key,
                     now_iso,
                     rename_group,
)
from .matches import (
                     count_matches,
                     delete_match,
                     export_matches,
                     get_match,
                     import_matches,
                     list_matches,
                     restore_match,
                     save_match,
                     update_match,
)
from .photos import add_photo, get_photo
from .rooms import (
                     RoomGone,
                     append_room_events,
                     connect_reader,
                     create_room,
                     data_version,
                     get_room,
                     list_room_events,
                     list_rooms,
                     room_id_free,
                     room_seqs,
)

__all__ = [
    "connect", "migrate", "schema_version", "write",
    "create_group", "ensure_player", "get_group", "hash_key", "key_matches", "list_players",
    "name_key", "now_iso", "rename_group",
    "count_matches", "delete_match", "export_matches", "get_match", "import_matches",
    "list_matches", "restore_match", "save_match", "update_match",
    "add_photo", "get_photo",
    "RoomGone", "append_room_events", "connect_reader", "create_room", "data_version",
    "get_room", "list_room_events", "list_rooms", "room_id_free", "room_seqs",
    "delete_card", "get_card", "list_cards", "save_card", "update_card",
]
