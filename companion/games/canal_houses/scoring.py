"""Canal Houses final scoring: stores and roofs whose conditions hold,
1 point per flowerpot, and the colour bonus between streets.

Every detail line has a structured twin in the result's top-level `reasons`
(`reasons[i][j]` explains `players[i].details[j]`: kind, part, house, card,
points won, the checks' rules), so a page never reads the English."""

from __future__ import annotations

from typing import Any

from ..common import Reason, player_result, rank
from .colors import Group, bonus_points, largest_group
from .conditions import Check, Facts, check_condition, describe, house_facts
from .state import FEATURES, Card, Player, read_state


def _card_json(card: Card, checks: list[Check]) -> dict[str, Any]:
    met = all(c.met for c in checks)
    return {"points": card.points, "met": met, "checks": [c.to_json() for c in checks]}


def _street(player: Player) -> tuple[dict[str, int], list[str], list[Reason],
                                     list[dict[str, Any]]]:
    """Stores, roofs and flowerpots of one street, with a line (and its
    reason) per card."""
    facts: list[Facts] = [house_facts(h) for h in player.street]
    stores = roofs = 0
    details: list[str] = []
    reasons: list[Reason] = []
    houses: list[dict[str, Any]] = []
    for i, house in enumerate(player.street):
        entry: dict[str, Any] = {"height": facts[i].height, "features": facts[i].features}
        for part, card in (("store", house.store), ("roof", house.roof)):
            if card is None:
                entry[part] = None
                details.append(f"house {i + 1}: no roof yet")
                reasons.append({"kind": "no_roof", "part": "roofs", "house": i, "points": 0})
                continue
            checks = check_condition(card.condition, i, facts)
            entry[part] = _card_json(card, checks)
            won = card.points if entry[part]["met"] else 0
            if part == "store":
                stores += won
            else:
                roofs += won
            details.append(f"house {i + 1} {part} ({card.points}): {describe(checks)}"
                           f" -> {won} point{'s' if won != 1 else ''}")
            reasons.append({"kind": part, "part": f"{part}s", "house": i, "card_points": card.points,
                            "met": entry[part]["met"], "points": won,
                            "checks": [{"rule": c.rule, "met": c.met} for c in checks]})
        houses.append(entry)
    pots = [f["flowerpots"] for f in (x.features for x in facts)]
    where = ", ".join(f"house {i + 1}: {n}" for i, n in enumerate(pots) if n)
    details.append(f"flowerpots: {sum(pots)}" + (f" ({where})" if where else ""))
    reasons.append({"kind": "flowerpots", "part": "flowerpots", "points": sum(pots),
                    "houses": [{"house": i, "count": n} for i, n in enumerate(pots) if n]})
    return {"stores": stores, "roofs": roofs, "flowerpots": sum(pots)}, details, reasons, houses


def _bonus_line(name: str, names: list[str], groups: list[Group | None], points: list[int],
                index: int) -> tuple[str, Reason]:
    group = groups[index]
    sizes = [g.size if g else 0 for g in groups]
    best = max(sizes)
    rivals = [n for n, s in zip(names, sizes, strict=True) if s == best and n != name]
    reason: Reason = {"kind": "color_bonus", "part": "color_bonus", "points": points[index],
                      "group": group.to_json() if group else None, "largest": best,
                      "rivals": rivals if group else []}
    if len(names) == 1:
        return "colour bonus: not scored with one player", {**reason, "outcome": "solo"}
    if best == 0:
        return "colour bonus: no card has a colour, nobody gets it", {**reason, "outcome": "no_colors"}
    if group is None:
        return "colour bonus: no coloured card in this street -> 0", {**reason, "outcome": "no_group"}
    cols = sorted({c for c, _ in group.cells})
    span = f"house {cols[0] + 1}" if len(cols) == 1 else f"houses {cols[0] + 1}-{cols[-1] + 1}"
    mine = f"largest group {group.size} {group.color} card{'s' if group.size != 1 else ''} ({span})"
    if points[index] and not rivals:
        return f"colour bonus: {mine}, the largest alone -> {points[index]}", {**reason, "outcome": "alone"}
    if points[index]:
        return (f"colour bonus: {mine}, tied with {', '.join(rivals)} -> {points[index]}",
                {**reason, "outcome": "tied"})
    return f"colour bonus: {mine}; {', '.join(rivals)} has {best} -> 0", {**reason, "outcome": "beaten"}


def score(state: dict[str, Any]) -> dict[str, Any]:
    """Score a Canal Houses state (see scoring.md); raises StateError."""
    parsed = read_state(state)
    names = [p.name for p in parsed.players]
    groups = [largest_group(p.street) for p in parsed.players]
    bonus = bonus_points([g.size if g else 0 for g in groups])
    players: list[dict[str, Any]] = []
    reasons: list[list[Reason]] = []
    for i, player in enumerate(parsed.players):
        parts, details, why, houses = _street(player)
        parts["color_bonus"] = bonus[i]
        line, reason = _bonus_line(player.name, names, groups, bonus, i)
        details.append(line)
        reasons.append([*why, reason])
        group = groups[i]
        players.append(player_result(player.name, parts, details, houses=houses,
                                     color_group=group.to_json() if group else None))
    totals = [p["total"] for p in players]
    ranking, winners = rank(names, lambda i: (totals[i],))
    best = max((g.size for g in groups if g), default=0)
    return {
        "game": "canal-houses",
        "players": players,
        "ranking": ranking,
        "winners": winners,
        "color_bonus": {
            "size": best,
            "points": max(bonus),
            "winners": [n for n, b in zip(names, bonus, strict=True) if b],
            "scored": len(names) > 1 and best > 0,
        },
        "reasons": reasons,
    }


__all__ = ["FEATURES", "score"]
