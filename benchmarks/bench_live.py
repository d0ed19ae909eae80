"""Benchmark: a live session of 100 tables and 27 rounds (a Mitchell, 2 boards a round: 200
pairs, 200 boards, 5,400 results), entries arriving one by one.

Run: .venv/bin/python benchmarks/bench_live.py

The session is filled up to its last LAST entries (built from the log in one go, as a web
server rebuilds a stored session), then each of those entries is applied and the rankings
refreshed; the figure is the time of one entry, new rankings included (target: well under
200 ms).  For comparison, the same session scored from scratch by the batch functions.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import replace

from bridgescore import Board
from bridgescore.sessions.imp_pairs import score_imp_pairs
from bridgescore.sessions.live import Action, Change, Entry, LiveSession
from bridgescore.sessions.matchpoints import score_matchpoints
from bridgescore.sessions.model import Assignment, BoardResult, possible_ns_scores

LAST = 100


def results(live: LiveSession, seed: int = 1) -> list[BoardResult]:
    rng = random.Random(seed)
    out = []
    for s in live.outstanding():
        ok = sorted(x for x in possible_ns_scores(Board(s.board).vulnerability) if -1100 < x < 1100)
        out.append(BoardResult(s.board, s.ns_pair, s.ew_pair, score=rng.choice(ok),
                               table=s.table, round=s.round))
    rng.shuffle(out)  # tables finish in any order
    return out


def mitchell_100() -> list[Assignment]:
    """A plain Mitchell for 100 tables (the movements module offers up to 50): NS pair t stays
    at table t, EW pairs move up a table and the boards down a table each round."""
    out = []
    for r in range(1, 28):
        for t in range(1, 101):
            ew = 100 + ((t - 1) - (r - 1)) % 100 + 1
            s = ((t - 1) + (r - 1)) % 100 + 1
            out.append(Assignment(r, t, str(t), str(ew), (2 * s - 1, 2 * s)))
    return out


def run(scoring: str) -> None:
    start = LiveSession.start(mitchell_100(), scoring=scoring, winners=2)  # type: ignore[arg-type]
    rs = results(start)
    n = len(rs) - LAST
    t = time.perf_counter()
    live = replace(start, entries=tuple(Entry(i, Action("enter", r)) for i, r in enumerate(rs[:n], 1)),
                   changes=tuple(Change(i, (), ()) for i in range(1, n + 1)))
    rebuild = time.perf_counter() - t
    times = []
    for r in rs[n:]:
        t = time.perf_counter()
        live, _ = live.enter(r)
        live.standings()
        times.append(time.perf_counter() - t)
    t = time.perf_counter()
    full = live.scores()
    t_scores = time.perf_counter() - t
    t = time.perf_counter()
    session = live.session()
    batch = score_matchpoints(session) if scoring == "mp" else score_imp_pairs(session, scoring)  # type: ignore[arg-type]
    t_batch = time.perf_counter() - t
    assert [(p.pair, p.place) for p in full.pairs] == [(p.pair, p.place) for p in batch.pairs]
    t = time.perf_counter()
    data = live.to_dict()
    back = LiveSession.from_dict(data)
    t_store = time.perf_counter() - t
    assert back == live
    print(f"  {scoring:7} one entry + rankings: median {statistics.median(times) * 1000:6.1f} ms, "
          f"max {max(times) * 1000:6.1f} ms  (target well under 200 ms)")
    print(f"          batch re-score of the whole session: {t_batch * 1000:6.0f} ms;  "
          f"scores(): {t_scores * 1000:4.0f} ms;  rebuild from the log: {rebuild * 1000:5.0f} ms;  "
          f"to_dict + from_dict: {t_store * 1000:5.0f} ms")


if __name__ == "__main__":
    print(f"Live session: 100 tables × 27 rounds × 2 boards (5,400 results); the last {LAST} "
          "entries timed")
    for scoring in ("mp", "butler", "ximp"):
        run(scoring)
