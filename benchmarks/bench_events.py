"""Benchmark: matchpoints and cross-IMPs per board (fast O(n log n) against the naive pairwise
definition, run in the same script), and a 1,000-table 36-board Mitchell scored and ranked.

Run: .venv/bin/python benchmarks/bench_events.py

The naive pairwise versions are O(n²) in pure Python; they are run only up to NAIVE_CAP
results and extrapolated (quadratically, from the largest size actually run) beyond that —
the output says which figures are measured and which are extrapolated.
"""

from __future__ import annotations

import random
import time

import numpy as np

from bridgescore import Board
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.scoring.datum import cross_imps, cross_imps_pairwise
from bridgescore.sessions.imp_pairs import score_imp_pairs
from bridgescore.sessions.matchpoints import matchpoints, matchpoints_pairwise, score_matchpoints
from bridgescore.sessions.model import BoardResult, Session, possible_ns_scores

NAIVE_CAP = 2_000
SIZES = (100, 10_000, 1_000_000)


def board_scores(n: int, seed: int = 1) -> np.ndarray:
    """A realistic spread: mostly a few common results, a tail of everything possible."""
    rng = np.random.default_rng(seed)
    common = np.array([420, 450, 450, 420, 170, 140, -50, -100, 790, -500, 480, 400])
    rare = np.array(sorted(possible_ns_scores(Vulnerability.NS)))
    pick = rng.random(n) < 0.9
    return np.where(pick, rng.choice(common, n), rng.choice(rare, n))


def timed(f, *args, repeat: int = 0):  # type: ignore[no-untyped-def]
    best = float("inf")
    out = None
    if not repeat:
        repeat = 3 if hasattr(args[0], "__len__") and len(args[0]) <= 100_000 else 1
    for _ in range(repeat):
        t = time.perf_counter()
        out = f(*args)
        best = min(best, time.perf_counter() - t)
    return best, out


def per_board() -> None:
    print("One board, n results: fast (sorted + binary search) v naive pairwise")
    print(f"{'n':>10} {'MP fast':>10} {'MP naive':>14} {'ratio':>9} {'XIMP fast':>10} "
          f"{'XIMP naive':>14} {'ratio':>9}")
    naive_mp_at_cap = naive_x_at_cap = 0.0
    for n in SIZES:
        s = board_scores(n)
        t_mp, mp = timed(matchpoints, s)
        t_x, xi = timed(cross_imps, s)
        if n <= NAIVE_CAP:
            lst = s.tolist()
            t_nmp, nmp = timed(matchpoints_pairwise, lst)
            t_nx, nx = timed(cross_imps_pairwise, lst)
            assert mp.tolist() == nmp and xi.tolist() == nx, "fast and naive disagree"
            mark = ""
        else:
            if not naive_mp_at_cap:
                lst = board_scores(NAIVE_CAP).tolist()
                naive_mp_at_cap, _ = timed(matchpoints_pairwise, lst)
                naive_x_at_cap, _ = timed(cross_imps_pairwise, lst)
                # Check agreement on the capped size as well.
                arr = np.array(lst)
                assert matchpoints(arr).tolist() == matchpoints_pairwise(lst)
                assert cross_imps(arr).tolist() == cross_imps_pairwise(lst)
            factor = (n / NAIVE_CAP) ** 2
            t_nmp, t_nx = naive_mp_at_cap * factor, naive_x_at_cap * factor
            mark = "*"
        print(f"{n:>10,} {t_mp:>9.4f}s {t_nmp:>12.3f}s{mark:1} {t_nmp / t_mp:>8.0f}× "
              f"{t_x:>9.4f}s {t_nx:>12.3f}s{mark:1} {t_nx / t_x:>8.0f}×")
    print(f"  * extrapolated as (n/{NAIVE_CAP:,})² × the naive time measured at n = {NAIVE_CAP:,}"
          " (fast and naive were checked equal there)")
    print("  target: a 10⁶-result board cross-IMPed in ≤ 2 s")


def mitchell(tables: int = 1_000, boards: int = 36) -> None:
    """Every board is played at every table (boards duplicated per set, as in a simultaneous
    pairs): 1,000 NS pairs, 1,000 EW pairs, 36,000 table results."""
    rng = random.Random(7)
    t0 = time.perf_counter()
    results = []
    for b in range(1, boards + 1):
        s = board_scores(tables, seed=b)
        ok = possible_ns_scores(Board(b).vulnerability)
        for t in range(tables):
            score = int(s[t]) if int(s[t]) in ok else 0
            results.append(BoardResult(b, str(t + 1), f"E{(t + b) % tables + 1}", score=score,
                                       table=t + 1, round=b))
    rng.shuffle(results)
    session = Session(tuple(results), winners=2)
    build = time.perf_counter() - t0
    t, sc = timed(score_matchpoints, session, repeat=3)
    t_x, _ = timed(lambda s: score_imp_pairs(s, "ximp"), session, repeat=3)
    t_b, _ = timed(lambda s: score_imp_pairs(s, "butler"), session, repeat=3)
    assert len(sc.pairs) == 2 * tables and sc.pairs[0].place.startswith("1")
    print(f"\n{tables:,}-table {boards}-board Mitchell ({len(results):,} results, "
          f"{2 * tables:,} pairs)")
    print(f"  building and validating the session: {build:.2f}s (not part of scoring)")
    print(f"  matchpoints, Neuberg, percentages, ranked: {t:.3f}s   (target ≤ 1 s)")
    print(f"  cross-IMPs, ranked:                        {t_x:.3f}s")
    print(f"  Butler, ranked:                            {t_b:.3f}s")


if __name__ == "__main__":
    per_board()
    mitchell()
