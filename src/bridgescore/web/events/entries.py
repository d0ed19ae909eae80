"""A table's result for an event: checked (``preview``), entered, corrected, cancelled, adjusted.

Each action is checked by the library (``sessions.entry.check_entry``, the movement's pairs
and boards) and against the log (``replay._index``: a board already entered, a row no longer
in force), then stored with its audit record by the event's one writer at a time (group
commit: ``_append``), and the live pages told (``services.notify``).  A refusal is
``EntryRefused`` (the entry does not read or fit), ``Conflict`` (the board has a result) or
``services.NotAllowed`` (the actor may not).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, connection, transaction

from ...core.deal import Deal
from ...core.errors import BridgeError
from ...deals.boardset import read_board_set
from ...sessions.entry import Entry, EntryCheck, check_entry
from ...sessions.entry_errors import FieldError
from ...sessions.live import Action
from ...sessions.model import BoardResult, parse_award
from ..core import refusals
from ..core.fastsql import Insert
from .models import AuditRecord, Event, ResultEntry
from .replay import _cache_lock, _Index, _index, _publish, forget, live_state
from .services import Actor, NotAllowed, _director, assignment_at, notify

# ---------------------------------------------------------------------------- refusals


class Conflict(refusals.Conflict):
    """The board already has a result (a view answers 409 and shows ``existing``)."""

    def __init__(self, en: str, zh: str, existing: ResultEntry) -> None:
        super().__init__(en, zh)
        self.existing = existing


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


# Guarded, as ``_pending`` is, by ``replay._cache_lock``: one lock for every per-event dict
# of this process, as before these modules were split.
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
