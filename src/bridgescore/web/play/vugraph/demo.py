"""A demo team match played online by robots, for the vugraph (``make run``; the lead's
``web/demo.py`` calls :func:`load_vugraph_match`): two teams, the open and the closed room
each a table of four robots on the same board set, so that the vugraph has a live match as
soon as the server runs (the play app's robot driving plays the open room's boards; each
finished board is entered into the event, and the comparison fills in against the closed
room's, played when the demo is loaded).

Made once: a second call returns the first match, whatever state its tables are in."""

from __future__ import annotations

import datetime
import random

from django.utils import timezone

from ....deals.dealing import deal_boards
from ....formats.pbn_write import boards_to_pbn
from ...accounts.models import User
from ...clubs.models import Club
from ...events import services as sv
from ...events.models import BoardSet, Event
from ...events.teams import services as teams
from .. import services as play
from .. import tables as play_tables
from ..models import PlayTable, Room

NAME_EN, NAME_ZH = "Robot teams: Pandas v Cranes (online)", "机器人队式赛：熊猫队对仙鹤队（网上）"
BOARDS = 8
SEED = "bridgescore-vugraph-demo"
ROBOT_SLIP = 0.06  # the chance a closed-room robot plays another legal card
ROBOTS = (("Robot Ann", "机器人安"), ("Robot Ben", "机器人本"), ("Robot Cai", "机器人蔡"),
          ("Robot Dai", "机器人戴"), ("Robot Eva", "机器人伊娃"), ("Robot Fan", "机器人范"),
          ("Robot Gao", "机器人高"), ("Robot Hu", "机器人胡"))


def load_vugraph_match(club: Club, director: User, today: datetime.date | None = None, *,
                       boards: int = BOARDS, robots: bool = True,
                       spectator_delay: int = 0, played_closed: bool = True) -> Event:
    """The demo match (``robots``: its eight seats filled with robots, the closed room's
    boards played already unless not ``played_closed``, the open room's as the server runs;
    else the tables wait for people to sit)."""
    found = Event.objects.filter(club=club, name_en=NAME_EN).first()
    if found is not None:
        return found
    actor = sv.Actor(director)
    guests = [teams.Guest(en, zh) for en, zh in ROBOTS]
    event = teams.create_team_event(
        club, actor, name_en=NAME_EN, name_zh=NAME_ZH, date=today or datetime.date.today(),
        movement=Event.Movement.MATCH, boards=boards, segments=1,
        teams=[teams.TeamSpec("Pandas", "熊猫队", tuple(guests[0:4])),
               teams.TeamSpec("Cranes", "仙鹤队", tuple(guests[4:8]))])
    board_set = BoardSet.objects.create(
        club=club, name=f"{NAME_EN} boards", uploaded_by=director, boards=boards,
        pbn=boards_to_pbn(deal_boards(boards, seed=SEED), event=NAME_EN))
    event.board_set = board_set
    event.save(update_fields=["board_set"])
    sv.set_status(event, actor, Event.Status.RUNNING)
    room, _ = Room.objects.get_or_create(club=club, name_en="Vugraph room",
                                         defaults={"name_zh": "转播室"})
    tables: list[PlayTable] = []
    for label, name in ((PlayTable.RoomLabel.OPEN, "Open room"),
                        (PlayTable.RoomLabel.CLOSED, "Closed room")):
        tables.append(play_tables.create_table(
            room, director, name=name, boards=boards, board_set=board_set,
            spectators_see_hands=True, spectator_delay=spectator_delay, event=event,
            event_round=1, event_table=1, room_label=label))
    if robots:
        for t in tables:
            play.fill_with_robots(t, director)
        if played_closed:
            _play_closed_room(tables[1])
    return event


def _play_closed_room(table: PlayTable) -> None:
    """The closed room played already, by robots that now and then play another legal card
    (``demo_play``): robots alone are deterministic, and two rooms of the same robots on the
    same boards would tie every board.  The open room plays when the server runs."""
    from ...compete.demo import robots_at_once
    from ...demo_play import play_as_people

    with robots_at_once():
        PlayTable.objects.filter(pk=table.pk).update(due=timezone.now())
        play_as_people([int(table.pk)], {}, random.Random(SEED), robot_slip=ROBOT_SLIP)
