"""The OLD Rate (牌技指数), as the library computed it before issue 21: kept here, unchanged,
as a baseline for ``benchmarks/rating_simulation.py`` (``from old_rate import rate_week,
RateSettings``).  The library's Rate is now a joint fit (``bridgescore.ratings.fit``); these
formulas are no longer the platform's.

The old steps, all vectorised (no Python loop over results, players or boards):

1. players and boards to dense codes (``index.codes``); the rows sorted by (board, NS score)
   (``index.board_order``);
2. per board, the datum and each result's NS IMPs (``board.datum_imps``) and
   ``pct = 50 + 50·tanh(IMPs/S)``, or the matchpoint percentage (``board.matchpoints``);
3. per result, the four Rates R (old Rates; a new player's ``start_rate``), the difference of
   pair levels ``D = (R_N + R_S)/2 − (R_E + R_W)/2`` and the board's mean D̄;
4. per result and seat, the Rate on the board, e.g. for North
   ``r = 2·(pct − 50) + R_E + R_W − R_S + 2·D̄`` (0 for a disconnection);
5. per player, ``W`` = the mean of r over the week's rated boards (``n`` of them), and the
   blend ``R' = (w·R + n·W)/(w + n)`` with ``w = min(max_weight, w_old)·fade``.

The code below is the library's ``ratings/rate.py`` and ``ratings/settings.py`` of commit
5e9c5d3, with only their imports made absolute; ``prior`` is a ``bridgescore.ratings.Ratings``
and ``week`` a ``bridgescore.ratings.WeekResults`` as before.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from bridgescore.core.errors import BridgeError
from bridgescore.core.serial import Data, settings_from_dict, settings_to_dict
from bridgescore.core.text import excerpt
from bridgescore.ratings.board import datum_imps, matchpoints, segments
from bridgescore.ratings.index import board_order, codes
from bridgescore.ratings.week import Ratings, WeekResults
from bridgescore.sessions.imp_pairs import ImpSettings

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["RateSettings", "Scoring", "WeekDetail", "WeekRating", "rate_week"]

Scoring = Literal["ximp", "mp"]


@dataclass(frozen=True, slots=True)
class RateSettings:
    """How the Rate (牌技指数) is computed (docs/ratings.md "Settings").

    ``start_rate``, ``start_weight``: a new player's Rate and its weight in boards;
    ``imp_scale``: S of ``pct = 50 + 50·tanh(IMPs/S)``; ``fade``: how much of a player's
    weight is left a week later; ``max_weight``: the weight is capped there before fading;
    ``min_results``: a board with fewer results this week is not rated; ``field_adjust``:
    subtract the field's mean difference D̄ of pair levels; ``disconnect_rate``: a
    disconnected player's Rate on that board (seed §10: 0); ``scoring``: ``"ximp"`` (IMPs
    against the datum) or ``"mp"`` (the board's matchpoint percentage); ``passes``: how many
    times the week is solved (1: the others' Rates held at their old values); ``pool``: the
    pool's scoring settings, whose datum (``drop``, ``rounding``, ``datum_round``) and IMP
    table (``imp_scale``) the Rate uses as they are.
    """

    start_rate: float = 50.0
    # The four constants the seed leaves open, tuned by benchmarks/rating_simulation.py on
    # one seed and reported on five others (docs/ratings.md "How good it is").
    start_weight: float = 80.0
    imp_scale: float = 3.0
    fade: float = 0.97
    max_weight: float = 3000.0
    min_results: int = 6
    field_adjust: bool = True
    disconnect_rate: float = 0.0
    scoring: Scoring = "ximp"
    passes: int = 2
    pool: ImpSettings = field(default_factory=ImpSettings)

    def __post_init__(self) -> None:
        for name in ("start_rate", "start_weight", "imp_scale", "fade", "max_weight",
                     "disconnect_rate"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
                raise _bad(name, v, "a finite number", "有限的数")
            object.__setattr__(self, name, float(v))
        if not -1e6 <= self.start_rate <= 1e6:
            raise _bad("start_rate", self.start_rate, "a percentage (from -1000000 to 1000000)",
                       "百分数（-1000000 到 1000000 之间）")
        if not -1e6 <= self.disconnect_rate <= 1e6:
            raise _bad("disconnect_rate", self.disconnect_rate,
                       "a percentage (from -1000000 to 1000000)", "百分数（-1000000 到 1000000 之间）")
        if self.start_weight < 0:
            raise _bad("start_weight", self.start_weight, "a weight in boards, 0 or more",
                       "以副数计的权重，不小于 0")
        if self.imp_scale <= 0:
            raise _bad("imp_scale", self.imp_scale, "a number of IMPs above 0", "大于 0 的 IMP 数")
        if not 0 < self.fade <= 1:
            raise _bad("fade", self.fade, "a fraction above 0 and at most 1",
                       "大于 0、不大于 1 的比例")
        if self.max_weight <= 0:
            raise _bad("max_weight", self.max_weight, "a weight in boards above 0",
                       "大于 0 的以副数计的权重")
        if type(self.min_results) is not int or self.min_results < 1:
            raise _bad("min_results", self.min_results, "a whole number of results from 1",
                       "从 1 起的结果数")
        if type(self.field_adjust) is not bool:
            raise _bad("field_adjust", self.field_adjust, "true or false", "true 或 false")
        if self.scoring not in ("ximp", "mp"):
            raise _bad("scoring", self.scoring, "'ximp' or 'mp'", "'ximp' 或 'mp'")
        if type(self.passes) is not int or not 1 <= self.passes <= 50:
            raise _bad("passes", self.passes, "a whole number from 1 to 50", "1 到 50 之间的整数")
        if not isinstance(self.pool, ImpSettings):
            raise _bad("pool", self.pool, "the pool's ImpSettings", "牌库的 ImpSettings")
        if type(self.pool.datum_round) is not int:
            raise _bad("pool.datum_round", self.pool.datum_round, "a whole number of points",
                       "整数分")

    def to_dict(self) -> Data:
        """Plain data (``bridgescore.core.serial``); the pool's settings by value."""
        return settings_to_dict(self)

    @classmethod
    def from_dict(cls, data: object) -> RateSettings:
        return settings_from_dict(cls, data)


def _bad(name: str, value: object, en: str, zh: str) -> BridgeError:
    return BridgeError(f"invalid Rate setting {name} = {excerpt(value)}: expected {en}",
                       f"无效的牌技指数设置 {name} = {excerpt(value)}：应为{zh}")



@dataclass(frozen=True, slots=True, eq=False)
class WeekDetail:
    """Every result of the week as the Rate saw it, rows sorted by (board key, NS score):
    for pages that explain a board's Rate (``explain_board``).

    ``row``: the row's index in the ``WeekResults`` given; ``board``, ``players``,
    ``ns_score``, ``rate_zero``: as given; ``results``: how many results the board had this
    week; ``rated``: the board was rated (``results ≥ min_results``); ``datum`` the board's
    datum (NaN in MP scoring or when the board is not rated); ``points`` the NS IMPs against
    the datum (XIMP) or NS matchpoints on the 2/1/0 scale (MP); ``pct`` the NS percentage
    (NaN when not rated); ``field`` the board's D̄ (NS minus EW, NaN when not rated);
    ``expected`` the table's expected NS percentage ``50 + D − D̄``; ``rates`` (n, 4) the
    four Rates the board's Rates were worked from (the old Rates, or after ``passes > 1`` the
    last pass's); ``board_rate`` (n, 4) each player's Rate on the board (NaN where it does
    not count: a board not rated, the player not disconnected)."""

    row: NDArray[np.int64]
    board: NDArray[np.int64]
    players: NDArray[np.int64]
    ns_score: NDArray[np.int64]
    rate_zero: NDArray[np.bool_]
    results: NDArray[np.int64]
    rated: NDArray[np.bool_]
    datum: NDArray[np.float64]
    points: NDArray[np.int64]
    pct: NDArray[np.float64]
    field: NDArray[np.float64]
    expected: NDArray[np.float64]
    rates: NDArray[np.float64]
    board_rate: NDArray[np.float64]

    def __post_init__(self) -> None:
        for name in self.__dataclass_fields__:
            getattr(self, name).flags.writeable = False

    def __len__(self) -> int:
        return int(self.row.shape[0])


@dataclass(frozen=True, slots=True, eq=False)
class WeekRating:
    """What a week did: the new ``ratings`` (every player of the old ratings and of the week),
    and for each player with at least one rated board this week (``player``, sorted) the
    number of those boards (``boards``: rated boards and disconnections) and the week's Rate
    ``week_rate`` (W, the mean of the player's Rates on those boards).  ``detail`` when asked
    for (``rate_week(..., detail=True)``).  ``pass_rate``, one per ``ratings.player``: the
    Rates the week's last pass worked from (the old Rates with one pass; the previous pass's
    result with more): with them and a board, a player's Rate on that board is explained
    exactly (``explain_board``), so the platform keeps them with each player's week."""

    ratings: Ratings
    player: NDArray[np.int64]
    boards: NDArray[np.int64]
    week_rate: NDArray[np.float64]
    settings: RateSettings
    detail: WeekDetail | None = None
    pass_rate: NDArray[np.float64] | None = None

    def __post_init__(self) -> None:
        for name in ("player", "boards", "week_rate", "pass_rate"):
            a = getattr(self, name)
            if a is not None:
                a.flags.writeable = False


def rate_week(prior: Ratings, week: WeekResults, settings: RateSettings | None = None, *,
              detail: bool = False) -> WeekRating:
    """Close one week: every player's new Rate from the old ``prior`` and the week's results
    (module docstring; docs/ratings.md)."""
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
    n = len(week)

    # 1. Codes and the board order.  The rows' per-seat arrays are kept seat-major, (4, n):
    # each seat's column is contiguous, so the arithmetic below reads memory in order.
    ids, flat_code = codes(week.players.reshape(-1), prior.player)
    m = ids.size
    at_prior = np.searchsorted(ids, prior.player)
    board_ids, board_code = codes(week.board)
    order, bcode, score = board_order(board_code, week.ns_score)
    del board_code
    # Whole rows gathered (one cache line a row), then turned seat-major in order, as intp
    # (the index type np.take and np.bincount work in: no conversion at each use).
    seat_code = np.ascontiguousarray(np.take(flat_code.reshape(n, 4), order, axis=0).T,
                                     dtype=np.intp)
    del flat_code
    zero = np.take(np.ascontiguousarray(week.rate_zero).view(np.uint32).reshape(n), order) \
        .view(np.bool_).reshape(n, 4).T.copy()
    starts, counts = segments(bcode)
    _check_boards(bcode, seat_code, m, ids, board_ids)

    # 2. The week's board scores.
    if st.scoring == "ximp":
        datum_b, points = datum_imps(score, starts, counts, st.pool)
        # pct = 50 + 50·tanh(IMPs/S), looked up: the IMPs take few values.
        most = int(np.abs(points).max(initial=0))
        steps = np.arange(-most, most + 1)
        pct = np.take(50.0 + 50.0 * np.tanh(steps / st.imp_scale), points + most)
    else:
        points, pct = matchpoints(bcode, score, starts, counts)
        datum_b = np.full(starts.size, np.nan)
    rated_b = counts >= st.min_results
    rated = np.repeat(rated_b, counts)
    # Who counts on a board: everybody at a rated board, and a disconnected player anywhere.
    counted = zero | rated
    every = seat_code.reshape(-1)
    played = np.bincount(every, minlength=m)
    if not bool(counted.all()):
        played -= np.bincount(seat_code[~counted], minlength=m)
    played = played.astype(np.int64)
    has = played > 0

    # 3–5. The prior of every player, then the pass(es).
    r_old = np.full(m, st.start_rate)
    r_old[at_prior] = prior.rate
    w = np.full(m, st.start_weight)
    w[at_prior] = np.minimum(prior.weight, st.max_weight) * st.fade
    boards_old = np.zeros(m, np.int64)
    boards_old[at_prior] = prior.boards
    rates_now = r_old
    week_rate = np.zeros(m)
    last: tuple[NDArray[np.float64], ...] = ()
    pass_rate = r_old
    for _ in range(st.passes):
        pass_rate = rates_now  # what this pass works from: the last one's is kept
        table = np.empty((4, n))
        for seat in range(4):
            np.take(rates_now, seat_code[seat], out=table[seat])
        d_ns, d_bar = _differences(table, bcode, counts, rated, starts.size, st.field_adjust)
        board_rate = _board_rates(table, pct, d_bar, zero, st.disconnect_rate)
        last = (table, d_ns, d_bar, board_rate.copy()) if detail else ()
        del table
        # A player's Rates on the boards are added seat by seat, board by board (the rows'
        # order): an order no row order or player name changes.  Where a Rate does not count
        # it adds 0.0, which leaves a sum as it was.
        np.copyto(board_rate, 0.0, where=~counted)
        total = np.bincount(every, weights=board_rate.reshape(-1), minlength=m)
        del board_rate
        week_rate = np.zeros(m)
        week_rate[has] = total[has] / played[has]
        new = r_old.copy()
        new[has] = (w[has] * r_old[has] + played[has] * week_rate[has]) / (w[has] + played[has])
        rates_now = new
    ratings = Ratings._trusted(ids, rates_now, w + played, boards_old + played)
    out_detail = None
    if detail:
        table, d_ns, d_bar, board_rate = last
        out_detail = _detail(week, order, counts, rated, counted, datum_b, points, pct, d_ns,
                             d_bar, table, board_rate)
    return WeekRating(ratings, ids[has], played[has], week_rate[has], st, out_detail,
                      pass_rate.copy())


def _check_boards(bcode: NDArray[Any], seat_code: NDArray[Any], m: int,
                  ids: NDArray[np.int64], board_ids: NDArray[np.int64]) -> None:
    """A player plays a board once: two results of one player on one board are refused
    (one sort of the (board, player) pairs)."""
    n = bcode.size
    if n == 0:
        return
    key = np.empty(4 * n, np.int64)
    base = bcode.astype(np.int64)
    base *= max(m, 1)
    for seat in range(4):
        np.add(base, seat_code[seat], out=key[seat * n:(seat + 1) * n])
    del base
    key.sort()
    twice = np.flatnonzero(key[1:] == key[:-1])
    if twice.size:
        k = int(key[twice[0]])
        b, p = divmod(k, max(m, 1))
        raise BridgeError(f"player {int(ids[p])} has two results on board {int(board_ids[b])}: a "
                          "player plays each board once",
                          f"牌手 {int(ids[p])} 在第 {int(board_ids[b])} 副上有两个结果：每副牌一名牌手只打一次")


def _differences(table: NDArray[np.float64], bcode: NDArray[Any], counts: NDArray[np.int64],
                 rated: NDArray[np.bool_], boards: int, adjust: bool
                 ) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Each row's D (NS pair level minus EW's) and its board's mean D̄ (0 when
    ``field_adjust`` is off or the board is not rated), per row; ``table`` is (4, n)."""
    d = (table[0] + table[2]) * 0.5 - (table[1] + table[3]) * 0.5
    if not adjust or d.size == 0:
        return d, np.zeros(d.size)
    return d, np.take(_field(d, bcode, counts, rated, boards), bcode)


def _field(d: NDArray[np.float64], bcode: NDArray[Any], counts: NDArray[np.int64],
           rated: NDArray[np.bool_], boards: int) -> NDArray[np.float64]:
    """Each board's mean of D, summed exactly: every D is rounded to a grid of 2^-k (k = 32,
    less when the Rates are so large that a board's sum might not stay below 2^52) and the
    whole numbers of steps are added, exactly in any order; the sum is divided by 2^k and by
    the board's count.  (The rounding moves D̄ by at most 2^-33 ≈ 1e-10 of a percent.)"""
    biggest = float(np.max(np.abs(d[rated]), initial=0.0))
    most = int(counts.max(initial=1))
    k = 32
    if biggest > 0:
        k = min(32, math.floor(52 - math.log2(biggest * most)) - 1)
    steps = np.rint(np.ldexp(d, k))
    steps[~rated] = 0.0
    sums = np.bincount(bcode, weights=steps, minlength=boards)
    out: NDArray[np.float64] = np.ldexp(sums, -k) / counts
    return out


def _board_rates(table: NDArray[np.float64], pct: NDArray[np.float64], d_bar: NDArray[np.float64],
                 zero: NDArray[np.bool_], disconnect: float) -> NDArray[np.float64]:
    """Each seat's Rate on the board, (4, n): for NS ``2·(pct − 50) + R_E + R_W − partner +
    2·D̄``, for EW ``2·(pct_EW − 50) + R_N + R_S − partner − 2·D̄`` (pct_EW = 100 − pct);
    a disconnection's is ``disconnect``."""
    n_, e_, s_, w_ = table[0], table[1], table[2], table[3]
    ns = 2.0 * (pct - 50.0)
    ew = 2.0 * ((100.0 - pct) - 50.0)
    f = 2.0 * d_bar
    out = np.empty(table.shape)
    for seat, (side, a, b, partner, sign) in enumerate((
            (ns, e_, w_, s_, 1.0), (ew, n_, s_, w_, -1.0),
            (ns, e_, w_, n_, 1.0), (ew, n_, s_, e_, -1.0))):
        row = out[seat]
        np.add(side, a, out=row)
        row += b
        row -= partner
        if sign > 0:
            row += f
        else:
            row -= f
    out[zero] = disconnect
    return out


def _detail(week: WeekResults, order: NDArray[np.int64], counts: NDArray[np.int64],
            rated: NDArray[np.bool_], counted: NDArray[np.bool_], datum_b: NDArray[np.float64],
            points: NDArray[np.int64], pct: NDArray[np.float64], d_ns: NDArray[np.float64],
            d_bar: NDArray[np.float64], table: NDArray[np.float64],
            board_rate: NDArray[np.float64]) -> WeekDetail:
    nan = np.float64(np.nan)
    datum = np.where(rated, np.repeat(datum_b, counts), nan)
    pct_shown = np.where(rated, pct, nan)
    field = np.where(rated, d_bar, nan)
    expected = np.where(rated, 50.0 + d_ns - d_bar, nan)
    br = np.where(counted, board_rate, nan).T.copy()
    return WeekDetail(order, np.take(week.board, order), np.take(week.players, order, axis=0),
                      np.take(week.ns_score, order), np.take(week.rate_zero, order, axis=0),
                      np.repeat(counts, counts), rated, datum,
                      np.where(rated, points, 0).astype(np.int64), pct_shown, field, expected,
                      table.T.copy(), br)
