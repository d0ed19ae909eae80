"""Benchmark: the Rate's week close (牌技指数, docs/ratings.md) — a week of 10,000,000 results
of 1,000,000 players rated in one call of ``rate_week``.

Run: .venv/bin/python benchmarks/bench_ratings.py [--quick] [--seed N] [--sparse-ids]
                                                   [--no-trace] [--json PATH]

The week is made up from the seed: boards of 1 to 40 results (the pool retires a board at
40), each board's results drawn from a few likely scores, every table four different players
out of the million (seated so that partners and opponents change from board to board), one
seat in a thousand disconnected, 90% of the players rated before; the rows come in a random
order (as results arrive), in pieces of a million joined by ``WeekResults.concat`` (the way a
database is read in chunks).  Player ids are dense (database keys) or, with
``--sparse-ids``, spread over 2**40.

Prints, with the targets in brackets:
  the week's close: seconds for ``rate_week``, by the clock and of CPU (the machine's load
    average beside them: on a shared machine the clock counts other work too)      (≤ 60 s)
  memory: the process's peak resident size (ru_maxrss), the week included          (≤ 4 GB)
    and, measured again under tracemalloc, the most ``rate_week`` itself held at once
  the plain-Python reference (tests/ratings_reference.py: a loop over results) on a
    subsample of whole boards, the same figures to 1e-9, and the ratio of the CPU time per
    result

``--quick`` is a week of 1,000,000 results and 100,000 players (a check that it works).
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
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from bridgescore.ratings import RateSettings, Ratings, WeekResults, rate_week

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from ratings_reference import Standing, reference_weeks

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
    ap.add_argument("--no-trace", action="store_true")
    ap.add_argument("--naive-results", type=int, default=20_000)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    results, players = (1_000_000, 100_000) if args.quick else (10_000_000, 1_000_000)
    st = RateSettings()
    out: dict[str, object] = {"results": results, "players": players, "seed": args.seed,
                              "sparse_ids": args.sparse_ids, "python": platform.python_version(),
                              "numpy": np.__version__}

    t = time.perf_counter()
    prior, week = synthetic_week(args.seed, results, players, args.sparse_ids)
    made = time.perf_counter() - t
    boards = np.unique(week.board).size
    print(f"week: {results:,} results on {boards:,} boards, {players:,} players "
          f"({len(prior):,} rated before); made in {made:.1f} s; "
          f"peak RSS so far {rss_mb():,.0f} MB")
    gc.collect()
    before = rss_mb()
    load = os.getloadavg()[0]
    t, cpu = time.perf_counter(), time.process_time()
    done = rate_week(prior, week, st)
    seconds, cpu = time.perf_counter() - t, time.process_time() - cpu
    peak = rss_mb()
    print(f"rate_week: {seconds:.1f} s by the clock, {cpu:.1f} s of CPU   (target ≤ 60 s)  "
          f"[load average {load:.1f} on {os.cpu_count()} cores: other work shares them]")
    print(f"peak RSS of the process: {peak:,.0f} MB (before the call {before:,.0f} MB)   "
          "(target ≤ 4,096 MB)")
    print(f"  {len(done.ratings):,} players rated after the week, {done.player.size:,} played "
          f"rated boards; mean Rate {float(done.ratings.rate.mean()):.2f}")
    out.update(seconds=round(seconds, 2), cpu_seconds=round(cpu, 2), load_average=round(load, 1),
               peak_rss_mb=round(peak), rss_before_mb=round(before))
    del done
    gc.collect()

    if not args.no_trace:
        tracemalloc.start()
        rate_week(prior, week, st)
        held = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        gc.collect()
        print(f"  rate_week's own peak allocation (tracemalloc): {held:,.0f} MB, on top of the "
              f"week's {(week.board.nbytes + week.players.nbytes + week.ns_score.nbytes + week.rate_zero.nbytes) / 2**20:,.0f} MB")
        out["rate_week_peak_mb"] = round(held)

    small_prior, small = subsample(week, prior, args.naive_results, args.seed)
    rows = [(int(b), tuple(int(x) for x in p), int(s), tuple(bool(z) for z in rz))
            for b, p, s, rz in zip(small.board, small.players, small.ns_score, small.rate_zero,
                                   strict=True)]
    standing = {int(p): Standing(float(r), float(w), int(n)) for p, r, w, n in zip(
        small_prior.player, small_prior.rate, small_prior.weight, small_prior.boards, strict=True)}
    # CPU times (process_time) on both sides: the ratio is not the machine's load.
    t = time.process_time()
    want, _ = reference_week(standing, rows, st)  # type: ignore[arg-type]
    naive = time.process_time() - t
    t = time.process_time()
    got = rate_week(small_prior, small, st)
    fast_small = time.process_time() - t
    worst = max(abs(float(r) - want[int(p)].rate)
                for p, r in zip(got.ratings.player, got.ratings.rate, strict=True))
    assert worst <= 1e-9, worst
    per_naive = naive / len(small) * 1e6
    per_fast = cpu / results * 1e6
    print(f"reference (a Python loop) on {len(small):,} results: {naive:.2f} s of CPU = "
          f"{per_naive:.1f} µs a result; rate_week on the same: {fast_small:.3f} s; the same "
          f"Rates (largest difference {worst:.1e})")
    print(f"rate_week on the whole week: {per_fast:.2f} µs of CPU a result — "
          f"{per_naive / per_fast:,.0f}× the reference's speed")
    out.update(naive_results=len(small), naive_us_per_result=round(per_naive, 2),
               us_per_result=round(per_fast, 3), ratio=round(per_naive / per_fast),
               largest_difference=worst)
    if args.json:
        args.json.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
