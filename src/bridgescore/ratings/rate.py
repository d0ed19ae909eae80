"""One week of the Rate (牌技指数): ``rate_week(prior, week, settings, window)``
(docs/ratings.md).

The seed's five steps (``../shared/spec/platform.md`` §2), as a joint estimate:

1. each result's NS IMPs against its board's trimmed-mean datum (or its matchpoints) and its
   percentage ``pct = 50 + 50·tanh(IMPs/S)`` (``fit.prepare``);
2. the expectation of a table from the four players' Rates, partner and opponents balanced,
   against the board's field: ``50 + ȳ_b + g(u) − mean_b g(u)``, ``u = D − D̄_b``,
   ``g(u) = K·tanh(u/K)`` (``fit``'s module docstring);
3–4. the week's new Rates fitted to every result of the window at once, blended with the old
   Rates by board counts: the prior is the old Rate, weighing the boards it stands for that are
   no longer in the window (``fit.priors``);
5. older results weigh less: a result ``a`` weeks old weighs ``fade**a``.

A week is closed with the Rates and the window of the week before; what it returns carries
both on to the next::

    done = rate_week(prior, week, settings, window)
    prior, window = done.ratings, done.window

>>> from bridgescore.ratings import RateSettings, Ratings, WeekResults, rate_week
>>> st = RateSettings(min_results=2)
>>> week = WeekResults.of(board=[1, 1], players=[[1, 2, 3, 4], [5, 6, 7, 8]],
...                       ns_score=[420, 170])
>>> done = rate_week(Ratings.empty(), week, st)
>>> [round(x, 2) for x in done.ratings.rate.tolist()]
[52.15, 47.85, 52.15, 47.85, 47.85, 52.15, 47.85, 52.15]
>>> later = rate_week(done.ratings, WeekResults.empty(), st, done.window)
>>> [round(x, 2) for x in later.ratings.rate.tolist()], later.window.weeks, later.iterations
([52.15, 47.85, 52.15, 47.85, 47.85, 52.15, 47.85, 52.15], 2, 0)

(Datum 300: NS +3 and −4 IMPs, 50 + 50·tanh(3/20) = 57.44 % and 50 + 50·tanh(−4/20) =
40.13 %; the board's mean is 48.79 %, so the first table's NS scored 8.66 above it and the
second's 8.66 below.  By symmetry the Rates are 50 ± a, the first table's level difference
less the board's is u = 2a, and its expectation g(2a) = 30·tanh(2a/30) above the board's mean.
A player's coefficient in it is ±¼·g′(2a) on each of the two results, whose residuals are
±(8.66 − g(2a)): player 1's equation is ½·g′(2a)·(8.66 − g(2a)) = (4/4)·a (the prior: 50 of
weight 4 boards, a board being worth ¼), so a = 2.15 (2.16 with a linear expectation).
A week later nobody played: the week's results and the prior both weigh 0.97 as much, the
minimum stays, and no step is taken.)

Pure NumPy, no database and no Django.  ``import bridgescore`` does not load this package.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..core.errors import BridgeError
from ..core.text import excerpt
from .fit import Window, _fit_key, fit_window, fold, newest, prepare
from .index import codes
from .settings import RateSettings
from .week import Ratings, WeekResults

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["WeekRating", "rate_week"]


@dataclass(frozen=True, slots=True, eq=False)
class WeekRating:
    """What a week did.

    ``ratings``: the new Ratings (every player of the old ratings and of the week; ``weight``
    is the Rate's weight in boards: its prior's and its results' in the window, faded);
    ``window``: the window with this week in it, for the next week; for each player with a
    board counted this week (``player``, sorted): ``boards`` (results on rated boards and
    disconnections) and ``week_rate``, the Rate that fits this week's boards best with the
    others' Rates held at their fitted values (NaN when the boards carry no information, e.g.
    a board of one result); ``precision``, one per ``ratings.player``: the Rate's precision in
    boards, 4 × the diagonal of the normal equations (the prior's weight and the results'
    information: what a board's share is weighed against, ``explain.board_share``; a player
    away from the window: the prior's weight);
    ``iterations`` and ``step``: the conjugate-gradient steps taken and the largest Jacobi
    step left; ``week``: the results given, ``settings`` as used."""

    ratings: Ratings
    window: Window
    player: NDArray[np.int64]
    boards: NDArray[np.int64]
    week_rate: NDArray[np.float64]
    precision: NDArray[np.float64]
    iterations: int
    step: float
    week: WeekResults
    settings: RateSettings

    def __post_init__(self) -> None:
        for name in ("player", "boards", "week_rate", "precision"):
            getattr(self, name).flags.writeable = False


def rate_week(prior: Ratings, week: WeekResults, settings: RateSettings | None = None,
              window: Window | None = None) -> WeekRating:
    """Close one week: every player's new Rate from the old ``prior``, the week's results
    and the ``window`` of the weeks before (None: none kept, e.g. the first week; the prior's
    whole weight is then outside the window), as the module docstring says."""
    st = RateSettings() if settings is None else settings
    if not isinstance(prior, Ratings):
        raise BridgeError(f"expected the ratings before the week (Ratings), got {excerpt(prior)}",
                          f"应为本周之前的牌技指数（Ratings），实为 {excerpt(prior)}")
    if not isinstance(week, WeekResults):
        raise BridgeError(f"expected the week's results (WeekResults), got {excerpt(week)}",
                          f"应为本周结果（WeekResults），实为 {excerpt(week)}")
    if not isinstance(st, RateSettings):
        raise BridgeError(f"expected RateSettings, got {excerpt(st)}",
                          f"应为 RateSettings，实为 {excerpt(st)}")
    if window is None:
        window = Window.empty(st)
    elif not isinstance(window, Window):
        raise BridgeError(f"expected the window of the weeks before (Window), got "
                          f"{excerpt(window)}", f"应为之前各周的窗口（Window），实为 {excerpt(window)}")
    elif window.key != _fit_key(st):
        raise BridgeError("the window was prepared with other settings (scoring, min_results, "
                          "imp_scale or the pool's): rebuild it with these (Window.of)",
                          "窗口是按其他设置（计分方式、min_results、imp_scale 或牌库设置）准备的：请按当前设置重建"
                          "（Window.of）")

    prepared = prepare(week, st)
    gone = window.leaving(int(prepared.pair.size), st)
    # The prior of everybody rated: the weeks leaving the window folded into it.
    anchor_p, lam_p = fold(window, gone, prior, st)
    win = window.push(prepared, st)
    del prepared

    # Everybody: the prior's players, the week's, and the window's (a window built from
    # weeks that were not all rated, Window.of, may hold players the prior lacks: they
    # start as newcomers).
    ids = codes(np.concatenate([week.players.reshape(-1), win.ids]), prior.player)[0]
    m = ids.size
    anchor = np.full(m, st.start_rate)
    lam = np.full(m, st.start_weight)
    rate = np.full(m, st.start_rate)
    boards = np.zeros(m, np.int64)
    if len(prior):
        at = np.searchsorted(ids, prior.player)
        anchor[at] = anchor_p
        lam[at] = lam_p
        rate[at] = prior.rate
        boards[at] = prior.boards
    w_at = np.searchsorted(ids, win.ids)
    # The fit, from last week's Rates (a newcomer's: the start).
    fit = fit_window(win, anchor[w_at], lam[w_at], rate[w_at], st)
    played, week_rate_w = newest(win, fit.rate, st)
    # Away from the window, the fit's answer is the prior itself.
    rate = anchor.copy()
    weight = lam.copy()
    precision = lam.copy()
    rate[w_at] = fit.rate
    weight[w_at] += fit.held
    precision[w_at] = fit.precision
    boards[w_at] += played
    has = played > 0
    ratings = Ratings._trusted(ids, rate, weight, boards, anchor, lam)
    return WeekRating(ratings, win, win.ids[has], played[has], week_rate_w[has], precision,
                      fit.iterations, fit.step, week, st)
