"""How well the review page's "check this card" marks point at the reader's mistakes.

    .venv/bin/python bench/doubt_marks.py FOLDER [--styles classic,...]

FOLDER holds street photos and catalogs kept by `bench/read_street.py --keep`
(`<style>-street-<W>x<H>-<seed>.jpg` beside its truth `.json`, and
`catalog-<style>.json`). Each photo is read with its style's catalog; each
card found is paired with the true card under it (as read_street.py pairs
them) and called wrong when its role, its colour (when one was named) or its
catalog card is not the truth's, or when no true card lies under it. A card is marked as the page
marks it (static/photos/houses_doubts.js `readDoubts`): a proposed match (by place or twin), a
role confidence of 0.5 or less, a colour named with confidence under 0.5, or
a warning "house N, card M: ..." naming it. Prints per style (the held-out
style last, apart): cards, marked, wrong, wrong and marked (the marks'
recall of mistakes), marked but right (checks that find nothing), and how
many wrong cards a person would only find by comparing every card.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "support"), str(ROOT / "bench")]

import cv2  # noqa: E402
import numpy as np  # noqa: E402
from card_decks import HELD_OUT, STYLE_NAMES  # noqa: E402
from read_street import centre  # noqa: E402

from vision import read_photo  # noqa: E402
from vision.errors import PhotoError  # noqa: E402

NAMED = re.compile(r"^house (\d+), card (\d+): ")


def marked(answer: dict) -> set[tuple[int, int]]:
    """(house, row) of every card the page marks to check."""
    out = set()
    for w in answer["warnings"]:
        m = NAMED.match(w)
        if m:
            out.add((int(m[1]) - 1, int(m[2]) - 1))
    for c in answer["cards"]:
        proposal = bool((c["match"] or {}).get("by"))  # by place or by twin
        unsure_colour = c["color"] is not None and c["color_confidence"] < 0.5
        if proposal or c["role_confidence"] <= 0.5 or unsure_colour:
            out.add((c["house"], c["row"]))
    return out


def tally_photo(truth: dict, answer: dict, tally: Counter) -> None:
    marks = marked(answer)
    polys = [(np.array(t["outline"], np.float32), t) for t in truth["cards"]]
    used: set[int] = set()
    for c in answer["cards"]:
        pt = centre(c["outline"])
        k = next((i for i, (poly, _) in enumerate(polys)
                  if i not in used and cv2.pointPolygonTest(poly, pt, False) >= 0), None)
        if k is None:
            kinds = ["no card"]
        else:
            used.add(k)
            t = polys[k][1]
            # a colour not read is shown as missing, not stated: only a stated value can be wrong
            kinds = [what for what, bad in (
                ("role", c["role"] != t["role"]), ("colour", c["color"] not in (None, t["color"])),
                (f'{(c["match"] or {}).get("by")} match' if (c["match"] or {}).get("by") else "sure match",
                 c["match"] is not None and c["match"]["id"] != t["id"])) if bad]
        wrong = bool(kinds)
        mark = (c["house"], c["row"]) in marks
        for what in kinds:
            tally[f"{'marked' if mark else 'unmarked'} wrong {what}"] += 1
        tally["cards"] += 1
        tally["marked"] += mark
        tally["wrong"] += wrong
        tally["wrong_marked"] += wrong and mark
        tally["right_marked"] += mark and not wrong


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--styles", default=",".join(STYLE_NAMES))
    args = parser.parse_args()
    styles = args.styles.split(",")
    styles = [s for s in styles if s != HELD_OUT] + [s for s in styles if s == HELD_OUT]
    for style in styles:
        catalog = json.loads((args.folder / f"catalog-{style}.json").read_text())
        tally: Counter = Counter()
        refused = 0
        photos = sorted(args.folder.glob(f"{style}-street-*.jpg"))
        for path in photos:
            truth = json.loads(path.with_suffix(".json").read_text())
            try:
                answer = read_photo(path.read_bytes(), game="canal-houses", catalog=catalog)
            except PhotoError:
                refused += 1
                continue
            before = tally["marked"]
            tally_photo(truth, answer, tally)
            tally["photos_with_marks"] += tally["marked"] > before
        t = tally
        note = " (HELD OUT: never used in tuning)" if style == HELD_OUT else ""
        print(f"== {style}{note}: {len(photos)} photos ({refused} refused), {t['cards']} cards found ==")
        print(f"marked to check: {t['marked']} cards on {t['photos_with_marks']} photos; wrong cards: {t['wrong']}")
        print(f"wrong and marked: {t['wrong_marked']}/{t['wrong']}; marked but right: {t['right_marked']}/{t['marked']}; "
              f"wrong and not marked: {t['wrong'] - t['wrong_marked']}")
        kinds = [f"{k.replace(' wrong ', ': ')} {v}" for k, v in sorted(t.items()) if " wrong " in k]
        print(f"  what was wrong (marked or not: what): {', '.join(kinds) or 'nothing'}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
