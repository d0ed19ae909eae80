"""What pages, the WebSocket and the robots do at an online table: one function per action.

Every rule is the library's: the board's (``bridgescore.table.state``), the seats'
(``bridgescore.table.seating``), the robots' (``bridgescore.robots.table``).  This module stores what
the library accepted and says who must be told (``live``).

Persistence: every accepted call, card, claim, answer or undo is a ``Move`` row, inserted in
the transaction that replayed the board and checked the action, before anyone is told of it
(the ack, the updates).  One writer per table at a time: a thread lock in this process, and
across processes the table's row lock (PostgreSQL ``SELECT … FOR UPDATE``) or the write lock
SQLite takes at the start of every transaction (IMMEDIATE); ``unique(board, seq)`` is the
last guard, and a race it refuses is retried on the rows as they are then.

Robots and timers: a table the server must move on by itself (a robot's turn, the next board
after the pause) has ``PlayTable.due`` set; ``wake`` does what is due.  The server that made
the change schedules ``wake`` on its loop (``live``); every server's ``sweep`` wakes the
overdue tables too, so a table moves on after any server's restart.
"""

from __future__ import annotations

import datetime
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import Max
from django.utils import timezone

from ...core.board import Board
from ...core.deal import Deal
from ...core.errors import BridgeError
from ...core.seat import Seat
from ...table import across
from ...table.actions import (
    Action,
    AnswerClaim,
    AnswerUndo,
    BoardEnded,
    Claim,
    MakeCall,
    PlayCard,
    RequestUndo,
    TableActionError,
    WithdrawClaim,
    WithdrawUndo,
    action_from_dict,
)
from ...table.seating import Disconnected, RobotStandsIn, SeatInfo, Seating, SeatingError
from ...table.state import BoardDeal, Phase, TableRules, TableState, apply
from ...table.views import Viewer, event_dict, seen_after_delay, view, views
from ..accounts.models import User
from ..clubs.roles import AnyUser, can_direct, is_member
from ..core import refusals
from ..core.fastsql import Insert, Rows
from . import live, matches
from .models import (
    Disconnection,
    HandsSeen,
    Move,
    PlayBoard,
    PlayConnection,
    PlaySeat,
    PlayTable,
    Room,
)

log = logging.getLogger(__name__)

__all__ = [
    "NewTable",
    "NoBoard",
    "NotAllowed",
    "Outcome",
    "act",
    "assign_seats",
    "board_moves",
    "board_source",
    "connected",
    "create_seated_tables",
    "create_table",
    "current_board",
    "delay_of",
    "disconnected",
    "fill_with_robots",
    "hello",
    "late_table",
    "may_enter_room",
    "on_board_end",
    "remove_player",
    "reserve",
    "seat_robot",
    "seating_of",
    "sit",
    "stand",
    "state_of",
    "states_of",
    "stop_table",
    "stop_tables",
    "sweep",
    "table_info",
    "viewer_for",
    "wake",
]

SERVER_ID = f"{os.uname().nodename}:{os.getpid()}"  # this process, in PlayConnection.server
STALE_SECONDS = 20.0  # a connection not seen for this long belonged to a dead server
HEARTBEAT_SECONDS = 5.0  # a server's sweep refreshes its own connections' ``seen`` this often


def robot_seconds() -> float:
    """The pause before a robot acts (people follow the play): 0 in tests and benchmarks."""
    return float(getattr(settings, "BRIDGESCORE_PLAY_ROBOT_SECONDS", 0.6))


def next_board_seconds() -> float:
    """The pause between a board's end and the next board (the players see the result)."""
    return float(getattr(settings, "BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS", 5.0))


class NotAllowed(TableActionError, refusals.Forbidden):
    """The user may not do this here (not seated, not the host, not a member)."""

    def __init__(self, en: str, zh: str, code: str = "not_allowed") -> None:
        super().__init__(code, en, zh)


def _seating_refused(e: SeatingError) -> TableActionError:
    return TableActionError(e.code, e.en, e.zh)


# ---------------------------------------------------------------------------- locks, cache

_locks: dict[int, threading.Lock] = {}
_locks_lock = threading.Lock()


def _lock(table_id: int) -> threading.Lock:
    # The writers of one table in this process queue here, not on the database's lock.
    with _locks_lock:
        return _locks.setdefault(table_id, threading.Lock())


# Every move runs these (core.fastsql: their SQL built once; compiling querysets was most of
# a move's time on PostgreSQL): the table row locked, its seats' rows (no names: a move needs
# only who sits where), the board being played with its moves' count, the move's insert.
_TABLE_LOCKED = Rows(PlayTable, "id", lock=True)
_SEAT_ROWS = Rows(PlaySeat, "table", order=("seat",))
_LAST_BOARD = Rows(PlayBoard, "table", order=("-index",), limit=1, extra=lambda q: [
    f"(SELECT MAX(mv.{q('seq')}) FROM {q(Move._meta.db_table)} mv "
    f"WHERE mv.{q('board_id')} = m0.{q('id')})"])
_INSERT_MOVE = Insert(Move)


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


# board id → (moves replayed, the state): an action costs the new rows' replay at most.
_states: dict[int, tuple[int, TableState]] = {}
_states_lock = threading.Lock()
_STATES_KEPT = 2000


def _start_state(board: PlayBoard, table: PlayTable) -> TableState:
    deal = BoardDeal.numbered(board.number, Deal.from_pbn(board.deal))
    return TableState.start(deal, TableRules(undo_allowed=table.undo_allowed))


def _replay(state: TableState, moves: list[Move]) -> TableState:
    for m in moves:
        state, _ = apply(state, action_from_dict(Seat(m.seat), m.data))
    return state


def _state_at(board: PlayBoard, table: PlayTable, seq: int) -> TableState:
    """The board's state after its first ``seq`` moves, from the cache when it holds them."""
    with _states_lock:
        shared = _states.get(int(board.pk))
    usable = [c for c in (shared, _uncommitted_state(int(board.pk)))
              if c is not None and c[0] <= seq]
    if usable:
        done, state = max(usable, key=lambda c: c[0])
    else:
        done, state = 0, _start_state(board, table)
    if done < seq:
        rows = list(Move.objects.filter(board=board, seq__gt=done, seq__lte=seq).order_by("seq"))
        state = _replay(state, rows)
        done += len(rows)
    _remember(int(board.pk), done, state)
    return state


# This thread's positions made inside a transaction not yet committed: valid for this
# connection only (it alone sees its rows), and only while the on_commit callback that will
# publish them is still queued -- Django drops the callbacks of a savepoint rolled back, and
# all of them on a rollback, so a queued callback means the rows it stands for still stand.
# Without it a long transaction (the demo's load, a test case) replays every board from its
# first move at each action: the cost of a board's actions grows with their number squared.
_uncommitted = threading.local()


def _pending_states() -> dict[int, tuple[int, TableState, Callable[[], None]]]:
    found: dict[int, tuple[int, TableState, Callable[[], None]]] | None = getattr(
        _uncommitted, "states", None)
    if found is None:
        found = _uncommitted.states = {}
    return found


def _uncommitted_state(board_id: int) -> tuple[int, TableState] | None:
    if not connection.in_atomic_block:
        return None
    pending = _pending_states()
    found = pending.get(board_id)
    if found is None:
        return None
    seq, state, publish = found
    # The latest callbacks are at the end: the one looked for is usually among the last few.
    if any(entry[1] is publish for entry in reversed(connection.run_on_commit)):
        return seq, state
    del pending[board_id]  # rolled back, or committed (then the shared cache has it)
    return None


def _remember(board_id: int, seq: int, state: TableState) -> None:
    if connection.in_atomic_block:
        # Kept for the others only once the rows it stands for are committed; meanwhile for
        # this transaction alone.
        def publish() -> None:
            _remember_now(board_id, seq, state)

        transaction.on_commit(publish)
        pending = _pending_states()
        pending.pop(board_id, None)
        if len(pending) >= _STATES_KEPT:
            pending.pop(next(iter(pending)))
        pending[board_id] = (seq, state, publish)
    else:
        _remember_now(board_id, seq, state)


def _remember_now(board_id: int, seq: int, state: TableState) -> None:
    with _states_lock:
        old = _states.get(board_id)
        if old is not None and old[0] > seq:
            return
        if len(_states) >= _STATES_KEPT:
            _states.pop(next(iter(_states)))
        _states[board_id] = (seq, state)


def forget(board_id: int) -> None:
    with _states_lock:
        _states.pop(board_id, None)


def _board_and_seq(table: PlayTable) -> tuple[PlayBoard | None, int]:
    """``current_board`` and its ``_seq_of`` in one statement."""
    found = _LAST_BOARD.first(int(table.pk))
    if found is None:
        return None, 0
    board, (seq,) = found
    board.table = table
    return board, int(seq or 0)


def _move_seats(table: PlayTable) -> list[PlaySeat]:
    """The four seats' rows as a move needs them (``_seats`` without the names)."""
    rows = [r for r, _ in _SEAT_ROWS.all(int(table.pk))]
    return rows if len(rows) == 4 else _seats(table)


_SEQ_SQL: dict[str, str] = {}  # vendor → the statement (as core.fastsql: built once)


def _seq_of(board: PlayBoard) -> int:
    """The board's moves so far (its last move's ``seq``)."""
    sql = _SEQ_SQL.get(connection.vendor)
    if sql is None:
        q = connection.ops.quote_name
        sql = _SEQ_SQL[connection.vendor] = (
            f"SELECT MAX({q(Move._meta.get_field('seq').column)}) FROM {q(Move._meta.db_table)}"
            f" WHERE {q(Move._meta.get_field('board').column)} = %s")
    with connection.cursor() as cursor:
        cursor.execute(sql, [int(board.pk)])
        row = cursor.fetchone()
    return int(row[0] or 0) if row else 0


# ---------------------------------------------------------------------------- reading


def current_board(table: PlayTable) -> PlayBoard | None:
    """The board being played, or the last one played (None before the first)."""
    return PlayBoard.objects.filter(table=table).order_by("-index").first()


def board_moves(board: PlayBoard) -> list[Move]:
    return list(Move.objects.filter(board=board).order_by("seq"))


def state_of(board: PlayBoard) -> TableState:
    """The board's position now (its Move rows replayed)."""
    return _state_at(board, board.table, _seq_of(board))


def states_of(board: PlayBoard) -> Iterator[TableState]:
    """Every position of the board in order, from the deal to the last move (a replay)."""
    state = _start_state(board, board.table)
    yield state
    for m in board_moves(board):
        state, _ = apply(state, action_from_dict(Seat(m.seat), m.data))
        yield state


def _seats(table: PlayTable) -> list[PlaySeat]:
    rows = {s.seat: s for s in PlaySeat.objects.filter(table=table).select_related(
        "user", "user__player", "reserved_for")}
    missing = [PlaySeat(table=table, seat=i) for i in range(4) if i not in rows]
    if missing:
        PlaySeat.objects.bulk_create(missing, ignore_conflicts=True)
        rows = {s.seat: s for s in PlaySeat.objects.filter(table=table).select_related(
            "user", "user__player", "reserved_for")}
    return [rows[i] for i in range(4)]


def _epoch(moment: datetime.datetime | None) -> float | None:
    return moment.timestamp() if moment is not None else None


def _seating(rows: list[PlaySeat], grace: float) -> Seating:
    infos = [SeatInfo(player=str(r.user_id) if r.user_id else None, robot=r.robot,
                      connected=r.user_id is not None and r.away_since is None,
                      away_since=_epoch(r.away_since) if r.user_id else None,
                      reserved_for=str(r.reserved_for_id) if r.reserved_for_id else None)
             for r in rows]
    return Seating((infos[0], infos[1], infos[2], infos[3]), float(grace))


def seating_of(table: PlayTable) -> Seating:
    return _seating(_seats(table), table.grace_seconds)


def _name(user: User | None) -> dict[str, Any] | None:
    if user is None:
        return None
    player = getattr(user, "player", None)
    en = (player.name_en if player is not None else "") or user.get_full_name() or user.username
    zh = (player.name_zh if player is not None else "") or en
    return {"id": int(user.pk), "username": user.username, "name": en, "name_zh": zh}


def seat_of(table: PlayTable, user: AnyUser) -> Seat | None:
    if not user.is_authenticated:
        return None
    row = PlaySeat.objects.filter(table=table, user_id=user.pk).values_list("seat", flat=True)
    first = row.first()
    return Seat(first) if first is not None else None


def is_host(table: PlayTable, user: AnyUser) -> bool:
    if not user.is_authenticated:
        return False
    if table.host_id == user.pk or getattr(user, "is_superuser", False):
        return True
    club = table.room.club
    return club is not None and can_direct(user, club)


def may_enter_room(user: AnyUser, room: Room) -> bool:
    """Who may enter a room — its page, its tables, a seat, a view of a table: anyone signed
    in to the site's room, a member of the club to a club's.  The one rule, for the pages
    (``views``) as for the actions and the sockets here."""
    if not user.is_authenticated:
        return False
    return room.club is None or is_member(user, room.club)


def other_rooms(table: PlayTable) -> list[PlayTable]:
    """The rooms whose players never watch this table: the other room of its team match and
    every other room of the same round (``matches.rooms_of``: a club's team event or an
    online competition alike)."""
    rooms = matches.rooms_of(table)
    return [] if rooms is None else rooms.others


def viewer_for(table: PlayTable, user: AnyUser) -> Viewer | None:
    """What a connection of ``user`` may see: their seat's view; a spectator's (every hand
    only where the table allows it); ``None``: may not watch (a player of the other room
    of the same match among them, and anyone the table's holder keeps out: a player who may
    still play a board of the same competition, a member the pool may still serve it)."""
    if not may_enter_room(user, table.room):
        return None
    seat = seat_of(table, user)
    if seat is not None:
        return Viewer(seat)
    held = matches.holder_of(table)
    if held is not None and not held.may_watch(user):
        return None
    rooms = matches.rooms_of(table, held)
    if any(PlaySeat.objects.filter(table=t, user_id=int(user.pk or 0)).exists()
           for t in ([] if rooms is None else rooms.others)):
        # A player of the match does not watch the other room at all: even its played
        # cards and dummy are the boards this player is yet to play (the game records show
        # a board to them once their own room has finished it).
        return None
    if not (table.spectators_allowed or is_host(table, user)):
        return None
    return Viewer(None, sees_all=table.spectators_see_hands)


def table_info(table: PlayTable) -> dict[str, Any]:
    """The table as hello and seats messages give it (docs/protocol.md)."""
    return _table_info(table, _seats(table), current_board(table))


def _table_info(table: PlayTable, rows: list[PlaySeat], board: PlayBoard | None
                ) -> dict[str, Any]:
    return {
        "id": int(table.pk), "name": table.name, "room": int(table.room_id),
        "host": _name(table.host) if table.host_id else None, "status": table.status,
        "rules": {"undo_allowed": table.undo_allowed},
        "spectators": {"allowed": table.spectators_allowed,
                       "see_hands": table.spectators_see_hands,
                       "delay": table.spectator_delay},
        "seats": [{"seat": Seat(r.seat).letter, "player": _name(r.user), "robot": r.robot,
                   "away": r.away_since is not None,
                   "reserved": r.reserved_for_id is not None,
                   "reserved_for": _name(r.reserved_for) if r.reserved_for_id else None}
                  for r in rows],
        "board_index": board.index if board is not None else 0,
        "boards": table.boards,
        "event": ({"id": table.event_id, "round": table.event_round, "table": table.event_table,
                   "room": table.room_label} if table.event_id else None),
    }


# ---------------------------------------------------------------------------- what is sent

WATCH, WATCHALL = "watch", "watchall"


def group_name(table_id: int, part: str) -> str:
    """The channel-layer group: ``play.<id>.seat.N`` … or ``play.<id>.watch``/``watchall``."""
    return f"play.{table_id}.{part}"


def seat_part(seat: Seat) -> str:
    return f"seat.{seat.letter}"


def viewer_part(v: Viewer) -> str:
    if v.seat is not None:
        return seat_part(v.seat)
    return WATCHALL if v.sees_all else WATCH


def delay_of(table: PlayTable, v: Viewer) -> int:
    """The seconds ``v``'s stream runs behind the table: the all-hands spectators' (the
    table's ``spectator_delay``); a seat and the public view are live.  Every message of a
    late stream is late, the first one (the hello) included."""
    return int(table.spectator_delay) if v.seat is None and v.sees_all else 0


_DELAYED = Viewer(None, sees_all=True)  # the one viewer whose stream may run late


_VIEWERS: tuple[tuple[str, Viewer], ...] = (
    *((seat_part(s), Viewer(s)) for s in Seat),
    (WATCH, Viewer(None, False)),
    (WATCHALL, Viewer(None, True)),
)


@dataclass
class Message:
    """What one group is sent: ``payload`` to each connection; ``user`` (seat groups): the
    account the view was made for, so a connection that is no longer that seat's drops it.
    A move's views travel together (``parts``: viewer part → its payload, user and
    exclusions) to the table's ``all`` group, one message on the channel layer instead of one
    a viewer, and each socket forwards its own part only (consumers.TableConsumer)."""

    group: str
    payload: dict[str, Any]
    user: int | None = None
    delayed: bool = False  # the all-hands spectators' stream (table.spectator_delay)
    exclude: list[int] = field(default_factory=list)  # accounts that must drop it
    parts: dict[str, dict[str, Any]] | None = None
    # Viewer parts whose sockets drop it (a message for "all" that the late stream gets as
    # a copy of its own, when it comes of age: ``_to_all``).
    skip: list[str] = field(default_factory=list)


@dataclass
class Outcome:
    """What an accepted action (or a seating change) did: what to tell whom, and when the
    server must come back to this table (``due``)."""

    table_id: int
    seq: int = 0  # moves of the current board now
    board_id: int | None = None
    messages: list[Message] = field(default_factory=list)
    due: datetime.datetime | None = None
    delay: float = 0.0  # table.spectator_delay
    ended: bool = False  # the action ended a board
    finished: bool = False  # the table's session is over


def _seat_users(rows: list[PlaySeat]) -> dict[str, int | None]:
    return {seat_part(Seat(r.seat)): r.user_id for r in rows}


def _render(table: PlayTable, rows: list[PlaySeat], kind: str, index: int, seq: int,
            state: TableState, events: list[Any] | None = None) -> list[Message]:
    """One message per group, each with the view made for that group's viewer (made once
    here, on the server that acted: the others only forward)."""
    users = _seat_users(rows)
    players = _players_of_match(table, rows) if table.spectators_see_hands else []
    out: list[Message] = []
    parts: dict[str, dict[str, Any]] = {}
    made = views(state, [v for _, v in _VIEWERS])
    for (part, v), made_view in zip(_VIEWERS, made, strict=True):
        payload: dict[str, Any] = {"type": kind, "board_index": index, "seq": seq}
        if events is not None:
            payload["events"] = [event_dict(e, v, state) for e in events]
        payload["view"] = made_view
        exclude = players if part == WATCHALL else []
        if delay_of(table, v) > 0:
            out.append(Message(group_name(int(table.pk), part), payload, delayed=True,
                               exclude=exclude))
        else:
            parts[part] = {"payload": payload, "user": users.get(part), "exclude": exclude}
    out.insert(0, Message(group_name(int(table.pk), "all"), {}, parts=parts))
    return out


def _players_of_match(table: PlayTable, rows: list[PlaySeat]) -> list[int]:
    """The accounts that must never get the all-hands stream: this table's players and the
    other room's (a socket that was a spectator's a moment ago drops such a message)."""
    ids = {int(r.user_id) for r in rows if r.user_id is not None}
    others = other_rooms(table)
    if others:
        ids.update(int(u) for u in PlaySeat.objects.filter(table__in=others, user__isnull=False)
                   .values_list("user_id", flat=True) if u is not None)
    return sorted(ids)


def _to_all(table: PlayTable, payload: dict[str, Any]) -> list[Message]:
    """``payload`` for every socket of the table, a late stream's when it comes of age (the
    table's end is news of the position: a delayed spectator hears of it after the last
    card, not before)."""
    everyone = group_name(int(table.pk), "all")
    if delay_of(table, _DELAYED) <= 0:
        return [Message(everyone, payload)]
    return [Message(everyone, payload, skip=[WATCHALL]),
            Message(group_name(int(table.pk), WATCHALL), payload, delayed=True)]


def _seats_message(table: PlayTable) -> Message:
    return Message(group_name(int(table.pk), "all"), {"type": "seats", "table": table_info(table)})


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
        from ..events.services import _deals_of

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


# ---------------------------------------------------------------------------- seats

def _seating_change(table_id: int, user: AnyUser | None, change: Any) -> Outcome:
    """Run ``change(table, rows, seating)`` (which saves the rows it changes) under the
    table's lock, then start the first board if the four seats are filled."""
    with _lock(table_id), transaction.atomic():
        table = _locked_table(table_id)
        if table is None:
            raise NotAllowed("no such table", "没有这张牌桌", "not_found")
        rows = _seats(table)
        try:
            change(table, rows, _seating(rows, table.grace_seconds))
        except SeatingError as e:
            raise _seating_refused(e) from None
        rows = _seats(table)
        out = Outcome(int(table.pk))
        board = current_board(table)
        state = None
        if board is None and _seating(rows, table.grace_seconds).is_full:
            board = _start_board(table, rows, 1)
            table.save(update_fields=["status"])
            state = _start_state(board, table)
            out.messages += _render(table, rows, "board", board.index, 0, state)
        elif board is not None and board.finished is None:
            state = state_of(board)
        out.messages.insert(0, _seats_message(table))
        out.due = _due_after(table, rows, board, state)
        _set_due(table, out.due)
        out.board_id = int(board.pk) if board else None
        out.seq = _seq_of(board) if board is not None else 0
        out.delay = table.spectator_delay
        _tell(out)  # on commit, still under the lock: messages leave in order
    return out


def _save_seat(row: PlaySeat, **values: Any) -> None:
    for k, v in values.items():
        setattr(row, k, v)
    row.save(update_fields=list(values))


def sit(table: PlayTable, user: AnyUser, seat: Seat) -> Outcome:
    if not may_enter_room(user, table.room):
        raise NotAllowed("Only the club's members may sit at this table.",
                         "只有本俱乐部会员可以在此桌入座。")

    held = matches.holder_of(table)
    if held is not None and seat_of(table, user) is None and not held.may_sit(user):
        raise NotAllowed("You play in this competition: you may sit only at your own table.",
                         "您参加了本项比赛：只能在自己的牌桌入座。", "not_your_table")

    def change(t: PlayTable, rows: list[PlaySeat], s: Seating) -> None:
        if t.status == PlayTable.Status.FINISHED:
            raise NotAllowed("this table's session is over", "本桌已经结束", "table_finished")
        _not_seen_hands(t, user)
        s.sit(seat, str(user.pk), now=timezone.now().timestamp())
        _save_seat(rows[seat.value], user=user, robot=False, away_since=None)

    return _seating_change(int(table.pk), user, change)


def _not_seen_hands(table: PlayTable, user: AnyUser) -> None:
    """A spectator who has seen every hand does not sit down to play them (the library's
    rule: ``table.across.seen_hands_refusal``)."""
    if seat_of(table, user) is not None:
        return  # already seated here: Seating.sit refuses a second seat
    uid = int(user.pk or 0)
    others = [t.pk for t in other_rooms(table)]
    board = current_board(table)
    in_play = board is not None and board.finished is None
    refused = across.seen_hands_refusal(
        seen_other_room=bool(others) and HandsSeen.objects.filter(
            user_id=uid, table_id__in=others).exists(),
        seen_here=in_play and HandsSeen.objects.filter(user_id=uid, table=table).exists(),
        board_in_play=in_play)
    if refused is not None:
        raise NotAllowed(refused.en, refused.zh, refused.code)


def stand(table: PlayTable, user: AnyUser) -> Outcome:
    def change(t: PlayTable, rows: list[PlaySeat], s: Seating) -> None:
        seat = s.seat_of(str(user.pk))
        if seat is None:
            raise NotAllowed("you have no seat at this table", "您在本桌没有座位", "not_seated")
        s.stand(seat)
        _vacate(t, rows[seat.value])

    return _seating_change(int(table.pk), user, change)


def _vacate(table: PlayTable, row: PlaySeat) -> None:
    # A board in progress goes on with a robot in the seat (the other three are not kept
    # waiting); between boards the seat is empty.
    board = current_board(table)
    in_progress = board is not None and board.finished is None
    _save_seat(row, user=None, robot=in_progress, away_since=None)


def _host_only(table: PlayTable, actor: AnyUser) -> None:
    if not is_host(table, actor):
        raise NotAllowed("Only the table's host may do this.", "只有本桌桌主可以执行此操作。",
                         "not_host")


def seat_robot(table: PlayTable, actor: AnyUser, seat: Seat) -> Outcome:
    _host_only(table, actor)

    def change(t: PlayTable, rows: list[PlaySeat], s: Seating) -> None:
        s.seat_robot(seat)
        _save_seat(rows[seat.value], user=None, robot=True, away_since=None)

    return _seating_change(int(table.pk), actor, change)


def fill_with_robots(table: PlayTable, actor: AnyUser) -> Outcome:
    """Robots in every empty seat (one person practising)."""
    _host_only(table, actor)

    def change(t: PlayTable, rows: list[PlaySeat], s: Seating) -> None:
        for seat in Seat:
            if s[seat].empty and s[seat].reserved_for is None:
                _save_seat(rows[seat.value], robot=True, away_since=None)

    return _seating_change(int(table.pk), actor, change)


def remove_player(table: PlayTable, actor: AnyUser, seat: Seat) -> Outcome:
    """The host empties a seat (a player, or a robot)."""
    _host_only(table, actor)

    def change(t: PlayTable, rows: list[PlaySeat], s: Seating) -> None:
        s.stand(seat)
        row = rows[seat.value]
        if row.user_id is None:  # a robot leaves: the seat is empty
            board = current_board(t)
            if board is not None and board.finished is None:
                raise NotAllowed("a robot finishes the board it is playing",
                                 "机器人要打完这副牌", "board_in_progress")
            _save_seat(row, robot=False)
        else:
            _vacate(t, row)

    return _seating_change(int(table.pk), actor, change)


def reserve(table: PlayTable, actor: AnyUser, seat: Seat, user: User | None) -> Outcome:
    _host_only(table, actor)

    def change(t: PlayTable, rows: list[PlaySeat], s: Seating) -> None:
        s.reserve(seat, str(user.pk) if user is not None else None)
        _save_seat(rows[seat.value], reserved_for=user)

    return _seating_change(int(table.pk), actor, change)


def assign_seats(table: PlayTable, seats: Sequence[User | bool | None]) -> Outcome:
    """Seat a table as a competition's draw says (the caller checked the rights): for N, E,
    S, W a user, ``True`` (a robot) or ``None`` (left empty).  A user is seated as away
    until their first connection, so the table's grace period applies to a player who does
    not come (then a robot stands in); the first board starts once the four are filled."""
    if len(seats) != 4:
        raise BridgeError(f"a table has four seats, not {len(seats)}",
                          f"一张牌桌有四个座位，而不是 {len(seats)} 个")
    now = timezone.now()

    def change(t: PlayTable, rows: list[PlaySeat], s: Seating) -> None:
        for row, who in zip(rows, seats, strict=True):
            if who is True:
                _save_seat(row, user=None, robot=True, away_since=None)
            elif isinstance(who, User):
                _save_seat(row, user=who, robot=False, away_since=now)

    return _seating_change(int(table.pk), None, change)


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


# ---------------------------------------------------------------------------- acting


def _canonical(action: Action) -> dict[str, Any]:
    """The action as stored in ``Move.data`` (the protocol's spelling, nothing else)."""
    if isinstance(action, MakeCall):
        out: dict[str, Any] = {"type": "call", "call": str(action.call)}
        if action.alert:
            out["alert"] = action.alert
        return out
    if isinstance(action, PlayCard):
        return {"type": "card", "card": str(action.card)}
    if isinstance(action, Claim):
        return {"type": "claim", "tricks": action.tricks, "statement": action.statement}
    if isinstance(action, AnswerClaim):
        return {"type": "claim_answer", "accept": action.accept}
    if isinstance(action, WithdrawClaim):
        return {"type": "claim_withdraw"}
    if isinstance(action, RequestUndo):
        return {"type": "undo"}
    if isinstance(action, AnswerUndo):
        return {"type": "undo_answer", "accept": action.accept}
    if isinstance(action, WithdrawUndo):
        return {"type": "undo_withdraw"}
    raise AssertionError(f"unknown action {action!r}")  # pragma: no cover


TABLE_ACTIONS = frozenset({"call", "card", "claim", "claim_answer", "claim_withdraw", "undo",
                           "undo_answer", "undo_withdraw"})


def act(table: PlayTable, user: AnyUser, data: dict[str, Any]) -> Outcome:
    """A player's call, card, claim, answer or undo request: checked, stored, told.  The
    acting seat is the user's seat at the table, never the message's."""
    if not isinstance(data, dict) or data.get("type") not in TABLE_ACTIONS:
        kind = data.get("type") if isinstance(data, dict) else None
        raise TableActionError("bad_message", f"unknown message type {kind!r:.40}",
                               f"未知的消息类型 {kind!r:.40}")
    if not user.is_authenticated:
        raise NotAllowed("Log in first.", "请先登录。", "not_authenticated")
    return _act(int(table.pk), lambda t, rows, state: _user_action(t, rows, user, data, state),
                by_user=user)


def _user_action(table: PlayTable, rows: list[PlaySeat], user: AnyUser, data: dict[str, Any],
                 state: TableState | None) -> Action:
    seat = next((Seat(r.seat) for r in rows if r.user_id == user.pk), None)
    if seat is None:
        raise NotAllowed("you have no seat at this table: spectators watch only",
                         "您在本桌没有座位：观众只能观看", "not_seated")
    if state is None:
        raise TableActionError("no_board", "no board is being played at this table",
                               "本桌现在没有进行中的牌")
    return action_from_dict(seat, data)


def _act(table_id: int, choose: Any, *, by_user: AnyUser | None = None,
         robot: bool = False, expect: tuple[int, int] | None = None) -> Outcome:
    """The one path of every move: lock, replay, check, insert, then tell.  ``choose(table,
    rows, state)`` gives the action (or None: nothing to do).  ``expect``: (board, seq) the
    caller saw; a table that moved on since makes this a no-op (a robot's stale turn)."""
    for attempt in range(3):
        try:
            with _lock(table_id):
                with transaction.atomic():
                    out = _act_once(table_id, choose, by_user, robot, expect)
                # Handed on under the lock: the table's messages leave in the moves' order.
                _tell(out)
            break
        except IntegrityError:
            # Another server stored a move with this number first: replay what it stored.
            log.info("table %s: a move raced in; replaying (attempt %s)", table_id, attempt)
            with _states_lock:
                _states.clear()
            if attempt == 2:
                raise TableActionError("busy", "the table changed meanwhile: try again",
                                       "牌桌刚刚有变化：请重试") from None
    if out.ended:
        _after_board(out)
    return out


def _act_once(table_id: int, choose: Any, by_user: AnyUser | None, robot: bool,
              expect: tuple[int, int] | None) -> Outcome:
    table = _locked_table(table_id)
    if table is None:
        raise NotAllowed("no such table", "没有这张牌桌", "not_found")
    rows = _move_seats(table)
    board, seq = _board_and_seq(table)
    out = Outcome(table_id, delay=table.spectator_delay)
    if table.status == PlayTable.Status.FINISHED and (board is None or board.finished is None):
        # Stopped for good (a competition's round ended: its unfinished board is cut).
        if robot or expect is not None:
            return out
        raise TableActionError("table_finished", "this table's session is over: the board "
                               "was cut when the round ended",
                               "本桌已经结束：这副牌在本轮结束时已被切断")
    if board is None or board.finished is not None:
        # A robot has nothing to do; a player's action says why not (no board).
        if expect is not None or choose(table, rows, None) is None:
            return out
        raise TableActionError("board_over", "the board is over: the next one starts soon",
                               "这副牌已经结束：下一副即将开始")
    if expect is not None and expect != (int(board.pk), seq):
        return out
    state = _state_at(board, table, seq)
    action = choose(table, rows, state)
    if action is None:
        out.seq, out.board_id = seq, int(board.pk)
        if table.due is None or table.due <= timezone.now():  # a stale wake-up: set it right
            out.due = _due_after(table, rows, board, state)
            _set_due(table, out.due)
        return out
    new, events = apply(state, action)  # raises TableActionError: nothing is stored
    user = by_user if by_user is not None and by_user.is_authenticated else None
    _INSERT_MOVE.rows([Move(board=board, seq=seq + 1, seat=action.seat.value,
                            data=_canonical(action), by_user=user, by_robot=robot)])
    _remember(int(board.pk), seq + 1, new)
    out.seq, out.board_id = seq + 1, int(board.pk)
    ended = next((e for e in events if isinstance(e, BoardEnded)), None)
    if ended is not None:
        board.result = str(ended.result) if ended.result.declarer is not None else "pass"
        board.score_ns = ended.score_ns
        board.finished = timezone.now()
        board.save(update_fields=["result", "score_ns", "finished"])
        out.ended = True
        if board.index >= table.boards:
            table.status = PlayTable.Status.FINISHED
            table.save(update_fields=["status"])
            out.finished = True
    out.messages = _render(table, rows, "update", board.index, seq + 1, new, events)
    if out.finished:
        out.messages += _to_all(table, {"type": "finished"})
    out.due = _due_after(table, rows, board, new)
    _set_due(table, out.due)
    return out


def robot_turn(table_id: int, expect: tuple[int, int] | None = None, *,
               decide: Callable[[TableState, Seat], Action | None] | None = None
               ) -> Outcome | None:
    """One action of a robot the table waits for (a robot's seat, or a player away past the
    grace period), through the same path as a person's.  ``decide(state, seat)``: the action
    instead of the robot's own choice (the demo's robots that err now and then)."""
    from ...robots.table import robot_action

    def choose(table: PlayTable, rows: list[PlaySeat], state: TableState | None) -> Action | None:
        if state is None or not _is_due(table.due):
            return None  # not due (another server's sweep or a person moved first)
        seating = _seating(rows, table.grace_seconds)
        for seat in state.to_act:
            if seating.robot_plays(seat):
                if decide is not None:
                    return decide(state, seat)
                return robot_action(state, seat, solver=robot_solver())
        return None

    out = _act(table_id, choose, robot=True, expect=expect)
    return out if out.messages else None


def robot_solver() -> str:
    return str(getattr(settings, "BRIDGESCORE_PLAY_ROBOT_SOLVER", "auto"))


# ---------------------------------------------------------------------------- boards


# What else must hear of a finished board (the competitions: ``web.compete`` registers
# here, so that this app never imports them).  Each is called with the committed board,
# outside the table's lock; a hook that fails is logged and the others still run.
_board_hooks: list[Callable[[PlayBoard], Any]] = []


def on_board_end(hook: Callable[[PlayBoard], Any]) -> None:
    """Call ``hook(board)`` after every board that ends at a table (registered once)."""
    if hook not in _board_hooks:
        _board_hooks.append(hook)


def _after_board(out: Outcome) -> None:
    """A board ended (committed): its result into the event and to the hooks, then the next
    board at once when there is no pause (else ``wake`` starts it when due)."""
    if out.board_id is None:
        return
    board = PlayBoard.objects.select_related("table").filter(pk=out.board_id).first()
    if board is None:
        return
    if board.table.event_id is not None:
        enter_result(board)
    for hook in list(_board_hooks):
        try:
            hook(board)
        except Exception:
            log.exception("table %s board %s: a board-end hook failed", board.table_id,
                          board.index)
    if next_board_seconds() <= 0 and not out.finished:
        _next_board(out.table_id)


def _next_board(table_id: int) -> Outcome | None:
    with _lock(table_id):
        with transaction.atomic():
            out = _next_board_once(table_id)
        if out is not None:
            _tell(out)
    return out


def _next_board_once(table_id: int) -> Outcome | None:
    table = _locked_table(table_id)
    if table is None or table.status == PlayTable.Status.FINISHED:
        return None
    board = current_board(table)
    rows = _seats(table)
    step = across.next_board(
        over=False, boards=table.boards,
        board=None if board is None else (board.index, board.finished),
        full=_seating(rows, table.grace_seconds).is_full)
    if step == "none" or board is None:
        return None
    if step == "wait":
        # A seat emptied between boards: the table waits for a player (or a robot).
        _set_due(table, None)
        return None
    try:
        new = _start_board(table, rows, board.index + 1)
    except NoBoard as e:
        # Nothing left for these four (the board pool): the table's session is over.
        table.status = PlayTable.Status.FINISHED
        table.save(update_fields=["status"])
        _set_due(table, None)
        return Outcome(table_id, _seq_of(board), int(board.pk),
                       [_seats_message(table),
                        *_to_all(table, {"type": "finished", "cut": False,
                                         "reason": {"en": e.en, "zh": e.zh}})],
                       delay=table.spectator_delay, finished=True)
    table.save(update_fields=["status"])
    state = _start_state(new, table)
    out = Outcome(table_id, 0, int(new.pk), delay=table.spectator_delay)
    out.messages = [_seats_message(table), *_render(table, rows, "board", new.index, 0, state)]
    out.due = _due_after(table, rows, new, state)
    _set_due(table, out.due)
    return out


def _event_table(table: PlayTable) -> int:
    """The event's table number the result goes to.  For a team match, the room label
    picks the open room (the lower-numbered table of the match) or the closed room, whether
    ``event_table`` names this room's own table or either table of the match."""
    from ..events import services as ev

    number = int(table.event_table or 0)
    if not table.room_label or table.event is None:
        return number
    here = ev.assignment_at(table.event, int(table.event_round or 0), number)
    if here is None:
        return number
    for a in ev.assignments_of(table.event):
        if (a.round == here.round and a.table != here.table and a.ns_pair == here.ew_pair
                and a.ew_pair == here.ns_pair and tuple(a.boards) == tuple(here.boards)):
            low, high = sorted((a.table, here.table))
            return low if table.room_label == PlayTable.RoomLabel.OPEN else high
    return number


def enter_result(board: PlayBoard) -> int | None:
    """Enter a finished board's result into the table's event, as the event table's phone
    would (retry-safe: keyed by the board); its entry number, or None if refused."""
    from ..events import services as ev
    from ..events.models import Table as EventTable

    table = board.table
    if table.event is None or board.finished is None or board.entry_seq is not None:
        return board.entry_seq
    number = _event_table(table)
    phone = EventTable.objects.filter(event=table.event, number=number).first()
    actor = ev.Actor(table=phone) if phone is not None else ev.Actor()
    if board.result == "pass":
        fields: dict[str, object] = {"board": board.number, "contract": "pass"}
    else:
        parts = board.result.split()  # '4SX N -2'
        fields = {"board": board.number, "contract": parts[0], "declarer": parts[1],
                  "result": parts[2] if len(parts) > 2 else "="}
    try:
        stored = ev.enter(table.event, actor, round=int(table.event_round or 0), table=number,
                          fields=fields, key=f"play-{table.pk}-{board.index}")
    except BridgeError as e:
        log.warning("table %s board %s: result not entered into event %s: %s", table.pk,
                    board.number, table.event_id, e.en)
        return None
    PlayBoard.objects.filter(pk=board.pk).update(entry_seq=stored.row.seq)
    board.entry_seq = stored.row.seq
    return stored.row.seq


# ---------------------------------------------------------------------------- timers


def _is_due(due: datetime.datetime | None) -> bool:
    # A loop's timer may fire a little before the wall clock reaches ``due``.
    return due is not None and due <= timezone.now() + datetime.timedelta(milliseconds=50)


def wake(table_id: int) -> Outcome | None:
    """Do what is due at the table now (a robot's action, the next board), if anything."""
    table = PlayTable.objects.filter(pk=table_id).only("due", "status").first()
    if table is None or not _is_due(table.due):
        return None
    board = current_board(table)
    if board is not None and board.finished is not None:
        return _next_board(table_id)
    return robot_turn(table_id)


def connected(table: PlayTable, user: User, channel: str) -> Outcome | None:
    """A WebSocket of ``user`` opened at the table: counted; a player who was away is back
    (the robot that stood in gives the seat back)."""
    now = timezone.now()
    PlayConnection.objects.update_or_create(
        channel=channel, defaults={"table": table, "user_id": user.pk, "server": SERVER_ID,
                                   "seen": now})
    return _presence(int(table.pk), int(user.pk))


def disconnected(table_id: int, user_id: int, channel: str) -> Outcome | None:
    PlayConnection.objects.filter(channel=channel).delete()
    return _presence(table_id, user_id)


def _presence(table_id: int, user_id: int, *, away_from: datetime.datetime | None = None
              ) -> Outcome | None:
    """The user's seat brought in line with their live connections."""
    if not _presence_changes(table_id, user_id):
        return None
    with _lock(table_id), transaction.atomic():
        table = _locked_table(table_id)
        if table is None:
            return None
        row = PlaySeat.objects.filter(table=table, user_id=user_id).first()
        if row is None:
            return None
        live = PlayConnection.objects.filter(table=table, user_id=user_id).exists()
        if live and (row.away_since is not None or row.robot):
            _save_seat(row, away_since=None, robot=False)  # back: the robot gives way
        elif not live and row.away_since is None:
            _save_seat(row, away_since=away_from or timezone.now())
        else:
            return None
        rows = _seats(table)
        board = current_board(table)
        state = state_of(board) if board is not None and board.finished is None else None
        out = Outcome(table_id, _seq_of(board) if board else 0,
                      int(board.pk) if board else None, [_seats_message(table)],
                      delay=table.spectator_delay)
        out.due = _due_after(table, rows, board, state)
        _set_due(table, out.due)
        _tell(out)
    return out


def _presence_changes(table_id: int, user_id: int) -> bool:
    """Whether the user's seat disagrees with their connections, read without the table's
    lock or a write transaction: the common case (a player who was not away connects, a
    spectator comes or goes) then takes no write lock at all, which on SQLite is the one
    writer every other table waits for.  Safe: every caller has committed its own
    connection row first, and the locked path checks again."""
    row = (PlaySeat.objects.filter(table_id=table_id, user_id=user_id)
           .values_list("away_since", "robot").first())
    if row is None:
        return False
    live = PlayConnection.objects.filter(table_id=table_id, user_id=user_id).exists()
    away_since, robot = row
    return (away_since is not None or robot) if live else away_since is None


_beat = [0.0]  # time.monotonic() of this server's last refresh of its connections


def sweep() -> int:
    """What every server does every second: keep its connections alive, forget a dead
    server's, put robots in for players away past the grace period (a disconnection when a
    board is in progress), and wake the overdue tables.  How many tables it woke."""
    now = timezone.now()
    if time.monotonic() - _beat[0] >= HEARTBEAT_SECONDS:
        # Every HEARTBEAT_SECONDS, not every sweep: a write of every connection's row (a
        # thousand at 250 tables) each second held SQLite's one write lock for nothing.
        _beat[0] = time.monotonic()
        PlayConnection.objects.filter(server=SERVER_ID).update(seen=now)
    stale = now - datetime.timedelta(seconds=STALE_SECONDS)
    dead = list(PlayConnection.objects.filter(seen__lt=stale).values_list(
        "channel", "table_id", "user_id", "seen"))
    for channel, table_id, user_id, seen in dead:
        PlayConnection.objects.filter(channel=channel).delete()
        _presence(table_id, user_id, away_from=seen)
    _grace(now)
    # Overdue by more than a second: the server that scheduled it is gone or slow.
    late = now - datetime.timedelta(seconds=1)
    woken = 0
    for table_id in PlayTable.objects.filter(due__lt=late).values_list("pk", flat=True)[:200]:
        if _claim_due(int(table_id)):
            try:
                if wake(int(table_id)) is not None:
                    woken += 1
            except BridgeError as e:
                log.warning("table %s: the sweep could not move on: %s", table_id, e.en)
    _retry_entries()
    return woken


def _claim_due(table_id: int) -> bool:
    """Whether this server may wake the table now: on PostgreSQL, a row nobody else holds
    (``skip_locked``: two servers' sweeps never queue on one table)."""
    if not connection.features.has_select_for_update:
        return True
    with transaction.atomic():
        return _locked_table(table_id, skip_locked=True) is not None


def _grace(now: datetime.datetime) -> None:
    away = (PlaySeat.objects.filter(user__isnull=False, robot=False, away_since__isnull=False)
            .select_related("table"))
    for row in away:
        since, user_id = row.away_since, row.user_id
        if since is None or user_id is None:
            continue
        if (now - since).total_seconds() < row.table.grace_seconds:
            continue
        _stand_in(int(row.table_id), int(user_id), now)


def _stand_in(table_id: int, user_id: int, now: datetime.datetime) -> None:
    with _lock(table_id), transaction.atomic():
        table = _locked_table(table_id)
        if table is None:
            return
        rows = _seats(table)
        seating = _seating(rows, table.grace_seconds)
        board = current_board(table)
        in_progress = board is not None and board.finished is None
        seating, events = seating.tick(now.timestamp(), in_progress)
        changed = False
        for e in events:
            row = rows[e.seat.value]
            if isinstance(e, RobotStandsIn):
                _save_seat(row, robot=True)
                changed = True
            elif isinstance(e, Disconnected) and row.away_since is not None:
                # Once: unique (user, table, dropped_at) — a second sweep finds the row.
                Disconnection.objects.get_or_create(
                    user_id=int(e.player), table=table, dropped_at=row.away_since,
                    defaults={"board": board, "seat": e.seat.value})
        if not changed:
            return
        rows = _seats(table)
        state = state_of(board) if board is not None and in_progress else None
        out = Outcome(table_id, _seq_of(board) if board else 0,
                      int(board.pk) if board else None, [_seats_message(table)],
                      delay=table.spectator_delay)
        out.due = _due_after(table, rows, board, state)
        _set_due(table, out.due)
        _tell(out)


_entries_checked = [0.0]


def _retry_entries() -> None:
    # A board whose result did not reach its event (the server died between the two, or
    # the event refused it): tried again every 30 s.

    if time.monotonic() - _entries_checked[0] < 30:
        return
    _entries_checked[0] = time.monotonic()
    for board in (PlayBoard.objects.filter(table__event__isnull=False, finished__isnull=False,
                                           entry_seq__isnull=True)
                  .select_related("table", "table__event")[:50]):
        enter_result(board)


# ---------------------------------------------------------------------------- hello


def hello(table: PlayTable, user: AnyUser, v: Viewer) -> dict[str, Any]:
    """The first message of a connection (and after every seating change of its own): the
    table, who you are, and the board's position exactly as stored; for a late stream
    (``delay_of``), the position as it stood that many seconds ago, the rest following
    through the stream as it comes of age."""
    board = current_board(table)
    if v.sees_all and user.is_authenticated:
        # Remembered for good: sit() refuses such a spectator a seat mid-board here and in
        # the other room of the match.
        HandsSeen.objects.get_or_create(user_id=user.pk, table=table)
    out: dict[str, Any] = {"type": "hello", "board_index": 0, "seq": 0,
                           "table": table_info(table),
                           "you": {"seat": v.seat.letter if v.seat is not None else None,
                                   "host": is_host(table, user), "sees_all": v.sees_all},
                           "view": None}
    delay = delay_of(table, v)
    if delay > 0:
        late = _late_position(table, board, delay)
        out["table"] = late_table(out["table"], late.index, late.over)
        if late.state is not None:
            out["board_index"], out["seq"] = late.index, late.seq
            out["view"] = view(late.state, v)
    elif board is not None:
        # The position at the one ``seq`` read: nothing holds the table here, so a move
        # committed between two reads would give a view one move behind its ``seq``, and the
        # socket would then drop that move's update as already seen (the table waited on a
        # card its player was never shown).
        seq = _seq_of(board)
        out["board_index"] = board.index
        out["seq"] = seq
        out["view"] = view(_state_at(board, table, seq), v)
    return out


@dataclass(frozen=True)
class LatePosition:
    """The table as a stream ``delay`` seconds late shows it now (``_late_position``)."""

    index: int  # the board shown (0: none yet)
    seq: int  # its moves shown
    state: TableState | None
    over: bool  # the table's session is over, and its last position is shown


def _late_position(table: PlayTable, live: PlayBoard | None, delay: int) -> LatePosition:
    """The position as it stood ``delay`` seconds ago: the last board started by then, after
    its moves made by then (which boards and moves: the library's ``seen_after_delay``, over
    the rows' times).  The moves made since reach the socket through its late stream, each
    when it comes of age (the socket joined the stream before this was read)."""
    if live is None:
        return LatePosition(0, 0, None, False)
    now = timezone.now().timestamp()
    starts = list(PlayBoard.objects.filter(table=table).order_by("index")
                  .values_list("index", "started"))
    shown = seen_after_delay([started.timestamp() for _, started in starts], now, delay)
    if shown == 0:
        return LatePosition(0, 0, None, False)
    index = int(starts[shown - 1][0])
    board = live if index == live.index else PlayBoard.objects.get(table=table, index=index)
    board.table = table
    moves = board_moves(board)
    seq = seen_after_delay([m.at.timestamp() for m in moves], now, delay)
    state = _replay(_start_state(board, table), moves[:seq])
    over = (table.status == PlayTable.Status.FINISHED and index == live.index
            and seq == len(moves))
    return LatePosition(index, seq, state, over)


def late_table(info: dict[str, Any], board_index: int, over: bool) -> dict[str, Any]:
    """``table_info`` as a late stream may have it: the board it is shown (``board_index``),
    and the table finished only once its end is shown (``over``), not before."""
    status = str(info["status"])
    if status == PlayTable.Status.FINISHED.value and not over:
        status = PlayTable.Status.PLAYING.value
    if status == PlayTable.Status.PLAYING.value and board_index == 0:
        status = PlayTable.Status.WAITING.value
    return {**info, "board_index": board_index, "status": status}


def _tell(out: Outcome) -> None:
    """Hand the messages and the next wake-up to the live layer, once committed."""
    if connection.in_atomic_block:
        transaction.on_commit(lambda: live.deliver(out))
    else:
        live.deliver(out)


def phase_of(board: PlayBoard) -> Phase:
    return state_of(board).phase


live.register(wake=wake, sweep=sweep)
