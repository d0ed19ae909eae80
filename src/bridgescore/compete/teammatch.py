"""A VP team match (VP队式赛, seed 002 §3; platform.md §3) as a pure state machine.

Two teams of four play 8, 12 or 16 boards (chosen at set-up; any other length is refused)
in two rooms: in the **open** room the home team sits North–South and the away team
East–West, in the **closed** room the other way round (the convention of
``sessions.teams``).  Board results arrive room by room in any order; once a board has been
played in both rooms it is compared — the open-room NS score minus the closed-room NS score
converted to IMPs by ``sessions.teams.score_match``, the library's team scoring — and the
running totals move.  When every board is done, the IMP margin is converted to victory
points on the match's scale (default the WBF 2013 continuous 20-VP scale) and the match
ends.

>>> from bridgescore.core.result import Result
>>> s = TeamMatchState.setup("H", "A", TeamMatchSettings(boards=8))
>>> s, _ = apply(s, Start(now=0))
>>> s, _ = apply(s, RecordBoard("open", 1, Result.parse("4S N ="), now=60))
>>> s, events = apply(s, RecordBoard("closed", 1, Result.parse("4S N -1"), now=90))
>>> c = events[-1]
>>> type(c).__name__, c.difference, c.imps, c.home_total, c.away_total
('BoardCompared', 470, 10.0, 10.0, 0.0)

**Events** are what a vugraph page (比赛转播, §7) shows: ``BoardRecorded`` for each room's
progress, ``BoardCompared`` when a board can be compared (its IMPs and the running totals),
``BoardsCut`` and ``MatchEnded`` (totals, margin, VPs, winner).  ``rows`` gives the whole
comparison at any moment.

**Victory points** are always on the match's scheduled number of boards, whatever happens
to some of them, so a cut board never changes the scale.  A margin with a fraction (a split
adjusted score) is rounded as ``sessions.teams.whole_margin`` does.  The scale must cover the
match's length: the WBF continuous and whole-VP scales cover any number of boards, the ACBL
20-VP scale 1 to 36, the ACBL 30-VP scale only 6 to 8 (so 8 boards, not 12 or 16).

**Time** (optional, ``time_limit``; default untimed): the match has that many seconds from
``Start``.  At the limit the boards not finished in both rooms are dealt with by the
``unfinished`` setting: ``"cut"`` (the default, as the seed's Swiss events do: a cut board is
never played later and scores nothing; a result already in from one room stays on record,
uncompared) or ``"average"`` (the room that did not finish gets Average/Average, Law 12C2;
under Law 86 as ``sessions.teams`` applies it, a board with an artificial score in one room
counts 0 IMPs, so the margin is the same as ``"cut"`` and the difference is the record: an
averaged board is listed, compared, with A/A).

**Line-ups**: ``Lineup(team, players, now)`` names the four who play for a team, in seat
order, before the start (refused once the match has started: the line-up locks at the
start).  The first two play in the open room, the last two in the closed room; ``seating``
gives each room's North, East, South and West from the two line-ups.

**Director's scores**: ``Adjust`` gives a room an artificial score (A+/A/A- or a percentage
for each side, Law 12C2) on a board not yet played there or in place of its result (a
ruling); a compared board is compared again (``revised``).  After the end nothing changes:
a ruling after the match is a new set-up.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

from ..core.errors import BridgeError
from ..core.frozen import FrozenMap
from ..core.result import Result
from ..core.text import excerpt
from ..scoring.imps import ImpScale, get_imp_scale
from ..scoring.vp import VpScale, get_vp_scale
from ..sessions.adjusted import award_text
from ..sessions.model import Award, BoardResult, Team, TeamMatch
from ..sessions.participants import Player
from ..sessions.teams import MatchBoard, MatchScore, MatchSettings, score_match, whole_margin
from .refusal import Refusal, check_duration, check_time

__all__ = [
    "MATCH_LENGTHS",
    "ROOMS",
    "Action",
    "Adjust",
    "BoardCompared",
    "BoardRecorded",
    "BoardRow",
    "BoardsCut",
    "Event",
    "Lineup",
    "LineupSet",
    "MatchEnded",
    "MatchOutcome",
    "MatchStarted",
    "Phase",
    "RecordBoard",
    "Room",
    "Start",
    "TeamMatchSettings",
    "TeamMatchState",
    "Tick",
    "apply",
    "seating",
]

Room = Literal["open", "closed"]
ROOMS: tuple[Room, ...] = ("open", "closed")
_ROOM_ZH = {"open": "开室", "closed": "闭室"}
MATCH_LENGTHS = (8, 12, 16)  # the seed: 比赛可以自定8副牌、12副牌或16副
Unfinished = Literal["cut", "average"]
TEAM_SIZE = 4  # 每队4人


class Phase(enum.Enum):
    READY = "ready"  # set up, not started
    PLAYING = "playing"
    DONE = "done"  # every board compared or cut: the VPs are final


@dataclass(frozen=True, slots=True)
class TeamMatchSettings:
    """``boards``: 8, 12 or 16.  ``vp_scale``/``imp_scale``: a library scale by name or by
    value.  ``time_limit``: seconds from the start (``None``: untimed); ``unfinished``: what
    the limit does to a board not finished in both rooms (``"cut"`` or ``"average"``)."""

    boards: int = 16
    vp_scale: str | VpScale = "wbf"
    imp_scale: str | ImpScale = "wbf"
    time_limit: float | None = None
    unfinished: Unfinished = "cut"

    def __post_init__(self) -> None:
        if type(self.boards) is not int or self.boards not in MATCH_LENGTHS:
            raise Refusal("bad_boards",
                          f"invalid match length {excerpt(self.boards)}: a VP team match has 8, "
                          "12 or 16 boards",
                          f"无效的比赛副数 {excerpt(self.boards)}：VP队式赛为 8、12 或 16 副牌")
        try:
            get_vp_scale(self.vp_scale).points(0, self.boards)  # covers this many boards?
            get_imp_scale(self.imp_scale)
        except BridgeError as e:
            raise Refusal("bad_scale", e.en, e.zh) from None
        check_duration("time limit", "比赛限时", self.time_limit, optional=True)
        if self.unfinished not in ("cut", "average"):
            raise Refusal("bad_settings",
                          f"invalid treatment of unfinished boards {excerpt(self.unfinished)}: "
                          "expected 'cut' or 'average'",
                          f"无效的未完成牌处理方式 {excerpt(self.unfinished)}：应为 'cut'（切断）"
                          "或 'average'（平均分）")

    def match_settings(self) -> MatchSettings:
        """The library's team-match settings these scales give (IMP scoring)."""
        return MatchSettings(scoring="imps", vp_scale=self.vp_scale, imp_scale=self.imp_scale)


# -- actions ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Start:
    now: float


@dataclass(frozen=True, slots=True)
class RecordBoard:
    """A board finished at a table: ``result`` as the table's state machine gives it."""

    room: Room
    board: int
    result: Result
    now: float


@dataclass(frozen=True, slots=True)
class Adjust:
    """The director's artificial score for a room's board: an award for each side."""

    room: Room
    board: int
    ns_award: Award
    ew_award: Award
    now: float


@dataclass(frozen=True, slots=True)
class Tick:
    """The clock: applies the time limit when it has passed (any action does so first)."""

    now: float


@dataclass(frozen=True, slots=True)
class Lineup:
    """A team's four players for the match, in seat order (see :func:`seating`): set before
    the start, as often as wanted; locked once the match has started."""

    team: str
    players: tuple[str, ...]
    now: float


Action = Start | RecordBoard | Adjust | Tick | Lineup

# -- events -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchStarted:
    at: float
    deadline: float | None


@dataclass(frozen=True, slots=True)
class BoardRecorded:
    """A room finished a board (``ns_score`` None for an artificial score, shown by
    ``note``: ``"A/A"``)."""

    room: Room
    board: int
    ns_score: int | None
    note: str
    at: float
    revised: bool = False


@dataclass(frozen=True, slots=True)
class BoardCompared:
    """A board played in both rooms: ``difference`` open NS − closed NS (None with an
    artificial score), ``imps`` to the home team (negative: to the away team) and the
    totals over every board compared so far."""

    board: int
    open_ns: int | None
    closed_ns: int | None
    difference: int | None
    imps: float
    home_total: float
    away_total: float
    note: str
    at: float
    revised: bool = False


@dataclass(frozen=True, slots=True)
class BoardsCut:
    """At the time limit: ``boards`` were not finished in both rooms (``how``: cut or
    averaged)."""

    boards: tuple[int, ...]
    how: Unfinished
    at: float


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    """The final result: IMP totals, the whole margin the VPs are read at, the VPs (home,
    away) and the winner (the team with more VPs; None for a draw)."""

    home: str
    away: str
    home_total: float
    away_total: float
    margin: int
    vp: tuple[float, float]
    winner: str | None
    boards_scored: int


@dataclass(frozen=True, slots=True)
class MatchEnded:
    outcome: MatchOutcome
    at: float


@dataclass(frozen=True, slots=True)
class LineupSet:
    """A team's line-up changed before the start: ``before`` and ``players`` in seat order."""

    team: str
    before: tuple[str, ...]
    players: tuple[str, ...]
    at: float


Event = MatchStarted | BoardRecorded | BoardCompared | BoardsCut | MatchEnded | LineupSet


def seating(home: tuple[str, ...], away: tuple[str, ...]) -> tuple[tuple[str, str, str, str],
                                                                     tuple[str, str, str, str]]:
    """North, East, South and West of the open room, then of the closed room, from two
    line-ups of four in seat order: in the open room the home team's first two sit
    North and South and the away team's first two East and West; in the closed room the
    away team's last two sit North and South, the home team's last two East and West."""
    if len(home) != TEAM_SIZE or len(away) != TEAM_SIZE:
        raise Refusal("bad_lineup", f"a line-up has {TEAM_SIZE} players, not "
                      f"{len(home)} and {len(away)}",
                      f"出场阵容应为 {TEAM_SIZE} 人，而不是 {len(home)} 和 {len(away)} 人")
    return (home[0], away[0], home[1], away[1]), (away[2], home[2], away[3], home[3])


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One line of the comparison: each room's result (None: not yet), the scored board once
    both are in, and whether the board was cut."""

    board: int
    open: BoardResult | None
    closed: BoardResult | None
    scored: MatchBoard | None
    cut: bool


# -- the state --------------------------------------------------------------------------


def _team(value: object, which: str, which_zh: str) -> Team:
    try:
        team = value if isinstance(value, Team) else Team(value)  # type: ignore[arg-type]
    except BridgeError as e:
        raise Refusal("bad_team", f"{which} team: {e.en}", f"{which_zh}：{e.zh}") from None
    if team.members and len(team.members) != TEAM_SIZE:
        raise Refusal("bad_team",
                      f"{which} team {team.id} has {len(team.members)} players: a team of four "
                      "has 4",
                      f"{which_zh} {team.id} 有 {len(team.members)} 名球员：每队应为 4 人")
    return team


@dataclass(frozen=True)
class TeamMatchState:
    """A match's state; build it with :meth:`setup`, change it with :func:`apply`."""

    home: Team
    away: Team
    settings: TeamMatchSettings
    phase: Phase = Phase.READY
    now: float = 0.0
    started: float | None = None
    deadline: float | None = None
    results: Mapping[tuple[Room, int], BoardResult] = field(default_factory=FrozenMap)
    cut: frozenset[int] = frozenset()

    @classmethod
    def setup(cls, home: Team | str, away: Team | str,
              settings: TeamMatchSettings | None = None, now: float = 0.0) -> TeamMatchState:
        """A match ready to start; refuses a team playing itself or sharing a player."""
        h, a = _team(home, "home", "主队"), _team(away, "away", "客队")
        if h.id == a.id:
            raise Refusal("same_team", f"a team cannot play itself ({h.id})",
                          f"一个队不能与自己比赛（{h.id}）")
        shared = sorted({p.id for p in h.members} & {p.id for p in a.members})
        if shared:
            raise Refusal("shared_player",
                          f"player {shared[0]} is in both teams ({h.id} and {a.id})",
                          f"球员 {shared[0]} 同时在两个队（{h.id} 与 {a.id}）")
        st = settings if settings is not None else TeamMatchSettings()
        if not isinstance(st, TeamMatchSettings):
            raise Refusal("bad_settings",
                          f"invalid settings {excerpt(st)}: expected TeamMatchSettings",
                          f"无效的设置 {excerpt(st)}：应为 TeamMatchSettings")
        return cls(h, a, st, now=check_time(now, float("-inf")))

    @property
    def boards(self) -> tuple[int, ...]:
        return tuple(range(1, self.settings.boards + 1))

    def result(self, room: Room, board: int) -> BoardResult | None:
        return self.results.get((room, board))

    def done(self, board: int) -> bool:
        """Compared (both rooms in) or cut."""
        return board in self.cut or (("open", board) in self.results
                                     and ("closed", board) in self.results)

    def compared(self) -> tuple[int, ...]:
        return tuple(b for b in self.boards if b not in self.cut and self.done(b))

    def score(self) -> MatchScore | None:
        """The library's scoring of the boards compared so far (None before the first);
        its ``vp`` is for those boards only: the match's VPs are :meth:`outcome`'s."""
        boards = self.compared()
        if not boards:
            return None
        results = tuple(self.results[(room, b)] for b in boards for room in ROOMS)
        return score_match(TeamMatch(self.home, self.away, results),
                           self.settings.match_settings())

    def totals(self) -> tuple[float, float]:
        s = self.score()
        return (0.0, 0.0) if s is None else (float(s.home_total), float(s.away_total))

    def outcome(self) -> MatchOutcome | None:
        """The VP result, once the match is over."""
        if self.phase is not Phase.DONE:
            return None
        home, away = self.totals()
        margin = whole_margin(home - away)
        v = get_vp_scale(self.settings.vp_scale).points(margin, self.settings.boards)
        vp = (float(v[0]), float(v[1]))
        winner = None if vp[0] == vp[1] else self.home.id if vp[0] > vp[1] else self.away.id
        return MatchOutcome(self.home.id, self.away.id, home, away, margin, vp, winner,
                            len(self.compared()))

    def rows(self) -> tuple[BoardRow, ...]:
        """The comparison board by board (a vugraph page's table)."""
        score = self.score()
        scored = {} if score is None else {b.board: b for b in score.boards}
        return tuple(BoardRow(b, self.result("open", b), self.result("closed", b),
                              scored.get(b), b in self.cut) for b in self.boards)


# -- apply ------------------------------------------------------------------------------


def apply(state: TeamMatchState, action: Action) -> tuple[TeamMatchState, list[Event]]:
    """The state after ``action`` and the events it caused; raises :class:`Refusal`
    (nothing changes) for an action the match refuses.  The time limit is applied first,
    whatever the action."""
    if not isinstance(action, Start | RecordBoard | Adjust | Tick | Lineup):
        raise Refusal("bad_action", f"unknown action {excerpt(action)}",
                      f"未知的操作 {excerpt(action)}")
    now = check_time(action.now, state.now)
    state, events = _time_limit(replace(state, now=now))
    if isinstance(action, Tick):
        return state, events
    if state.phase is Phase.DONE:
        raise Refusal("match_over", "the match is over", "比赛已经结束")
    if isinstance(action, Lineup):
        return _lineup(state, action, now, events)
    if isinstance(action, Start):
        if state.phase is not Phase.READY:
            raise Refusal("already_started", "the match has already started", "比赛已经开始")
        limit = state.settings.time_limit
        deadline = None if limit is None else now + limit
        return (replace(state, phase=Phase.PLAYING, started=now, deadline=deadline),
                [*events, MatchStarted(now, deadline)])
    if state.phase is not Phase.PLAYING:
        raise Refusal("not_started", "the match has not started", "比赛尚未开始")
    room, board = _room_board(state, action.room, action.board)
    revised = (room, board) in state.results
    if isinstance(action, RecordBoard):
        if revised:
            raise Refusal("already_recorded",
                          f"board {board} has already been recorded in the {room} room",
                          f"第{board}副在{_ROOM_ZH[room]}已有结果")
        if not isinstance(action.result, Result):
            raise Refusal("bad_result", f"invalid result {excerpt(action.result)}: expected a "
                          "Result", f"无效的结果 {excerpt(action.result)}：应为 Result")
        entry = _entry(state, room, board, result=action.result)
    else:
        entry = _entry(state, room, board, ns_award=action.ns_award, ew_award=action.ew_award)
    return _record(state, entry, room, revised, events)


def _lineup(state: TeamMatchState, action: Lineup, now: float,
            events: list[Event]) -> tuple[TeamMatchState, list[Event]]:
    if state.phase is not Phase.READY:
        raise Refusal("lineup_locked", "the match has started: the line-ups are locked",
                      "比赛已经开始：出场阵容已锁定")
    if action.team not in (state.home.id, state.away.id):
        raise Refusal("bad_team", f"no team {excerpt(action.team)} in this match: expected "
                      f"{state.home.id} or {state.away.id}",
                      f"本场比赛没有 {excerpt(action.team)} 队：应为 {state.home.id} 或 "
                      f"{state.away.id}")
    players = action.players
    if (not isinstance(players, tuple) or len(players) != TEAM_SIZE
            or not all(isinstance(p, str) and p for p in players)):
        raise Refusal("bad_lineup", f"invalid line-up {excerpt(players)}: expected "
                      f"{TEAM_SIZE} player ids", f"无效的出场阵容 {excerpt(players)}：应为 "
                      f"{TEAM_SIZE} 名牌手的编号")
    if len(set(players)) != TEAM_SIZE:
        twice = next(p for p in players if players.count(p) > 1)
        raise Refusal("bad_lineup", f"player {excerpt(twice)} is named twice in the line-up",
                      f"牌手 {excerpt(twice)} 在出场阵容中出现了两次")
    home = action.team == state.home.id
    team, other = (state.home, state.away) if home else (state.away, state.home)
    shared = sorted(set(players) & {p.id for p in other.members})
    if shared:
        raise Refusal("shared_player", f"player {shared[0]} plays for the other team "
                      f"({other.id})", f"牌手 {shared[0]} 在对方队（{other.id}）出场")
    new = Team(team.id, team.name, members=tuple(Player(p, p) for p in players))
    before = tuple(p.id for p in team.members)
    state = replace(state, home=new) if home else replace(state, away=new)
    return state, [*events, LineupSet(team.id, before, players, now)]


def _room_board(state: TeamMatchState, room: object, board: object) -> tuple[Room, int]:
    if room not in ROOMS:
        raise Refusal("bad_room", f"invalid room {excerpt(room)}: expected 'open' or 'closed'",
                      f"无效的房间 {excerpt(room)}：应为 'open'（开室）或 'closed'（闭室）")
    n = state.settings.boards
    if type(board) is not int or not 1 <= board <= n:
        raise Refusal("bad_board", f"invalid board {excerpt(board)}: this match has boards 1-{n}",
                      f"无效的牌号 {excerpt(board)}：本场比赛为第 1-{n} 副")
    if board in state.cut:
        raise Refusal("board_cut", f"board {board} was cut at the time limit: it cannot be "
                      "played later", f"第{board}副已在限时到时切断，不能补打")
    return room, board  # type: ignore[return-value]


def _entry(state: TeamMatchState, room: Room, board: int, **what: object) -> BoardResult:
    ns, ew = ((state.home.id, state.away.id) if room == "open"
              else (state.away.id, state.home.id))
    try:
        return BoardResult(board, ns, ew, **what)  # type: ignore[arg-type]
    except BridgeError as e:
        raise Refusal("bad_result", e.en, e.zh) from None


def _note(r: BoardResult) -> str:
    if r.kind != "artificial":
        return ""
    assert r.ns_award is not None and r.ew_award is not None
    return f"{award_text(r.ns_award)}/{award_text(r.ew_award)}"


def _record(state: TeamMatchState, entry: BoardResult, room: Room, revised: bool,
            events: list[Event], at: float | None = None) -> tuple[TeamMatchState, list[Event]]:
    when = state.now if at is None else at
    results = dict(state.results)
    results[(room, entry.board)] = entry
    state = replace(state, results=FrozenMap(results))
    events = [*events, BoardRecorded(room, entry.board, entry.score, _note(entry), when, revised)]
    if state.done(entry.board):
        events.append(_compared(state, entry.board, when, revised))
    return _maybe_end(state, events, when)


def _compared(state: TeamMatchState, board: int, at: float, revised: bool) -> BoardCompared:
    score = state.score()
    assert score is not None
    b = next(x for x in score.boards if x.board == board)
    return BoardCompared(board, b.open.score, b.closed.score, b.difference, float(b.imps),
                         float(score.home_total), float(score.away_total), b.note, at, revised)


def _maybe_end(state: TeamMatchState, events: list[Event],
               at: float) -> tuple[TeamMatchState, list[Event]]:
    if all(state.done(b) for b in state.boards):
        state = replace(state, phase=Phase.DONE)
        outcome = state.outcome()
        assert outcome is not None
        events = [*events, MatchEnded(outcome, at)]
    return state, events


def _time_limit(state: TeamMatchState) -> tuple[TeamMatchState, list[Event]]:
    """At the deadline, cut or average every board not finished in both rooms."""
    if (state.phase is not Phase.PLAYING or state.deadline is None
            or state.now < state.deadline):
        return state, []
    at = state.deadline
    unfinished = tuple(b for b in state.boards if not state.done(b))
    events: list[Event] = [BoardsCut(unfinished, state.settings.unfinished, at)]
    if state.settings.unfinished == "cut":
        state = replace(state, cut=state.cut | frozenset(unfinished))
        return _maybe_end(state, events, at)
    for b in unfinished:
        for room in ROOMS:
            if (room, b) not in state.results:
                entry = _entry(state, room, b, ns_award="A", ew_award="A")
                state, events = _record(state, entry, room, False, events, at)
    return state, events
