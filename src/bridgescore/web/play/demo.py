"""The lobby's demo: the open room, and the demo club's room with a table where anyone who
logs in can sit at South and play with three robots.  Loading it twice changes nothing."""

from __future__ import annotations

from ...core.seat import Seat
from ..accounts.models import User
from ..clubs.models import Club
from .models import PlayTable, Room

CLUB_ROOM = ("Practice room", "练习室")
TABLE = "Robots' table"


def load_play_demo(club: Club, host: User) -> PlayTable:
    """The club's practice room and its robots' table (North, East and West robots, South
    free); the site's open room too.  Returns the table."""
    from . import services, tables
    from .views import site_room

    site_room()
    room = Room.objects.filter(club=club, name_en=CLUB_ROOM[0]).first()
    if room is None:
        room = Room.objects.create(club=club, name_en=CLUB_ROOM[0], name_zh=CLUB_ROOM[1])
    table = room.tables.filter(name=TABLE).first()
    if table is None:
        table = tables.create_table(room, host, name=TABLE, boards=8)
        for seat in (Seat.NORTH, Seat.EAST, Seat.WEST):
            services.seat_robot(table, host, seat)
    assert isinstance(table, PlayTable)
    return table
