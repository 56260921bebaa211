"""The group's card catalog (Canal Houses): save a store, roof or window card
once, pick it again next time. Card data is checked by the Canal Houses
engine itself, so a catalog card always fits into a state."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from ..games import StateError, score
from ..games.registry import LABEL_NAME_MAX
from ..storage.cards import CARDS
from ..web.documents import DocumentKind, add_document_routes

bp = Blueprint("api_cards", __name__, url_prefix="/api/groups/<gid>/cards")

KINDS = ("store", "roof", "window")
MAX_NAME = LABEL_NAME_MAX
EXAMPLES = {
    "store": '{"points": 2, "color": "orange", "condition": {"at_least": {"cats": 1}}}',
    "roof": '{"points": 3, "color": "red", "condition": {"height": {"exactly": 4}}}',
    "window": '{"cats": 1, "birds": 0, "flags": 0, "flowerpots": 1, "color": "blue"}',
}
_PLAIN_STORE = {"points": 0, "color": None, "condition": {}}


def _card_error(kind: str, _name: str, data: Any) -> tuple[str, str] | None:
    """(path, message) if `data` is not a valid card of `kind`, checked by
    scoring a one-house street that holds it."""
    if not isinstance(data, dict):
        return "data", f"must be an object, e.g. {EXAMPLES[kind]}"
    if kind == "window":
        house, prefix = {"store": _PLAIN_STORE, "windows": [data]}, "players[0].street[0].windows[0]"
    else:
        house = {"store": _PLAIN_STORE, "windows": [], kind: data} if kind == "roof" else {
            "store": data, "windows": []}
        prefix = f"players[0].street[0].{kind}"
    state = {"game": "canal-houses", "players": [{"name": "catalog", "street": [house]}]}
    try:
        score(state)
    except StateError as exc:
        path = exc.path
        if path.startswith(prefix):
            path = "data" + path[len(prefix):]
        return path, exc.message
    return None


CATALOG = DocumentKind(
    store=CARDS, id_arg="cid", plural="cards", noun="card",
    missing="no such card in this group's catalog",
    name_means="what the card is called", kinds=KINDS, data_examples=EXAMPLES,
    max_name=MAX_NAME, check=_card_error)
add_document_routes(bp, CATALOG)
