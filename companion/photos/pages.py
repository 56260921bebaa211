"""Photo pages: take or choose a photo of a finished Doodle China sheet or
Canal Houses street, see what was read drawn over it, correct it, score it and
save it into the match being entered; and photograph the group's catalog cards
so later street photos are read with their values.

Pages: /g/<gid>/photo/doodle-china and /g/<gid>/photo/canal-houses (upload),
/g/<gid>/photo/<pid> (a reading), /g/<gid>/photo/cards (catalog photos).
API: POST/DELETE /api/groups/<gid>/cards/<cid>/photo, GET /api/groups/<gid>/card-photos.
Scripts live in static/photos/."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("photos", __name__)

from . import card_photos, views  # noqa: E402,F401  (routes register on bp)
