"""The table across boards: what an online table does between and around its boards, the rules
the web platform asks before it stores anything (``web/play/services.py`` keeps the rows, the
locks and the messages).

- ``due``: when the server must act at a table by itself — a robot's call or card (a robot's
  seat, or a player away past the grace period: ``Seating.robot_plays``), after the robots'
  pause; the next board, the given pause after a board ends; never at a finished table, before
  the first board, after the last one, or while the table waits for a person.
- ``next_board``: what a finished board leads to — the next board when four are seated, a wait
  for a player when a seat emptied between boards, nothing after the last board.
- ``seen_hands_refusal``: a spectator who has watched a table with every hand shown does not
  sit down to play the board they saw (a seat is theirs between boards), and never plays in
  the other room of the same match (its boards are the ones they watched).

>>> import datetime as dt
>>> from bridgescore.core.seat import Seat
>>> from bridgescore.table.seating import Seating, SeatInfo
>>> t0 = dt.datetime(2026, 12, 7, 20, 0, tzinfo=dt.UTC)
>>> robots = Seating(tuple(SeatInfo(robot=True) for _ in Seat))
>>> due(now=t0, over=False, boards=2, board=(1, None), to_act=(Seat.EAST,), seating=robots,
...     robot_seconds=0.6, next_board_seconds=5).time()
datetime.time(20, 0, 0, 600000)
>>> due(now=t0, over=False, boards=2, board=(1, t0), to_act=(), seating=robots,
...     robot_seconds=0.6, next_board_seconds=5).time()
datetime.time(20, 0, 5)
>>> next_board(over=False, boards=2, board=(2, t0), full=True)
'none'
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import Literal

from ..core.seat import Seat
from .seating import Seating, SeatingError

__all__ = ["NextBoard", "due", "next_board", "seen_hands_refusal"]

# A board as these rules need it: its number at the table (1 first) and when it ended (None
# while it is played).
BoardAt = tuple[int, datetime.datetime | None]
NextBoard = Literal["none", "wait", "start"]


def due(*, now: datetime.datetime, over: bool, boards: int, board: BoardAt | None,
        to_act: Iterable[Seat], seating: Seating, robot_seconds: float,
        next_board_seconds: float) -> datetime.datetime | None:
    """When the server must act at the table by itself, or None (see the module).

    ``over``: the table's session is finished; ``boards``: how many it plays; ``board``: the
    current (last) board, None before the first; ``to_act``: the seats the position waits for
    (empty between boards)."""
    if over or board is None:
        return None
    index, finished = board
    if finished is not None:
        if index >= boards:
            return None
        return finished + datetime.timedelta(seconds=next_board_seconds)
    if any(seating.robot_plays(s) for s in to_act):
        return now + datetime.timedelta(seconds=robot_seconds)
    return None


def next_board(*, over: bool, boards: int, board: BoardAt | None, full: bool) -> NextBoard:
    """After a board: ``"start"`` the next one (four seated), ``"wait"`` for a player (a seat
    emptied between boards), or ``"none"`` (the table is over, no board has ended, or it was
    the last)."""
    if over or board is None:
        return "none"
    index, finished = board
    if finished is None or index >= boards:
        return "none"
    return "start" if full else "wait"


def seen_hands_refusal(*, seen_other_room: bool, seen_here: bool,
                       board_in_play: bool) -> SeatingError | None:
    """Why a spectator who has watched every hand may not sit here now (None: they may).

    ``seen_other_room``: they watched the other room of this table's match with every hand
    shown; ``seen_here``: they watched this table so; ``board_in_play``: a board is being
    played here."""
    if seen_other_room:
        return SeatingError("seen_hands", "You have watched the other room of this match with "
                            "every hand shown, so you may not play in it.",
                            "您已在本场比赛的另一个房间看过四家牌，因此不能在本场比赛中打牌。")
    if seen_here and board_in_play:
        return SeatingError("seen_hands", "You have watched this table with every hand shown: "
                            "take a seat between boards.", "您在本桌观看过四家牌：请在两副牌之间入座。")
    return None
