"""A team match played online for the records tests: two teams of club members, the open and
the closed room each a PlayTable of the event (same round and table number), the same board
set in both rooms, boards played through the play services by random legal actions (the
path a person's socket takes)."""

from __future__ import annotations

import datetime
import json
import random
import re
from typing import Any, ClassVar

from django.test import override_settings

from bridgescore.core.seat import Seat
from bridgescore.deals.dealing import deal_boards
from bridgescore.formats.pbn_write import boards_to_pbn
from bridgescore.table.state import Phase
from bridgescore.web.accounts.models import User
from bridgescore.web.clubs.models import Club, Membership
from bridgescore.web.events import services as sv
from bridgescore.web.events.models import BoardSet, Event
from bridgescore.web.events.teams import services as teams
from bridgescore.web.play import position, services, tables
from bridgescore.web.play.models import PlayBoard, PlayTable, Room

from ...base import BaseTestCase, make_user

BOARDS = 2


def script_json(html: str, element_id: str) -> Any:
    """The data of a page's ``json_script`` element."""
    found = re.search(rf'id="{element_id}" type="application/json">(.*?)</script>', html, re.S)
    assert found is not None, element_id
    return json.loads(found[1])


def team_match(club: Club, director: User, *, delay: int = 0,
               see_hands: bool = True) -> tuple[Event, PlayTable, PlayTable, list[User]]:
    """The event, its open and closed rooms, and the eight players (open N E S W, then
    closed N E S W), seated."""
    people = [make_user(f"p{i}", f"Player {i}", f"牌手{i}") for i in range(1, 9)]
    for p in people:
        Membership.objects.create(club=club, player=p.player)
    actor = sv.Actor(director)
    event = teams.create_team_event(
        club, actor, name_en="Online match", name_zh="网上对抗赛",
        date=datetime.date(2026, 12, 1), movement=Event.Movement.MATCH, boards=BOARDS,
        teams=[teams.TeamSpec("Lions", "狮队", tuple(p.player for p in people[0:4])),
               teams.TeamSpec("Tigers", "虎队", tuple(p.player for p in people[4:8]))])
    sv.set_status(event, actor, Event.Status.RUNNING)
    pbn = boards_to_pbn(deal_boards(BOARDS, seed="records-tests"))
    board_set = BoardSet.objects.create(club=club, name="online", pbn=pbn, boards=BOARDS)
    room = Room.objects.create(club=club, name_en="Match room", name_zh="比赛室")
    rooms = []
    for label in ("open", "closed"):
        rooms.append(tables.create_table(
            room, director, name=label, boards=BOARDS, board_set=board_set,
            spectators_see_hands=see_hands, spectator_delay=delay, event=event,
            event_round=1, event_table=1, room_label=label))
    for t, four in zip(rooms, (people[0:4], people[4:8]), strict=True):
        for user, seat in zip(four, Seat, strict=True):
            services.sit(t, user, seat)
    return event, rooms[0], rooms[1], people


def play_board(table: PlayTable, players: list[User], rng: random.Random,
               stop_after: int | None = None) -> PlayBoard:
    """Play the table's current board by random legal actions (``stop_after`` moves: left in
    progress); the board as stored."""
    board = position.current_board(table)
    assert board is not None
    moves = 0
    while stop_after is None or moves < stop_after:
        state = position.state_of(board)
        if state.phase is Phase.DONE:
            break
        seat = state.to_act[0]
        user = players[seat.value]
        if state.phase is Phase.AUCTION:
            legal = [str(c) for c in state.legal_calls()]
            call = "Pass" if "Pass" in legal and rng.random() < 0.6 else rng.choice(legal)
            data = {"type": "call", "call": call, "alert": "natural" if rng.random() < 0.2 else None}
        else:
            data = {"type": "card", "card": str(rng.choice(state.legal_cards()))}
        services.act(table, user, data)
        moves += 1
        board.refresh_from_db()
    board.refresh_from_db()
    return board


FAST = override_settings(BRIDGESCORE_PLAY_ROBOT_SECONDS=0, BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS=0)


@FAST
class TeamMatchCase(BaseTestCase):
    """A team match of one round (its open and closed rooms' tables, the people seated)
    made once for the class, and the address of its vugraph page."""

    event: ClassVar[Event]
    open: ClassVar[PlayTable]
    closed: ClassVar[PlayTable]
    people: ClassVar[list[User]]

    @classmethod
    def setUpTestData(cls) -> None:
        super().setUpTestData()
        with FAST:
            cls.event, cls.open, cls.closed, cls.people = team_match(cls.north, cls.alice)

    def page(self) -> str:
        return f"/vugraph/{self.event.pk}/1/1/"
