"""The Rate (牌技指数) as a joint estimate: every player's Rate fitted at once to all the
results of a window of weeks (docs/ratings.md "The model").

The model, per result i of a rated board b (NS players N, S; EW players E, W):

    pct_i − 50 ≈ ȳ_b + g(u_i) − mean_b g(u),   u_i = D_i − D̄_b,   D_i = (R_N + R_S)/2 − (R_E + R_W)/2

with ``g(u) = K·tanh(u/K)`` (``saturation``; ``g(u) = u`` when it is 0), where ``pct`` is the NS
percentage (``50 + 50·tanh(IMPs/S)`` of the IMPs against the board's datum, or the matchpoint
percentage), ȳ_b the board's mean of ``pct − 50`` and D̄_b its mean of D (with
``field_adjust`` off ȳ_b, D̄_b and mean_b g are 0).  The Rates R minimise

    Σ_i w_i·(y_i − ȳ_b − g(u_i) + mean_b g)²  +  Σ_p (λ_p/4)·(R_p − A_p)²  +  Σ_z (w_z/4)·(R_p(z) − r₀)²

with ``y = pct − 50``; ``w = fade**(weeks ago)``; the prior A (the anchor: the Rate the
player's results outside the window stand for; a newcomer's ``start_rate``) of weight λ in
boards (a newcomer's ``start_weight``; one board of a player weighs about ¼ in the sum, hence
λ/4); and one term per disconnection z (the seed's Rate of ``disconnect_rate`` on that board,
one board's weight: the table's result is left out, a robot played part of it).

The minimum is found by Newton's passes from last week's Rates (``fit_window``): each
linearises the expectation at the Rates (slopes ``g′``, bends ``g″``) and solves for the step
by conjugate gradients with a Jacobi preconditioner; a step that does not lower the sum
gives way to Gauss–Newton's, halved.  With a linear expectation the sum is quadratic and one
pass, solved to the tolerance, is its minimum.  Nothing is ever formed as a matrix: a product
``H·v`` is four gathers, the boards' sums and four ``np.bincount``, all vectorised.

**The same figures for any row order and any player ids, to the last digit.**  Rows are kept
sorted by (week, board key, NS score); a player has one row a board, so a player's sums
(``np.bincount``) add the same terms in the same order whatever the input's order or the ids.
A board's mean of D (and of g, of the slopes, of every vector a product centres) is summed in
whole numbers on a grid (exact in any order: rows of a board that tie on the score may come in
any order), a board's mean of y adds equal values where rows tie; every dot product (whose
order depends on the ids), the sum minimised included, is summed exactly, in whole numbers on
a grid too (``_dot``); ``tanh`` is taken element by element.  The stopping rule (the largest Jacobi
step) is a maximum, which no order changes.

**The window.**  The fit keeps the last ``window`` weeks of prepared results (a
:class:`Window`: 4 int32 player codes and one float a result, about 28 bytes), at most
``max_results`` results (the oldest weeks leave first).  A week leaving the window is folded
into each of its players' prior (``fold``: the week's best Rate for the player alone, the
others held at their last Rates, blended into the anchor by weight; docs/ratings.md "The
prior").
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.errors import BridgeError
from .board import datum_imps, matchpoints, segments
from .index import board_order, codes
from .settings import RateSettings
from .week import Ratings, WeekResults

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["Fit", "Prepared", "Window", "fit_window", "fold", "newest", "prepare"]

_SIGN = (1.0, -1.0, 1.0, -1.0)  # NS +, EW −


# ---------------------------------------------------------------------------- a week prepared


@dataclass(frozen=True, slots=True, eq=False)
class Prepared:
    """One week's results as the fit uses them, rows sorted by (board key, NS score).

    Every row (``row``: its index in the week given; ``board``, ``players``, ``ns_score``,
    ``rate_zero`` in that order; ``results`` the board's count this week; ``rated`` the
    board is rated; ``datum`` (NaN when MP or not rated); ``points`` the NS IMPs or
    matchpoints; ``pct`` the NS percentage, NaN when not rated); then what the fit takes:
    ``pair`` (k,) the rows that are results of the fit (a rated board, nobody disconnected),
    ``board_rows`` how many of them each board has (boards in order, none empty);
    ``zero_player`` the disconnected players, row by row."""

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
    pair: NDArray[np.int64]
    board_rows: NDArray[np.int64]
    zero_player: NDArray[np.int64]


def prepare(week: WeekResults, st: RateSettings) -> Prepared:
    """The week's rows sorted, each board's datum and every result's percentage (step 1)."""
    n = len(week)
    board_ids, board_code = codes(week.board)
    order, bcode, score = board_order(board_code, week.ns_score)
    del board_code
    players = np.take(week.players, order, axis=0)
    zero = np.take(week.rate_zero, order, axis=0)
    _check_boards(bcode, players, board_ids)
    starts, counts = segments(bcode)
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
    nan = np.float64(np.nan)
    pair_mask = rated & ~zero.any(axis=1) if n else np.zeros(0, np.bool_)
    pair = np.flatnonzero(pair_mask).astype(np.int64)
    board_rows = np.bincount(bcode[pair], minlength=starts.size).astype(np.int64) \
        if n else np.zeros(0, np.int64)
    board_rows = board_rows[board_rows > 0]
    zero_player = players[zero] if n else np.zeros(0, np.int64)
    return Prepared(order, np.take(week.board, order), players, score, zero,
                    np.repeat(counts, counts), rated,
                    np.where(rated, np.repeat(datum_b, counts), nan),
                    np.where(rated, points, 0).astype(np.int64), np.where(rated, pct, nan),
                    pair, board_rows, zero_player.astype(np.int64))


def _check_boards(bcode: NDArray[Any], players: NDArray[np.int64],
                  board_ids: NDArray[np.int64]) -> None:
    """A player plays a board once: two results of one player on one board are refused
    (one sort of the (board, player) keys)."""
    n = bcode.size
    if n == 0:
        return
    ids, code = codes(players.reshape(-1))
    m = max(int(ids.size), 1)
    key = np.repeat(bcode.astype(np.int64) * m, 4)
    key += code
    del code
    key.sort()
    twice = np.flatnonzero(key[1:] == key[:-1])
    if twice.size:
        b, p = divmod(int(key[twice[0]]), m)
        raise BridgeError(f"player {int(ids[p])} has two results on board {int(board_ids[b])}: "
                          "a player plays each board once",
                          f"牌手 {int(ids[p])} 在第 {int(board_ids[b])} 副上有两个结果：每副牌一名牌手只打一次")


# ---------------------------------------------------------------------------- the window


def _fit_key(st: RateSettings) -> tuple[object, ...]:
    """The settings a prepared week depends on: a window is only used with the same."""
    return (st.scoring, st.min_results, st.imp_scale, st.pool)


@dataclass(frozen=True, slots=True, eq=False)
class Window:
    """The results the fit keeps, oldest week first (module docstring, "The window").

    ``ids`` (m,) the window's players, sorted; ``code`` (4, k) int32 each result's four
    players (N, E, S, W) as positions in ``ids``; ``y`` (k,) the NS ``pct − 50``;
    ``board_rows`` each board's number of results (a board's rows are consecutive);
    ``week_rows``, ``week_boards``, ``week_zeros`` each week's results, boards and
    disconnections; ``zero_code`` the disconnected players (positions in ``ids``)."""

    ids: NDArray[np.int64]
    code: NDArray[np.int32]
    y: NDArray[np.float64]
    board_rows: NDArray[np.int64]
    week_rows: NDArray[np.int64]
    week_boards: NDArray[np.int64]
    week_zeros: NDArray[np.int64]
    zero_code: NDArray[np.int32]
    key: tuple[object, ...] = field(default=())

    def __post_init__(self) -> None:
        for name in ("ids", "code", "y", "board_rows", "week_rows", "week_boards",
                     "week_zeros", "zero_code"):
            getattr(self, name).flags.writeable = False

    @classmethod
    def empty(cls, settings: RateSettings | None = None) -> Window:
        st = RateSettings() if settings is None else settings
        z = np.zeros(0, np.int64)
        return cls(z, np.zeros((4, 0), np.int32), np.zeros(0), z, z, z, z,
                   np.zeros(0, np.int32), _fit_key(st))

    @classmethod
    def of(cls, weeks: list[WeekResults], settings: RateSettings | None = None) -> Window:
        """The window after ``weeks`` (oldest first), as the weekly fits would have left it:
        how the platform rebuilds it from the stored results."""
        st = RateSettings() if settings is None else settings
        w = cls.empty(st)
        for week in weeks:
            w = w.push(prepare(week, st), st)
        return w

    @property
    def weeks(self) -> int:
        return int(self.week_rows.size)

    _ARRAYS = ("ids", "code", "y", "board_rows", "week_rows", "week_boards", "week_zeros",
               "zero_code")

    def to_bytes(self) -> bytes:
        """The window's arrays as one ``.npz`` (uncompressed, no pickles): what the platform
        keeps so that the next close need not read the window's results back."""
        out = io.BytesIO()
        np.savez(out, **{name: getattr(self, name) for name in self._ARRAYS})
        return out.getvalue()

    @classmethod
    def from_bytes(cls, data: bytes, settings: RateSettings) -> Window:
        """A window kept by ``to_bytes``, for ``settings`` (the caller knows it was prepared
        with them); its arrays' kinds and shapes checked."""
        try:
            with np.load(io.BytesIO(data), allow_pickle=False) as z:
                got = {name: np.array(z[name]) for name in cls._ARRAYS}
        except (OSError, ValueError, KeyError) as e:
            raise BridgeError(f"not a kept window: {e}", f"不是保存的窗口：{e}") from None
        kinds = {"ids": "i", "code": "i", "y": "f", "board_rows": "i", "week_rows": "i",
                 "week_boards": "i", "week_zeros": "i", "zero_code": "i"}
        n = got["y"].shape[0] if got["y"].ndim == 1 else -1
        ok = all(got[k].dtype.kind == v for k, v in kinds.items()) and n >= 0 and \
            got["code"].shape == (4, n) and int(got["week_rows"].sum()) == n and \
            int(got["board_rows"].sum()) == n and \
            int(got["week_zeros"].sum()) == got["zero_code"].shape[0]
        if not ok:
            raise BridgeError("not a kept window: its arrays do not fit together",
                              "不是保存的窗口：数组彼此不符")
        return cls(got["ids"].astype(np.int64), got["code"].astype(np.int32), got["y"],
                   got["board_rows"].astype(np.int64), got["week_rows"].astype(np.int64),
                   got["week_boards"].astype(np.int64), got["week_zeros"].astype(np.int64),
                   got["zero_code"].astype(np.int32), _fit_key(settings))

    def __len__(self) -> int:
        return int(self.y.size)

    def leaving(self, rows: int, st: RateSettings) -> int:
        """How many of the oldest weeks leave when a week of ``rows`` results joins: beyond
        ``st.window`` weeks, or ``st.max_results`` results (the newest week always stays)."""
        week_rows = np.append(self.week_rows, rows)
        keep = min(st.window, week_rows.size)
        while keep > 1 and int(week_rows[-keep:].sum()) > st.max_results:
            keep -= 1
        return int(week_rows.size - keep)

    def push(self, week: Prepared, st: RateSettings) -> Window:
        """This window with ``week`` added as the newest, the oldest weeks dropped
        (``leaving``), and the players no longer in it dropped from ``ids``."""
        players = week.players[week.pair]
        gone = self.leaving(int(players.shape[0]), st)
        first_row = int(self.week_rows[:gone].sum())
        first_board = int(self.week_boards[:gone].sum())
        first_zero = int(self.week_zeros[:gone].sum())
        # The week's players coded among the window's and theirs (``index.codes``: a look-up
        # table for database keys, no hash or sort of the results' ids).
        k = int(players.shape[0])
        new_ids, coded = codes(np.concatenate([players.T.reshape(-1), week.zero_player]),
                               self.ids)
        week_code = coded[:4 * k].reshape(4, k).astype(np.int32, copy=False)
        zero_new = coded[4 * k:].astype(np.int32, copy=False)
        to_new = np.searchsorted(new_ids, self.ids).astype(np.int32)
        old_code = np.take(to_new, self.code[:, first_row:])
        old_zero = np.take(to_new, self.zero_code[first_zero:])
        code = np.concatenate([old_code, week_code], axis=1)
        del old_code, week_code
        zero_code = np.concatenate([old_zero, zero_new])
        y = np.concatenate([self.y[first_row:], week.pct[week.pair] - 50.0])
        board_rows = np.concatenate([self.board_rows[first_board:], week.board_rows])
        # The players still in the window, renumbered.
        present = np.zeros(new_ids.size, np.bool_)
        present[code.reshape(-1)] = True
        present[zero_code] = True
        if not bool(present.all()):
            renum = (np.cumsum(present) - 1).astype(np.int32)
            code = np.take(renum, code)
            zero_code = np.take(renum, zero_code)
            new_ids = new_ids[present]
        return Window(new_ids, np.ascontiguousarray(code, dtype=np.int32), y, board_rows,
                      np.append(self.week_rows[gone:], players.shape[0]),
                      np.append(self.week_boards[gone:], week.board_rows.size),
                      np.append(self.week_zeros[gone:], week.zero_player.size),
                      zero_code.astype(np.int32), _fit_key(st))


# ---------------------------------------------------------------------------- the fit
#
# Units: a board's result gives a player a coefficient ±½(1 − 1/n) (n: the board's results
# in the fit), so about ¼ in the diagonal of H.  The prior's weight λ and a disconnection are
# counted in boards, and enter H as λ/4 and w/4, so that 4·H_pp is the player's weight in
# boards ("precision").


@dataclass(frozen=True, slots=True, eq=False)
class Fit:
    """The fit of a window: for each of ``window.ids``, the Rate ``rate``, the weight of the
    player's results in the window ``held`` (in boards, faded) and ``precision`` = 4·H_pp
    (in boards: the prior's weight and the results' information); the number of
    conjugate-gradient steps taken and the largest Jacobi step left (``step``)."""

    rate: NDArray[np.float64]
    held: NDArray[np.float64]
    precision: NDArray[np.float64]
    iterations: int
    step: float


class _Rows:
    """Results of a window (all, or a range of whole weeks) as index arrays, with each
    week's weight ``fade**(weeks ago)``."""

    def __init__(self, window: Window, st: RateSettings, weeks: range, now: int) -> None:
        """``weeks``: which of the window's weeks; ``now``: the index the current week has
        (a week i is ``now − i`` weeks old)."""
        self.m = int(window.ids.size)
        self.adjust = st.field_adjust
        self.k = st.saturation
        wr, wb, wz = window.week_rows, window.week_boards, window.week_zeros
        r0, r1 = int(wr[:weeks.start].sum()), int(wr[:weeks.stop].sum())
        b0, b1 = int(wb[:weeks.start].sum()), int(wb[:weeks.stop].sum())
        z0, z1 = int(wz[:weeks.start].sum()), int(wz[:weeks.stop].sum())
        # intp: the index type np.take and np.bincount work in (no conversion at each use).
        self.code = window.code[:, r0:r1].astype(np.intp)
        self.zero = window.zero_code[z0:z1].astype(np.intp)
        self.counts = window.board_rows[b0:b1]
        k = int(self.counts.size)
        self.starts = np.zeros(k, np.int64)
        if k:
            np.cumsum(self.counts[:-1], out=self.starts[1:])
        self.most = int(self.counts.max(initial=1))
        self.slices: list[tuple[int, int, float]] = []
        self.zero_w = np.empty(self.zero.size)
        at = zat = 0
        for i in weeks:
            w = float(st.fade) ** (now - i)
            r, z = int(wr[i]), int(wz[i])
            self.slices.append((at, at + r, w))
            self.zero_w[zat:zat + z] = w
            at += r
            zat += z
        self.y = np.array(window.y[r0:r1])
        if self.adjust and self.y.size:
            self.y -= np.repeat(np.add.reduceat(self.y, self.starts) / self.counts, self.counts)

    def weigh(self, t: NDArray[np.float64]) -> None:
        for a, b, w in self.slices:
            if w != 1.0:
                t[a:b] *= w

    def scatter(self, t: NDArray[np.float64], same: bool = False) -> NDArray[np.float64]:
        """Σ over each player's results of ±t/2 (+ for NS, − for EW; ``same``: + for all)."""
        out = np.zeros(self.m)
        for seat in range(4):
            part = np.bincount(self.code[seat], weights=t, minlength=self.m)
            if same or _SIGN[seat] > 0:
                out += part
            else:
                out -= part
        out *= 0.5
        return out

    def differences(self, v: NDArray[np.float64]) -> NDArray[np.float64]:
        """Each result's u = D − D̄ (D alone with ``field_adjust`` off) for Rates v."""
        c = self.code
        d: NDArray[np.float64] = np.take(v, c[0])
        d += np.take(v, c[2])
        d -= np.take(v, c[1])
        d -= np.take(v, c[3])
        d *= 0.5
        if self.adjust and d.size:
            d -= np.repeat(self._board_means(d, 2.0 * float(np.max(np.abs(v), initial=0.0))),
                           self.counts)
        return d

    def centre(self, t: NDArray[np.float64], bound: float | None = None) -> NDArray[np.float64]:
        """t less its board's mean, in place (nothing without ``field_adjust``); ``bound``: a
        bound on |t| (its largest size when not given)."""
        if self.adjust and t.size:
            b = float(np.max(np.abs(t))) if bound is None else bound
            t -= np.repeat(self._board_means(t, b), self.counts)
        return t

    def _board_means(self, d: NDArray[np.float64], bound: float) -> NDArray[np.float64]:
        """Each board's mean of d, summed exactly: d on a grid of 2^-k (k as large as keeps
        a board's sum below 2^51), whole numbers added in any order give one sum."""
        if bound == 0.0 or not math.isfinite(bound):
            return np.zeros(self.counts.size)
        e = math.frexp(bound * self.most)[1]
        k = max(-1000, min(1000, 51 - e))
        steps = d * math.ldexp(1.0, k)
        np.rint(steps, out=steps)
        sums = np.add.reduceat(steps, self.starts)
        sums *= math.ldexp(1.0, -k)
        out: NDArray[np.float64] = sums / self.counts
        return out

    def curve(self, rate: NDArray[np.float64]
              ) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
        """At Rates ``rate``: each result's residual ``y − (g(u) − mean_b g(u))``, the slope
        ``s = g′(u) = 1 − tanh²(u/K)`` of its expectation and its bend
        ``g″(u) = −2·tanh(u/K)·s/K`` (``g(u) = K·tanh(u/K)``)."""
        t = self.differences(rate)
        if not self.k:  # linear: g(u) = u
            np.subtract(self.y, t, out=t)
            return t, np.ones(t.size), np.zeros(t.size)
        t /= self.k
        np.tanh(t, out=t)
        slope = 1.0 - t * t
        bend = t * slope
        bend *= -2.0 / self.k
        t *= self.k
        self.centre(t, self.k)
        np.subtract(self.y, t, out=t)
        return t, slope, bend

    def weights(self, slope: NDArray[np.float64]) -> NDArray[np.float64]:
        """Each result's Σ_j (∂e_j/∂R_p ÷ c)² over its board's results j, for each of its
        players p (c = ±½ the player's sign): the weight of the result in the player's own
        equation, unfaded (H's diagonal is Σ w·¼·this).  With e_j = g(u_j) − mean_b g(u) and
        n the board's results, s̄ its mean slope and s̄₂ its mean of s²: the result's own
        term a = s(1 − 2/n) + s̄/n, each other result's (s̄ − s − s_j)/n, so
        Σ = a² + (n·(s̄ − s)² − 2n·s̄·(s̄ − s) + n·s̄₂ − (s̄ − 2s)²)/n²; s² without
        ``field_adjust``."""
        if not self.adjust or not slope.size:
            out: NDArray[np.float64] = slope * slope
            return out
        # The others' part, Σ_{j≠i} (s̄ − s_i − s_j)²/n², is (s_i² + var)/n − (s̄ − 2s_i)²/n²
        # (var = s̄₂ − s̄², the board's variance of the slopes): fewer passes over the rows.
        counts = self.counts.astype(np.float64)
        mean_b = self._board_means(slope, 1.0)
        var_b = self._board_means(slope * slope, 1.0)
        var_b -= mean_b * mean_b
        inv = np.repeat(1.0 / counts, self.counts)
        mean = np.repeat(mean_b, self.counts)
        out = slope * slope
        out += np.repeat(var_b, self.counts)
        out *= inv
        t = mean - 2.0 * slope
        t *= inv
        t *= t
        out -= t
        np.maximum(out, 0.0, out=out)
        # The result's own term, s(1 − 2/n) + s̄/n = s − (2s − s̄)/n.
        t = 2.0 * slope
        t -= mean
        t *= inv
        np.subtract(slope, t, out=t)
        t *= t
        out += t
        return out

    def sums(self, rate: NDArray[np.float64], disconnect: float
             ) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.int64]]:
        """Per player, at Rates ``rate``: the gradient of the sum in the player's own Rate
        (Σ w·(∂e/∂R)·r) and its Gauss–Newton weight (Σ w·(∂e/∂R)²) over these results and
        disconnections (both in H's units), and the boards counted (unweighted).  One
        Gauss–Newton step of the player alone, everyone else held, goes to
        ``rate + first/second`` (exact when the expectation is linear)."""
        resid, slope, _bend = self.curve(rate)
        resid *= slope
        self.centre(resid)
        self.weigh(resid)
        num = self.scatter(resid)
        q = self.weights(slope)
        self.weigh(q)
        den = self.scatter(q, same=True) * 0.5
        played = np.zeros(self.m, np.int64)
        for seat in range(4):
            played += np.bincount(self.code[seat], minlength=self.m)
        if self.zero.size:
            zq = self.zero_w * 0.25
            num += np.bincount(self.zero, weights=zq * (disconnect - np.take(rate, self.zero)),
                               minlength=self.m)
            den += np.bincount(self.zero, weights=zq, minlength=self.m)
            played += np.bincount(self.zero, minlength=self.m)
        return num, den, played


class _System:
    """The sum of a window linearised at Rates x (Gauss–Newton): the normal equations
    H·δ = g of the step δ, kept as index arrays (never a matrix).  H = Jᵀ·W·J + Λ/4 + Z/4
    with J·v = C·S·C·D·v (D the pair difference of each result, C less the board's mean, S
    the slopes at x), g = Jᵀ·W·r − Λ/4·(x − A) − Z/4·(x − r₀)."""

    def __init__(self, rows: _Rows, st: RateSettings, lam: NDArray[np.float64],
                 anchor: NDArray[np.float64]) -> None:
        self.rows = rows
        self.m = m = rows.m
        self.lam = lam * 0.25
        self.anchor = anchor
        self.disconnect = st.disconnect_rate
        self.zero_q = rows.zero_w * 0.25
        self.zero_diag = np.bincount(rows.zero, weights=self.zero_q, minlength=m)
        # The results' weight per player, in boards (each board 1, faded).
        held = np.zeros(m)
        for a, b, w in rows.slices:
            for seat in range(4):
                held += np.bincount(rows.code[seat, a:b], minlength=m) * w
        held += np.bincount(rows.zero, weights=rows.zero_w, minlength=m)
        self.held = held
        self.slope = np.zeros(0)
        self.curl = np.zeros(0)
        self.newton = True
        self.bent = False  # the last solve met a direction of non-positive curvature
        self.curl_max = 0.0
        self.g = np.zeros(m)
        self.diag = np.zeros(0)

    def objective(self, x: NDArray[np.float64], resid: NDArray[np.float64]) -> float:
        """The sum minimised, at Rates x whose residuals are ``resid`` (summed exactly in
        any order, ``_dot``)."""
        rows = self.rows
        w = resid.copy()
        rows.weigh(w)
        total = _dot(w, resid)
        off = x - self.anchor
        total += _dot(self.lam * off, off)
        if rows.zero.size:
            z = np.take(x, rows.zero) - self.disconnect
            total += _dot(self.zero_q * z, z)
        return total

    def linearise(self, x: NDArray[np.float64],
                  curve: tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]
                  ) -> None:
        """Take x (whose ``_Rows.curve`` is ``curve``) as the point of the next step: the
        slopes, the bends' term, g and H's diagonal there."""
        rows = self.rows
        resid, self.slope, bend = curve
        # Newton's term of the bend: −w·r·g″ on each result's (C·D)ᵀ(C·D) (the board's
        # residuals add up to 0, so the mean's part of e's second derivative drops out);
        # only where it is positive, so that H stays positive definite: every step goes
        # down, and a player with little information is never sent far by a near-zero
        # curvature.  The gradient is exact, so the minimum is the same.
        self.curl = resid * bend if rows.k else np.zeros(0)
        np.negative(self.curl, out=self.curl)
        rows.weigh(self.curl)
        self.curl_max = float(np.max(np.abs(self.curl), initial=0.0))
        resid = resid * self.slope
        rows.centre(resid)
        rows.weigh(resid)
        g = rows.scatter(resid)
        del resid
        g -= self.lam * (x - self.anchor)
        if rows.zero.size:
            g += np.bincount(rows.zero, weights=self.zero_q * (
                self.disconnect - np.take(x, rows.zero)), minlength=self.m)
        self.g = g
        if not self.diag.size:
            # The preconditioner (and the Jacobi steps the stopping rule reads) of the first
            # pass's point serve every pass: the slopes change little between passes.
            self.diag = self.precision(self.slope) * 0.25

    def precision(self, slope: NDArray[np.float64]) -> NDArray[np.float64]:
        """4 × H's Gauss–Newton diagonal for the slopes ``slope``: each player's weight in
        boards there (the prior's and the results', ``_Rows.weights``)."""
        rows = self.rows
        q = rows.weights(slope)
        rows.weigh(q)
        out = rows.scatter(q, same=True) * 0.5
        out += self.lam
        out += self.zero_diag
        out *= 4.0
        return out

    def apply(self, v: NDArray[np.float64]) -> NDArray[np.float64]:
        """H·v."""
        rows = self.rows
        a = rows.differences(v)
        if not rows.k:  # linear: H = (C·D)ᵀ·W·(C·D)
            rows.weigh(a)
            out = rows.scatter(a)
            out += self.lam * v
            if rows.zero.size:
                out += np.bincount(rows.zero, weights=self.zero_q * np.take(v, rows.zero),
                                   minlength=self.m)
            return out
        # Bounds on the sizes for the boards' exact means, from the players' v (a million
        # values, not the rows): |C·D·v| ≤ 4·max|v|, the slopes and weights ≤ 1.
        bound = 4.0 * float(np.max(np.abs(v), initial=0.0))
        d = a * self.slope
        rows.centre(d, bound)
        d *= self.slope
        rows.weigh(d)
        if self.newton:
            a *= self.curl
            d += a
            bound *= 2.0 + self.curl_max
        else:
            bound *= 2.0
        del a
        rows.centre(d, bound)
        out = rows.scatter(d)
        del d
        out += self.lam * v
        if rows.zero.size:
            out += np.bincount(rows.zero, weights=self.zero_q * np.take(v, rows.zero),
                               minlength=self.m)
        return out


def _dot(a: NDArray[np.float64], b: NDArray[np.float64]) -> float:
    """Σ a·b, the same in any order of the terms: each product on a grid of 2^-k (k as
    large as keeps the sum in int64) and the whole numbers added exactly.  (The grid rounds
    each term by at most 2^-(62 − log2 n) of the largest: ~2e-13 for a million players.)"""
    p = a * b
    big = float(np.max(np.abs(p), initial=0.0))
    if big == 0.0 or not math.isfinite(big):
        return big if not math.isfinite(big) else 0.0
    e = math.frexp(big)[1]
    k = 62 - e - max(p.size, 1).bit_length()
    k = max(-1000, min(1000, k))
    p *= math.ldexp(1.0, k)
    np.rint(p, out=p)
    total = int(p.astype(np.int64).sum())
    return math.ldexp(float(total), -k)


def fit_window(window: Window, anchor: NDArray[np.float64], lam: NDArray[np.float64],
               start: NDArray[np.float64], st: RateSettings) -> Fit:
    """Minimise the module docstring's sum over ``window`` for priors ``anchor`` of weights
    ``lam`` (in boards; one each of ``window.ids``), from the Rates ``start``: Gauss–Newton
    passes (at most ``st.passes``; the last when no Rate moved by more than
    ``st.tolerance``), each step solved by preconditioned conjugate gradients, stopped when
    the largest Jacobi step ``|r_p|/H_pp`` is at most ``st.tolerance`` or after
    ``st.max_iterations`` steps."""
    rows = _Rows(window, st, range(window.weeks), window.weeks - 1)
    system = _System(rows, st, lam, anchor)
    x = np.array(start, dtype=np.float64)
    curve = rows.curve(x)
    if not st.saturation:
        # Linear: the sum is quadratic, one step solved to the tolerance is its minimum.
        system.linearise(x, curve)
        delta, iterations, step = _solve(system, st)
        x += delta
        # The slopes are all 1: the diagonal linearise made is the precision (×4, exact).
        return Fit(x, system.held, system.diag * 4.0, iterations, step)
    now = system.objective(x, curve[0])
    iterations = 0
    step = 0.0
    settle = math.sqrt(st.tolerance)
    # The sum is checked while the steps are large; once a Newton step moved no Rate by more
    # than a point, the passes are near the minimum, where Newton's steps go down.
    checking = True
    for _ in range(st.passes):
        system.linearise(x, curve)
        system.newton = True
        delta, it, step = _solve(system, st)
        iterations += it
        bent = system.bent
        if not bent:
            trial = x + delta
            trial_curve = rows.curve(trial)
            then = system.objective(trial, trial_curve[0]) if checking else now
        # (A step at the minimum may leave the sum where it was but for its last digits.)
        if bent or not then <= now + 1e-12 * now:
            # Newton's step did not lower the sum (far from the minimum its matrix need not
            # be positive): Gauss–Newton's, halved until it does.
            system.newton = False
            delta, it, step = _solve(system, st)
            iterations += it
            for _halving in range(40):
                trial = x + delta
                trial_curve = rows.curve(trial)
                then = system.objective(trial, trial_curve[0])
                if then <= now + 1e-12 * now:
                    break
                delta *= 0.5
            else:
                trial, trial_curve, then = x, curve, now
        moved = float(np.max(np.abs(trial - x), initial=0.0))
        x, curve, now = trial, trial_curve, then
        if system.newton and moved <= 1.0:
            checking = False
        # Newton's steps shrink quadratically near the minimum: after a Newton step solved to
        # the tolerance that moved no Rate by more than √tolerance, the next would move none
        # by more than about c·tolerance (c, from the bends, is below 0.01 at K 30), and it
        # is not taken.
        if moved <= st.tolerance or (system.newton and step <= st.tolerance
                                     and moved <= settle):
            break
    return Fit(x, system.held, system.precision(curve[1]), iterations, step)


#: A pass's step is solved only so far: its largest Jacobi step brought to this share of
#: the first (or to the tolerance).  Solving a step further than the next pass will change
#: it is wasted work (an inexact Newton method).
_FORCING = 1e-2


def _solve(system: _System, st: RateSettings) -> tuple[NDArray[np.float64], int, float]:
    """H·δ = g by preconditioned conjugate gradients from δ = 0, until the largest Jacobi
    step is at most ``st.tolerance`` or ``_FORCING`` of the first: δ, the steps taken and
    the largest Jacobi step left."""
    m = system.m
    diag = system.diag
    inv = np.zeros(m)
    np.divide(1.0, diag, out=inv, where=diag > 0)
    x = np.zeros(m)
    if m == 0:
        return x, 0, 0.0
    r = system.g.copy()
    z = r * inv
    step = float(np.max(np.abs(z)))
    # A linear expectation is solved in one pass, to the tolerance.
    enough = max(st.tolerance, _FORCING * step) if st.saturation else st.tolerance
    p = z.copy()
    rz = _dot(r, z)
    it = 0
    system.bent = False
    while step > enough and it < st.max_iterations and rz > 0:
        hp = system.apply(p)
        php = _dot(p, hp)
        if not php > 0:
            # Newton's matrix is not positive along p (far from the minimum, where the
            # bends outweigh the slopes): the pass takes Gauss–Newton's step instead.
            system.bent = True
            break
        alpha = rz / php
        x += alpha * p
        r -= alpha * hp
        del hp
        np.multiply(r, inv, out=z)
        step = float(np.max(np.abs(z)))
        rz_new = _dot(r, z)
        beta = rz_new / rz
        rz = rz_new
        p *= beta
        p += z
        it += 1
    return x, it, step


def fold(window: Window, gone: int, prior: Ratings, st: RateSettings
         ) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The prior of each of ``prior.player`` for the next fit, when the ``gone`` oldest
    weeks of ``window`` leave it: the anchor A and its weight λ (boards), faded a week, with
    the leaving weeks folded in.  A leaving week is summed up, for each of its players, by
    the Rate that fits it best with the others held at their last Rates (``prior.rate``),
    E = R + Σwcr/Σwc², of weight Σwc² (H's units): A' = (λA/4 + Σwc²·E)/(λ/4 + Σwc²),
    λ' = λ + 4·Σwc² (capped at ``max_weight``).  (The covariances of the joint fit are
    not kept: that is the price of a window, and why it is long.)"""
    lam = prior.anchor_weight * st.fade
    anchor = prior.anchor.copy()
    if gone and window.weeks and len(prior):
        rows = _Rows(window, st, range(gone), window.weeks)
        at = np.searchsorted(prior.player, window.ids)
        at_c = np.minimum(at, len(prior) - 1)
        known = prior.player[at_c] == window.ids
        rate = np.full(window.ids.size, st.start_rate)
        rate[known] = prior.rate[at_c[known]]
        num, den, _played = rows.sums(rate, st.disconnect_rate)
        take = known & (den > 0)
        i = at_c[take]
        q = lam[i] * 0.25
        anchor[i] = (q * anchor[i] + den[take] * rate[take] + num[take]) / (q + den[take])
        lam[i] += 4.0 * den[take]
    return anchor, np.minimum(lam, st.max_weight)


def newest(window: Window, rate: NDArray[np.float64], st: RateSettings
           ) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
    """The newest week's figures per player of ``window.ids``: the boards it counted (its
    results and disconnections) and the week's Rate: the Rate that fits that week's boards
    best with the other players' Rates held where the fit put them (NaN without a board
    that carries information, e.g. a board of one result)."""
    k = window.weeks
    rows = _Rows(window, st, range(k - 1, k), k - 1)
    num, den, played = rows.sums(rate, st.disconnect_rate)
    week_rate = np.full(rows.m, np.nan)
    ok = den > 0
    week_rate[ok] = rate[ok] + num[ok] / den[ok]
    return played, week_rate
