"""Write the golden photos of pad-style sheets (sheets the project did not
print): fixtures/photos/doodle-china-pad/<case>.jpg beside <case>.expected.json.

    .venv/bin/python bench/make_pad_photos.py [--only CASE ...]

Blanks to teach a template from (one per edition and look; "ledger" is the
held-out design), marked photos of each in several stroke styles, and the
bad inputs a template must refuse (too steep, a hand over half of it). Fixed
seeds: running this again writes the same files; each JPEG < 300 KB.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "support"))

from golden_files import MEDIUM, write_cases  # noqa: E402  (tests/support)
from pad_sheet import pad_case  # noqa: E402

OUT = ROOT / "fixtures" / "photos" / "doodle-china-pad"

CASES: dict[str, dict] = {}
for j, look in enumerate(("boxed", "ledger")):
    for i, edition in enumerate(("suzhou", "shanghai")):
        base = {"layout": f"{edition}-v1", "look": look, "out_size": MEDIUM, "quality": (80, 88)}
        CASES[f"blank-{edition}-{look}"] = {**base, "seed": 10 + 2 * j + i, "blank": True, "max_tilt": 20.0}
        styles = ("arc", "chord", "loops") if look == "boxed" else ("retraced", "short-over")
        for k, style in enumerate(styles):
            CASES[f"marked-{edition}-{look}-{style}"] = {**base, "seed": 100 + 10 * j + 3 * i + k, "style": style}
CASES["bad-steep-suzhou"] = {"layout": "suzhou-v1", "look": "boxed", "out_size": MEDIUM, "quality": (80, 88),
                             "seed": 900, "blank": True, "max_tilt": 70.0, "min_tilt": 58.0}
CASES["bad-hand-suzhou"] = {"layout": "suzhou-v1", "look": "boxed", "out_size": MEDIUM, "quality": (80, 88),
                            "seed": 901, "blank": True, "max_tilt": 15.0, "hand": True}


def make(spec: dict) -> tuple[bytes, dict]:
    seed, layout, look = spec.pop("seed"), spec.pop("layout"), spec.pop("look")
    return pad_case(seed, layout, look, **spec)


if __name__ == "__main__":
    write_cases("write the pad-style golden photos", CASES, OUT, make)
