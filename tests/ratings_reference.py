"""The Rate written out densely, one observation at a time: the reference for
tests/test_ratings*.py and benchmarks/bench_ratings.py.

Written from docs/ratings.md's formulas, not from the vectorised code: dictionaries and
loops, the datum and IMPs by the pool's scalar functions (``butler_datum``, ``_imps``), the
matchpoints by Law 78A's definition (``matchpoints_pairwise``); the sum minimised by
Gauss–Newton steps (not the library's Newton steps and conjugate gradients), each one's
normal equations built as a dense matrix, one board at a time, and solved by
``numpy.linalg.solve``, halved until the sum falls."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from bridgescore.ratings import RateSettings
from bridgescore.scoring.datum import butler_datum
from bridgescore.scoring.datum import imps_of as _imps
from bridgescore.scoring.imps import get_imp_scale
from bridgescore.sessions.matchpoints import matchpoints_pairwise

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


# A group of observations: one board's results, or one disconnection.  Each result has
# {player: coefficient} (the derivative of its u = D − D̄ in each player's Rate) and a target
# (its y, less the board's mean with field_adjust); the group's weight; whether its
# expectation is the board's saturating one (``K·tanh(u/K)`` less its board mean) or, for a
# disconnection, the Rate itself.
Obs = tuple[list[dict[int, float]], list[float], float, bool]


def observations(rows: Sequence[Row], st: RateSettings, w: float) -> list[Obs]:
    """A week's observations of weight ``w``: each rated board's results where nobody
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
                    out.append(([{r[1][seat]: 1.0}], [st.disconnect_rate], w / 4, False))
        if len(results) < st.min_results:
            continue
        pcts = board_pcts([r[2] for r in results], st)
        kept = [(r, pct) for r, pct in zip(results, pcts, strict=True) if not any(r[3])]
        if not kept:
            continue
        n = len(kept)
        y_mean = sum(p - 50 for _, p in kept) / n if st.field_adjust else 0.0
        coefs, targets = [], []
        for r, pct in kept:
            coef: dict[int, float] = {}
            for seat in range(4):
                coef[r[1][seat]] = coef.get(r[1][seat], 0.0) + SIGN[seat]
            if st.field_adjust:
                for r2, _ in kept:
                    for seat in range(4):
                        coef[r2[1][seat]] = coef.get(r2[1][seat], 0.0) - SIGN[seat] / n
            coefs.append(coef)
            targets.append(pct - 50 - y_mean)
        out.append((coefs, targets, w, True))
    return out


def expectation(ob: Obs, rates: dict[int, float], st: RateSettings
                ) -> tuple[list[float], list[dict[int, float]]]:
    """The group's expected values at ``rates`` and each one's derivatives in the Rates
    (docs/ratings.md "The model"): e_i = g(u_i) − mean_j g(u_j) (no mean without
    field_adjust), g(u) = K·tanh(u/K) (u when K is 0), so
    ∂e_i = g′(u_i)·∂u_i − mean_j g′(u_j)·∂u_j."""
    coefs, _targets, _w, board = ob
    u = [sum(c * rates[p] for p, c in coef.items()) for coef in coefs]
    if not board:
        return u, [dict(coef) for coef in coefs]
    k = st.saturation
    if k:
        g = [k * math.tanh(x / k) for x in u]
        slope = [1 - math.tanh(x / k) ** 2 for x in u]
    else:  # linear
        g, slope = list(u), [1.0] * len(u)
    n = len(u)
    if st.field_adjust:
        g_mean = sum(g) / n
        e = [x - g_mean for x in g]
        mean_grad: dict[int, float] = {}
        for coef, s in zip(coefs, slope, strict=True):
            for p, c in coef.items():
                mean_grad[p] = mean_grad.get(p, 0.0) + s * c / n
    else:
        e, mean_grad = g, {}
    grads = []
    for coef, s in zip(coefs, slope, strict=True):
        grad = {p: -v for p, v in mean_grad.items()}
        for p, c in coef.items():
            grad[p] = grad.get(p, 0.0) + s * c
        grads.append(grad)
    return e, grads


def objective(obs: list[Obs], prior: dict[int, tuple[float, float]], rates: dict[int, float],
              st: RateSettings) -> float:
    total = sum(lam / 4 * (rates[p] - a) ** 2 for p, (a, lam) in prior.items())
    for ob in obs:
        e, _ = expectation(ob, rates, st)
        total += ob[2] * sum((t - x) ** 2 for t, x in zip(ob[1], e, strict=True))
    return total


def _bend_matrix(ob: Obs, rates: dict[int, float], st: RateSettings, at: dict[int, int],
                 m: int) -> list[np.ndarray]:
    """Each result's second derivatives of its expectation in the Rates (dense m × m):
    g″(u_i)·∂u_i∂u_iᵀ − mean_j g″(u_j)·∂u_j∂u_jᵀ (no mean without field_adjust), with
    g″(u) = −(2/K)·tanh(u/K)·(1 − tanh²(u/K)); zeros when linear."""
    coefs = ob[0]
    out = [np.zeros((m, m)) for _ in coefs]
    k = st.saturation
    if not ob[3] or not k:
        return out
    outers, bends = [], []
    for coef in coefs:
        v = np.zeros(m)
        for p, c in coef.items():
            v[at[p]] += c
        u = sum(c * rates[p] for p, c in coef.items())
        t = math.tanh(u / k)
        bends.append(-2 / k * t * (1 - t * t))
        outers.append(np.outer(v, v))
    n = len(coefs)
    mean = sum(b * o for b, o in zip(bends, outers, strict=True)) / n \
        if st.field_adjust else np.zeros((m, m))
    return [b * o - mean for b, o in zip(bends, outers, strict=True)]


def solve(obs: list[Obs], prior: dict[int, tuple[float, float]], start: dict[int, float],
          st: RateSettings) -> dict[int, float]:
    """The minimum of Σ w·(t − e(R))² + Σ (λ/4)·(R − A)² over the players of ``obs``
    (``prior``: each one's (A, λ)) nearest ``start``: Newton's steps with the dense matrix of
    second derivatives (``numpy.linalg.solve``); where one does not lower the sum,
    Gauss–Newton's, halved until it does (while larger than 1e-6); until no Rate moves by
    more than 1e-13."""
    players = sorted({p for coefs, _, _, _ in obs for coef in coefs for p in coef})
    at = {p: i for i, p in enumerate(players)}
    m = len(players)
    rates = {p: start[p] for p in players}
    used = {p: prior[p] for p in players}
    for _ in range(500):
        h = np.zeros((m, m))
        bend = np.zeros((m, m))
        g = np.zeros(m)
        for ob in obs:
            e, grads = expectation(ob, rates, st)
            hess = _bend_matrix(ob, rates, st, at, m)
            for t, x, grad, hh in zip(ob[1], e, grads, hess, strict=True):
                v = np.zeros(m)
                for p, c in grad.items():
                    v[at[p]] += c
                h += ob[2] * np.outer(v, v)
                bend -= ob[2] * (t - x) * hh
                g += ob[2] * (t - x) * v
        for p in players:
            a, lam = used[p]
            h[at[p], at[p]] += lam / 4
            g[at[p]] += lam / 4 * (a - rates[p])
        before = objective(obs, used, rates, st)
        step = np.linalg.solve(h + bend, g) if m else np.zeros(0)
        trial = {p: rates[p] + float(step[at[p]]) for p in players}
        small = float(np.max(np.abs(step), initial=0.0)) <= 1e-6
        if not small and not objective(obs, used, trial, st) <= before:
            step = np.linalg.solve(h, g)
            for _half in range(60):
                trial = {p: rates[p] + float(step[at[p]]) for p in players}
                # Near the minimum the sum is flat to its last digits: small steps are
                # taken as they are.
                if float(np.max(np.abs(step), initial=0.0)) <= 1e-6 or \
                        objective(obs, used, trial, st) <= before:
                    break
                step = step / 2
        rates = trial
        if float(np.max(np.abs(step), initial=0.0)) <= 1e-13:
            break
    return rates


def one_player(obs: list[Obs], rates: dict[int, float], st: RateSettings
               ) -> tuple[dict[int, float], dict[int, float]]:
    """Per player: Σ w·(∂e/∂R)·r and Σ w·(∂e/∂R)² over ``obs`` (r: the residual at
    ``rates``)."""
    num: dict[int, float] = {}
    den: dict[int, float] = {}
    for ob in obs:
        e, grads = expectation(ob, rates, st)
        for t, x, grad in zip(ob[1], e, grads, strict=True):
            for p, c in grad.items():
                num[p] = num.get(p, 0.0) + ob[2] * c * (t - x)
                den[p] = den.get(p, 0.0) + ob[2] * c * c
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
                     for coefs, _, _, _ in obs for c in coefs for p in c}
            num, den = one_player(obs, rates, st)
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
        fitted = solve(obs, anchors, {p: stand[p].rate if p in stand else st.start_rate
                                      for p in anchors}, st)
        new: dict[int, Standing] = {}
        for p, (a, lam) in anchors.items():
            old = stand.get(p)
            new[p] = Standing(fitted.get(p, a), lam + held.get(p, 0.0),
                              old.boards if old else 0, a, lam)
        # This week's boards and week Rates.
        this = observations(weeks[t], st, 1.0)
        num, den = one_player(this, {p: new[p].rate for coefs, _, _, _ in this
                                     for c in coefs for p in c}, st)
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
