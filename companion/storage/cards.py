"""Named queries for a group's card catalog: Canal Houses store, roof and
window cards the group entered once and picks again instead of re-typing."""

from __future__ import annotations

from .documents import GroupDocuments

CARDS = GroupDocuments(table="cards", category="kind")

# The named queries (`companion.storage.documents.GroupDocuments`).
list_cards, get_card, save_card = CARDS.list, CARDS.get, CARDS.save
update_card, delete_card = CARDS.update, CARDS.delete
