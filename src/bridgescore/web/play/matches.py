"""What the holder of an online table rules over it, for the play app: the rooms of a team
match, who may watch or sit, and whose eyes a finished board's record may reach.  Every rule
of the play app that depends on the event or competition a table belongs to asks here, so
that this app imports none of them.

Two questions:

- :func:`rooms_of` — the rooms of a team match played online: who may watch a table
  (``access.viewer_for``: never a player of the match), who never gets the all-hands stream
  (``messages._players_of_match``), who may not sit after seeing every hand
  (``services._not_seen_hands``), when a board's record may be shown (``records.may_see``:
  the other room's players once they have played it, everyone else once both rooms have),
  and which two tables the vugraph follows.
- :func:`holder_of` — the :class:`Holder` of a table made by another app and registered
  with :func:`register`: an online competition (``web.compete.privacy``: every table a round
  made, the Swiss, pairs events, team matches, 贴点 rooms) or the board pool
  (``web.pool.privacy``).  It says whether a user may watch the table at all
  (``Holder.may_watch``: a player who may still play one of its boards never watches another
  of its tables), may sit there (``may_sit``), and what a finished board's record is to them
  (``board_verdict``: shown, not yet — a table can still play the board —, refused, or the
  play app's usual rules); it also carries the match's rooms.

A club's team event (``events``) answers ``rooms_of`` here (the tables of the same event and
round with a room label; the other room is the one of the schedule's same match:
:func:`match_table`) and has no holder: its records follow the event's own rules
(``records._event_allows``).

A finder answers only for a table of its own (``None`` otherwise).  ``rooms_of`` asks the
finders only for a table with a room label (a table without one is in no match);
``holder_of`` asks them for any table outside a club's event.

``round_tables`` is every room of the same round of the same event or competition, not just
the match's other room: a round robin's matches of one round play the same boards, so a
player of any of them never watches another.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..clubs.roles import AnyUser
from .models import PlayBoard, PlayTable


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


class Verdict(enum.Enum):
    """What a holder says of a finished board's record for one reader."""

    SHOWN = "shown"  # shown (the reader played it; a director; the pool's own rule)
    NOT_YET = "not_yet"  # a table of the holder can still play the board
    REFUSED = "refused"  # never for this reader (not one of the holder's readers)


class Holder(ABC):
    """The holder of a table (see the module): what it rules over the table for the play
    app.  ``club``: whose directors run it; ``public``: its records are anyone's, signed in
    or not (a finished competition open to all); ``holder``: the object itself; ``rooms``:
    the team match the table is a room of (None: none)."""

    club: Any = None
    public: bool = False
    holder: Any = None
    rooms: MatchRooms | None = None

    @abstractmethod
    def may_watch(self, user: AnyUser) -> bool:
        """Whether ``user``, not seated here, may watch the table at all (the table's own
        spectator settings still apply after)."""

    @abstractmethod
    def may_sit(self, user: AnyUser) -> bool:
        """Whether ``user`` may take a free seat here."""

    @abstractmethod
    def board_verdict(self, user: AnyUser, board: PlayBoard) -> Verdict | None:
        """A finished board's record for ``user``: a :class:`Verdict`, or None: the play
        app's usual rules decide (a match's rooms and delay, the room's members, the
        table's spectators)."""


Finder = Callable[[PlayTable], Holder | None]
_finders: list[Finder] = []


def register(finder: Finder) -> None:
    """Another app's finder (once): ``finder(table)`` gives the table's ``Holder`` when the
    table is one of its own, else None."""
    if finder not in _finders:
        _finders.append(finder)


def holder_of(table: PlayTable) -> Holder | None:
    """The holder another app registered for ``table`` (see the module), or None (a club's
    event's table, or an ordinary one)."""
    if table.event_id is not None:
        return None
    for finder in list(_finders):
        found = finder(table)
        if found is not None:
            return found
    return None


def rooms_of(table: PlayTable, held: Holder | None = None) -> MatchRooms | None:
    """The match ``table`` is a room of (see the module), or None.  ``held``: the table's
    holder when the caller has it already."""
    if not table.room_label:
        return None
    if table.event_id is not None:
        return _event_rooms(table)
    if held is None:
        held = holder_of(table)
    return None if held is None else held.rooms


def other_room(table: PlayTable) -> PlayTable | None:
    rooms = rooms_of(table)
    return None if rooms is None else rooms.other


def match_table(table: PlayTable) -> int:
    """The table number a room's match goes by: the lower-numbered event table of the two
    the schedule gives the match in that round (the open room's), whether the room's
    ``event_table`` names its own table or either table of the match (as ``results``
    reads it when it enters a result)."""
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
