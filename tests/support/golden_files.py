"""Writing golden photo cases (`<case>.jpg` beside `<case>.expected.json`)
for the bench scripts that make them (bench/make_photos.py,
bench/make_pad_photos.py): the 300 KB limit, the files, and the one command
line (`--only CASE ...`, `--out DIR`) -- written once."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

LIMIT = 300 * 1024  # bytes: a golden JPEG stays small enough to keep in git
MEDIUM = (1600, 1200)  # a phone's "medium" photo size

Case = tuple[bytes, dict[str, Any]]  # (JPEG bytes, expected)


def save_case(out: Path, name: str, case: Case, indent: int | None = None) -> int:
    """Write one case; refuse (exit) a JPEG over the limit. Returns its size."""
    data, expected = case
    if len(data) > LIMIT:
        raise SystemExit(f"{name}: {len(data) // 1024} KB is over the 300 KB limit; lower its quality")
    (out / f"{name}.jpg").write_bytes(data)
    (out / f"{name}.expected.json").write_text(
        json.dumps(expected, ensure_ascii=False, indent=indent) + "\n", encoding="utf-8")
    return len(data)


def write_cases(description: str, cases: Mapping[str, dict], default_out: Path,
                make: Callable[[dict], Case], indent: int | None = None) -> None:
    """The command line: make and write every case (or those named by --only)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--only", nargs="*", help="case names (default: all)")
    parser.add_argument("--out", type=Path, default=default_out)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.only or cases:
        size = save_case(args.out, name, make(dict(cases[name])), indent)
        print(f"{name}: {size // 1024} KB", flush=True)
