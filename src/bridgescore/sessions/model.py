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
bridgescore.core.errors.BridgeError: board 3: NS score 620 is impossible on a board with EW vulnerable

Validation (``Session``/``TeamMatch`` construction) rejects a pair on both sides of a board, a
board twice at one table in a round or for one pair, a pair number such as ``-1``, a pair
sitting the wrong way (``seating_checks.py``), a result the session's movement does not have, a
score impossible for the contract and an unknown board, with a message naming the board and,
when known, the file and line.

A movement produces ``(round, table, ns_pair, ew_pair, boards)`` assignments; a results file
or a scorer turns each played board into a ``BoardResult`` with ``round``/``table`` filled in.
"""

from __future__ import annotations

import contextlib
import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Literal

from ..core.board import Board
from ..core.cards import Card
from ..core.contract import Contract, all_contracts
from ..core.errors import BridgeError
from ..core.figures import runs
from ..core.frozen import FrozenMap
from ..core.i18n import signed
from ..core.result import Result
from ..core.seat import Seat, Side
from ..core.serial import Data, Fields, excerpt, header, is_number
from ..core.text import normalize
from ..core.vulnerability import Vulnerability
from .assignment import Assignment, _board_numbers
from .board_errors import board_error
from .participants import LineUp, Pair, Player, Team, as_id, check_lineups

if TYPE_CHECKING:
    from .movements import Movement

__all__ = [
    "ARTIFICIAL",
    "Assignment",
    "Award",
    "BoardResult",
    "LineUp",
    "Pair",
    "Player",
    "Session",
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
        f"invalid adjusted score {excerpt(text)}: expected A+, A, A- (avg+, avg, avg-) or a percentage "
        "such as 55%",
        f"无效的调整分 {excerpt(text)}：应为 A+、A、A-（平均加、平均、平均减）或百分数，如 55%",
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


def _lead(r: BoardResult) -> str | None:
    """The opening lead as a card (``SA``, ``H10`` → ``HT``, ``黑桃K`` → ``SK``); no lead for
    ``-`` or an empty cell."""
    text = str(r.lead).strip()
    if text in ("", "-", "—"):
        return None
    try:
        return str(Card.parse(text))
    except BridgeError:
        raise r._error(f"invalid opening lead {r.lead!r}: expected a card such as 'SA', 'H10' "
                       "or '黑桃K'",
                       f"无效的首攻 {r.lead!r}：应为一张牌，如 'SA'、'H10' 或 '黑桃K'") from None


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
    #: The order of arrival in a live session (``sessions.live``): its sequence number.  Scoring
    #: that depends on arrival (the online datum method) orders a board's results by it.
    seq: int | None = None

    def _error(self, en: str, zh: str) -> BridgeError:
        source = self.source if isinstance(self.source, str) else None
        line = self.line if type(self.line) is int else None
        return board_error(self.board if type(self.board) is int else None, en, zh,
                           source=source, line=line)

    def __post_init__(self) -> None:
        if type(self.board) is not int or self.board < 1:
            raise self._error(
                f"invalid board number {excerpt(self.board)}: expected a whole number from 1 up",
                f"无效的牌副号 {excerpt(self.board)}：应为从 1 起的整数",
            )
        self._check_fields()
        if self.ns_pair in ("", None) or self.ew_pair in ("", None):
            raise self._error("both the NS and the EW pair are needed", "需要南北和东西两对的编号")
        try:
            object.__setattr__(self, "ns_pair", as_id(self.ns_pair))
            object.__setattr__(self, "ew_pair", as_id(self.ew_pair))
        except BridgeError as e:
            raise self._error(e.en, e.zh) from None
        if self.lead is not None:
            object.__setattr__(self, "lead", _lead(self))
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
                    f"({vul.describe()}): it scores {signed(s)} for NS",
                    f"南北得分 {self.score} 与 {self.result.format('zh')}（{vul.describe('zh')}）"
                    f"不符：应为南北 {signed(s)}",
                )
            object.__setattr__(self, "score", s)
        elif self.score is not None:
            self._check_score(self.score, vul)
        if self.weighted:
            total = 0.0
            for w, s in self.weighted:
                if not (is_number(w) and w > 0):
                    raise self._error(f"invalid weight {excerpt(w)}: expected a positive number",
                                      f"无效的权重 {excerpt(w)}：应为正数")
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

    def _check_fields(self) -> None:
        """Types first, so that bad input is a clear error here, not a crash in scoring."""
        if self.result is not None and not isinstance(self.result, Result):
            raise self._error(f"invalid result {excerpt(self.result)}: expected a Result",
                              f"无效的结果 {excerpt(self.result)}：应为 Result")
        for name in ("ns_award", "ew_award"):
            a = getattr(self, name)
            if a is None:
                continue
            if isinstance(a, str):
                try:
                    a = parse_award(a)
                except BridgeError as e:
                    raise self._error(e.en, e.zh) from None
            elif not (is_number(a) and 0 <= a <= 100):
                raise self._error(
                    f"invalid adjusted score {excerpt(a)}: expected A+, A, A- or a percentage "
                    "from 0 to 100",
                    f"无效的调整分 {excerpt(a)}：应为 A+、A、A- 或 0 到 100 的百分数")
            else:
                a = float(a)
            object.__setattr__(self, name, a)
        w = self.weighted
        if not isinstance(w, list | tuple) or any(
                not isinstance(c, list | tuple) or len(c) != 2 for c in w):
            raise self._error(
                f"invalid weighted score {excerpt(w)}: expected (weight, NS score) pairs",
                f"无效的加权判分 {excerpt(w)}：应为（权重，南北得分）对")
        object.__setattr__(self, "weighted", tuple(tuple(c) for c in w))
        for name, zh in (("table", "桌号"), ("round", "轮次"), ("seq", "序号")):
            v = getattr(self, name)
            if v is not None and (type(v) is not int or v < 1):
                raise self._error(f"invalid {name} {excerpt(v)}: expected a whole number from 1 up",
                                  f"无效的{zh} {excerpt(v)}：应为从 1 起的整数")
        if self.lead is not None:
            self._check_lead(self.lead)
        if (self.line is not None and type(self.line) is not int) or (
                self.source is not None and not isinstance(self.source, str)):
            raise BridgeError(
                f"invalid place {excerpt(self.source)}:{excerpt(self.line)}: expected a file "
                "name and a line number",
                f"无效的位置 {excerpt(self.source)}:{excerpt(self.line)}：应为文件名和行号")

    def _check_lead(self, lead: object) -> None:
        """A lead is a card, read by the rules ``sessions/entry.py`` reads its lead field with (``SQ``,
        ``♠10``, ``黑桃10``); the text is kept as given."""
        card = None
        if isinstance(lead, str) and len(lead) <= 40:  # no card is written longer
            with contextlib.suppress(BridgeError):
                card = Card.parse(lead.strip())
        if card is None:
            raise self._error(
                f"invalid opening lead {excerpt(lead)}: expected a suit and a rank, e.g. SA, "
                "S10, ♠10, 黑桃10 or ST",
                f"无效的首攻 {excerpt(lead)}：应为花色加点数，如 SA、S10、♠10、黑桃10 或 ST")
        if self.result is not None and isinstance(self.result, Result) \
                and self.result.contract.is_passed_out:
            raise self._error(f"a passed-out board has no opening lead (lead {excerpt(lead)})",
                              f"四家不叫的牌没有首攻（首攻 {excerpt(lead)}）")

    @property
    def kind(self) -> Literal["played", "artificial", "weighted"]:
        if self.score is not None:
            return "played"
        return "weighted" if self.weighted else "artificial"

    @property
    def contract(self) -> Contract | None:
        return None if self.result is None else self.result.contract

    def to_dict(self) -> Data:
        """Plain data (``bridgescore.core.serial``); the file and line it came from included."""
        return {
            **header("BoardResult"), "board": self.board, "ns_pair": self.ns_pair,
            "ew_pair": self.ew_pair,
            "result": None if self.result is None else self.result.to_dict(),
            # A played result's score follows from the result; kept only when given alone.
            "score": self.score if self.result is None else None,
            "ns_award": self.ns_award, "ew_award": self.ew_award,
            "weighted": [list(c) for c in self.weighted], "table": self.table,
            "round": self.round, "lead": self.lead, "line": self.line, "source": self.source,
            "seq": self.seq,
        }

    @classmethod
    def from_dict(cls, data: object) -> BoardResult:
        f = Fields(data, "BoardResult")
        board, ns, ew = f.whole("board"), f.text("ns_pair"), f.text("ew_pair")
        result, score = f.opt_obj("result", Result.from_dict), f.opt_whole("score")
        awards = []
        for key in ("ns_award", "ew_award"):
            a = f.obj(key, lambda x: x, None)
            if a is not None and a not in ARTIFICIAL and not is_number(a):
                raise f.error(key, "A+, A, A-, a percentage or null", "A+、A、A-、百分数或 null")
            awards.append(a)
        weighted = f.items("weighted")
        table, rnd, lead = f.opt_whole("table"), f.opt_whole("round"), f.opt_text("lead")
        line, source, seq = f.opt_whole("line"), f.opt_text("source"), f.opt_whole("seq")
        f.done()
        return cls(board, ns, ew, result, score, awards[0], awards[1],
                   tuple(tuple(c) if isinstance(c, list) else c for c in weighted),
                   table, rnd, lead, line, source, seq)


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
    # Read-only once built (a ``FrozenMap``); whole-number ids become text.
    pairs: Mapping[str, Pair] = field(default_factory=FrozenMap)
    name: str = ""
    winners: Literal[0, 1, 2] = 0
    expected: int | None = None
    total_boards: int | None = None  # boards scheduled per pair (Swiss completion threshold)
    movement: Movement | None = None  # when known, every result is checked against it

    def __post_init__(self) -> None:
        from .seating_checks import check_pairs_and_movement, check_seating

        _check_session_fields(self)
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
        # (seating_checks.py).
        check_seating(self.results, self.winners)
        for r in self.results:
            for p in (r.ns_pair, r.ew_pair):
                if p not in pairs:
                    pairs[p] = Pair(p)
        object.__setattr__(self, "pairs", FrozenMap(pairs))

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

    def to_dict(self) -> Data:
        """Plain data (``bridgescore.core.serial``): the results, pairs and settings."""
        return {
            **header("Session"), "results": [r.to_dict() for r in self.results],
            "boards": None if self.boards is None else list(self.boards),
            "pairs": [p.to_dict() for p in self.pairs.values()], "name": self.name,
            "winners": self.winners, "expected": self.expected,
            "total_boards": self.total_boards,
            "movement": None if self.movement is None else self.movement.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: object) -> Session:
        f = Fields(data, "Session")
        results = f.objs("results", BoardResult.from_dict)
        boards = f.opt_items("boards")
        pairs = f.objs("pairs", Pair.from_dict)
        name, winners = f.text("name"), f.choice("winners", (0, 1, 2))
        expected, total = f.opt_whole("expected"), f.opt_whole("total_boards")
        from .movements import Movement

        movement = f.opt_obj("movement", Movement.from_dict)
        f.done()
        return cls(results, None if boards is None else tuple(boards),
                   {p.id: p for p in pairs}, name, winners, expected, total, movement)


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
    #: Who sat where (``LineUp``: a team's two players in a room on some boards), when known.
    lineups: tuple[LineUp, ...] = ()

    def __post_init__(self) -> None:
        _check_match_fields(self)
        if self.home.id == self.away.id:
            raise BridgeError(f"a team cannot play itself ({self.home.id})",
                              f"一个队不能与自己比赛（{self.home.id}）")
        if self.round is not None and (type(self.round) is not int or self.round < 1):
            raise BridgeError(f"invalid round {excerpt(self.round)}: expected a whole number from 1",
                              f"无效的轮次 {excerpt(self.round)}：应为从 1 起的整数")
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
            raise BridgeError(f"board {excerpt(board)} is not in this match "
                              f"({_ranges(self.board_numbers)})",
                              f"第{excerpt(board)}副不在本场比赛中（{_ranges(self.board_numbers)}）")
        return o, c

    def lineup(self, board: int, team: str, room: str) -> LineUp | None:
        """The line-up of ``team`` in ``room`` on ``board`` (``None``: not recorded)."""
        return next((lu for lu in self.lineups if lu.team == team and lu.room == room
                     and (not lu.boards or board in lu.boards)), None)

    def to_dict(self) -> Data:
        """Plain data (``bridgescore.core.serial``): teams, results, line-ups and settings."""
        return {
            **header("TeamMatch"), "home": self.home.to_dict(), "away": self.away.to_dict(),
            "results": [r.to_dict() for r in self.results], "name": self.name,
            "boards": None if self.boards is None else list(self.boards),
            "carry_over": self.carry_over, "round": self.round,
            "lineups": [lu.to_dict() for lu in self.lineups],
        }

    @classmethod
    def from_dict(cls, data: object) -> TeamMatch:
        f = Fields(data, "TeamMatch")
        home, away = f.obj("home", Team.from_dict), f.obj("away", Team.from_dict)
        results, name = f.objs("results", BoardResult.from_dict), f.text("name")
        boards, carry = f.opt_items("boards"), f.number("carry_over")
        rnd, lineups = f.opt_whole("round"), f.objs("lineups", LineUp.from_dict)
        f.done()
        return cls(home, away, results, name, None if boards is None else tuple(boards), carry,
                   rnd, lineups)


def _results(value: object) -> tuple[BoardResult, ...]:
    if isinstance(value, list | tuple) and all(isinstance(r, BoardResult) for r in value):
        return tuple(value)
    raise BridgeError(f"invalid results {excerpt(value)}: expected a list of BoardResult values",
                      f"无效的结果 {excerpt(value)}：应为 BoardResult 列表")


def _check_session_fields(s: Session) -> None:
    """Types and ids, normalised: whole-number pair ids (from a database) become text."""
    from .movements import Movement

    object.__setattr__(s, "results", _results(s.results))
    if s.movement is not None and not isinstance(s.movement, Movement):
        raise BridgeError(f"invalid movement {excerpt(s.movement)}: expected a Movement",
                          f"无效的移位 {excerpt(s.movement)}：应为 Movement")
    if s.boards is not None:
        object.__setattr__(s, "boards", _board_numbers(s.boards))
    pairs = s.pairs
    if isinstance(pairs, Mapping):
        items = list(pairs.items())
    elif isinstance(pairs, list | tuple):
        items = [(p.id if isinstance(p, Pair) else p, p) for p in pairs]
    else:
        items = [("", pairs)]
    out: dict[str, Pair] = {}
    for key, p in items:
        if not isinstance(p, Pair):
            raise BridgeError(f"invalid pairs {excerpt(pairs)}: expected Pair values",
                              f"无效的对 {excerpt(pairs)}：应为 Pair 值")
        if as_id(key) != p.id:
            raise BridgeError(f"pair {p.id} is listed under the id {excerpt(key)}",
                              f"第{p.id}对被列在编号 {excerpt(key)} 之下")
        out[p.id] = p
    object.__setattr__(s, "pairs", out)
    if not isinstance(s.name, str):
        raise BridgeError(f"invalid session name {excerpt(s.name)}: expected a text",
                          f"无效的场次名称 {excerpt(s.name)}：应为文本")
    if type(s.winners) is not int or s.winners not in (0, 1, 2):
        raise BridgeError(f"invalid winners {excerpt(s.winners)}: expected 0, 1 or 2",
                          f"无效的冠军数 {excerpt(s.winners)}：应为 0、1 或 2")
    for name, zh, v in (("expected", "应有结果数", s.expected),
                        ("total_boards", "总牌数", s.total_boards)):
        if v is not None and (type(v) is not int or v < 1):
            raise BridgeError(f"invalid {name} {excerpt(v)}: expected a whole number from 1 up",
                              f"无效的{zh} {excerpt(v)}：应为从 1 起的整数")


def _check_match_fields(m: TeamMatch) -> None:
    if not isinstance(m.home, Team) or not isinstance(m.away, Team):
        raise BridgeError(f"invalid teams {excerpt(m.home)}, {excerpt(m.away)}: expected Team values",
                          f"无效的队 {excerpt(m.home)}、{excerpt(m.away)}：应为 Team 值")
    object.__setattr__(m, "results", _results(m.results))
    if m.boards is not None:
        object.__setattr__(m, "boards", _board_numbers(m.boards))
    if not isinstance(m.name, str):
        raise BridgeError(f"invalid match name {excerpt(m.name)}: expected a text",
                          f"无效的比赛名称 {excerpt(m.name)}：应为文本")
    if not is_number(m.carry_over):
        raise BridgeError(f"invalid carry-over {excerpt(m.carry_over)}: expected a number of IMPs",
                          f"无效的带入分 {excerpt(m.carry_over)}：应为 IMP 数")
    object.__setattr__(m, "lineups", check_lineups(
        m.lineups, m.home, m.away,
        m.boards if m.boards is not None else {r.board for r in m.results}))


def _ranges(numbers: Iterable[int]) -> str:
    """``1-3, 5`` for [1, 2, 3, 5]."""
    return ", ".join(runs(list(numbers)))
