"""Roof or window, judged by example: the group's own catalog photos show
what this deck's roofs and windows look like, so the top card of a house is
compared with them (whatever the print: a sunset sky close to the wall's
colour, a slate roof under a pale sky, a flat wall with a token in a corner).
The look is coarse on purpose: the layout of light and dark and of plain and
busy areas over the whole field (a sky is a plain area across the top
corners, above the building), not the card's own artwork, so a roof that is
not in the catalog is still told by the roofs that are."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np

from . import constants as C


def card_look(grey: np.ndarray) -> np.ndarray:
    """A card field's look (grey, upright, any size): its levels over
    a coarse grid, relative to the card's median (exposure), beside the
    local texture over the same grid."""
    g = cv2.resize(grey.astype(np.float32), (C.LOOK_SIZE_PX[0] * 4, C.LOOK_SIZE_PX[1] * 4),
                   interpolation=cv2.INTER_AREA)
    g = g / max(float(np.median(g)), 1.0)
    texture = np.abs(g - cv2.GaussianBlur(g, (0, 0), 3))
    grid = C.LOOK_SIZE_PX
    levels = cv2.resize(g, grid, interpolation=cv2.INTER_AREA)
    busy = cv2.resize(texture, grid, interpolation=cv2.INTER_AREA)
    return np.concatenate([levels.ravel(), C.LOOK_TEXTURE_WEIGHT * busy.ravel()]).astype(np.float32)


def role_by_examples(entries: list[Any], visible: np.ndarray, share: float) -> tuple[str, float] | None:
    """'roof' or 'window' with the share of the nearest catalog roofs and
    windows that agree, or None when the catalog holds too few of either or
    the nearest disagree. visible: the card's visible part (grey, upright),
    which is the top `share` of its field (a card above the store slides its
    bottom under the card below), compared with the same top share of each
    catalog card."""
    known = [e for e in entries if e.role in ("roof", "window") and e.grey is not None]
    roles = np.array([e.role for e in known])
    if (roles == "roof").sum() < C.LOOK_MIN_EXAMPLES or (roles == "window").sum() < C.LOOK_MIN_EXAMPLES:
        return None
    looks = np.stack([card_look(e.grey[:max(4, int(round(share * e.grey.shape[0])))]) for e in known])
    nearest = np.argsort(np.linalg.norm(looks - card_look(visible), axis=1))[:C.LOOK_NEIGHBOURS]
    roofs = float((roles[nearest] == "roof").mean())
    role, agree = ("roof", roofs) if roofs >= 0.5 else ("window", 1.0 - roofs)
    return (role, agree) if agree >= C.LOOK_MIN_AGREEMENT else None
