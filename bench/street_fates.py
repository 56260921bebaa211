"""Where every card-shaped thing of one street photo went (issue 13, never
drop a card silently): each field the finder found (and each piece refused
only for its shape), its aspect, its likeness turned half round, the truth
card it lies on and what the answer made of it; then every truth card that
no answer card or reported card lies on, with the fields found on it. A
dropped card with no field at all was never found (a finder miss: a paper
mask that did not close its field off), not lost after being found.

    .venv/bin/python bench/street_fates.py PHOTO.jpg [CATALOG.json]

PHOTO.jpg and its PHOTO.json (the truth) as bench/read_street.py --keep
writes them; CATALOG.json as it writes too (catalog-<style>.json)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from vision import read_photo  # noqa: E402
from vision.canal_houses import constants as C  # noqa: E402
from vision.canal_houses.aside import whole_patch  # noqa: E402
from vision.canal_houses.find import (  # noqa: E402
    border_gains,
    find_all_fields,
    paper_mask,
    white_gains,
    working_image,
)
from vision.canal_houses.levels import balance, balanced_range  # noqa: E402
from vision.canal_houses.roles import face_down_score  # noqa: E402
from vision.decode import decode_photo  # noqa: E402
from vision.errors import PhotoError  # noqa: E402


def _on(poly: list | np.ndarray, pt: np.ndarray) -> bool:
    return cv2.pointPolygonTest(np.asarray(poly, np.float32), (float(pt[0]), float(pt[1])), False) >= 0


def fates(path: Path, catalog: list | None) -> list[str]:
    """The lines to print for one photo (see the module's docstring)."""
    data = path.read_bytes()
    truth = json.loads(path.with_suffix(".json").read_text())
    photo = decode_photo(data, min_side=C.WORK_MAX_SIDE)
    small, scale = working_image(photo)
    gains = white_gains(small)
    bal = balance(small, gains)
    ranges = balanced_range(small, gains)
    paper = paper_mask(bal, ranges)
    pieces: list = []
    fields, cut_off = find_all_fields(bal, paper, ranges, pieces)
    bal = balance(small, border_gains(small, gains, fields, paper))  # as the reader judges them
    lines = []
    try:
        answer = read_photo(data, game="canal-houses", catalog=catalog)
    except PhotoError as exc:
        lines.append(f"REFUSED: {exc.message}")
        answer = {"cards": [], "other_cards": [], "warnings": [], "size": None}
    out = scale * photo.shape[1] / (answer["size"] or [photo.shape[1]])[0]  # working px per photo px
    truths = [(f"h{t['house']}r{t['row']} {t['role']} {t['id']}", t["outline"]) for t in truth["cards"]]
    truths += [(f"face-down {fd['kind']}", fd["outline"]) for fd in truth.get("face_down", [])]
    lines.append(f"{len(fields)} fields, {len(pieces)} misshapen pieces, {cut_off} cut off at the edge")
    for i, f in enumerate(fields + pieces):
        centre = f.centre / out
        aspect = max(f.size) / max(min(f.size), 1)
        fd = f"{face_down_score(whole_patch(bal, f)):.2f}" if aspect >= C.FULL_CARD_ASPECT_MIN else "-"
        went = [f"house {a['house'] + 1} card {a['row'] + 1} {a['role']}" for a in answer["cards"]
                if _on(a["outline"], centre)]
        went += [f"{o['kind']}: {o['reason']}" for o in answer["other_cards"] if _on(o["outline"], centre)]
        lies = [name for name, poly in truths if _on(poly, centre)]
        lines.append(f"{'piece' if i >= len(fields) else 'field'} {i:2d} at ({centre[0]:.0f}, {centre[1]:.0f}) "
                     f"aspect {aspect:.2f} turned-round likeness {fd} on {lies or 'nothing'} -> "
                     f"{went or 'NOTHING'}")
    for name, poly in truths:
        centres = [np.mean(a["outline"], axis=0) for a in answer["cards"] + answer["other_cards"]]
        if not any(_on(poly, c) for c in centres):
            on = [i for i, f in enumerate(fields + pieces) if _on(poly, f.centre / out)]
            lines.append(f"DROPPED {name}: " + (f"fields {on} lie on it" if on else "never found (no field)"))
    return lines + [f"warning: {w}" for w in answer["warnings"]]


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    catalog = json.loads(Path(sys.argv[2]).read_text()) if len(sys.argv) > 2 else None
    print("\n".join(fates(Path(sys.argv[1]), catalog)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
