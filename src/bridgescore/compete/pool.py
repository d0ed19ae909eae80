"""The week's board pool of the duplicate scoring system (复式记分系统, seed 002; platform.md
§1–§2): boards scored against a datum as their results arrive, one table at a time.

A **pool** (``Pool``) is a week's boards (牌库每周更新: the pool is refreshed weekly) and the
scoring settings, those of the library's online datum method (:class:`ImpSettings`:
``provisional_below=6``, ``close_at=40``, ``rescore=False``, the ``drop``, rounding and IMP
scale of the Butler datum).  Tables of four take boards from it (:mod:`.pool_index` serves
them); each result is scored on arrival by the board's **tally** (``BoardTally``), a frozen
value: ``tally.add(result)`` gives the new tally and an ``Arrival`` saying what it scored.
:class:`.pool_scores.PoolScores` applies the same two functions (``check_arrival``,
``arrive``) to a whole week kept in memory, in place.

The seed's rules, exactly (一副牌……去掉若干个最高分和最低分后计算出平均值……差值转换为IMP):

- a result arriving while the board has fewer than 6 results scores **0, provisionally**
  (暂记0分);
- when the **6th** arrives, all six tables — **24 players** — are scored together, against
  the datum of those six (等结果数达到6个时一次为这24位牌手统一记分);
- each later result (7th … 40th) is scored at once, for its four players, against the datum of
  the results so far, itself included (若总结果数大于等于6个，则当时为4位牌手记分); it is not
  rescored when later results move the datum (``rescore=False``, as the seed reads; with
  ``rescore=True`` every arrival rescores the board against the new datum);
- at **40** results the board is retired (一副牌的总结果数等于40时，这副牌不再使用): a 41st
  result is refused.

The arithmetic is the online method's own (``butler_drop``, ``round_datum``, the IMP scale), so
a tally agrees exactly with ``score_imp_pairs(session, "online")`` on the same results in the
same order (the tests check it on random boards).  The datum is kept incrementally — the
scores sorted and their sum, so each arrival drops at most 3 scores from each end instead of
sorting the board again.  A result is the NS score in IMPs; North and South get ``+x``, East and
West ``−x`` (``TableScore.of``).

>>> from bridgescore.core.deal import Deal
>>> pool = Pool("2026-W49", (PoolBoard.of(1, Deal.from_pbn(
...     "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")),))
>>> tally = BoardTally.start(pool, 1)
>>> for i, score in enumerate([420, 450, -50, 170, 400]):
...     tally, arrival = tally.add(TableResult(1, (f"n{i}", f"e{i}", f"s{i}", f"w{i}"), score))
>>> arrival.score.imps, arrival.score.provisional, arrival.scored
(0, True, ())
>>> tally, arrival = tally.add(TableResult(1, ("n5", "e5", "s5", "w5"), 420))
>>> [s.imps for s in arrival.scored], arrival.score.datum
([2, 3, -9, -5, 2, 2], 350)
>>> tally, arrival = tally.add(TableResult(1, ("n6", "e6", "s6", "w6"), 1440))
>>> [(s.arrival, s.imps, s.datum) for s in arrival.scored], arrival.points()["e6"]
([(7, 14, 370)], -14)

**This week's figures** (本周积分, 本周副数; platform.md §2): ``week_figures`` sums each
player's IMPs over the week's tallies — a provisional result counts 0 until its board has 6
results — and counts the boards the player has a result on; ``figures_after`` moves the same
figures on by one ``Arrival``, for a page that updates live.  Disconnection penalties
(:mod:`.penalties`) are applied on top.

**The week's end** (choices where the seed is silent): closing a pool serves no more boards;
a table already playing one finishes it and its result is scored into the closed week.  A
board that never reached 6 results keeps its provisional zeros: the seed scores 0 "until the
6th arrives" and a closed pool has no 6th, so those results add 0 points and still count in
the week's boards (``WeekFigures.provisional`` says how many, for the rating to leave them out).
The next week is a new pool of new boards (:func:`.pool_index.refresh`).
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.board import Board
from ..core.deal import Deal
from ..core.figures import json_number
from ..core.frozen import FrozenMap
from ..core.result import Result
from ..core.seat import Seat
from ..core.text import excerpt
from ..core.vulnerability import Vulnerability
from ..scoring.datum import DatumSteps, Rounding, butler_drop, datum_steps, round_datum
from ..scoring.datum import imps_of as _imps
from ..scoring.imps import ImpScale, get_imp_scale
from ..sessions.imp_pairs import ImpSettings
from ..sessions.model import possible_ns_scores
from .refusal import Refusal

if TYPE_CHECKING:
    from ..deals.dealing import DealtBoard
    from ..deals.handrecord import HandRecordBoard

__all__ = [
    "Arrival",
    "BoardTally",
    "Players",
    "Pool",
    "PoolBoard",
    "PoolError",
    "TableResult",
    "TableScore",
    "WeekFigures",
    "arrive",
    "check_arrival",
    "figures_after",
    "may_see_board",
    "table_players",
    "week_figures",
]

#: The four players of a table, in seat order: North, East, South, West.
Players = tuple[str, str, str, str]
Imps = int | Fraction  # whole IMPs, or exact fractions when the datum is left unrounded


class PoolError(Refusal):
    """A pool action refused (the competitions' :class:`~.refusal.Refusal`): ``code`` names
    the rule for the web layer (``retired``, ``full``, ``played``, ``score`` …)."""


def table_players(players: Sequence[str]) -> Players:
    """Four distinct player ids (non-empty texts) in the order North, East, South, West."""
    if isinstance(players, str) or not isinstance(players, Sequence) or len(players) != 4:
        raise PoolError("players", f"a table needs four players (North, East, South, West), "
                        f"got {excerpt(players)}",
                        f"一桌需要四名牌手（北、东、南、西），实为 {excerpt(players)}")
    for p in players:
        if not isinstance(p, str) or not p.strip():
            raise PoolError("players", f"invalid player {excerpt(p)}: expected a player id "
                            "(a non-empty text)", f"无效的牌手 {excerpt(p)}：应为牌手编号（非空文本）")
    if len(set(players)) != 4:
        twice = next(p for p in players if players.count(p) > 1)
        raise PoolError("players", f"player {excerpt(twice)} has two seats at one table",
                        f"牌手 {excerpt(twice)} 在同一桌占了两个座位")
    return (players[0], players[1], players[2], players[3])


# --- The pool ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PoolBoard:
    """One board of the pool: its id (the board number in the week's set), deal, dealer and
    vulnerability."""

    id: int
    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability

    @property
    def scores(self) -> frozenset[int]:
        """Every NS score possible on the board (at its vulnerability)."""
        return possible_ns_scores(self.vulnerability)

    def __post_init__(self) -> None:
        if type(self.id) is not int or self.id < 1:
            raise PoolError("board", f"invalid pool board id {excerpt(self.id)}: expected a "
                            "whole number from 1", f"无效的牌库牌副编号 {excerpt(self.id)}：应为从 1 起的整数")
        if not isinstance(self.deal, Deal):
            raise PoolError("board", f"board {self.id}: expected a deal, got {excerpt(self.deal)}",
                            f"第{self.id}副：应为一副牌局，实为 {excerpt(self.deal)}")

    @classmethod
    def of(cls, id: int, deal: Deal, dealer: Seat | None = None,
           vulnerability: Vulnerability | None = None) -> PoolBoard:
        """A board whose dealer and vulnerability, when not given, follow its id (Law 2)."""
        law2 = Board(id)
        return cls(id, deal, law2.dealer if dealer is None else dealer,
                   law2.vulnerability if vulnerability is None else vulnerability)

    @classmethod
    def from_board(cls, b: HandRecordBoard | DealtBoard | PoolBoard) -> PoolBoard:
        """A board of a board set (``boardset.read_board_set``) or a dealt set
        (``dealing.deal_boards``)."""
        if isinstance(b, PoolBoard):
            return b
        return cls(b.number, b.deal, b.dealer, b.vulnerability)


@dataclass(frozen=True, slots=True)
class Pool:
    """A week's boards and the scoring settings (the online method's)."""

    week: str
    boards: tuple[PoolBoard, ...]
    settings: ImpSettings = field(default_factory=ImpSettings)
    scale: ImpScale = field(init=False, repr=False, compare=False)
    _positions: Mapping[int, int] = field(init=False, repr=False, compare=False)
    # How many scores the datum drops from each end at n results (``butler_drop``), and the
    # scale's bands: looked up at every arrival.
    _drops: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _thresholds: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.week, str) or not self.week.strip():
            raise PoolError("week", f"invalid week {excerpt(self.week)}: expected a name such as "
                            "'2026-W49'", f"无效的记分周 {excerpt(self.week)}：应为名称，如 '2026-W49'")
        boards = tuple(self.boards)
        object.__setattr__(self, "boards", boards)
        if not boards:
            raise PoolError("boards", "a pool needs at least one board", "牌库至少需要一副牌")
        positions: dict[int, int] = {}
        for i, b in enumerate(boards):
            if not isinstance(b, PoolBoard):
                raise PoolError("boards", f"expected pool boards, got {excerpt(b)}",
                                f"应为牌库牌副，实为 {excerpt(b)}")
            if b.id in positions:
                raise PoolError("boards", f"board {b.id} is twice in the pool",
                                f"第{b.id}副在牌库中出现了两次")
            positions[b.id] = i
        object.__setattr__(self, "_positions", FrozenMap(positions))
        st = self.settings
        if not isinstance(st, ImpSettings):
            raise PoolError("settings", f"expected ImpSettings, got {excerpt(st)}",
                            f"应为 ImpSettings，实为 {excerpt(st)}")
        if type(st.close_at) is not int or st.close_at < 1:
            raise PoolError("settings", f"invalid close_at {excerpt(st.close_at)}: expected a "
                            "whole number of results from 1 (the seed's 40)",
                            f"无效的 close_at {excerpt(st.close_at)}：应为从 1 起的结果数（种子文档为 40）")
        if type(st.provisional_below) is not int or not 0 <= st.provisional_below <= st.close_at:
            raise PoolError(
                "settings", f"invalid provisional_below {excerpt(st.provisional_below)}: expected "
                f"a whole number from 0 to close_at ({st.close_at}); the seed's is 6",
                f"无效的 provisional_below {excerpt(st.provisional_below)}：应为 0 到 close_at"
                f"（{st.close_at}）之间的整数；种子文档为 6")
        scale = get_imp_scale(st.imp_scale)
        object.__setattr__(self, "scale", scale)
        object.__setattr__(self, "_thresholds", scale.thresholds)
        object.__setattr__(self, "_drops", tuple(butler_drop(n, st.drop) if n else 0
                                                 for n in range(st.close_at + 1)))

    @classmethod
    def of(cls, week: str, boards: Iterable[HandRecordBoard | DealtBoard | PoolBoard],
           settings: ImpSettings | None = None) -> Pool:
        """A pool from a board set (``read_board_set(...).boards``) or dealt boards
        (``deal_boards(n)``)."""
        return cls(week, tuple(PoolBoard.from_board(b) for b in boards),
                   settings or ImpSettings())

    @classmethod
    def dealt(cls, week: str, count: int, seed: str | int | None = None,
              settings: ImpSettings | None = None) -> Pool:
        """A pool of ``count`` boards dealt afresh (secure; reproducible with a ``seed``)."""
        from ..deals.dealing import deal_boards

        return cls.of(week, deal_boards(count, seed=seed), settings)

    def position(self, board: int) -> int:
        """Where the board is in the pool (0 first); an unknown board is an error."""
        pos = self._positions.get(board)
        if pos is None:
            raise PoolError("board", f"board {excerpt(board)} is not in the pool of week "
                            f"{self.week}", f"第{excerpt(board)}副不在 {self.week} 周的牌库中")
        return int(pos)

    def board(self, board: int) -> PoolBoard:
        return self.boards[self.position(board)]

    def datum_steps(self, scores: Sequence[int]) -> DatumSteps:
        """How the datum of these NS scores (a board's first results, in arrival order) is
        made under this pool's settings, step by step: the page's arithmetic, whose datum is
        the one the tally scored against (the tests check the two agree)."""
        st = self.settings
        return datum_steps(scores, st.drop, st.datum_round, st.rounding)


# --- Results and their scores ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableResult:
    """A result from one table: the board, its four players (N, E, S, W) and the NS score,
    with the contract's result when known (it must give that score)."""

    board: int
    players: Players
    score: int
    result: Result | None = None

    def __post_init__(self) -> None:
        if type(self.players) is not tuple:
            object.__setattr__(self, "players", table_players(self.players))
        else:
            table_players(self.players)
        if type(self.score) is not int:
            raise PoolError("score", f"board {excerpt(self.board)}: invalid NS score "
                            f"{excerpt(self.score)}: expected a whole number",
                            f"第{excerpt(self.board)}副：无效的南北得分 {excerpt(self.score)}：应为整数")
        if self.result is not None and not isinstance(self.result, Result):
            raise PoolError("score", f"board {excerpt(self.board)}: expected a result, got "
                            f"{excerpt(self.result)}",
                            f"第{excerpt(self.board)}副：应为定约结果，实为 {excerpt(self.result)}")

    @classmethod
    def of(cls, board: PoolBoard, players: Sequence[str], result: Result) -> TableResult:
        """A played result, its NS score computed for the board's vulnerability."""
        return cls(board.id, table_players(players), result.ns_score(board.vulnerability), result)


@dataclass(frozen=True, slots=True)
class TableScore:
    """A result as scored: its place in the order of arrival (1 = the board's first result),
    the NS IMPs (0 while provisional) and the datum it was scored against."""

    result: TableResult
    arrival: int
    imps: Imps
    provisional: bool
    datum: int | Fraction | None

    @property
    def board(self) -> int:
        return self.result.board

    @property
    def players(self) -> Players:
        return self.result.players

    @property
    def ns_score(self) -> int:
        return self.result.score

    @property
    def ew_imps(self) -> Imps:
        return -self.imps

    def of(self, player: str) -> Imps:
        """The player's IMPs: North and South ``+imps``, East and West ``−imps``."""
        players = self.result.players
        if player == players[0] or player == players[2]:
            return self.imps
        if player == players[1] or player == players[3]:
            return -self.imps
        raise PoolError("players", f"player {excerpt(player)} did not play board {self.board} "
                        f"at this table", f"牌手 {excerpt(player)} 没有在这一桌打第{self.board}副")

    def per_player(self) -> tuple[tuple[str, Imps], ...]:
        """``(player, IMPs)`` for North, East, South and West."""
        n, e, s, w = self.result.players
        return ((n, self.imps), (e, -self.imps), (s, self.imps), (w, -self.imps))

    def to_dict(self) -> dict[str, Any]:
        """As JSON data for a page (IMPs and datum as numbers, a fraction to 2 decimals)."""
        r = self.result
        return {"board": r.board, "arrival": self.arrival, "players": list(r.players),
                "ns_score": r.score, "result": None if r.result is None else str(r.result),
                "imps": json_number(self.imps), "provisional": self.provisional,
                "datum": None if self.datum is None else json_number(self.datum)}


@dataclass(frozen=True, slots=True)
class Arrival:
    """What one result changed on its board.

    ``score`` is the new result as it stands (provisional, or scored); ``scored`` lists, in
    order of arrival, every result this arrival gave a score or a new score: none while the
    board has fewer than 6 results, all six at the 6th, the new one alone after it (with
    ``rescore=True``, also those whose IMPs moved).  ``previous`` holds each of those as it was
    before (``None`` for the new result).  ``retired``: this was the board's last result."""

    score: TableScore
    scored: tuple[TableScore, ...]
    previous: tuple[TableScore | None, ...]
    retired: bool

    def to_dict(self) -> dict[str, Any]:
        """As JSON data: what a page showing the players' boards needs to update them."""
        return {"board": self.score.board, "result": self.score.to_dict(),
                "scored": [s.to_dict() for s in self.scored], "retired": self.retired,
                "points": {p: json_number(v) for p, v in self.points().items()}}

    def points(self) -> dict[str, Imps]:
        """Each player's change of this week's points (the 24 players at the 6th result)."""
        out: dict[str, Imps] = {}
        for new, old in zip(self.scored, self.previous, strict=True):
            change = new.imps - (old.imps if old is not None else 0)
            if change:
                for p, v in TableScore(new.result, 0, change, False, None).per_player():
                    out[p] = out.get(p, 0) + v
        return out


def _rounded(kept: int, count: int, step: int, rounding: Rounding) -> int | Fraction:
    """``round_datum(Fraction(kept, count), step, rounding)``, as ``butler_datum`` gives it
    (a whole datum as an int), in integer arithmetic when the datum is rounded: the mean is
    kept / count, so the datum is the whole number of steps nearest kept / (count · step),
    a half broken as ``rounding`` says.  (``round_datum`` takes 5 µs through ``Fraction``, as
    long as the rest of an arrival; the tests check the two agree.)"""
    if step <= 0:
        d = round_datum(Fraction(kept, count), step, rounding)
        return d.numerator if d.denominator == 1 else d
    unit = count * step
    if rounding == "away":
        half_up = (2 * abs(kept) + unit) // (2 * unit)
        whole = half_up if kept >= 0 else -half_up
    elif rounding == "up":
        whole = (2 * kept + unit) // (2 * unit)
    else:
        whole, rest = divmod(kept, unit)
        if 2 * rest > unit or (2 * rest == unit and whole % 2):
            whole += 1
    return whole * step


def _datum(ordered: Sequence[int], total: int, k: int, st: ImpSettings) -> int | Fraction:
    """``butler_datum`` of the sorted scores whose sum is ``total``, ``k`` dropped from each
    end: only the dropped ends are summed (at most a few scores), not the whole board."""
    n = len(ordered)
    kept = total - sum(ordered[:k]) - sum(ordered[n - k:]) if k else total
    return _rounded(kept, n - 2 * k, st.datum_round, st.rounding)


def _imps_of(thresholds: tuple[int, ...], scale: ImpScale, difference: int | Fraction) -> int:
    """The online method's IMPs for a difference: a fractional one (an unrounded datum) by
    ``imp_pairs._imps`` itself, so the two cannot drift apart; a whole one reads the scale's
    bands directly, as ``ImpScale.imps`` does once its argument is known to be a whole number
    (the tests check every difference to ±5000)."""
    if type(difference) is int:
        n = bisect.bisect_right(thresholds, difference if difference >= 0 else -difference)
        return -n if difference < 0 else n
    return _imps(scale, difference)


@dataclass(frozen=True, slots=True)
class BoardTally:
    """A board's results in order of arrival, with their scores: a frozen value, moved on by
    :meth:`add`.  ``ordered`` and ``total`` (the NS scores sorted, and their sum) keep the
    datum incremental."""

    pool: Pool = field(repr=False)
    board: PoolBoard
    scores: tuple[TableScore, ...] = ()
    ordered: tuple[int, ...] = ()
    total: int = 0
    players: frozenset[str] = frozenset()

    @classmethod
    def start(cls, pool: Pool, board: int) -> BoardTally:
        """An empty tally for one of the pool's boards."""
        return cls(pool, pool.board(board))

    @property
    def settings(self) -> ImpSettings:
        return self.pool.settings

    @classmethod
    def of(cls, pool: Pool, board: int, results: Iterable[TableResult]) -> BoardTally:
        """The tally of stored results, added in their order of arrival."""
        tally = cls.start(pool, board)
        for r in results:
            tally, _ = tally.add(r)
        return tally

    @property
    def count(self) -> int:
        return len(self.scores)

    @property
    def provisional(self) -> bool:
        """Some results and fewer than 6 (``provisional_below``): all score 0 for now."""
        return 0 < len(self.scores) < self.settings.provisional_below

    @property
    def retired(self) -> bool:
        """40 results (``close_at``): the board takes no more."""
        return len(self.scores) >= self.settings.close_at

    @property
    def datum(self) -> int | Fraction | None:
        """The datum of all the board's results (``None`` while provisional or empty)."""
        n = len(self.scores)
        if not n or n < self.settings.provisional_below:
            return None
        return _datum(self.ordered, self.total, self.pool._drops[n], self.settings)

    def add(self, result: TableResult) -> tuple[BoardTally, Arrival]:
        """The board with one more result, and what that result scored."""
        check_arrival(self.pool, self.board, len(self.scores), result)
        if not self.players.isdisjoint(result.players):
            raise _played(self.board, next(p for p in result.players if p in self.players))
        s = result.score
        i = bisect.bisect_right(self.ordered, s)
        ordered = (*self.ordered[:i], s, *self.ordered[i:])
        total = self.total + s
        new, scored, previous, rescored = arrive(self.pool, self.scores, ordered, total, result)
        scores = (*self.scores, new) if rescored is None else (*rescored, new)
        tally = BoardTally(self.pool, self.board, scores, ordered, total,
                           self.players.union(result.players))
        return tally, Arrival(new, scored, previous, new.arrival == self.pool.settings.close_at)


# --- The arithmetic of an arrival, shared by the tally and the week's scorer ---------------


def check_arrival(pool: Pool, board: PoolBoard, count: int, result: TableResult) -> None:
    """Refuse a result that cannot be the next of a board with ``count`` results: another
    board's, one past the 40th, a score impossible at the board's vulnerability or not the
    score of the result given with it.  (Whether its players already have a result on the
    board is for the caller, which knows them.)"""
    if result.board != board.id:
        raise PoolError("board", f"a result of board {excerpt(result.board)} cannot go on "
                        f"board {board.id}", f"第{excerpt(result.board)}副的结果不能记入第{board.id}副")
    cap = pool.settings.close_at
    if count >= cap:
        raise PoolError("retired", f"board {board.id} is retired: it has {cap} results, the most "
                        "a board takes", f"第{board.id}副已停用：已有 {cap} 个结果，一副牌最多只记这么多")
    s = result.score
    if s not in board.scores:
        raise PoolError("score", f"board {board.id}: NS score {s} is impossible with "
                        f"{board.vulnerability.describe('en')}",
                        f"第{board.id}副：{board.vulnerability.describe('zh')}时南北不可能得 {s} 分")
    if result.result is not None and result.result.ns_score(board.vulnerability) != s:
        expected = result.result.ns_score(board.vulnerability)
        raise PoolError("score", f"board {board.id}: {result.result} scores {expected} for NS, "
                        f"not {s}", f"第{board.id}副：{result.result} 南北得 {expected} 分，而不是 {s} 分")


def _played(board: PoolBoard, player: str) -> PoolError:
    return PoolError("played", f"player {excerpt(player)} already has a result on board "
                     f"{board.id}", f"牌手 {excerpt(player)} 在第{board.id}副上已有结果")


def arrive(pool: Pool, scores: Sequence[TableScore], ordered: Sequence[int], total: int,
           result: TableResult) -> tuple[TableScore, tuple[TableScore, ...],
                                         tuple[TableScore | None, ...], list[TableScore] | None]:
    """Score a checked result arriving after ``scores``; ``ordered`` and ``total`` are the
    board's NS scores sorted, and their sum, with the new one in.  Gives the new result's
    score, the results scored by its arrival and how they stood before (``Arrival``), and the
    earlier results rescored (``None`` when they stand as they were)."""
    st = pool.settings
    n = len(scores) + 1
    below = st.provisional_below
    if n < below:
        return _score(result, n, 0, True, None), (), (), None
    d = _datum(ordered, total, pool._drops[n], st)
    thresholds, scale = pool._thresholds, pool.scale
    new = _score(result, n, _imps_of(thresholds, scale, result.score - d), False, d)
    if n != below and not st.rescore:
        return new, (new,), (None,), None
    # The 6th result scores the first six together; with ``rescore`` every arrival scores
    # the whole board against its new datum.
    first = n == below
    rescored, changed, before = [], [], []
    for old in scores:
        again = _score(old.result, old.arrival, _imps_of(thresholds, scale, old.result.score - d),
                       False, d)
        rescored.append(again)
        if first or again.imps != old.imps:
            changed.append(again)
            before.append(old)
    return new, (*changed, new), (*before, None), rescored


# Every arrival builds a score, valid by construction: slot by slot, as the frozen dataclass's
# ``__init__`` would, less its per-field ``object.__setattr__`` (a tenth of an arrival).
_new = object.__new__
_SCORE_SLOTS = tuple(getattr(TableScore, f.name).__set__ for f in fields(TableScore))


def _score(result: TableResult, arrival: int, imps: Imps, provisional: bool,
           datum: int | Fraction | None) -> TableScore:
    obj: TableScore = _new(TableScore)
    a, b, c, d, e = _SCORE_SLOTS
    a(obj, result)
    b(obj, arrival)
    c(obj, imps)
    d(obj, provisional)
    e(obj, datum)
    return obj


# --- This week's figures -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WeekFigures:
    """A player's week (platform.md §2): ``points`` (本周积分, the IMPs of the week's results,
    provisional ones 0), ``boards`` (本周副数, boards with a result), ``provisional`` (of those,
    boards still provisional) and ``penalty`` (disconnections, :mod:`.penalties`, ≤ 0)."""

    player: str
    points: Imps = 0
    boards: int = 0
    provisional: int = 0
    penalty: int = 0

    @property
    def total(self) -> Imps:
        """This week's points after the disconnection penalties."""
        return self.points + self.penalty


def may_see_board(*, member: bool, director: bool, week_closed: bool, had_it: bool) -> bool:
    """Who may see a pool board's results and hands: the club's members only; a director at
    any time; every member once the week is closed; before that, a member who has had the
    board (a result of theirs, or a table of theirs that stopped with it) and is not playing
    it now -- never a member the pool may still serve it to, who would then know its cards.

    >>> may_see_board(member=True, director=False, week_closed=False, had_it=False)
    False
    >>> may_see_board(member=True, director=False, week_closed=True, had_it=False)
    True
    """
    return member and (director or week_closed or had_it)


def week_figures(tallies: Iterable[BoardTally]) -> dict[str, WeekFigures]:
    """Every player's figures from the week's tallies, players in order of first result."""
    return _figures(sc for tally in tallies for sc in tally.scores)


def _figures(scores: Iterable[TableScore]) -> dict[str, WeekFigures]:
    points: dict[str, Imps] = {}
    boards: dict[str, int] = {}
    provisional: dict[str, int] = {}
    get = points.get
    for sc in scores:
        # ``per_player`` spelled out: a week has 400,000 results, 1.6 million seats.
        n, e, s, w = sc.result.players
        v = sc.imps
        points[n], points[s] = get(n, 0) + v, get(s, 0) + v
        points[e], points[w] = get(e, 0) - v, get(w, 0) - v
        for p in (n, e, s, w):
            boards[p] = boards.get(p, 0) + 1
        if sc.provisional:
            for p in (n, e, s, w):
                provisional[p] = provisional.get(p, 0) + 1
    return {p: WeekFigures(p, points[p], boards[p], provisional.get(p, 0)) for p in points}


def figures_after(figures: Mapping[str, WeekFigures], arrival: Arrival) -> dict[str, WeekFigures]:
    """The figures of the players an arrival changed (the new result's four, and at the 6th
    the other twenty), moved on from ``figures``; other players are unchanged."""
    out: dict[str, WeekFigures] = {}

    def get(p: str) -> WeekFigures:
        return out.get(p) or figures.get(p) or WeekFigures(p)

    for p in arrival.score.players:
        f = get(p)
        out[p] = WeekFigures(p, f.points, f.boards + 1,
                             f.provisional + (1 if arrival.score.provisional else 0), f.penalty)
    for new, old in zip(arrival.scored, arrival.previous, strict=True):
        was = old.imps if old is not None else 0
        settled = 1 if old is not None and old.provisional else 0
        for p, v in new.per_player():
            f = get(p)
            change = v - (was if p in (new.players[0], new.players[2]) else -was)
            out[p] = WeekFigures(p, f.points + change, f.boards, f.provisional - settled, f.penalty)
    return out
