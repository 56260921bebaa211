"""Benchmark reading pad-style sheets (not printed by the project) through a
template taught from ONE photo of a blank, on generated 12-megapixel photos.

    .venv/bin/python bench/read_pad.py [--count 40] [--seed 5000] [--jobs 1] [--size WxH] [--retakes 2]
        [--looks boxed,ledger] [--styles arc,chord,...]   (tuning: --looks boxed and no ink)

Per edition and pad look (tests/support/pad_sheet.py; "ledger" is the design
held out of all tuning): one blank photo -> template (its printed values
read by tesseract, scored against the truth: "template values"); then marked
photos in every stroke style (tests/support/doodle_styles.py; "ink" held
out) read through the template once a person has confirmed its values.
Prints template values %, cells %, whole sheets %, the fields, median read
time beside cv2.imdecode of the same photos; held-out design and style apart.
Goals: template values 100%, cells >= 99.5%, whole sheets >= 97%, median read
under 4x decode and under 1 s.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "support"))

import cv2  # noqa: E402
import numpy as np  # noqa: E402
from doodle_styles import HELD_OUT, STYLES  # noqa: E402  (tests/support)
from pad_compare import compare_pad, template_values  # noqa: E402
from pad_sheet import HELD_OUT_DESIGN, LOOKS, pad_case  # noqa: E402

from companion.photos.game_data import game_data  # noqa: E402
from vision.doodle_china import ocr  # noqa: E402
from vision.doodle_china.exposure import OVEREXPOSED  # noqa: E402
from vision.doodle_china.template import make_template  # noqa: E402
from vision.doodle_china.template_read import read_with_template  # noqa: E402
from vision.errors import PhotoError  # noqa: E402

PADS = [(f"{e}-v1", look) for look in LOOKS for e in ("suzhou", "shanghai")]


def _make(job: tuple) -> str:
    seed, folder, layout, look, style, blank, size = job
    name = f"{'blank' if blank else 'marked'}-{layout}-{look}-{style}-{seed}" + (f"-{size[0]}x{size[1]}" if size else "")
    path = Path(folder) / name
    if not path.with_suffix(".jpg").exists():
        data, expected = pad_case(seed, layout, look, style=style, blank=blank, out_size=size,
                                  max_tilt=20.0 if blank else 30.0)
        path.with_suffix(".jpg").write_bytes(data)
        path.with_suffix(".json").write_text(json.dumps(expected))
    return str(path)


def _checksum(template: dict) -> str:
    """A short digest of the whole template (geometry, values, confidences,
    stored blank), so two runs can be compared line by line."""
    return hashlib.md5(json.dumps(template, sort_keys=True).encode()).hexdigest()[:10]


def _calls(counts: dict) -> str:
    """tesseract calls and how many a limit or a failure ended."""
    return (f"{counts.get('calls', 0)} calls, {counts.get('cpu limit', 0)} over the CPU limit, "
            f"{counts.get('wall limit', 0)} over the wall-clock limit, {counts.get('failed', 0)} failed")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=40, help="marked photos per pad (edition x look)")
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--size", help="store photos at WxH instead of 12 MP")
    parser.add_argument("--keep", help="folder to keep (and reuse) the photos in")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--looks", default=",".join(LOOKS),
                        help="pad looks to run, comma-separated (tuning: --looks boxed, no held-out design read)")
    parser.add_argument("--styles", default=",".join(STYLES),
                        help="stroke styles to run, comma-separated (tuning: leave out the held-out style)")
    parser.add_argument("--retakes", type=int, default=2,
                        help="a refused blank is photographed again (new seed) up to this many times")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x")) if args.size else None
    folder = args.keep or tempfile.mkdtemp(prefix="pad-bench-")
    Path(folder).mkdir(parents=True, exist_ok=True)
    styles = list(STYLES)
    jobs = []
    looks = args.looks.split(",")
    for p, (layout, look) in enumerate(PADS):
        if look not in looks:
            continue  # seeds stay those of the full run: the same photos either way
        jobs.append((args.seed + 1000 * p, folder, layout, look, None, True, size))
        for i in range(args.count):
            if styles[i % len(styles)] not in args.styles.split(","):
                continue
            jobs.append((args.seed + 1000 * p + 1 + i, folder, layout, look, styles[i % len(styles)], False, size))
    t0 = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            paths = list(pool.map(_make, jobs))
    else:
        paths = [_make(j) for j in jobs]
    print(f"generated {len(paths)} photos in {time.perf_counter() - t0:.0f} s ({folder})", flush=True)

    groups: dict[str, dict] = {}
    tv = [0, 0]
    read_times, decode_times = [], []
    clipped: list[tuple[float, str, bool]] = []  # the sheet's paper clipped share, photo, warned
    refusals: list[str] = []
    read_cpu, decode_cpu = [], []  # CPU seconds: on a shared machine wall time is mostly waiting
    templates: dict[tuple[str, str], dict] = {}
    for path in map(Path, paths):
        data = path.with_suffix(".jpg").read_bytes()
        expected = json.loads(path.with_suffix(".json").read_text())
        look = expected["photo"]["look"]
        layout = expected["geometry"]["layout"]
        if expected["photo"]["blank"]:
            t = time.perf_counter()
            calls_before = ocr.CALLS.copy()
            template = None
            for again in range(1 + args.retakes):  # refused: the person takes the blank's photo again
                if again:
                    retake = _make((expected["photo"]["seed"] + 500 * again, folder, layout, look, None, True, size))
                    data = Path(retake).with_suffix(".jpg").read_bytes()
                    expected = json.loads(Path(retake).with_suffix(".json").read_text())
                try:
                    template = make_template(data, expected["geometry"]["edition"], **game_data("doodle-china"))
                    break
                except PhotoError as exc:
                    refusals.append(f"{layout} {look} seed {expected['photo']['seed']}: {exc.message}")
                    print(f"  template refused for {layout} {look}: {exc.message}")
            if template is None:
                templates[(layout, look)] = None
                continue
            right, total = template_values(template, expected["geometry"])
            tv[0] += right
            tv[1] += total
            print(f"template {layout} {look}: values {right}/{total} in {time.perf_counter() - t:.1f} s; "
                  f"warnings: {len(template['warnings'])}; checksum {_checksum(template)}; "
                  f"tesseract {_calls(ocr.CALLS - calls_before)}", flush=True)
            confirmed = json.loads(json.dumps(template))  # a person fixes what was read wrong
            for name, entries in confirmed["tracks"].items():
                for e, truth in zip(entries, expected["geometry"]["tracks"][name], strict=False):
                    e["value"] = truth["value"]
            geo = expected["geometry"]
            scale = (template["grid"][2] - template["grid"][0]) / (geo["cells"][0][-1]["box"][2]
                                                                  - geo["cells"][0][0]["box"][0])
            templates[(layout, look)] = (confirmed, scale)
            continue
        entry = templates.get((layout, look))
        style = expected["photo"]["style"]
        key = ("held-out design " if look == HELD_OUT_DESIGN else "") + (
            "held-out style" if style == HELD_OUT else "tuning")
        g = groups.setdefault(key, {"cells": [0, 0], "sheets": [0, 0], "fields": {}, "refused": 0})
        t, c = time.perf_counter(), time.process_time()
        cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
        decode_times.append(time.perf_counter() - t)
        decode_cpu.append(time.process_time() - c)
        reading = None
        if entry is not None:
            t, c = time.perf_counter(), time.process_time()
            try:
                reading = read_with_template(data, entry[0])
            except PhotoError as exc:
                g["refused"] += 1
                print(f"  {path.name}: refused: {exc.message}")
            read_times.append(time.perf_counter() - t)
            read_cpu.append(time.process_time() - c)
        counts = compare_pad(reading, expected, entry[0] if entry else {"grid": [0, 0, 1, 1], "houses": [],
                                                                      "floors": []}, entry[1] if entry else 1.0)
        ok = all(r == n for r, n in counts.values())
        g["sheets"][0] += ok
        g["sheets"][1] += 1
        for f, (r, n) in counts.items():
            acc = g["fields"].setdefault(f, [0, 0])
            acc[0] += r
            acc[1] += n
        warned = reading is not None and OVEREXPOSED in reading.warnings
        if reading is not None:
            clipped.append((reading.details.get("clipped", 0.0), path.name, warned))
        if args.verbose or not ok:
            clip = reading.details.get("clipped") if reading is not None else None
            print(f"  {path.name}: {'ok' if ok else {f: f'{r}/{n}' for f, (r, n) in counts.items() if r != n}}"
                  f" clipped={clip}{' OVEREXPOSED' if warned else ''}")

    shares = sorted(c for c, _, _ in clipped)
    if shares:
        print(f"\noverexposed warnings: {sum(w for _, _, w in clipped)}/{len(clipped)} "
              f"{' '.join(name for _, name, w in clipped if w)}; clipped paper share median "
              f"{statistics.median(shares):.4f}, top five {' '.join(f'{v:.4f}' for v in shares[-5:])}")
    print(f"\ntemplate values (tesseract, from one blank photo each): {tv[0]}/{tv[1]} = "
          f"{100 * tv[0] / max(1, tv[1]):.1f}%")
    print(f"blank photos refused as templates: {len(refusals)} (each retaken up to {args.retakes} times)")
    print(f"tesseract: {_calls(ocr.CALLS)} (a limit hit makes the values depend on the machine)")
    for key in sorted(groups):
        g = groups[key]
        fields = ", ".join(f"{f} {r}/{n}" for f, (r, n) in g["fields"].items() if n)
        c = g["fields"].get("cells", [0, 1])
        print(f"{key:32s} cells {100 * c[0] / max(1, c[1]):.2f}%  whole sheets {g['sheets'][0]}/{g['sheets'][1]} = "
              f"{100 * g['sheets'][0] / max(1, g['sheets'][1]):.1f}%  refused {g['refused']}  ({fields})")
    if read_times:
        med_read, med_dec = statistics.median(read_times), statistics.median(decode_times)
        print(f"median read {med_read * 1000:.0f} ms, median cv2.imdecode {med_dec * 1000:.0f} ms, "
              f"ratio {med_read / med_dec:.1f}x")
        cpu_read, cpu_dec = statistics.median(read_cpu), statistics.median(decode_cpu)
        print(f"median CPU: read {cpu_read * 1000:.0f} ms, cv2.imdecode {cpu_dec * 1000:.0f} ms, "
              f"ratio {cpu_read / max(cpu_dec, 1e-9):.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
