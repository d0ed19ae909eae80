"""Issue 23, finding 21: the lobby offers "Watch" only where the table page lets the user in
(the page's own rule, ``services.viewer_for``): a player of a match's open room sees no Watch
link to its closed room, which would answer 403."""

from __future__ import annotations

import datetime

from django.test import Client, TransactionTestCase, override_settings

from bridgescore.seat import Seat
from bridgescore.web.clubs.models import Club, Membership
from bridgescore.web.events import services as ev
from bridgescore.web.play import services
from bridgescore.web.play.models import Room
from bridgescore.web.play.views import table_rows
from bridgescore.web.teams import services as teams

from .helpers import users
from .test_sockets import FAST


@override_settings(**FAST, BRIDGESCORE_PLAY_ROBOT_SOLVER="simple")
class WatchLinkTests(TransactionTestCase):
    def test_a_watch_link_is_one_the_user_may_follow(self) -> None:
        club = Club.objects.create(slug="north", name_en="North", name_zh="北方")
        director, ann, bea = users("dir", "ann", "bea")
        for u, role in ((director, "director"), (ann, "member"), (bea, "member")):
            Membership.objects.create(club=club, player=u.player, role=role)
        event = teams.create_team_event(
            club, ev.Actor(director), name_en="Match", date=datetime.date(2026, 12, 2),
            movement="match", boards=2, segments=1,
            teams=[teams.TeamSpec("Lions", "狮队", tuple(teams.Guest(f"L{i}", "") for i in range(4))),
                   teams.TeamSpec("Tigers", "虎队", tuple(teams.Guest(f"T{i}", "") for i in range(4)))])
        ev.set_status(event, ev.Actor(director), "running")
        room = Room.objects.create(club=club, name_en="Match room")
        tables = {label: services.create_table(room, director, boards=2, event=event,
                                               event_round=1, event_table=1, room_label=label,
                                               spectators_allowed=True)
                  for label in ("open", "closed")}
        services.sit(tables["open"], ann, Seat.NORTH)
        for user in (ann, bea, director):
            client = Client()
            client.force_login(user)
            for row in table_rows(room, user, "en"):
                status = client.get(f"/play/tables/{row.table.pk}/").status_code
                assert row.can_watch == (status == 200), (user.username, row.table.pk, status)
        watch = {r.table.pk: r.can_watch for r in table_rows(room, ann, "en")}
        assert watch == {tables["open"].pk: True, tables["closed"].pk: False}
        assert all(r.can_watch for r in table_rows(room, bea, "en"))  # a member, no player
