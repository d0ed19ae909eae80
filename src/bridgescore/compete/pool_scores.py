"""The week's scores kept in place: every board of a pool scored as its results arrive.

A :class:`~.pool.BoardTally` is a frozen value, the unit of the rules: a web request loads one
board's results, adds the new one and stores the scores.  A process that keeps a whole week
in memory would copy each board's results at every arrival; ``PoolScores`` keeps them in
lists and sets that grow in place instead, under the same rules — each arrival is checked by
:func:`~.pool.check_arrival` and scored by :func:`~.pool.arrive`, the functions
``BoardTally.add`` uses, so the two agree result for result (the tests check it).  Like
:class:`~.pool_index.PoolIndex` it is the one mutable object beside the pure rules; any board
can be had as a frozen tally (:meth:`PoolScores.tally`).  It is not thread-safe: one lock
around it where threads share it.

>>> from bridgescore.compete.pool import Pool, TableResult
>>> week = PoolScores(Pool.dealt("2026-W49", 2, seed=1))
>>> for i, score in enumerate([420, 450, -50, 170, 400, 420]):
...     arrival = week.add(TableResult(1, (f"n{i}", f"e{i}", f"s{i}", f"w{i}"), score))
>>> [s.imps for s in arrival.scored], week.figures()["n1"].points
([2, 3, -9, -5, 2, 2], 3)
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator

from ..core.text import excerpt
from .pool import (
    Arrival,
    BoardTally,
    Pool,
    PoolBoard,
    PoolError,
    TableResult,
    TableScore,
    WeekFigures,
    _figures,
    _played,
    arrive,
    check_arrival,
)

__all__ = ["PoolScores"]


class _Board:
    """One board's results so far: their scores in order of arrival, the NS scores sorted
    and their sum (for the datum), and who played it."""

    __slots__ = ("board", "ordered", "players", "scores", "total")

    def __init__(self, board: PoolBoard) -> None:
        self.board = board
        self.scores: list[TableScore] = []
        self.ordered: list[int] = []
        self.total = 0
        self.players: set[str] = set()


class PoolScores:
    """A week's boards, scored arrival by arrival (module docstring)."""

    __slots__ = ("_boards", "pool")

    def __init__(self, pool: Pool) -> None:
        if not isinstance(pool, Pool):
            raise PoolError("pool", f"expected a pool, got {excerpt(pool)}",
                            f"应为牌库，实为 {excerpt(pool)}")
        self.pool = pool
        self._boards: dict[int, _Board] = {}

    @classmethod
    def of(cls, pool: Pool, results: Iterable[TableResult]) -> PoolScores:
        """The week's stored results, added in their order of arrival."""
        week = cls(pool)
        for r in results:
            week.add(r)
        return week

    def add(self, result: TableResult) -> Arrival:
        """Score one more result on its board (``BoardTally.add``'s rules)."""
        if not isinstance(result, TableResult):
            raise PoolError("score", f"expected a table result, got {excerpt(result)}",
                            f"应为一桌的结果，实为 {excerpt(result)}")
        pool = self.pool
        b = self._boards.get(result.board)
        board = b.board if b is not None else pool.board(result.board)
        check_arrival(pool, board, len(b.scores) if b is not None else 0, result)
        if b is None:
            b = self._boards[result.board] = _Board(board)
        players = b.players
        for p in result.players:
            if p in players:
                raise _played(board, p)
        bisect.insort(b.ordered, result.score)
        b.total += result.score
        new, scored, previous, rescored = arrive(pool, b.scores, b.ordered, b.total, result)
        if rescored is not None:
            b.scores[:] = rescored
        b.scores.append(new)
        players.update(result.players)
        return Arrival(new, scored, previous, new.arrival == pool.settings.close_at)

    def count(self, board: int) -> int:
        self.pool.position(board)
        b = self._boards.get(board)
        return len(b.scores) if b else 0

    def scores(self, board: int) -> tuple[TableScore, ...]:
        """The board's results as scored, in order of arrival."""
        self.pool.position(board)
        b = self._boards.get(board)
        return tuple(b.scores) if b else ()

    def tally(self, board: int) -> BoardTally:
        """The board as a frozen tally (what ``BoardTally.add`` would have built)."""
        b = self._boards.get(board)
        if b is None:
            return BoardTally.start(self.pool, board)
        return BoardTally(self.pool, b.board, tuple(b.scores), tuple(b.ordered), b.total,
                          frozenset(b.players))

    def tallies(self) -> Iterator[BoardTally]:
        """Every board with a result, as frozen tallies, in order of first result."""
        return (self.tally(board) for board in self._boards)

    def figures(self) -> dict[str, WeekFigures]:
        """Every player's figures this week (``week_figures``)."""
        return _figures(sc for b in self._boards.values() for sc in b.scores)
