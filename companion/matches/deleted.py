"""The group's "Recently deleted" page: matches deleted in the last 30 days,
each restored by one tap (the app purges older ones by itself)."""

from __future__ import annotations

from flask import g, render_template

from .. import storage
from ..web.access import group_page
from ..web.db import get_db
from .pages import bp
from .summary import summary


@bp.get("/g/<gid>/history/deleted")
@group_page
def recently_deleted(gid: str):
    matches = storage.list_deleted(get_db(), gid)
    rows = [{**summary(m), "deleted_at": m["deleted_at"]} for m in matches]
    return render_template("matches/deleted.html", group=g.group, gid=gid, matches=rows,
                           kept_days=storage.KEEP_DELETED_DAYS)
