"""The 贴点 room: any signed-in player opens a table (a non-member too), others sit, every
board finished is scored by the simple 贴点 method with the points North-South held, and
each player's total is their side's as the library's HandicapSession gives it for the
table's deals, less 20 a disconnection recorded by the play app."""

from __future__ import annotations

import datetime
import random

from django.test import TransactionTestCase

from bridgescore.home.handicap import HandicapDeal, HandicapSession
from bridgescore.home.hcp import side_hcp
from bridgescore.seat import Seat, Side
from bridgescore.web.compete import clock
from bridgescore.web.compete import services as sv
from bridgescore.web.online import services as online
from bridgescore.web.play import services as play
from bridgescore.web.play.models import Disconnection, PlayBoard

from ..base import make_user
from ..records.helpers import play_board
from .helpers import FAST, T0, club_with, tables_of


@FAST
class HandicapRoomTests(TransactionTestCase):
    def setUp(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        self.club, self.td, self.people = club_with(1)
        # Non-members: the 贴点 room is theirs as well (§8).
        self.out = [make_user(f"o{i}", f"Guest {i}", f"来宾{i}") for i in range(4)]
        self.c = sv.create_competition(self.club, self.td, kind="handicap", name_en="贴点 room",
                                       name_zh="贴点室", settings={"boards_per_table": 3,
                                                                 "deal_seed": 9},
                                       members_only=False)

    def test_members_only_is_refused_at_set_up(self) -> None:
        with self.assertRaises(sv.NotAllowed) as e:
            sv.create_competition(self.club, self.td, kind="handicap", name_en="x")
        assert e.exception.code == "members_only" and "贴点" in e.exception.zh

    def test_a_table_of_non_members_and_its_totals(self) -> None:
        four = [self.out[0], self.people[0], self.out[1], self.out[2]]  # N E S W
        sv.act(self.c, {"type": "open_table", "player": str(four[0].pk)}, four[0])
        with self.assertRaises(sv.NotAllowed):  # for oneself only
            sv.act(self.c, {"type": "open_table", "player": str(four[1].pk)}, four[0])
        [ct] = tables_of(self.c)
        t = ct.play_table
        assert t.room.club_id is None and t.boards == 3 and t.first_board == 1
        for user, seat in zip(four[1:], (Seat.EAST, Seat.SOUTH, Seat.WEST), strict=True):
            play.sit(t, user, seat)
        rng = random.Random(4)
        for _ in range(3):
            play_board(t, four, rng)
        boards = list(PlayBoard.objects.filter(table=t).order_by("index"))
        assert len(boards) == 3 and all(b.finished for b in boards)
        # The reference: the library's session of this table's three deals.
        session = HandicapSession([HandicapDeal.for_board(b.number, b.result,
                                                          side_hcp(b.deal, Side.NS))
                                   for b in boards], "simple")
        want = session.totals()
        got = {r["player"]: r["total"] for r in online.handicap_totals(self.c)}
        ids = [str(u.pk) for u in four]
        assert got == {ids[0]: want[Side.NS], ids[2]: want[Side.NS],
                       ids[1]: want[Side.EW], ids[3]: want[Side.EW]}
        # A disconnection (the play app's record) costs 20, once per record.
        Disconnection.objects.create(table=t, board=boards[1], user=four[3], seat=3,
                                     dropped_at=datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC))
        rows = {r["player"]: r for r in online.handicap_totals(self.c)}
        assert rows[ids[3]]["total"] == want[Side.EW] - 20
        assert rows[ids[3]]["disconnections"] == 1 and rows[ids[1]]["disconnections"] == 0
        Disconnection.objects.create(table=t, board=boards[2], user=four[3], seat=3,
                                     dropped_at=datetime.datetime(2026, 1, 2, tzinfo=datetime.UTC))
        rows = {r["player"]: r for r in online.handicap_totals(self.c)}
        assert rows[ids[3]]["total"] == want[Side.EW] - 40
        assert rows[ids[1]]["total"] == want[Side.EW]  # a partner is not penalised

    def test_tables_play_boards_of_their_own(self) -> None:
        for u in self.out[:2]:
            sv.act(self.c, {"type": "open_table", "player": str(u.pk)}, u)
        t1, t2 = (x.play_table for x in tables_of(self.c))
        assert (t1.first_board, t2.first_board) == (1, 4)
        assert t1.board_set_id == t2.board_set_id  # deals made for 16 tables at once
