"""A method's own prediction (benchmarks/rating_worlds.py's ``feature``; the saturating
``LinkFit``'s and ``rating_link_predict``'s): the feature is the expectation it states, and a
method without one is predicted exactly as before."""

from __future__ import annotations

import math
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests"))

import rating_link_predict as predict  # noqa: E402
import rating_link_study as study  # noqa: E402
import rating_simulation as rs  # noqa: E402
import rating_worlds as rw  # noqa: E402

from ratings.test_worlds import _week  # noqa: E402


def _fitted(link: float, own: bool) -> tuple[study.LinkFit, list[rs.WeekData]]:
    rng = np.random.default_rng(7)
    weeks = [_week(rng, 12, 10) for _ in range(3)]
    fit = study.LinkFit(12, link=link, own_prediction=own)
    for wk in weeks[:2]:
        fit.update(wk)
    return fit, weeks


def test_the_own_feature_is_the_saturating_expectation() -> None:
    fit, weeks = _fitted(10.0, True)
    wk = weeks[2]
    assert fit.feature is not None
    got = fit.feature(wk.rated_players, wk.board_index)
    x = fit.values() - 50.0
    for board in np.unique(wk.board_index):
        at = wk.board_index == board
        d = np.array([(x[a] + x[c] - x[b] - x[e]) / 2 for a, b, c, e in wk.rated_players[at]])
        g = 10.0 * np.tanh((d - d.mean()) / 10.0)
        assert np.allclose(got[at], g - g.mean(), atol=1e-12)
    # A K far beyond the differences: the linear D − D̄ of every other method.
    far = study.LinkFit(12, link=1e6, own_prediction=True)
    far.rate = fit.rate
    assert far.feature is not None
    assert np.allclose(far.feature(wk.rated_players, wk.board_index),
                       rs.table_difference(wk, fit.values()), atol=1e-9)


def test_no_feature_unless_asked_and_saturating() -> None:
    assert study.LinkFit(4).feature is None
    assert study.LinkFit(4, link=30.0).feature is None
    assert study.LinkFit(4, own_prediction=True).feature is None
    assert study.LinkFit(4, link=30.0, own_prediction=True).feature is not None


def test_run_keeps_the_linear_error_beside_the_own() -> None:
    spec = replace(rw.WORLDS["default"], players=96, groups=4, weeks=6, newcomers=2,
                   choosers=2, boards=12)
    world = rw.build(spec, 5)
    plain = rw.run(world, study.LinkFit(world.players, link=20.0))
    own = rw.run(world, study.LinkFit(world.players, link=20.0, own_prediction=True))
    assert math.isnan(plain.sq_error_linear)
    # The same fit: its linear error is the one the plain run measured, to the last digit.
    assert own.sq_error_linear == plain.sq_error
    assert np.array_equal(own.final, plain.final)
    assert own.sq_error != plain.sq_error
    found = rw.measures(world, {"mean": rw.run(world, rs.MeanImps(world.players)),
                                "plain": plain, "own": own})
    assert "rmse_linear" not in found["plain"] and "rmse_linear" not in found["mean"]
    assert found["own"]["rmse_linear"] == found["plain"]["rmse"]


def test_configs_parse() -> None:
    assert predict.parse_config("lin") == predict.Config("lin")
    assert predict.parse_config("lin,predict=30").predict == 30.0
    c = predict.parse_config("K30,prior=8,fade=0.98")
    assert (c.link, c.prior, c.fade) == (30.0, 8.0, 0.98)
