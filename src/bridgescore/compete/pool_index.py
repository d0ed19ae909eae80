"""Serving the week's pool (复式记分系统): which board a table of four gets next.

**The rule.**  A table gets a board that none of its four players has played or is playing,
and that is not full, chosen in this order:

1. a board with 1–5 results (counting tables playing it), **the fullest first** — it is the
   nearest to its 6th result, when the 24 players waiting on it get their scores;
2. then a board with 6–39, the fullest first — its result is scored at once, and against a
   datum of many results rather than of six;
3. then a fresh board (no results), so that a table is never kept waiting while boards are
   left;

and among boards equally full, the one earliest in the pool.  ``None`` when there is none (the
four have played everything open, or the pool is closed).  The choice depends only on the
pool, each board's count and each player's boards, never on the order things happened, so an
index rebuilt from the stored rows (:meth:`PoolIndex.rebuild`, in any order) serves exactly
what the live one would.

**Tables in play count.**  A board is full when its results and the tables playing it reach
40 (``close_at``): no table is served a board that could then produce a 41st result.  A table
that stops before finishing (abandoned, or cut) gives its place back (:meth:`PoolIndex.release`);
its four players have seen the cards, so they never get that board again.

**Data structures.**  The rules are pure, but a week of 10,000 boards and thousands of players
cannot be copied at every table, so the index is the one mutable object here (the web layer
keeps one per pool and process, behind one lock — it is not thread-safe — and can rebuild it
at any time from its rows): for each player, the set of boards they have played or are
playing; for each count 0–39, the sorted positions of the boards at that count.  Serving
walks the counts in the rule's order and each count's boards in pool order, skipping those one of the four has had: the work is the number
of counts (40) plus the boards skipped, and a skipped board is one of the four players' own,
so a call costs at most the boards the four have played this week, however large the pool.
:meth:`PoolIndex.serve_by_scan` is the rule read literally (every board, every time): the
reference the tests and the benchmark compare with.

>>> from bridgescore.compete.pool import Pool
>>> index = PoolIndex(Pool.dealt("2026-W49", 3, seed=1))
>>> index.take(("ann", "bob", "cat", "dan"))
1
>>> index.take(("eve", "fay", "gus", "hal")), index.take(("ann", "fay", "ivy", "jon"))
(1, 2)
>>> index.finish(1, ("ann", "bob", "cat", "dan")); index.results(1), index.committed(1)
(1, 2)
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence

from ..core.text import excerpt
from .pool import Players, Pool, PoolError, table_players

__all__ = ["PoolIndex", "refresh", "serve"]


class PoolIndex:
    """Who has played which board of a pool, and how full each board is (module docstring).

    ``start`` a board for a table (``take`` = ``serve`` + ``start``), then ``finish`` it when
    its result is stored or ``release`` it when the table stops before a result."""

    __slots__ = ("_buckets", "_cap", "_committed", "_order", "_playing", "_results", "_seen",
                 "closed", "pool")

    def __init__(self, pool: Pool) -> None:
        if not isinstance(pool, Pool):
            raise PoolError("pool", f"expected a pool, got {excerpt(pool)}",
                            f"应为牌库，实为 {excerpt(pool)}")
        n = len(pool.boards)
        cap = pool.settings.close_at
        p = pool.settings.provisional_below
        self.pool = pool
        self.closed = False
        self._cap = cap
        self._results = [0] * n
        self._committed = [0] * n  # results + tables playing
        self._playing: dict[int, list[Players]] = {}
        self._seen: dict[str, set[int]] = {}
        self._buckets: list[list[int]] = [[] for _ in range(cap)]
        self._buckets[0] = list(range(n))
        # The rule's order of counts: 5 … 1, then 39 … 6, then 0.
        self._order = (*range(p - 1, 0, -1), *range(cap - 1, max(p, 1) - 1, -1), 0)

    @classmethod
    def rebuild(cls, pool: Pool, results: Iterable[tuple[int, Sequence[str]]] = (),
                playing: Iterable[tuple[int, Sequence[str]]] = (),
                released: Iterable[tuple[int, Sequence[str]]] = ()) -> PoolIndex:
        """The index of stored tables: ``(board, players)`` of each result, each table
        playing now and each table that stopped without a result; in any order."""
        index = cls(pool)
        # A stopped table first: it holds no place now, and a board filled since then would
        # refuse it.
        for board, players in released:
            index.start(board, players)
            index.release(board, players)
        for board, players in results:
            index.start(board, players)
            index.finish(board, players)
        for board, players in playing:
            index.start(board, players)
        return index

    # -- reading ---------------------------------------------------------------------------

    def results(self, board: int) -> int:
        return self._results[self.pool.position(board)]

    def committed(self, board: int) -> int:
        """Results plus tables playing the board now."""
        return self._committed[self.pool.position(board)]

    def playing(self, board: int) -> tuple[Players, ...]:
        return tuple(self._playing.get(self.pool.position(board), ()))

    def retired(self, board: int) -> bool:
        """40 results: the board is done."""
        return self._results[self.pool.position(board)] >= self._cap

    def played(self, player: str) -> frozenset[int]:
        """The boards the player has played, is playing, or has seen at a table that stopped."""
        boards = self.pool.boards
        return frozenset(boards[i].id for i in self._seen.get(player, ()))

    def open_boards(self) -> int:
        """Boards a table could still be served (not full)."""
        return sum(len(b) for b in self._buckets)

    # -- serving ---------------------------------------------------------------------------

    def serve(self, players: Sequence[str]) -> int | None:
        """The board for these four (North, East, South, West) by the rule, or ``None``;
        nothing changes until :meth:`start`."""
        ps = table_players(players)
        if self.closed:
            return None
        seen = [s for s in (self._seen.get(p) for p in ps) if s]
        buckets, boards = self._buckets, self.pool.boards
        for c in self._order:
            for pos in buckets[c]:
                if not seen or all(pos not in s for s in seen):
                    return boards[pos].id
        return None

    def serve_by_scan(self, players: Sequence[str]) -> int | None:
        """The rule read literally, board by board (O(boards)): the reference for tests."""
        ps = table_players(players)
        if self.closed:
            return None
        p = self.pool.settings.provisional_below
        best: tuple[int, int, int] | None = None
        for pos, c in enumerate(self._committed):
            if c >= self._cap or any(pos in self._seen.get(q, ()) for q in ps):
                continue
            band = 0 if 0 < c < p else 1 if c > 0 else 2
            key = (band, -c, pos)
            if best is None or key < best:
                best = key
        return None if best is None else self.pool.boards[best[2]].id

    def take(self, players: Sequence[str]) -> int | None:
        """Serve the four a board and start it for them."""
        board = self.serve(players)
        if board is not None:
            self.start(board, players)
        return board

    # -- changes ---------------------------------------------------------------------------

    def start(self, board: int, players: Sequence[str]) -> None:
        """The four sit down to ``board``: it is theirs, and one place on it is taken."""
        pos = self.pool.position(board)
        ps = table_players(players)
        if self.closed:
            raise PoolError("closed", f"the pool of week {self.pool.week} is closed: it serves "
                            "no more boards", f"{self.pool.week} 周的牌库已关闭：不再发牌")
        c = self._committed[pos]
        if c >= self._cap:
            done = self._results[pos]
            raise PoolError("full", f"board {board} is full: {done} results and {c - done} "
                            f"tables playing it make {self._cap}, the most a board takes",
                            f"第{board}副已满：{done} 个结果加 {c - done} 桌正在打，"
                            f"已达一副牌最多的 {self._cap} 个")
        for p in ps:
            if pos in self._seen.get(p, ()):
                raise PoolError("played", f"player {excerpt(p)} has already had board {board} "
                                "this week", f"牌手 {excerpt(p)} 本周已打过第{board}副")
        for p in ps:
            self._seen.setdefault(p, set()).add(pos)
        self._playing.setdefault(pos, []).append(ps)
        self._move(pos, c, c + 1)

    def finish(self, board: int, players: Sequence[str]) -> None:
        """The table's result is in (and scored by the board's tally)."""
        pos = self._stop(board, players)
        self._results[pos] += 1

    def release(self, board: int, players: Sequence[str]) -> None:
        """The table stopped without a result: its place on the board is free again (the four
        keep the board as seen)."""
        pos = self._stop(board, players)
        c = self._committed[pos]
        self._move(pos, c, c - 1)

    def close(self) -> None:
        """The week is over: no more boards are served; tables playing may still finish."""
        self.closed = True

    def _stop(self, board: int, players: Sequence[str]) -> int:
        pos = self.pool.position(board)
        ps = table_players(players)
        tables = self._playing.get(pos, [])
        if ps not in tables:
            raise PoolError("not_playing", f"board {board} is not being played by "
                            f"{', '.join(ps)}", f"{'、'.join(ps)} 这一桌没有在打第{board}副")
        tables.remove(ps)
        if not tables:
            del self._playing[pos]
        return pos

    def _move(self, pos: int, old: int, new: int) -> None:
        """A board's count changes: it leaves its count's list for the other's."""
        self._committed[pos] = new
        if old < self._cap:
            bucket = self._buckets[old]
            del bucket[bisect.bisect_left(bucket, pos)]
        if new < self._cap:
            bisect.insort(self._buckets[new], pos)


def serve(index: PoolIndex, players: Sequence[str]) -> int | None:
    """The board the pool's rule gives these four players now (``PoolIndex.serve``)."""
    return index.serve(players)


def refresh(index: PoolIndex, pool: Pool) -> PoolIndex:
    """The week changes: last week's index is closed and this week's pool starts empty."""
    if not isinstance(pool, Pool):
        raise PoolError("pool", f"expected a pool, got {excerpt(pool)}",
                        f"应为牌库，实为 {excerpt(pool)}")
    if pool.week == index.pool.week:
        raise PoolError("week", f"the new pool is for week {pool.week} again: expected the next "
                        "week's", f"新牌库仍是 {pool.week} 周的：应为下一周的")
    index.close()
    return PoolIndex(pool)
