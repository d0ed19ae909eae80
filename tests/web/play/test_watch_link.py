"""Issue 23, finding 21: the lobby offers "Watch" only where the table page lets the user in
(the page's own rule, ``access.viewer_for``): a player of a match's open room sees no Watch
link to its closed room, which would answer 403."""

from __future__ import annotations

from django.test import Client, TransactionTestCase, override_settings

from bridgescore.core.seat import Seat
from bridgescore.web.play import services
from bridgescore.web.play.views import table_rows

from .helpers import match_rooms
from .test_sockets import FAST


@override_settings(**FAST, BRIDGESCORE_PLAY_ROBOT_SOLVER="simple")
class WatchLinkTests(TransactionTestCase):
    def test_a_watch_link_is_one_the_user_may_follow(self) -> None:
        made = match_rooms("ann", "bea", spectators_allowed=True)
        director, (ann, bea), room, tables = made.director, made.members, made.room, made.tables
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
