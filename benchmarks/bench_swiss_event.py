"""Benchmark: the automatic Swiss pairs' change of round (cut, score, draw, seat) at 501 pairs
(250 tables and a bye), through the pure state machine (``compete.swissevent``).

Run: .venv/bin/python benchmarks/bench_swiss_event.py [--quick]

The pairs register through the registration room (four actions a pair), then each round
every table sends its boards (one in ten left unfinished at the bell) and the round's end
is one tick: that tick cuts the unfinished boards, scores the round across the field,
adds the totals, draws the next round by them with no rematch and creates its tables.  The
figure is that tick's time, per round, wall clock and this process's CPU (the machine may be
shared) (target: well under 1 s; the web has 2 s for the whole change of round).  Also the time of one board's result (``BoardDone``).  ``--quick``: one
scoring and three rounds, a few seconds.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import bridgescore.sessions.imp_pairs
import bridgescore.sessions.matchpoints  # noqa: F401  (loaded, as in a running web server)
from bridgescore.compete.swiss_messages import BoardDone, RaiseHand, Sit, Tick
from bridgescore.compete.swissevent import SwissEvent, SwissSettings, apply
from bridgescore.core.contract import Contract
from bridgescore.core.result import Result
from bridgescore.core.seat import Seat

QUICK = "--quick" in sys.argv
PAIRS = 501
START = 1_000_000.0


def results(rng: random.Random, n: int) -> list[Result]:
    out = []
    for _ in range(n):
        level = rng.choice([1, 2, 3, 3, 4, 4, 5, 6])
        contract = Contract.parse(f"{level}{rng.choice('CDHSN')}")
        tricks = max(0, min(13, level + 6 + rng.choice([-2, -1, 0, 0, 0, 1, 1])))
        out.append(Result(contract, rng.choice(list(Seat)), tricks))
    return out


def run(scoring: str, rounds: int) -> None:
    rng = random.Random(1)
    st = SwissSettings(start=START, rounds=rounds, boards_per_round=3, round_minutes=24,
                       scoring=scoring, registration_tables=PAIRS)  # type: ignore[arg-type]
    s = SwissEvent.start(st)
    t = time.perf_counter()
    for i in range(PAIRS):
        at = st.opens + 3 * i
        for a in (Sit(f"n{i}", i + 1, "N", at), Sit(f"s{i}", i + 1, "S", at),
                  RaiseHand(f"n{i}", at + 1), RaiseHand(f"s{i}", at + 2)):
            s, _ = apply(s, a)
    s, _ = apply(s, Tick(START))
    registration = time.perf_counter() - t
    changes, cpu, boards = [], [], []
    for r in range(1, rounds + 1):
        rec = s.current
        assert rec is not None and rec.round == r
        pool = results(rng, 3 * len(rec.tables))
        k = 0
        for table in rec.tables:
            for b in table.boards:
                res, k = pool[k], k + 1
                if rng.random() < 0.1:
                    continue  # cut at the bell
                now = st.round_start(r) + 60 + rng.random() * 1300
                t = time.perf_counter()
                s, _ = apply(s, BoardDone(r, table.table, b, res, now))
                boards.append(time.perf_counter() - t)
        t, c = time.perf_counter(), time.process_time()
        s, events = apply(s, Tick(st.round_end(r)))
        changes.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        assert [type(e).__name__ for e in events][:2] == ["BoardsCut", "RoundScored"]
    assert s.phase == "finished" and s.final is not None
    ranked = sum(1 for x in s.final.standings if x.place is not None)
    # The last round's change has no draw (the final results instead).
    draws, draws_cpu = changes[:-1], cpu[:-1]
    print(f"{scoring:>6}: {PAIRS} pairs, {rounds} rounds: change of round max "
          f"{max(draws):.3f} s, median {statistics.median(draws):.3f} s (CPU max "
          f"{max(draws_cpu):.3f} s); last round + final results {changes[-1]:.3f} s; "
          f"a board's result median "
          f"{1e3 * statistics.median(boards):.2f} ms; registration of all pairs "
          f"{registration:.2f} s; {ranked} pairs ranked")


def main() -> None:
    print("Automatic Swiss pairs: one tick at each round's end (cut + score + draw + seat)")
    if QUICK:
        run("ximp", 3)
        return
    for scoring in ("ximp", "butler", "mp"):
        run(scoring, 6)
    print("  target: well under 1 s per change of round (the web: ≤ 2 s for 250 tables)")


if __name__ == "__main__":
    main()
