"""Write the Doodle China golden photos: fixtures/photos/doodle-china/<case>.jpg
beside <case>.expected.json (the truth, in the read-photo answer's format, plus
the marks that are not part of a proposal and how the photo was made).

    .venv/bin/python bench/make_photos.py [--only CASE ...] [--out DIR]

Every case comes from a fixed seed (tests/support/doodle_photos.py), so running
this again writes the same files. Each JPEG is kept under 300 KB: most are
downscaled to 1600x1200 like a phone's "medium" size; a few stay at 12 MP with
low noise and quality.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "support"))

from doodle_photos import make_case  # noqa: E402
from doodle_styles import STYLES, styled_case  # noqa: E402  (tests/support)
from golden_files import MEDIUM, write_cases  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "fixtures" / "photos" / "doodle-china"

# name -> make_case arguments
CASES: dict[str, dict] = {}
for i in range(1, 15):
    CASES[f"suzhou-{i:02d}"] = {"seed": i, "layout": "suzhou-v1", "out_size": MEDIUM, "quality": (60, 88)}
    CASES[f"shanghai-{i:02d}"] = {"seed": 100 + i, "layout": "shanghai-v1", "out_size": MEDIUM,
                                  "quality": (60, 88)}
CASES["suzhou-12mp"] = {"seed": 201, "layout": "suzhou-v1", "quality": (40, 45), "noise": (0.5, 1.0)}
CASES["shanghai-12mp"] = {"seed": 205, "layout": "shanghai-v1", "quality": (36, 40), "noise": (0.5, 1.0)}
CASES["suzhou-torn-qr"] = {"seed": 301, "layout": "suzhou-v1", "out_size": MEDIUM, "quality": (80, 85),
                           "damage_qr": True}
CASES["shanghai-torn-qr"] = {"seed": 302, "layout": "shanghai-v1", "out_size": MEDIUM, "quality": (80, 85),
                             "damage_qr": True}
CASES["suzhou-no-markers"] = {"seed": 402, "layout": "suzhou-v1", "out_size": MEDIUM, "quality": (70, 85),
                              "cover_markers": True}
CASES["shanghai-no-markers"] = {"seed": 401, "layout": "shanghai-v1", "out_size": MEDIUM, "quality": (70, 85),
                                "cover_markers": True}
# one photo per stroke style and edition (tests/support/doodle_styles.py)
for i, style in enumerate(STYLES):
    for j, edition in enumerate(("suzhou", "shanghai")):
        CASES[f"style-{style}-{edition}"] = {"seed": 600 + 2 * i + j, "style": style, "layout": f"{edition}-v1",
                                             "out_size": MEDIUM, "quality": (70, 85)}


def make(args: dict) -> tuple[bytes, dict]:
    seed = args.pop("seed")
    for key in ("quality", "noise"):
        if key in args:
            args[key] = tuple(args[key])
    if "style" in args:
        data, expected = styled_case(seed, args.pop("style"), **args)
        expected["photo"].update(damaged_qr=False, covered_markers=False)
        return data, expected
    return make_case(seed, **args)


if __name__ == "__main__":
    write_cases("write the Doodle China golden photos", CASES, OUT, make, indent=1)
