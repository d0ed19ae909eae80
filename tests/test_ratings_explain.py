"""A board explained under the joint fit (``ratings/explain.py``), in both languages: the
figures worked out here by hand from docs/ratings.md's formulas, and the board's share checked
against its definition (the player's Rate with and without the board, the others held)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from bridgescore.errors import BridgeError
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
                  max_iterations=1000)
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


def test_the_share_is_the_change_with_and_without_the_board() -> None:
    """On a random week: the player's Rate with the board, less the Rate that solves the
    player's own equation without it (everyone else held), equals the share."""
    rng = np.random.default_rng(3)
    rows, boards = [], []
    for b in range(6):
        seat = rng.permutation(np.arange(1, 25))
        for t in range(6):
            rows.append(seat[4 * t:4 * t + 4].tolist())
            boards.append(b)
    scores = rng.choice([-100, 110, 140, 420, 450, 620], len(rows)).tolist()
    week = WeekResults.of(boards, rows, scores)
    done = rate_week(Ratings.empty(), week, ST)
    player = 7
    i = int(done.ratings.index([player])[0])
    prec = float(done.precision[i])
    for b in range(6):
        sub = week.take(np.flatnonzero(week.board == b))
        s = board_share(sub, done.ratings, prec, player, ST)
        # Without the board: R' solves (P − w(1 − 1/n))/4 · (R' − R) = −(r/2)·w … i.e.
        # R − R' = (r/2) / ((P − (1 − 1/n))/4).
        r_without = done.ratings.get(player)[0] - (s.residual / 2) / ((prec - (1 - 1 / 6)) / 4)
        assert s.share == pytest.approx(done.ratings.get(player)[0] - r_without, abs=1e-12)
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
