"""Who sits at an online table, and who may enter its room, host it or watch it.

The seats' rows read as the library's ``Seating`` (``bridgescore.table.seating``), a player's
name as the messages give it, and the rights every way in checks: the pages (``views``), the
sockets (``consumers``) and the actions (``services``).
"""

from __future__ import annotations

import datetime
from typing import Any

from ...core.seat import Seat
from ...table.seating import SeatInfo, Seating
from ...table.views import Viewer
from ..accounts.models import User
from ..clubs.roles import AnyUser, can_direct, is_member
from . import matches
from .models import PlaySeat, PlayTable, Room

__all__ = [
    "is_host",
    "may_enter_room",
    "other_rooms",
    "seat_of",
    "seating_of",
    "viewer_for",
]


# ---------------------------------------------------------------------------- reading


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
