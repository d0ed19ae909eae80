"""The rating simulation (benchmarks/rating_simulation.py): its world is what docs/ratings.md
says it is, its measures and baselines are right on hand-worked cases, and on the quick size
the Rate beats the plain mean of IMPs and the NGS-style grade on every report seed.

The quick run is the script run as a script (``--quick --json --svg``); the other checks import
it.  Expected values are worked by hand here, or computed again by other code of the library
(the pool's scalar datum ``butler_datum`` and the WBF IMP scale; Law 77's possible scores)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from bridgescore.core.board import Board
from bridgescore.core.law77 import score
from bridgescore.ratings import WeekResults
from bridgescore.scoring.datum import butler_datum
from bridgescore.scoring.imps import get_imp_scale
from bridgescore.sessions.imp_pairs import ImpSettings
from bridgescore.sessions.model import possible_ns_scores

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import rating_simulation as rs  # noqa: E402

SMALL = replace(rs.QUICK, weeks=6, members=60)


@pytest.fixture(scope="module")
def world() -> rs.World:
    return rs.build_world(SMALL, 7)


def test_a_world_is_its_seed(world: rs.World) -> None:
    again = rs.build_world(SMALL, 7)
    other = rs.build_world(SMALL, 8)
    for a, b in zip(world.weeks, again.weeks, strict=True):
        assert a.results == b.results
        assert np.array_equal(a.imps, b.imps)
    assert not all(len(a.results) == len(b.results) and a.results == b.results
                   for a, b in zip(world.weeks, other.weeks, strict=True))


def test_tables_and_boards(world: rs.World) -> None:
    for t, week in enumerate(world.weeks):
        players = week.players
        # Four different players at a table; a player plays a board once.
        assert all(len(set(row)) == 4 for row in players.tolist())
        seen = {(b, p) for b, row in zip(week.board.tolist(), players.tolist(), strict=True)
                for p in row}
        assert len(seen) == 4 * len(week.board)
        # Every player at a table is a member that week (the studied pair included).
        assert world.member[t][players].all()
        keys, counts = np.unique(week.board, return_counts=True)
        assert counts.max() <= 40
        # Rated exactly when the board has at least 6 results.
        per_row = dict(zip(keys.tolist(), counts.tolist(), strict=True))
        assert week.rated.tolist() == [per_row[b] >= 6 for b in week.board.tolist()]
    counts = world.pool_counts
    assert counts.max() <= 40 and (counts >= 6).mean() > 0.9


def test_scores_are_bridge_scores_at_the_boards_vulnerability(world: rs.World) -> None:
    for t, week in enumerate(world.weeks):
        for key, ns in zip(week.board.tolist(), week.results.ns_score.tolist(), strict=True):
            number = (key - 10_000 * t - 1) % 32 + 1
            assert ns in possible_ns_scores(Board(number).vulnerability)


def test_the_imps_are_the_pools(world: rs.World) -> None:
    """Each rated result's IMPs against the trimmed-mean datum of its board's results, worked
    again with the pool's scalar functions."""
    st = ImpSettings()
    scale = get_imp_scale(st.imp_scale)
    for week in world.weeks[:3]:
        board = week.board.tolist()
        score = week.results.ns_score.tolist()
        for i, (b, s) in enumerate(zip(board, score, strict=True)):
            if not week.rated[i]:
                continue
            datum = butler_datum([x for k, x in zip(board, score, strict=True) if k == b],
                                 st.drop, st.datum_round, st.rounding)
            assert week.imps[i] == scale.imps(int(s - datum))


def test_score_distributions_look_like_bridge() -> None:
    """Many boards: part-scores, games made and down, slams, doubled penalties all occur,
    in plausible shares; the tricks' chances sum to 1."""
    rng = np.random.default_rng(3)
    kinds: dict[str, int] = {}
    scores: list[int] = []
    for n in range(1, 801):
        bm = rs.board_model(rng, n)
        kinds[bm.kind] = kinds.get(bm.kind, 0) + 1
        values, cdf = bm.distribution()
        assert cdf[-1] == 1.0 and np.all(np.diff(cdf) > 0)
        scores += values[np.searchsorted(cdf, rng.random(20))].tolist()
    assert set(kinds) == {"part-score", "game", "slam", "competitive"}
    assert 0.35 < kinds["part-score"] / 800 < 0.5 and 0.05 < kinds["slam"] / 800 < 0.15
    a = np.abs(np.array(scores))
    assert ((a >= 70) & (a <= 200)).mean() > 0.2  # part-scores made
    assert np.isin(a, [400, 420, 430, 460, 600, 620, 630, 660]).mean() > 0.1  # games made
    slams = {score(f"{level}{strain}", k, vul) for level in (6, 7)
             for strain in ("C", "D", "H", "S", "NT") for k in range(level + 6, 14)
             for vul in (False, True)}
    assert np.isin(a, sorted(slams)).mean() > 0.02  # slams made
    assert np.isin(a, [300, 500, 800, 1100, 1400]).mean() > 0.005  # doubled sets
    for e in (0.0, 8.3, 13.4):
        assert abs(rs._tricks(e).sum() - 1.0) < 1e-12
    assert abs(rs._tricks(9.0)[9] - 0.3829) < 1e-3  # P(|N(0, 1)| < 0.5)


def test_skill_moves_a_tables_score() -> None:
    """The quantile model: a better NS pair scores more on average, a 0 difference follows the
    field's distribution."""
    keys = np.arange(1, 201)
    board = np.repeat(keys, 200)
    for model in rs.MODELS.values():
        low = rs.table_scores(np.random.default_rng(5), model, keys, board,
                              np.full(board.size, -1.0), 0)
        high = rs.table_scores(np.random.default_rng(5), model, keys, board,
                               np.full(board.size, 1.0), 0)
        assert high.mean() > low.mean() + 20


def test_the_newcomer_and_the_studied_pair(world: rs.World) -> None:
    k = world.newcomer
    assert world.skill[SMALL.weeks // 2][k] == rs.STRONG_SKILL
    assert not world.member[SMALL.weeks // 2 - 1][k] and world.member[SMALL.weeks // 2][k]
    a, b = world.pair
    assert world.skill[-1][a] == world.skill[-1][b] == rs.Special(0).pair_skill
    weak = rs.build_world(SMALL, 7, rs.Special(SMALL.weeks // 2, weak_only="skill"))
    assert rs.pair_exposure(weak)[0] < rs.pair_exposure(world)[0] - 0.4


def test_spearman_by_hand() -> None:
    assert rs.ranks(np.array([10.0, 20.0, 20.0, 30.0])).tolist() == [1.0, 2.5, 2.5, 4.0]
    x = np.arange(1.0, 6.0)
    assert rs.spearman(x, x) == pytest.approx(1.0)
    assert rs.spearman(x, -x) == pytest.approx(-1.0)
    # ranks of y: 1, 2, 3.5, 5, 3.5; Σ dx·dy = 8, Σ dx² = 10, Σ dy² = 9.5
    y = np.array([5.0, 6.0, 7.0, 8.0, 7.0])
    assert rs.spearman(x, y) == pytest.approx(8 / math.sqrt(95))
    assert math.isnan(rs.spearman(x[:2], y[:2]))


def _week(imps: list[int]) -> rs.WeekData:
    """One board, a table per IMP figure: players 4t … 4t+3 at table t (N, E, S, W)."""
    n = len(imps)
    results = WeekResults.of(board=[1] * n, players=np.arange(4 * n).reshape(n, 4),
                             ns_score=[0] * n)
    return rs.WeekData(results, np.array(imps, np.int64), np.ones(n, bool))


def test_baselines_by_hand() -> None:
    week = _week([2, -1, 0, 0, 0, -1])
    mean = rs.MeanImps(24)
    mean.update(week)
    v = mean.values()
    assert v[:8].tolist() == [2, -2, 2, -2, -1, 1, -1, 1]
    ngs = rs.NgsGrade(24, rs.NgsSettings(pct_per_imp=6.48, decay=rs.INF, window=rs.INF,
                                         start_weight=10))
    ngs.update(week)
    g = ngs.values()
    # North at table 1: actual 50 + 6.48·2 = 62.96 %, expected 50 %: the session grade is
    # 62.96, blended with the start's 10 boards: 50 + 12.96/11.
    assert g[0] == pytest.approx(50 + 12.96 / 11)
    assert g[1] == pytest.approx(50 - 12.96 / 11)
    # A second week: North and South (now 51.178 each) meet the same East and West (48.822
    # each) again: expected 50 + 51.178 − 48.822 = 52.356 %, actual 50 % (0 IMPs); North's
    # weight is 11 boards now, so it moves 1/12 of the 2.356 down.
    second = rs.WeekData(WeekResults.of(board=[2] * 6,
                                        players=[[0, 1, 2, 3]] + [[100 + 4 * i + j for j in
                                                                   range(4)] for i in range(5)],
                                        ns_score=[0] * 6), np.zeros(6, np.int64),
                         np.ones(6, bool))
    ngs2 = rs.NgsGrade(200, rs.NgsSettings(decay=rs.INF, window=rs.INF, start_weight=10))
    ngs2.update(_week([2, -1, 0, 0, 0, -1]))
    ngs2.update(second)
    up = 12.96 / 11
    assert ngs2.values()[0] == pytest.approx(50 + up - 2 * up / 12)


def test_least_squares_normal_equations(world: rs.World) -> None:
    """XᵀX and Xᵀy built seat by seat equal the dense design's, rows centred on the board."""
    week = world.weeks[1]
    p = week.rated_players
    x = np.zeros((len(p), world.players))
    for seat, sign in enumerate(rs.SIGNS):
        np.add.at(x, (np.arange(len(p)), p[:, seat]), sign)
    sums = np.zeros((week.board_count.size, world.players))
    np.add.at(sums, week.board_index, x)
    x -= (sums / week.board_count[:, None])[week.board_index]
    gram, rhs = rs.normal_equations(week, world.players)
    assert np.allclose(gram, x.T @ x, atol=1e-9)
    assert np.allclose(rhs, x.T @ week.rated_imps, atol=1e-9)


def test_quick_run(tmp_path: Path) -> None:
    """The script at the quick size: its figures, its pictures, and the Rate ahead of the
    plain mean of IMPs and of the NGS-style grade on every report seed, both in ranking
    (Spearman ρ averaged over the weeks) and in predicting next week's IMPs (MSE).  (Seen to
    hold on every report seed of six seed groups — 1, 10, 20, 30, 40, 1000 — before being
    asserted here.)"""
    out_json = tmp_path / "out.json"
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "rating_simulation.py"),
                           "--quick", "--seed", "1000", "--json", str(out_json),
                           "--svg", str(tmp_path)], capture_output=True, text=True,
                          timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    assert "Rate" in done.stdout and "(b) NGS-style grade" in done.stdout
    out = json.loads(out_json.read_text())
    weeks = rs.QUICK.weeks
    assert out["report_seeds"] == [1001, 1002]
    assert all(len(v) == weeks for v in out["weekly_rho"].values())
    for name in ("mean", "ngs"):
        p = out["paired"][name]
        assert p["rate_better_rho"] == p["seeds"] == 2, (name, p)
        assert p["rate_better_mse"] == 2, (name, p)
    table = out["table"]
    assert table["rate"]["mse"]["mean"] < table["rate"]["mse0"]["mean"]
    assert len(out["scatter"]["skill"]) == len(out["scatter"]["rate"]) > 50
    for name in ("rate_vs_skill", "spearman_by_week", "new_player", "weak_opponents"):
        root = ET.parse(tmp_path / f"{name}.svg").getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert root.find("{http://www.w3.org/2000/svg}title") is not None
