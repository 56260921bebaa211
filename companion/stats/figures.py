"""The charts of the stats pages, made from the stats answer (report.build):
pure functions from figures to SVG, so they are easy to test."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from ..games import registry
from ..games.doodle_china.scoring import SOLO_RANKS as _RANKS_BY_FLOOR
from . import charts
from .facts import SOLO_RANKS

GAME_NAMES = registry.GAME_NAMES
MAX_LINES = 6
MAX_BARS = 12
# The score each solo rank above "Try again!" starts at, lowest first.
SOLO_FLOORS = tuple(floor for floor, _ in reversed(_RANKS_BY_FLOOR))[1:]
WIN, TIE, LOSS = "#009E73", "#9a9a9a", "#D55E00"


def pct(value: float | None) -> str:
    return "–" if value is None else f"{value * 100:.0f}%"


def part_name(part: str) -> str:
    return part.replace("_", " ")


def win_share(answer: dict[str, Any]) -> Markup | None:
    players = [p for p in answer["players"] if p["rated_plays"]][:MAX_BARS]
    if not players:
        return None
    return charts.bar_chart(
        "Wins per player", [(p["name"], p["wins"], f"{p['wins']} of {p['rated_plays']} "
                             f"({pct(p['win_rate'])})") for p in players],
        value_label="wins (of matches with opponents)",
        note="A shared win counts for each winner; solo sheets are not counted.")


def score_trend(answer: dict[str, Any], game: str, period: str) -> Markup | None:
    players = sorted((p for p in answer["players"] if game in p["games"]),
                     key=lambda p: -p["games"][game]["plays"])[:MAX_LINES]
    periods = sorted({t["period"] for p in players for t in p["games"][game]["trend"]})
    if not periods:
        return None
    index = {per: i for i, per in enumerate(periods)}
    series = [charts.Series(p["name"], [(index[t["period"]], t["mean_score"])
                                        for t in p["games"][game]["trend"]])
              for p in players]
    return charts.line_chart(f"{GAME_NAMES[game]}: mean score per {period}", periods, series,
                             y_label="mean score", x_label=period,
                             note=f"The {len(players)} most active players in this window.")


def rating_chart(history: dict[str, Any], by_period: list[tuple[str, str, float, float]] | None,
                 period: str, names: list[str]) -> Markup | None:
    """Rating (mu) with a band of mu ± sigma: per match for short histories,
    at the end of each period for long ones."""
    game = GAME_NAMES.get(history["game"], history["game"])
    if by_period is not None:
        periods = sorted({per for _, per, _, _ in by_period})
        index = {per: i for i, per in enumerate(periods)}
        per_player: dict[str, list[tuple[int, float, float]]] = {}
        for name, per, mu, sigma in by_period:
            if name in names:
                per_player.setdefault(name, []).append((index[per], mu, sigma))
        x_labels, x_name = periods, period
    else:
        matches = sorted({(e["played_at"], e["match"]) for p in history["players"]
                          for e in p["history"]})
        index = {m: i for i, m in enumerate(matches)}
        per_player = {p["name"]: [(index[(e["played_at"], e["match"])], e["mu"], e["sigma"])
                                  for e in p["history"]]
                      for p in history["players"] if p["name"] in names}
        x_labels, x_name = [str(i + 1) for i in range(len(matches))], "match"
    if not per_player:
        return None
    series = [charts.Series(name, [(x, mu) for x, mu, _ in pts],
                            band=[(x, mu - s, mu + s) for x, mu, s in pts])
              for name, pts in ((n, per_player[n]) for n in names if n in per_player)]
    return charts.line_chart(f"{game}: rating over time", x_labels, series,
                             y_label="rating (mu)", x_label=x_name,
                             note="Band: mu ± sigma, narrower = surer. Start: 25 ± 8.3.")


def part_charts(game: str, figures: dict[str, Any]) -> list[Markup]:
    """Mean points per part, everyone vs winners (one chart per edition)."""
    out = []
    groups = ([(GAME_NAMES[game], figures["parts"])] if "editions" not in figures else
              [(f"{GAME_NAMES[game]}, {ed.capitalize()}", e["parts"])
               for ed, e in figures["editions"].items() if e["plays"]])
    for title, parts in groups:
        parts = [p for p in parts if p["plays"]]
        if not parts:
            continue
        rows = [("Everyone", [p["mean"] or 0 for p in parts])]
        if any(p["wins"] for p in parts):
            rows.append(("Winners", [p["winners_mean"] or 0 for p in parts]))
        out.append(charts.stacked_bars(
            f"{title}: points per part", rows, [part_name(p["part"]) for p in parts],
            value_label="mean points per player per match"))
    return out


def editions_chart(figures: dict[str, Any]) -> Markup | None:
    editions = [(ed, e) for ed, e in figures.get("editions", {}).items() if e["matches"]]
    if not editions:
        return None
    return charts.bar_chart("Suzhou or Shanghai", [
        (ed.capitalize(), e["matches"], f"{e['matches']}, mean {e['mean_score'] or 0:.0f}")
        for ed, e in editions], value_label="matches (and mean score)")


def win_conditions_chart(figures: dict[str, Any]) -> Markup | None:
    wc = figures.get("win_conditions")
    if not wc or not any(wc.get(k) for k in ("six districts", "four of one", "unfinished")):
        return None
    bars = [(label, wc.get(key, 0), str(wc.get(key, 0))) for key, label in (
        ("six districts", "Six districts"), ("four of one", "Four of one"),
        ("unfinished", "Unfinished"))]
    return charts.bar_chart("Canal Grande: how games were won", bars, value_label="matches")


def solo_chart(figures: dict[str, Any]) -> Markup | None:
    history = figures.get("solo", {}).get("history", [])
    if not history:
        return None
    names = []
    for h in history:
        if h["player"] not in names:
            names.append(h["player"])
    series = [charts.Series(name, [(i, h["score"]) for i, h in enumerate(history)
                                   if h["player"] == name]) for name in names[:MAX_LINES]]
    high = max(h["score"] for h in history)
    low = min(h["score"] for h in history)
    guides = [(floor, rank) for floor, rank in zip(SOLO_FLOORS, SOLO_RANKS[1:], strict=True)
              if low - 10 <= floor <= high + 10]
    return charts.line_chart("Doodle China solo sheets", [h["played_at"][:10] for h in history],
                             series, y_label="solo score", x_label="sheet, oldest first",
                             guides=guides, note="Dashed lines: where each rank starts.")


def rivals_chart(player: dict[str, Any]) -> Markup | None:
    rows = [(e["opponent"], [e["wins"], e["ties"], -e["losses"]])
            for e in player["head_to_head"][:MAX_BARS]]
    if not rows:
        return None
    return charts.stacked_bars(
        f"{player['name']} against each opponent", rows, ["wins", "ties", "losses"],
        value_label="matches: wins and ties right, losses left", colours=(WIN, TIE, LOSS),
        totals=[f"{e['wins']}–{e['losses']}" for e in player["head_to_head"][:MAX_BARS]],
        note="By place in the same match. At the end: won–lost.")
