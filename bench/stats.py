"""Stats benchmark: `.venv/bin/python bench/stats.py [--matches 100000 --players 50]`

1. Makes a realistic history (bench/stats_history.py: the four games, states
   scored by the real engines) as JSON lines, cached under instance/bench/.
2. Imports it with `companion import` in a subprocess, timed (matches/second).
3. Times the stats API answer (Flask test client, several runs, median) for
   the whole history and with each filter, and each stats page, beside
   `SELECT count(*) FROM matches` in the same run, and prints the ratios.
Goal: the stats answer under 200 ms."""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from stats_history import history  # noqa: E402

from companion import storage  # noqa: E402
from companion.app import create_app  # noqa: E402

GOAL_MS = 200


def make_history(path: Path, matches: int, players: int, seed: int) -> None:
    if path.exists():
        print(f"history: reusing {path.relative_to(ROOT)}")
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    tmp = path.with_suffix(".part")
    with tmp.open("w", encoding="utf-8") as out:
        for i, line in enumerate(history(matches, players, seed), 1):
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
            if i % 10000 == 0:
                print(f"  made {i} matches", flush=True)
    tmp.rename(path)
    print(f"history: {matches} matches made and scored in {time.perf_counter() - started:.1f} s")


def timed(fn, runs: int) -> tuple[float, list[float]]:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        fn()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--matches", type=int, default=100_000)
    ap.add_argument("--players", type=int, default=50)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--db", help="SQLite file to fill (default: a temporary one)")
    args = ap.parse_args()

    cache = ROOT / "instance" / "bench" / f"stats-{args.matches}-{args.players}-{args.seed}.jsonl"
    make_history(cache, args.matches, args.players, args.seed)

    workdir = tempfile.TemporaryDirectory(prefix="stats-bench-")
    db_path = args.db or str(Path(workdir.name) / "bench.sqlite")
    db = storage.connect(db_path)
    group = storage.create_group(db, "Benchmark club")
    gid = group["id"]
    db.conn.close()

    cli = [sys.executable, "-c", "from companion.cli import main; main()"]
    started = time.perf_counter()
    done = subprocess.run([*cli, "import", str(cache), "--group", gid, "--db", db_path],
                          cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if done.returncode:
        sys.exit(f"import failed: {done.stderr.strip()}")
    answer = json.loads(done.stdout.splitlines()[0])
    print(f"import: {answer['added']} added, {answer['skipped']} skipped in {seconds:.1f} s "
          f"= {answer['added'] / seconds:.0f} matches/second (scoring every state again)")

    app = create_app({"DATABASE": db_path, "TESTING": True, "SECRET_KEY": "bench"})
    client = app.test_client()
    with client.session_transaction() as session:  # the group cookie, as a phone has it
        session["keys"] = {gid: group["key"]}

    db = storage.connect(db_path)
    count_ms, _ = timed(lambda: db.execute("SELECT count(*) FROM matches").fetchone(), args.runs)
    total = db.execute("SELECT count(*) FROM matches").fetchone()[0]
    regular = db.execute("SELECT p.name FROM stat_plays s JOIN players p ON p.id = s.player_id"
                         " GROUP BY s.player_id ORDER BY count(*) DESC LIMIT 1").fetchone()[0]
    last = str(int(db.execute("SELECT max(played_at) FROM matches").fetchone()[0][:4]) - 1)
    print(f"\nSELECT count(*) FROM matches ({total} rows): {count_ms:.2f} ms (median of "
          f"{args.runs})\n")

    cases = [
        ("stats API, whole history", f"/api/groups/{gid}/stats"),
        ("stats API, ?game=canal-houses", f"/api/groups/{gid}/stats?game=canal-houses"),
        (f"stats API, ?player={regular}", f"/api/groups/{gid}/stats?player={regular}"),
        (f"stats API, a full year ({last})",
         f"/api/groups/{gid}/stats?from={last}-01-01&to={last}-12-31"),
        ("stats API, odd dates 3.5 years", f"/api/groups/{gid}/stats?from=2019-03-15&to=2022-09-10"),
        ("ratings API, canal-houses, every match",
         f"/api/groups/{gid}/stats/ratings?game=canal-houses"),
        ("ratings API, canal-houses, ?per=month",
         f"/api/groups/{gid}/stats/ratings?game=canal-houses&per=month"),
    ]
    pages = [(f"page {rule.rule}", rule.rule.replace("<gid>", gid))
             for rule in app.url_map.iter_rules()
             if rule.endpoint.startswith("stats.") and "GET" in rule.methods
             and rule.rule.count("<") == 1]
    pages.append(("page /g/<gid>/stats/rivals, 3.5 years",
                  f"/g/{gid}/stats/rivals?from=2019-03-15&to=2022-09-10"))
    print(f"{'what':44} {'median ms':>10} {'x count(*)':>11} {'size KB':>8}  goal")
    for label, url in cases + pages:
        first = client.get(url)
        if first.status_code != 200:
            print(f"{label:44} HTTP {first.status_code}: {first.get_data(as_text=True)[:200]}")
            continue
        ms, _ = timed(lambda url=url: client.get(url), args.runs)
        verdict = "ok" if ms < GOAL_MS else f"over {GOAL_MS} ms"
        ratio = ms / count_ms if count_ms else float("inf")
        print(f"{label:44} {ms:10.1f} {ratio:11.0f} {len(first.data) / 1024:8.1f}  {verdict}")
    db.conn.close()


if __name__ == "__main__":
    main()
