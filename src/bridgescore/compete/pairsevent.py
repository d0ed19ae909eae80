"""An online pairs event (双人赛, seed 002 §5; platform.md §5) as a pure state machine.

Pairs sign up (two player ids each) until the start; at the start the sign-up closes and the
system numbers the pairs and seats them by the library's movement for that many pairs: a
**Howell** for one winner (单冠军: everyone meets everyone, one ranking), a **Mitchell** for
two (双冠军: NS pairs stay, EW pairs move; NS and EW ranked apart).  Each round is a room
(房间): its tables, the pairs at each and the boards they play come from the movement
(``sessions.movements``).  Results arrive board by board; when a round's boards are all in, the
next round opens; when the last round is in, the event is complete and the administrator
publishes the results, scored by the library's session scorer (``sessions.imp_pairs.
score_session``: matchpoints by default, or cross-IMPs, Butler or total points).

>>> from bridgescore.core.result import Result
>>> ev = PairsEvent.open(PairsEventSettings(winners=1, boards_per_round=1))
>>> for i in range(4):
...     ev, _ = apply(ev, SignUp((f"p{2 * i}", f"p{2 * i + 1}"), now=i))
>>> ev, _ = apply(ev, Start(now=10))
>>> ev.movement.describe()
'Howell, 2 tables, 3 rounds × 1 board (3 sets, 3 boards)'
>>> [(t.table, t.ns, t.ew, t.boards) for t in ev.tables(1)]
[(1, 4, 1, (1,)), (2, 3, 2, (1,))]

**The movement from the number of pairs** ``n`` (``plan_movement``), unless the settings
give the rounds or the boards a round (then they are checked, and an impossible value is
refused with the library's reason):

* ``winners=0`` (default): one winner when the library has a Howell for ``n`` (3 to 20
  pairs), else two.  ``winners=1`` needs 3 to 20 pairs; ``winners=2`` 5 to 400 (a Mitchell
  has 3 to 200 tables).
* Howell: the complete movement (every pair meets every other: ``2T − 1`` rounds for ``T``
  tables; the 2-table Howell has 3 long rounds).  Mitchell: ``T = ⌈n/2⌉`` tables, plain for
  odd ``T``, skip for even; all its rounds, but at most ``target_boards // 2`` of them (12),
  as a big field cannot play everyone.
* Boards a round: the whole number that brings the session nearest ``target_boards`` (24;
  the smaller on a tie).  So 4 tables of Howell play 7 × 3 = 21 boards, 5 tables 9 × 3 = 27,
  6 tables 11 × 2 = 22, 10 tables 19 × 1; a 3-table Mitchell 3 × 8, a 20-table one 12 × 2.
* An odd number of pairs: the highest pair number is absent (the library's Howell for
  ``n`` pairs; for a Mitchell the last EW number), so its opponent each round sits out.
* Pair numbers follow the sign-up order (the first signed pair is pair 1; in a Mitchell the
  first ``T`` sit NS), or a draw when ``Start`` gives a ``seed`` (a shuffle by it, so a
  replay draws the same).

**Rounds**: a round closes when every board of it is in, or when the administrator closes it
(``CloseRound``), or, with ``round_time`` set, when its time is up (``Tick``; any action
applies it first).  The boards not played by then are **cut**: never played later and not
scored, as the seed's Swiss events do.  A result for a round not yet open, or closed, is
refused.  The director may give an artificial score (``Adjust``) to a board of an open round,
or in place of a recorded result of any round until publication.

**Publication**: ``Publish`` (the administrator, once complete) fixes the results; the state
keeps them and ``Published`` carries them.  ``scores`` gives the same scoring at any moment
(the administrator's preview).
"""

from __future__ import annotations

import enum
import functools
import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

from ..core.errors import BridgeError
from ..core.frozen import FrozenMap
from ..core.result import Result
from ..core.text import excerpt
from ..sessions.adjusted import award_text
from ..sessions.imp_pairs import score_session
from ..sessions.model import Award, BoardResult, Pair, Session
from ..sessions.movements import (
    HOWELL_SIZES,
    MAX_BOARDS_A_ROUND,
    MAX_MITCHELL_TABLES,
    Movement,
    howell,
    mitchell,
)
from ..sessions.participants import as_id
from ..sessions.scores import SessionScores
from .refusal import Refusal, check_duration, check_time

__all__ = [
    "Action",
    "Adjust",
    "CloseRound",
    "Completed",
    "Entry",
    "Event",
    "PairsEvent",
    "PairsEventSettings",
    "Phase",
    "Publish",
    "Published",
    "RecordResult",
    "ResultRecorded",
    "RoundClosed",
    "RoundOpened",
    "RoundTable",
    "SignUp",
    "SignedUp",
    "Start",
    "Started",
    "Tick",
    "Withdraw",
    "Withdrew",
    "apply",
    "plan_movement",
]

Scoring = Literal["mp", "ximp", "butler", "total"]
SCORINGS: tuple[Scoring, ...] = ("mp", "ximp", "butler", "total")
HOWELL_PAIRS = (3, 2 * HOWELL_SIZES[-1])  # the library's Howells: 2 to 10 tables
MITCHELL_PAIRS = (5, 2 * MAX_MITCHELL_TABLES)  # 3 to 200 tables
Slot = tuple[int, int, int]  # (round, table, board)


class Phase(enum.Enum):
    SIGNUP = "signup"
    PLAYING = "playing"
    COMPLETE = "complete"  # every round closed; waiting for the administrator
    PUBLISHED = "published"


def _whole(name: str, zh: str, v: object, low: int, high: int) -> None:
    if v is not None and (type(v) is not int or not low <= v <= high):
        raise Refusal("bad_settings",
                      f"invalid {name} {excerpt(v)}: expected a whole number from {low} to {high}",
                      f"无效的{zh} {excerpt(v)}：应为 {low} 到 {high} 的整数")


@dataclass(frozen=True, slots=True)
class PairsEventSettings:
    """``winners`` 0 (decide from the number of pairs), 1 (Howell) or 2 (Mitchell);
    ``scoring`` mp, ximp, butler or total; ``rounds``/``boards_per_round`` (None: chosen,
    see the module); ``target_boards`` the session length aimed at; ``round_time`` seconds
    a round lasts (None: until its boards are in or the administrator closes it);
    ``max_pairs`` the sign-up limit (None: the most the movement allows)."""

    winners: Literal[0, 1, 2] = 0
    scoring: Scoring = "mp"
    rounds: int | None = None
    boards_per_round: int | None = None
    target_boards: int = 24
    round_time: float | None = None
    max_pairs: int | None = None

    def __post_init__(self) -> None:
        if type(self.winners) is not int or self.winners not in (0, 1, 2):
            raise Refusal("bad_settings",
                          f"invalid number of winners {excerpt(self.winners)}: expected 1 (Howell), "
                          "2 (Mitchell) or 0 (chosen from the number of pairs)",
                          f"无效的冠军数 {excerpt(self.winners)}：应为 1（豪威尔）、2（米切尔）或 0（按对数决定）")
        if self.scoring not in SCORINGS:
            raise Refusal("bad_settings",
                          f"unknown scoring {excerpt(self.scoring)}: expected mp, ximp, butler or "
                          "total",
                          f"未知的记分方法 {excerpt(self.scoring)}：应为 mp、ximp、butler 或 total")
        _whole("number of rounds", "轮数", self.rounds, 1, 2 * MAX_MITCHELL_TABLES)
        _whole("number of boards a round", "每轮牌数", self.boards_per_round, 1, MAX_BOARDS_A_ROUND)
        _whole("target number of boards", "目标牌数", self.target_boards, 1, 200)
        _whole("sign-up limit", "报名上限", self.max_pairs, 3, MITCHELL_PAIRS[1])
        check_duration("round time", "每轮时间", self.round_time, optional=True)

    @property
    def capacity(self) -> int:
        most = HOWELL_PAIRS[1] if self.winners == 1 else MITCHELL_PAIRS[1]
        return most if self.max_pairs is None else min(most, self.max_pairs)


def _nearest(target: int, rounds: int) -> int:
    """Boards a round bringing ``rounds`` rounds nearest ``target`` boards (smaller on a
    tie)."""
    return min(range(1, MAX_BOARDS_A_ROUND + 1), key=lambda k: (abs(rounds * k - target), k))


def plan_movement(pairs: int, settings: PairsEventSettings | None = None) -> Movement:
    """The movement ``pairs`` pairs play under ``settings`` (the rules in the module)."""
    st = settings if settings is not None else PairsEventSettings()
    lo, hi = HOWELL_PAIRS
    winners = st.winners or (1 if lo <= pairs <= hi else 2)
    if winners == 1 and not lo <= pairs <= hi:
        raise Refusal("bad_pairs",
                      f"{pairs} pairs: a one-winner (Howell) event takes {lo} to {hi} pairs (the "
                      "library's Howells are for 2 to 10 tables); choose two winners (Mitchell)",
                      f"{pairs} 对：单冠军（豪威尔）比赛需 {lo} 到 {hi} 对（豪威尔移位为 2 到 10 桌）；"
                      "请选择双冠军（米切尔）")
    lo, hi = MITCHELL_PAIRS
    if winners == 2 and not lo <= pairs <= hi:
        raise Refusal("bad_pairs",
                      f"{pairs} pairs: a two-winner (Mitchell) event takes {lo} to {hi} pairs (3 "
                      "to 200 tables)",
                      f"{pairs} 对：双冠军（米切尔）比赛需 {lo} 到 {hi} 对（3 到 200 桌）")
    try:
        if winners == 1:
            full = howell(pairs=pairs).rounds
            rounds = st.rounds if st.rounds is not None else full
            k = st.boards_per_round or _nearest(st.target_boards, rounds)
            return howell(pairs=pairs, boards_per_round=k, rounds=rounds)
        tables = (pairs + 1) // 2
        full = tables if tables % 2 else tables - 1  # plain for odd, skip for even
        rounds = st.rounds if st.rounds is not None else min(full, max(1, st.target_boards // 2))
        k = st.boards_per_round or _nearest(st.target_boards, rounds)
        return mitchell(tables, boards_per_round=k, rounds=rounds)
    except BridgeError as e:
        if isinstance(e, Refusal):
            raise
        raise Refusal("bad_movement", f"{pairs} pairs: {e.en}", f"{pairs} 对：{e.zh}") from None


# -- values -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entry:
    """A signed-up pair: its two players, when it signed up, and its sign-up number."""

    players: tuple[str, str]
    at: float
    order: int


@dataclass(frozen=True, slots=True)
class RoundTable:
    """A table of a round: the pair numbers NS and EW, their players, the boards."""

    round: int
    table: int
    ns: int
    ew: int
    ns_players: tuple[str, str]
    ew_players: tuple[str, str]
    boards: tuple[int, ...]


# -- actions ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SignUp:
    players: tuple[str, str]
    now: float


@dataclass(frozen=True, slots=True)
class Withdraw:
    """Either player takes the pair off the sign-up list (before the start)."""

    player: str
    now: float


@dataclass(frozen=True, slots=True)
class Start:
    """Close the sign-up and seat the pairs; ``seed`` draws the pair numbers (None: the
    sign-up order)."""

    now: float
    seed: int | None = None


@dataclass(frozen=True, slots=True)
class RecordResult:
    round: int
    table: int
    board: int
    result: Result
    now: float


@dataclass(frozen=True, slots=True)
class Adjust:
    """The director's artificial score (an award for each side, Law 12C2)."""

    round: int
    table: int
    board: int
    ns_award: Award
    ew_award: Award
    now: float


@dataclass(frozen=True, slots=True)
class CloseRound:
    """The administrator closes the open round: its boards not in are cut."""

    now: float


@dataclass(frozen=True, slots=True)
class Publish:
    now: float


@dataclass(frozen=True, slots=True)
class Tick:
    now: float


Action = SignUp | Withdraw | Start | RecordResult | Adjust | CloseRound | Publish | Tick

# -- events -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SignedUp:
    players: tuple[str, str]
    order: int
    at: float


@dataclass(frozen=True, slots=True)
class Withdrew:
    players: tuple[str, str]
    at: float


@dataclass(frozen=True, slots=True)
class Started:
    """The movement and each pair number's players."""

    movement: Movement
    pairs: tuple[tuple[int, tuple[str, str]], ...]
    at: float


@dataclass(frozen=True, slots=True)
class RoundOpened:
    round: int
    tables: tuple[RoundTable, ...]
    sit_out: tuple[int, ...]
    at: float
    deadline: float | None


@dataclass(frozen=True, slots=True)
class ResultRecorded:
    round: int
    table: int
    board: int
    ns: int
    ew: int
    ns_score: int | None  # None: an artificial score (``note``)
    note: str
    at: float
    revised: bool = False


@dataclass(frozen=True, slots=True)
class RoundClosed:
    round: int
    cut: tuple[tuple[int, int], ...]  # (table, board) not played
    at: float


@dataclass(frozen=True, slots=True)
class Completed:
    at: float


@dataclass(frozen=True, slots=True)
class Published:
    scores: SessionScores
    at: float


Event = (SignedUp | Withdrew | Started | RoundOpened | ResultRecorded | RoundClosed | Completed
         | Published)

# -- the state --------------------------------------------------------------------------


@dataclass(frozen=True)
class PairsEvent:
    """An event's state; begin with :meth:`open`, change it with :func:`apply`.

    ``numbers`` maps each pair number to its entry once started; ``round`` is the open round
    (0 before the start); ``results`` are keyed by (round, table, board)."""

    settings: PairsEventSettings
    phase: Phase = Phase.SIGNUP
    now: float = float("-inf")
    entries: tuple[Entry, ...] = ()
    next_order: int = 1
    movement: Movement | None = None
    numbers: Mapping[int, Entry] = field(default_factory=FrozenMap)
    round: int = 0
    round_deadline: float | None = None
    remaining: int = 0  # boards of the open round not yet in
    results: Mapping[Slot, BoardResult] = field(default_factory=FrozenMap)
    cut: frozenset[Slot] = frozenset()
    published: SessionScores | None = None

    @classmethod
    def open(cls, settings: PairsEventSettings | None = None, now: float = 0.0) -> PairsEvent:
        st = settings if settings is not None else PairsEventSettings()
        if not isinstance(st, PairsEventSettings):
            raise Refusal("bad_settings",
                          f"invalid settings {excerpt(st)}: expected PairsEventSettings",
                          f"无效的设置 {excerpt(st)}：应为 PairsEventSettings")
        return cls(st, now=check_time(now, float("-inf")))

    def entry_of(self, player: str) -> Entry | None:
        return next((e for e in self.entries if player in e.players), None)

    def number_of(self, player: str) -> int | None:
        """The pair number ``player`` plays under (None before the start or if absent)."""
        return next((n for n, e in self.numbers.items() if player in e.players), None)

    def _movement(self) -> Movement:
        if self.movement is None:
            raise Refusal("not_started", "the event has not started", "比赛尚未开始")
        return self.movement

    def tables(self, round: int) -> tuple[RoundTable, ...]:
        """The tables of ``round`` where two pairs play (a table with an absent pair is not
        played: its pair sits out)."""
        mv = self._movement()
        if type(round) is not int or not 1 <= round <= mv.rounds:
            raise Refusal("bad_round", f"invalid round {excerpt(round)}: the event has rounds "
                          f"1-{mv.rounds}", f"无效的轮次 {excerpt(round)}：本赛共 1-{mv.rounds} 轮")
        return tuple(t for a in mv.round(round) if (t := self._seated(a.round, a.table)))

    def _seated(self, round: int, table: int) -> RoundTable | None:
        """The table as played (None: not in the movement, or a pair there is absent)."""
        mv = self._movement()
        try:
            a = mv.at(round, table)
        except BridgeError:
            return None
        if a.ns not in self.numbers or a.ew not in self.numbers:
            return None
        return RoundTable(a.round, a.table, a.ns, a.ew, self.numbers[a.ns].players,
                          self.numbers[a.ew].players, a.boards)

    def board_settled(self, board: int) -> bool:
        """No table can play ``board`` any more: every round of the movement that plays it
        has closed (a Howell or a Mitchell plays a board in several rounds), or the event is
        complete.  Before the start nothing is settled."""
        if self.phase in (Phase.COMPLETE, Phase.PUBLISHED):
            return True
        if self.phase is not Phase.PLAYING:
            return False
        rounds = self.board_rounds.get(board)
        return rounds is not None and rounds[-1] < self.round

    @functools.cached_property
    def board_rounds(self) -> Mapping[int, tuple[int, ...]]:
        """Each board the event plays: the rounds in which a table plays it, in order (a
        table whose pair is absent plays nothing).  Empty before the start."""
        if self.movement is None:
            return FrozenMap()
        out: dict[int, list[int]] = {}
        for r in range(1, self.movement.rounds + 1):
            for t in self.tables(r):
                for b in t.boards:
                    out.setdefault(b, []).append(r)
        return FrozenMap({b: tuple(sorted(set(v))) for b, v in sorted(out.items())})

    @property
    def taking_part(self) -> frozenset[str]:
        """The players who may still play a board: every signed-up pair's, until the event
        is complete; nobody after."""
        if self.phase in (Phase.COMPLETE, Phase.PUBLISHED):
            return frozenset()
        return frozenset(p for e in self.entries for p in e.players)

    def sit_out(self, round: int) -> tuple[int, ...]:
        playing = {p for t in self.tables(round) for p in (t.ns, t.ew)}
        return tuple(n for n in sorted(self.numbers) if n not in playing)

    def slots(self, round: int) -> tuple[Slot, ...]:
        return tuple((round, t.table, b) for t in self.tables(round) for b in t.boards)

    def session(self) -> Session:
        """The results so far as the library's pairs session (pair ids are the numbers)."""
        mv = self._movement()
        results = tuple(self.results[k] for k in sorted(self.results))
        pairs = {str(n): Pair(str(n), registration=e.order) for n, e in self.numbers.items()}
        return Session(results, pairs=pairs, winners=2 if mv.two_winner else 1, movement=mv)

    def scores(self) -> SessionScores:
        """The library's scoring of the results so far (what ``Publish`` fixes)."""
        return score_session(self.session(), self.settings.scoring)


# -- apply ------------------------------------------------------------------------------

_ACTIONS = (SignUp, Withdraw, Start, RecordResult, Adjust, CloseRound, Publish, Tick)


def apply(state: PairsEvent, action: Action) -> tuple[PairsEvent, list[Event]]:
    """The event after ``action`` and the events it caused; raises :class:`Refusal`
    (nothing changes) for an action the event refuses.  A round whose time is up closes
    first, whatever the action."""
    if not isinstance(action, _ACTIONS):
        raise Refusal("bad_action", f"unknown action {excerpt(action)}",
                      f"未知的操作 {excerpt(action)}")
    now = check_time(action.now, state.now)
    state, events = _round_time(replace(state, now=now))
    if isinstance(action, Tick):
        return state, events
    if isinstance(action, SignUp | Withdraw | Start):
        if state.phase is not Phase.SIGNUP:
            raise Refusal("signup_closed", "the sign-up closed at the start",
                          "报名已在比赛开始时截止")
        if isinstance(action, SignUp):
            return _sign_up(state, action.players, events)
        if isinstance(action, Withdraw):
            e = state.entry_of(action.player)
            if e is None:
                raise Refusal("not_entered", f"{excerpt(action.player)} has not signed up",
                              f"{excerpt(action.player)} 没有报名")
            return (replace(state, entries=tuple(x for x in state.entries if x is not e)),
                    [*events, Withdrew(e.players, now)])
        return _start(state, action.seed, events)
    if isinstance(action, Publish):
        if state.phase is not Phase.COMPLETE:
            raise Refusal("not_complete" if state.phase is Phase.PLAYING else "published",
                          "the results can be published once every round is in, and only once",
                          "所有轮次结束后才能公布成绩，且只能公布一次")
        scores = state.scores()
        return (replace(state, phase=Phase.PUBLISHED, published=scores),
                [*events, Published(scores, now)])
    if state.phase is Phase.PUBLISHED:
        raise Refusal("published", "the results have been published", "成绩已经公布")
    if isinstance(action, CloseRound):
        if state.phase is not Phase.PLAYING:
            raise Refusal("no_round", "no round is open", "没有进行中的轮次")
        return _close_round(state, now, events)
    return _record(state, action, events)


def _sign_up(state: PairsEvent, players: object,
             events: list[Event]) -> tuple[PairsEvent, list[Event]]:
    if not isinstance(players, tuple | list) or len(players) != 2:
        raise Refusal("bad_pair", f"invalid pair {excerpt(players)}: expected two player ids",
                      f"无效的对 {excerpt(players)}：应为两名球员的编号")
    try:
        a, b = (as_id(p, "player", "球员") for p in players)
    except BridgeError as err:
        raise Refusal("bad_pair", err.en, err.zh) from None
    if a == b:
        raise Refusal("same_player", f"a pair is two players: {a} is given twice",
                      f"一对是两名球员：{a} 出现了两次")
    for p in (a, b):
        e = state.entry_of(p)
        if e is not None:
            raise Refusal("already_entered",
                          f"{p} has already signed up (with {e.players[1 - e.players.index(p)]})",
                          f"{p} 已经报名（搭档 {e.players[1 - e.players.index(p)]}）")
    cap = state.settings.capacity
    if len(state.entries) >= cap:
        raise Refusal("full", f"the event is full: {cap} pairs", f"报名已满：{cap} 对")
    e = Entry((a, b), state.now, state.next_order)
    return (replace(state, entries=(*state.entries, e), next_order=state.next_order + 1),
            [*events, SignedUp(e.players, e.order, state.now)])


def _start(state: PairsEvent, seed: object,
           events: list[Event]) -> tuple[PairsEvent, list[Event]]:
    if seed is not None and type(seed) is not int:
        raise Refusal("bad_seed", f"invalid seed {excerpt(seed)}: expected a whole number or None",
                      f"无效的抽签种子 {excerpt(seed)}：应为整数或 None")
    n = len(state.entries)
    if n < 3:
        raise Refusal("too_few", f"{n} pairs have signed up: a pairs event needs at least 3",
                      f"只有 {n} 对报名：双人赛至少需要 3 对")
    mv = plan_movement(n, state.settings)
    order = list(state.entries)
    if seed is not None:
        random.Random(seed).shuffle(order)
    numbers = {i + 1: e for i, e in enumerate(order)}  # absent: the numbers above n
    state = replace(state, phase=Phase.PLAYING, movement=mv, numbers=FrozenMap(numbers))
    events = [*events, Started(mv, tuple((k, e.players) for k, e in numbers.items()), state.now)]
    return _open_round(state, 1, state.now, events)


def _open_round(state: PairsEvent, r: int, at: float,
                events: list[Event]) -> tuple[PairsEvent, list[Event]]:
    t = state.settings.round_time
    deadline = None if t is None else at + t
    tables = state.tables(r)
    state = replace(state, round=r, round_deadline=deadline,
                    remaining=sum(len(t.boards) for t in tables))
    return state, [*events, RoundOpened(r, tables, state.sit_out(r), at, deadline)]


def _close_round(state: PairsEvent, at: float,
                 events: list[Event]) -> tuple[PairsEvent, list[Event]]:
    r = state.round
    missing = tuple(s for s in state.slots(r) if s not in state.results)
    state = replace(state, cut=state.cut | frozenset(missing))
    events = [*events, RoundClosed(r, tuple((t, b) for _, t, b in missing), at)]
    assert state.movement is not None
    if r < state.movement.rounds:
        return _open_round(state, r + 1, at, events)
    return (replace(state, phase=Phase.COMPLETE, round_deadline=None),
            [*events, Completed(at)])


def _round_time(state: PairsEvent) -> tuple[PairsEvent, list[Event]]:
    """Close every round whose time is up by ``state.now`` (several, if the clock jumped)."""
    events: list[Event] = []
    while (state.phase is Phase.PLAYING and state.round_deadline is not None
           and state.round_deadline <= state.now):
        state, events = _close_round(state, state.round_deadline, events)
    return state, events


def _record(state: PairsEvent, action: RecordResult | Adjust,
            events: list[Event]) -> tuple[PairsEvent, list[Event]]:
    if state.phase is Phase.SIGNUP:
        raise Refusal("not_started", "the event has not started", "比赛尚未开始")
    r, t, b = action.round, action.table, action.board
    mv = state._movement()
    if type(r) is not int or not 1 <= r <= mv.rounds:
        raise Refusal("bad_round", f"invalid round {excerpt(r)}: the event has rounds "
                      f"1-{mv.rounds}", f"无效的轮次 {excerpt(r)}：本赛共 1-{mv.rounds} 轮")
    revising = isinstance(action, Adjust) and (r, t, b) in state.results
    if r != state.round and not revising:
        if r > state.round:
            raise Refusal("round_not_open", f"round {r} has not opened (round {state.round} is "
                          "being played)", f"第{r}轮尚未开始（正在进行第{state.round}轮）")
        raise Refusal("round_closed", f"round {r} is closed: a board not played then is cut",
                      f"第{r}轮已经结束：当时未打的牌已切断")
    table = state._seated(r, t) if type(t) is int else None
    if table is None:
        raise Refusal("bad_table", f"no play at table {excerpt(t)} in round {r}",
                      f"第{r}轮第{excerpt(t)}桌没有比赛")
    if b not in table.boards:
        raise Refusal("bad_board",
                      f"board {excerpt(b)} is not played at table {t} in round {r} (boards "
                      f"{', '.join(map(str, table.boards))})",
                      f"第{r}轮第{t}桌不打第{excerpt(b)}副（该桌的牌：{'、'.join(map(str, table.boards))}）")
    if (r, t, b) in state.cut:
        raise Refusal("board_cut", f"board {b} at table {t} in round {r} was cut",
                      f"第{r}轮第{t}桌的第{b}副已切断")
    if isinstance(action, RecordResult):
        if (r, t, b) in state.results:
            raise Refusal("already_recorded",
                          f"board {b} at table {t} in round {r} has already been recorded",
                          f"第{r}轮第{t}桌的第{b}副已有结果")
        if not isinstance(action.result, Result):
            raise Refusal("bad_result", f"invalid result {excerpt(action.result)}: expected a "
                          "Result", f"无效的结果 {excerpt(action.result)}：应为 Result")
        what: dict[str, object] = {"result": action.result}
    else:
        what = {"ns_award": action.ns_award, "ew_award": action.ew_award}
    try:
        entry = BoardResult(b, str(table.ns), str(table.ew), table=t, round=r,
                            **what)  # type: ignore[arg-type]
    except BridgeError as e:
        raise Refusal("bad_result", e.en, e.zh) from None
    results = dict(state.results)
    results[(r, t, b)] = entry
    state = replace(state, results=FrozenMap(results),
                    remaining=state.remaining - (r == state.round and not revising))
    note = ("" if entry.ns_award is None or entry.ew_award is None
            else f"{award_text(entry.ns_award)}/{award_text(entry.ew_award)}")
    events = [*events, ResultRecorded(r, t, b, table.ns, table.ew, entry.score, note, state.now,
                                      revising)]
    if state.phase is Phase.PLAYING and state.remaining == 0:
        return _close_round(state, state.now, events)
    return state, events
