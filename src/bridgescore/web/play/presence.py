"""Who is connected to an online table, and every server's sweep.

A socket's coming and going (``connected``, ``disconnected``) brings its player's seat in line
(away, back); ``sweep``, run by every server each second, keeps this server's connections
alive, forgets a dead server's, puts robots in for players away past the grace period, wakes
the overdue tables (``robots.wake``) and retries the results that did not reach their event
(``results``).  The live layer gets the wake-up and the sweep from here (``live.register``,
at the end: importing this module is what registers them).
"""

from __future__ import annotations

import datetime
import logging
import os
import time

from django.db import connection, transaction
from django.utils import timezone

from ...core.errors import BridgeError
from ...table.seating import Disconnected, RobotStandsIn
from ..accounts.models import User
from . import live
from .access import _seating, _seats
from .messages import Outcome, _seats_message, _tell
from .models import Disconnection, PlayConnection, PlaySeat, PlayTable
from .position import _seq_of, current_board, state_of
from .results import _retry_entries
from .robots import wake, wake_step
from .services import _save_seat
from .tables import _due_after, _lock, _locked_table, _set_due

log = logging.getLogger(__name__)

__all__ = [
    "HEARTBEAT_SECONDS",
    "SERVER_ID",
    "STALE_SECONDS",
    "connected",
    "disconnected",
    "sweep",
]


SERVER_ID = f"{os.uname().nodename}:{os.getpid()}"  # this process, in PlayConnection.server
STALE_SECONDS = 20.0  # a connection not seen for this long belonged to a dead server
HEARTBEAT_SECONDS = 5.0  # a server's sweep refreshes its own connections' ``seen`` this often


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
                if wake(int(table_id), sweeping=True) is not None:
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


live.register(wake=wake_step, sweep=sweep)
