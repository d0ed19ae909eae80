"""The event model: pairs, teams, table results, sessions and team matches, with validation.

A *table result* (``BoardResult``) records what happened on one board at one table: the pair
that held the North–South cards, the pair that held the East–West cards, and either the
result (``Result``), the NS table score, an artificial adjusted score (Average-plus/Average/
Average-minus or a percentage, possibly split between the sides) or a weighted assigned score.

>>> r = BoardResult(3, "1", "8", Result.parse("3NT W -1"))
>>> r.score, r.kind
(100, 'played')
>>> BoardResult(3, "1", "8", score=620)
Traceback (most recent call last):
...
bridgescore.errors.BridgeError: board 3: NS score 620 is impossible on a board with EW vulnerable

Validation (``Session``/``TeamMatch`` construction) rejects a pair on both sides of a board, a
board twice at one table in a round or for one pair, a pair number such as ``-1``, a pair
sitting the wrong way (``seating.py``), a result the session's movement does not have, a
score impossible for the contract and an unknown board, with a message naming the board and,
when known, the file and line.

A movement produces ``(round, table, ns_pair, ew_pair, boards)`` assignments; a results file
or a scorer turns each played board into a ``BoardResult`` with ``round``/``table`` filled in.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Literal

from ..board import Board
from ..contract import Contract, all_contracts
from ..errors import BridgeError, FileFormatError
from ..result import Result
from ..seat import Seat, Side
from ..text import normalize
from ..vulnerability import Vulnerability
from .figures import json_number as _num

if TYPE_CHECKING:
    from .movements import Movement

__all__ = [
    "ARTIFICIAL",
    "Assignment",
    "Award",
    "BoardResult",
    "Pair",
    "PairScore",
    "ScoredBoard",
    "ScoredResult",
    "Session",
    "SessionScores",
    "Team",
    "TeamMatch",
    "board_error",
    "parse_award",
    "played_score",
    "possible_ns_scores",
]

ArtificialCode = Literal["A+", "A", "A-"]
#: An artificial adjusted score for one side: Average-plus/Average/Average-minus (Law 12C2),
#: or a percentage of the board's top given directly (a float from 0 to 100).
Award = ArtificialCode | float
ARTIFICIAL: tuple[ArtificialCode, ...] = ("A+", "A", "A-")

_AWARD_WORDS: dict[str, ArtificialCode] = {
    "a+": "A+", "avg+": "A+", "av+": "A+", "ave+": "A+", "average+": "A+", "averageplus": "A+",
    "60%": "A+", "平均加": "A+", "平均+": "A+", "均+": "A+",
    "a": "A", "avg": "A", "av": "A", "ave": "A", "average": "A", "50%": "A", "平均": "A",
    "a-": "A-", "avg-": "A-", "av-": "A-", "ave-": "A-", "average-": "A-",
    "averageminus": "A-", "40%": "A-", "平均减": "A-", "平均-": "A-", "均-": "A-",
}


def parse_award(text: str) -> Award:
    """``A+``/``avg+``/``平均加`` → ``"A+"`` (likewise A, A−); ``55%`` → ``55.0``.

    >>> parse_award("avg-"), parse_award("平均加"), parse_award("55%")
    ('A-', 'A+', 55.0)
    """
    key = normalize(text).strip().lower().replace(" ", "").replace("−", "-")
    if key in _AWARD_WORDS and key not in ("60%", "50%", "40%"):
        return _AWARD_WORDS[key]
    if key.endswith("%"):
        try:
            value = float(key[:-1])
        except ValueError:
            value = math.nan
        if 0 <= value <= 100:
            return value
    raise BridgeError(
        f"invalid adjusted score {text!r}: expected A+, A, A- (avg+, avg, avg-) or a percentage "
        "such as 55%",
        f"无效的调整分 {text!r}：应为 A+、A、A-（平均加、平均、平均减）或百分数，如 55%",
    )


@cache
def possible_ns_scores(vulnerability: Vulnerability) -> frozenset[int]:
    """Every NS table score that some contract, declarer and trick count can produce."""
    out = {0}
    for contract in all_contracts():
        if contract.is_passed_out:
            continue
        for seat in (Seat.NORTH, Seat.EAST):
            for tricks in range(14):
                out.add(Result(contract, seat, tricks).ns_score(vulnerability))
    return frozenset(out)


def board_error(
    board: int | None, en: str, zh: str, *, source: str | None = None, line: int | None = None
) -> BridgeError:
    """An error naming the board and, when known, the file and line."""
    if board is not None:
        en, zh = f"board {board}: {en}", f"第{board}副：{zh}"
    if source is not None or line is not None:
        return FileFormatError(en, zh, path=source, line=line)
    return BridgeError(en, zh)


@dataclass(frozen=True, slots=True)
class Pair:
    """A pair.  ``direction`` is its fixed direction in a two-winner (Mitchell) event."""

    id: str
    names: tuple[str, ...] = ()
    direction: Side | None = None
    registration: int | None = None  # order of entry: earlier ranks higher on a Swiss tie

    def label(self, lang: str = "en") -> str:
        who = " – ".join(self.names) if lang == "en" else "、".join(self.names)
        return f"{self.id} {who}".strip()


@dataclass(frozen=True, slots=True)
class Team:
    id: str
    name: str = ""
    players: tuple[str, ...] = ()

    def label(self, lang: str = "en") -> str:
        return self.name or self.id


@dataclass(frozen=True, slots=True)
class Assignment:
    """One line of a movement: in ``round`` at ``table``, these pairs play these boards."""

    round: int
    table: int
    ns_pair: str
    ew_pair: str
    boards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One board at one table.  Exactly one of: ``result``/``score`` (played), ``ns_award`` and
    ``ew_award`` (artificial adjusted score), ``weighted`` (weighted assigned score: pairs of
    ``(weight, NS score)`` whose weights sum to 1).  ``ns_pair`` is the pair that held the NS
    cards on this board (after any arrow switch)."""

    board: int
    ns_pair: str
    ew_pair: str
    result: Result | None = None
    score: int | None = None
    ns_award: Award | None = None
    ew_award: Award | None = None
    weighted: tuple[tuple[float, int], ...] = ()
    table: int | None = None
    round: int | None = None
    lead: str | None = None
    line: int | None = field(default=None, compare=False)
    source: str | None = field(default=None, compare=False)

    def _error(self, en: str, zh: str) -> BridgeError:
        return board_error(self.board, en, zh, source=self.source, line=self.line)

    def __post_init__(self) -> None:
        if type(self.board) is not int or self.board < 1:
            raise self._error(
                f"invalid board number {self.board!r}: expected a whole number from 1 up",
                f"无效的牌副号 {self.board!r}：应为从 1 起的整数",
            )
        if not self.ns_pair or not self.ew_pair:
            raise self._error("both the NS and the EW pair are needed", "需要南北和东西两对的编号")
        if self.ns_pair == self.ew_pair:
            raise self._error(
                f"pair {self.ns_pair} is on both sides (NS and EW) of the board",
                f"第{self.ns_pair}对同时坐南北和东西",
            )
        played = self.result is not None or self.score is not None
        artificial = self.ns_award is not None or self.ew_award is not None
        kinds = int(played) + int(artificial) + int(bool(self.weighted))
        if kinds != 1:
            raise self._error(
                "expected exactly one of: a result or score, an adjusted score (A+/A/A-), "
                "a weighted score",
                "应当且只能给出以下之一：结果或分数、调整分（A+/A/A-）、加权判分",
            )
        if artificial and (self.ns_award is None or self.ew_award is None):
            raise self._error(
                "an adjusted score needs an award for each side (e.g. A+/A-)",
                "调整分需给出双方各自的分（如 A+/A-）",
            )
        vul = Board(self.board).vulnerability
        if self.result is not None:
            s = self.result.ns_score(vul)
            if self.score is not None and self.score != s:
                raise self._error(
                    f"NS score {self.score} is impossible for {self.result} "
                    f"({vul.describe()}): it scores {s:+d} for NS",
                    f"南北得分 {self.score} 与 {self.result.format('zh')}（{vul.describe('zh')}）"
                    f"不符：应为南北 {s:+d}",
                )
            object.__setattr__(self, "score", s)
        elif self.score is not None:
            self._check_score(self.score, vul)
        if self.weighted:
            total = 0.0
            for w, s in self.weighted:
                if not (w > 0):
                    raise self._error(f"invalid weight {w!r}: expected a positive number",
                                      f"无效的权重 {w!r}：应为正数")
                self._check_score(s, vul)
                total += w
            if abs(total - 1) > 1e-6:
                raise self._error(
                    f"the weights of a weighted score add up to {total:g}, not 1",
                    f"加权判分的权重之和为 {total:g}，应为 1",
                )

    def _check_score(self, s: int, vul: Vulnerability) -> None:
        if type(s) is not int or s not in possible_ns_scores(vul):
            raise self._error(
                f"NS score {s} is impossible on a board with {vul.describe()}",
                f"南北得分 {s} 在{vul.describe('zh')}的牌上不可能出现",
            )

    @property
    def kind(self) -> Literal["played", "artificial", "weighted"]:
        if self.score is not None:
            return "played"
        return "weighted" if self.weighted else "artificial"

    @property
    def contract(self) -> Contract | None:
        return None if self.result is None else self.result.contract


def played_score(r: BoardResult) -> int:
    """The NS table score of a played result."""
    if r.score is None:
        raise board_error(r.board, "no table score for this result", "该结果没有得分",
                          source=r.source, line=r.line)
    return r.score


def _where(r: BoardResult) -> tuple[str | None, int | None]:
    return r.source, r.line


@dataclass(frozen=True)
class Session:
    """A pairs session: the results of its boards.

    ``boards`` lists the boards in play (``None``: whatever the results name).  ``pairs`` gives
    names and registration order; a pair named only by the results is created as it goes.  ``winners`` is 2 for separate NS
    and EW rankings (Mitchell), 1 for a single ranking (Howell, arrow-switched Mitchell) and
    0 to decide from the results: two winners when no pair sat both ways.  ``expected`` is the
    number of results each board should have, for Neuberg (default: the most any board has).
    """

    results: tuple[BoardResult, ...]
    boards: tuple[int, ...] | None = None
    pairs: Mapping[str, Pair] = field(default_factory=dict)
    name: str = ""
    winners: Literal[0, 1, 2] = 0
    expected: int | None = None
    total_boards: int | None = None  # boards scheduled per pair (Swiss completion threshold)
    movement: Movement | None = None  # when known, every result is checked against it

    def __post_init__(self) -> None:
        from .seating import check_pairs_and_movement, check_seating

        object.__setattr__(self, "results", tuple(self.results))
        if self.movement is not None:
            mv_winners: Literal[1, 2] = 2 if self.movement.two_winner else 1
            if self.winners not in (0, mv_winners):
                count = {1: ("one winner", "一个"), 2: ("two winners", "两个")}
                raise BridgeError(
                    f"the session is set to {count[self.winners][0]} but its movement "
                    f"({self.movement.describe('en')}) has {count[mv_winners][0]}",
                    f"本节设为{count[self.winners][1]}冠军，但其移位（{self.movement.describe('zh')}）"
                    f"有{count[mv_winners][1]}冠军")
            object.__setattr__(self, "winners", mv_winners)
        known = set(self.boards) if self.boards is not None else None
        check_pairs_and_movement(self.results, self.movement)
        seen_pair: dict[tuple[int, str], BoardResult] = {}
        pairs = dict(self.pairs)
        for r in self.results:
            src, line = _where(r)
            if known is not None and r.board not in known:
                raise board_error(
                    r.board, "unknown board: not one of the boards in play "
                    f"({_ranges(sorted(known))})",
                    f"未知的牌副：不在本节比赛的牌副（{_ranges(sorted(known))}）之中",
                    source=src, line=line)
            for p in (r.ns_pair, r.ew_pair):
                if (r.board, p) in seen_pair:
                    other = seen_pair[(r.board, p)]
                    raise board_error(
                        r.board, f"pair {p} has two results on this board"
                        + (f" (also on line {other.line})" if other.line else ""),
                        f"第{p}对在这副牌上有两个结果" + (f"（另见第{other.line}行）" if other.line else ""),
                        source=src, line=line)
                seen_pair[(r.board, p)] = r
        # Who sat where: a board twice at a table, one seat a round, a pair on the wrong side
        # (seating.py).
        check_seating(self.results, self.winners)
        for r in self.results:
            for p in (r.ns_pair, r.ew_pair):
                if p not in pairs:
                    pairs[p] = Pair(p)
        object.__setattr__(self, "pairs", pairs)

    @property
    def board_numbers(self) -> tuple[int, ...]:
        if self.boards is not None:
            return tuple(self.boards)
        return tuple(sorted({r.board for r in self.results}))

    def by_board(self) -> dict[int, list[BoardResult]]:
        out: dict[int, list[BoardResult]] = {b: [] for b in self.board_numbers}
        for r in self.results:
            out[r.board].append(r)
        return out

    def directions(self) -> dict[str, Side | None]:
        """Each pair's field: its direction in a two-winner session, else ``None``."""
        sat: dict[str, set[Side]] = {p: set() for p in self.pairs}
        for r in self.results:
            sat[r.ns_pair].add(Side.NS)
            sat[r.ew_pair].add(Side.EW)
        winners = self.winners or (2 if all(len(s) <= 1 for s in sat.values()) else 1)
        if winners == 1:
            return {p: None for p in self.pairs}
        out: dict[str, Side | None] = {}
        for p, pair in self.pairs.items():
            out[p] = pair.direction or (next(iter(sat[p])) if sat[p] else None)
        return out

    def pair_counts(self) -> Counter[str]:
        """Boards each pair has a (real, artificial or weighted) result on."""
        c: Counter[str] = Counter()
        for r in self.results:
            c[r.ns_pair] += 1
            c[r.ew_pair] += 1
        return c


@dataclass(frozen=True)
class TeamMatch:
    """A match between two teams of four.  The home team sits NS in the open room and EW in
    the closed room, so each board has a result with ``ns_pair == home.id`` (open room) and one
    with ``ns_pair == away.id`` (closed room)."""

    home: Team
    away: Team
    results: tuple[BoardResult, ...]
    name: str = ""
    boards: tuple[int, ...] | None = None
    carry_over: float = 0.0  # IMPs the home team starts with (knockout carry-over)
    round: int | None = None  # the event's round; from the results' rounds when not given

    def __post_init__(self) -> None:
        object.__setattr__(self, "results", tuple(self.results))
        if self.home.id == self.away.id:
            raise BridgeError(f"a team cannot play itself ({self.home.id})",
                              f"一个队不能与自己比赛（{self.home.id}）")
        if self.round is not None and (type(self.round) is not int or self.round < 1):
            raise BridgeError(f"invalid round {self.round!r}: expected a whole number from 1",
                              f"无效的轮次 {self.round!r}：应为从 1 起的整数")
        # A match belongs to one round: the results that name a round must agree on it.
        first: BoardResult | None = None
        for r in self.results:
            if r.round is None:
                continue
            want = self.round if self.round is not None else (None if first is None
                                                              else first.round)
            if want is not None and r.round != want:
                src, line = _where(r)
                where_en = (f"round {want}" if first is None else
                            f"round {want} (line {first.line})" if first.line else f"round {want}")
                where_zh = (f"第{want}轮" if first is None or not first.line else
                            f"第{want}轮（第{first.line}行）")
                raise board_error(
                    r.board, f"round {r.round} here, but the match is in {where_en}: a match "
                    "belongs to one round",
                    f"这里是第{r.round}轮，但本场比赛在{where_zh}：一场比赛只属于一轮",
                    source=src, line=line)
            if first is None:
                first = r
        if self.round is None and first is not None:
            object.__setattr__(self, "round", first.round)
        known = set(self.boards) if self.boards is not None else None
        rooms: dict[tuple[int, str], BoardResult] = {}
        for r in self.results:
            src, line = _where(r)
            if known is not None and r.board not in known:
                raise board_error(r.board, "unknown board: not one of the boards of the match",
                                  "未知的牌副：不是本场比赛的牌副", source=src, line=line)
            if {r.ns_pair, r.ew_pair} != {self.home.id, self.away.id}:
                raise board_error(
                    r.board, f"the teams at the table ({r.ns_pair} v {r.ew_pair}) are not "
                    f"{self.home.id} and {self.away.id}",
                    f"该桌双方（{r.ns_pair} 对 {r.ew_pair}）不是 {self.home.id} 与 {self.away.id}",
                    source=src, line=line)
            room = "open" if r.ns_pair == self.home.id else "closed"
            if (r.board, room) in rooms:
                other = rooms[(r.board, room)]
                raise board_error(
                    r.board, f"two results in the {room} room"
                    + (f" (also on line {other.line})" if other.line else ""),
                    ("开室" if room == "open" else "闭室") + "有两个结果"
                    + (f"（另见第{other.line}行）" if other.line else ""),
                    source=src, line=line)
            rooms[(r.board, room)] = r
        for b in {r.board for r in self.results} | (known or set()):
            for room, zh in (("open", "开室"), ("closed", "闭室")):
                if (b, room) not in rooms:
                    raise board_error(b, f"the {room}-room result is missing",
                                      f"缺少{zh}的结果")

    @property
    def board_numbers(self) -> tuple[int, ...]:
        return tuple(sorted({r.board for r in self.results}))

    def rooms(self, board: int) -> tuple[BoardResult, BoardResult]:
        """``(open, closed)`` for a board."""
        o = next((r for r in self.results if r.board == board and r.ns_pair == self.home.id), None)
        c = next((r for r in self.results if r.board == board and r.ns_pair == self.away.id), None)
        if o is None or c is None:
            raise BridgeError(f"board {board!r} is not in this match ({_ranges(self.board_numbers)})",
                              f"第{board!r}副不在本场比赛中（{_ranges(self.board_numbers)}）")
        return o, c


def _ranges(numbers: Iterable[int]) -> str:
    """``1-3, 5`` for [1, 2, 3, 5]."""
    out: list[str] = []
    nums = list(numbers)
    i = 0
    while i < len(nums):
        j = i
        while j + 1 < len(nums) and nums[j + 1] == nums[j] + 1:
            j += 1
        out.append(str(nums[i]) if i == j else f"{nums[i]}-{nums[j]}")
        i = j + 1
    return ", ".join(out)


# --- Scored results: what every pairs scoring method produces --------------------------------


@dataclass(frozen=True, slots=True)
class ScoredResult:
    """A table result with its score for each side (matchpoints or IMPs).

    ``note`` marks the unusual: ``"A+/A-"`` for an artificial score, ``"weighted"``,
    ``"provisional"`` (online scoring with fewer than 6 results), ``"closed"`` (arrived after
    the board was closed; not counted).  ``counted`` is False only for such excluded results."""

    result: BoardResult
    ns: float
    ew: float
    ns_pct: float | None = None
    ew_pct: float | None = None
    note: str = ""
    counted: bool = True


@dataclass(frozen=True, slots=True)
class ScoredBoard:
    board: int
    results: tuple[ScoredResult, ...]
    top: float | None = None  # matchpoint top after factoring
    datum: float | None = None  # Butler / online datum (NS points)
    provisional: bool = False


@dataclass(frozen=True, slots=True)
class PairScore:
    pair: str
    direction: Side | None
    total: float
    boards: int  # boards with a counted result
    maximum: float | None = None  # sum of the tops of those boards (matchpoints)
    place: str = ""  # "1", "2=", … ("" when not ranked)
    rank: int | None = None  # 1-based position in its field's ranking
    exact: Fraction | None = None  # ``total`` exactly (Neuberg thirds…), for ranking and display

    @property
    def percentage(self) -> float | None:
        if self.maximum is None or self.maximum <= 0:
            return None
        if self.exact is not None:
            return float(100 * self.exact / Fraction(self.maximum))
        return 100 * self.total / self.maximum


@dataclass(frozen=True)
class SessionScores:
    """A scored session: every board and every pair, ranked within its field."""

    scoring: str  # mp, ximp, butler, online, total
    boards: tuple[ScoredBoard, ...]
    pairs: tuple[PairScore, ...]
    session: Session | None = None

    def pair(self, pair_id: str) -> PairScore:
        found = next((p for p in self.pairs if p.pair == pair_id), None)
        if found is None:
            raise BridgeError(f"no pair {pair_id!r} in these results",
                              f"成绩中没有第 {pair_id!r} 对")
        return found

    def names(self, pair_id: str) -> tuple[str, ...]:
        """The players of a pair as the file names them (``()`` when it does not)."""
        if self.session is None:
            return ()
        p = self.session.pairs.get(pair_id)
        if p is None and pair_id.endswith(("NS", "EW")):
            # A Mitchell file numbering both directions from 1 keys EW pair 2 as "2EW".
            p = self.session.pairs.get(pair_id[:-2])
        return p.names if p is not None else ()

    def to_json(self) -> dict[str, object]:
        """The ``--json`` shape: boards with their results, pairs with totals and places."""
        return {
            "scoring": self.scoring,
            "boards": [
                {
                    "board": b.board,
                    **({"top": _num(b.top)} if b.top is not None else {}),
                    **({"datum": _num(b.datum)} if b.datum is not None else {}),
                    "results": [
                        {
                            "ns_pair": s.result.ns_pair,
                            "ew_pair": s.result.ew_pair,
                            "ns_score": s.result.score,
                            "ns": _num(s.ns),
                            "ew": _num(s.ew),
                            **({"table": s.result.table} if s.result.table is not None else {}),
                            **({"contract": str(s.result.result)} if s.result.result else {}),
                            **({"note": s.note} if s.note else {}),
                        }
                        for s in b.results
                    ],
                }
                for b in self.boards
            ],
            "pairs": [
                {
                    "pair": p.pair,
                    "names": list(self.names(p.pair)),
                    "direction": None if p.direction is None else p.direction.name,
                    "total": _num(p.total),
                    "percentage": None if p.percentage is None else _num(p.percentage),
                    "place": p.place or None,
                    "boards": p.boards,
                }
                for p in self.pairs
            ],
        }

