"""A team match played online: the open and the closed room are two tables of the event's
round; each room's results go to its own event table (the open room the lower-numbered
table of the match), so the match is scored board by board as both rooms finish; a player
of one room sees the other room only as the public does."""

from __future__ import annotations

import datetime

from django.test import TransactionTestCase, override_settings

from bridgescore.seat import Seat
from bridgescore.tablestate import Viewer
from bridgescore.web.clubs.models import Club, Membership
from bridgescore.web.events import services as ev
from bridgescore.web.events.models import ResultEntry
from bridgescore.web.play import services
from bridgescore.web.play.models import PlayBoard, PlayTable, Room
from bridgescore.web.teams import services as teams

from .helpers import users
from .test_sockets import FAST


@override_settings(**FAST, BRIDGESCORE_PLAY_ROBOT_SOLVER="simple")
class TeamRoomsTests(TransactionTestCase):
    def test_both_rooms_results_reach_their_tables_and_rooms_do_not_see_each_other(self) -> None:
        club = Club.objects.create(slug="north", name_en="North", name_zh="北方")
        director, ann = users("dir", "ann")
        for u, role in ((director, "director"), (ann, "member")):
            Membership.objects.create(club=club, player=u.player, role=role)
        guests = [teams.Guest(f"Lion {i}", "") for i in range(4)]
        tigers = [teams.Guest(f"Tiger {i}", "") for i in range(4)]
        event = teams.create_team_event(
            club, ev.Actor(director), name_en="Match", date=datetime.date(2026, 12, 2),
            movement="match", boards=2, segments=1,
            teams=[teams.TeamSpec("Lions", "狮队", tuple(guests)),
                   teams.TeamSpec("Tigers", "虎队", tuple(tigers))])
        ev.set_status(event, ev.Actor(director), "running")
        room = Room.objects.create(club=club, name_en="Match room")
        # Both rooms name table 1 of the match, as a vugraph set-up may: the label decides.
        rooms = {label: services.create_table(room, director, boards=2, event=event,
                                              event_round=1, event_table=1, room_label=label,
                                              spectators_see_hands=True)
                 for label in ("open", "closed")}
        services.sit(rooms["open"], ann, Seat.NORTH)
        assert services.viewer_for(rooms["closed"], ann) == Viewer(None, sees_all=False)
        assert services.viewer_for(rooms["open"], ann) == Viewer(Seat.NORTH)
        assert services.viewer_for(rooms["closed"], director) == Viewer(None, sees_all=True)
        services.stand(rooms["open"], ann)
        for t in rooms.values():
            services.fill_with_robots(t, director)
            for _ in range(1000):  # the robots' moves, one wake-up each (no server loop here)
                if services.wake(t.pk) is None:
                    break
            assert PlayTable.objects.get(pk=t.pk).status == PlayTable.Status.FINISHED
        entries = {(r.table, r.board): r for r in ResultEntry.objects.filter(event=event)}
        assert sorted(entries) == [(1, 1), (1, 2), (2, 1), (2, 2)]
        for label, number in (("open", 1), ("closed", 2)):
            line = ev.assignment_at(event, 1, number)
            assert line is not None
            for b in PlayBoard.objects.filter(table=rooms[label]):
                row = entries[(number, b.number)]
                assert (row.ns_pair, row.ew_pair) == (line.ns_pair, line.ew_pair)
                assert b.entry_seq == row.seq
        match = ev.team_state(event)
        assert match is not None
