"""A pool board's game record and its table follow the pool's own rule
(``pool.services.can_see_board``, asked through ``play.matches.holder_of``): a member who
has not had a board this week, and could still be served it, never reads its record — not
even one who sat at the same table for another board — nor watches a pool table; the
directors do; every member once the week is closed."""

from __future__ import annotations

import random
import re
from typing import Any

from django.test import Client, TestCase
from django.utils import timezone

from bridgescore.core.seat import Seat
from bridgescore.web.compete import clock
from bridgescore.web.compete.pool import services as pool
from bridgescore.web.play import access as play_access
from bridgescore.web.play import robots as play_robots
from bridgescore.web.play import services as play
from bridgescore.web.play.models import PlayBoard, PlayTable

from ...base import PASSWORD, make_user
from .helpers import T0, club_with, play_out, seat_four, start

ZH: dict[str, Any] = {"HTTP_ACCEPT_LANGUAGE": "zh-CN,zh;q=0.9"}
EN: dict[str, Any] = {"HTTP_ACCEPT_LANGUAGE": "en"}


def client_for(user: Any) -> Client:
    c = Client()
    if user is not None:
        assert c.login(username=user.username, password=PASSWORD)
    return c


def status(user: Any, board: PlayBoard) -> set[int]:
    c = client_for(user)
    return {c.get(p).status_code for p in (f"/play/boards/{board.pk}/",
                                           f"/play/boards/{board.pk}.pbn",
                                           f"/play/boards/{board.pk}/replay")}


class PoolRecordsTests(TestCase):
    def setUp(self) -> None:
        self.addCleanup(clock.real)

    def test_a_member_who_left_the_table_does_not_read_the_next_boards(self) -> None:
        club, td, people = club_with(6)
        start(club, td)
        rng = random.Random(5)
        table = seat_four(club, people[:4])
        first = play_out(table, rng)
        # Between boards m1 leaves and m5 sits: the next board is one none of the four
        # (m2, m3, m4, m5) has had; m1 has not had it either.
        play.stand(table, people[0])
        pool.sit(table, people[4], Seat.NORTH)
        PlayTable.objects.filter(pk=table.pk).update(due=timezone.now())
        assert play_robots.wake(int(table.pk)) is not None
        second = play_out(table, rng)
        assert first.number != second.number
        left, joined, other, outsider = people[0], people[4], people[5], make_user("out", "Outsider", "外人")
        assert status(left, first) == {200} and status(joined, second) == {200}
        assert status(people[1], first) == status(people[1], second) == {200}
        # m1 sat at this table, but has not had the second board: it may be served to m1.
        for who, board in ((left, second), (joined, first), (other, first), (other, second)):
            assert status(who, board) == {403}, (who, board.number)
        assert status(td, first) == status(td, second) == {200}
        assert status(outsider, first) == {403} and status(None, first) == {302}
        page = re.sub(r"\s+", " ", client_for(left).get(f"/play/boards/{second.pk}/",
                                                        **ZH).content.decode())
        assert "暂不显示：这副牌还可能有人要打" in page and "牌库的牌在您打过之后" in page
        page = re.sub(r"\s+", " ", client_for(left).get(f"/play/boards/{second.pk}/",
                                                        **EN).content.decode())
        assert "a pool board once you have played it, or when the week is over" in page
        # The session page: m1 sees the first board's result and record, not the second's.
        session = client_for(left).get(f"/play/tables/{table.pk}/session").content.decode()
        assert f"/play/boards/{first.pk}/" in session
        assert f"/play/boards/{second.pk}/" not in session
        # Nobody the pool may serve a board watches a pool table; the directors may.
        for who in (left, other):
            assert play_access.viewer_for(table, who) is None
            assert client_for(who).get(f"/play/tables/{table.pk}/").status_code == 403
        assert play_access.viewer_for(table, td) is not None
        # The week is closed: every member reads every board of it.
        clock.set(T0 + 7 * 86400 + 1)
        assert pool.close_due() == 1
        for who, board in ((left, second), (joined, first), (other, first), (other, second)):
            assert status(who, board) == {200}, (who, board.number)
        assert status(outsider, first) == {403}
