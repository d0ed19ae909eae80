"""Benchmark: people's moves while fair robots think — the platform's tables through the real
ASGI server, with a robot in West at some of them.

Each run is the play load of ``bench_web_play.py`` (one move a table every 2 s by the
people, one board a table, ``benchmarks/load/play_load.py``) with ``--robot-tables`` of its
tables seating a robot (``solver="fair"``, the platform's default, thinking in the server's
worker process: ``BRIDGESCORE_PLAY_ROBOT_WORKERS``, one).  Printed: the people's move → other
seats latency (target p95 ≤ 100 ms at 250 tables, as without robots), the time from the
update before a robot's move to the robot's own (its 0.6 s pause, then its thinking, then
the store), and the same run with no robot as the baseline in the same process.

The robot tables a core: a fair robot acts about once in four moves of its table, so at one
move a table every 2 s it decides about every 8 s; the third run (``--capacity``) seats a
robot at every table and steps the tables up, printing the robot's gap: past the core's
capacity the robots' gap grows without bound while the people's latency stays.

Run: .venv/bin/python benchmarks/bench_web_robots.py [--tables 250] [--robot-tables 100]
     [--seconds 60] [--capacity 100,200] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.load.play_load import Plan, Report, run

REPO = Path(__file__).resolve().parents[1]
STATIC = REPO / "var" / "test-static"


def figures(report: Report, label: str) -> dict[str, Any]:
    ms = [round(1000 * report.percentile(p), 1) for p in (50, 95, 99)]
    gaps = [round(1000 * report.percentile(p, report.robot_gaps), 0) for p in (50, 95, 99)]
    return {"label": label, "tables": report.plan.tables,
            "robot_tables": report.plan.robot_tables, "moves": report.moves,
            "people_p50_p95_p99_ms": ms, "robot_moves": report.robot_moves,
            "robot_gap_p50_p95_p99_ms": gaps if report.robot_gaps else None,
            "errors": len(report.errors), "server_errors": report.server_errors,
            "server_cpu_ms_a_move": round(1000 * report.server_cpu / max(1, report.moves), 2),
            "load_average": round(report.load_average, 2), "sound": report.sound}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=250)
    parser.add_argument("--robot-tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0, help="measured window a run")
    parser.add_argument("--capacity", default="", help="tables, all with a robot, stepped")
    parser.add_argument("--solver", default="fair")
    parser.add_argument("--json", metavar="PATH")
    args = parser.parse_args()
    runs: list[dict[str, Any]] = []
    ok = True

    def once(label: str, **kw: Any) -> Report:
        nonlocal ok
        plan = Plan(static_root=STATIC, pace=2.0, boards=1, duration=args.seconds,
                    timeout=1800, robot_solver=args.solver, **kw)
        report = run(plan)
        print(f"[{label}]")
        print("\n".join(report.lines()), flush=True)
        ok = ok and report.sound
        runs.append(figures(report, label))
        return report

    start = time.monotonic()
    base = once(f"{args.tables} tables, no robot", tables=args.tables)
    with_robots = once(f"{args.tables} tables, {args.robot_tables} with a robot",
                       tables=args.tables, robot_tables=args.robot_tables)
    p95 = 1000 * with_robots.percentile(95)
    print(f"\npeople's moves p95: {p95:.1f} ms with {args.robot_tables} robots thinking, "
          f"{1000 * base.percentile(95):.1f} ms without (target ≤ 100 ms): "
          f"{'MET' if p95 <= 100 and with_robots.sound else 'MISS'}")
    for n in (int(x) for x in args.capacity.split(",") if x):
        once(f"{n} tables, every one with a robot", tables=n, robot_tables=n)
    print(f"({time.monotonic() - start:.0f} s in all)")
    if args.json:
        Path(args.json).write_text(json.dumps({"runs": runs}, indent=1) + "\n",
                                   encoding="utf-8")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
