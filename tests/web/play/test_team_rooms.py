"""A team match played online: the open and the closed room are two tables of the event's
round; each room's results go to its own event table (the open room the lower-numbered
table of the match), so the match is scored board by board as both rooms finish; a player
of one room may not watch the other room at all."""

from __future__ import annotations

import datetime

from django.test import TransactionTestCase, override_settings

from bridgescore.core.seat import Seat
from bridgescore.table.views import Viewer
from bridgescore.web.clubs.models import Club, Membership
from bridgescore.web.events import replay as ev_replay
from bridgescore.web.events import services as ev
from bridgescore.web.events.models import ResultEntry
from bridgescore.web.events.teams import services as teams
from bridgescore.web.play import access, services
from bridgescore.web.play import robots as play_robots
from bridgescore.web.play import tables as play_tables
from bridgescore.web.play.models import PlayBoard, PlayTable, Room

from .helpers import match_rooms, users
from .test_sockets import FAST


@override_settings(**FAST, BRIDGESCORE_PLAY_ROBOT_SOLVER="simple")
class TeamRoomsTests(TransactionTestCase):
    def test_both_rooms_results_reach_their_tables_and_rooms_do_not_see_each_other(self) -> None:
        made = match_rooms("ann", spectators_see_hands=True)
        director, (ann,), event, rooms = made.director, made.members, made.event, made.tables
        services.sit(rooms["open"], ann, Seat.NORTH)
        assert access.viewer_for(rooms["closed"], ann) is None  # may not watch the other room
        assert access.viewer_for(rooms["open"], ann) == Viewer(Seat.NORTH)
        assert access.viewer_for(rooms["closed"], director) == Viewer(None, sees_all=True)
        services.stand(rooms["open"], ann)
        for t in rooms.values():
            services.fill_with_robots(t, director)
            for _ in range(1000):  # the robots' moves, one wake-up each (no server loop here)
                if play_robots.wake(t.pk) is None:
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
        match = ev_replay.team_state(event)
        assert match is not None


class RoundRobinRoomsTests(TransactionTestCase):
    """A round robin's matches of one round play the same boards: a player of any room of
    the round watches none of the others (``matches.rooms_of``: the round's rooms), while
    each room's match still pairs with its own other room."""

    def test_no_player_of_the_round_watches_another_room(self) -> None:
        from bridgescore.web.play import matches

        club = Club.objects.create(slug="rr", name_en="RR", name_zh="循环")
        director, ann, fan = users("dir", "ann", "fan")
        for u, role in ((director, "director"), (ann, "member"), (fan, "member")):
            Membership.objects.create(club=club, player=u.player, role=role)
        squads = [teams.TeamSpec(f"T{k}", "", tuple(teams.Guest(f"P{k}{i}", "")
                                                      for i in range(4))) for k in range(4)]
        event = teams.create_team_event(
            club, ev.Actor(director), name_en="Round robin", date=datetime.date(2026, 12, 3),
            movement="round-robin", boards=2, teams=squads)
        ev.set_status(event, ev.Actor(director), "running")
        room = Room.objects.create(club=club, name_en="RR room")
        tables = [play_tables.create_table(room, director, boards=2, event=event, event_round=1,
                                           event_table=n, room_label="open" if n % 2 else "closed",
                                           spectators_see_hands=True) for n in (1, 2, 3, 4)]
        for t, other in zip(tables, (tables[1], tables[0], tables[3], tables[2]), strict=True):
            rooms = matches.rooms_of(t)
            assert rooms is not None and rooms.other == other
            assert sorted(x.pk for x in rooms.round_tables) == sorted(x.pk for x in tables)
        services.sit(tables[0], ann, Seat.NORTH)
        for t in tables[1:]:
            assert access.viewer_for(t, ann) is None, t.event_table
            assert access.viewer_for(t, fan) == Viewer(None, sees_all=True)
