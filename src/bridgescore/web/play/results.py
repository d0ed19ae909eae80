"""A finished board's result, entered into the event its table plays for.

A table of a club's event (``PlayTable.event``) enters each board's result as the event
table's phone would (``events.entries.enter``, keyed by the board: a retry stores nothing
twice).  A result that did not get there (the server died between the two, or the event
refused it) is tried again from the sweep (``_retry_entries``).
"""

from __future__ import annotations

import logging
import time

from ...core.errors import BridgeError
from .models import PlayBoard, PlayTable

log = logging.getLogger(__name__)

__all__ = [
    "enter_result",
]


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
    from ..events import entries
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
        stored = entries.enter(table.event, actor, round=int(table.event_round or 0),
                               table=number, fields=fields, key=f"play-{table.pk}-{board.index}")
    except BridgeError as e:
        log.warning("table %s board %s: result not entered into event %s: %s", table.pk,
                    board.number, table.event_id, e.en)
        return None
    PlayBoard.objects.filter(pk=board.pk).update(entry_seq=stored.row.seq)
    board.entry_seq = stored.row.seq
    return stored.row.seq


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
