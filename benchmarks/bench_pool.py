"""Benchmark: the week's board pool (复式记分系统) — 10,000 boards, 40 results each, scored as
they arrive one by one; and serving boards to tables of four.

Run: .venv/bin/python benchmarks/bench_pool.py [--quick] [--json PATH]

Prints, with the targets in brackets:
  scoring 400,000 arrivals in the week's scorer (PoolScores)   (≤ 5 s); frozen tallies
  the same, naively: each arrival rescoring its board from scratch with the batch online
    method (``score_imp_pairs(..., "online")``), run on NAIVE_BOARDS boards and extrapolated
    linearly to the whole pool (each board costs the same 40 rescorings) — the ratio
  the week's figures of every player from the tallies
  serving (serve + start) in a busy week: thousands of players, some playing hundreds of
    boards, hundreds of tables at once — against the rule read board by board
    (``PoolIndex.serve_by_scan``) on a sample of the same calls

``--quick`` runs 1,000 boards and a shorter week (a check that it works, not a figure).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

from bridgescore.compete.pool import BoardTally, Pool, TableResult
from bridgescore.compete.pool_index import PoolIndex
from bridgescore.compete.pool_scores import PoolScores
from bridgescore.sessions.imp_pairs import score_imp_pairs
from bridgescore.sessions.model import BoardResult, Session, possible_ns_scores

NAIVE_BOARDS = 20
FROZEN_BOARDS = 1_000
COMMON = [420, 450, 450, 420, 170, 140, -50, -100, 620, 650, 110, -200, 480, 400, 680, 1430,
          -500, 100, 200, 300, 790, -800]


def arrivals(pool: Pool, per_board: int, seed: int = 1) -> list[TableResult]:
    """``per_board`` results on every board, in a realistic spread (a few common results for
    the board and a tail of anything possible), arriving in a random order across boards."""
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(4_000)]  # every table four different players of the week's
    by_board: dict[int, list[TableResult]] = {}
    for b in pool.boards:
        ok = possible_ns_scores(b.vulnerability)
        typical = rng.sample([s for s in COMMON if s in ok], 4)
        rare = sorted(s for s in ok if -2500 <= s <= 2500)
        seated = rng.sample(names, 4 * per_board)
        by_board[b.id] = [
            TableResult(b.id, (seated[i], seated[i + 1], seated[i + 2], seated[i + 3]),
                        rng.choice(typical) if rng.random() < 0.88 else rng.choice(rare))
            for i in range(0, 4 * per_board, 4)]
    # Boards' results interleave at random; on each board they keep their order.
    turns = [b.id for b in pool.boards for _ in range(per_board)]
    rng.shuffle(turns)
    cursor = dict.fromkeys(by_board, 0)
    out = []
    for b in turns:
        out.append(by_board[b][cursor[b]])
        cursor[b] += 1
    return out


def incremental(pool: Pool, results: list[TableResult]) -> tuple[float, PoolScores]:
    """The week's scorer: every arrival checked, scored, and its events built."""
    week = PoolScores(pool)
    add = week.add
    t = time.perf_counter()
    for r in results:
        add(r)
    return time.perf_counter() - t, week


def frozen_tallies(pool: Pool, results: list[TableResult]) -> tuple[float, dict[int, BoardTally]]:
    """The same with the frozen tallies, each arrival building a new one."""
    tallies = {b.id: BoardTally.start(pool, b.id) for b in pool.boards}
    t = time.perf_counter()
    for r in results:
        tallies[r.board], _ = tallies[r.board].add(r)
    return time.perf_counter() - t, tallies


def naive_board(results: list[TableResult]) -> tuple[float, list[float]]:
    """Each arrival rescores its board from scratch: the board's results so far as a
    session, scored by the batch online method.  The time, and the final scores."""
    t = time.perf_counter()
    last: list[float] = []
    for k in range(1, len(results) + 1):
        session = Session(tuple(BoardResult(r.board, f"N{i}", f"E{i}", score=r.score, seq=i + 1)
                                for i, r in enumerate(results[:k])))
        last = [x.ns for x in score_imp_pairs(session, "online").boards[0].results]
    return time.perf_counter() - t, last


def scoring(boards: int, per_board: int, figures: dict[str, object]) -> None:
    pool = Pool.dealt("bench", boards, seed="bench pool")
    results = arrivals(pool, per_board)
    n = len(results)
    # The results were all built beforehand, which a server never holds at once (they arrive
    # one by one): they are moved out of the collector's sight, so that its full passes see
    # the scorer's own week, as a server's would.
    gc.collect()
    gc.freeze()
    secs, week = incremental(pool, results)
    print(f"Scoring {boards:,} boards × {per_board} results = {n:,} arrivals, one by one")
    print(f"  the week's scorer (PoolScores): {secs:7.2f} s  ({secs / n * 1e6:.1f} µs an arrival; "
          "target ≤ 5 s at 10,000 boards)")
    # The frozen tallies (a new value at each arrival) on a part of the week, checked equal.
    part = pool.boards[:FROZEN_BOARDS]
    ids = {b.id for b in part}
    some = [r for r in results if r.board in ids]
    t_frozen, tallies = frozen_tallies(pool, some)
    assert all(tallies[b.id] == week.tally(b.id) for b in part), "scorer and tallies disagree"
    print(f"  frozen tallies (BoardTally.add, a new value each arrival) on {len(part):,} boards: "
          f"{t_frozen / len(some) * 1e6:.1f} µs an arrival (the same scores)")
    # The naive way on a few boards, checked equal there.
    sample = [b.id for b in pool.boards[:NAIVE_BOARDS]]
    on_board = {b: [r for r in results if r.board == b] for b in sample}
    naive_secs = 0.0
    for b in sample:
        t, last = naive_board(on_board[b])
        naive_secs += t
        assert last == [float(s.imps) for s in week.scores(b)], \
            f"board {b}: naive and incremental disagree"
    naive_total = naive_secs / len(sample) * boards
    print(f"  naive, rescoring each board from scratch at each arrival: {naive_secs:.2f} s for "
          f"{len(sample)} boards, so ≈ {naive_total:,.0f} s* for {boards:,}: "
          f"{naive_total / secs:,.0f}× slower")
    print(f"  * extrapolated linearly from {len(sample)} boards (each board is the same "
          f"{per_board} rescorings); the two agreed on every result of those boards")
    t = time.perf_counter()
    players = week.figures()
    t_week = time.perf_counter() - t
    print(f"  this week's figures of {len(players):,} players: {t_week:.2f} s")
    gc.unfreeze()
    figures.update(boards=boards, arrivals=n, incremental_s=round(secs, 3),
                   incremental_us_per_arrival=round(secs / n * 1e6, 2),
                   frozen_tallies_us_per_arrival=round(t_frozen / len(some) * 1e6, 2),
                   naive_sample_boards=len(sample), naive_sample_s=round(naive_secs, 3),
                   naive_extrapolated_s=round(naive_total), ratio=round(naive_total / secs),
                   week_figures_s=round(t_week, 3))


def serving(boards: int, players: int, tables: int, served: int,
            figures: dict[str, object]) -> None:
    """A busy week: ``players`` players, a tenth of them playing ten times as often, up to
    ``tables`` tables at once; a table that gets a board plays it and finishes (one in fifty
    stops without a result), the oldest first."""
    pool = Pool.dealt("bench", boards, seed="bench pool")
    index = PoolIndex(pool)
    rng = random.Random(3)
    names = [f"p{i}" for i in range(players)]
    weights = [10 if i % 10 == 0 else 1 for i in range(players)]
    idle = set(names)
    playing: list[tuple[int, tuple[str, str, str, str]]] = []
    times: list[float] = []
    scan_times: list[float] = []
    fast_sampled: list[float] = []
    none = 0
    clock = time.perf_counter
    while len(times) < served:
        if len(playing) >= tables:
            board, four = playing.pop(0)
            if rng.random() < 0.02:
                index.release(board, four)
            else:
                index.finish(board, four)
            idle.update(four)
        chosen: list[str] = []
        while len(chosen) < 4:
            p = rng.choices(names, weights)[0]
            if p in idle and p not in chosen:
                chosen.append(p)
        four = (chosen[0], chosen[1], chosen[2], chosen[3])
        if len(times) % 200 == 0:  # the naive rule on a sample of the same calls
            t = clock()
            by_scan = index.serve_by_scan(four)
            scan_times.append(clock() - t)
            t = clock()
            fast = index.serve(four)
            fast_sampled.append(clock() - t)
            assert by_scan == fast
        t = clock()
        board = index.take(four)
        times.append(clock() - t)
        if board is None:
            none += 1
            continue
        idle.difference_update(four)
        playing.append((board, four))
    seen = [len(index.played(p)) for p in names]
    mean = statistics.fmean(times)
    p99 = sorted(times)[int(len(times) * 0.99)]
    scan = statistics.fmean(scan_times)
    print(f"\nServing {served:,} tables from {boards:,} boards: {players:,} players (a tenth "
          f"ten times as active), {tables} tables at once")
    print(f"  serve + start: mean {mean * 1e6:.1f} µs, p99 {p99 * 1e6:.1f} µs, total "
          f"{sum(times):.2f} s; {none} tables found nothing left for them")
    print(f"  the rule read board by board (serve_by_scan), {len(scan_times)} sampled calls: "
          f"mean {scan * 1e3:.2f} ms, {scan / statistics.fmean(fast_sampled):,.0f}× the index's "
          "serve on the same calls")
    print(f"  boards had per player: median {statistics.median(seen):.0f}, most {max(seen)}; "
          f"boards retired {sum(index.retired(b.id) for b in pool.boards):,}")
    figures.update(serve_tables=served, serve_players=players, serve_mean_us=round(mean * 1e6, 2),
                   serve_p99_us=round(p99 * 1e6, 2), serve_scan_mean_ms=round(scan * 1e3, 3),
                   serve_ratio=round(scan / statistics.fmean(fast_sampled)),
                   serve_most_boards_per_player=max(seen))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--quick", action="store_true", help="a small run (1,000 boards)")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON here")
    args = parser.parse_args()
    # The machine's load when the run started: the figures of a shared machine depend on it.
    figures: dict[str, object] = {"quick": args.quick, "python": sys.version.split()[0],
                                  "load_average": round(os.getloadavg()[0], 2)}
    print(f"(load average {figures['load_average']} on {os.cpu_count()} cores)")
    if args.quick:
        scoring(1_000, 40, figures)
        serving(1_000, 400, 50, 5_000, figures)
    else:
        scoring(10_000, 40, figures)
        serving(10_000, 4_000, 500, 200_000, figures)
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2, ensure_ascii=False) + "\n",
                                   encoding="utf-8")


if __name__ == "__main__":
    main()
