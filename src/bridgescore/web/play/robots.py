"""What the server does at an online table by itself: a robot's turn, the next board.

A table the server must move on has ``PlayTable.due`` set (``tables._due_after``); ``wake``
does what is due: the next board after the pause (``services._next_board``), or one action of
a robot the table waits for, through the same path as a person's (``services._act``).

A robot's turn has three steps, so that its thinking never holds the table's lock or a
database thread (``thinking``): ``read_turn`` reads the position without the lock, the
robot decides in a worker process (``thinking.submit``), and ``finish_turn`` stores the
action only if the table is still where it was read (``expect``).  The server's loop runs
them with the thinking awaited in between (``live``); the sweep and commands run them in
one call (``robot_turn``).
"""

from __future__ import annotations

import datetime
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass

from django.conf import settings
from django.utils import timezone

from ...core.seat import Seat
from ...table.actions import Action
from ...table.state import TableState
from . import thinking
from .access import _seating
from .messages import Outcome
from .models import PlaySeat, PlayTable
from .position import _state_at, current_board
from .services import _act, _board_and_seq, _move_seats, _next_board

__all__ = [
    "Turn",
    "finish_turn",
    "read_turn",
    "robot_scoring",
    "robot_solver",
    "robot_turn",
    "scoring_source",
    "wake",
]


@dataclass(frozen=True)
class Turn:
    """A robot's turn read from a table: what to decide (``job``) and the position it was
    read at (``expect``: board id, moves made)."""

    table_id: int
    expect: tuple[int, int]
    job: thinking.Job

    def think(self) -> Future[Action | None]:
        """The decision, off this thread (``thinking.submit``)."""
        return thinking.submit(self.job)

    def finish(self, action: Action | None) -> Outcome | None:
        return finish_turn(self, action)


# Tables whose robot's turn this process has read and not yet stored: the sweep leaves them
# be (it wakes tables overdue by a second, and a robot with work queued before it can be
# that late: waking it again would queue the same decision twice).  The timers ignore it:
# a table has one timer a move.
_in_hand: set[int] = set()
_in_hand_lock = threading.Lock()


def read_turn(table_id: int) -> Turn | None:
    """The robot's turn the table waits for now, read without the table's lock, or
    ``None`` (not due, no robot to act, a board not in play)."""
    table = PlayTable.objects.filter(pk=table_id).first()
    if table is None or not _is_due(table.due):
        return None
    board, seq = _board_and_seq(table)
    if board is None or board.finished is not None:
        return None
    state = _state_at(board, table, seq)
    seating = _seating(_move_seats(table), table.grace_seconds)
    for seat in state.to_act:
        if seating.robot_plays(seat):
            job = thinking.Job(state, seat, robot_solver(), salt=f"table-{table.pk}",
                               scoring=robot_scoring(table))
            with _in_hand_lock:
                _in_hand.add(table_id)
            return Turn(table_id, (int(board.pk), seq), job)
    return None


def finish_turn(turn: Turn, action: Action | None) -> Outcome | None:
    """Store the robot's ``action`` if the table is still at ``turn.expect`` and still waits
    for that robot (a person may have come back or moved first: then nothing)."""
    def choose(table: PlayTable, rows: list[PlaySeat], state: TableState | None
               ) -> Action | None:
        if state is None or not _is_due(table.due) or action is None:
            return None
        if not _seating(rows, table.grace_seconds).robot_plays(turn.job.seat):
            return None
        return action

    # Two reads of one turn (a timer and the sweep) may both think: the second to store
    # finds the table moved on and stores nothing, so a turn is never played twice.
    try:
        out = _act(turn.table_id, choose, robot=True, expect=turn.expect)
    finally:
        with _in_hand_lock:
            _in_hand.discard(turn.table_id)
    return out if out.messages else None


def robot_turn(table_id: int, expect: tuple[int, int] | None = None, *,
               decide: Callable[[TableState, Seat], Action | None] | None = None
               ) -> Outcome | None:
    """One action of a robot the table waits for (a robot's seat, or a player away past the
    grace period), in one call: read, think (waiting for it), store.  ``expect``: the
    position the caller saw (board id, moves), else none is required.  ``decide(state,
    seat)``: the action instead of the robot's own choice (the demo's robots that err now
    and then)."""
    turn = read_turn(table_id)
    if turn is None:
        return None
    if expect is not None and expect != turn.expect:
        finish_turn(turn, None)
        return None
    job = turn.job
    try:
        action = decide(job.state, job.seat) if decide is not None else turn.think().result()
    except BaseException:
        finish_turn(turn, None)  # nothing stored; the turn is no longer in hand
        raise
    return finish_turn(turn, action)


def robot_solver() -> str:
    """The robots' card player: the setting, with ``auto`` the fair robot where the solver
    is installed and the rule-of-thumb robot elsewhere (the omniscient ``dd`` robot only
    when asked for: it sees all four hands)."""
    chosen = str(getattr(settings, "BRIDGESCORE_PLAY_ROBOT_SOLVER", "auto"))
    if chosen == "auto":
        from ...deals.ddplay import endplay_available

        return "fair" if endplay_available() else "simple"
    return chosen


# Other apps that know a table's scoring (the pool: its results are scored in IMPs against
# the datum) register here, so that this app never imports them.
_scorings: list[Callable[[PlayTable], str | None]] = []


def scoring_source(source: Callable[[PlayTable], str | None]) -> None:
    """Register a function telling a table's scoring ("imp" or "mp"), or None (once)."""
    if source not in _scorings:
        _scorings.append(source)


def robot_scoring(table: PlayTable) -> str:
    """What a robot plays for: IMPs at a team match's table (it has a room) and wherever a
    registered source says so (the pool), matchpoints (the most tricks) elsewhere."""
    if table.room_label:
        return "imp"
    for source in _scorings:
        said = source(table)
        if said in ("imp", "mp"):
            return said
    return "mp"


# ---------------------------------------------------------------------------- timers


def _is_due(due: datetime.datetime | None) -> bool:
    # A loop's timer may fire a little before the wall clock reaches ``due``.
    return due is not None and due <= timezone.now() + datetime.timedelta(milliseconds=50)


def wake(table_id: int, *, sweeping: bool = False) -> Outcome | None:
    """Do what is due at the table now (a robot's action, the next board), if anything,
    in one call (the sweep's and the commands' way; the server's loop uses ``wake_step``).
    ``sweeping``: the sweep's call, which leaves a table whose robot's turn this process
    already has in hand."""
    if sweeping:
        with _in_hand_lock:
            if table_id in _in_hand:
                return None
    step = wake_step(table_id)
    if isinstance(step, Turn):
        try:
            action = step.think().result()
        except BaseException:
            finish_turn(step, None)
            raise
        return finish_turn(step, action)
    return step


def wake_step(table_id: int) -> Outcome | Turn | None:
    """What is due at the table now: the next board (done, its outcome), or a robot's turn
    to think about (a ``Turn``: the caller thinks, then calls ``turn.finish``)."""
    table = PlayTable.objects.filter(pk=table_id).only("due", "status").first()
    if table is None or not _is_due(table.due):
        return None
    board = current_board(table)
    if board is not None and board.finished is not None:
        return _next_board(table_id)
    turn = read_turn(table_id)
    if turn is None:
        # Nothing for a robot to do: a stale timer sets the table's ``due`` right.
        out = _act(table_id, lambda *_: None, robot=True)
        return out if out.messages else None
    return turn
