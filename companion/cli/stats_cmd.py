"""`companion stats --group GID [--json]`: the stats answer of the API
(`GET /api/groups/<gid>/stats`), or a short table for a terminal."""

from __future__ import annotations

import json

import click

from . import main
from .common import default_db, fail


def _table(answer: dict) -> str:
    where = f" at {answer['location']}" if answer.get("location") else ""
    lines = [f"{answer['matches']} matches{where}", "",
             f"{'player':<20} {'plays':>6} {'wins':>5} {'win %':>6} {'streak':>7}  favourite"]
    for p in answer["players"]:
        rate = "–" if p["win_rate"] is None else f"{p['win_rate'] * 100:.0f}%"
        streak = f"{p['streak']['current']}/{p['streak']['longest']}"
        lines.append(f"{p['name'][:20]:<20} {p['plays']:>6} {p['wins']:>5} {rate:>6} "
                     f"{streak:>7}  {p['favourite_game'] or ''}")
    return "\n".join(lines)


@main.command("stats")
@click.option("--group", "gid", required=True, help="The group's id")
@click.option("--game", default=None, help="Only this game")
@click.option("--player", default=None, help="Only this player's matches")
@click.option("--from", "date_from", default=None, help="First day, YYYY-MM-DD")
@click.option("--to", "date_to", default=None, help="Last day, YYYY-MM-DD")
@click.option("--location", default=None, help="Only the matches played at this place")
@click.option("--json", "as_json", is_flag=True, help="Print the API's JSON answer")
@click.option("--db", "db_path", default=None, help="SQLite file (default: instance/companion.sqlite)")
def stats_command(gid: str, game: str | None, player: str | None, date_from: str | None,
                  date_to: str | None, location: str | None, as_json: bool,
                  db_path: str | None) -> None:
    """Plays, wins, scores, streaks, head-to-head, ratings and per-game figures."""
    from .. import storage
    from ..stats import report
    from ..stats.filters import FilterError, read_filters

    db = storage.connect(db_path or default_db())
    if storage.get_group(db, gid) is None:
        fail(f"--group: no group with id {gid!r}")
    args = {"game": game, "player": player, "from": date_from, "to": date_to, "location": location}
    try:
        f = read_filters(db, gid, {k: v for k, v in args.items() if v})
    except FilterError as exc:
        fail(f"--{exc.path}: {exc.message}")
    answer = report.build(db, f.scope(gid))
    if f.location:
        answer["location"] = f.location
    click.echo(json.dumps(answer, ensure_ascii=False) if as_json else _table(answer))
