"""What pages, the API and the table phones do with an event: one function per action.

Every rule is the library's: the movement (``sessions.movements``), the entry check
(``entry.check_entry``), the live log and its scores (``sessions.live.LiveSession``).  This
module only stores what the library accepted, in one transaction with its audit record, and
tells the live pages.  The caller passes who acts (``Actor``); the right to act is checked
here, so no view can forget it.
"""

from __future__ import annotations

import datetime
import functools
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from django.db import IntegrityError, connection, transaction

from ...core.deal import Deal
from ...core.errors import BridgeError
from ...core.result import Result
from ...deals.boardset import read_board_set
from ...sessions.assignment import Assignment
from ...sessions.entry import Entry, EntryCheck, check_entry
from ...sessions.entry_errors import FieldError
from ...sessions.live import Action, Change, LiveSession
from ...sessions.live import Entry as LogEntry
from ...sessions.live_teams import LiveTeams
from ...sessions.model import BoardResult, parse_award
from ...sessions.movements import Movement, howell, mitchell
from ..accounts.models import User
from ..clubs.models import Club
from ..clubs.roles import AnyUser, can_direct
from ..core import refusals
from ..core.fastsql import Insert
from . import tables as table_secrets
from .models import AuditRecord, Entrant, Event, ResultEntry, Table

# ---------------------------------------------------------------------------- who acts


@dataclass(frozen=True, slots=True)
class Actor:
    """A signed-in user, or a table's phone (``table`` set, no user)."""

    user: User | None = None
    table: Table | None = None

    @classmethod
    def of(cls, user: AnyUser) -> Actor:
        return cls(user=user if isinstance(user, User) and user.is_authenticated else None)


class NotAllowed(refusals.Forbidden):
    """The actor may not do this (a view answers 403)."""


class Conflict(refusals.Conflict):
    """The board already has a result (a view answers 409 and shows ``existing``)."""

    def __init__(self, en: str, zh: str, existing: ResultEntry) -> None:
        super().__init__(en, zh)
        self.existing = existing


def _director(actor: Actor, event: Event) -> None:
    if actor.user is None or not can_direct(actor.user, event.club):
        raise NotAllowed("Only a director of this club may do this.",
                         "只有本俱乐部的裁判可以执行此操作。")


def may_direct(user: AnyUser, event: Event) -> bool:
    return can_direct(user, event.club)


# ---------------------------------------------------------------------------- the movement


def movement_of(event: Event) -> Movement | None:
    """The library movement an event was created with (None for teams)."""
    if event.movement == Event.Movement.MITCHELL:
        return mitchell(event.tables, boards_per_round=event.boards_per_round,
                        rounds=event.rounds)
    if event.movement == Event.Movement.HOWELL:
        return howell(event.tables, boards_per_round=event.boards_per_round,
                      rounds=event.rounds)
    return None


# Event id → (stamp, its lines, the line of each (round, table)).  Building a 50-table
# Mitchell takes the library ~25 ms: once per event version, not once per entry.
_lines: dict[int, tuple[tuple[int, str], tuple[Assignment, ...],
                        dict[tuple[int, int], Assignment]]] = {}


def assignments_of(event: Event) -> tuple[Assignment, ...]:
    """Who sits where: the director's lines when changed, else the movement's."""
    return _lines_of(event)[0]


def _lines_of(event: Event) -> tuple[tuple[Assignment, ...], dict[tuple[int, int], Assignment]]:
    cached = _lines.get(int(event.pk)) if event.pk is not None else None
    if cached is not None and cached[0] == _stamp(event):
        return cached[1], cached[2]
    if event.assignments is not None:
        lines = tuple(Assignment.from_dict(a) for a in event.assignments)
    else:
        movement = movement_of(event)
        lines = tuple(movement.to_model()) if movement is not None else ()
    at: dict[tuple[int, int], Assignment] = {}
    for a in lines:
        at.setdefault((a.round, a.table), a)
    if event.pk is not None:
        _lines[int(event.pk)] = (_stamp(event), lines, at)
    return lines, at


def assignment_at(event: Event, round: int, table: int) -> Assignment | None:
    return _lines_of(event)[1].get((round, table))


# ---------------------------------------------------------------------------- audit


def audit(event: Event, actor: Actor, action: str, subject: str = "",
          before: Any = None, after: Any = None) -> AuditRecord:
    return AuditRecord.objects.create(
        event=event, by_user=actor.user, by_table=actor.table.number if actor.table else None,
        action=action, subject=subject, before=before, after=after)


# ---------------------------------------------------------------------------- create


def create_event(club: Club, actor: Actor, *, name_en: str = "", name_zh: str = "",
                 date: datetime.date, movement: str, tables: int, boards_per_round: int,
                 rounds: int | None = None, scoring: str = "mp") -> Event:
    """A new pairs event with its tables and numbered pairs (players entered later)."""
    if actor.user is None or not can_direct(actor.user, club):
        raise NotAllowed("Only a director of this club may create a session.",
                         "只有本俱乐部的裁判可以创建比赛。")
    check_names(name_en, name_zh)
    if movement not in (Event.Movement.MITCHELL, Event.Movement.HOWELL):
        raise BridgeError(f"unknown movement {movement!r}: expected mitchell or howell",
                          f"未知的移位 {movement!r}：应为 mitchell（米切尔）或 howell（豪威尔）")
    if scoring not in ("mp", "ximp", "butler"):
        raise BridgeError(f"unknown scoring {scoring!r}: expected mp, ximp or butler",
                          f"未知的记分方法 {scoring!r}：应为 mp、ximp 或 butler")
    # The library builds (and checks) the movement; its errors are the user's answer.
    build = mitchell if movement == Event.Movement.MITCHELL else howell
    m = build(tables, boards_per_round=boards_per_round, rounds=rounds)
    with transaction.atomic():
        event = Event.objects.create(
            club=club, name_en=name_en, name_zh=name_zh, date=date, kind=Event.Kind.PAIRS,
            movement=movement, tables=m.tables, boards_per_round=m.boards_per_round,
            rounds=m.rounds, scoring=scoring, created_by=actor.user)
        Table.objects.bulk_create([table_secrets.make_table(event, t)
                                   for t in range(1, m.tables + 1)])
        Entrant.objects.bulk_create([Entrant(event=event, number=str(p)) for p in m.pairs])
        audit(event, actor, "event.create", after=settings_of(event))
    return event


SETTINGS = ("auto_accept_seconds", "traveller_at_table", "travellers_live", "check_leads",
            "name_en", "name_zh", "date")


def settings_of(event: Event) -> dict[str, Any]:
    out = {name: getattr(event, name) for name in SETTINGS}
    out["date"] = event.date.isoformat() if event.date else None
    out.update(movement=event.movement, tables=event.tables, rounds=event.rounds,
               boards_per_round=event.boards_per_round, scoring=event.scoring)
    return out


# An entry is accepted by itself after this many seconds at the soonest and the latest.
AUTO_ACCEPT_SECONDS = (5, 3600)
NAME_LENGTH = 200


def check_names(name_en: str, name_zh: str) -> None:
    """A session has a name in at least one language, and each fits its column."""
    if not (name_en.strip() or name_zh.strip()):
        raise BridgeError("give the session a name in Chinese or in English",
                          "请填写比赛的中文名或英文名")
    for n in (name_en, name_zh):
        if len(n) > NAME_LENGTH:
            raise BridgeError(f"the name {n[:20]!r}… is too long: at most {NAME_LENGTH} characters",
                              f"名称 {n[:20]!r}… 过长：最多 {NAME_LENGTH} 个字符")


def check_settings(event: Event, changes: Mapping[str, Any]) -> None:
    """What the settings form checks, for every caller (the API too): the session keeps a
    name, names fit, auto-accept is off or 5–3600 seconds."""
    check_names(*(str(changes.get(k, getattr(event, k)) or "") for k in ("name_en", "name_zh")))
    seconds = changes.get("auto_accept_seconds")
    low, high = AUTO_ACCEPT_SECONDS
    if seconds is not None and not low <= seconds <= high:
        raise BridgeError(f"auto-accept after {seconds} seconds: expected {low} to {high}, "
                          "or none", f"{seconds} 秒后自动确认：应为 {low} 到 {high} 秒，或不设")


def change_settings(event: Event, actor: Actor, **changes: Any) -> Event:
    _director(actor, event)
    unknown = set(changes) - set(SETTINGS)
    if unknown:
        raise BridgeError(f"unknown settings: {', '.join(sorted(unknown))}",
                          f"未知的设置：{'、'.join(sorted(unknown))}")
    check_settings(event, changes)
    with transaction.atomic():
        before = settings_of(event)
        for name, value in changes.items():
            setattr(event, name, value)
        event.version += 1
        event.save()
        audit(event, actor, "event.settings", before=before, after=settings_of(event))
    notify(event)  # e.g. travellers_live: the live pages may now show more (or less)
    return event


def set_status(event: Event, actor: Actor, status: str) -> Event:
    """Start, close (table secrets stop working) or reopen an event."""
    _director(actor, event)
    if status not in Event.Status.values:
        raise BridgeError(f"unknown status {status!r}", f"未知的状态 {status!r}")
    with transaction.atomic():
        before = event.status
        event.status = status
        event.save(update_fields=["status"])
        audit(event, actor, "event.status", before=before, after=status)
    notify(event)
    return event


def publish(event: Event, actor: Actor, published: bool = True) -> Event:
    _director(actor, event)
    with transaction.atomic():
        before = event.published
        event.published = published
        event.save(update_fields=["published"])
        audit(event, actor, "event.publish", before=before, after=published)
    notify(event)
    return event


def close_round(event: Event, actor: Actor, round: int) -> Event:
    """End the rounds up to ``round``: from now on only a director corrects them."""
    _director(actor, event)
    if not 0 <= round <= event.rounds:
        raise BridgeError(f"{round} is not a round of this session: expected 0 to {event.rounds}",
                          f"{round} 不是本场比赛的轮次：应为 0 到 {event.rounds}")
    with transaction.atomic():
        before = event.closed_round
        event.closed_round = round
        event.save(update_fields=["closed_round"])
        audit(event, actor, "event.close_round", before=before, after=event.closed_round)
    return event


# ---------------------------------------------------------------------------- live state

# Event id → (what the state was built for, the state).  The stamp is the event's version
# and creation time: a changed event, or a new one that got a reused id, is rebuilt.
_cache: dict[int, tuple[tuple[int, str], LiveSession | LiveTeams]] = {}
_cache_lock = threading.Lock()


def _stamp(event: Event) -> tuple[int, str]:
    return (event.version, event.created.isoformat() if event.created else "")


def _start(event: Event) -> LiveSession | LiveTeams:
    if event.kind == Event.Kind.TEAMS:
        # A team event: the schedule's rooms, scored as team matches (sessions.live_teams).
        return LiveTeams.start(list(assignments_of(event)), name=event.name_en or event.name_zh)
    return LiveSession.start(list(assignments_of(event)), scoring=event.scoring,  # type: ignore[arg-type]
                             name=event.name_en or event.name_zh)


def action_of(row: ResultEntry) -> Action:
    """The library action a stored row is."""
    if row.kind == ResultEntry.Kind.CANCEL:
        return Action("cancel", replaces=row.replaces)
    return Action(row.kind, _board_result(row), replaces=row.replaces)  # type: ignore[arg-type]


def _board_result(row: ResultEntry) -> BoardResult:
    common: dict[str, Any] = {"table": row.table, "round": row.round}
    if row.ns_award:
        return BoardResult(int(row.board or 0), row.ns_pair, row.ew_pair,
                           ns_award=parse_award(row.ns_award),
                           ew_award=parse_award(row.ew_award), **common)
    return BoardResult(int(row.board or 0), row.ns_pair, row.ew_pair,
                       result=Result.parse(row.result), lead=row.lead or None, **common)


# Behind by more than this many rows, ``state`` rebuilds the session from the whole log in
# one go (checks, then one scoring: ~0.1 ms a row) instead of applying each row (which
# scores and ranks again: ~15 ms a row in a 50-table session).
_REPLAY_ONE_BY_ONE = 8
_state_locks: dict[int, threading.Lock] = {}


def state(event: Event) -> LiveSession:
    """A pairs event's live state (``live_state`` for any event, team events included)."""
    live = live_state(event)
    if not isinstance(live, LiveSession):
        raise BridgeError("a team event has no pairs ranking: see its match page",
                          "队式赛没有双人赛排名：请看其比赛页面")
    return live


def team_state(event: Event) -> LiveTeams:
    """A team event's live state (``bridgescore.sessions.live_teams``)."""
    live = live_state(event)
    if not isinstance(live, LiveTeams):
        raise BridgeError("not a team event", "不是队式赛")
    return live


def live_state(event: Event) -> LiveSession | LiveTeams:
    """The event's live state: the library's replay of every stored row.

    Kept per process and brought up to date from the rows it has not seen when it is asked
    for (entering a result does not score it: the pages that show scores do, once for all
    the rows that came in since), so any process (any app server) reaches the same state
    from the database.  Rows replayed in one go get no ``Change`` of their own (empty
    boards and pairs): ``changes_since`` is exact only for rows applied one by one.
    """
    pk = int(event.pk)
    with _cache_lock:
        lock = _state_locks.setdefault(pk, threading.Lock())
    with lock:  # one rebuild at a time; the others wait for its result
        with _cache_lock:
            cached = _cache.get(pk)
        live = cached[1] if cached is not None and cached[0] == _stamp(event) else None
        rows = list(ResultEntry.objects.filter(event=event, seq__gt=live.seq if live else 0)
                    .order_by("seq"))
        if live is not None and rows and rows[0].seq != live.seq + 1:
            live, rows = None, list(ResultEntry.objects.filter(event=event).order_by("seq"))
        if live is None and event.kind == Event.Kind.TEAMS:
            live = _start(event)
        if isinstance(live, LiveTeams):
            for row in rows:  # a team event's log is short: one by one
                live, _ = live.apply(action_of(row))
        elif live is None or len(rows) > _REPLAY_ONE_BY_ONE:
            base = live if live is not None else _start(event)
            assert isinstance(base, LiveSession)
            live = replace(base,
                           entries=(*base.entries, *(LogEntry(r.seq, action_of(r)) for r in rows)),
                           changes=(*base.changes, *(Change(r.seq, (), ()) for r in rows)))
        else:
            for row in rows:
                live, _ = live.apply(action_of(row))
        if not connection.in_atomic_block:  # never keep a state rows could roll back from
            with _cache_lock:
                current = _cache.get(pk)
                if (current is None or current[0] != _stamp(event)
                        or current[1].seq <= live.seq):
                    _cache[pk] = (_stamp(event), live)
    return live


def forget(event_id: int) -> None:
    with _cache_lock:
        _cache.pop(event_id, None)
        _indexes.pop(event_id, None)


# ---------------------------------------------------------------- which row holds a board


@dataclass
class _Index:
    """Which stored row holds each (round, table, board) now: the bookkeeping of the log
    (corrections and cancellations supersede), without the scores.  Kept per process and
    brought up to date from the rows, like ``state``, but at a few microseconds a row."""

    stamp: tuple[int, str]
    seq: int = 0
    slot_of: dict[int, tuple[int, int, int]] = field(default_factory=dict)  # seq in force
    holder: dict[tuple[int, int, int], int] = field(default_factory=dict)
    keys: dict[str, int] = field(default_factory=dict)  # idempotency key → seq

    def copy(self) -> _Index:
        return _Index(self.stamp, self.seq, dict(self.slot_of), dict(self.holder),
                      dict(self.keys))

    def add(self, seq: int, kind: str, replaces: int | None, round: int | None,
            table: int | None, board: int | None, key: str | None = None) -> None:
        if key:
            self.keys[key] = seq
        if replaces is not None:
            slot = self.slot_of.pop(replaces, None)
            if slot is not None and self.holder.get(slot) == replaces:
                del self.holder[slot]
        if kind != ResultEntry.Kind.CANCEL:
            slot = (int(round or 0), int(table or 0), int(board or 0))
            self.slot_of[seq] = slot
            self.holder[slot] = seq
        self.seq = seq


_indexes: dict[int, _Index] = {}
_FIELDS = ("seq", "kind", "replaces", "round", "table", "board", "idempotency_key")


def _index(event: Event) -> _Index:
    """The event's index, up to date with the database (under the writer's lock it stays so)."""
    pk = int(event.pk)
    with _cache_lock:
        idx = _indexes.get(pk)
    if idx is None or idx.stamp != _stamp(event):
        idx = _Index(_stamp(event))
    # From the last row the index has (one query): if that row is not there, the index is
    # ahead of the database (an enclosing transaction was rolled back) and starts again.
    rows = list(ResultEntry.objects.filter(event=event, seq__gte=max(idx.seq, 1))
                .order_by("seq").values_list(*_FIELDS))
    if idx.seq and (not rows or rows[0][0] != idx.seq):
        idx = _Index(idx.stamp)
        rows = list(ResultEntry.objects.filter(event=event).order_by("seq")
                    .values_list(*_FIELDS))
    elif idx.seq:
        rows = rows[1:]
    if rows:
        idx = idx.copy()
        for row in rows:
            idx.add(*row)
    if not connection.in_atomic_block:  # only what is committed is kept for others
        _publish(pk, idx)
    return idx


def _publish(pk: int, idx: _Index) -> None:
    with _cache_lock:
        current = _indexes.get(pk)
        if current is None or current.stamp != idx.stamp or current.seq <= idx.seq:
            _indexes[pk] = idx


def in_force(event: Event) -> dict[tuple[int, int, int], int]:
    """(round, table, board) → the sequence number of the row that holds its result now."""
    return dict(_index(event).holder)


# ---------------------------------------------------------------------------- entries


@dataclass(frozen=True, slots=True)
class Preview:
    """A table's entry checked but not stored: the entry (score, explanation) or errors."""

    check: EntryCheck
    round: int
    table: int

    @property
    def ok(self) -> bool:
        return self.check.ok

    @property
    def errors(self) -> tuple[FieldError, ...]:
        return self.check.errors

    @property
    def entry(self) -> Entry | None:
        return self.check.entry


def preview(event: Event, round: int, table: int, fields: Mapping[str, object]) -> Preview:
    """Check one table entry against the library and the movement; nothing is stored.

    ``fields`` are the entry form's: board, contract, declarer, lead, and one of tricks,
    result or score (English or Chinese notation).  The pairs are the movement's.
    """
    a = assignment_at(event, round, table)
    if a is None:
        raise BridgeError(f"table {table} does not play in round {round}",
                          f"第{table}桌在第{round}轮没有比赛")
    given = {k: fields.get(k) for k in ("board", "contract", "declarer", "lead", "tricks",
                                        "result", "score")}
    check = check_entry(ns_pair=a.ns_pair, ew_pair=a.ew_pair, boards=a.boards,
                        deals=lead_deals(event), **given)
    return Preview(check, round, table)


def lead_deals(event: Event) -> Mapping[int, Deal] | None:
    """The deals an entered lead is checked against: only when the director has turned lead
    checking on and a board set is loaded (platform.md §12; off by default)."""
    if not event.check_leads or event.board_set_id is None or event.board_set is None:
        return None
    return _deals_of(event.board_set.pbn)


@functools.lru_cache(maxsize=16)
def _deals_of(pbn: str) -> Mapping[int, Deal]:
    # Keyed by the text itself: a board set read once per process, whatever its row id.
    return read_board_set(pbn).deals


def log(event: Event, actor: Actor) -> list[ResultEntry]:
    """Every stored action of the event in order (superseded ones too); a director's view."""
    _director(actor, event)
    return list(ResultEntry.objects.filter(event=event).order_by("seq"))


def live_row(event: Event, round: int, table: int, board: int) -> ResultEntry | None:
    """The row that holds a slot's current result (after corrections), or None."""
    seq = _index(event).holder.get((round, table, board))
    return (None if seq is None
            else ResultEntry.objects.filter(event=event, seq=seq).order_by("seq").first())


def _may_enter(actor: Actor, event: Event, table: int, round: int) -> None:
    if actor.table is not None:
        if actor.table.event_id != event.pk or actor.table.number != table:
            raise NotAllowed("This phone belongs to another table.",
                             "此手机绑定的是另一张桌子。")
        if event.status != Event.Status.RUNNING:
            raise NotAllowed("The session is not in play: ask the director.",
                             "比赛未在进行中：请联系裁判。")
        if round <= event.closed_round:
            raise NotAllowed(f"Round {round} is over: only the director may change it now.",
                             f"第{round}轮已结束：现在只有裁判可以修改。")
        return
    _director(actor, event)


def _row_fields(entry: Entry) -> dict[str, Any]:
    return {"board": entry.board.number, "ns_pair": entry.ns_pair, "ew_pair": entry.ew_pair,
            "result": str(entry.result) if entry.result is not None else "",
            "lead": str(entry.lead) if entry.lead is not None else ""}


def row_dict(row: ResultEntry) -> dict[str, Any]:
    return {"seq": row.seq, "kind": row.kind, "replaces": row.replaces, "round": row.round,
            "table": row.table, "board": row.board, "ns_pair": row.ns_pair,
            "ew_pair": row.ew_pair, "result": row.result, "lead": row.lead,
            "ns_award": row.ns_award, "ew_award": row.ew_award, "source": row.source}


@dataclass(frozen=True, slots=True)
class Stored:
    """What an entry became: its row, and whether this call stored it (False: a retry)."""

    row: ResultEntry
    created: bool


_writer_locks: dict[int, threading.Lock] = {}


def _writer(event: Event) -> threading.Lock:
    # Writers of one event in this process queue here, not on the database's lock (SQLite's
    # busy handler polls with sleeps; each waiting PostgreSQL transaction holds a connection).
    with _cache_lock:
        return _writer_locks.setdefault(int(event.pk), threading.Lock())


def _check_log(idx: _Index, action: Action, fields: dict[str, Any]) -> None:
    """What the library's log would refuse, checked on the index: a board that already has
    a result, or superseding a row that is not in force.  (The library replays every row in
    ``state``; the result itself was checked by ``check_entry`` against the movement.)"""
    slot = (int(fields.get("round") or 0), int(fields.get("table") or 0),
            int(fields.get("board") or 0))
    if action.replaces is None:
        held = idx.holder.get(slot)
        if held is not None:
            raise BridgeError(
                f"board {slot[2]}: already entered at table {slot[1]} in round {slot[0]} "
                f"(entry {held}): correct that entry instead",
                f"第{slot[2]}副：第{slot[0]}轮第{slot[1]}桌已录入（第 {held} 条）：请更正该条")
        return
    if idx.slot_of.get(action.replaces) != slot:
        raise BridgeError(
            f"cannot {action.kind} entry {action.replaces}: it is not in force",
            f"无法{_KIND_ZH.get(action.kind, action.kind)}第 {action.replaces} 条录入："
            "它已被取代或不存在")


_KIND_ZH = {"correct": "更正", "cancel": "撤销"}


@dataclass
class _Job:
    """One action waiting to be stored (``_append``), and what became of it."""

    actor: Actor
    action: Action
    fields: dict[str, Any]
    source: str
    key: str | None
    reason: str
    before: Any
    finished: bool = False
    stored: Stored | None = None
    error: BaseException | None = None


_pending: dict[int, list[_Job]] = {}


def _append(event: Event, actor: Actor, action: Action, fields: dict[str, Any],
            source: str, key: str | None, reason: str = "",
            before: Any = None) -> Stored:
    """Store one action after the library accepted its result: numbered, audited, then
    notify.  Scoring waits for the next ``state`` (the pages that show scores).

    Group commit: the actions of one event that arrive while another is being stored wait
    for the writer's lock, and whoever gets it stores all of them in one transaction (one
    disk flush for many entries); each caller still gets its own row or its own error,
    and only after the transaction is committed."""
    pk = int(event.pk)
    job = _Job(actor, action, fields, source, key, reason, before)
    with _cache_lock:
        _pending.setdefault(pk, []).append(job)
    with _writer(event):
        if not job.finished:
            with _cache_lock:
                batch = _pending.pop(pk, [])
            _store(event, batch)
    if job.error is not None:
        raise job.error
    assert job.stored is not None
    if job.stored.created:
        notify(event)
    return job.stored


def _store(event: Event, batch: list[_Job]) -> None:
    try:
        try:
            _store_together(event, batch)
        except IntegrityError:
            # Another server took a sequence number or key first: each job on its own, with
            # the rows as they are now.
            forget(int(event.pk))
            for job in batch:
                job.stored = job.error = None
                try:
                    _store_together(event, [job])
                except IntegrityError as e:
                    done = _by_key(event, job.key)
                    if done is None:
                        job.error = e
                    else:
                        job.stored = Stored(done, False)
    except BaseException as e:  # nothing is acknowledged that was not committed
        for job in batch:
            if job.stored is None and job.error is None:
                job.error = e
        raise
    finally:
        for job in batch:
            job.finished = True


# The two inserts of every entry, their SQL built once (``core.fastsql``: the ORM's own
# compilation of them cost more than the database's work).
_INSERT_RESULTS = Insert(ResultEntry)
_INSERT_AUDITS = Insert(AuditRecord)


def _store_together(event: Event, batch: list[_Job]) -> None:
    with transaction.atomic():
        # One writer per event at a time, across servers: the row lock (PostgreSQL) or the
        # write lock SQLite takes for an IMMEDIATE transaction.
        if connection.features.has_select_for_update:
            Event.objects.select_for_update().filter(pk=event.pk).first()
        work = _index(event).copy()
        # A team event's log is checked by the library's LiveTeams as it is stored (its
        # rooms have rules of their own; its log is short).
        teams = live_state(event) if event.kind == Event.Kind.TEAMS else None
        rows: list[ResultEntry] = []
        audits: list[AuditRecord] = []
        new: list[tuple[_Job, ResultEntry]] = []
        done: dict[str, ResultEntry] = {}
        for job in batch:
            if job.key and job.key in done:  # a retry of a job in this batch
                job.stored = Stored(done[job.key], False)
                continue
            if job.key and job.key in work.keys:  # a retry of a stored row
                stored = ResultEntry.objects.get(event=event, seq=work.keys[job.key])
                job.stored = Stored(stored, False)
                continue
            try:
                _check_log(work, job.action, job.fields)
                if teams is not None:
                    teams, _ = teams.apply(job.action)
            except BridgeError as e:
                job.error = e
                continue
            a, f = job.action, job.fields
            row = ResultEntry(event=event, seq=work.seq + 1, kind=a.kind, replaces=a.replaces,
                              source=job.source, by_user=job.actor.user, reason=job.reason,
                              idempotency_key=job.key or None, **f)
            work.add(row.seq, row.kind, row.replaces, row.round, row.table, row.board,
                     row.idempotency_key)
            rows.append(row)
            audits.append(AuditRecord(
                event=event, by_user=job.actor.user,
                by_table=job.actor.table.number if job.actor.table else None,
                action=f"result.{a.kind}",
                subject=f"board {f.get('board')}, table {f.get('table')}, round {f.get('round')}",
                before=job.before, after=row_dict(row)))
            new.append((job, row))
            if job.key:
                done[job.key] = row
        _INSERT_RESULTS.rows(rows)
        _INSERT_AUDITS.rows(audits)
    # This process's index moves on once the rows are committed (at once, or when an
    # enclosing transaction — an import — commits); ``_index`` checks it against the rows.
    transaction.on_commit(lambda: _publish(int(event.pk), work))
    for job, row in new:
        job.stored = Stored(row, True)


def enter(event: Event, actor: Actor, *, round: int, table: int,
          fields: Mapping[str, object], key: str | None = None,
          source: str = ResultEntry.Source.TABLE) -> Stored:
    """Store a table's result.  A retry with the same ``key`` returns the stored row; a
    second result for the same board at the table raises ``Conflict`` naming the first."""
    try:
        _may_enter(actor, event, table, round)
        p = preview(event, round, table, fields)
        if not p.ok or p.entry is None:
            first = p.errors[0]
            raise EntryRefused(first.message("en"), first.message("zh"), p)
    except BridgeError:
        # A retry of an entry that was stored (its answer lost) gets its row back even if
        # the round has been closed since.  A phone sees only its own table's keys.
        done = _by_key(event, key)
        if done is not None and (actor.table is None or done.table == actor.table.number):
            return Stored(done, False)
        raise
    entry = p.entry
    result = BoardResult(entry.board.number, entry.ns_pair, entry.ew_pair, result=entry.result,
                         table=table, round=round,
                         lead=str(entry.lead) if entry.lead is not None else None)
    if entry.result is None:
        raise EntryRefused("give the contract, declarer and result, not only a score",
                           "请填写定约、庄家和结果，而不只是分数", p)
    fields_ = {**_row_fields(entry), "round": round, "table": table}
    try:
        return _append(event, actor, Action("enter", result), fields_, source, key)
    except BridgeError as e:
        if isinstance(e, Conflict | NotAllowed):
            raise
        existing = live_row(event, round, table, entry.board.number)
        if existing is not None:
            shown = existing.result or existing.ns_award
            raise Conflict(
                f"board {entry.board.number} at table {table} in round {round} is already "
                f"entered: {shown}",
                f"第{round}轮第{table}桌第{entry.board.number}副已录入：{shown}",
                existing) from None
        raise


def _by_key(event: Event, key: str | None) -> ResultEntry | None:
    if not key:
        return None
    return (ResultEntry.objects.filter(event=event, idempotency_key=key).order_by("seq")
            .first())


class EntryRefused(refusals.Invalid):
    """The entry does not read or does not fit (a form shows ``preview``'s errors)."""

    code = "bad_entry"

    def __init__(self, en: str, zh: str, preview: Preview) -> None:
        super().__init__(en, zh)
        self.preview = preview


def _current(event: Event, seq: int) -> ResultEntry:
    row = ResultEntry.objects.filter(event=event, seq=seq).order_by("seq").first()
    if row is None or row.kind == ResultEntry.Kind.CANCEL:
        raise BridgeError(f"no result number {seq} in this session",
                          f"本场比赛没有第 {seq} 条成绩")
    return row


def correct(event: Event, actor: Actor, seq: int, fields: Mapping[str, object],
            reason: str = "", key: str | None = None) -> Stored:
    """Replace result ``seq`` by a new one for the same board, table and round."""
    old = _current(event, seq)
    _may_enter(actor, event, int(old.table or 0), int(old.round or 0))
    if actor.table is not None and old.source != ResultEntry.Source.TABLE:
        raise NotAllowed("Only the director may change a result the director entered.",
                         "裁判录入的成绩只能由裁判修改。")
    p = preview(event, int(old.round or 0), int(old.table or 0),
                {**fields, "board": old.board})
    if not p.ok or p.entry is None or p.entry.result is None:
        errors = p.errors
        en, zh = ((errors[0].message("en"), errors[0].message("zh")) if errors else
                  ("give the contract, declarer and result", "请填写定约、庄家和结果"))
        raise EntryRefused(en, zh, p)
    entry = p.entry
    result = BoardResult(entry.board.number, entry.ns_pair, entry.ew_pair, result=entry.result,
                         table=old.table, round=old.round,
                         lead=str(entry.lead) if entry.lead is not None else None)
    fields_ = {**_row_fields(entry), "round": old.round, "table": old.table}
    source = ResultEntry.Source.TABLE if actor.table else ResultEntry.Source.DIRECTOR
    return _append(event, actor, Action("correct", result, replaces=seq), fields_, source,
                   key, reason, before=row_dict(old))


def cancel(event: Event, actor: Actor, seq: int, reason: str = "") -> Stored:
    """Withdraw result ``seq`` (the board is outstanding again); a director's act."""
    _director(actor, event)  # first: a stranger learns nothing about the rows
    old = _current(event, seq)
    fields_ = {"round": old.round, "table": old.table, "board": old.board,
               "ns_pair": old.ns_pair, "ew_pair": old.ew_pair}
    return _append(event, actor, Action("cancel", replaces=seq), fields_,
                   ResultEntry.Source.DIRECTOR, None, reason, before=row_dict(old))


def adjust(event: Event, actor: Actor, *, round: int, table: int, board: int,
           ns_award: str, ew_award: str, reason: str = "",
           source: str = ResultEntry.Source.DIRECTOR) -> Stored:
    """An artificial adjusted score (A+/A/A− or a percentage for each side) for one board,
    replacing whatever that table has for it.  A director's act (``source`` says how it
    came: by hand, or from an imported file)."""
    _director(actor, event)
    a = assignment_at(event, round, table)
    if a is None or board not in a.boards:
        raise BridgeError(f"board {board} is not played at table {table} in round {round}",
                          f"第{round}轮第{table}桌不打第{board}副")
    ns, ew = parse_award(ns_award), parse_award(ew_award)
    from ...sessions.adjusted import award_text

    result = BoardResult(board, a.ns_pair, a.ew_pair, ns_award=ns, ew_award=ew, table=table,
                         round=round)
    fields_ = {"round": round, "table": table, "board": board, "ns_pair": a.ns_pair,
               "ew_pair": a.ew_pair, "ns_award": award_text(ns), "ew_award": award_text(ew)}
    old = live_row(event, round, table, board)
    action = (Action("enter", result) if old is None
              else Action("correct", result, replaces=old.seq))
    return _append(event, actor, action, fields_, source, None, reason,
                   before=row_dict(old) if old else None)


# ---------------------------------------------------------------------------- live pages

Listener = Callable[[int, int], None]
_listeners: list[Listener] = []


def on_change(listener: Listener) -> None:
    """Call ``listener(event_id, version)`` after every stored change (the live pages' push
    registers here; see ``live.py``)."""
    _listeners.append(listener)


def notify(event: Event) -> None:
    def fire() -> None:
        for listener in list(_listeners):
            listener(int(event.pk), event.version)

    transaction.on_commit(fire)


def entrants(event: Event) -> Iterable[Entrant]:
    return event.entrants.prefetch_related("seats__player")
