"""The Rate's plain-array values: a week's results (``WeekResults``) and everyone's standing
(``Ratings``).

Both are frozen dataclasses of NumPy arrays, checked on construction (shapes, kinds, values)
and copied into read-only arrays of their own, so a value cannot be changed through an array
its caller still holds.  A week read in pieces (a database cursor's chunks) is put together
by :meth:`WeekResults.concat`, which writes each piece into arrays allocated once when the
total is known, so the week is never held twice.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.errors import BridgeError
from ..core.serial import Data, Fields, header
from ..core.text import excerpt

if TYPE_CHECKING:
    from numpy.typing import ArrayLike, NDArray

__all__ = ["MAX_SCORE", "SEATS", "Ratings", "WeekResults"]

#: The seats of a result's four players, in the order of ``WeekResults.players``.
SEATS = ("N", "E", "S", "W")
SEAT_NAMES = (("North", "北"), ("East", "东"), ("South", "南"), ("West", "西"))
#: No NS score of a bridge deal is larger than this in size (13 down, redoubled, vulnerable).
MAX_SCORE = 7600
#: Rates and weights beyond this size are refused: a percentage scale has no use for them,
#: and the field's mean (``rate.py``) is summed exactly on a grid that needs a bound.
MAX_RATE = 1e6
MAX_WEIGHT = 1e12


def _readonly(a: NDArray[Any]) -> NDArray[Any]:
    a.flags.writeable = False
    return a


def _ints(name: str, value: object, shape: tuple[int, ...] | None) -> NDArray[np.int64]:
    """``value`` as a new int64 array (a copy), its kind and shape checked."""
    a = np.asarray(value)
    if a.size == 0 and a.dtype.kind == "f":
        a = a.astype(np.int64)  # an empty list comes as float64
    if a.dtype.kind not in "iu" or a.dtype == np.bool_:
        raise BridgeError(f"invalid {name}: expected whole numbers (an integer array), got an "
                          f"array of {a.dtype}",
                          f"无效的 {name}：应为整数数组，实为 {a.dtype} 数组")
    if shape is not None and (a.ndim != len(shape) or any(
            want >= 0 and got != want for got, want in zip(a.shape, shape, strict=False))):
        raise _shape(name, a.shape, shape)
    if a.dtype == np.uint64 and a.size and int(a.max()) > np.iinfo(np.int64).max:
        raise BridgeError(f"invalid {name}: {int(a.max())} is too large (at most 2**63 - 1)",
                          f"无效的 {name}：{int(a.max())} 太大（最大 2**63 - 1）")
    return np.array(a, dtype=np.int64, order="C", copy=True)


def _shape(name: str, got: tuple[int, ...], want: tuple[int, ...]) -> BridgeError:
    shown = "(" + ", ".join("n" if w < 0 else str(w) for w in want) + ("," if len(want) == 1 else "") + ")"
    return BridgeError(f"invalid {name}: expected shape {shown}, got {got}",
                       f"无效的 {name}：形状应为 {shown}，实为 {got}")


def _rows(name: str, a: NDArray[Any], n: int) -> None:
    if a.shape[0] != n:
        raise BridgeError(f"invalid {name}: {a.shape[0]} rows, but the week's board array has {n}",
                          f"无效的 {name}：有 {a.shape[0]} 行，而本周的 board 数组有 {n} 行")


@dataclass(frozen=True, slots=True, eq=False)
class WeekResults:
    """A week's table results, one row per result (docs/ratings.md):

    - ``board`` int64 (n,): the board's key (any whole numbers, one per deal this week);
    - ``players`` int64 (n, 4): the four players' ids in seat order North, East, South, West;
    - ``ns_score`` int64 (n,): the NS score (a bridge score: a multiple of 10, at most 7600
      in size);
    - ``rate_zero`` bool (n, 4): that player disconnected on this board (seed §10).

    A player sits once at a table (checked here) and plays a board once (checked by
    ``rate_week``, which has the week sorted by board).
    """

    board: NDArray[np.int64]
    players: NDArray[np.int64]
    ns_score: NDArray[np.int64]
    rate_zero: NDArray[np.bool_]

    def __post_init__(self) -> None:
        board = _ints("board", self.board, (-1,))
        n = board.shape[0]
        players = _ints("players", self.players, (-1, 4))
        _rows("players", players, n)
        score = _ints("ns_score", self.ns_score, (-1,))
        _rows("ns_score", score, n)
        rz = np.asarray(self.rate_zero)
        if rz.size == 0 and rz.dtype.kind == "f":
            rz = rz.astype(np.bool_)
        if rz.dtype != np.bool_:
            raise BridgeError(f"invalid rate_zero: expected booleans (a bool array), got an array "
                              f"of {rz.dtype}", f"无效的 rate_zero：应为布尔数组，实为 {rz.dtype} 数组")
        if rz.ndim != 2 or rz.shape[1] != 4:
            raise _shape("rate_zero", rz.shape, (-1, 4))
        _rows("rate_zero", rz, n)
        rz = np.array(rz, dtype=np.bool_, order="C", copy=True)
        _check_scores(score, 0)
        _check_tables(players, 0)
        for name, a in (("board", board), ("players", players), ("ns_score", score),
                        ("rate_zero", rz)):
            object.__setattr__(self, name, _readonly(a))

    @classmethod
    def of(cls, board: ArrayLike, players: ArrayLike, ns_score: ArrayLike,
           rate_zero: ArrayLike | None = None) -> WeekResults:
        """A week from array-likes (lists, arrays); ``rate_zero`` defaults to no
        disconnections."""
        b = np.asarray(board)
        p = np.asarray(players)
        if p.size == 0:
            p = p.reshape(0, 4)  # no rows: [] is (0,), not (0, 4)
        rz = np.zeros((b.shape[0] if b.ndim else 0, 4), dtype=np.bool_) if rate_zero is None \
            else np.asarray(rate_zero)
        return cls(b, p, np.asarray(ns_score), rz)

    @classmethod
    def empty(cls) -> WeekResults:
        return cls(np.zeros(0, np.int64), np.zeros((0, 4), np.int64), np.zeros(0, np.int64),
                   np.zeros((0, 4), np.bool_))

    @classmethod
    def concat(cls, parts: Iterable[WeekResults], total: int | None = None) -> WeekResults:
        """One week from its pieces, in order (a database read in chunks).  With ``total``
        (the number of rows, e.g. from ``COUNT(*)``) the week's arrays are allocated once and
        each piece is copied in and can be dropped as the next is read: the week is never
        held twice.  Without it the pieces are kept until the end and joined."""
        if total is None:
            kept = list(parts)
            for p in kept:
                _part(p)
            if not kept:
                return cls.empty()
            return cls._trusted(np.concatenate([p.board for p in kept]),
                                np.concatenate([p.players for p in kept]),
                                np.concatenate([p.ns_score for p in kept]),
                                np.concatenate([p.rate_zero for p in kept]))
        if type(total) is not int or total < 0:
            raise BridgeError(f"invalid total {excerpt(total)}: expected a whole number of rows "
                              "from 0", f"无效的总行数 {excerpt(total)}：应为从 0 起的整数")
        board = np.empty(total, np.int64)
        players = np.empty((total, 4), np.int64)
        score = np.empty(total, np.int64)
        rz = np.empty((total, 4), np.bool_)
        at = 0
        for p in parts:
            _part(p)
            k = len(p)
            if at + k > total:
                raise BridgeError(f"the pieces of the week have more than the {total} rows "
                                  "announced", f"本周结果的各部分合计超过了预告的 {total} 行")
            board[at:at + k] = p.board
            players[at:at + k] = p.players
            score[at:at + k] = p.ns_score
            rz[at:at + k] = p.rate_zero
            at += k
        if at != total:
            raise BridgeError(f"the pieces of the week have {at} rows, not the {total} announced",
                              f"本周结果的各部分合计 {at} 行，而不是预告的 {total} 行")
        return cls._trusted(board, players, score, rz)

    @classmethod
    def _trusted(cls, board: NDArray[np.int64], players: NDArray[np.int64],
                 score: NDArray[np.int64], rz: NDArray[np.bool_]) -> WeekResults:
        """Arrays made from checked pieces, owned by no one else: taken without a copy."""
        obj: WeekResults = object.__new__(cls)
        for name, a in (("board", board), ("players", players), ("ns_score", score),
                        ("rate_zero", rz)):
            object.__setattr__(obj, name, _readonly(a))
        return obj

    def __len__(self) -> int:
        return int(self.board.shape[0])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, WeekResults):
            return NotImplemented
        return all(np.array_equal(getattr(self, k), getattr(other, k))
                   for k in ("board", "players", "ns_score", "rate_zero"))

    __hash__ = None  # type: ignore[assignment]

    def take(self, rows: ArrayLike) -> WeekResults:
        """The rows given (indices or a mask), in that order."""
        i = np.asarray(rows)
        return WeekResults._trusted(self.board[i], self.players[i], self.ns_score[i],
                                    self.rate_zero[i])

    def to_dict(self) -> Data:
        """Plain data: the four arrays as lists (``rate_zero`` as lists of booleans)."""
        return {**header("WeekResults"), "board": self.board.tolist(),
                "players": self.players.tolist(), "ns_score": self.ns_score.tolist(),
                "rate_zero": self.rate_zero.tolist()}

    @classmethod
    def from_dict(cls, data: object) -> WeekResults:
        f = Fields(data, "WeekResults")
        board = _int_list(f, "board")
        players = _int_list(f, "players", 4)
        score = _int_list(f, "ns_score")
        rz_raw = f._get("rate_zero", None)
        if not isinstance(rz_raw, list) or not all(
                isinstance(r, list) and len(r) == 4 and all(type(x) is bool for x in r)
                for r in rz_raw):
            raise f.error("rate_zero", "a list of [N, E, S, W] booleans",
                          "由 [北, 东, 南, 西] 布尔值组成的列表")
        f.done()
        rz = np.array(rz_raw, dtype=np.bool_).reshape(-1, 4)
        return cls(np.array(board, dtype=np.int64),
                   np.array(players, dtype=np.int64).reshape(-1, 4),
                   np.array(score, dtype=np.int64), rz)


def _part(p: object) -> None:
    if not isinstance(p, WeekResults):
        raise BridgeError(f"expected a piece of the week (WeekResults), got {excerpt(p)}",
                          f"应为本周结果的一部分（WeekResults），实为 {excerpt(p)}")


def _int_list(f: Fields, key: str, width: int | None = None) -> list[Any]:
    v = f._get(key, None)
    ok = isinstance(v, list) and all(
        (type(x) is int and abs(x) < 2**63) if width is None else
        (isinstance(x, list) and len(x) == width and all(type(y) is int and abs(y) < 2**63
                                                         for y in x))
        for x in v)
    if not ok:
        raise f.error(key, "a list of whole numbers" if width is None else
                      f"a list of lists of {width} whole numbers",
                      "整数列表" if width is None else f"由 {width} 个整数组成的列表的列表")
    assert isinstance(v, list)
    return v


def _check_scores(score: NDArray[np.int64], offset: int) -> None:
    bad = np.flatnonzero((np.abs(score) > MAX_SCORE) | (score % 10 != 0))
    if bad.size:
        i = int(bad[0])
        s = int(score[i])
        raise BridgeError(f"row {offset + i}: NS score {s} is not a bridge score (expected a "
                          f"multiple of 10, at most {MAX_SCORE} in size)",
                          f"第 {offset + i} 行：南北得分 {s} 不是桥牌得分（应为 10 的倍数，绝对值不超过 {MAX_SCORE}）")


def _check_tables(players: NDArray[np.int64], offset: int) -> None:
    """A player in two seats of one row (six comparisons, no sort)."""
    for a in range(4):
        for b in range(a + 1, 4):
            same = np.flatnonzero(players[:, a] == players[:, b])
            if same.size:
                i = int(same[0])
                p = int(players[i, a])
                raise BridgeError(
                    f"row {offset + i}: player {p} sits twice at one table ({SEAT_NAMES[a][0]} "
                    f"and {SEAT_NAMES[b][0]}); a table has four different players",
                    f"第 {offset + i} 行：牌手 {p} 在同一桌坐了两个座位（{SEAT_NAMES[a][1]}和"
                    f"{SEAT_NAMES[b][1]}）；一桌应有四名不同的牌手")


@dataclass(frozen=True, slots=True, eq=False)
class Ratings:
    """Everyone's standing before or after a week: ``player`` int64 (m,) (sorted, each once),
    ``rate`` float64 (m,) (the Rate, a percentage), ``weight`` float64 (m,) (the Rate's
    weight, in boards: its prior's and its results' in the window, faded), ``boards`` int64
    (m,) (boards rated so far), and the prior the next fit starts from: ``anchor`` (its
    value) and ``anchor_weight`` (its weight in boards: what the Rate stands for outside the
    window; docs/ratings.md "The prior").  Without them, the prior is the Rate itself with its
    whole weight (what a standing from before any window means).  Built from arrays in any
    player order: they are sorted by player here."""

    player: NDArray[np.int64]
    rate: NDArray[np.float64]
    weight: NDArray[np.float64]
    boards: NDArray[np.int64]
    anchor: NDArray[np.float64] = None  # type: ignore[assignment]
    anchor_weight: NDArray[np.float64] = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        player = _ints("player", self.player, (-1,))
        m = player.shape[0]
        rate = _floats("rate", self.rate, m)
        weight = _floats("weight", self.weight, m)
        boards = _ints("boards", self.boards, (-1,))
        _rows_of("boards", boards, m)
        anchor = rate.copy() if self.anchor is None else _floats("anchor", self.anchor, m)
        anchor_weight = weight.copy() if self.anchor_weight is None else \
            _floats("anchor_weight", self.anchor_weight, m)
        for name, a in (("rate", rate), ("anchor", anchor)):
            bad = np.flatnonzero(~(np.abs(a) <= MAX_RATE))
            if bad.size:
                i = int(bad[0])
                raise BridgeError(f"player {int(player[i])}: invalid {name} {float(a[i])!r}: "
                                  f"expected a finite percentage, at most {MAX_RATE:g} in size",
                                  f"牌手 {int(player[i])}：无效的 {name} {float(a[i])!r}：应为有限的百分数，"
                                  f"绝对值不超过 {MAX_RATE:g}")
        for name, a in (("weight", weight), ("anchor_weight", anchor_weight)):
            bad = np.flatnonzero(~((a >= 0) & (a <= MAX_WEIGHT)))
            if bad.size:
                i = int(bad[0])
                raise BridgeError(f"player {int(player[i])}: invalid {name} {float(a[i])!r}: "
                                  f"expected a finite number of boards from 0",
                                  f"牌手 {int(player[i])}：无效的 {name} {float(a[i])!r}：应为从 0 起的有限副数")
        bad = np.flatnonzero(boards < 0)
        if bad.size:
            i = int(bad[0])
            raise BridgeError(f"player {int(player[i])}: invalid boards {int(boards[i])}: expected "
                              "a count from 0", f"牌手 {int(player[i])}：无效的副数 {int(boards[i])}：应为从 0 起的计数")
        if m > 1 and not bool(np.all(player[1:] > player[:-1])):
            order = np.argsort(player, kind="stable")
            player, rate, weight, boards = player[order], rate[order], weight[order], boards[order]
            anchor, anchor_weight = anchor[order], anchor_weight[order]
            twice = np.flatnonzero(player[1:] == player[:-1])
            if twice.size:
                p = int(player[twice[0]])
                raise BridgeError(f"player {p} is listed twice in the ratings",
                                  f"牌手 {p} 在牌技指数表中出现了两次")
        arrays: tuple[tuple[str, NDArray[Any]], ...] = (
            ("player", player), ("rate", rate), ("weight", weight), ("boards", boards),
            ("anchor", anchor), ("anchor_weight", anchor_weight))
        for name, a in arrays:
            object.__setattr__(self, name, _readonly(a))

    @classmethod
    def of(cls, player: ArrayLike, rate: ArrayLike, weight: ArrayLike,
           boards: ArrayLike | None = None, anchor: ArrayLike | None = None,
           anchor_weight: ArrayLike | None = None) -> Ratings:
        """Ratings from array-likes; ``boards`` defaults to 0 each, the prior to the Rate and
        its weight."""
        p = np.asarray(player)
        return cls(p, np.asarray(rate), np.asarray(weight),
                   np.zeros(p.shape, np.int64) if boards is None else np.asarray(boards),
                   None if anchor is None else np.asarray(anchor),  # type: ignore[arg-type]
                   None if anchor_weight is None else np.asarray(anchor_weight))  # type: ignore[arg-type]

    @classmethod
    def empty(cls) -> Ratings:
        """Nobody rated yet (the first week)."""
        return cls(np.zeros(0, np.int64), np.zeros(0), np.zeros(0), np.zeros(0, np.int64))

    @classmethod
    def _trusted(cls, player: NDArray[np.int64], rate: NDArray[np.float64],
                 weight: NDArray[np.float64], boards: NDArray[np.int64],
                 anchor: NDArray[np.float64] | None = None,
                 anchor_weight: NDArray[np.float64] | None = None) -> Ratings:
        """Arrays computed by ``rate_week`` (sorted, checked by construction): no copy.
        Without a prior (benchmarks/old_rate.py's Rate), the prior is the Rate itself with its
        whole weight."""
        if anchor is None:
            anchor = rate.copy()
        if anchor_weight is None:
            anchor_weight = weight.copy()
        obj: Ratings = object.__new__(cls)
        for name, a in (("player", player), ("rate", rate), ("weight", weight),
                        ("boards", boards), ("anchor", anchor), ("anchor_weight", anchor_weight)):
            object.__setattr__(obj, name, _readonly(a))
        return obj

    def __len__(self) -> int:
        return int(self.player.shape[0])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Ratings):
            return NotImplemented
        return all(np.array_equal(getattr(self, k), getattr(other, k))
                   for k in _RATING_FIELDS)

    __hash__ = None  # type: ignore[assignment]

    def index(self, players: ArrayLike) -> NDArray[np.intp]:
        """Where each player is in the arrays; a player not rated is an error."""
        q = np.asarray(players, dtype=np.int64)
        i = np.searchsorted(self.player, q)
        found = (i < len(self)) & (self.player[np.minimum(i, max(len(self) - 1, 0))] == q) \
            if len(self) else np.zeros(q.shape, bool)
        if not bool(np.all(found)):
            p = int(q[~found].flat[0])
            raise BridgeError(f"player {p} has no Rate yet", f"牌手 {p} 还没有牌技指数")
        out: NDArray[np.intp] = i
        return out

    def get(self, player: int) -> tuple[float, float, int]:
        """One player's ``(rate, weight, boards)``."""
        i = int(self.index([player])[0])
        return float(self.rate[i]), float(self.weight[i]), int(self.boards[i])

    def to_dict(self) -> Data:
        """Plain data: the arrays as lists (floats as JSON numbers, exactly)."""
        return {**header("Ratings"), "player": self.player.tolist(), "rate": self.rate.tolist(),
                "weight": self.weight.tolist(), "boards": self.boards.tolist(),
                "anchor": self.anchor.tolist(), "anchor_weight": self.anchor_weight.tolist()}

    @classmethod
    def from_dict(cls, data: object) -> Ratings:
        f = Fields(data, "Ratings")
        player = _int_list(f, "player")
        rate = _float_list(f, "rate")
        weight = _float_list(f, "weight")
        boards = _int_list(f, "boards")
        anchor = _float_list(f, "anchor") if f._get("anchor", None) is not None else None
        anchor_w = _float_list(f, "anchor_weight") \
            if f._get("anchor_weight", None) is not None else None
        f.done()
        return cls(np.array(player, dtype=np.int64), np.array(rate, dtype=np.float64),
                   np.array(weight, dtype=np.float64), np.array(boards, dtype=np.int64),
                   None if anchor is None else np.array(anchor, dtype=np.float64),  # type: ignore[arg-type]
                   None if anchor_w is None else np.array(anchor_w, dtype=np.float64))  # type: ignore[arg-type]


_RATING_FIELDS = ("player", "rate", "weight", "boards", "anchor", "anchor_weight")


def _float_list(f: Fields, key: str) -> list[float]:
    v = f._get(key, None)
    if not isinstance(v, list) or not all(
            type(x) in (int, float) and math.isfinite(x) and abs(x) < 1e300 for x in v):
        raise f.error(key, "a list of finite numbers", "有限数的列表")
    return v


def _floats(name: str, value: object, m: int) -> NDArray[np.float64]:
    a = np.asarray(value)
    if a.dtype.kind not in "fiu" or a.dtype == np.bool_:
        raise BridgeError(f"invalid {name}: expected numbers (a float array), got an array of "
                          f"{a.dtype}", f"无效的 {name}：应为数值数组，实为 {a.dtype} 数组")
    if a.ndim != 1:
        raise _shape(name, a.shape, (-1,))
    _rows_of(name, a, m)
    return np.array(a, dtype=np.float64, order="C", copy=True)


def _rows_of(name: str, a: NDArray[Any], m: int) -> None:
    if a.shape[0] != m:
        raise BridgeError(f"invalid {name}: {a.shape[0]} values for {m} players",
                          f"无效的 {name}：{m} 名牌手却有 {a.shape[0]} 个值")
