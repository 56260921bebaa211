"""Canal Houses: a photo of one player's finished street -> a proposal in the
scoring format (scoring.md), a confidence for every value, the cards found
(outline in photo pixels, house, role, colour, catalog match) for the page
that draws the proposal over the photo, and `other_cards`: every card-shaped
thing left out of the street ({"kind": "face-down" | "other", "reason",
"outline"}), each also named in the warnings. Nothing found is dropped
silently; a doubtful street is proposed with notes rather than refused.

Structure and colours come from the photo. Points, conditions and window
features come only from a catalog match; without one they are null with
confidence 0, for a person to fill in."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..decode import check_header, decode_photo
from ..errors import PhotoError
from . import catalog_cache
from . import constants as C
from .accounting import (
    left_out_warnings,
    left_over,
    lone_backs,
    misshapen_left_over,
    pieces_in_gaps,
)
from .catalog import CANON_H, CANON_W, Catalog, grey_field
from .colour import field_colour, name_colour, parse_palette
from .find import (
    blur_sigma,
    border_gains,
    find_all_fields,
    paper_mask,
    white_gains,
    working_image,
)
from .full_photo import FullPhoto
from .levels import balance, balanced_range
from .looks import role_by_examples
from .recognise import match_card
from .roles import sky_and_roof
from .structure import Card, build_street, field_patch

FEATURES = ("cats", "birds", "flags", "flowerpots")
NO_CARDS = ("no cards found in the photo; photograph the street from above, close enough that "
            "the cards fill most of the picture, in good light")
BLURRED = ("the photo is too blurred to read the cards; hold the phone still, tap the cards to "
           "focus and take the photo again")
BLURRED_TOO = "; the photo also looks blurred, so hold the phone still"
EDGE_TOO = "; if the street is there, step back so that every card is inside the picture"
CUT_OFF = ("part of the street is cut off at the edge of the photo; step back so that every card "
           "is inside the picture")


def read(data: bytes, edition: str | None = None, *, catalog: Any = None, palette: Any = None,
         **options: Any) -> dict[str, Any]:
    """Read a street photo (vision.md answer plus "cards" and "size")."""
    colours = parse_palette(palette)
    known = catalog_cache.parsed(catalog, options.get("catalog_cache"))  # a folder: kept between workers
    photo = decode_photo(data, min_side=C.WORK_MAX_SIDE)
    full = _full_size(data, photo)
    sharp = FullPhoto(data, photo, full)  # decoded whole only if a store twin needs it and it is not already
    small, scale = working_image(photo)
    out = scale * photo.shape[1] / full[0]  # working px per pixel of the photo as sent
    gains = white_gains(small)
    bal = balance(small, gains)
    ranges = balanced_range(small, gains)  # brightest and dimmest channel of bal, for all the paper masks
    paper = paper_mask(bal, ranges)
    sigma = blur_sigma(bal)
    blurred = sigma is not None and sigma > C.BLUR_MAX_SIGMA_PX
    misshapen: list = []  # pieces refused for their shape: accounted for below
    fields, cut_off = find_all_fields(bal, paper, ranges, misshapen)
    # Soft edges alone may be an out-of-focus table: blurred only with cards.
    if blurred and (fields or cut_off):
        raise PhotoError(BLURRED, status=422)
    if not fields:
        raise PhotoError(CUT_OFF if cut_off else NO_CARDS + (BLURRED_TOO if blurred else ""), status=422)
    if not any(max(f.size) / max(min(f.size), 1) >= C.FULL_CARD_ASPECT_MIN for f in fields):
        # Every house stands on a whole store card: shapes that are all
        # smaller (a checked cloth's squares) are no street.
        raise PhotoError(NO_CARDS + (EDGE_TOO if cut_off else ""), status=422)
    gains = border_gains(small, gains, fields, paper)
    bal = balance(small, gains, out=bal)  # the first balance is done with: no new 36 MB to fault in
    houses, warnings, others = build_street(fields, bal, known.field_aspect())
    pieces_in_gaps(houses, others, misshapen)  # a card glare bit into, in a hole of its house
    others += left_over(fields, houses, others)  # the last check that nothing found is dropped
    others += misshapen_left_over(misshapen, fields, houses, others, bal)
    others += lone_backs(houses, others, bal)  # a discard beyond a back glare bit into
    warnings = [*known.warnings, *warnings]
    warnings += left_out_warnings(others)
    if cut_off:
        warnings.append("a card-like shape at the photo's edge was left out; if a card is cut off, "
                        "step back and take the photo again")
    street, conf, cards = [], [], []
    for house in houses:
        h_prop: dict[str, Any] = {"store": None, "windows": [], "roof": None}
        h_conf: dict[str, Any] = {"store": None, "windows": [], "roof": None}
        for card in house:
            role_before = card.role
            prop, cconf, entry = _read_card(card, bal, photo, scale, gains, colours, known,
                                            doubtful=card is house[-1] and card.row > 0, full=sharp)
            if card.role == "window":
                h_prop["windows"].append(prop)
                h_conf["windows"].append(cconf)
            else:
                h_prop[card.role] = prop
                h_conf[card.role] = cconf
            if card.role != role_before and entry is not None:
                card.notes.append(f"recognised as a {card.role} card from the catalog")
            for note in card.notes:
                warnings.append(f"house {card.house + 1}, card {card.row + 1}: {note}")
            cards.append({
                "house": card.house, "row": card.row, "role": card.role,
                "role_confidence": round(card.role_confidence, 2),
                "outline": _outline(card, out), "color": prop["color"],
                "color_confidence": cconf["color"], "match": entry,
            })
        street.append(h_prop)
        conf.append(h_conf)
    other_cards = [{"kind": o.kind, "reason": o.reason, "outline": _quad_outline(o.quad / out)}
                   for o in others]
    return {"proposal": {"street": street}, "confidence": {"street": conf}, "warnings": warnings,
            "cards": cards, "other_cards": other_cards, "size": full}


def _read_card(card: Card, bal: np.ndarray, photo: np.ndarray, scale: float, gains: np.ndarray,
               colours: dict[str, np.ndarray], known: Catalog, doubtful: bool = False,
               full: FullPhoto | None = None) -> tuple[dict[str, Any], dict[str, Any], Any]:
    """One card's values and confidences; catalog values when recognised.
    The top card of a house may be a roof or a window: it is matched against
    both, and a match decides its role."""
    match = None
    lab, role_seen = _wall(bal, card), card.role
    if known.entries:
        pool = "top" if doubtful else card.role
        # matching sees the colour compared as it is, never named from a washed-out hue (a weak
        # name still restricts the candidates or vouches for a repeated print there)
        sure = name_colour(lab, colours, washed=False)
        match = match_card(known, photo, card.quad / scale, gains, pool, card.aspect,
                           sure[0] if sure[1] >= C.MATCH_COLOUR_MIN_CONF else None, full, hint=sure[0])
        if match is not None and match[0].role in ("roof", "window") and match[0].role != card.role:
            card.role = match[0].role
            card.role_confidence = max(card.role_confidence, match[1])
        if match is None and doubtful:
            _role_by_examples(card, photo, scale, gains, known)
    # the wall read before matching stands unless the match changed the role (a roof's sky is left out)
    wall = lab if card.role == role_seen else _wall(bal, card)
    name, c_conf = name_colour(wall, colours)
    hue_only = name is not None and name_colour(wall, colours, washed=False)[0] is None  # washed out: a guess
    if card.role == "window":
        prop: dict[str, Any] = {f: None for f in FEATURES}
        conf: dict[str, Any] = {f: 0 for f in FEATURES}
    else:
        prop = {"points": None, "color": None, "condition": None}
        conf = {"points": 0, "color": 0, "condition": 0}
    prop["color"], conf["color"] = name, c_conf
    if match is not None:
        entry, m_conf = match.entry, match.confidence
        if match.by_place:
            card.notes.append(f"taken for catalog card {entry.id} by its place alone (its details matched "
                              "no card): check that it is this card")
        elif match.by == "twin":
            others = " or ".join(str(e.id) for e in match.rivals)
            card.notes.append(f"taken for catalog card {entry.id} rather than {others} by the few places where "
                              "they differ: check that it is this card")
        for key, value in entry.values.items():
            if key in prop and key != "color":
                prop[key], conf[key] = value, m_conf
        if (prop["color"] is None or hue_only) and entry.values.get("color") is not None:
            prop["color"], conf["color"] = entry.values["color"], round(m_conf * 0.9, 2)
        by = "place" if match.by_place else match.by
        return prop, conf, {"id": entry.id, "confidence": m_conf, **({"by": by} if by else {})}
    return prop, conf, None


def _wall(bal: np.ndarray, card: Card) -> np.ndarray | None:
    """The Lab of the card's wall (colour.field_colour), a roof's sky left out."""
    patch = field_patch(bal, card)
    sky = card.sky if card.role == "roof" else None
    if card.role == "roof" and sky is None:
        sky = sky_and_roof(patch)[1]
    return field_colour(patch, sky)


def _role_by_examples(card: Card, photo: np.ndarray, scale: float, gains: np.ndarray, known: Catalog) -> None:
    """An unrecognised top card is a roof or a window as the catalog's
    nearest roofs and windows say, when they agree (looks.py); the sky and
    gable read from the photo stand otherwise, and a gable seen clearly
    (a roof more sure than a flat band of sky makes it) stands always; a
    weaker sky only when all the nearest say window (else it is doubted)."""
    if card.role == "roof" and card.sky_score >= C.LOOK_KEEPS_GABLE:
        # the gable itself, not how sure the card's outline is (a pale roof found by its outline alone
        # is doubted as a card, not as a roof: wide-border 10701)
        return
    h = max(8, int(min(round(CANON_W * card.aspect), CANON_H * 1.1)))
    # card.aspect is in the first deck's field units (structure._table_aspects maps the nearest whole
    # card onto INNER_W_MM x INNER_H_MM) as is the catalog's canonical grey: the share of the field
    # the card shows is taken in those units, not over the group's own field proportions (a narrow
    # wide-border field made every visible share 0.78 of the truth and its roofs look like windows)
    vote = role_by_examples(known.entries, grey_field(photo, card.quad / scale, gains, h),
                            float(np.clip(card.aspect / C.INNER_ASPECT, 0.15, 1.0)))
    if vote is None:
        return
    role, share = vote
    if role == "window" and card.role == "roof" and card.sky is not None and share < C.LOOK_OVERRULES_SKY:
        # a sky was seen above the building: the look alone, not all its neighbours agreeing, only
        # casts doubt on it (wide-border flat and mansard roofs under a pale sky look like walls)
        card.role_confidence = min(card.role_confidence, 0.5)
        card.notes.append("read as a roof from its sky, though it looks like the catalog's windows: check it")
        return
    if role != card.role:
        card.notes.append(f"read as a {role}: it looks like the catalog's {role}s")
        card.role, card.role_confidence = role, round(0.9 * share, 2)
    else:
        card.role_confidence = max(card.role_confidence, round(0.9 * share, 2))


def _full_size(data: bytes, photo: np.ndarray) -> list[int]:
    """Width and height of the photo as sent, upright (the pixels may have
    been decoded at a fraction of that)."""
    _, w, h = check_header(data)
    if (w > h) != (photo.shape[1] > photo.shape[0]):
        w, h = h, w  # turned upright by its EXIF orientation
    return [int(w), int(h)]


def _quad_outline(quad: np.ndarray) -> list[list[float]]:
    return [[round(float(p[0]), 1), round(float(p[1]), 1)] for p in quad]


def _outline(card: Card, scale: float) -> list[list[float]]:
    """The card's visible part in photo pixels: its coloured field widened by
    the printed border on every side (the lower edge is the next card's)."""
    tl, tr, br, bl = (card.quad / scale).astype(float)
    width = (np.linalg.norm(tr - tl) + np.linalg.norm(br - bl)) / 2
    t = width * C.BORDER_MM / C.INNER_W_MM
    right = (tr - tl + br - bl) / max(2 * width, 1e-6)
    down = (bl - tl + br - tr)
    down = down / max(np.linalg.norm(down), 1e-6)
    out = [tl - t * right - t * down, tr + t * right - t * down,
           br + t * right + t * down, bl - t * right + t * down]
    return [[round(float(p[0]), 1), round(float(p[1]), 1)] for p in out]
