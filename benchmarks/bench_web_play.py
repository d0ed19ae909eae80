"""Benchmark: online play through the real ASGI server — N tables of four players, each seat
its own WebSocket, every table making one call or card every 2 seconds (several times
faster than people play); N stepped up until the latency target is missed, on SQLite and on
PostgreSQL + Redis; a run with no pacing (the ceiling); and 100 vugraph spectators on one
table while the 250-table run goes, against the same run without them.

Run: .venv/bin/python benchmarks/bench_web_play.py [--quick] [--backends sqlite,postgresql]
     [--steps 50,100,150,200,250,300] [--pace 2] [--boards 1] [--seconds S]
     [--pg-url postgres://postgres@127.0.0.1:5432/test] [--pg-reset]
     [--redis-url redis://127.0.0.1:6379/0] [--spectators 100] [--budget 3600] [--json PATH]
(``make bench-play``: the full run, figures into benchmarks/results_web_play.json.)

Targets (issue 10, this 2-core machine): ≥ 250 tables (1,000 connected players) with p95 ≤
100 ms from a move sent to its arrival at the table's other three seats, at one move a table
every 2 s; 100 spectators on one table raise the tables' p95 by no more than 10 %; no
error; every table finishes its boards.  The driver (one asyncio process, all the sockets)
shares the two cores with the server and with whatever else runs: each figure is printed
with the server's CPU time a move, the driver's, and the load average.
The driver is ``benchmarks/load/play_load.py`` (``tests/web/load`` runs it small).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

# The driver, benchmarks/load/play_load.py, imported from the checkout's root.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.load.play_load import Plan, Report, run

REPO = Path(__file__).resolve().parents[1]
STATIC = REPO / "var" / "test-static"
P95_MS, TABLES, SPECTATOR_RISE = 100.0, 250, 0.10


def verdict(ok: bool) -> str:
    return "MET " if ok else "MISS"


def p95(report: Report) -> float:
    return 1000 * report.percentile(95)


def record(report: Report, label: str) -> dict[str, Any]:
    ms = {f"p{p}_ms": round(1000 * report.percentile(p), 1) for p in (50, 95, 99)}
    out: dict[str, Any] = {
        "label": label, "backend": report.backend, "tables": report.plan.tables,
        "players": 4 * report.plan.tables, "spectators": report.plan.spectators,
        "pace_s": report.plan.pace or None, "boards_each": report.plan.boards,
        "offered_moves_per_s": round(report.offered, 1) or None, "moves": report.moves,
        "moves_per_s": round(report.rate, 1), "seconds": round(report.seconds, 1), **ms,
        "arrivals": len(report.latencies),
        "server_cpu_ms_a_move": (round(1000 * report.server_cpu / report.moves, 2)
                                 if report.moves else None),
        "driver_cpu_ms_a_move": (round(1000 * report.client_cpu / report.moves, 2)
                                 if report.moves else None),
        "errors": len(report.errors) + report.server_errors,
        "boards_finished": report.stored_finished, "boards_expected": report.boards_expected,
        "sound": report.sound, "load_average": round(report.load_average, 2)}
    if report.spectator_latencies:
        out["spectator_p95_ms"] = round(1000 * report.percentile(95, report.spectator_latencies), 1)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="a few minutes: SQLite, 50 tables paced, 20 flat out, no crowd")
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--steps", default="50,100,150,200,250,300")
    parser.add_argument("--pace", type=float, default=2.0, help="seconds between moves a table")
    parser.add_argument("--boards", type=int, default=1, help="boards each table plays")
    parser.add_argument("--seconds", type=float, default=None,
                        help="bound each paced run's window (default: every board played out)")
    parser.add_argument("--pg-url", default="postgres://postgres@127.0.0.1:5432/test")
    parser.add_argument("--pg-reset", action="store_true",
                        help="use --pg-url's own database, emptied (default: a scratch one)")
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/0",
                        help="the channel layer with PostgreSQL ('' none: one server only)")
    parser.add_argument("--spectators", type=int, default=100, help="0: no crowd run")
    parser.add_argument("--ceiling-tables", type=int, default=0,
                        help="tables of the run with no pacing (default: the largest N met)")
    parser.add_argument("--db-threads", type=int, default=0,
                        help="the server's BRIDGESCORE_DB_THREADS (default: its own, 16)")
    parser.add_argument("--no-deflate", action="store_true",
                        help="no permessage-deflate (browsers ask for it)")
    parser.add_argument("--budget", type=float, default=3600,
                        help="seconds: no new step starts after this")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON here")
    parser.add_argument("--work", metavar="DIR", type=Path,
                        help="keep each run's data and server log here (default: removed)")
    parser.add_argument("--profile", metavar="DIR", type=Path,
                        help="py-spy profiles of the server (raw, --gil), one a run, here")
    args = parser.parse_args()
    if args.quick:
        args.backends, args.steps, args.spectators = "sqlite", "50", 0
        args.ceiling_tables = args.ceiling_tables or 20
        args.seconds = args.seconds or 40.0
    start = time.monotonic()
    runs: list[dict[str, Any]] = []
    largest: dict[str, int] = {}
    sound = True

    def once(label: str, **kw: Any) -> Report:
        nonlocal sound
        profile = None
        if args.profile:
            args.profile.mkdir(parents=True, exist_ok=True)
            profile = args.profile / (label.replace(" ", "-").replace("+", "") + ".txt")
        plan = Plan(boards=args.boards, static_root=STATIC, deflate=not args.no_deflate,
                    profile=profile, db_threads=args.db_threads, **{"timeout": 1800, **kw})
        work = args.work / label.replace(" ", "-").replace("+", "") if args.work else None
        report = run(plan, work)
        print(f"[{label}]")
        print("\n".join(report.lines()), flush=True)
        sound = sound and report.sound
        runs.append(record(report, label))
        return report

    for backend in args.backends.split(","):
        db: dict[str, Any] = {}
        if backend == "postgresql":
            db = {"database_url": args.pg_url, "reset_database": args.pg_reset,
                  "redis_url": args.redis_url}
        met = 0
        at_target: Report | None = None
        for n in (int(x) for x in args.steps.split(",")):
            if time.monotonic() - start > args.budget:
                print(f"  (time budget of {args.budget:.0f} s spent: no more steps)")
                break
            report = once(f"{backend} {n} paced", tables=n, pace=args.pace,
                          duration=args.seconds, **db)
            ok = p95(report) <= P95_MS and report.sound
            print(f"  {verdict(ok)} p95 {p95(report):.1f} ms at {n} tables (target ≤ {P95_MS:.0f}"
                  f" ms), {'sound' if report.sound else 'NOT sound'}", flush=True)
            if not ok:
                break
            met = n
            if n == TABLES:
                at_target = report
        largest[backend] = met
        print(f"  {verdict(met >= TABLES)} {backend}: the largest N with p95 ≤ {P95_MS:.0f} ms "
              f"is {met} of the steps (target ≥ {TABLES})", flush=True)
        ceiling = args.ceiling_tables or met or 50
        once(f"{backend} {ceiling} no pacing", tables=ceiling, pace=0.0, timeout=300, **db)
        if args.spectators and time.monotonic() - start <= args.budget:
            # Back to back, the same size, so the machine's other work weighs on both alike.
            base = at_target or once(f"{backend} {TABLES} paced", tables=TABLES,
                                     pace=args.pace, duration=args.seconds, **db)
            crowd = once(f"{backend} {TABLES} paced + {args.spectators} spectators",
                         tables=TABLES, pace=args.pace, spectators=args.spectators,
                         duration=args.seconds, **db)
            rise = p95(crowd) / p95(base) - 1 if p95(base) else float("nan")
            ok = rise <= SPECTATOR_RISE and base.sound and crowd.sound
            print(f"  {verdict(ok)} tables' p95 {p95(base):.1f} ms without, "
                  f"{p95(crowd):.1f} ms with {args.spectators} spectators ({100 * rise:+.0f} %; "
                  f"target ≤ +{100 * SPECTATOR_RISE:.0f} %)", flush=True)
    if args.json:
        environment = {"python": platform.python_version(), "logical_cpus": os.cpu_count(),
                       "platform": platform.platform(),
                       "load_average": [round(x, 2) for x in os.getloadavg()]}
        Path(args.json).write_text(json.dumps(
            {"environment": environment, "largest_tables_p95_met": largest, "runs": runs},
            indent=2, ensure_ascii=False) + "\n")
    return 0 if sound else 1


if __name__ == "__main__":
    sys.exit(main())
