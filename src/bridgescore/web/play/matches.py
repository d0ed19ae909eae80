"""The rooms of a team match played online: one question, :func:`rooms_of`, that every rule
about a match's rooms asks — who may watch a table (``services.viewer_for``: never a player
of the match), who never gets the all-hands stream (``services._players_of_match``), who
may not sit after seeing every hand (``services._not_seen_hands``), when a board's record
may be shown (``records.may_see``: the other room's players once they have played it,
everyone else once both rooms have), and which two tables the vugraph follows.

Two kinds of holder answer it:

- a club's team event (``events``): the tables of the same event and round with a room
  label; the other room is the one of the schedule's same match (:func:`match_table`);
- an app registered with :func:`register` (the online competitions, ``web.compete``: the
  tables of the same competition and round with a room label), so that this app imports
  none of them.

A finder answers only for a table of its own (``None`` otherwise); a table without a room
label is in no match, and no finder is asked (the Swiss, pool and 贴点 tables cost nothing).

``round_tables`` is every room of the same round of the same event or competition, not just
the match's other room: a round robin's matches of one round play the same boards, so a
player of any of them never watches another.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .models import PlayTable


@dataclass(frozen=True, slots=True)
class MatchRooms:
    """What ``rooms_of(table)`` knows of the table's match.

    ``other``: the match's other room (None: not found, e.g. not made yet);
    ``round_tables``: every room of the same round of the same holder, ``table`` included;
    ``club``: the club whose directors run it (they see everything at once);
    ``public``: the holder's results are for anyone, signed in or not (a published event; a
    finished competition open to all), so a finished board's record is too;
    ``holder``: the ``Event`` or the ``Competition``."""

    table: PlayTable
    other: PlayTable | None
    round_tables: tuple[PlayTable, ...]
    club: Any
    public: bool
    holder: Any

    @property
    def open(self) -> PlayTable | None:
        return self.table if self.table.room_label == PlayTable.RoomLabel.OPEN else self.other

    @property
    def closed(self) -> PlayTable | None:
        return self.table if self.table.room_label == PlayTable.RoomLabel.CLOSED else self.other

    @property
    def others(self) -> list[PlayTable]:
        """The round's other rooms: their players never watch ``table``."""
        return [t for t in self.round_tables if t.pk != self.table.pk]


Finder = Callable[[PlayTable], MatchRooms | None]
_finders: list[Finder] = []


def register(finder: Finder) -> None:
    """Another app's finder (once): ``finder(table)`` gives the table's ``MatchRooms`` when
    the table is one of its own, else None."""
    if finder not in _finders:
        _finders.append(finder)


def rooms_of(table: PlayTable) -> MatchRooms | None:
    """The match ``table`` is a room of (see the module), or None."""
    if not table.room_label:
        return None
    if table.event_id is not None:
        return _event_rooms(table)
    for finder in list(_finders):
        found = finder(table)
        if found is not None:
            return found
    return None


def other_room(table: PlayTable) -> PlayTable | None:
    rooms = rooms_of(table)
    return None if rooms is None else rooms.other


def match_table(table: PlayTable) -> int:
    """The table number a room's match goes by: the lower-numbered event table of the two
    the schedule gives the match in that round (the open room's), whether the room's
    ``event_table`` names its own table or either table of the match (as the play services
    read it when they enter a result)."""
    from ..events import services as ev

    number = int(table.event_table or 0)
    if table.event is None:
        return number
    here = ev.assignment_at(table.event, int(table.event_round or 0), number)
    if here is None:
        return number
    for a in ev.assignments_of(table.event):
        if (a.round == here.round and a.table != here.table and a.ns_pair == here.ew_pair
                and a.ew_pair == here.ns_pair and tuple(a.boards) == tuple(here.boards)):
            return min(a.table, here.table)
    return number


def _event_rooms(table: PlayTable) -> MatchRooms | None:
    tables = tuple(PlayTable.objects.filter(event_id=int(table.event_id or 0),
                                            event_round=table.event_round)
                   .exclude(room_label="").select_related("event__club").order_by("pk"))
    if not any(t.pk == table.pk for t in tables):
        tables = (table, *tables)
    other_label = (PlayTable.RoomLabel.CLOSED if table.room_label == PlayTable.RoomLabel.OPEN
                   else PlayTable.RoomLabel.OPEN)
    mine = match_table(table)
    other = next((t for t in tables if t.room_label == other_label and match_table(t) == mine),
                 None)
    event = table.event
    return MatchRooms(table, other, tables, event.club if event is not None else None,
                      bool(event is not None and event.published), event)
