"""A board explained under the joint fit (``ratings/explain.py``), in both languages: the
figures worked out here by hand from docs/ratings.md's formulas, and the board's share checked
against its definition (the player's Rate with and without the board, the others held)."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from bridgescore.core.errors import BridgeError
from bridgescore.ratings import (
    RateSettings,
    Ratings,
    WeekResults,
    board_share,
    explain_board,
    explain_share,
    rate_week,
)

# The settings these figures are worked by hand in (a newcomer's weight 24, S = 3), not the
# defaults: the arithmetic is what is checked.
ST = RateSettings(min_results=2, start_weight=24.0, imp_scale=3.0, fade=0.99, tolerance=1e-12,
                  max_iterations=1000, saturation=0.0)
# The same with the saturating expectation, K 30 (issue 21).
ST30 = RateSettings(min_results=2, start_weight=24.0, imp_scale=3.0, fade=0.99, tolerance=1e-12,
                    max_iterations=1000, saturation=30.0)
WEEK = WeekResults.of(board=[1, 1], players=[[1, 2, 3, 4], [5, 6, 7, 8]], ns_score=[420, 170])


def test_the_two_table_board_by_hand() -> None:
    """Datum 300: +3 and −4 IMPs.  By symmetry the Rates are 50 ± a; player 1's equation
    ½·(ȳ₁ − 2a) = (24/4)·a gives a = ȳ₁/14 (ȳ₁ the first table's NS % less the board's
    mean).  The share: 2r/(P − ½) with r = ȳ₁ − 2a and P = 24 + ½."""
    y1, y2 = 50 * math.tanh(1), 50 * math.tanh(-4 / 3)
    yc = (y1 - y2) / 2
    a = yc / 14
    done = rate_week(Ratings.empty(), WEEK, ST)
    assert done.ratings.get(1)[0] == pytest.approx(50 + a, abs=1e-9)
    i = int(done.ratings.index([1])[0])
    assert float(done.precision[i]) == pytest.approx(24.5, abs=1e-12)
    s = board_share(WEEK, done.ratings, float(done.precision[i]), 1, ST)
    r = yc - 2 * a
    assert s.residual == pytest.approx(r, abs=1e-9)
    assert s.expected == pytest.approx(50 + (y1 + y2) / 2 + 2 * a, abs=1e-9)
    assert s.share == pytest.approx(2 * r / 24, abs=1e-9)
    # The definition: without the board, player 1 alone has only the prior, 50.
    assert s.share == pytest.approx(done.ratings.get(1)[0] - 50, abs=1e-9)
    assert explain_share(s) == (
        "Board 1, North (player 1): NS scored +420 against a datum of 300: +3 IMPs for NS, "
        "50 + 50×tanh(3/3) = 88.08% for NS. The four fitted Rates (North 52.91, East 47.09, "
        "South 52.91, West 47.09) expected the board's mean 47.29% + the pair difference "
        "(52.91 + 52.91)/2 − (47.09 + 47.09)/2 = 5.83 − the field's mean difference 0.00 = "
        "53.12% for NS; NS scored 88.08% against 53.12% expected: +34.96. In the joint fit, "
        "with the other players' Rates held where the fit put them, this board moved the Rate "
        "by 2×34.96 ÷ (24.50 − (1 − 1/2)) = +2.91 (24.50: the Rate's precision, its weight in "
        "boards in the fit, prior included).")
    zh = explain_board(done, 1, 6, "zh")
    assert zh.startswith("第 1 副，东（牌手 6）：南北得 +170 分，基准分 300，南北得 -4 IMP")
    assert "东西实得 93.50%，预期 58.54%：差 +34.96" in zh
    assert "这副牌使牌技指数变化 2×34.96 ÷ (24.50 − (1 − 1/2)) = +2.91" in zh


def _root(f: object, lo: float, hi: float) -> float:
    """The root of f between lo and hi (f(lo) > 0 > f(hi)), by bisection."""
    for _ in range(200):
        mid = (lo + hi) / 2
        if f(mid) > 0:  # type: ignore[operator]
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def test_the_two_table_board_by_hand_with_a_saturating_expectation() -> None:
    """Datum 300: +3 and −4 IMPs.  By symmetry the Rates are 50 ± a, u = ±2a, and with
    g(u) = 30·tanh(u/30) the sum is 2·(ȳ₁ − g(2a))² + 2·24·a² (ȳ₁ the first table's NS %
    less the board's mean): its minimum solves 2·g′(2a)·(ȳ₁ − g(2a)) = 24·a (found here by
    bisection).  The precision: P = 24 + s²/2 (s = g′(2a); the board's weight q = s²·(1 − 1/2)),
    and the share 2·s·r/(P − q) with r = ȳ₁ − g(2a): without the board player 1 has only the
    prior, 50, so the share is a."""
    k = 30.0
    y1, y2 = 50 * math.tanh(1), 50 * math.tanh(-4 / 3)
    yc = (y1 - y2) / 2

    def g(u: float) -> float:
        return k * math.tanh(u / k)

    def slope(u: float) -> float:
        return 1 - math.tanh(u / k) ** 2

    a = _root(lambda x: 2 * slope(2 * x) * (yc - g(2 * x)) - 24 * x, 0.0, yc)
    done = rate_week(Ratings.empty(), WEEK, ST30)
    assert done.ratings.get(1)[0] == pytest.approx(50 + a, abs=1e-9)
    i = int(done.ratings.index([1])[0])
    s2 = slope(2 * a)
    assert float(done.precision[i]) == pytest.approx(24 + s2 * s2 / 2, abs=1e-12)
    s = board_share(WEEK, done.ratings, float(done.precision[i]), 1, ST30)
    r = yc - g(2 * a)
    assert s.residual == pytest.approx(r, abs=1e-9)
    assert s.slope == pytest.approx(s2, abs=1e-12)
    assert s.weight == pytest.approx(s2 * s2 / 2, abs=1e-12)
    assert s.mean == pytest.approx(0.0, abs=1e-9)
    assert s.expected == pytest.approx(50 + (y1 + y2) / 2 + g(2 * a), abs=1e-9)
    assert s.share == pytest.approx(2 * s2 * r / 24, abs=1e-9)
    # The definition: without the board, player 1 alone has only the prior, 50.
    assert s.share == pytest.approx(done.ratings.get(1)[0] - 50, abs=1e-9)
    assert explain_share(s) == EXPLAINED
    zh = explain_board(done, 1, 6, "zh")
    assert zh.startswith("第 1 副，东（牌手 6）：南北得 +170 分，基准分 300，南北得 -4 IMP")
    assert f"东西实得 93.50%，预期 {100 - (50 + (y1 + y2) / 2 - g(2 * a)):.2f}%：差 +{r:.2f}" in zh
    assert "本副全场均值 47.29% + (−5.60) − 其全场均值 0.00 = 41.69%" in zh
    assert (f"这副牌使牌技指数变化约 2×({s2:.2f}×{r:.2f} − 0.00) ÷ ({24 + s2 * s2 / 2:.2f} − "
            f"{s2 * s2 / 2:.2f}) = +{a:.2f}") in zh


EXPLAINED = (
    "Board 1, North (player 1): NS scored +420 against a datum of 300: +3 IMPs for NS, 50 + "
    "50×tanh(3/3) = 88.08% for NS. The four fitted Rates (North 52.83, East 47.17, South "
    "52.83, West 47.17) put the pairs (52.83 + 52.83)/2 − (47.17 + 47.17)/2 = 5.66 apart; "
    "the board's average difference is 0.00: u = 5.66 − 0.00 = 5.66; the expectation "
    "flattens as pairs draw apart, "
    "30×tanh(5.66/30) = 5.60, so NS were expected the board's mean 47.29% + 5.60 − the "
    "board's mean of it 0.00 = 52.88%; NS scored 88.08% against 52.88% expected: +35.20. In "
    "the joint fit, with the other players' Rates held where the fit put them, this board "
    "moved the Rate by about 2×(0.97×35.20 − 0.00) ÷ (24.47 − 0.47) = +2.83 (0.97 = 1 − "
    "tanh²(5.66/30): how much the expectation still follows the Rates at this table; 0.00: "
    "the board's mean of that slope × the residual; 0.47: the board's weight in the "
    "player's equation; 24.47: the Rate's precision, its weight in boards in the fit, prior "
    "included).")


def _own_rate_without(week: WeekResults, rates: Ratings, player: int, board: int,
                      st: RateSettings, prior: float) -> float:
    """The player's Rate that minimises the week's sum without ``board``, every other
    player's Rate held: the player's own terms written out from docs/ratings.md (each
    board's expectation g(u) − mean g(u) against its NS % less its mean), minimised by
    bisection on the derivative (numerical, central differences)."""
    from bridgescore.ratings.fit import prepare
    prep = prepare(week, st)
    k = st.saturation
    boards = sorted({int(b) for b in prep.board[prep.pair]} - {board})

    def total(x: float) -> float:
        out = st.start_weight / 4 * (x - prior) ** 2
        for b in boards:
            rows = [int(i) for i in prep.pair if int(prep.board[i]) == b]
            if not any(player in prep.players[i].tolist() for i in rows):
                continue
            u, y = [], []
            for i in rows:
                four = [x if int(q) == player else rates.get(int(q))[0]
                        for q in prep.players[i]]
                u.append((four[0] + four[2]) / 2 - (four[1] + four[3]) / 2)
                y.append(float(prep.pct[i]) - 50)
            n = len(rows)
            um, ym = sum(u) / n, sum(y) / n
            gs = [k * math.tanh((v - um) / k) if k else v - um for v in u]
            gm = sum(gs) / n
            out += sum((yy - ym - (gv - gm)) ** 2 for yy, gv in zip(y, gs, strict=True))
        return out

    def slope(x: float, h: float = 1e-5) -> float:
        return -(total(x + h) - total(x - h)) / (2 * h)

    return _root(slope, 0.0, 100.0)


def test_the_share_is_the_change_with_and_without_the_board_under_either_expectation() -> None:
    """On a random week: the player's Rate with the board, less the Rate that minimises the
    player's own terms without it (everyone else held), is the share: exactly with a
    linear expectation (K 0, or a huge K), and within 5 % with K 30 (the share is one
    Newton step of that; 1.5 % at most on this week)."""
    rng = np.random.default_rng(3)
    rows, boards = [], []
    for b in range(6):
        seat = rng.permutation(np.arange(1, 25))
        for t in range(6):
            rows.append(seat[4 * t:4 * t + 4].tolist())
            boards.append(b)
    scores = rng.choice([-100, 110, 140, 420, 450, 620], len(rows)).tolist()
    week = WeekResults.of(boards, rows, scores)
    # (The linear case is exact: the old formula R − R' = (r/2)/((P − (1 − 1/n))/4).)
    for k, close in ((0.0, 1e-6), (1e6, 1e-6), (30.0, 0.05)):
        st_ = replace(ST, saturation=k)
        done = rate_week(Ratings.empty(), week, st_)
        player = 7
        i = int(done.ratings.index([player])[0])
        prec = float(done.precision[i])
        for b in range(6):
            sub = week.take(np.flatnonzero(week.board == b))
            s = board_share(sub, done.ratings, prec, player, st_)
            without = _own_rate_without(week, done.ratings, player, b, st_, 50.0)
            exact = done.ratings.get(player)[0] - without
            assert s.share == pytest.approx(exact, rel=close, abs=1e-6)
            assert s.counted and s.in_fit == 6


def test_disconnection_mp_and_unrated_boards() -> None:
    week = WeekResults.of([5, 5, 5, 9], [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12],
                                         [1, 2, 3, 4]], [420, 400, 420, 0],
                          [[False, True, False, False]] + [[False] * 4] * 3)
    done = rate_week(Ratings.empty(), week, RateSettings(min_results=3, scoring="mp", start_weight=24.0))
    # The disconnected player: (24/4·50 + ¼·0)/(24/4 + ¼) = 48; the share −48/(25 − 1).
    assert explain_board(done, 5, 2) == (
        "Board 5, East (player 2): disconnected: the table's result is left out of the fit, "
        "and the board counts as a Rate of 0.00 for this player (the seed's rule), against the "
        "fitted Rate of 48.00. With the other players' Rates held where the fit put them, this "
        "board moved the Rate by −2.00.")
    assert "断线：本桌结果不计入拟合" in explain_board(done, 5, 2, "zh")
    # A table with a disconnection is left out for its other players.
    assert explain_board(done, 5, 1).endswith(
        "A player at the table disconnected: the table's result is left out of the fit and "
        "does not move this player's Rate.")
    assert explain_board(done, 5, 10).startswith(
        "Board 5, East (player 10): NS scored +420: 3 of 4 matchpoints, 75.00% for NS.")
    assert explain_board(done, 9, 3) == (
        "Board 9, South (player 3): the board had 1 result this week, fewer than 3: it is not "
        "rated (no reliable datum) and counts for no one's Rate.")
    assert "少于 3 个" in explain_board(done, 9, 3, "zh")


def test_explain_board_refuses() -> None:
    done = rate_week(Ratings.empty(), WEEK, ST)
    with pytest.raises(BridgeError, match="player 9 has no result on board 1") as e:
        explain_board(done, 1, 9)
    assert "牌手 9 本周在第 1 副上没有结果" in e.value.message("zh")
    with pytest.raises(BridgeError, match="invalid board '1'"):
        explain_board(done, "1", 1)  # type: ignore[arg-type]
    with pytest.raises(BridgeError, match="expected a week's rating"):
        explain_board(None, 1, 1)  # type: ignore[arg-type]
    with pytest.raises(BridgeError, match="more than one board"):
        board_share(WeekResults.of([1, 2], [[1, 2, 3, 4], [5, 6, 7, 8]], [0, 0]),
                    done.ratings, 24.0, 1, ST)
    with pytest.raises(BridgeError, match="invalid language"):
        explain_board(done, 1, 1, "fr")  # type: ignore[arg-type]
