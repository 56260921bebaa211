"""The stats pages: overview (win share, table), scores over time, ratings,
per-game figures, rivals; players (rename, hide, merge); data (export, import).
Every chart page takes the same filters: ?game=, ?player=, ?from=, ?to= and
?location= (a place: every figure from the matches played there)."""

from __future__ import annotations

from typing import Any

from flask import g, render_template, request, url_for

from .. import storage
from ..web.access import group_page
from ..web.db import get_db
from . import figures, report
from .filters import FilterError, Filters, read_filters
from .pages import bp

TABS = (("stats.overview", "Overview"), ("stats.scores", "Scores"),
        ("stats.ratings", "Ratings"), ("stats.games", "Games"),
        ("stats.rivals", "Rivals"))
RATINGS_PER_MATCH = 60
RATING_LINES = 4


@bp.app_template_filter("statnum")
def statnum(value: float | None) -> str:
    """31.0 -> "31", 12.47 -> "12.5", None -> "–"."""
    if value is None:
        return "–"
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def _game_links(gid: str, f: Filters, current: str | None) -> list[tuple[str, str, bool]]:
    return [(url_for(request.endpoint, gid=gid, **f.query(game=game)), name, game == current)
            for game, name in figures.GAME_NAMES.items()]


def _filters(gid: str) -> tuple[Filters, str | None]:
    try:
        return read_filters(get_db(), gid, request.args), None
    except FilterError as exc:
        return Filters(), f"{exc.path}: {exc.message}"


def _page(template: str, gid: str, f: Filters, error: str | None, **context: Any):
    names = sorted((n for n, hidden in storage.player_names(get_db(), gid).values()
                    if not hidden), key=str.casefold)
    tabs = [(url_for(endpoint, gid=gid, **f.query()), label, endpoint == request.endpoint)
            for endpoint, label in TABS]
    return render_template(template, gid=gid, group=g.group, f=f, error=error, names=names,
                           games=figures.GAME_NAMES, tabs=tabs, pct=figures.pct,
                           locations=storage.list_locations(get_db(), gid), **context)


def _game(gid: str, f: Filters) -> str | None:
    """The filtered game, else the one with most matches in the window."""
    if f.game:
        return f.game
    counts: dict[str, int] = {}
    for (game, _edition), n in storage.stats_match_counts_by_game(get_db(), f.scope(gid)).items():
        counts[game] = counts.get(game, 0) + n
    return max(counts, key=lambda k: (counts[k], k)) if counts else None


@bp.get("/stats")
@group_page
def overview(gid: str):
    f, error = _filters(gid)
    db = get_db()
    answer = report.build(db, f.scope(gid))
    return _page("stats/overview.html", gid, f, error, answer=answer, chart=figures.win_share(answer))


@bp.get("/stats/scores")
@group_page
def scores(gid: str):
    f, error = _filters(gid)
    game = _game(gid, f)
    answer = report.build(get_db(), f.scope(gid, game=game)) if game else None
    chart = figures.score_trend(answer, game, answer["trend_period"]) if answer else None
    return _page("stats/scores.html", gid, f, error, game=game, answer=answer, chart=chart,
                 game_links=_game_links(gid, f, game))


@bp.get("/stats/ratings")
@group_page
def ratings(gid: str):
    f, error = _filters(gid)
    db = get_db()
    game = _game(gid, f)
    chart, table = None, []
    if game:
        scope = f.scope(gid, game=game)
        answer = report.build(db, scope)
        table = sorted(({"name": p["name"], **p["games"][game]["rating"],
                         "plays": p["games"][game]["rated_plays"]}
                        for p in answer["players"] if (p["games"].get(game) or {}).get("rating")),
                       key=lambda r: -r["ordinal"])
        names = [r["name"] for r in sorted(table, key=lambda r: -r["plays"])[:RATING_LINES]]
        if answer["games"][game]["matches"] <= RATINGS_PER_MATCH:
            chart = figures.rating_chart(report.rating_history(db, scope), None, "", names)
        else:
            period = answer["trend_period"]
            who = storage.player_names(db, gid)
            rows = [(who[pid][0], per, mu, sigma)
                    for pid, per, mu, sigma in storage.stats_rating_by_period(db, scope, period)]
            chart = figures.rating_chart({"game": game}, rows, period, names)
    return _page("stats/ratings.html", gid, f, error, game=game, chart=chart, table=table,
                 game_links=_game_links(gid, f, game))


@bp.get("/stats/games")
@group_page
def games(gid: str):
    f, error = _filters(gid)
    answer = report.build(get_db(), f.scope(gid))
    sections = []
    for game, fig in answer["games"].items():
        if not fig["matches"]:
            continue
        charts = figures.part_charts(game, fig)
        charts += [c for c in (figures.editions_chart(fig), figures.win_conditions_chart(fig),
                               figures.solo_chart(fig)) if c is not None]
        sections.append({"game": game, "name": figures.GAME_NAMES[game], "fig": fig,
                         "charts": charts})
    return _page("stats/games.html", gid, f, error, answer=answer, sections=sections)


@bp.get("/stats/rivals")
@group_page
def rivals(gid: str):
    f, error = _filters(gid)
    answer = report.build(get_db(), f.scope(gid))
    player = answer["players"][0] if answer["players"] else None
    return _page("stats/rivals.html", gid, f, error, answer=answer, player=player,
                 chart=figures.rivals_chart(player) if player else None)


@bp.get("/players")
@group_page
def players(gid: str):
    storage.stats_backfill(get_db(), gid)
    everyone = storage.player_table(get_db(), gid)
    return _page("stats/players.html", gid, Filters(), None, players=everyone)


@bp.get("/data")
@group_page
def data(gid: str):
    return _page("stats/data.html", gid, Filters(), None,
                 matches=storage.count_matches(get_db(), gid))
