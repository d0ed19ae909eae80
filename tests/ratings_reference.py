"""The Rate, one result at a time in plain Python: the reference for tests/test_ratings*.py
and benchmarks/bench_ratings.py.

Written from docs/ratings.md's formulas, not from the vectorised code: dictionaries and
loops, the datum and IMPs by the pool's scalar functions (``butler_datum``, ``_imps``), the
matchpoints by Law 78A's definition (``matchpoints_pairwise``), sums by ``math.fsum``.  The
player's Rate on a board is written in its first form, ``R + 2·(pct − expected)``, where the
library writes the expanded ``2·(pct − 50) + opponents − partner + 2·D̄``: the two agree to
rounding, which is what the tests allow (1e-9)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from bridgescore.events.imp_pairs import _imps, butler_datum
from bridgescore.events.matchpoints import matchpoints_pairwise
from bridgescore.imps import get_imp_scale
from bridgescore.ratings import RateSettings

Row = tuple[int, tuple[int, int, int, int], int, tuple[bool, bool, bool, bool]]


@dataclass
class Standing:
    rate: float
    weight: float
    boards: int


def board_pcts(scores: Sequence[int], st: RateSettings) -> list[float]:
    """Each result's NS percentage on its board."""
    if st.scoring == "mp":
        if len(scores) == 1:
            return [50.0]
        top = 2 * (len(scores) - 1)
        return [100 * mp / top for mp in matchpoints_pairwise(list(scores))]
    pool = st.pool
    datum = butler_datum(list(scores), pool.drop, pool.datum_round, pool.rounding)
    scale = get_imp_scale(pool.imp_scale)
    return [50 + 50 * math.tanh(_imps(scale, s - datum) / st.imp_scale) for s in scores]


def reference_week(prior: dict[int, Standing], rows: Sequence[Row], st: RateSettings
                   ) -> tuple[dict[int, Standing], dict[int, tuple[int, float]]]:
    """The new standings (everybody of ``prior`` and of the week) and, for each player with a
    rated board, ``(boards, week rate)``."""
    by_board: dict[int, list[Row]] = {}
    for row in rows:
        by_board.setdefault(row[0], []).append(row)
    everyone = set(prior) | {p for row in rows for p in row[1]}
    old = {p: prior[p].rate if p in prior else st.start_rate for p in everyone}
    weight = {p: min(prior[p].weight, st.max_weight) * st.fade if p in prior else st.start_weight
              for p in everyone}
    current = dict(old)
    week: dict[int, tuple[int, float]] = {}
    for _ in range(st.passes):
        board_rates: dict[int, list[float]] = {p: [] for p in everyone}
        for results in by_board.values():
            rated = len(results) >= st.min_results
            if not rated:
                for _, players, _, zero in results:
                    for p, z in zip(players, zero, strict=True):
                        if z:
                            board_rates[p].append(st.disconnect_rate)
                continue
            pcts = board_pcts([r[2] for r in results], st)
            diffs = []
            for _, (n, e, s, w), _, _ in results:
                ns_level = (current[n] + current[s]) / 2
                ew_level = (current[e] + current[w]) / 2
                diffs.append(ns_level - ew_level)
            field = math.fsum(diffs) / len(diffs) if st.field_adjust else 0.0
            for (_, players, _, zero), pct_ns, d in zip(results, pcts, diffs, strict=True):
                expected_ns = 50 + d - field
                for seat, p in enumerate(players):
                    if zero[seat]:
                        board_rates[p].append(st.disconnect_rate)
                    elif seat in (0, 2):
                        board_rates[p].append(current[p] + 2 * (pct_ns - expected_ns))
                    else:
                        board_rates[p].append(current[p] + 2 * ((100 - pct_ns)
                                                                - (100 - expected_ns)))
        week = {p: (len(rs), math.fsum(rs) / len(rs)) for p, rs in board_rates.items() if rs}
        current = {p: (weight[p] * old[p] + week[p][0] * week[p][1]) / (weight[p] + week[p][0])
                   if p in week else old[p] for p in everyone}
    new = {p: Standing(current[p], weight[p] + (week[p][0] if p in week else 0),
                       (prior[p].boards if p in prior else 0) + (week[p][0] if p in week else 0))
           for p in everyone}
    return new, week
