"""The automatic Swiss pairs (瑞士移位自动双人赛) of seed 002, as a pure state machine.

``apply(state, action) -> (state, events)``: no clock inside, the time is in the actions
(``now``, seconds); refusals are :class:`SwissActionError` with a ``code`` and the reason in
English and Chinese (nothing changes).  The rules (platform.md §6; every choice where the
seed is silent is a setting, documented in docs/competitions.md):

* **Registration room** (报名室), open ``registration_minutes`` before round 1.  A player sits
  North or South at a registration table; once a partner sits opposite, each raises a hand
  to accept the other.  When both hands have stayed up ``hold_seconds`` (default 30 s) the
  entry is confirmed: the pair gets the next number ("1", "2" … in order of confirmation,
  which is the registration order) and leaves the table.  A hand raised accepts the player
  opposite, so it goes down when that player leaves, and cannot go up at an empty table.
  The player who sat down first may ask the one opposite to leave, or make them
  (``AskToLeave(force=True)``).  A registered player cannot sit again: no one is in two pairs
  and no pair registers twice.
* **Round 1** starts at ``start``: registration closes (``late_entry=False``, the default:
  the seed's registration room exists before round 1 only), tables are drawn by registration
  order (1 v 2, 3 v 4 …, the earlier-registered pair North-South; an odd last pair has the
  bye) and each table plays the round's boards: round r plays boards (r−1)·b+1 … r·b, the same
  boards at every table, so the round is scored across the field.
* **Round r ends** ``round_minutes`` after it starts: every unfinished board is cut for good
  (``unfinished="average"`` scores it Average to both sides instead), the round is scored
  with the event's scoring (the library's ``score_session``: XIMP, total IMPs (Butler) or
  MP), each pair's round score is added to its total, and round r+1 is drawn by the totals
  (``swiss_draw``: highest first, equal totals in registration order, no rematch when one
  can be avoided, the bye to the lowest-ranked pair that has not had one).  Its tables exist
  from then; play starts ``gap_minutes`` later (default 0: at once).  The bye scores the
  round's mean score and its boards count as completed (settings ``bye_score``,
  ``bye_counts``).  A withdrawn pair is not drawn again; a round already drawn is played as
  drawn.
* **Final**, the moment the last round ends: pairs that completed ``completion`` (default
  60%) of all the event's boards are ranked by total, then boards completed, then
  registration (``ranking.rank(rule="swiss")``); the others are listed unranked; the ranked
  places get masterpoints (``masterpoints.award``), each player the pair's award.

Time: an action stamped before the last time applied is taken as at that time (time never
goes back).  Before any action, every transition due by its time happens first, in order,
each as of its own scheduled time (a confirmation before a round change due at the same
moment); so a tick after a long gap catches up, a tick at the same or an earlier time does
nothing, and any interleaving of ticks gives the same events.

>>> s = SwissEvent.start(SwissSettings(start=3600, rounds=1, boards_per_round=1,
...                                    round_minutes=10, registration_minutes=60))
>>> for n, (a, b) in enumerate([("ann", "bob"), ("cy", "di")], 1):
...     for act in (Sit(a, n, "N", 0), Sit(b, n, "S", 5), RaiseHand(a, 6), RaiseHand(b, 8)):
...         s, _ = apply(s, act)
>>> s, events = apply(s, Tick(3600))
>>> [type(e).__name__ for e in events], s.current.tables
(['PairRegistered', 'PairRegistered', 'RegistrationClosed', 'TablesCreated'], (TableDraw(table=1, ns='1', ew='2', boards=(1,)),))
>>> s, _ = apply(s, BoardDone(1, 1, 1, Result.parse("4S N ="), 3900))
>>> s, events = apply(s, Tick(4200))
>>> [type(e).__name__ for e in events]
['BoardsCut', 'RoundScored', 'Final']
>>> [(x.pair, x.place, int(x.masterpoints)) for x in s.final.standings]
[('1', 1, 3), ('2', 2, 0)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Literal

from ..core.errors import BridgeError
from ..core.frozen import FrozenMap
from ..core.result import Result
from ..core.serial import Data, Fields, excerpt, header, is_number
from ..sessions.model import BoardResult, Pair, Session
from ..sessions.swiss import Draw, Entry, History, swiss_draw
from .masterpoints import award, player_points
from .swiss_messages import (
    SEATS,
    Action,
    AskedToLeave,
    AskToLeave,
    BoardDone,
    BoardRecorded,
    BoardsCut,
    Cancelled,
    Event,
    Final,
    HandLowered,
    HandRaised,
    Leave,
    Left,
    LineStatus,
    LowerHand,
    PairRegistered,
    PairWithdrew,
    RaiseHand,
    RegistrationClosed,
    RoundLine,
    RoundScored,
    Seat,
    Seated,
    Sit,
    Standing,
    SwissActionError,
    TableDraw,
    TablesCreated,
    Tick,
    Withdraw,
    check_now,
    fraction_from,
)
from .swiss_settings import MAX_PLAYER, PHASES, PairEntry, Phase, RoundRecord, Sitter, SwissSettings

__all__ = ["PairEntry", "Phase", "RoundRecord", "Sitter", "SwissEvent", "SwissSettings",
           "apply", "next_due", "round_session"]

@dataclass(frozen=True)
class SwissEvent:
    """The event's state.  Make it with :meth:`start`, change it with :func:`apply`."""

    settings: SwissSettings
    clock: float | None = None  # the last time applied
    seq: int = 0  # actions applied (the order of sitting and raising hands)
    phase: Phase = "registration"
    registration_closed: bool = False
    seats: Mapping[tuple[int, Seat], Sitter] = field(default_factory=FrozenMap)
    pairs: tuple[PairEntry, ...] = ()
    rounds: tuple[RoundRecord, ...] = ()  # the rounds drawn so far; the last is current
    totals: Mapping[str, Fraction] = field(default_factory=FrozenMap)
    boards: Mapping[str, int] = field(default_factory=FrozenMap)  # boards completed
    history: History = field(default_factory=History)
    final: Final | None = None
    # Derived from the fields above (not compared, not stored).
    where: Mapping[str, tuple[int, Seat]] = field(init=False, compare=False, repr=False)
    pair_of: Mapping[str, str] = field(init=False, compare=False, repr=False)
    pair_index: Mapping[str, int] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "history", self.history.frozen())
        object.__setattr__(self, "where", {s.player: k for k, s in self.seats.items()})
        object.__setattr__(self, "pair_of", {x: p.id for p in self.pairs for x in p.players})
        object.__setattr__(self, "pair_index", {p.id: i for i, p in enumerate(self.pairs)})

    @classmethod
    def start(cls, settings: SwissSettings) -> SwissEvent:
        return cls(settings)

    @property
    def current(self) -> RoundRecord | None:
        """The round drawn last (in play, or about to start after a gap); ``None`` before."""
        return self.rounds[-1] if self.rounds else None

    def pair(self, pair_id: str) -> PairEntry:
        i = self.pair_index.get(pair_id)
        if i is None:
            raise SwissActionError("no_pair", f"no pair {excerpt(pair_id)} in this event",
                                   f"本赛事没有第 {excerpt(pair_id)} 对")
        return self.pairs[i]

    def table_of(self, pair_id: str) -> TableDraw | None:
        """The pair's table in the round drawn last (``None``: it has the bye or no table)."""
        rec = self.current
        if rec is None:
            return None
        return next((t for t in rec.tables if pair_id in (t.ns, t.ew)), None)

    def registration_open(self, now: float) -> bool:
        return not self.registration_closed and self.phase in ("registration", "playing") \
            and now >= self.settings.opens

    def board_settled(self, board: int) -> bool:
        """No table can play ``board`` any more: round r plays boards (r−1)·b+1 … r·b at
        every table and nowhere else, so once its round has ended (or the event is over).  A
        board of a round not yet drawn is not settled (it is still to be played)."""
        if type(board) is not int or board < 1:
            return False
        if self.phase in ("finished", "cancelled"):
            return True
        r = (board - 1) // self.settings.boards_per_round + 1
        return r <= len(self.rounds) and self.rounds[r - 1].lines is not None

    @property
    def taking_part(self) -> frozenset[str]:
        """The players who may still play a board of the event: every registered pair's
        (withdrawn ones too: the simplest safe answer) and everyone sitting in the
        registration room, until the event is over; nobody after."""
        if self.phase in ("finished", "cancelled"):
            return frozenset()
        return frozenset({*self.pair_of, *self.where})

    def to_dict(self) -> Data:
        """Plain data (``bridgescore.core.serial``): everything needed to go on from here."""
        return {
            **header("SwissEvent"), "settings": self.settings.to_dict(), "clock": self.clock,
            "seq": self.seq, "phase": self.phase,
            "registration_closed": self.registration_closed,
            "seats": [[t, s, x.player, x.since, x.order, x.hand, x.hand_order]
                      for (t, s), x in self.seats.items()],
            "pairs": [[p.id, p.north, p.south, p.registered, p.entry_round, p.withdrawn_from]
                      for p in self.pairs],
            "rounds": [r.to_dict() for r in self.rounds],
            "totals": [[p, str(v)] for p, v in self.totals.items()],
            "boards": [[p, n] for p, n in self.boards.items()],
            "history": self.history.to_dict(),
            "final": None if self.final is None else self.final.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: object) -> SwissEvent:
        f = Fields(data, "SwissEvent")
        settings = f.obj("settings", SwissSettings.from_dict)
        clock, seq, phase = f.opt_number("clock"), f.whole("seq"), f.choice("phase", PHASES)
        closed = f.flag("registration_closed")
        seats: dict[tuple[int, Seat], Sitter] = {}
        for row in f.items("seats"):
            ok = isinstance(row, list | tuple) and len(row) == 7 and type(row[0]) is int \
                and row[1] in SEATS and isinstance(row[2], str) and is_number(row[3]) \
                and type(row[4]) is int and (row[5] is None or is_number(row[5])) \
                and type(row[6]) is int
            if not ok:
                raise f.error("seats", "a list of [table, seat, player, since, order, hand, "
                              "hand_order]", "[桌号, 座位, 牌手, 时间, 序号, 举手时间, 举手序号] 的列表")
            seats[(row[0], row[1])] = Sitter(row[2], float(row[3]), row[4],
                                             None if row[5] is None else float(row[5]), row[6])
        pairs = []
        for row in f.items("pairs"):
            ok = isinstance(row, list | tuple) and len(row) == 6 \
                and all(isinstance(x, str) for x in row[:3]) and is_number(row[3]) \
                and type(row[4]) is int and (row[5] is None or type(row[5]) is int)
            if not ok:
                raise f.error("pairs", "a list of [id, north, south, registered, entry_round, "
                              "withdrawn_from]", "[对号, 北, 南, 报名时间, 入赛轮次, 退赛轮次] 的列表")
            pairs.append(PairEntry(row[0], row[1], row[2], float(row[3]), row[4], row[5]))
        rounds = f.objs("rounds", RoundRecord.from_dict)
        totals = {}
        for row in f.items("totals"):
            if not (isinstance(row, list | tuple) and len(row) == 2 and isinstance(row[0], str)):
                raise f.error("totals", "a list of [pair, total]", "[对, 总分] 的列表")
            totals[row[0]] = fraction_from(f, "totals", row[1])
        boards = {}
        for row in f.items("boards"):
            if not (isinstance(row, list | tuple) and len(row) == 2 and isinstance(row[0], str)
                    and type(row[1]) is int):
                raise f.error("boards", "a list of [pair, boards]", "[对, 副数] 的列表")
            boards[row[0]] = row[1]
        history = f.obj("history", History.from_dict)
        final = f.opt_obj("final", Final.from_dict)
        f.done()
        return cls(settings, None if clock is None else float(clock), seq, phase, closed,
                   FrozenMap(seats), tuple(pairs), rounds, FrozenMap(totals), FrozenMap(boards),
                   history, final)


def round_session(state: SwissEvent, r: int) -> Session:
    """Round ``r``'s results as a session (boards done and, with the ``average`` setting,
    the averaged ones once the round has ended): what the round was scored from, for the
    results pages (``score_session`` of it gives every board's comparison)."""
    if not 1 <= r <= len(state.rounds):
        raise SwissActionError("no_round", f"no round {excerpt(r)} in this event yet",
                               f"本赛事还没有第 {excerpt(r)} 轮")
    return _session(state, state.rounds[r - 1], _results(state, state.rounds[r - 1]))


# -- applying actions -------------------------------------------------------------------------
def _refuse(code: str, en: str, zh: str) -> SwissActionError:
    return SwissActionError(code, en, zh)


def apply(state: SwissEvent, action: Action) -> tuple[SwissEvent, list[Event]]:
    """The state after ``action`` and the events it caused (first those of the transitions
    that fell due by its time).  Raises :class:`SwissActionError` for an action the event
    refuses: the state is unchanged (transitions due are made by the next action or tick)."""
    handlers: dict[type, Any] = {Sit: _sit, Leave: _leave, RaiseHand: _raise, LowerHand: _lower,
                                 AskToLeave: _ask, BoardDone: _board, Withdraw: _withdraw}
    if not isinstance(action, Tick) and type(action) not in handlers:
        raise _refuse("bad_action", f"unknown action {excerpt(action)}",
                      f"未知的操作 {excerpt(action)}")
    now = check_now(action.now)
    t = now if state.clock is None else max(now, state.clock)
    state, events = _advance(state, t)
    if state.clock is None or t > state.clock:
        state = replace(state, clock=t)
    if isinstance(action, Tick):
        return state, events
    state, more = handlers[type(action)](state, action, t)
    return replace(state, seq=state.seq + 1), events + more


# -- time -------------------------------------------------------------------------------------
def next_due(state: SwissEvent) -> float | None:
    """When the event next changes by itself (an entry's hold, round 1's start, the current
    round's bell), or None once it is over: a scheduler wakes it then with a ``Tick``."""
    due = _next_due(state)
    return None if due is None else due[0]


def _next_due(state: SwissEvent) -> tuple[float, int, int, int] | None:
    """The next transition: ``(time, kind, order, table)``; kind 0 confirms the entry at a
    registration table, 1 starts or ends a round.  Ordered by time, then kind (an entry due at
    a round change is in time for it), then the order of the hand that completed it."""
    best: tuple[float, int, int, int] | None = None
    st = state.settings
    if not state.registration_closed:
        for (table, seat), north in state.seats.items():
            if seat != "N" or north.hand is None:
                continue
            south = state.seats.get((table, "S"))
            if south is None or south.hand is None:
                continue
            key = (max(north.hand, south.hand) + st.hold_seconds, 0,
                   max(north.hand_order, south.hand_order), table)
            if best is None or key < best:
                best = key
    if state.phase == "registration":
        key = (st.start, 1, 0, 0)
    elif state.phase == "playing":
        key = (st.round_end(len(state.rounds)), 1, 0, 0)
    else:
        return best
    return key if best is None or key < best else best


def _advance(state: SwissEvent, t: float) -> tuple[SwissEvent, list[Event]]:
    events: list[Event] = []
    while True:
        due = _next_due(state)
        if due is None or due[0] > t:
            return state, events
        at, kind, _, table = due
        if kind == 0:
            state, evs = _confirm(state, table, at)
        elif state.phase == "registration":
            state, evs = _start(state, at)
        else:
            state, evs = _end_round(state, at)
        events.extend(evs)


def _confirm(state: SwissEvent, table: int, at: float) -> tuple[SwissEvent, list[Event]]:
    north, south = state.seats[(table, "N")], state.seats[(table, "S")]
    pid = str(len(state.pairs) + 1)
    entry = len(state.rounds) + 1  # the next round to be drawn
    seats = {k: v for k, v in state.seats.items() if k[0] != table}
    totals = dict(state.totals)
    totals[pid] = Fraction(0) if entry == 1 else _exact(state.settings.late_score)
    boards = {**state.boards, pid: 0}
    pair = PairEntry(pid, north.player, south.player, at, entry)
    state = replace(state, seats=FrozenMap(seats), pairs=(*state.pairs, pair),
                    totals=FrozenMap(totals), boards=FrozenMap(boards))
    return state, [PairRegistered(pid, north.player, south.player, table, entry, at)]


def _exact(x: float) -> Fraction:
    return Fraction(x) if isinstance(x, int) else Fraction(repr(float(x)))


def _close(state: SwissEvent, at: float) -> tuple[SwissEvent, list[Event]]:
    if state.registration_closed:
        return state, []
    events: list[Event] = [Left(t, s, x.player, "closed", at)
                           for (t, s), x in sorted(state.seats.items())]
    events.append(RegistrationClosed(at))
    return replace(state, seats=FrozenMap(), registration_closed=True), events


def _active(state: SwissEvent, r: int) -> list[PairEntry]:
    """The pairs drawn for round ``r``, in registration order."""
    return [p for p in state.pairs if p.entry_round <= r
            and (p.withdrawn_from is None or p.withdrawn_from > r)]


def _start(state: SwissEvent, at: float) -> tuple[SwissEvent, list[Event]]:
    st = state.settings
    events: list[Event] = []
    if not st.late_entry or st.rounds == 1:
        state, events = _close(state, at)
    entered = _active(state, 1)
    if len(entered) < st.min_pairs:
        state, more = _close(state, at)
        events += more
        state = replace(state, phase="cancelled")
        return state, [*events, Cancelled(tuple(p.id for p in entered), at)]
    state = replace(state, phase="playing")
    state, more = _draw(state, 1, at)
    return state, events + more


def _draw(state: SwissEvent, r: int, at: float) -> tuple[SwissEvent, list[Event]]:
    st = state.settings
    drawn = _active(state, r)
    if len(drawn) >= 2:
        entries = [Entry(p.id, score=float(state.totals[p.id])) for p in drawn]
        draw = swiss_draw(entries, state.history)
    else:  # withdrawals left one pair (its bye) or none: no tables this round
        draw = Draw((), drawn[0].id if drawn else None, 0)
    history = History(Counter(state.history.met), Counter(state.history.byes))
    history.add_draw(draw)
    boards = st.boards(r)
    tables = tuple(TableDraw(m.table, m.high, m.low, boards) for m in draw.tables)
    record = RoundRecord(r, tables, draw.bye)
    state = replace(state, rounds=(*state.rounds, record), history=history)
    return state, [TablesCreated(r, tables, draw.bye, st.round_start(r), st.round_end(r), at)]


def _results(state: SwissEvent, rec: RoundRecord) -> list[BoardResult]:
    out = list(rec.done.values())
    if state.settings.unfinished == "average" and rec.lines is not None:
        tables = {t.table: t for t in rec.tables}
        out += [BoardResult(b, tables[t].ns, tables[t].ew, ns_award="A", ew_award="A",
                            table=t, round=rec.round) for t, b in rec.cut]
    return out


def _session(state: SwissEvent, rec: RoundRecord, results: Sequence[BoardResult]) -> Session:
    pairs = {p: Pair(p) for t in rec.tables for p in (t.ns, t.ew)}
    return Session(tuple(results), boards=state.settings.boards(rec.round), pairs=pairs,
                   winners=1, name=f"round {rec.round}")


def _end_round(state: SwissEvent, at: float) -> tuple[SwissEvent, list[Event]]:
    from ..sessions.imp_pairs import score_session

    st = state.settings
    rec = state.rounds[-1]
    r = rec.round
    cut = tuple((t.table, b) for t in rec.tables for b in t.boards if (t.table, b) not in rec.done)
    rec = replace(rec, cut=cut, lines=())  # lines: a mark that the round has ended
    results = _results(state, rec)
    scores: dict[str, Fraction] = {}
    if results:
        scored = score_session(_session(state, rec, results), st.scoring)
        scores = {p.pair: p.exact if p.exact is not None else Fraction(p.total)
                  for p in scored.pairs if p.boards > 0}
    played: Counter[str] = Counter()
    for res in rec.done.values():
        played[res.ns_pair] += 1
        played[res.ew_pair] += 1
    if rec.bye is not None and st.bye_counts:
        played[rec.bye] = st.boards_per_round
    seated = {p for t in rec.tables for p in (t.ns, t.ew)}
    if st.bye_score == "average":
        bye = sum(scores.values(), Fraction(0)) / len(scores) if scores else Fraction(0)
    else:
        bye = _exact(st.bye_score)
    totals = dict(state.totals)
    boards = dict(state.boards)
    lines = []
    for p in state.pairs:
        status: LineStatus
        score: Fraction | None = None
        if p.id in seated:
            status = "played" if p.id in scores else "no_board"
            score = scores.get(p.id)
        elif p.id == rec.bye:
            status, score = "bye", bye
        elif p.entry_round > r:
            status = "not_entered"
        else:
            status = "withdrawn"
        if score is not None:
            totals[p.id] += score
        boards[p.id] += played[p.id]
        lines.append(RoundLine(p.id, status, score, totals[p.id], played[p.id], boards[p.id]))
    rec = replace(rec, lines=tuple(lines))
    state = replace(state, rounds=(*state.rounds[:-1], rec), totals=FrozenMap(totals),
                    boards=FrozenMap(boards))
    events: list[Event] = [BoardsCut(r, cut, st.unfinished == "average", at),
                           RoundScored(r, tuple(lines), at)]
    if r < st.rounds:
        if r + 1 == st.rounds:  # nobody can enter after the last draw
            state, more = _close(state, at)
            events += more
        state, more = _draw(state, r + 1, at)
        return state, events + more
    state, more = _close(state, at)
    final = _final(state, at)
    return replace(state, phase="finished", final=final), [*events, *more, final]


def _final(state: SwissEvent, at: float) -> Final:
    from ..sessions.ranking import rank
    from ..sessions.scores import PairScore

    st = state.settings
    registration = {p.id: i for i, p in enumerate(state.pairs)}
    scores = [PairScore(p.id, None, float(state.totals[p.id]), state.boards[p.id],
                        exact=state.totals[p.id]) for p in state.pairs]
    ranked = rank(scores, rule="swiss", registration=registration, completion=st.completion,
                  total_boards=st.total_boards)
    places = {p.pair: p.rank for p in ranked if p.rank is not None}
    points = award(places, st.top_half)
    players = player_points({p.id: p.players for p in state.pairs}, points)
    # Each round's score (a pair registered during a later round has no line in the earlier).
    rounds = [{x.pair: x.score for x in rec.lines or ()} for rec in state.rounds]
    standings = []
    for ps in ranked:
        entry = state.pair(ps.pair)
        standings.append(Standing(ps.pair, entry.players, ps.rank, state.totals[ps.pair],
                                  ps.boards, points.get(ps.pair, Fraction(0)),
                                  entry.withdrawn_from, tuple(r.get(ps.pair) for r in rounds)))
    return Final(tuple(standings), tuple(players.items()), at)


# -- registration ------------------------------------------------------------------------------
def _player(player: object) -> str:
    if not isinstance(player, str) or not player.strip() or len(player) > MAX_PLAYER:
        raise _refuse("bad_player", f"invalid player {excerpt(player)}: expected a player id "
                      f"of 1 to {MAX_PLAYER} characters",
                      f"无效的牌手 {excerpt(player)}：应为 1 到 {MAX_PLAYER} 个字符的牌手编号")
    return player


def _check_open(state: SwissEvent, t: float) -> None:
    if state.phase in ("finished", "cancelled"):
        raise _refuse("event_over", "the event is over", "本赛事已经结束")
    if t < state.settings.opens:
        raise _refuse("not_open", "the registration room is not open yet",
                      "报名室尚未开放")
    if state.registration_closed:
        raise _refuse("registration_closed", "registration has closed", "报名已经截止")


def _opposite(seat: Seat) -> Seat:
    return "S" if seat == "N" else "N"


def _seated(state: SwissEvent, player: object) -> tuple[str, int, Seat, Sitter]:
    who = _player(player)
    key = state.where.get(who)
    if key is None:
        raise _refuse("not_seated", f"player {excerpt(who)} is not at a registration table",
                      f"牌手 {excerpt(who)} 不在报名桌上")
    return who, key[0], key[1], state.seats[key]


def _sit(state: SwissEvent, a: Sit, t: float) -> tuple[SwissEvent, list[Event]]:
    who = _player(a.player)
    _check_open(state, t)
    if who in state.pair_of:
        raise _refuse("already_registered",
                      f"player {excerpt(who)} is already registered, in pair {state.pair_of[who]}",
                      f"牌手 {excerpt(who)} 已经报名（第{state.pair_of[who]}对）")
    if who in state.where:
        table, seat = state.where[who]
        raise _refuse("already_seated", f"player {excerpt(who)} already sits at registration "
                      f"table {table} ({seat}): leave it first",
                      f"牌手 {excerpt(who)} 已坐在报名桌 {table}（{_SEAT_ZH[seat]}）：请先离开")
    n = state.settings.registration_tables
    if type(a.table) is not int or not 1 <= a.table <= n:
        raise _refuse("no_table", f"invalid registration table {excerpt(a.table)}: expected 1 "
                      f"to {n}", f"无效的报名桌 {excerpt(a.table)}：应为 1 到 {n}")
    if a.seat not in SEATS:
        raise _refuse("bad_seat", f"invalid seat {excerpt(a.seat)}: a pair registers North "
                      "and South (N or S)", f"无效的座位 {excerpt(a.seat)}：报名时一对坐南北（N 或 S）")
    if (a.table, a.seat) in state.seats:
        other = state.seats[(a.table, a.seat)].player
        raise _refuse("seat_taken", f"seat {a.seat} at registration table {a.table} is taken "
                      f"(by {excerpt(other)})",
                      f"报名桌 {a.table} 的{_SEAT_ZH[a.seat]}座已有人（{excerpt(other)}）")
    seats = {**state.seats, (a.table, a.seat): Sitter(who, t, state.seq)}
    return replace(state, seats=FrozenMap(seats)), [Seated(a.table, a.seat, who, t)]


_SEAT_ZH = {"N": "北", "S": "南"}


def _remove(state: SwissEvent, table: int, seat: Seat, reason: Literal["left", "sent_away"],
            t: float) -> tuple[SwissEvent, list[Event]]:
    """A player leaves a registration table; a hand raised opposite (it accepted this player)
    goes down."""
    gone = state.seats[(table, seat)]
    seats = dict(state.seats)
    del seats[(table, seat)]
    events: list[Event] = [Left(table, seat, gone.player, reason, t)]
    other = seats.get((table, _opposite(seat)))
    if other is not None and other.hand is not None:
        seats[(table, _opposite(seat))] = replace(other, hand=None, hand_order=0)
        events.append(HandLowered(table, _opposite(seat), other.player, "partner_left", t))
    return replace(state, seats=FrozenMap(seats)), events


def _leave(state: SwissEvent, a: Leave, t: float) -> tuple[SwissEvent, list[Event]]:
    _, table, seat, _ = _seated(state, a.player)
    return _remove(state, table, seat, "left", t)


def _raise(state: SwissEvent, a: RaiseHand, t: float) -> tuple[SwissEvent, list[Event]]:
    who, table, seat, me = _seated(state, a.player)
    _check_open(state, t)
    if (table, _opposite(seat)) not in state.seats:
        raise _refuse("no_partner", "nobody sits opposite yet: a raised hand accepts the "
                      "partner opposite", "对面还没有人：举手是接受对面的搭档")
    if me.hand is not None:
        raise _refuse("hand_up", "your hand is already raised", "您已经举手")
    seats = {**state.seats, (table, seat): replace(me, hand=t, hand_order=state.seq)}
    return replace(state, seats=FrozenMap(seats)), [HandRaised(table, seat, who, t)]


def _lower(state: SwissEvent, a: LowerHand, t: float) -> tuple[SwissEvent, list[Event]]:
    who, table, seat, me = _seated(state, a.player)
    if me.hand is None:
        raise _refuse("hand_down", "your hand is not raised", "您没有举手")
    seats = {**state.seats, (table, seat): replace(me, hand=None, hand_order=0)}
    return replace(state, seats=FrozenMap(seats)), [HandLowered(table, seat, who, "lowered", t)]


def _ask(state: SwissEvent, a: AskToLeave, t: float) -> tuple[SwissEvent, list[Event]]:
    who, table, seat, me = _seated(state, a.player)
    other = state.seats.get((table, _opposite(seat)))
    if other is None:
        raise _refuse("no_partner", "nobody sits opposite", "对面没有人")
    if other.order < me.order:
        raise _refuse("not_first", f"only the player who sat down first ({excerpt(other.player)}) "
                      "may ask the one opposite to leave",
                      f"只有先坐下的一方（{excerpt(other.player)}）可以请对面离开")
    if not a.force:
        return state, [AskedToLeave(table, who, other.player, t)]
    state, events = _remove(state, table, _opposite(seat), "sent_away", t)
    return state, [AskedToLeave(table, who, other.player, t), *events]


# -- play ----------------------------------------------------------------------------------------
def _board(state: SwissEvent, a: BoardDone, t: float) -> tuple[SwissEvent, list[Event]]:
    st = state.settings
    for name, zh, v in (("round", "轮次", a.round), ("table", "桌号", a.table),
                        ("board", "牌号", a.board)):
        if type(v) is not int:
            raise _refuse("bad_message", f"invalid {name} {excerpt(v)}: expected a whole number",
                          f"无效的{zh} {excerpt(v)}：应为整数")
    if not isinstance(a.result, Result):
        raise _refuse("bad_result", f"invalid result {excerpt(a.result)}: expected a Result",
                      f"无效的结果 {excerpt(a.result)}：应为 Result")
    if state.phase == "cancelled" or (state.phase == "finished" and not 1 <= a.round <= st.rounds):
        raise _refuse("event_over", "the event is over", "本赛事已经结束")
    if 1 <= a.round <= len(state.rounds) and state.rounds[a.round - 1].lines is not None:
        raise _refuse("cut", f"round {a.round} has ended: its unfinished boards were cut and "
                      "can never be played", f"第{a.round}轮已经结束：未完成的牌已被切断，不能再打")
    rec = state.current
    if rec is None or a.round != rec.round:
        now_en = f"round {rec.round} is being played" if rec else "no round has started yet"
        now_zh = f"正在进行第{rec.round}轮" if rec else "比赛尚未开始"
        raise _refuse("wrong_round", f"round {a.round} is not being played: {now_en}",
                      f"第{a.round}轮不在进行中：{now_zh}")
    if t < st.round_start(rec.round):
        raise _refuse("not_started", f"round {rec.round} has not started yet",
                      f"第{rec.round}轮尚未开始")
    if not 1 <= a.table <= len(rec.tables):
        raise _refuse("no_table", f"no table {a.table} in round {rec.round}: expected 1 to "
                      f"{len(rec.tables)}", f"第{rec.round}轮没有第{a.table}桌：应为 1 到 "
                      f"{len(rec.tables)}")
    table = rec.tables[a.table - 1]
    if a.board not in table.boards:
        raise _refuse("wrong_board", f"board {a.board} is not played in round {rec.round}: "
                      f"expected {table.boards[0]} to {table.boards[-1]}",
                      f"第{rec.round}轮不打第{a.board}副：应为第{table.boards[0]}到第"
                      f"{table.boards[-1]}副")
    if (a.table, a.board) in rec.done:
        raise _refuse("board_done", f"board {a.board} is already done at table {a.table}",
                      f"第{a.table}桌的第{a.board}副已经完成")
    try:
        result = BoardResult(a.board, table.ns, table.ew, a.result, table=a.table,
                             round=rec.round)
    except BridgeError as e:
        raise _refuse("bad_result", e.en, e.zh) from None
    done: FrozenMap[tuple[int, int], BoardResult] = FrozenMap(
        {**rec.done, (a.table, a.board): result})
    rec = replace(rec, done=done)
    state = replace(state, rounds=(*state.rounds[:-1], rec))
    return state, [BoardRecorded(rec.round, a.table, a.board, result, t)]


def _withdraw(state: SwissEvent, a: Withdraw, t: float) -> tuple[SwissEvent, list[Event]]:
    if state.phase in ("finished", "cancelled"):
        raise _refuse("event_over", "the event is over", "本赛事已经结束")
    entry = state.pair(a.pair)
    if entry.withdrawn_from is not None:
        raise _refuse("withdrawn", f"pair {entry.id} has already withdrawn (from round "
                      f"{entry.withdrawn_from})", f"第{entry.id}对已经退赛（第{entry.withdrawn_from}轮起）")
    # From the next draw: a round already drawn is played (or cut) as drawn.
    from_round = len(state.rounds) + 1
    pairs = tuple(replace(p, withdrawn_from=from_round) if p.id == entry.id else p
                  for p in state.pairs)
    return replace(state, pairs=pairs), [PairWithdrew(entry.id, from_round, t)]

