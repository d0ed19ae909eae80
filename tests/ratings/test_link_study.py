"""The saturating-expectation study (benchmarks/rating_link_study.py): its fit is the minimum
of the objective it states — the linear one against a dense solve, the saturating one by the
objective's gradient, taken by finite differences (no arithmetic of the study's)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests"))

import rating_link_study as study  # noqa: E402
from rating_simulation import WeekData  # noqa: E402

from ratings.test_worlds import _week  # noqa: E402


def _objective(weeks: list[WeekData], x: np.ndarray, link: float, prior: float, fade: float) -> float:
    """Σ w·(y − ȳ_b − g(u) + mean_b g(u))² + (prior/4)·|x|², summed the slow way."""
    total = prior / 4.0 * float(x @ x)
    for age, wk in enumerate(reversed(weeks)):
        w = fade ** age
        y = 50.0 * np.tanh(wk.rated_imps / 20.0)
        p = wk.rated_players
        d = np.array([(x[a] + x[c] - x[b] - x[e]) / 2.0 for a, b, c, e in p])
        for board in np.unique(wk.board_index):
            at = wk.board_index == board
            u = d[at] - d[at].mean()
            g = link * np.tanh(u / link) if link else u
            r = (y[at] - y[at].mean()) - (g - g.mean())
            total += w * float(r @ r)
    return total


def _gradient(weeks: list[WeekData], x: np.ndarray, link: float) -> np.ndarray:
    h = 1e-5
    out = np.zeros(x.size)
    for i in range(x.size):
        e = np.zeros(x.size)
        e[i] = h
        out[i] = (_objective(weeks, x + e, link, 4.0, 0.97)
                  - _objective(weeks, x - e, link, 4.0, 0.97)) / (2 * h)
    return out


def test_the_linear_fit_is_the_dense_solution() -> None:
    rng = np.random.default_rng(4)
    n = 12
    weeks = [_week(rng, n, 10) for _ in range(3)]
    fit = study.LinkFit(n)
    for wk in weeks:
        fit.update(wk)
    gram = np.eye(n)  # the prior: 4 boards, ¼ each
    rhs = np.zeros(n)
    for age, wk in enumerate(reversed(weeks)):
        w = 0.97 ** age
        a = np.zeros((len(wk.rated_imps), n))
        for seat, sign in enumerate((0.5, -0.5, 0.5, -0.5)):
            np.add.at(a, (np.arange(len(a)), wk.rated_players[:, seat]), sign)
        centre = np.eye(len(a)) - (wk.board_index[:, None] == wk.board_index[None, :]) / \
            wk.board_count[wk.board_index][:, None]
        x = centre @ a
        gram += w * x.T @ x
        rhs += w * x.T @ (50.0 * np.tanh(wk.rated_imps / 20.0))
    assert np.allclose(fit.values() - 50.0, np.linalg.solve(gram, rhs), atol=1e-6)
    assert np.max(np.abs(_gradient(weeks, fit.values() - 50.0, 0.0))) < 1e-4


def test_the_saturating_fit_is_a_minimum() -> None:
    rng = np.random.default_rng(5)
    n = 12
    weeks = [_week(rng, n, 10) for _ in range(3)]
    fit = study.LinkFit(n, link=10.0, steps=30)
    for wk in weeks:
        fit.update(wk)
    x = fit.values() - 50.0
    assert np.max(np.abs(_gradient(weeks, x, 10.0))) < 1e-4
    # …and not the linear fit's: the saturation matters on these results.
    lin = study.LinkFit(n)
    for wk in weeks:
        lin.update(wk)
    assert np.max(np.abs(_gradient(weeks, lin.values() - 50.0, 10.0))) > 1e-2
