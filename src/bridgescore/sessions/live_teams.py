"""A team event being played at a club: one team match, or a round robin, with the results
entered one at a time at the tables (the same log of actions ``sessions.live`` keeps for pairs).

**The schedule** is a list of model ``Assignment`` lines, one per room: in a round, at a
table, the team holding the NS cards against the team holding EW, on these boards.  A match
is two tables of one round playing the same boards with the teams swapped: the lower-numbered
table is the open room (the home team NS), the other the closed room (the away team NS).  A
match may span several rounds (its segments); a round robin has one match per pair of teams,
a double round robin two (the return match, home and away swapped, is a match of its own).

>>> lines = match_schedule("1", "2", boards=4, segments=2)
>>> [(a.round, a.table, a.ns_pair, a.ew_pair, a.boards) for a in lines]
[(1, 1, '1', '2', (1, 2)), (1, 2, '2', '1', (1, 2)), (2, 1, '1', '2', (3, 4)), (2, 2, '2', '1', (3, 4))]

**Entering**: a result must name its round and table and fit the schedule (the board is one
of the table's, the teams are the ones sitting there, NS first: ``line_check``, the pairs
log's own check); a second result for the same board at the same table and round is refused,
changing one is an explicit correction.

>>> from bridgescore.core.result import Result
>>> live = LiveTeams.start(lines)
>>> live, _ = live.enter(BoardResult(1, "1", "2", Result.parse("4S N ="), table=1, round=1))
>>> live, _ = live.enter(BoardResult(1, "2", "1", Result.parse("4S N -1"), table=2, round=1))
>>> m = live.match_state(live.matches()[0])
>>> [(b.board, b.difference, b.imps) for b in m.score.boards], m.complete
([(1, 470, 10)], False)

**Scoring** is the library's team match (``sessions.teams.score_match``: IMPs per board by Law
78B, artificial scores in either room by Law 86, VPs on the chosen scale once the match is
complete) over the boards played in both rooms, and the round robin's standings
(``sessions.team_events.standings``, a bye worth ``bye_vp``).  The scale and the bye are
settings: ``with_settings`` gives the same log scored under others, nothing replayed.
What a reader may see is passed in (``visible``): while the event is in play a board's
results are shown only once every table that plays it has played it; ``redraw`` says which
boards and matches a reader's page shows differently after an entry.

>>> live = live.enter(BoardResult(2, "1", "2", Result.parse("3NT S ="), table=1, round=1))[0]
>>> live = live.enter(BoardResult(2, "2", "1", Result.parse("3NT S ="), table=2, round=1))[0]
>>> live = live.enter(BoardResult(3, "1", "2", Result.parse("2H W ="), table=1, round=2))[0]
>>> live.redraw(4), live.redraw(4, live.played_everywhere().__contains__)
(((3,), (1,)), ((), ()))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from ..core.board import Board
from ..core.errors import BridgeError
from ..core.frozen import FrozenMap
from ..core.i18n import Lang, is_zh
from ..core.serial import excerpt
from ..scoring.vp import VpScale, get_vp_scale
from .adjusted import award_text
from .assignment import Assignment
from .line_check import TEAMS, check_line
from .live_log import Action, Change, Entry, Slot, current_round
from .model import BoardResult, Team, TeamMatch, played_score
from .team_events import (
    ByeVp,
    MatchResult,
    Standing,
    check_bye_vp,
    default_bye_vp,
    double_round_robin,
    result_from_score,
    round_robin,
    standings,
)
from .teams import MatchBoard, MatchScore, MatchSettings, score_match

__all__ = ["LiveTeams", "MatchPlan", "MatchState", "imp_arithmetic", "match_schedule", "plan_matches",
           "room_arithmetic", "round_robin_schedule"]

Room = tuple[int, int]  # (round, table)
Slot3 = tuple[int, int, int]  # (round, table, board)
_KIND_ZH = {"enter": "录入", "correct": "更正", "cancel": "撤销"}


# ---------------------------------------------------------------------------- schedules


def _check_count(value: object, what: str, zh: str, low: int = 1) -> int:
    if type(value) is not int or value < low:
        raise BridgeError(f"invalid {what} {excerpt(value)}: expected a whole number from {low}",
                          f"无效的{zh} {excerpt(value)}：应为从 {low} 起的整数")
    return value


def match_schedule(home: str, away: str, boards: int, segments: int = 1) -> tuple[Assignment, ...]:
    """A match of ``boards`` boards in ``segments`` equal segments (one a round): table 1 is
    the open room (``home`` NS), table 2 the closed room (``away`` NS)."""
    _check_count(boards, "number of boards", "牌数")
    _check_count(segments, "number of segments", "节数")
    if boards % segments:
        raise BridgeError(f"{boards} boards do not split into {segments} equal segments",
                          f"{boards} 副牌不能平分为 {segments} 节")
    per = boards // segments
    out = []
    for s in range(segments):
        nums = tuple(range(s * per + 1, (s + 1) * per + 1))
        out += [Assignment(s + 1, 1, home, away, nums), Assignment(s + 1, 2, away, home, nums)]
    return tuple(out)


def round_robin_schedule(teams: Sequence[str], boards_per_round: int, *,
                         double: bool = False) -> tuple[Assignment, ...]:
    """Every pair of ``teams`` meets once (the library's circle method, ``round_robin``), or
    twice with ``double`` (``double_round_robin``: the return match with home and away
    swapped, so each team is the open room's NS once); in round ``r`` every match plays
    boards ``(r−1)·n+1 … r·n``, the ``i``-th match of the round at tables ``2i−1`` (open room,
    its home team NS) and ``2i`` (closed room).

    >>> lines = round_robin_schedule(["1", "2"], boards_per_round=1, double=True)
    >>> [(a.round, a.table, a.ns_pair, a.ew_pair, a.boards) for a in lines]
    [(1, 1, '1', '2', (1,)), (1, 2, '2', '1', (1,)), (2, 1, '2', '1', (2,)), (2, 2, '1', '2', (2,))]
    """
    n = _check_count(boards_per_round, "number of boards per round", "每轮牌数")
    if type(double) is not bool:
        raise BridgeError(f"invalid 'double' {excerpt(double)}: expected true or false",
                          f"无效的 'double' {excerpt(double)}：应为 true 或 false")
    fixtures = (double_round_robin if double else round_robin)(list(teams))
    out = []
    for r, rnd in enumerate(fixtures, 1):
        nums = tuple(range((r - 1) * n + 1, r * n + 1))
        for i, f in enumerate(rnd):
            out += [Assignment(r, 2 * i + 1, f.home, f.away, nums),
                    Assignment(r, 2 * i + 2, f.away, f.home, nums)]
    return tuple(out)


# ---------------------------------------------------------------------------- matches


@dataclass(frozen=True, slots=True)
class MatchPlan:
    """One match of the schedule: its number (1, 2 … by round and open table), the teams,
    its boards and where each board is played in each room."""

    number: int
    home: str
    away: str
    boards: tuple[int, ...]
    open: Mapping[int, Room]  # board → (round, table) of the open room (home NS)
    closed: Mapping[int, Room]
    rounds: tuple[int, ...]


def plan_matches(lines: Iterable[Assignment]) -> tuple[MatchPlan, ...]:
    """The matches of a schedule; a room without its other room is an error naming it.

    A match is every pair of rooms where the same home team (NS at the lower-numbered table)
    meets the same away team: its segments.  The same teams the other way round are another
    match (a double round robin's return match); two teams never play a board twice."""
    by_round: dict[int, list[Assignment]] = {}
    for a in lines:
        by_round.setdefault(a.round, []).append(a)
    found: dict[tuple[str, str], dict[str, object]] = {}
    order: list[tuple[str, str]] = []
    played: dict[frozenset[str], set[int]] = {}  # the boards two teams have met on
    for r in sorted(by_round):
        rest = sorted(by_round[r], key=lambda a: a.table)
        while rest:
            a = rest.pop(0)
            b = next((x for x in rest if (x.ns_pair, x.ew_pair) == (a.ew_pair, a.ns_pair)
                      and set(x.boards) == set(a.boards)), None)
            if b is None:
                raise BridgeError(
                    f"round {r}, table {a.table}: teams {a.ns_pair} v {a.ew_pair} have no other "
                    "room (a table with the teams swapped and the same boards)",
                    f"第{r}轮第{a.table}桌：{a.ns_pair}队对{a.ew_pair}队没有另一个房间"
                    "（双方互换方向、牌副相同的另一张桌子）")
            rest.remove(b)
            key = (a.ns_pair, a.ew_pair)  # a is the lower table: the open room
            if key not in found:
                found[key] = {"open": {}, "closed": {}, "rounds": []}
                order.append(key)
            m = found[key]
            met = played.setdefault(frozenset(key), set())
            for board in a.boards:
                o, c = m["open"], m["closed"]
                assert isinstance(o, dict) and isinstance(c, dict)
                if board in met:
                    raise BridgeError(f"teams {key[0]} and {key[1]} play board {board} twice",
                                      f"{key[0]}队与{key[1]}队两次打第{board}副")
                met.add(board)
                o[board] = (r, a.table)
                c[board] = (r, b.table)
            rounds = m["rounds"]
            assert isinstance(rounds, list)
            rounds.append(r)
    out = []
    for i, key in enumerate(order, 1):
        m = found[key]
        o, c, rounds = m["open"], m["closed"], m["rounds"]
        assert isinstance(o, dict) and isinstance(c, dict) and isinstance(rounds, list)
        out.append(MatchPlan(i, key[0], key[1], tuple(sorted(o)),
                             FrozenMap(o), FrozenMap(c), tuple(rounds)))
    return tuple(out)


@dataclass(frozen=True)
class MatchState:
    """A match as a reader may see it now: the library's score over the boards played in
    both rooms and visible (``score``), the boards not shown yet (``waiting``), and whether the
    match is over and wholly shown (``complete``: only then does it carry VPs)."""

    plan: MatchPlan
    score: MatchScore
    waiting: tuple[int, ...]
    complete: bool

    @property
    def vp(self) -> tuple[float, float] | None:
        return self.score.vp if self.complete else None


# ---------------------------------------------------------------------------- the live state


def _check_settings(plans: Sequence[MatchPlan], settings: MatchSettings,
                    bye_vp: ByeVp | None) -> None:
    """IMPs, a VP scale that covers every match's number of boards, a bye it can score."""
    if not isinstance(settings, MatchSettings) or settings.scoring != "imps":
        raise BridgeError("a live team event is scored at IMPs", "现场队式赛按 IMP 计分")
    scale = get_vp_scale(settings.vp_scale)
    for n in sorted({len(p.boards) for p in plans}):
        scale.points(0, n)  # a scale of fixed board ranges says which it covers
    if bye_vp is not None:
        check_bye_vp(bye_vp, scale)


@dataclass(frozen=True)
class LiveTeams:
    """A team event being played.  Start one with ``LiveTeams.start(lines)``; ``apply`` (or
    ``enter``/``correct``/``cancel``) gives the next state and what changed, as
    ``sessions.live.LiveSession`` does for pairs."""

    assignments: tuple[Assignment, ...] = ()
    settings: MatchSettings = field(default_factory=MatchSettings)
    name: str = ""
    entries: tuple[Entry, ...] = ()
    changes: tuple[Change, ...] = ()
    bye_vp: ByeVp | None = None  # what a bye scores; None: ``default_bye_vp`` of the scale
    _tables: Mapping[Room, Assignment] = field(default_factory=FrozenMap, init=False,
                                               repr=False, compare=False)
    _plans: tuple[MatchPlan, ...] = field(default=(), init=False, repr=False, compare=False)
    _current: Mapping[int, BoardResult] = field(default_factory=FrozenMap, init=False,
                                                repr=False, compare=False)
    # (round, table, board) → its result in force: kept with ``_current`` so that a check
    # or a page costs a look-up per board, not a pass over the log.
    _slots: Mapping[Slot3, BoardResult] = field(default_factory=FrozenMap, init=False,
                                                repr=False, compare=False)

    @classmethod
    def start(cls, lines: Sequence[Assignment], *, settings: MatchSettings | None = None,
              name: str = "", bye_vp: ByeVp | None = None) -> LiveTeams:
        """A new event over ``lines``.  ``settings`` are the library's match settings (IMPs;
        the VP scale, which must cover every match's number of boards); ``bye_vp`` what a
        bye scores (VPs or ``"average"``; by default 60 % of the scale's maximum)."""
        if not isinstance(lines, list | tuple) or not all(isinstance(a, Assignment) for a in lines):
            raise BridgeError(f"invalid schedule {excerpt(lines)}: expected Assignment lines",
                              f"无效的赛程 {excerpt(lines)}：应为 Assignment 列表")
        return cls(tuple(lines), settings or MatchSettings(), name, bye_vp=bye_vp)

    def __post_init__(self) -> None:
        tables: dict[Room, Assignment] = {}
        for a in self.assignments:
            if (a.round, a.table) in tables:
                raise BridgeError(f"the schedule has table {a.table} twice in round {a.round}",
                                  f"赛程中第{a.round}轮第{a.table}桌出现两次")
            tables[(a.round, a.table)] = a
        object.__setattr__(self, "_tables", FrozenMap(tables))
        object.__setattr__(self, "_plans", plan_matches(self.assignments))
        _check_settings(self._plans, self.settings, self.bye_vp)
        given = tuple(self.entries)
        # Replay a given log through the same checks as a new entry.
        object.__setattr__(self, "entries", ())
        object.__setattr__(self, "changes", ())
        state = self
        for e in given:
            if not isinstance(e, Entry) or e.seq != state.seq + 1:
                raise BridgeError(f"entry {excerpt(getattr(e, 'seq', e))} is out of order: "
                                  f"expected entry {state.seq + 1}",
                                  f"录入记录 {excerpt(getattr(e, 'seq', e))} 顺序错误："
                                  f"应为第 {state.seq + 1} 条")
            state, _ = state.apply(e.action)
        for name in ("entries", "changes", "_current", "_slots"):
            object.__setattr__(self, name, getattr(state, name))

    # ------------------------------------------------------------------ actions
    @property
    def seq(self) -> int:
        """The last sequence number given (0 before the first entry)."""
        return len(self.entries)

    def enter(self, result: BoardResult) -> tuple[LiveTeams, Change]:
        return self.apply(Action("enter", result))

    def correct(self, seq: int, result: BoardResult) -> tuple[LiveTeams, Change]:
        return self.apply(Action("correct", result, seq))

    def cancel(self, seq: int) -> tuple[LiveTeams, Change]:
        return self.apply(Action("cancel", None, seq))

    def apply(self, action: Action) -> tuple[LiveTeams, Change]:
        """The new state after ``action``, and what changed (boards, teams)."""
        if not isinstance(action, Action):
            raise BridgeError(f"invalid action {excerpt(action)}: expected an Action",
                              f"无效的操作 {excerpt(action)}：应为 Action")
        seq = self.seq + 1
        old = None
        if action.replaces is not None:
            old = self._current.get(action.replaces)
            if old is None:
                later = next((x.seq for x in self.entries
                              if x.action.replaces == action.replaces), None)
                why = (f"it was superseded by entry {later}" if later is not None
                       else "there is no such entry")
                why_zh = f"它已被第 {later} 条取代" if later is not None else "没有这条录入"
                raise BridgeError(f"cannot {action.kind} entry {action.replaces}: {why}",
                                  f"无法{_KIND_ZH[action.kind]}第 {action.replaces} 条录入：{why_zh}")
        new = None
        if action.result is not None:
            new = replace(action.result, seq=old.seq if old is not None else seq)
            self._check(new, old)
        current = dict(self._current)
        slots = dict(self._slots)
        if old is not None and action.replaces is not None:
            del current[action.replaces]
            del slots[_slot(old)]
        if new is not None:
            current[seq] = new
            slots[_slot(new)] = new
        touched = [r for r in (old, new) if r is not None]
        change = Change(seq, tuple(sorted({r.board for r in touched})),
                        tuple(sorted({t for r in touched for t in (r.ns_pair, r.ew_pair)})))
        entry = Entry(seq, action if new is None or action.result == new
                      else Action(action.kind, new, action.replaces))
        state = self._copy(entries=(*self.entries, entry), changes=(*self.changes, change),
                           _current=FrozenMap(current), _slots=FrozenMap(slots))
        return state, change

    def _copy(self, **changed: object) -> LiveTeams:
        # A new state sharing what did not change, without replaying the log.
        state = object.__new__(LiveTeams)
        for name in ("assignments", "settings", "name", "entries", "changes", "bye_vp",
                     "_tables", "_plans", "_current", "_slots"):
            object.__setattr__(state, name, changed.get(name, getattr(self, name)))
        return state

    def with_settings(self, settings: MatchSettings | None = None, *,
                      bye_vp: ByeVp | None = None) -> LiveTeams:
        """The same event and log scored under other settings (a director's new VP scale or
        bye): nothing is replayed, since the settings change no check, only the scores,
        which are worked out when read.

        >>> live = LiveTeams.start(match_schedule("1", "2", boards=16))
        >>> live.with_settings(MatchSettings(vp_scale="acbl-30"))
        Traceback (most recent call last):
        ...
        bridgescore.core.errors.ScaleError: the acbl-30 scale covers matches of 6-8 boards, not 16
        """
        st = self.settings if settings is None else settings
        _check_settings(self._plans, st, bye_vp)
        return self._copy(settings=st, bye_vp=bye_vp)

    def _check(self, r: BoardResult, old: BoardResult | None) -> None:
        def err(en: str, zh: str) -> BridgeError:
            return BridgeError(f"board {r.board}: {en}", f"第{r.board}副：{zh}")

        check_line(r, self._tables, TEAMS)
        x = self._slots.get(_slot(r))
        if x is not None and x is not old:
            n = next(k for k, v in self._current.items() if v is x)  # the entry in force
            raise err(f"already entered at table {r.table} in round {r.round} (entry {n}): "
                      "correct that entry instead",
                      f"第{r.round}轮第{r.table}桌已录入（第 {n} 条）：请更正该条录入")

    # ------------------------------------------------------------------ reading
    def in_force(self) -> Mapping[int, BoardResult]:
        """Entry number → result, for the entries neither corrected nor cancelled."""
        return self._current

    def results(self) -> tuple[BoardResult, ...]:
        return tuple(self._current[k] for k in sorted(self._current))

    def entry(self, seq: int) -> Entry:
        if type(seq) is not int or not 1 <= seq <= self.seq:
            raise BridgeError(f"no entry {excerpt(seq)}: entries are 1-{self.seq}",
                              f"没有第 {excerpt(seq)} 条录入：录入为 1-{self.seq}")
        return self.entries[seq - 1]

    def _at(self) -> Mapping[Slot3, BoardResult]:
        return self._slots

    def outstanding(self, round: int | None = None) -> tuple[Slot, ...]:
        """The boards still to be played (in ``round``, or all), round by round, table by
        table."""
        done = self._at()
        return tuple(Slot(a.round, a.table, b, a.ns_pair, a.ew_pair)
                     for a in sorted(self.assignments, key=lambda a: (a.round, a.table))
                     if round is None or a.round == round
                     for b in a.boards if (a.round, a.table, b) not in done)

    def current_round(self, table: int, closed_round: int = 0) -> int | None:
        """The round ``table`` is in (``live_log.current_round``)."""
        return current_round(self.outstanding(), table, closed_round)

    def teams(self) -> tuple[str, ...]:
        """The teams of the schedule, in the order of their numbers (ids that are whole
        numbers by value, then any others by text)."""
        seen = {t for p in self._plans for t in (p.home, p.away)}
        return tuple(sorted(seen, key=lambda t: (0, int(t), "") if t.isdigit() else (1, 0, t)))

    def matches(self) -> tuple[MatchPlan, ...]:
        return self._plans

    def rooms(self, plan: MatchPlan, board: int) -> tuple[BoardResult | None, BoardResult | None]:
        """The open- and closed-room results of a board of a match (None: not yet in)."""
        at = self._at()
        (ro, to), (rc, tc) = plan.open[board], plan.closed[board]
        return at.get((ro, to, board)), at.get((rc, tc, board))

    def played_everywhere(self) -> frozenset[int]:
        """The boards every table that plays them has played (in every match)."""
        done = self._at()
        out = set()
        plays: dict[int, list[bool]] = {}
        for a in self.assignments:
            for b in a.boards:
                plays.setdefault(b, []).append((a.round, a.table, b) in done)
        for b, flags in plays.items():
            if all(flags):
                out.add(b)
        return frozenset(out)

    def match_state(self, plan: MatchPlan,
                    visible: Callable[[int], bool] | None = None) -> MatchState:
        """The match scored over its boards played in both rooms and ``visible``."""
        shown = visible or (lambda _b: True)
        results: list[BoardResult] = []
        waiting = []
        for b in plan.boards:
            o, c = self.rooms(plan, b)
            if o is not None and c is not None and shown(b):
                # A match's segments are rounds of the event; the library's match is one
                # round (its first), so the rooms' own rounds are left out here.
                results += [replace(o, round=None), replace(c, round=None)]
            else:
                waiting.append(b)
        match = TeamMatch(Team(plan.home), Team(plan.away), tuple(results),
                          round=plan.rounds[0])
        if waiting:
            # VPs belong to the whole match: a part of it is scored in IMPs only (the scale
            # need not even cover so few boards: ACBL's 30-VP scale starts at 6).
            part = score_match(match, replace(self.settings, vp_scale="wbf"))
            score = replace(part, vp=None, vp_scale=self.vp_scale.name)
        else:
            score = score_match(match, self.settings)
        return MatchState(plan, score, tuple(waiting), not waiting)

    @property
    def vp_scale(self) -> VpScale:
        return get_vp_scale(self.settings.vp_scale)

    @property
    def bye(self) -> ByeVp:
        """What a bye scores: the setting, else 60 % of the scale's maximum (12 of 20)."""
        return default_bye_vp(self.vp_scale) if self.bye_vp is None else self.bye_vp

    def standings(self, visible: Callable[[int], bool] | None = None,
                  bye_vp: ByeVp | None = None) -> list[Standing]:
        """The standings over the complete matches (the library's, with its tie-breaks); a
        team idle in a round has a bye once every match of that round is complete, worth
        ``bye_vp`` (default: the event's ``bye``)."""
        states = [self.match_state(p, visible) for p in self._plans]
        done: list[MatchResult] = [result_from_score(s.score, s.plan.rounds[0])
                                   for s in states if s.complete]
        complete_rounds = {r for r in {a.round for a in self.assignments}
                           if all(s.complete for s in states if r in s.plan.rounds)}
        teams = self.teams()
        byes = []
        for r in sorted(complete_rounds):
            playing = {t for a in self.assignments if a.round == r for t in (a.ns_pair, a.ew_pair)}
            byes += [t for t in teams if t not in playing]
        bye = self.bye if bye_vp is None else check_bye_vp(bye_vp, self.vp_scale)
        return standings(teams, done, byes=byes, bye_vp=bye, scale=self.vp_scale)

    def redraw(self, since: int, visible: Callable[[int], bool] | None = None,
               shown: Iterable[int] = ()) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """``(boards, matches)`` a reader's page shows differently after entry ``since``:
        the boards changed since then that the reader may see (``visible``; None: all), and
        ``shown``'s boards (what the reader saw before) that the reader may no longer see;
        the matches those boards are in.  For a reader who sees everything a change names
        only its own match; otherwise a board shown once every table has played it shows in
        every match that plays it, so each such match is named."""
        see = visible or (lambda _b: True)
        boards: set[int] = {b for b in shown if not see(b)}
        teams: dict[int, set[str]] = {}
        for c in self.changes[max(0, since):]:
            for b in c.boards:
                if see(b):
                    boards.add(b)
                    teams.setdefault(b, set()).update(c.pairs)
        matches = sorted({p.number for p in self._plans for b in boards if b in p.boards
                          and (visible is not None or {p.home, p.away} & teams.get(b, set()))})
        return tuple(sorted(boards)), tuple(matches)


# ---------------------------------------------------------------------------- explanations


def room_arithmetic(r: BoardResult, lang: Lang = "en") -> str:
    """How a room's score is made up, in the reader's language: the library's explanation
    of a played result (``NS score 4×30+300=420``), or the artificial award."""
    zh = is_zh(lang)
    if r.kind == "artificial":
        a = f"{award_text(r.ns_award)}/{award_text(r.ew_award)}"
        return f"人为调整分 {a}（南北/东西）" if zh else f"artificial score {a} (NS/EW)"
    if r.result is None:
        s = r.score or 0
        return f"南北 {s:+d}" if zh else f"NS score {s:+d}"
    return r.result.explain(Board(r.board).vulnerability, lang)[0]


def _num(x: float | Fraction) -> str:
    f = float(x)
    return f"{f:g}"


def imp_arithmetic(b: MatchBoard, home: str, away: str, lang: Lang = "en") -> str:
    """The board's comparison in the reader's language: the open-room NS score minus the
    closed-room NS score and its IMPs (``+420 − (−50) = +470: 10 IMPs to Lions``), or the
    artificial awards and what they are worth."""
    zh = is_zh(lang)
    value = b.imps
    if value == 0:
        to = "平" if zh else "no IMPs"
    elif zh:
        to = f"{home if value > 0 else away}得 {_num(abs(value))} IMP"
    else:
        to = f"{_num(abs(value))} IMP{'' if abs(value) == 1 else 's'} to {home if value > 0 else away}"
    if b.difference is None:
        note = b.note or ""
        return (f"调整分 {note}：{to}" if zh else f"adjusted {note}: {to}")
    o, c = played_score(b.open), played_score(b.closed)
    closed = f"({c:+d})"
    sep = "：" if zh else ": "
    return f"{o:+d} − {closed} = {b.difference:+d}{sep}{to}"


def _slot(r: BoardResult) -> Slot3:
    return (int(r.round or 0), int(r.table or 0), r.board)
