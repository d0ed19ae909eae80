"""An event's stored log replayed, kept per process: the live state and the index of rows.

``live_state`` is the library's replay of every stored row (``sessions.live``, or
``sessions.live_teams`` for a team event), brought up to date from the rows it has not seen
when it is asked for; ``_index`` is the log's bookkeeping alone (which row holds each
(round, table, board) now), which every entry checks (``entries``).  Both caches, and the
lock that guards every per-event dict of this process (``_cache_lock``, the writers' queues in
``entries`` too), live here and only here: ``forget`` drops an event's.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field, replace
from typing import Any

from django.db import connection

from ...core.errors import BridgeError
from ...core.result import Result
from ...sessions.live import Action, Change, LiveSession
from ...sessions.live import Entry as LogEntry
from ...sessions.live_teams import LiveTeams
from ...sessions.model import BoardResult, parse_award
from .models import Event, ResultEntry
from .services import _stamp, assignments_of

# ---------------------------------------------------------------------------- live state

# Event id → (what the state was built for, the state).  The stamp is the event's version
# and creation time: a changed event, or a new one that got a reused id, is rebuilt.
_cache: dict[int, tuple[tuple[int, str], LiveSession | LiveTeams]] = {}
_cache_lock = threading.Lock()


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
