"""The group's "Recently deleted" page: matches deleted in the last 30 days,
each restored by one tap (the app purges older ones by itself)."""

from __future__ import annotations

from flask import g, render_template

from .. import storage
from ..app import get_db
from . import bp
from .access import group_page
from .views import summary


@bp.get("/g/<gid>/history/deleted")
@group_page
def recently_deleted(gid: str):
    matches = storage.list_deleted(get_db(), gid)
    rows = [{**summary(m), "deleted_at": m["deleted_at"]} for m in matches]
    return render_template("pages/deleted.html", group=g.group, gid=gid, matches=rows,
                           kept_days=storage.KEEP_DELETED_DAYS)
