"""Builders shared by the Canal Houses tests: cards, windows, houses of a
given height, states, and the mirror image of a street."""

from __future__ import annotations

import copy
from typing import Any

State = dict[str, Any]


def window(cats: int = 0, birds: int = 0, flags: int = 0, flowerpots: int = 0,
           color: str | None = None) -> dict[str, Any]:
    return {"cats": cats, "birds": birds, "flags": flags, "flowerpots": flowerpots, "color": color}


def card(points: int = 1, condition: dict[str, Any] | None = None,
         color: str | None = None) -> dict[str, Any]:
    return {"points": points, "color": color, "condition": condition or {}}


def house(store: dict[str, Any] | None = None, windows: list[dict[str, Any]] | None = None,
          roof: dict[str, Any] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"store": store or card(), "windows": windows or []}
    if roof is not None:
        out["roof"] = roof
    return out


def state(*streets: list[dict[str, Any]], names: list[str] | None = None) -> State:
    names = names or ["Ana", "Ben", "Chloé", "Dev", "Eli"][: len(streets)]
    return {"game": "canal-houses",
            "players": [{"name": n, "street": s} for n, s in zip(names, streets, strict=True)]}


def street_of_heights(heights: list[int], index: int, condition: dict[str, Any],
                      features: dict[str, int] | None = None) -> list[dict[str, Any]]:
    """Unroofed houses of the given heights; house `index` has a 1-point
    store with `condition` and its features in its first window, the others
    0-point stores, so the stores part is 1 exactly when the condition holds."""
    street = []
    for i, h in enumerate(heights):
        windows = [window() for _ in range(h - 1)]
        if i == index and features:
            if not windows:
                raise ValueError("a house with features needs a height of 2 or more")
            windows[0] = window(**features)
        street.append(house(card(1, condition) if i == index else card(0), windows))
    return street


def color_street(columns: list[list[str | None]]) -> list[dict[str, Any]]:
    """A street from colours per house, bottom to top: store, then windows."""
    return [house(card(0, color=col[0]), [window(color=c) for c in col[1:]]) for col in columns]


_SWAP = {"left": "right", "right": "left", "both": "both"}


def mirror(street: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The street read right to left: houses reversed, left/right swapped."""
    out = copy.deepcopy(street[::-1])
    for h in out:
        for part in ("store", "roof"):
            cond = (h.get(part) or {}).get("condition", {})
            for key in ("taller_than", "shorter_than"):
                if key in cond:
                    cond[key] = _SWAP[cond[key]]
    return out
