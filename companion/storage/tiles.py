"""Named queries for a group's Canalis tiles: the industrial and specialty
buildings the group typed in once (name, cost, points, needs), offered by
kind in the move form so the next game picks them instead of re-typing."""

from __future__ import annotations

from .documents import GroupDocuments

TILES = GroupDocuments(table="canalis_tiles", category="kind")

# The named queries (`companion.storage.documents.GroupDocuments`).
list_tiles, get_tile, save_tile = TILES.list, TILES.get, TILES.save
update_tile, delete_tile = TILES.update, TILES.delete
