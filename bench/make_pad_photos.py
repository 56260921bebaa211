"""Write the golden photos of pad-style sheets (sheets the project did not
print): fixtures/photos/doodle-china-pad/<case>.jpg beside <case>.expected.json.

    .venv/bin/python bench/make_pad_photos.py [--only CASE ...]

Blanks to teach a template from (one per edition and look; "ledger" is the
held-out design), marked photos of each in several stroke styles, and the
bad inputs a template must refuse (too steep, a hand over half of it). Fixed
seeds: running this again writes the same files; each JPEG < 300 KB.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "support"))

from pad_sheet import pad_case  # noqa: E402  (tests/support)

OUT = ROOT / "fixtures" / "photos" / "doodle-china-pad"
LIMIT = 300 * 1024
MEDIUM = (1600, 1200)

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


def write(name: str, spec: dict, out: Path) -> int:
    args = dict(spec)
    seed, layout, look = args.pop("seed"), args.pop("layout"), args.pop("look")
    data, expected = pad_case(seed, layout, look, **args)
    if len(data) > LIMIT:
        raise SystemExit(f"{name}: {len(data) // 1024} KB is over the 300 KB limit; lower its quality")
    (out / f"{name}.jpg").write_bytes(data)
    (out / f"{name}.expected.json").write_text(json.dumps(expected, ensure_ascii=False) + "\n", encoding="utf-8")
    return len(data)


def main() -> None:
    parser = argparse.ArgumentParser(description="write the pad-style golden photos")
    parser.add_argument("--only", nargs="*", help="case names (default: all)")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.only or CASES:
        size = write(name, CASES[name], args.out)
        print(f"{name}: {size // 1024} KB", flush=True)


if __name__ == "__main__":
    main()
