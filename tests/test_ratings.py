"""The Rate (docs/ratings.md): the vectorised ``rate_week`` against the plain-Python
reference, its invariants (row order, player names, players who do not play), the settings
and values' checks and round trips, the pieces of a week joined, and the explanation."""

from __future__ import annotations

import itertools
import json
import math
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ratings_reference import reference_week
from ratings_strategies import (
    as_week,
    random_week,
    rate_settings,
    rows_of,
    standings_of,
    weeks,
)

from bridgescore.errors import BridgeError
from bridgescore.events.imp_pairs import ImpSettings
from bridgescore.ratings import (
    RateSettings,
    Ratings,
    WeekRating,
    WeekResults,
    explain_board,
    rate_week,
)

SETTINGS = [
    RateSettings(),
    RateSettings(min_results=1),
    RateSettings(min_results=2, scoring="mp"),
    RateSettings(min_results=3, field_adjust=False, passes=3, disconnect_rate=5.0),
    RateSettings(min_results=1, start_weight=0.0, fade=1.0, max_weight=30.0, imp_scale=4.0,
                 pool=ImpSettings(drop=1, rounding="even", datum_round=0)),
    RateSettings(min_results=2, pool=ImpSettings(drop=0.25, rounding="up", datum_round=50,
                                                 imp_scale="wbf")),
]


def check_against_reference(prior: Ratings, week: WeekResults, st_: RateSettings) -> WeekRating:
    got = rate_week(prior, week, st_)
    want, want_week = reference_week(standings_of(prior), rows_of(week), st_)
    assert got.ratings.player.tolist() == sorted(want)
    for p, rate, weight, boards in zip(got.ratings.player.tolist(), got.ratings.rate.tolist(),
                                       got.ratings.weight.tolist(), got.ratings.boards.tolist(),
                                       strict=True):
        assert rate == pytest.approx(want[p].rate, rel=1e-12, abs=1e-9), p
        assert weight == pytest.approx(want[p].weight, rel=1e-12, abs=1e-9), p
        assert boards == want[p].boards, p
    assert got.player.tolist() == sorted(want_week)
    for p, n, w in zip(got.player.tolist(), got.boards.tolist(), got.week_rate.tolist(),
                       strict=True):
        assert n == want_week[p][0]
        assert w == pytest.approx(want_week[p][1], rel=1e-12, abs=1e-9), p
    return got


@pytest.mark.parametrize("st_", SETTINGS, ids=range(len(SETTINGS)))
@pytest.mark.parametrize("seed", range(8))
def test_equals_the_reference_on_seeded_weeks(seed: int, st_: RateSettings) -> None:
    prior, week = random_week(seed, players=40 + 10 * seed, boards=5 + 3 * seed)
    check_against_reference(prior, week, st_)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(weeks(), rate_settings())
def test_equals_the_reference_on_random_weeks(pw: tuple[Ratings, WeekResults],
                                              st_: RateSettings) -> None:
    check_against_reference(*pw, st_)


def test_a_week_of_several_weeks_running() -> None:
    """Five weeks in a row (each week's ratings the next week's prior) stay with the
    reference, players coming and going."""
    st_ = RateSettings(min_results=3)
    prior = Ratings.empty()
    ref: dict[int, Any] = {}
    for w in range(5):
        _, week = random_week(100 + w, players=50, boards=15)  # players come and go
        got = rate_week(prior, week, st_)
        ref, _ = reference_week(ref, rows_of(week), st_)
        for p, rate in zip(got.ratings.player.tolist(), got.ratings.rate.tolist(), strict=True):
            assert rate == pytest.approx(ref[p].rate, abs=1e-9)
        prior = got.ratings


def same(a: WeekRating, b: WeekRating) -> None:
    """Equal to the last digit (bitwise for floats)."""
    assert a.ratings == b.ratings
    assert np.array_equal(a.player, b.player) and np.array_equal(a.boards, b.boards)
    assert a.week_rate.tobytes() == b.week_rate.tobytes()
    assert a.ratings.rate.tobytes() == b.ratings.rate.tobytes()
    assert a.ratings.weight.tobytes() == b.ratings.weight.tobytes()


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(weeks(max_results=12), rate_settings(), st.randoms(use_true_random=False))
def test_row_order_changes_nothing(pw: tuple[Ratings, WeekResults], st_: RateSettings,
                                   rnd: Any) -> None:
    prior, week = pw
    order = list(range(len(week)))
    rnd.shuffle(order)
    same(rate_week(prior, week, st_), rate_week(prior, week.take(order), st_))


def relabel(prior: Ratings, week: WeekResults, mapping: dict[int, int]) -> tuple[Ratings, WeekResults]:
    f = np.vectorize(lambda x: mapping[int(x)], otypes=[np.int64])
    new_prior = Ratings.of(f(prior.player) if len(prior) else prior.player, prior.rate,
                           prior.weight, prior.boards)
    players = f(week.players) if len(week) else week.players
    return new_prior, WeekResults(week.board, players, week.ns_score, week.rate_zero)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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
    a = rate_week(prior, week, st_)
    b = rate_week(*relabel(prior, week, mapping), st_)
    back = {v: k for k, v in mapping.items()}
    order_b = np.argsort([back[int(p)] for p in b.ratings.player])
    assert [back[int(p)] for p in b.ratings.player[order_b]] == a.ratings.player.tolist()
    assert b.ratings.rate[order_b].tobytes() == a.ratings.rate.tobytes()
    assert b.ratings.weight[order_b].tobytes() == a.ratings.weight.tobytes()
    assert np.array_equal(b.ratings.boards[order_b], a.ratings.boards)
    wk = np.argsort([back[int(p)] for p in b.player])
    assert b.week_rate[wk].tobytes() == a.week_rate.tobytes()


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(weeks(), rate_settings())
def test_a_player_who_does_not_play_keeps_the_rate(pw: tuple[Ratings, WeekResults],
                                                    st_: RateSettings) -> None:
    prior, week = pw
    got = rate_week(prior, week, st_)
    playing = set(week.players.reshape(-1).tolist())
    for p, rate, weight, boards in zip(prior.player.tolist(), prior.rate.tolist(),
                                       prior.weight.tolist(), prior.boards.tolist(), strict=True):
        r, w, b = got.ratings.get(p)
        if p not in playing:
            assert r == rate and b == boards  # the very same float
            assert w == min(weight, st_.max_weight) * st_.fade


def test_nobody_plays() -> None:
    prior = Ratings.of([3, 1, 2], [60.0, 40.0, 50.5], [100.0, 500.0, 0.0], [10, 20, 0])
    got = rate_week(prior, WeekResults.empty(), HAND)
    assert got.ratings.player.tolist() == [1, 2, 3]
    assert got.ratings.rate.tolist() == [40.0, 50.5, 60.0]
    assert got.ratings.weight.tolist() == [400 * 0.95, 0.0, 100 * 0.95]
    # The defaults: 500 boards is under the cap of 3,000 and fades by 0.97.
    assert rate_week(prior, WeekResults.empty()).ratings.weight.tolist() == [
        500 * 0.97, 0.0, 100 * 0.97]
    assert got.ratings.boards.tolist() == [20, 0, 10]
    assert got.player.size == 0
    assert rate_week(Ratings.empty(), WeekResults.empty()).ratings == Ratings.empty()


def test_a_week_of_one_board_below_the_threshold_rates_only_disconnections() -> None:
    week = WeekResults.of([5, 5], [[1, 2, 3, 4], [5, 6, 7, 8]], [420, 400],
                          [[False, True, False, False], [False] * 4])
    got = rate_week(Ratings.empty(), week, RateSettings(start_weight=20.0))  # min_results 6
    assert got.player.tolist() == [2] and got.boards.tolist() == [1]
    assert got.week_rate.tolist() == [0.0]
    assert got.ratings.get(2) == ((20 * 50 + 0) / 21, 21.0, 1)
    assert got.ratings.get(1) == (50.0, 20.0, 0)


# -- hand-worked: docs/ratings.md "A week worked by hand" ---------------------------------

# The worked example's settings (round numbers a reader can follow by hand); the defaults are
# the simulation's tuned values, which the reference tests cover.
HAND = RateSettings(min_results=2, start_weight=20.0, imp_scale=10.0, fade=0.95,
                    max_weight=400.0, passes=1)


def test_the_week_worked_by_hand_in_the_docs() -> None:
    """Every figure typed in from the hand computation in docs/ratings.md."""
    prior = Ratings.of([1, 2, 3, 4, 6, 7, 8, 9],
                       [60.0, 50.0, 55.0, 45.0, 52.0, 48.0, 50.0, 70.0],
                       [100.0, 40.0, 500.0, 20.0, 60.0, 80.0, 10.0, 200.0],
                       [300, 40, 900, 20, 80, 100, 10, 250])
    week = WeekResults.of(
        board=[1, 1, 2, 2],
        players=[[1, 2, 3, 4], [5, 6, 7, 8], [1, 2, 3, 4], [5, 6, 7, 8]],
        ns_score=[420, 170, -100, -50],
        rate_zero=[[False] * 4, [False] * 4, [False] * 4, [False, False, False, True]])
    got = rate_week(prior, week, HAND, detail=True)
    d = got.detail
    assert d is not None
    # Datums, IMPs, percentages (rows sorted by board, then NS score).
    assert d.ns_score.tolist() == [170, 420, -100, -50]
    assert d.datum.tolist() == [300.0, 300.0, -80.0, -80.0]
    assert d.points.tolist() == [-4, 3, -1, 1]
    assert d.pct.tolist() == pytest.approx(
        [31.0025518872388, 64.5656306225795, 45.0166002687522, 54.9833997312478], abs=1e-12)
    assert d.field.tolist() == [4.0, 4.0, 4.0, 4.0]
    assert d.expected.tolist() == [44.0, 56.0, 56.0, 44.0]
    # Rates on the boards, N E S W.
    want = [
        [24.005103774478, 77.994896225522, 22.005103774478, 75.994896225522],   # board 1, B
        [77.131261245159, 32.868738754841, 72.131261245159, 27.868738754841],   # board 1, A
        [38.033200537504, 71.966799462496, 33.033200537504, 66.966799462496],   # board 2, A
        [71.966799462496, 30.033200537504, 69.966799462496, 0.0],               # board 2, B
    ]
    assert d.board_rate.tolist() == [pytest.approx(r, abs=1e-9) for r in want]
    # Week Rates and new Rates.
    weeks_ = {1: 57.582230891332, 2: 52.417769108668, 3: 52.582230891332,
              4: 47.417769108668, 5: 47.985951618487, 6: 54.014048381513,
              7: 45.985951618487, 8: 37.997448112761}
    assert dict(zip(got.player.tolist(), got.week_rate.tolist(), strict=True)) == {
        p: pytest.approx(v, abs=1e-9) for p, v in weeks_.items()}
    assert got.boards.tolist() == [2] * 8
    new = {1: (59.950149090543, 97.0), 2: (50.120888455433, 40.0),
           3: (54.987341522991, 382.0), 4: (45.230263724635, 21.0),
           5: (49.816904692590, 22.0), 6: (52.068272826492, 59.0),
           7: (47.948357733807, 78.0), 8: (47.912599671785, 11.5),
           9: (70.0, 190.0)}
    for p, (rate, weight) in new.items():
        r, w, _ = got.ratings.get(p)
        assert r == pytest.approx(rate, abs=1e-9), p
        assert w == pytest.approx(weight, abs=1e-12), p
    assert got.ratings.boards.tolist() == [302, 42, 902, 22, 2, 82, 102, 12, 250]


# -- several passes ----------------------------------------------------------------------

def test_more_passes_use_the_others_new_rates() -> None:
    prior, week = random_week(7, players=40, boards=30, most=10)
    one = rate_week(prior, week, RateSettings(min_results=2, passes=1))
    two = rate_week(prior, week, RateSettings(min_results=2, passes=2))
    assert not np.array_equal(one.ratings.rate, two.ratings.rate)
    check_against_reference(prior, week, RateSettings(min_results=2, passes=4))


# -- explanations --------------------------------------------------------------------------

def hand_week() -> WeekRating:
    prior = Ratings.of([1, 2, 3, 4, 6, 7, 8], [60.0, 50.0, 55.0, 45.0, 52.0, 48.0, 50.0],
                       [100.0, 40.0, 500.0, 20.0, 60.0, 80.0, 10.0])
    week = WeekResults.of([1, 1, 2, 2], [[1, 2, 3, 4], [5, 6, 7, 8]] * 2, [420, 170, -100, -50],
                          [[False] * 4, [False] * 4, [False] * 4, [False, False, False, True]])
    return rate_week(prior, week, HAND, detail=True)


def test_explain_board_in_both_languages() -> None:
    w = hand_week()
    assert explain_board(w, 1, 1) == (
        "Board 1, North (player 1): NS scored +420 against a datum of 300: +3 IMPs for NS, "
        "50 + 50×tanh(3/10) = 64.57% for NS; the table was expected to score 56.00% for NS. "
        "Rate on the board = 2×(64.57−50) + 50.00 (East) + 45.00 (West) − 55.00 (South, "
        "partner) + 2×4.00 (the field) = 77.13.")
    assert explain_board(w, 1, 6, "zh") == (
        "第 1 副，东（牌手 6）：南北得 +170 分，基准分 300，南北得 -4 IMP，即南北 50 + "
        "50×tanh(-4/10) = 31.00%，东西 69.00%；按四人的牌技指数，本桌东西应得 56.00%。"
        "本副牌技指数 = 2×(69.00−50) + 50.00（北） + 48.00（南） − 50.00（西，同伴） + "
        "2×(−4.00)（全场） = 77.99。")
    assert explain_board(w, 2, 8) == (
        "Board 2, West (player 8): disconnected, so the Rate on the board is 0.00 (a "
        "disconnection scores 0.00 on its board).")
    assert "断线" in explain_board(w, 2, 8, "中文")  # type: ignore[arg-type]


def test_explain_board_mp_and_unrated() -> None:
    week = WeekResults.of([9, 9, 9, 4], [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12],
                                         [1, 2, 3, 4]], [420, 420, 400, 100])
    w = rate_week(Ratings.empty(), week, RateSettings(min_results=3, scoring="mp", passes=1),
                  detail=True)
    text = explain_board(w, 9, 10)
    assert text.startswith("Board 9, East (player 10): NS scored +400: 0 of 4 matchpoints, "
                           "0.00% for NS, 100.00% for EW;")
    assert text.endswith("Rate on the board = 2×(100.00−50) + 50.00 (North) + 50.00 (South) "
                         "− 50.00 (West, partner) + 2×0.00 (the field) = 150.00.")
    assert explain_board(w, 4, 3) == (
        "Board 4, South (player 3): the board had 1 result this week, fewer than 3: it is not "
        "rated (no reliable datum) and counts for no one's Rate.")
    assert "少于 3 个" in explain_board(w, 4, 3, "zh")


def test_explain_board_refuses() -> None:
    w = hand_week()
    with pytest.raises(BridgeError, match="player 9 has no result on board 1") as e:
        explain_board(w, 1, 9)
    assert "牌手 9 本周在第 1 副上没有结果" in e.value.message("zh")
    plain = rate_week(Ratings.empty(), WeekResults.of([1], [[1, 2, 3, 4]], [0]))
    with pytest.raises(BridgeError, match="detail=True"):
        explain_board(plain, 1, 1)
    with pytest.raises(BridgeError, match="invalid board '1'"):
        explain_board(w, "1", 1)  # type: ignore[arg-type]
    with pytest.raises(BridgeError, match="invalid language"):
        explain_board(w, 1, 1, "fr")  # type: ignore[arg-type]


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
        (([1, 2], [50.0, math.nan], [1.0, 1.0]), "player 2: invalid rate nan", "无效的牌技指数 nan"),
        (([1, 2], [50.0, math.inf], [1.0, 1.0]), "invalid rate inf", "inf"),
        (([1, 2], [50.0, 2e6], [1.0, 1.0]), "at most 1e+06 in size", "1e+06"),
        (([1, 2], [50.0, 50.0], [1.0, -1.0]), "player 2: invalid weight -1.0", "无效的权重"),
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
    ({"start_weight": -1}, "start_weight = -1.0: expected a weight in boards, 0 or more"),
    ({"imp_scale": 0}, "imp_scale = 0.0: expected a number of IMPs above 0"),
    ({"fade": 0}, "fade = 0.0: expected a fraction above 0 and at most 1"),
    ({"fade": 1.5}, "fade = 1.5"),
    ({"max_weight": 0}, "max_weight = 0.0"),
    ({"min_results": 0}, "min_results = 0: expected a whole number of results from 1"),
    ({"min_results": 2.0}, "min_results = 2.0"),
    ({"field_adjust": 1}, "field_adjust = 1: expected true or false"),
    ({"scoring": "butler"}, "scoring = 'butler': expected 'ximp' or 'mp'"),
    ({"passes": 0}, "passes = 0: expected a whole number from 1 to 50"),
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


def test_pass_rate_is_what_the_last_pass_worked_from() -> None:
    # One pass works from the old Rates (a newcomer's: the start rate); two passes' last one
    # works from the first pass's result, which is the one-pass week's new Rates.
    week = WeekResults.of(board=[1, 1], players=[[1, 2, 3, 4], [5, 6, 7, 8]],
                          ns_score=[420, 170])
    prior = Ratings.of([1, 9], [60.0, 40.0], [100.0, 50.0], [100, 50])
    one = rate_week(prior, week, RateSettings(min_results=2, passes=1))
    assert one.pass_rate is not None
    assert one.ratings.player.tolist() == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    assert one.pass_rate.tolist() == [60.0] + [50.0] * 7 + [40.0]
    two = rate_week(prior, week, RateSettings(min_results=2, passes=2))
    assert two.pass_rate is not None
    assert two.pass_rate.tobytes() == one.ratings.rate.tobytes()
    assert not two.pass_rate.flags.writeable
    # The second pass moved the Rates on from there (the pair levels changed).
    assert two.ratings.rate.tobytes() != one.ratings.rate.tobytes()
