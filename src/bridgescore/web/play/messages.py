"""What an online table tells its sockets: the groups, the messages and the hello.

A change is rendered once, on the server that made it (``_render``: each viewer's view), into
an ``Outcome`` that the live layer (``live``) sends once the change is committed (``_tell``).
A connection's first message is its ``hello``; a late stream (the all-hands spectators') is
shown the table as it stood ``delay_of`` seconds ago.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from ...core.seat import Seat
from ...table.state import TableState
from ...table.views import Viewer, event_dict, seen_after_delay, view, views
from ..clubs.roles import AnyUser
from . import live
from .access import _name, _seats, is_host, other_rooms
from .models import HandsSeen, PlayBoard, PlaySeat, PlayTable
from .position import _replay, _seq_of, _start_state, _state_at, board_moves, current_board

__all__ = [
    "LatePosition",
    "Message",
    "Outcome",
    "delay_of",
    "group_name",
    "hello",
    "late_table",
    "seat_part",
    "table_info",
    "viewer_part",
]


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
