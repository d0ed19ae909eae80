"""The per-player group limit holds when one player joins two groups at the same instant —
two acceptances, or making a group while accepting an invitation (PostgreSQL: the player's
row is locked while the groups are counted).  On SQLite one writer at a time makes the race
impossible, so the tests run on PostgreSQL only (``make web-test``)."""

from __future__ import annotations

import threading
import time
import unittest
from unittest import mock

from django.db import connection
from django.test import TransactionTestCase, override_settings

from bridgescore.web.compete.models import GroupMember
from bridgescore.web.compete.online import groups

from .helpers import club_with


@unittest.skipUnless(connection.vendor == "postgresql", "a race needs PostgreSQL's rows")
@override_settings(BRIDGESCORE_GROUPS_PER_PLAYER=2)
class GroupLimitRaceTests(TransactionTestCase):
    def race(self, first: str, second: str) -> None:
        club, _td, p = club_with(4)
        target = p[0]
        groups.create(club, target, kind="team", name_en="Own")  # 1 of 2
        invitations = []
        for i, leader in enumerate(p[1:3]):
            g = groups.create(club, leader, kind="team", name_en=f"Team {i}")
            invitations.append(groups.invite(g, leader, str(target.pk)))
        go = threading.Barrier(2)
        outcomes: list[str] = []

        def join(how: str, n: int) -> None:
            try:
                go.wait()
                if how == "accept":
                    groups.answer(invitations[n], target, True)
                else:
                    groups.create(club, target, kind="club", name_en=f"New {n}")
                outcomes.append("joined")
            except groups.GroupRefused as e:
                outcomes.append(e.code)
            except BaseException as e:  # reported by the assertion below
                outcomes.append(repr(e))
            finally:
                connection.close()

        def slow_limit() -> int:
            # Widen the window between the lock and the count, so that without the lock
            # both threads would count the same single group (the test fails then).
            time.sleep(0.5)
            return 2

        threads = [threading.Thread(target=join, args=(how, n))
                   for n, how in enumerate((first, second))]
        with mock.patch.object(groups, "per_player", slow_limit):
            for t in threads:
                t.start()
            for t in threads:
                t.join(60)
        assert sorted(outcomes) == ["joined", "too_many_groups"], outcomes
        assert GroupMember.objects.filter(user=target).count() == 2

    def test_two_acceptances_at_once(self) -> None:
        self.race("accept", "accept")

    def test_making_and_accepting_at_once(self) -> None:
        self.race("accept", "make")
