"""Issue 21's worlds (benchmarks/rating_worlds.py): the pure parts — the groups' means, the
round's tables, the pool's runs of boards, the least squares baseline against a dense solve —
and one tiny world end to end."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import rating_worlds as rw  # noqa: E402
from rating_simulation import WeekData  # noqa: E402

from bridgescore.ratings import WeekResults  # noqa: E402
from bridgescore.scoring.datum import butler_datum  # noqa: E402
from bridgescore.scoring.imps import get_imp_scale  # noqa: E402
from bridgescore.sessions.imp_pairs import ImpSettings  # noqa: E402


def test_group_means_have_the_stated_spread() -> None:
    for spec in rw.WORLDS.values():
        m = rw.group_means(spec)
        assert len(m) == spec.groups
        assert abs(float(m.mean())) < 1e-12
        assert abs(float(m.std()) - spec.group_sd) < 1e-12


def test_runs_of_boards_are_6_to_40_tables() -> None:
    rng = np.random.default_rng(1)
    for n in (6, 7, 50, 333):
        first, nxt = rw.serve_boards(rng, n, 3, 1)
        _, counts = np.unique(first, return_counts=True)
        assert counts.sum() == n and counts.min() >= 6 and counts.max() <= 45
        assert nxt == 1 + 3 * len(counts)


def test_a_round_seats_each_pair_once_and_choosers_pick_weak() -> None:
    rng = np.random.default_rng(2)
    skill = np.arange(40, dtype=float)  # player i has skill i
    groups = [[(i, i + 1) for i in range(0, 20, 2)], [(i, i + 1) for i in range(20, 40, 2)]]
    chooser = (38, 39)
    for mix in (0.0, 0.3, 1.0):
        for _ in range(20):
            tables = rw.round_tables(rng, groups, mix, {chooser}, skill)
            seated = [pq for t in tables for pq in t]
            assert len(seated) == len(set(seated)) >= 18
            mine = [t for t in tables if chooser in t]
            assert len(mine) == 1
            other = mine[0][1] if mine[0][0] == chooser else mine[0][0]
            if mix == 0.0:
                assert other in [(20, 21), (22, 23), (24, 25)]  # the group's weakest third
                assert all((a[0] < 20) == (b[0] < 20) for a, b in tables)


def _week(rng: np.random.Generator, players: int, boards: int) -> WeekData:
    rows, keys = [], []
    for b in range(boards):
        for _ in range(6):
            rows.append(rng.choice(players, 4, replace=False))
            keys.append(b + 1)
    res = WeekResults.of(board=keys, players=np.array(rows), ns_score=np.zeros(len(keys), int))
    imps = rng.integers(-8, 9, len(keys))
    return WeekData(res, imps, np.ones(len(keys), bool))


def test_least_squares_is_the_dense_solution() -> None:
    rng = np.random.default_rng(3)
    n = 12
    weeks = [_week(rng, n, 10) for _ in range(3)]
    ls = rw.LeastSquaresCG(n, rw.LsqSettings(ridge=0.5, fade=0.8))
    for wk in weeks:
        ls.update(wk)
    # Dense: rows x with x·s = D − D̄, weights fade^age, ridge.
    gram = 0.5 * np.eye(n)
    rhs = np.zeros(n)
    for age, wk in enumerate(reversed(weeks)):
        w = 0.8 ** age
        a = np.zeros((len(wk.rated_imps), n))
        for seat, sign in enumerate((0.5, -0.5, 0.5, -0.5)):
            np.add.at(a, (np.arange(len(a)), wk.rated_players[:, seat]), sign)
        centre = np.eye(len(a)) - (wk.board_index[:, None] == wk.board_index[None, :]) / \
            wk.board_count[wk.board_index][:, None]
        x = centre @ a
        gram += w * x.T @ x
        rhs += w * x.T @ wk.rated_imps
    assert np.allclose(ls.values(), np.linalg.solve(gram, rhs), atol=1e-6)


def test_a_tiny_world_runs_and_measures() -> None:
    spec = replace(rw.WORLDS["default"], players=96, groups=4, weeks=6, newcomers=2,
                   choosers=2, boards=12)
    world = rw.build(spec, 5)
    again = rw.build(spec, 5)
    assert all(a.results == b.results for a, b in zip(world.weeks, again.weeks, strict=True))
    res = rw.simulate(spec, [5], log=lambda _: None)
    for name in ("old", "ngs", "mean", "lsq"):
        assert -1.0 <= res["table"][name]["rho"]["mean"] <= 1.0
    assert res["table"]["truth"]["rmse"]["mean"] > 0


def test_the_imps_are_the_pools() -> None:
    """A world's IMPs against the trimmed-mean datum, worked again with the pool's scalar
    functions; a board of fewer than 6 results is not rated."""
    spec = replace(rw.WORLDS["default"], players=120, groups=3, weeks=2, newcomers=0,
                   choosers=1, boards=6)
    st = ImpSettings()
    scale = get_imp_scale(st.imp_scale)
    for week in rw.build(spec, 9).weeks:
        board = week.board.tolist()
        score = week.results.ns_score.tolist()
        for i, (b, s) in enumerate(zip(board, score, strict=True)):
            same = [x for k, x in zip(board, score, strict=True) if k == b]
            assert week.rated[i] == (len(same) >= 6)
            datum = butler_datum(same, st.drop, st.datum_round, st.rounding)
            assert week.imps[i] == scale.imps(int(s - datum))


def test_targets_say_by_how_much() -> None:
    def row(rho: float, rmse: float, weeks: float = 2.0, gain: float = 0.0
            ) -> dict[str, dict[str, float]]:
        return {"rho": {"mean": rho, "sd": 0.0}, "rmse": {"mean": rmse, "sd": 0.0},
                "newcomer_weeks": {"mean": weeks, "sd": 0.0},
                "choose_gain": {"mean": gain, "sd": 0.0}}

    table = {"lsq": row(0.97, 33.0), "ngs": row(0.85, 34.0), "mean": row(0.7, 35.0),
             "new": row(0.96, 33.2, weeks=4.0, gain=0.01)}
    found = rw.targets(table, rw.WORLDS["default"])
    assert found is not None and not found["pass"]
    m = found["margins"]
    assert abs(m["rho_vs_ls"] + 0.005) < 1e-12 and abs(m["rho_0.95"] - 0.01) < 1e-12
    assert abs(m["rmse_vs_ls"] + 0.2) < 1e-9 and m["newcomer_3_weeks"] == -1.0
    assert [k for k, ok in found["checks"].items() if ok is False] == [
        "rho_vs_ls", "rmse_vs_ls", "newcomer_3_weeks"]
    assert rw.targets({k: v for k, v in table.items() if k != "new"},
                      rw.WORLDS["default"]) is None
