"""Benchmark teaching templates: how many generated 12-megapixel photos of
blank pad-style sheets make a template, and how many printed values it reads.

    .venv/bin/python bench/teach_pad.py [--count 10] [--seed 131000] [--looks boxed] [--keep DIR]

Per seed and edition: one blank photo (tilts up to 20 degrees, as
bench/read_pad.py) -> make_template. Prints, per photo, its pose and either
the refusal or the values read right; then blanks taught (every value read
right / some wrong / refused) per look. "ledger" is the design held out of all
tuning: report it, never tune on it. The finder never sees the truth: it is
used only to count.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "support"))

from pad_compare import template_values  # noqa: E402  (tests/support)
from pad_sheet import HELD_OUT_DESIGN, pad_case  # noqa: E402

from companion.photos.game_data import game_data  # noqa: E402
from vision.doodle_china.template import make_template  # noqa: E402
from vision.errors import PhotoError  # noqa: E402


def _photo(folder: Path, seed: int, layout: str, look: str, size: tuple[int, int] | None) -> tuple[bytes, dict]:
    path = folder / f"blank-{layout}-{look}-{seed}"
    if not path.with_suffix(".jpg").exists():
        data, expected = pad_case(seed, layout, look, style=None, blank=True, out_size=size, max_tilt=20.0)
        path.with_suffix(".jpg").write_bytes(data)
        path.with_suffix(".json").write_text(json.dumps(expected))
    return path.with_suffix(".jpg").read_bytes(), json.loads(path.with_suffix(".json").read_text())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=10, help="blank photos per edition and look")
    parser.add_argument("--seed", type=int, default=131000)
    parser.add_argument("--looks", default="boxed", help=f"comma-separated pad looks ({HELD_OUT_DESIGN} is held out)")
    parser.add_argument("--size", help="store photos at WxH instead of 12 MP")
    parser.add_argument("--keep", help="folder to keep (and reuse) the photos in")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x")) if args.size else None
    folder = Path(args.keep or tempfile.mkdtemp(prefix="teach-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    data_ = game_data("doodle-china")
    summary: dict[str, list[int]] = {}
    floor_count: dict[str, list[int]] = {}  # per look: floor boxes found on the print, in all
    cpu: list[float] = []
    sizes: dict[str, list[int]] = {}  # per edition: the template's JSON, bytes
    for look in args.looks.split(","):
        for i in range(args.count):
            for edition in ("suzhou", "shanghai"):
                layout = f"{edition}-v1"
                data, expected = _photo(folder, args.seed + i, layout, look, size)
                pose = expected["photo"]
                label = (f"{look:6s} {edition:8s} seed {args.seed + i} tilt {pose['tilt']:4.1f} "
                         f"rot {pose['rotation']:5.1f}")
                row = summary.setdefault(look, [0, 0, 0, 0, 0])  # all right, some wrong, refused, values r, n
                found_floors = floor_count.setdefault(look, [0, 0])
                c = time.process_time()
                try:
                    template = make_template(data, edition, **data_)
                except PhotoError as exc:
                    cpu.append(time.process_time() - c)
                    row[2] += 1
                    print(f"{label}: refused: {exc.message}", flush=True)
                    continue
                cpu.append(time.process_time() - c)
                right, total = template_values(template, expected["geometry"])
                row[3] += right
                row[4] += total
                row[0 if right == total else 1] += 1
                floors = ""
                if template["floors"]:
                    # squares short of boxes say so; the rest were placed as in the others
                    missed = sum(int(m[1]) - int(m[0]) for w in template["warnings"]
                                 for m in re.findall(r"found (\d+) of (\d+) floor boxes", w))
                    found_floors[0] += len(template["floors"]) - missed
                    found_floors[1] += len(template["floors"])
                    floors = f", floor boxes found {len(template['floors']) - missed}/{len(template['floors'])}"
                kept = len(json.dumps(template))
                sizes.setdefault(edition, []).append(kept)
                colour = f", colour {template['image_pale']['channel']}" if "image_pale" in template else ""
                print(f"{label}: values {right}/{total}, warnings {len(template['warnings'])}{floors}, "
                      f"{kept // 1024} KB{colour}", flush=True)
    print()
    for look, (ok, wrong, refused, r, n) in summary.items():
        total = ok + wrong + refused
        print(f"{look}{' (held out)' if look == HELD_OUT_DESIGN else ''}: taught with every value right "
              f"{ok}/{total}, some values wrong {wrong}, refused {refused}; values {r}/{n}")
        if floor_count.get(look, [0, 0])[1]:
            f_found, f_all = floor_count[look]
            print(f"  Shanghai floor boxes found where printed {f_found}/{f_all} (the rest placed as in "
                  "the other skyscraper squares)")
    for edition, kb in sizes.items():
        print(f"{edition} template JSON: median {statistics.median(kb) // 1024:.0f} KB, "
              f"{min(kb) // 1024}-{max(kb) // 1024} KB")
    if cpu:
        print(f"median CPU per template {statistics.median(cpu):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
