"""Benchmark: the Rate's weekly fit (牌技指数, docs/ratings.md) — every player's Rate fitted
jointly to a window of 10,000,000 results of 1,000,000 players in one call of ``rate_week``.

Run: .venv/bin/python benchmarks/bench_ratings.py [--quick] [--seed N] [--sparse-ids]
                                                   [--weeks K] [--json PATH]

The window is K weeks (10) of 1,000,000 results each, made up from the seed: boards of 1 to 40
results (the pool retires a board at 40), each board's results drawn from a few likely scores,
every table four different players out of the million (seated so that partners and opponents
change from board to board), one seat in a thousand disconnected, 90% of the players rated
before; each week's rows come in a random order, in pieces joined by ``WeekResults.concat``.
The first K − 1 weeks are pushed into the window (``Window.push``), the K-th week is fitted
from a made-up prior (a first fit), then a week K + 1 with the first fit's Rates and window
(the weekly case: ``max_results`` keeps the window at 10,000,000, so the oldest week is folded
into the prior), then a week with nobody playing.

Prints, with the targets in brackets:
  the weekly fit of the 10M-result window, seconds by the clock and of CPU, the
    conjugate-gradient steps                                                        (≤ 20 s)
  the week with nobody playing                                                      (≤ 20 s)
  memory: the process's peak resident size (ru_maxrss), the window included         (≤ 4 GB)
  the dense reference (tests/ratings_reference.py: the normal equations written out and
    solved by numpy.linalg.solve) on a small week: the same Rates to 1e-7

``--quick`` is a window of 1,000,000 results and 100,000 players (a check that it works).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import resource
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

from bridgescore.ratings import RateSettings, Ratings, WeekResults, Window, rate_week
from bridgescore.ratings import rate as _rate
from bridgescore.ratings.fit import prepare

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from ratings_reference import Standing, reference_weeks

# The close's parts, timed where ``rate_week`` calls them (``rate`` imported them by name).
PARTS: dict[str, float] = {}


def _timed(name: str, f: Callable[..., Any]) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        t = time.perf_counter()
        try:
            return f(*args, **kwargs)
        finally:
            PARTS[name] = PARTS.get(name, 0.0) + time.perf_counter() - t
    return timed


for _name in ("prepare", "fold", "fit_window", "newest"):
    setattr(_rate, _name, _timed(_name, getattr(_rate, _name)))

# Scores a board's tables commonly reach (both vulnerabilities mixed: each board draws its
# few likely results from here).
LIKELY = np.array([-1100, -800, -500, -300, -200, -150, -140, -120, -110, -100, -50, 50, 70,
                   80, 90, 100, 110, 120, 130, 140, 150, 170, 200, 300, 400, 420, 430, 450,
                   460, 480, 500, 600, 620, 630, 650, 660, 680, 800, 920, 980, 1100, 1370,
                   1430, 1440, 2210], dtype=np.int64)


def rss_mb() -> float:
    """The process's peak resident size so far, in MB (ru_maxrss is in KB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def synthetic_week(seed: int, results: int, players: int, sparse: bool = False,
                   chunk: int = 1_000_000) -> tuple[Ratings, WeekResults]:
    rng = np.random.default_rng(seed)
    counts = rng.integers(1, 41, size=results // 20 + 10)
    ends = np.cumsum(counts)
    boards = int(np.searchsorted(ends, results)) + 1
    counts = counts[:boards]
    counts[-1] -= int(ends[boards - 1]) - results
    starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
    base = rng.integers(0, players, size=boards)
    keys = rng.permutation(boards).astype(np.int64) * 3 + 1_000_000  # a board key per deal
    kinds = rng.integers(2, 7, size=boards)  # how many likely scores each board has
    likely = LIKELY[rng.integers(0, LIKELY.size, size=(boards, 6))]
    if sparse:
        ids = np.unique(rng.integers(0, 2**40, size=players + players // 10))[:players]
        ids = rng.permutation(ids).astype(np.int64)
    else:
        ids = rng.permutation(players).astype(np.int64) + 10_000_001
    order = rng.permutation(results)

    def pieces() -> Iterator[WeekResults]:
        for a in range(0, results, chunk):
            rows = order[a:a + chunk]
            b = np.searchsorted(starts, rows, side="right") - 1
            j = rows - starts[b]
            seat = (base[b][:, None] + 4 * j[:, None] + np.arange(4)) % players
            pick = rng.integers(0, 1 << 30, size=rows.size) % kinds[b]
            yield WeekResults(keys[b], ids[seat], likely[b, pick],
                              rng.random((rows.size, 4)) < 0.001)

    week = WeekResults.concat(pieces(), total=results)
    rated = rng.random(players) < 0.9
    prior = Ratings(ids[rated], np.clip(rng.normal(50, 8, rated.sum()), 0, 100),
                    rng.uniform(0, 500, rated.sum()), rng.integers(0, 5000, rated.sum()))
    return prior, week


def subsample(week: WeekResults, prior: Ratings, target: int, seed: int
              ) -> tuple[Ratings, WeekResults]:
    """Whole boards (their datums intact) of about ``target`` results, and their players'
    prior Ratings."""
    rng = np.random.default_rng(seed + 1)
    keys, counts = np.unique(week.board, return_counts=True)
    chosen = rng.permutation(keys.size)
    take = chosen[:int(np.searchsorted(np.cumsum(counts[chosen]), target)) + 1]
    rows = np.isin(week.board, keys[take])
    part = week.take(np.flatnonzero(rows))
    who = np.isin(prior.player, part.players)
    return Ratings(prior.player[who], prior.rate[who], prior.weight[who], prior.boards[who]), part


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--sparse-ids", action="store_true")
    ap.add_argument("--weeks", type=int, default=10)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    results, players = (1_000_000, 100_000) if args.quick else (10_000_000, 1_000_000)
    per_week = results // args.weeks
    st = RateSettings(max_results=results)
    out: dict[str, object] = {"results": results, "players": players, "weeks": args.weeks,
                              "seed": args.seed, "sparse_ids": args.sparse_ids,
                              "python": platform.python_version(), "numpy": np.__version__,
                              "tolerance": st.tolerance}

    t = time.perf_counter()
    window = Window.empty(st)
    prior = Ratings.empty()
    for k in range(args.weeks - 1):
        prior, week = synthetic_week(args.seed + k, per_week, players, args.sparse_ids)
        window = window.push(prepare(week, st), st)
        del week
    prior, week = synthetic_week(args.seed + args.weeks, per_week, players, args.sparse_ids)
    made = time.perf_counter() - t
    print(f"window: {len(window):,} results counted of {args.weeks - 1} weeks of {per_week:,} "
          f"(and a week to fit), {players:,} players; made in {made:.1f} s; peak RSS so far "
          f"{rss_mb():,.0f} MB")
    gc.collect()
    load = os.getloadavg()[0]
    t, cpu = time.perf_counter(), time.process_time()
    first = rate_week(prior, week, st, window)
    first_s, first_cpu = time.perf_counter() - t, time.process_time() - cpu
    print(f"first fit (a made-up prior): {first_s:.1f} s by the clock, {first_cpu:.1f} s of CPU, "
          f"{first.iterations} steps, window {len(first.window):,} results")
    del window, week, prior
    _, week = synthetic_week(args.seed + args.weeks + 1, per_week, players, args.sparse_ids)
    gc.collect()
    t, cpu = time.perf_counter(), time.process_time()
    PARTS.clear()
    done = rate_week(first.ratings, week, st, first.window)
    seconds, cpu = time.perf_counter() - t, time.process_time() - cpu
    parts = dict(PARTS)
    print("  of which " + ", ".join(f"{k} {v:.1f} s" for k, v in parts.items())
          + "   (the fit alone, fit_window: target ≤ 20 s)")
    print(f"weekly fit: {seconds:.1f} s by the clock, {cpu:.1f} s of CPU, {done.iterations} "
          f"conjugate-gradient steps, window {len(done.window):,} results of "
          f"{done.window.ids.size:,} players   (target ≤ 20 s)  [load average {load:.1f} on "
          f"{os.cpu_count()} cores: other work shares them]")
    del first, week
    gc.collect()
    t, c0 = time.perf_counter(), time.process_time()
    empty = rate_week(done.ratings, WeekResults.empty(), st, done.window)
    empty_s, empty_cpu = time.perf_counter() - t, time.process_time() - c0
    print(f"a week with nobody playing: {empty_s:.1f} s by the clock, {empty_cpu:.1f} s of CPU, "
          f"{empty.iterations} steps   (target ≤ 20 s)")
    peak = rss_mb()
    print(f"peak RSS of the process: {peak:,.0f} MB   (target ≤ 4,096 MB)")
    out.update(first_seconds=round(first_s, 2), seconds=round(seconds, 2),
               cpu_seconds=round(cpu, 2), iterations=done.iterations,
               fit_seconds=round(parts.get("fit_window", 0.0), 2),
               parts={k: round(v, 2) for k, v in parts.items()},
               window_results=len(done.window), empty_week_seconds=round(empty_s, 2),
               empty_week_cpu_seconds=round(empty_cpu, 2), empty_week_iterations=empty.iterations,
               load_average=round(load, 1), peak_rss_mb=round(peak))
    del done, empty
    gc.collect()

    # The dense reference on a small week (its players' dense matrix must fit: ~2,000).
    tight = RateSettings(min_results=2, tolerance=1e-10, max_iterations=5000)
    small_prior, small = synthetic_week(args.seed + 99, 500, 2000)
    rows = [(int(b), tuple(int(x) for x in p), int(s), tuple(bool(z) for z in rz))
            for b, p, s, rz in zip(small.board, small.players, small.ns_score, small.rate_zero,
                                   strict=True)]
    standing = {int(p): Standing(float(r), float(w), int(n)) for p, r, w, n in zip(
        small_prior.player, small_prior.rate, small_prior.weight, small_prior.boards, strict=True)}
    want, _ = reference_weeks([rows], tight, standing)  # type: ignore[list-item]
    got = rate_week(small_prior, small, tight)
    worst = max(abs(float(r) - want[int(p)].rate)
                for p, r in zip(got.ratings.player, got.ratings.rate, strict=True))
    assert worst <= 1e-7, worst
    print(f"the dense reference on {len(small):,} results: the same Rates (largest difference "
          f"{worst:.1e})")
    out["largest_difference"] = worst
    if args.json:
        args.json.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
