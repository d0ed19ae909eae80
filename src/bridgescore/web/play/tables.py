"""An online table's rows: made, locked, stopped; where its boards come from; when it is due.

``create_table`` and ``create_seated_tables`` make tables; ``stop_table`` and ``stop_tables``
end them for good.  ``_lock`` and ``_locked_table`` are the one writer per table that every
change takes (``services``: the module's docstring).  A board comes from a registered board
source (``board_source``: the pool) or the table's own set; ``_due_after`` says when the
server must act at the table by itself (``robots.wake``).
"""

from __future__ import annotations

import datetime
import threading
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Max
from django.utils import timezone

from ...core.board import Board
from ...core.deal import Deal
from ...core.errors import BridgeError
from ...core.seat import Seat
from ...table import across
from ...table.actions import TableActionError
from ...table.state import TableState
from ..accounts.models import User
from ..core import refusals
from ..core.fastsql import Rows
from . import live
from .access import _name, _seating, _seats
from .messages import Message, Outcome, _seats_message, _table_info, _tell, _to_all, group_name
from .models import Move, PlayBoard, PlaySeat, PlayTable, Room
from .position import _seq_of, _start_state, current_board

__all__ = [
    "NewTable",
    "NoBoard",
    "board_source",
    "create_seated_tables",
    "create_table",
    "next_board_seconds",
    "robot_seconds",
    "stop_table",
    "stop_tables",
]


def robot_seconds() -> float:
    """The pause before a robot acts (people follow the play): 0 in tests and benchmarks."""
    return float(getattr(settings, "BRIDGESCORE_PLAY_ROBOT_SECONDS", 0.6))


def next_board_seconds() -> float:
    """The pause between a board's end and the next board (the players see the result)."""
    return float(getattr(settings, "BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS", 5.0))


# ---------------------------------------------------------------------------- locks, cache

_locks: dict[int, threading.Lock] = {}
_locks_lock = threading.Lock()


def _lock(table_id: int) -> threading.Lock:
    # The writers of one table in this process queue here, not on the database's lock.
    with _locks_lock:
        return _locks.setdefault(table_id, threading.Lock())


# Every change of a table locks its row with this statement (core.fastsql: its SQL built once;
# compiling querysets was most of a move's time on PostgreSQL).
_TABLE_LOCKED = Rows(PlayTable, "id", lock=True)


def _locked_table(table_id: int, *, skip_locked: bool = False) -> PlayTable | None:
    """The table row, locked for this transaction (PostgreSQL; SQLite's IMMEDIATE
    transaction holds the database's write lock already)."""
    if not skip_locked:
        found = _TABLE_LOCKED.first(table_id)
        return found[0] if found is not None else None
    qs = PlayTable.objects.filter(pk=table_id)
    if connection.features.has_select_for_update:
        qs = qs.select_for_update(skip_locked=skip_locked)
    return qs.first()


# ---------------------------------------------------------------------------- tables


def create_table(room: Room, host: User | None, *, name: str = "", boards: int = 4,
                 board_set: Any = None, first_board: int = 1, undo_allowed: bool = True,
                 spectators_allowed: bool = True, spectators_see_hands: bool = False,
                 spectator_delay: int = 0, grace_seconds: int = 60, event: Any = None,
                 event_round: int | None = None, event_table: int | None = None,
                 room_label: str = "") -> PlayTable:
    _check_table(boards, first_board, room_label)
    if event is not None and (event_round is None or event_table is None):
        raise BridgeError("a table of an event needs its round and table",
                          "比赛的牌桌需要轮次和桌号")
    with transaction.atomic():
        table = PlayTable.objects.create(
            room=room, host=host, name=name[:100], boards=boards, board_set=board_set,
            first_board=first_board, undo_allowed=undo_allowed,
            spectators_allowed=spectators_allowed, spectators_see_hands=spectators_see_hands,
            spectator_delay=spectator_delay, grace_seconds=grace_seconds, event=event,
            event_round=event_round, event_table=event_table, room_label=room_label)
        PlaySeat.objects.bulk_create([PlaySeat(table=table, seat=i) for i in range(4)])
    return table


def _check_table(boards: int, first_board: int, room_label: str) -> None:
    if type(boards) is not int or not 1 <= boards <= 64:
        raise BridgeError(f"a table plays 1 to 64 boards, not {boards!r}",
                          f"每桌打 1 到 64 副牌，而不是 {boards!r}")
    if type(first_board) is not int or first_board < 1:
        raise BridgeError(f"invalid first board {first_board!r}", f"无效的起始牌号 {first_board!r}")
    if room_label not in ("", "open", "closed"):
        raise BridgeError(f"invalid room {room_label!r}: open or closed",
                          f"无效的房间 {room_label!r}：应为 open（开室）或 closed（闭室）")


@dataclass(frozen=True)
class NewTable:
    """A table ``create_seated_tables`` makes: its name, boards, first board, room label and
    who sits N, E, S, W (as ``assign_seats`` takes them)."""

    name: str
    boards: int
    first_board: int
    seats: tuple[User | bool | None, User | bool | None, User | bool | None, User | bool | None]
    room_label: str = ""


def create_seated_tables(room: Room, tables: Sequence[NewTable], *, board_set: Any = None,
                         undo_allowed: bool = True, grace_seconds: int = 60) -> list[PlayTable]:
    """``create_table`` then ``assign_seats`` for each of ``tables``, the same rows in three
    inserts (tables, seats, first boards) in the caller's transaction: a competition's round
    opens 250 tables at once.  Nothing is sent: nobody can be at a table that did not exist
    (the seats and the first board reach each socket in its hello); the tables a robot must
    start are woken by this server when committed (``Outcome.due``), as one at a time."""
    for t in tables:
        _check_table(t.boards, t.first_board, t.room_label)
        if len(t.seats) != 4:
            raise BridgeError(f"a table has four seats, not {len(t.seats)}",
                              f"一张牌桌有四个座位，而不是 {len(t.seats)} 个")
    if not tables:
        return []
    now = timezone.now()
    made = [PlayTable(room=room, host=None, name=t.name[:100], boards=t.boards,
                      board_set=board_set, first_board=t.first_board, undo_allowed=undo_allowed,
                      grace_seconds=grace_seconds, room_label=t.room_label) for t in tables]
    seats: list[PlaySeat] = []
    firsts: list[tuple[PlayTable, list[PlaySeat], PlayBoard]] = []
    with transaction.atomic():
        if connection.features.can_return_rows_from_bulk_insert:
            PlayTable.objects.bulk_create(made)
        else:  # pragma: no cover (SQLite ≥ 3.35 and PostgreSQL give the keys back)
            for table in made:
                table.save(force_insert=True)
        for table, spec in zip(made, tables, strict=True):
            rows = []
            for i, who in enumerate(spec.seats):
                user = who if isinstance(who, User) else None
                rows.append(PlaySeat(table=table, seat=i, user=user, robot=who is True,
                                     away_since=now if user is not None else None))
            seats += rows
        PlaySeat.objects.bulk_create(seats)
        for k, table in enumerate(made):
            rows = seats[4 * k:4 * k + 4]
            if _seating(rows, table.grace_seconds).is_full:
                firsts.append((table, rows, _first_board(table, rows)))
        PlayBoard.objects.bulk_create([b for _, _, b in firsts])
        outs = []
        for table, rows, board in firsts:
            table.status = PlayTable.Status.PLAYING
            table.due = _due_after(table, rows, board, _start_state(board, table))
            outs.append(Outcome(int(table.pk), 0, int(board.pk), due=table.due,
                                delay=table.spectator_delay))
        playing = [t for t, _, _ in firsts]
        PlayTable.objects.bulk_update(playing, ["status", "due"], batch_size=500)
        woken = [o for o in outs if o.due is not None]
        if woken:
            transaction.on_commit(lambda: live.deliver_many(woken))
    return made


def _first_board(table: PlayTable, rows: list[PlaySeat]) -> PlayBoard:
    """``_start_board``'s first board (a board source's, if one serves the table), not yet
    saved."""
    number, deal = _served(table, rows, 1)
    players = {Seat(r.seat).letter: {**(_name(r.user) or {}), "robot": r.robot}
               for r in rows}
    return PlayBoard(table=table, index=1, number=number, deal=deal.pbn(), players=players)


def _deal_for(table: PlayTable, number: int) -> Deal:
    board_set = table.board_set
    if board_set is not None:
        from ..events.entries import _deals_of

        deals = _deals_of(board_set.pbn)
        if number in deals:
            return deals[number]
        raise BridgeError(f"board {number} is not in the board set {board_set.name}",
                          f"牌组 {board_set.name} 中没有第 {number} 副")
    from ...deals.dealing import random_deal

    return random_deal(Board(number).dealer)  # the secure dealer (no seed)


class NoBoard(TableActionError, refusals.Conflict):
    """A board source (``board_source``) has no board for the players at this table now: a
    board does not start (a seating that would start one is refused; between boards the
    table stops, its session over)."""

    def __init__(self, en: str, zh: str, code: str = "no_board") -> None:
        super().__init__(code, en, zh)


# Where a table's boards come from when another app serves them (the board pool,
# ``web.pool``: a board chosen for the four players at the moment it starts).  A source is
# called under the table's lock, in its transaction, with the table, its seats and the
# board's index; it gives (board number, deal), ``None`` for a table not its own, or raises
# ``NoBoard``.
_board_sources: list[Callable[[PlayTable, list[PlaySeat], int], tuple[int, Deal] | None]] = []


def board_source(source: Callable[[PlayTable, list[PlaySeat], int],
                                  tuple[int, Deal] | None]) -> None:
    """Register a source of boards (once)."""
    if source not in _board_sources:
        _board_sources.append(source)


def _served(table: PlayTable, rows: list[PlaySeat], index: int) -> tuple[int, Deal]:
    """The board number and deal at ``index``: a board source's, else the table's own."""
    for source in _board_sources:
        served = source(table, rows, index)
        if served is not None:
            return served
    number = table.first_board + index - 1
    return number, _deal_for(table, number)


def _start_board(table: PlayTable, rows: list[PlaySeat], index: int) -> PlayBoard:
    number, deal = _served(table, rows, index)
    players = {Seat(r.seat).letter: {**(_name(r.user) or {}), "robot": r.robot}
               for r in rows}
    board = PlayBoard.objects.create(table=table, index=index, number=number,
                                     deal=deal.pbn(), players=players)
    table.status = PlayTable.Status.PLAYING
    return board


def _due_after(table: PlayTable, rows: list[PlaySeat], board: PlayBoard | None,
               state: TableState | None) -> datetime.datetime | None:
    """When the server must act at this table by itself, or None (the library's rule:
    ``table.across.due``)."""
    return across.due(
        now=timezone.now(), over=table.status == PlayTable.Status.FINISHED,
        boards=table.boards, board=None if board is None else (board.index, board.finished),
        to_act=state.to_act if state is not None else (),
        seating=_seating(rows, table.grace_seconds), robot_seconds=robot_seconds(),
        next_board_seconds=next_board_seconds())


def _set_due(table: PlayTable, due: datetime.datetime | None) -> None:
    if table.due != due:
        table.due = due
        PlayTable.objects.filter(pk=table.pk).update(due=due)


# ---------------------------------------------------------------------------- stopping


def stop_table(table_id: int, en: str, zh: str) -> Outcome | None:
    """Stop a table for good (a competition's round ended): no more moves or boards, its
    unfinished board is never finished (cut), and everyone there is told why."""
    with _lock(table_id), transaction.atomic():
        table = _locked_table(table_id)
        if table is None:
            return None
        if table.status != PlayTable.Status.FINISHED:
            table.status = PlayTable.Status.FINISHED
            table.save(update_fields=["status"])
        _set_due(table, None)
        board = current_board(table)
        out = Outcome(table_id, _seq_of(board) if board is not None else 0,
                      int(board.pk) if board is not None else None,
                      [_seats_message(table),
                       *_to_all(table, {"type": "finished", "cut": board is not None
                                        and board.finished is None,
                                        "reason": {"en": en, "zh": zh}})],
                      delay=table.spectator_delay, finished=True)
        _tell(out)
    return out


def stop_tables(tables: Sequence[tuple[int, str, str]]) -> list[Outcome]:
    """``stop_table`` for each ``(table id, en, zh)`` at once, in one transaction: the rows
    locked in one statement (each table's thread lock first, in order of id, as a move
    takes them), stopped in one update, and each table told as ``stop_table`` tells it."""
    reasons = {int(t): (en, zh) for t, en, zh in tables}
    ids = sorted(reasons)
    if not ids:
        return []
    with ExitStack() as held:
        for table_id in ids:
            held.enter_context(_lock(table_id))
        with transaction.atomic():
            qs = PlayTable.objects.filter(pk__in=ids).select_related("host", "host__player")
            if connection.features.has_select_for_update:
                qs = qs.select_for_update(of=("self",)).order_by("pk")
            found = list(qs)
            PlayTable.objects.filter(pk__in=ids).update(status=PlayTable.Status.FINISHED,
                                                        due=None)
            boards: dict[int, PlayBoard] = {}
            for b in PlayBoard.objects.filter(table_id__in=ids).order_by("table_id", "index"):
                boards[int(b.table_id)] = b  # the last index wins: the current board
            seqs = dict(Move.objects.filter(board_id__in=[b.pk for b in boards.values()])
                        .values("board_id").annotate(m=Max("seq")).values_list("board_id", "m"))
            rows: dict[int, list[PlaySeat]] = {}
            for r in (PlaySeat.objects.filter(table_id__in=ids).order_by("table_id", "seat")
                      .select_related("user", "user__player", "reserved_for")):
                rows.setdefault(int(r.table_id), []).append(r)
            outs = []
            for table in found:
                table.status, table.due = PlayTable.Status.FINISHED, None
                board = boards.get(int(table.pk))
                seated = rows.get(int(table.pk), [])
                if len(seated) != 4:
                    seated = _seats(table)
                en, zh = reasons[int(table.pk)]
                info = _table_info(table, seated, board)
                outs.append(Outcome(
                    int(table.pk), int(seqs.get(board.pk) or 0) if board is not None else 0,
                    int(board.pk) if board is not None else None,
                    [Message(group_name(int(table.pk), "all"), {"type": "seats", "table": info}),
                     *_to_all(table, {"type": "finished", "cut": board is not None
                                      and board.finished is None,
                                      "reason": {"en": en, "zh": zh}})],
                    delay=table.spectator_delay, finished=True))
            if outs:
                transaction.on_commit(lambda: live.deliver_many(outs))
    return outs
