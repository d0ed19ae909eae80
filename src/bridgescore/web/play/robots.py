"""What the server does at an online table by itself: a robot's turn, the next board.

A table the server must move on has ``PlayTable.due`` set (``tables._due_after``); ``wake``
does what is due: the next board after the pause (``services._next_board``), or one action of
a robot the table waits for (``robot_turn``), through the same path as a person's
(``services._act``).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

from django.conf import settings
from django.utils import timezone

from ...core.seat import Seat
from ...table.actions import Action
from ...table.state import TableState
from .access import _seating
from .messages import Outcome
from .models import PlaySeat, PlayTable
from .position import current_board
from .services import _act, _next_board

__all__ = [
    "robot_solver",
    "robot_turn",
    "wake",
]


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
