"""What pages, the WebSocket and the robots do at an online table: one function per action.

Every rule is the library's: the board's (``bridgescore.table.state``), the seats'
(``bridgescore.table.seating``), the robots' (``bridgescore.robots.table``).  This module stores what
the library accepted and says who must be told (``messages``, then ``live``): a seat taken or
left (``sit``, ``stand``, the host's ``seat_robot``, ``reserve``…), a call, card, claim, answer
or undo (``act``), and what follows a board's end (its result, the hooks, the next board).

Persistence: every accepted call, card, claim, answer or undo is a ``Move`` row, inserted in
the transaction that replayed the board and checked the action, before anyone is told of it
(the ack, the updates).  One writer per table at a time (``tables._lock`` and
``tables._locked_table``): a thread lock in this process, and across processes the table's
row lock (PostgreSQL ``SELECT … FOR UPDATE``) or the write lock SQLite takes at the start of
every transaction (IMMEDIATE); ``unique(board, seq)`` is the last guard, and a race it refuses
is retried on the rows as they are then.

The rest of the table lives beside this module, each part importing only those before it:
``position`` (the positions kept per process), ``access`` (who sits, who may enter or watch),
``messages`` (what is sent, the hello), ``tables`` (making, locking and stopping tables, their
boards' source, when they are due), ``results`` (a board's result into its event), then above
this one ``robots`` (a robot's turn, ``wake``) and ``presence`` (connections and the sweep).

Robots and timers: a table the server must move on by itself (a robot's turn, the next board
after the pause) has ``PlayTable.due`` set; ``robots.wake`` does what is due.  The server that
made the change schedules ``wake`` on its loop (``live``); every server's ``presence.sweep``
wakes the overdue tables too, so a table moves on after any server's restart.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

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
from ...table.seating import Seating, SeatingError
from ...table.state import TableState, apply
from ..accounts.models import User
from ..clubs.roles import AnyUser
from ..core import refusals
from ..core.fastsql import Insert, Rows
from . import matches
from .access import _seating, _seats, is_host, may_enter_room, other_rooms, seat_of
from .messages import Outcome, _render, _seats_message, _tell, _to_all
from .models import HandsSeen, Move, PlayBoard, PlaySeat, PlayTable
from .position import (
    _remember,
    _seq_of,
    _start_state,
    _state_at,
    current_board,
    forget_all,
    state_of,
)
from .results import enter_result
from .tables import (
    NoBoard,
    _due_after,
    _lock,
    _locked_table,
    _set_due,
    _start_board,
    next_board_seconds,
)

log = logging.getLogger(__name__)

__all__ = [
    "TABLE_ACTIONS",
    "NotAllowed",
    "act",
    "assign_seats",
    "fill_with_robots",
    "on_board_end",
    "remove_player",
    "reserve",
    "seat_robot",
    "sit",
    "stand",
]


class NotAllowed(TableActionError, refusals.Forbidden):
    """The user may not do this here (not seated, not the host, not a member)."""

    def __init__(self, en: str, zh: str, code: str = "not_allowed") -> None:
        super().__init__(code, en, zh)


def _seating_refused(e: SeatingError) -> TableActionError:
    return TableActionError(e.code, e.en, e.zh)


# ---------------------------------------------------------------------------- the move's rows

# Every move runs these (core.fastsql: their SQL built once; compiling querysets was most of
# a move's time on PostgreSQL): its seats' rows (no names: a move needs only who sits where),
# the board being played with its moves' count, the move's insert.  The table row's lock is
# ``tables._TABLE_LOCKED``.


_SEAT_ROWS = Rows(PlaySeat, "table", order=("seat",))
_LAST_BOARD = Rows(PlayBoard, "table", order=("-index",), limit=1, extra=lambda q: [
    f"(SELECT MAX(mv.{q('seq')}) FROM {q(Move._meta.db_table)} mv "
    f"WHERE mv.{q('board_id')} = m0.{q('id')})"])
_INSERT_MOVE = Insert(Move)


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
            forget_all()
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
