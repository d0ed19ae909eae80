"""The Rate (docs/ratings.md): ``rate_week`` against the dense reference (the normal
equations written out and solved by ``numpy.linalg.solve``, tests/ratings_reference.py) over
weeks running with their window; its invariants to the last digit (row order, player names, a
constant added to every score, the window rebuilt from the stored weeks); what a joint fit
does that the old Rate could not (a group's mean moves); the settings and values' checks and
round trips, the pieces of a week joined."""

from __future__ import annotations

import itertools
import json
import math
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ratings_reference import Row, reference_weeks
from ratings_strategies import (
    as_week,
    random_week,
    rate_settings,
    rows_of,
    standings_of,
    weeks,
)

from bridgescore.core.errors import BridgeError
from bridgescore.ratings import RateSettings, Ratings, WeekRating, WeekResults, Window, rate_week
from bridgescore.sessions.imp_pairs import ImpSettings

# Tight: the tests compare with a direct solve.
TIGHT = {"tolerance": 1e-10, "max_iterations": 5000}
SETTINGS = [
    RateSettings(**TIGHT),
    RateSettings(min_results=1, **TIGHT),
    RateSettings(min_results=2, scoring="mp", window=2, **TIGHT),
    RateSettings(min_results=3, field_adjust=False, disconnect_rate=5.0, window=1, **TIGHT),
    RateSettings(min_results=1, start_weight=5.0, fade=1.0, max_weight=30.0, imp_scale=4.0,
                 window=3, pool=ImpSettings(drop=1, rounding="even", datum_round=0), **TIGHT),
    RateSettings(min_results=2, fade=0.8, window=2,
                 pool=ImpSettings(drop=0.25, rounding="up", datum_round=50, imp_scale="wbf"),
                 **TIGHT),
    # The saturating expectation (issue 21).  (With a K far below the spread of the
    # percentages, 8 or 12, the sum has more than one minimum on such random weeks, and the
    # fit and the reference may each find a different one: checked apart, below.)
    RateSettings(saturation=30.0, **TIGHT),
    RateSettings(min_results=2, saturation=30.0, window=2, scoring="mp", **TIGHT),
    RateSettings(min_results=3, field_adjust=False, disconnect_rate=5.0, window=1,
                 saturation=30.0, **TIGHT),
    RateSettings(min_results=1, fade=0.8, window=2, saturation=60.0, start_weight=2.0,
                 **TIGHT),
]


def run(prior: Ratings, weeks_: list[WeekResults], st_: RateSettings) -> WeekRating:
    """The weeks closed in order, each with the last one's Rates and window."""
    window = None
    done = None
    for week in weeks_:
        done = rate_week(prior, week, st_, window)
        prior, window = done.ratings, done.window
    assert done is not None
    return done


def check_against_reference(prior: Ratings, weeks_: list[WeekResults], st_: RateSettings
                            ) -> WeekRating:
    got = run(prior, weeks_, st_)
    want, want_week = reference_weeks([rows_of(w) for w in weeks_], st_, standings_of(prior))
    r = got.ratings
    assert r.player.tolist() == sorted(want)
    for i, p in enumerate(r.player.tolist()):
        s = want[p]
        assert float(r.rate[i]) == pytest.approx(s.rate, rel=1e-9, abs=1e-7), p
        assert float(r.weight[i]) == pytest.approx(s.weight, rel=1e-12, abs=1e-9), p
        assert float(r.anchor[i]) == pytest.approx(s.anchor, rel=1e-9, abs=1e-7), p
        assert float(r.anchor_weight[i]) == pytest.approx(s.anchor_weight, rel=1e-12,
                                                          abs=1e-9), p
        assert int(r.boards[i]) == s.boards, p
    assert got.player.tolist() == sorted(want_week)
    for p, n, w in zip(got.player.tolist(), got.boards.tolist(), got.week_rate.tolist(),
                       strict=True):
        assert n == want_week[p][0]
        if math.isnan(want_week[p][1]):
            assert math.isnan(w)
        else:
            # (A saturated player's week Rate divides by a small weight: relative to it.)
            assert w == pytest.approx(want_week[p][1], rel=1e-6 if st_.saturation else 1e-9,
                                      abs=1e-6), p
    return got


@pytest.mark.parametrize("st_", SETTINGS, ids=range(len(SETTINGS)))
@pytest.mark.parametrize("seed", range(4))
def test_equals_the_dense_solve_on_seeded_weeks(seed: int, st_: RateSettings) -> None:
    prior, week = random_week(seed, players=40 + 10 * seed, boards=5 + 3 * seed)
    check_against_reference(prior, [week], st_)


@pytest.mark.parametrize("st_", SETTINGS, ids=range(len(SETTINGS)))
def test_weeks_running_with_the_window_equal_the_dense_solve(st_: RateSettings) -> None:
    """Five weeks in a row, players coming and going, the oldest weeks leaving the window
    and folded into the prior."""
    weeks_ = [random_week(100 + w, players=40, boards=10)[1] for w in range(5)]
    check_against_reference(Ratings.empty(), weeks_, st_)


@pytest.mark.parametrize("k", [8.0, 12.0])
@pytest.mark.parametrize("seed", range(4))
def test_a_hard_bend_still_ends_at_a_minimum(seed: int, k: float) -> None:
    """With K far below the spread of the percentages the sum may have several minima: the
    fit must still end where the sum's gradient (written out by the reference,
    ``one_player``) is zero, and no higher than the sum where it started."""
    from ratings_reference import objective, observations, one_player

    st_ = RateSettings(min_results=1, fade=0.8, saturation=k, start_weight=2.0, **TIGHT)
    prior, week = random_week(seed, players=40 + 10 * seed, boards=5 + 3 * seed)
    got = rate_week(prior, week, st_)
    rows = rows_of(week)
    stand = standings_of(prior)
    obs = observations(rows, st_, 1.0)
    anchors = {p: (s.rate if s.anchor is None else s.anchor,
                   (s.weight if s.anchor_weight is None else s.anchor_weight) * st_.fade)
               for p, s in stand.items()}
    for r in rows:
        for p in r[1]:
            anchors.setdefault(p, (st_.start_rate, st_.start_weight))
    players = sorted({p for coefs, _, _, _ in obs for c in coefs for p in c})
    fitted = {p: got.ratings.get(p)[0] for p in players}
    start = {p: stand[p].rate if p in stand else st_.start_rate for p in players}
    num, _den = one_player(obs, fitted, st_)
    for p in players:
        a, lam = anchors[p]
        assert abs(num.get(p, 0.0) - lam / 4 * (fitted[p] - a)) <= 1e-6, p
    used = {p: anchors[p] for p in players}
    assert objective(obs, used, fitted, st_) <= objective(obs, used, start, st_)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(weeks(), rate_settings())
def test_equals_the_dense_solve_on_random_weeks(pw: tuple[Ratings, WeekResults],
                                                st_: RateSettings) -> None:
    check_against_reference(pw[0], [pw[1]], st_)


def same(a: WeekRating, b: WeekRating) -> None:
    """Equal to the last digit (bitwise for floats)."""
    assert a.ratings == b.ratings
    assert np.array_equal(a.player, b.player) and np.array_equal(a.boards, b.boards)
    for name in ("rate", "weight", "anchor", "anchor_weight"):
        assert getattr(a.ratings, name).tobytes() == getattr(b.ratings, name).tobytes(), name
    assert a.week_rate.tobytes() == b.week_rate.tobytes()
    assert a.precision.tobytes() == b.precision.tobytes()
    assert a.iterations == b.iterations


def two_weeks(pw: tuple[Ratings, WeekResults], rnd: Any) -> list[WeekResults]:
    """The week, then the same week's tables in another order as a second week (the window
    holds both)."""
    week = pw[1]
    order = list(range(len(week)))
    rnd.shuffle(order)
    return [week, week.take(order)]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(weeks(max_results=12), rate_settings(), st.randoms(use_true_random=False))
def test_row_order_changes_nothing(pw: tuple[Ratings, WeekResults], st_: RateSettings,
                                   rnd: Any) -> None:
    prior = pw[0]
    weeks_ = two_weeks(pw, rnd)
    shuffled = []
    for w in weeks_:
        order = list(range(len(w)))
        rnd.shuffle(order)
        shuffled.append(w.take(order))
    same(run(prior, weeks_, st_), run(prior, shuffled, st_))


def relabel(prior: Ratings, week: WeekResults, mapping: dict[int, int]) -> tuple[Ratings, WeekResults]:
    f = np.vectorize(lambda x: mapping[int(x)], otypes=[np.int64])
    new_prior = Ratings.of(f(prior.player) if len(prior) else prior.player, prior.rate,
                           prior.weight, prior.boards, prior.anchor, prior.anchor_weight)
    players = f(week.players) if len(week) else week.players
    return new_prior, WeekResults(week.board, players, week.ns_score, week.rate_zero)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(weeks(), rate_settings(), st.randoms(use_true_random=False), st.booleans())
def test_renaming_players_changes_nothing(pw: tuple[Ratings, WeekResults], st_: RateSettings,
                                          rnd: Any, monotone: bool) -> None:
    prior, week = pw
    ids = sorted({*prior.player.tolist(), *week.players.reshape(-1).tolist()})
    if monotone:
        new_ids, at = [], rnd.randint(-(10**6), 10**6)
        for _ in ids:
            at += rnd.randint(1, 1000)
            new_ids.append(at)
    else:
        new_ids = rnd.sample(range(-(10**6), 10**6), len(ids))
    mapping = dict(zip(ids, new_ids, strict=True))
    weeks_ = two_weeks(pw, rnd)
    a = run(prior, weeks_, st_)
    renamed = [relabel(prior, w, mapping) for w in weeks_]
    b = run(renamed[0][0], [w for _, w in renamed], st_)
    back = {v: k for k, v in mapping.items()}
    order_b = np.argsort([back[int(p)] for p in b.ratings.player])
    assert [back[int(p)] for p in b.ratings.player[order_b]] == a.ratings.player.tolist()
    for name in ("rate", "weight", "anchor", "anchor_weight", "boards"):
        assert getattr(b.ratings, name)[order_b].tobytes() == \
            getattr(a.ratings, name).tobytes(), name
    assert b.precision[order_b].tobytes() == a.precision.tobytes()
    wk = np.argsort([back[int(p)] for p in b.player])
    assert b.week_rate[wk].tobytes() == a.week_rate.tobytes()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(weeks(), rate_settings(), st.integers(-30, 30))
def test_a_constant_added_to_every_score_changes_nothing(
        pw: tuple[Ratings, WeekResults], st_: RateSettings, k: int) -> None:
    """Every datum moves with the scores (a multiple of the datum's rounding, or of 10 when
    it is not rounded), so every IMP and matchpoint and every Rate stays, to the last digit.
    (With a datum rounded half up: halves rounded away from zero, or to an even multiple,
    do not move with the scores.)"""
    prior, week = pw
    st_ = replace(st_, pool=replace(st_.pool, rounding="up"))
    step = st_.pool.datum_round or 10
    moved_scores = week.ns_score + k * step
    if np.abs(moved_scores).max(initial=0) > 7600:
        return
    moved = WeekResults(week.board, week.players, moved_scores, week.rate_zero)
    same(rate_week(prior, week, st_), rate_week(prior, moved, st_))


def test_the_window_rebuilt_from_the_stored_weeks_gives_the_same_figures() -> None:
    """The platform does not keep the window: it rebuilds it from the stored results of the
    weeks it holds (``Window.of``), and must find the very same Rates."""
    st_ = RateSettings(min_results=3, window=3)
    weeks_ = [random_week(200 + w, players=50, boards=12)[1] for w in range(6)]
    prior, window = Ratings.empty(), None
    for i, week in enumerate(weeks_):
        carried = rate_week(prior, week, st_, window)
        held = weeks_[max(0, i - st_.window):i]  # the weeks the window holds before week i
        rebuilt = rate_week(prior, week, st_, Window.of(held, st_) if i else None)
        same(carried, rebuilt)
        assert carried.window.weeks == min(i + 1, st_.window)
        prior, window = carried.ratings, carried.window


def test_a_window_holding_players_the_prior_lacks_rates_them_as_newcomers() -> None:
    """A window built from weeks that were not all rated (``Window.of``) may hold players the
    prior does not know.  They are fitted as newcomers (the start's Rate and weight) and
    each gets their own Rate.  Before, such a player was matched to another player's place
    or the close failed with an IndexError (found by benchmarks/bench_ratings.py, whose
    window is made up: its next empty week still moved the Rates)."""
    st_ = RateSettings(min_results=2, tolerance=1e-10, max_iterations=5000)
    held = [random_week(300 + w, players=40, boards=8)[1] for w in range(2)]
    window = Window.of(held, st_)
    prior, week = random_week(302, players=40, boards=8)
    done = rate_week(prior, week, st_, window)
    assert set(window.ids.tolist()) <= set(done.ratings.player.tolist())
    # The same as a prior that names the unknown players as newcomers explicitly (a weight
    # that fades to the start's this week).
    unknown = sorted(set(window.ids.tolist()) - set(prior.player.tolist()))
    assert unknown  # the case is exercised
    n = len(unknown)
    named = Ratings.of(np.concatenate([prior.player, unknown]),
                       np.concatenate([prior.rate, np.full(n, st_.start_rate)]),
                       np.concatenate([prior.weight, np.full(n, st_.start_weight / st_.fade)]),
                       np.concatenate([prior.boards, np.zeros(n, np.int64)]))
    explicit = rate_week(named, week, st_, window)
    for p in done.ratings.player.tolist():
        assert done.ratings.get(p)[0] == pytest.approx(explicit.ratings.get(p)[0], abs=1e-8)
    # A week later nobody plays: the Rates stay (the fit is at its minimum).
    later = rate_week(done.ratings, WeekResults.empty(), st_, done.window)
    assert later.iterations == 0
    assert np.array_equal(later.ratings.rate, done.ratings.rate)


def test_the_window_keeps_at_most_max_results() -> None:
    st_ = RateSettings(min_results=1, window=10, max_results=25)
    window = Window.empty(st_)
    prior = Ratings.empty()
    for w in range(4):
        week = WeekResults.of([1] * 10, [[4 * i + 1 + 100 * w, 4 * i + 2, 4 * i + 3, 4 * i + 4]
                                         for i in range(10)], [10 * i for i in range(10)])
        done = rate_week(prior, week, st_, window)
        prior, window = done.ratings, done.window
    # Three weeks of 10 results would be 30 > 25: two are kept.
    assert window.weeks == 2 and len(window) == 20
    big = WeekResults.of([1] * 30, [[4 * i + 1, 4 * i + 2, 4 * i + 3, 4 * i + 4]
                                    for i in range(30)], [10 * i for i in range(30)])
    assert rate_week(prior, big, st_, window).window.weeks == 1  # the newest always stays


def test_nobody_plays() -> None:
    prior = Ratings.of([3, 1, 2], [60.0, 40.0, 50.5], [100.0, 500.0, 0.0], [10, 20, 0])
    st_ = RateSettings(fade=0.95, max_weight=400.0)
    got = rate_week(prior, WeekResults.empty(), st_)
    assert got.ratings.player.tolist() == [1, 2, 3]
    assert got.ratings.rate.tolist() == [40.0, 50.5, 60.0]
    assert got.ratings.weight.tolist() == [400.0, 0.0, 100 * 0.95]
    assert got.ratings.anchor_weight.tolist() == [400.0, 0.0, 100 * 0.95]
    assert got.ratings.boards.tolist() == [20, 0, 10]
    assert got.player.size == 0 and got.window.weeks == 1 and len(got.window) == 0
    assert rate_week(Ratings.empty(), WeekResults.empty()).ratings == Ratings.empty()


def test_a_week_of_one_board_below_the_threshold_counts_only_disconnections() -> None:
    """Board 5 has two results (fewer than 6): not rated; the disconnected player 2 gets the
    seed's Rate of 0 on it as one board: (20/4·50 + ¼·0)/(20/4 + ¼) = 250/5.25."""
    week = WeekResults.of([5, 5], [[1, 2, 3, 4], [5, 6, 7, 8]], [420, 400],
                          [[False, True, False, False], [False] * 4])
    got = rate_week(Ratings.empty(), week, RateSettings(start_weight=20.0, **TIGHT))
    assert got.player.tolist() == [2] and got.boards.tolist() == [1]
    rate, weight, boards = got.ratings.get(2)
    assert rate == pytest.approx(250 / 5.25, abs=1e-9) and (weight, boards) == (21.0, 1)
    # The week's Rate: this week's boards alone, the others held: the disconnection's 0.
    assert got.week_rate.tolist() == pytest.approx([0.0], abs=1e-9)
    assert got.ratings.get(1) == (50.0, 20.0, 0)


# -- what a joint fit does -----------------------------------------------------------------

def groups_world(seed: int, meet: bool) -> list[WeekResults]:
    """Two groups of 16 players, each playing its own boards among themselves (random
    scores); when ``meet``, two extra boards a week seat two of A's pairs against two of B's,
    and A's pairs score better on both (+620 as NS, +100 against them as EW)."""
    rng = np.random.default_rng(seed)
    groups = (np.arange(1, 17), np.arange(101, 117))
    out = []
    for _ in range(4):
        boards, players, scores = [], [], []
        for g, group in enumerate(groups):
            for board in range(8):
                seat = rng.permutation(group)
                for t in range(4):
                    boards.append(100 * g + board)
                    players.append(seat[4 * t:4 * t + 4].tolist())
                    scores.append(int(rng.choice([100, 110, 120, 140, 420, 450, 620])))
        if meet:
            for board in (50, 51):
                a, b = rng.permutation(groups[0])[:4], rng.permutation(groups[1])[:4]
                boards += [board, board]
                players += [[int(a[0]), int(b[0]), int(a[1]), int(b[1])],
                            [int(b[2]), int(a[2]), int(b[3]), int(a[3])]]
                scores += [620, 100]
        out.append(WeekResults.of(boards, players, scores))
    return out


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6))
def test_a_group_that_beats_another_group_moves_its_mean(seed: int) -> None:
    """The old Rate could never move a group's mean by play within the group; the joint fit
    moves it by the rare results between the groups."""
    st_ = RateSettings(min_results=2, **TIGHT)
    alone = run(Ratings.empty(), groups_world(seed, meet=False), st_).ratings
    # Each table's coefficients add up to 0 (+½ +½ −½ −½): within a group the sum of the
    # normal equations is the prior's, so the group's mean stays at the start.
    assert float(alone.rate[alone.player < 100].mean()) == pytest.approx(50.0, abs=1e-6)
    assert float(alone.rate[alone.player > 100].mean()) == pytest.approx(50.0, abs=1e-6)
    r = run(Ratings.empty(), groups_world(seed, meet=True), st_).ratings
    mean_a = float(r.rate[r.player < 100].mean())
    mean_b = float(r.rate[r.player > 100].mean())
    # They still add up to 2 × 50 (the prior); A's mean moved up, B's down.
    assert mean_a + mean_b == pytest.approx(100.0, abs=1e-6)
    assert mean_a > 51.0 and mean_b < 49.0


def test_players_and_boards_with_ids_of_any_size() -> None:
    """Dense, widely spread and huge ids take the three ways to codes: same Rates."""
    prior, week = random_week(5, players=48, boards=12)
    base = rate_week(prior, week, RateSettings(min_results=2))
    ids = sorted({*prior.player.tolist(), *week.players.reshape(-1).tolist()})
    for spread in (1, 10**6, 2**40, 2**55):
        mapping = {p: -(2**62) + i * spread for i, p in enumerate(ids)}
        got = rate_week(*relabel(prior, week, mapping), RateSettings(min_results=2))
        assert got.ratings.rate.tobytes() == base.ratings.rate.tobytes()
    keys = np.unique(week.board)
    for big in (1, 2**62 // len(keys)):
        board = np.searchsorted(keys, week.board) * big - 2**62
        moved = WeekResults(board, week.players, week.ns_score, week.rate_zero)
        got = rate_week(prior, moved, RateSettings(min_results=2))
        assert got.ratings.rate.tobytes() == base.ratings.rate.tobytes()


def test_week_rows_helper_round_trip() -> None:
    _, week = random_week(6)
    assert as_week(rows_of(week)) == week
    rows: list[Row] = rows_of(week)
    assert len(rows) == len(week)


# -- checks --------------------------------------------------------------------------------

def test_bad_weeks_are_refused_in_both_languages() -> None:
    ok = dict(board=np.array([1, 1]), players=np.array([[1, 2, 3, 4], [5, 6, 7, 8]]),
              ns_score=np.array([420, 400]), rate_zero=np.zeros((2, 4), bool))
    cases: list[tuple[dict[str, Any], str, str]] = [
        ({"board": np.array([1.0, 1.0])}, "invalid board: expected whole numbers",
         "无效的 board：应为整数数组"),
        ({"board": np.array([1, 1, 1])}, "invalid players: 2 rows, but the week's board array has 3",
         "有 2 行"),
        ({"players": np.array([1, 2, 3, 4])}, "invalid players: expected shape (n, 4), got (4,)",
         "形状应为 (n, 4)"),
        ({"ns_score": np.array([420, 405])}, "row 1: NS score 405 is not a bridge score",
         "第 1 行：南北得分 405 不是桥牌得分"),
        ({"ns_score": np.array([420, 7610])}, "NS score 7610", "7610"),
        ({"rate_zero": np.zeros((2, 4), int)}, "invalid rate_zero: expected booleans",
         "无效的 rate_zero：应为布尔数组"),
        ({"rate_zero": np.zeros((2, 3), bool)}, "expected shape (n, 4), got (2, 3)", "(2, 3)"),
        ({"players": np.array([[1, 2, 3, 4], [5, 6, 5, 8]])},
         "row 1: player 5 sits twice at one table (North and South)",
         "第 1 行：牌手 5 在同一桌坐了两个座位（北和南）"),
        ({"players": np.array([[1, 2, 3, 4], [5, 6, 7, 8]], dtype=np.uint64) + np.uint64(2**63)},
         "is too large", "太大"),
        ({"ns_score": np.array([True, False])}, "invalid ns_score: expected whole numbers",
         "应为整数数组"),
    ]
    for change, en, zh in cases:
        with pytest.raises(BridgeError) as e:
            WeekResults(**{**ok, **change})
        assert en in str(e.value), (change, str(e.value))
        assert zh in e.value.message("zh"), (change, e.value.message("zh"))


def test_a_player_twice_on_one_board_is_refused() -> None:
    week = WeekResults.of([7, 8, 7], [[1, 2, 3, 4], [1, 2, 3, 4], [5, 6, 7, 1]], [420, 400, 0])
    with pytest.raises(BridgeError) as e:
        rate_week(Ratings.empty(), week)
    assert str(e.value) == "player 1 has two results on board 7: a player plays each board once"
    assert "牌手 1 在第 7 副上有两个结果" in e.value.message("zh")


def test_bad_ratings_are_refused() -> None:
    cases: list[tuple[tuple[Any, ...], str, str]] = [
        (([1, 2], [50.0, math.nan], [1.0, 1.0]), "player 2: invalid rate nan", "无效的 rate nan"),
        (([1, 2], [50.0, 50.0], [1.0, 1.0], [0, 0], [1.0, math.inf]), "invalid anchor inf",
         "无效的 anchor inf"),
        (([1, 2], [50.0, 50.0], [1.0, 1.0], [0, 0], None, [1.0, -2.0]),
         "invalid anchor_weight -2.0", "无效的 anchor_weight"),
        (([1, 2], [50.0, math.inf], [1.0, 1.0]), "invalid rate inf", "inf"),
        (([1, 2], [50.0, 2e6], [1.0, 1.0]), "at most 1e+06 in size", "1e+06"),
        (([1, 2], [50.0, 50.0], [1.0, -1.0]), "player 2: invalid weight -1.0", "无效的 weight"),
        (([1, 2], [50.0, 50.0], [1.0, math.nan]), "invalid weight nan", "nan"),
        (([1, 2], [50.0, 50.0], [1.0, 1.0], [0, -3]), "invalid boards -3", "无效的副数 -3"),
        (([2, 1, 2], [50.0, 50.0, 1.0], [1.0, 1.0, 1.0]), "player 2 is listed twice",
         "出现了两次"),
        (([1, 2], [50.0], [1.0, 1.0]), "invalid rate: 1 values for 2 players", "2 名牌手"),
        (([1, 2], ["a", "b"], [1.0, 1.0]), "invalid rate: expected numbers", "应为数值数组"),
        (([1.5, 2], [1.0, 1.0], [1.0, 1.0]), "invalid player: expected whole numbers", "整数"),
    ]
    for args, en, zh in cases:
        with pytest.raises(BridgeError) as e:
            Ratings.of(*args)
        assert en in str(e.value), (args, str(e.value))
        assert zh in e.value.message("zh"), (args, e.value.message("zh"))


def test_ratings_are_sorted_and_read_only() -> None:
    rate = np.array([40.0, 60.0])
    r = Ratings.of([9, 3], rate, [1.0, 2.0], [5, 6])
    assert r.player.tolist() == [3, 9] and r.rate.tolist() == [60.0, 40.0]
    rate[0] = 0.0  # the caller's array is not the value's
    assert r.rate.tolist() == [60.0, 40.0]
    with pytest.raises(ValueError):
        r.rate[0] = 1.0
    assert r.get(9) == (40.0, 1.0, 5)
    with pytest.raises(BridgeError, match="player 4 has no Rate yet"):
        r.get(4)


@pytest.mark.parametrize(("change", "en"), [
    ({"start_rate": math.nan}, "start_rate = nan: expected a finite number"),
    ({"start_weight": 0}, "start_weight = 0.0: expected a weight in boards above 0"),
    ({"imp_scale": 0}, "imp_scale = 0.0: expected a number of IMPs above 0"),
    ({"fade": 0}, "fade = 0.0: expected a fraction above 0 and at most 1"),
    ({"fade": 1.5}, "fade = 1.5"),
    ({"max_weight": 0}, "max_weight = 0.0"),
    ({"min_results": 0}, "min_results = 0: expected a whole number of results from 1"),
    ({"min_results": 2.0}, "min_results = 2.0"),
    ({"field_adjust": 1}, "field_adjust = 1: expected true or false"),
    ({"scoring": "butler"}, "scoring = 'butler': expected 'ximp' or 'mp'"),
    ({"window": 0}, "window = 0: expected a whole number of weeks from 1 to 1000"),
    ({"max_results": 0}, "max_results = 0: expected a whole number of results from 1"),
    ({"tolerance": 0}, "tolerance = 0.0: expected a number of percentage points above 0"),
    ({"max_iterations": 0}, "max_iterations = 0: expected a whole number from 1 to 100000"),
    ({"pool": "wbf"}, "pool = 'wbf': expected the pool's ImpSettings"),
    ({"start_rate": True}, "start_rate = True"),
])
def test_bad_settings_are_refused(change: dict[str, Any], en: str) -> None:
    with pytest.raises(BridgeError) as e:
        RateSettings(**change)
    assert f"invalid Rate setting {en}" in str(e.value)
    assert "无效的牌技指数设置" in e.value.message("zh")


def test_rate_week_refuses_what_is_not_its_input() -> None:
    week = WeekResults.empty()
    with pytest.raises(BridgeError, match="expected the ratings before the week"):
        rate_week({}, week)  # type: ignore[arg-type]
    with pytest.raises(BridgeError, match="expected the week's results"):
        rate_week(Ratings.empty(), [])  # type: ignore[arg-type]
    with pytest.raises(BridgeError, match="expected RateSettings"):
        rate_week(Ratings.empty(), week, ImpSettings())  # type: ignore[arg-type]
    with pytest.raises(BridgeError, match="expected the window of the weeks before"):
        rate_week(Ratings.empty(), week, RateSettings(), [])  # type: ignore[arg-type]
    with pytest.raises(BridgeError, match="prepared with other settings") as e:
        rate_week(Ratings.empty(), week, RateSettings(min_results=2),
                  Window.empty(RateSettings()))
    assert "请按当前设置重建" in e.value.message("zh")


# -- plain data ----------------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(weeks(), rate_settings())
def test_round_trips(pw: tuple[Ratings, WeekResults], st_: RateSettings) -> None:
    prior, week = pw
    for value in (prior, week, st_):
        data = value.to_dict()
        assert data["type"] == type(value).__name__ and data["version"] == 1
        assert type(value).from_dict(data) == value
        assert type(value).from_dict(json.loads(json.dumps(data, allow_nan=False))) == value


def test_bad_data_is_refused() -> None:
    r = Ratings.of([1, 2], [50.0, 60.0], [1.0, 2.0]).to_dict()
    for key, value, en in [("rate", [50.0, "x"], "'rate' must be a list of finite numbers"),
                           ("player", [1, 2.0], "'player' must be a list of whole numbers"),
                           ("boards", None, "'boards' must be a list of whole numbers")]:
        with pytest.raises(BridgeError, match=en):
            Ratings.from_dict({**r, key: value})
    with pytest.raises(BridgeError, match="unknown key"):
        Ratings.from_dict({**r, "extra": 1})
    w = WeekResults.of([1], [[1, 2, 3, 4]], [420]).to_dict()
    with pytest.raises(BridgeError, match="'rate_zero' must be a list of"):
        WeekResults.from_dict({**w, "rate_zero": [[0, 0, 0, 0]]})
    with pytest.raises(BridgeError, match="'players' must be a list of lists of 4"):
        WeekResults.from_dict({**w, "players": [[1, 2, 3]]})
    with pytest.raises(BridgeError, match="sits twice"):
        WeekResults.from_dict({**w, "players": [[1, 2, 3, 1]]})
    s = RateSettings().to_dict()
    assert s["pool"]["type"] == "ImpSettings"
    with pytest.raises(BridgeError, match="'fade' must be a number"):
        RateSettings.from_dict({**s, "fade": "0.9"})


# -- a week in pieces ----------------------------------------------------------------------

@pytest.mark.parametrize("total", [True, False])
def test_a_week_read_in_pieces_is_the_same_week(total: bool) -> None:
    prior, week = random_week(3, players=80, boards=40)
    n = len(week)
    cuts = [0, 1, 1, 17, n // 2, n]
    parts = (week.take(np.arange(a, b)) for a, b in itertools.pairwise(cuts))
    joined = WeekResults.concat(parts, total=n if total else None)
    assert joined == week
    same(rate_week(prior, joined), rate_week(prior, week))


def test_pieces_that_do_not_add_up_are_refused() -> None:
    _, week = random_week(4, players=40, boards=5)
    with pytest.raises(BridgeError, match=f"have {len(week)} rows, not the {len(week) + 1}"):
        WeekResults.concat([week], total=len(week) + 1)
    with pytest.raises(BridgeError, match="more than the 1 rows"):
        WeekResults.concat([week], total=1)
    with pytest.raises(BridgeError, match="expected a piece of the week"):
        WeekResults.concat([week, "x"])  # type: ignore[list-item]
    assert WeekResults.concat([]) == WeekResults.empty()
    assert WeekResults.concat([], total=0) == WeekResults.empty()


def test_a_window_kept_as_bytes_is_the_same_window() -> None:
    st_ = RateSettings(min_results=3, window=3)
    weeks_ = [random_week(300 + w, players=40, boards=10)[1] for w in range(4)]
    window = Window.of(weeks_, st_)
    back = Window.from_bytes(window.to_bytes(), st_)
    for name in Window._ARRAYS:
        a, b = getattr(window, name), getattr(back, name)
        assert a.dtype == b.dtype and a.tobytes() == b.tobytes(), name
    prior = run(Ratings.empty(), weeks_, st_).ratings
    _, week = random_week(400, players=40, boards=10)
    same(rate_week(prior, week, st_, window), rate_week(prior, week, st_, back))
    with pytest.raises(BridgeError, match="not a kept window"):
        Window.from_bytes(b"nonsense", st_)


def test_the_old_rate_kept_for_the_simulation_still_runs() -> None:
    """benchmarks/old_rate.py (the Rate before the joint fit, the simulation's baseline) on
    the library's values: its own worked figures (old docs: 2×(88.08 − 50) + 50 = 126.16 on
    the board, blended with a newcomer's 50 of weight 80: (80×50 + 126.16)/81 = 50.94)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    import old_rate

    week = WeekResults.of(board=[1, 1], players=[[1, 2, 3, 4], [5, 6, 7, 8]],
                          ns_score=[420, 170])
    done = old_rate.rate_week(Ratings.empty(), week,
                              old_rate.RateSettings(min_results=2, passes=1))
    assert done.ratings.rate[0] == pytest.approx((80 * 50 + 2 * (50 * math.tanh(1)) + 50) / 81)
