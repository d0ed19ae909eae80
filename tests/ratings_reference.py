"""The Rate written out densely, one observation at a time: the reference for
tests/test_ratings*.py and benchmarks/bench_ratings.py.

Written from docs/ratings.md's formulas, not from the vectorised code: dictionaries and
loops, the datum and IMPs by the pool's scalar functions (``butler_datum``, ``_imps``), the
matchpoints by Law 78A's definition (``matchpoints_pairwise``); the normal equations built as
a dense matrix, one observation (a row of coefficients, a target, a weight) at a time, and
solved by ``numpy.linalg.solve``."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from bridgescore.events.imp_pairs import _imps, butler_datum
from bridgescore.events.matchpoints import matchpoints_pairwise
from bridgescore.imps import get_imp_scale
from bridgescore.ratings import RateSettings

Row = tuple[int, tuple[int, int, int, int], int, tuple[bool, bool, bool, bool]]
SIGN = (0.5, -0.5, 0.5, -0.5)


@dataclass
class Standing:
    rate: float
    weight: float
    boards: int
    anchor: float | None = None  # the prior: None for the Rate and its weight
    anchor_weight: float | None = None


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


# An observation: {player: coefficient}, target, weight.
Obs = tuple[dict[int, float], float, float]


def observations(rows: Sequence[Row], st: RateSettings, w: float) -> list[Obs]:
    """A week's observations of weight ``w``: each result of a rated board where nobody
    disconnected, centred on its board's field; each disconnection, a Rate of
    ``disconnect_rate`` of weight w/4."""
    by_board: dict[int, list[Row]] = {}
    for row in rows:
        by_board.setdefault(row[0], []).append(row)
    out: list[Obs] = []
    for results in by_board.values():
        for r in results:
            for seat in range(4):
                if r[3][seat]:
                    out.append(({r[1][seat]: 1.0}, st.disconnect_rate, w / 4))
        if len(results) < st.min_results:
            continue
        pcts = board_pcts([r[2] for r in results], st)
        kept = [(r, pct) for r, pct in zip(results, pcts, strict=True) if not any(r[3])]
        if not kept:
            continue
        n = len(kept)
        y_mean = sum(p - 50 for _, p in kept) / n if st.field_adjust else 0.0
        for r, pct in kept:
            coef: dict[int, float] = {}
            for seat in range(4):
                coef[r[1][seat]] = coef.get(r[1][seat], 0.0) + SIGN[seat]
            if st.field_adjust:
                for r2, _ in kept:
                    for seat in range(4):
                        coef[r2[1][seat]] = coef.get(r2[1][seat], 0.0) - SIGN[seat] / n
            out.append((coef, pct - 50 - y_mean, w))
    return out


def solve(obs: list[Obs], prior: dict[int, tuple[float, float]]) -> dict[int, float]:
    """The minimum of Σ w·(t − c·R)² + Σ (λ/4)·(R − A)² over the players of ``obs``
    (``prior``: each one's (A, λ)): the dense normal equations, solved."""
    players = sorted({p for c, _, _ in obs for p in c})
    at = {p: i for i, p in enumerate(players)}
    m = len(players)
    h = np.zeros((m, m))
    g = np.zeros(m)
    for coef, t, w in obs:
        v = np.zeros(m)
        for p, c in coef.items():
            v[at[p]] += c
        h += w * np.outer(v, v)
        g += w * t * v
    for p in players:
        a, lam = prior[p]
        h[at[p], at[p]] += lam / 4
        g[at[p]] += lam / 4 * a
    x = np.linalg.solve(h, g) if m else np.zeros(0)
    return {p: float(x[at[p]]) for p in players}


def one_player(obs: list[Obs], rates: dict[int, float]) -> tuple[dict[int, float], dict[int, float]]:
    """Per player: Σ w·c·r and Σ w·c² over ``obs`` (r: the residual at ``rates``)."""
    num: dict[int, float] = {}
    den: dict[int, float] = {}
    for coef, t, w in obs:
        r = t - sum(c * rates[p] for p, c in coef.items())
        for p, c in coef.items():
            num[p] = num.get(p, 0.0) + w * c * r
            den[p] = den.get(p, 0.0) + w * c * c
    return num, den


def reference_weeks(weeks: Sequence[Sequence[Row]], st: RateSettings,
                    prior: dict[int, Standing] | None = None
                    ) -> tuple[dict[int, Standing], dict[int, tuple[int, float]]]:
    """The standings after ``weeks`` (in order, from ``prior``) and, for each player with a
    board counted in the last week, ``(boards, week rate)``.  The window: the last
    ``st.window`` weeks (``max_results`` not reached here)."""
    stand = dict(prior or {})
    week_out: dict[int, tuple[int, float]] = {}
    for t in range(len(weeks)):
        first = max(0, t - st.window + 1)
        leaving = max(0, t - st.window)  # the week that leaves now (if any): index t − window
        # The prior: anchors faded, the leaving week folded in.
        anchors = {p: (s.anchor if s.anchor is not None else s.rate,
                       (s.anchor_weight if s.anchor_weight is not None else s.weight) * st.fade)
                   for p, s in stand.items()}
        if t - st.window >= 0:
            obs = observations(weeks[leaving], st, st.fade ** st.window)
            rates = {p: stand[p].rate if p in stand else st.start_rate
                     for c, _, _ in obs for p in c}
            num, den = one_player(obs, rates)
            for p in num:
                if p in anchors and den[p] > 0:
                    a, lam = anchors[p]
                    q = lam / 4
                    anchors[p] = ((q * a + den[p] * rates[p] + num[p]) / (q + den[p]),
                                  lam + 4 * den[p])
        anchors = {p: (a, min(lam, st.max_weight)) for p, (a, lam) in anchors.items()}
        for row in weeks[t]:
            for p in row[1]:
                anchors.setdefault(p, (st.start_rate, st.start_weight))
        obs = []
        held: dict[int, float] = {}
        for k in range(first, t + 1):
            w = st.fade ** (t - k)
            obs += observations(weeks[k], st, w)
            for row in weeks[k]:
                counted = _counted(row, weeks[k], st)
                for seat, p in enumerate(row[1]):
                    if counted or row[3][seat]:
                        held[p] = held.get(p, 0.0) + w
        fitted = solve(obs, {p: anchors[p] for c, _, _ in obs for p in c})
        new: dict[int, Standing] = {}
        for p, (a, lam) in anchors.items():
            old = stand.get(p)
            new[p] = Standing(fitted.get(p, a), lam + held.get(p, 0.0),
                              old.boards if old else 0, a, lam)
        # This week's boards and week Rates.
        this = observations(weeks[t], st, 1.0)
        num, den = one_player(this, {p: new[p].rate for c, _, _ in this for p in c})
        played: dict[int, int] = {}
        for row in weeks[t]:
            counted = _counted(row, weeks[t], st)
            for seat, p in enumerate(row[1]):
                if counted or row[3][seat]:
                    played[p] = played.get(p, 0) + 1
        week_out = {}
        for p, n in played.items():
            new[p].boards += n
            week_out[p] = (n, new[p].rate + num[p] / den[p] if den.get(p, 0) > 0 else math.nan)
        stand = new
    return stand, week_out


def _counted(row: Row, week: Sequence[Row], st: RateSettings) -> bool:
    """A result the fit counts: its board is rated and nobody at the table disconnected."""
    return not any(row[3]) and sum(1 for r in week if r[0] == row[0]) >= st.min_results
