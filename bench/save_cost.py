"""What one match save costs with its stats upkeep, in a long history:
`.venv/bin/python bench/save_cost.py [--matches 20000 --saves 30]`

Builds a realistic history (bench/stats_history.py, imported once and cached
under instance/bench/), then saves matches into its last month one by one and
prints the median and p95 of `storage.save_match` beside a bare insert of the
same match row in the same run (the ratio is the upkeep's share). Issue 15:
the month rebuild scanned the group's whole history (no month index) and the
all-time win streaks refolded every month: 50-150 ms a save before."""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from stats_history import history  # noqa: E402

from companion import storage  # noqa: E402
from companion.games import score  # noqa: E402


def cached_history(matches: int) -> Path:
    path = ROOT / "instance" / "bench" / f"save-cost-{matches}.sqlite"
    if path.exists():
        db = storage.connect(path)  # migrates a cache made before a new migration
        db.conn.close()
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    db = storage.connect(path)
    gid = storage.create_group(db, "Bench")["id"]
    items = [(m["id"], m["played_at"], m["state"], score(m["state"]))
             for m in history(matches, 50)]
    storage.import_matches(db, gid, items)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.conn.close()
    return path


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, round(0.95 * len(values)) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20_000)
    parser.add_argument("--saves", type=int, default=30)
    args = parser.parse_args()
    started = time.perf_counter()
    source = cached_history(args.matches)
    print(f"history: {args.matches} matches ({time.perf_counter() - started:.1f} s to get)")
    work = Path(tempfile.mkdtemp(prefix="save-cost-"))
    try:
        shutil.copy(source, work / "db.sqlite")
        db = storage.connect(work / "db.sqlite")
        gid = db.execute("SELECT id FROM groups").fetchone()[0]
        state_text, played = db.execute("SELECT state, played_at FROM matches"
                                        " ORDER BY played_at DESC LIMIT 1").fetchone()
        state = json.loads(state_text)
        result = score(state)
        saves, bare = [], []
        for _ in range(args.saves):
            t = time.perf_counter()
            storage.save_match(db, gid, str(uuid.uuid4()), played, state, result)
            saves.append((time.perf_counter() - t) * 1000)
            t = time.perf_counter()
            with storage.write(db):
                db.execute("INSERT INTO matches (group_id, id, game, played_at, state, result,"
                           " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                           [gid, str(uuid.uuid4()), state["game"], played, state_text,
                            json.dumps(result), played, played])
            bare.append((time.perf_counter() - t) * 1000)
        db.conn.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    load = Path("/proc/loadavg").read_text().split()[0] if Path("/proc/loadavg").exists() else "?"
    print(f"save_match with stats upkeep: median {statistics.median(saves):.1f} ms,"
          f" p95 {p95(saves):.1f} ms ({args.saves} saves)")
    print(f"bare match insert:            median {statistics.median(bare):.1f} ms,"
          f" p95 {p95(bare):.1f} ms")
    print(f"ratio (median): {statistics.median(saves) / max(statistics.median(bare), 1e-6):.1f}x"
          f"  (load average {load})")


if __name__ == "__main__":
    main()
