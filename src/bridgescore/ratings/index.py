"""Whole-number keys turned into dense codes, and rows sorted, fast and the same for any row
order.

``codes`` maps ids (player ids, board keys: any int64) to ``0 … k−1`` in increasing order of
id.  Three ways, all giving the same answer: a look-up table when the ids are dense (database
keys usually are: no sort at all); sorts of the ids packed with their positions into single
int64 keys, in pieces as large as the ids' span leaves room for, the pieces' ids merged after
(NumPy's sort of plain integers is several times faster than an argsort); ``np.unique`` for
ids spread over more than 2**46.  ``board_order`` sorts a week's rows by (board, NS score) the
same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["board_order", "codes"]

_PIECE = 1 << 22  # values handled at once by the look-up table (32 MB of int64)


def codes(values: NDArray[np.int64], also: NDArray[np.int64] | None = None
          ) -> tuple[NDArray[np.int64], NDArray[Any]]:
    """The sorted distinct ids of ``values`` and ``also``, and each value's position among
    them, int32 (int64 beyond 2**31 ids); ``also``'s ids are listed but not coded (its
    caller finds them by searchsorted)."""
    extra = np.zeros(0, np.int64) if also is None else also
    n = values.size
    if n + extra.size == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int32)
    lo = min(int(values.min()) if n else int(extra.min()), int(extra.min()) if extra.size else 2**63)
    hi = max(int(values.max()) if n else int(extra.max()), int(extra.max()) if extra.size else -2**63)
    span = hi - lo + 1
    if span <= n + extra.size + (1 << 20):
        return _dense(values, extra, lo, span)
    # Packed keys: the id in the high bits, the position in a piece of 2**pos_bits values in
    # the low ones; pieces as large as the ids' span leaves room for (at least 2**16).
    need, room = max(n - 1, 1).bit_length(), 62 - (span - 1).bit_length()
    if room >= min(need, 16):
        return _packed(values, extra, lo, min(need, room))
    uniq, inverse = np.unique(np.concatenate([values, extra]), return_inverse=True)
    out: NDArray[Any] = inverse[:n].astype(_code_type(uniq.size))
    return uniq.astype(np.int64), out


def _dense(values: NDArray[np.int64], extra: NDArray[np.int64], lo: int, span: int
           ) -> tuple[NDArray[np.int64], NDArray[Any]]:
    """A look-up table over the ids' span, read and written a piece at a time (no temporary
    the size of ``values``)."""
    present = np.zeros(span, np.bool_)
    for a in range(0, values.size, _PIECE):
        present[values[a:a + _PIECE] - lo] = True
    present[extra - lo] = True
    uniq = np.flatnonzero(present).astype(np.int64) + lo
    rank = np.cumsum(present, dtype=_code_type(uniq.size))
    del present
    np.subtract(rank, 1, out=rank)
    out: NDArray[Any] = np.empty(values.size, rank.dtype)
    for a in range(0, values.size, _PIECE):
        np.take(rank, values[a:a + _PIECE] - lo, out=out[a:a + _PIECE])
    return uniq, out


def _packed(values: NDArray[np.int64], extra: NDArray[np.int64], lo: int, pos_bits: int
            ) -> tuple[NDArray[np.int64], NDArray[Any]]:
    """Each piece of ``2**pos_bits`` values sorted as packed keys (id, position): its distinct
    ids and each value's rank among them; then all the pieces' distinct ids (and ``extra``)
    merged, and the ranks moved to positions in the merged list (a search of sorted ids in
    sorted ids)."""
    n = values.size
    piece = 1 << pos_bits
    mask = piece - 1
    local: NDArray[Any] = np.empty(n, np.int32 if piece <= 2**31 else np.int64)
    found: list[NDArray[np.int64]] = []
    for a in range(0, n, piece):
        part = values[a:a + piece]
        k = part.size
        key = part - lo
        key <<= pos_bits
        key |= np.arange(k, dtype=np.int64)
        key.sort()
        ids = key >> pos_bits
        new = np.empty(k, np.bool_)
        new[0] = True
        np.not_equal(ids[1:], ids[:-1], out=new[1:])
        rank = np.cumsum(new, dtype=local.dtype)
        np.subtract(rank, 1, out=rank)
        local[a + (key & mask)] = rank
        found.append(ids[new] + lo)
    if len(found) == 1 and not extra.size:
        return found[0], local
    uniq = _distinct(np.concatenate([*found, extra]))
    out: NDArray[Any] = np.empty(n, _code_type(uniq.size))
    for i, a in enumerate(range(0, n, piece)):
        where = np.searchsorted(uniq, found[i]).astype(out.dtype)
        np.take(where, local[a:a + piece], out=out[a:a + piece])
    return uniq, out


def _distinct(a: NDArray[np.int64]) -> NDArray[np.int64]:
    """The sorted distinct values (a plain sort: faster here than ``np.unique``)."""
    a.sort()
    keep = np.empty(a.size, np.bool_)
    if a.size:
        keep[0] = True
        np.not_equal(a[1:], a[:-1], out=keep[1:])
    return a[keep]


def _code_type(size: int) -> type[np.signedinteger[Any]]:
    """Codes fit in int32 below 2**31 ids: half the memory and bandwidth of int64."""
    return np.int32 if size < 2**31 else np.int64


def board_order(board: NDArray[Any], score: NDArray[np.int64]
                ) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    """The rows' order by (board code, NS score), and the board codes and scores in that
    order: ``board`` holds dense codes (``codes``), ``score`` multiples of 10 of at most 7600
    in size.  Rows with the same board and score may come in any order (the caller's
    arithmetic gives them the same figures).  One sort of int64 keys packing board, score
    and row, read back for all three, when they fit in 63 bits (a week of up to 2**24 rows
    on 2**28 boards); else ``np.lexsort``."""
    n = board.size
    if n == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.int64)
    pos_bits = max(n - 1, 1).bit_length()
    board_bits = max(int(board.max()), 1).bit_length()
    if board_bits + 11 + pos_bits <= 63:
        key = board.astype(np.int64) << (11 + pos_bits)
        key |= (score // 10 + 760) << pos_bits
        key |= np.arange(n, dtype=np.int64)
        key.sort()
        sorted_board = key >> (11 + pos_bits)
        sorted_score = (key >> pos_bits) & 2047
        sorted_score -= 760
        sorted_score *= 10
        key &= (1 << pos_bits) - 1
        return key, sorted_board, sorted_score
    order: NDArray[np.int64] = np.lexsort((score, board)).astype(np.int64)
    return order, np.take(board, order).astype(np.int64), np.take(score, order)
