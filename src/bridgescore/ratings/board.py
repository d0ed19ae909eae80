"""Every board of a week at once: the datum and each result's IMPs (the pool's arithmetic,
vectorised), or each result's matchpoints, on rows sorted by (board, NS score).

The datum is ``scoring.datum.butler_datum`` of the board's results: the mean after
dropping ``butler_drop(n, drop)`` scores from each end, rounded to ``datum_round`` points as
``rounding`` says (``compete.pool._rounded`` in whole numbers; left as a fraction when
``datum_round`` is 0).  The IMPs are ``imp_pairs._imps`` of the difference: the band of the
IMP table that holds its size (a fractional difference counts by its whole part towards zero).
All of it in int64 arithmetic, so it is exact: tests/ratings/test_board.py checks it against
the scalar functions result for result on boards of every size from 1 to 40.

The matchpoints are Law 78A's on the 2/1/0 scale (``sessions.matchpoints``): 2 for each other
result the NS score beats, 1 for each it ties; the NS percentage is ``100·mp / (2(n − 1))``,
50 for a board's only result, as ``score_matchpoints(…, factoring="none")`` gives them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..scoring.datum import butler_drop
from ..scoring.imps import get_imp_scale
from ..sessions.imp_pairs import ImpSettings

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["datum_imps", "matchpoints", "round_datums", "segments"]


def segments(board: NDArray[Any]) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Where each board's rows start in rows sorted by board, and how many there are."""
    n = board.size
    if n == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    change = np.empty(n, np.bool_)
    change[0] = True
    np.not_equal(board[1:], board[:-1], out=change[1:])
    starts = np.flatnonzero(change).astype(np.int64)
    counts = np.diff(np.append(starts, n)).astype(np.int64)
    return starts, counts


def round_datums(kept: NDArray[np.int64], count: NDArray[np.int64], step: int,
                 rounding: str) -> NDArray[np.int64]:
    """``round_datum(kept / count, step, rounding)`` for ``step > 0``, in whole numbers (the
    pool's ``_rounded``, an array at a time): the datum is the whole number of steps nearest
    ``kept / (count·step)``, a half broken as ``rounding`` says."""
    unit = count * step
    if rounding == "away":
        half_up = (2 * np.abs(kept) + unit) // (2 * unit)
        whole = np.where(kept >= 0, half_up, -half_up)
    elif rounding == "up":
        whole = (2 * kept + unit) // (2 * unit)
    else:  # "even"
        whole, rest = np.divmod(kept, unit)
        whole = whole + ((2 * rest > unit) | ((2 * rest == unit) & (whole % 2 == 1)))
    out: NDArray[np.int64] = whole * step
    return out


def datum_imps(score: NDArray[np.int64], starts: NDArray[np.int64], counts: NDArray[np.int64],
               st: ImpSettings) -> tuple[NDArray[np.float64], NDArray[np.int64]]:
    """Each board's datum (a float: exact when whole, the fraction's nearest float when
    ``datum_round`` is 0) and each row's NS IMPs against it.  ``score`` is sorted by board,
    then score; ``starts``/``counts`` its boards (``segments``)."""
    if score.size == 0:
        return np.zeros(0), np.zeros(0, np.int64)
    most = int(counts.max())
    drops = np.array([0] + [butler_drop(k, st.drop) for k in range(1, most + 1)], np.int64)
    k = drops[counts]
    total = np.zeros(score.size + 1, np.int64)
    np.cumsum(score, out=total[1:])
    kept = total[starts + counts - k] - total[starts + k]
    left = counts - 2 * k
    thresholds = np.asarray(get_imp_scale(st.imp_scale).thresholds, np.int64)
    step = st.datum_round
    if step > 0:
        datum = round_datums(kept, left, step, st.rounding)
        diff = score - np.repeat(datum, counts)
        bands = np.searchsorted(thresholds, np.abs(diff), side="right")
        return datum.astype(np.float64), (np.sign(diff) * bands).astype(np.int64)
    # An unrounded datum kept/left: the difference is (score·left − kept)/left, and its
    # band is read from its whole part towards zero.
    left_row = np.repeat(left, counts)
    num = score * left_row - np.repeat(kept, counts)
    bands = np.searchsorted(thresholds, np.abs(num) // left_row, side="right")
    return kept / left, (np.sign(num) * bands).astype(np.int64)


def matchpoints(board: NDArray[Any], score: NDArray[np.int64], starts: NDArray[np.int64],
                counts: NDArray[np.int64]) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
    """Each row's NS matchpoints (2/1/0) on its board, and the NS percentage."""
    n = score.size
    if n == 0:
        return np.zeros(0, np.int64), np.zeros(0)
    change = np.empty(n, np.bool_)
    change[0] = True
    change[1:] = (board[1:] != board[:-1]) | (score[1:] != score[:-1])
    run_start = np.flatnonzero(change)
    run_len = np.diff(np.append(run_start, n))
    first_of_run = np.repeat(run_start, run_len)
    board_start = np.repeat(starts, counts)
    mp = (2 * (first_of_run - board_start) + np.repeat(run_len, run_len) - 1).astype(np.int64)
    top = 2 * (np.repeat(counts, counts) - 1)
    pct = np.full(n, 50.0)
    has = top > 0
    pct[has] = 100 * mp[has] / top[has]
    return mp, pct
