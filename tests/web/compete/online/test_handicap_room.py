"""The 贴点 room: any signed-in player opens a table (a non-member too), others sit, every
board finished is scored by the simple 贴点 method with the points North-South held, and
each player's total is their side's as the library's HandicapSession gives it for the
table's deals, less 20 a disconnection recorded by the play app."""

from __future__ import annotations

import datetime
import random

from django.test import TransactionTestCase

from bridgescore.core.seat import Seat, Side
from bridgescore.home.handicap import HandicapDeal, HandicapSession
from bridgescore.home.hcp import side_hcp
from bridgescore.web.compete import clock
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.online import services as online
from bridgescore.web.play import services as play
from bridgescore.web.play.models import Disconnection, PlayBoard

from ...base import make_user
from ...play.records.helpers import play_board
from .helpers import FAST, T0, club_with, tables_of

ZH = {"Accept-Language": "zh-CN,zh;q=0.9"}
# Issue 23, finding 23: South holds 13 HCP and takes all 13 tricks at 6NT× (the ♣A drops
# East-West's singleton K and Q, East's ♠A goes on the clubs).
ISSUE_DEAL = "N:T98765432.5432.. A.KQJT9876.KQJ.Q .A.A.AJT98765432 KQJ..T98765432.K"


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

    def _table_of_four(self) -> list[str]:
        """Table 1 opened by a guest, four seated (N E S W); their ids."""
        four = [self.out[0], self.people[0], self.out[1], self.out[2]]
        sv.act(self.c, {"type": "open_table", "player": str(four[0].pk)}, four[0])
        [ct] = tables_of(self.c)
        for user, seat in zip(four[1:], (Seat.EAST, Seat.SOUTH, Seat.WEST), strict=True):
            play.sit(ct.play_table, user, seat)
        return [str(u.pk) for u in four]

    def test_a_played_board_counts_whatever_the_points(self) -> None:
        # The cards were played: a result the points call unlikely is taken as it is (it was
        # once refused, and the board silently left out of the totals).
        sv.act(self.c, {"type": "open_table", "player": str(self.out[0].pk)}, self.out[0])
        [ct] = tables_of(self.c)
        ids = [self.out[0].pk, self.out[1].pk, self.out[2].pk, self.out[3].pk]
        board = PlayBoard.objects.create(
            table=ct.play_table, index=1, number=1, deal=ISSUE_DEAL, result="6NTX S +1",
            players={letter: {"id": pk, "robot": False} for letter, pk in zip("NESW", ids,
                                                                                 strict=True)},
            finished=datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC))
        assert side_hcp(board.deal, Side.NS) == 13
        done = sv.post_board(board)
        assert done is not None and done.seq > 0
        [p] = sv.state_of(self.c).scored()
        assert (str(p.deal.result), p.deal.ns_hcp) == ("6NTX S +1", 13)
        assert p.deal.unlikely() is not None
        want = HandicapSession([p.deal], "simple").totals()[Side.NS]
        got = {r["player"]: r["total"] for r in online.handicap_totals(self.c)}
        assert got[str(ids[0])] == got[str(ids[2])] == want > 0

    def test_a_director_confirms_an_unlikely_result_on_the_page(self) -> None:
        ids = self._table_of_four()
        url = f"/compete/handicap/{self.c.pk}/result"
        entry = {"table": "1", "board": "1", "result": "6NTX S +1", "hcp": "13"}
        # A player is not shown the form and may not use it.
        self.client.force_login(self.out[0])
        assert "Record a board by hand" not in self.client.get(
            f"/compete/handicap/{self.c.pk}/").content.decode()
        assert self.client.post(url, entry).status_code == 403
        self.client.force_login(self.td)
        assert "Record a board by hand" in self.client.get(
            f"/compete/handicap/{self.c.pk}/").content.decode()
        # Unconfirmed: the reason, what was entered (kept in the form), nothing recorded.
        r = self.client.post(url, entry)
        page = r.content.decode()
        assert r.status_code == 200 and "Is this result right?" in page
        assert ("6NTX S +1 (13 tricks) is unlikely with NS holding 13 HCP: with 3 aces at most "
                "they usually lose a trick to the ace of the other side at notrump, 12 tricks "
                "at most") in page
        assert ("Entered: table 1, board 1, result 6NTX S +1, North-South's points 13. "
                "Nothing is recorded yet") in page
        for name, value in entry.items():
            assert f'<input type="hidden" name="{name}" value="{value}">' in page
        assert 'name="confirm_unlikely" required' in page
        assert sv.state_of(self.c).played == {}
        page = self.client.post(url, entry, headers=ZH).content.decode()
        assert "这个结果对吗？" in page
        assert "南北只有 13 点大牌，南打6NT×超1（13 墩）不太可能：最多 3 个A" in page
        assert "输入的是：第 1 桌，第 1 副，结果 6NTX S +1，南北大牌点 13。尚未记录" in page
        assert sv.state_of(self.c).played == {}
        # Confirmed: recorded with the players who sit there, once.
        r = self.client.post(url, {**entry, "confirm_unlikely": "on"})
        assert r.status_code == 302 and r["Location"] == f"/compete/handicap/{self.c.pk}/"
        [p] = sv.state_of(self.c).scored()
        assert (str(p.deal.result), p.deal.ns_hcp, list(p.players)) == ("6NTX S +1", 13, ids)
        page = self.client.get(f"/compete/handicap/{self.c.pk}/").content.decode()
        assert "Board 1 of table 1 is recorded." in page
        totals = {r["player"]: r["total"] for r in online.handicap_totals(self.c)}
        assert totals[ids[0]] == totals[ids[2]] == p.score.net > 0
        # The suit rule's two tricks (no honour at all): asked the same way.
        two = {"table": "1", "board": "2", "result": "6SX N =", "hcp": "0"}
        page = self.client.post(url, two).content.decode()
        assert "6SX N = (12 tricks) is unlikely with NS holding 0 HCP" in page
        assert len(sv.state_of(self.c).played) == 1
        assert self.client.post(url, {**two, "confirm_unlikely": "on"}).status_code == 302
        assert len(sv.state_of(self.c).played) == 2

    def test_an_impossible_result_is_still_refused_on_the_page(self) -> None:
        self._table_of_four()
        self.client.force_login(self.td)
        entry = {"table": "1", "board": "1", "result": "7NT N +1", "hcp": "40",
                 "confirm_unlikely": "on"}
        r = self.client.post(f"/compete/handicap/{self.c.pk}/result", entry)
        page = r.content.decode()
        assert r.status_code == 400 and "no overtrick is possible" in page
        assert 'value="7NT N +1"' in page and 'value="40"' in page
        r = self.client.post(f"/compete/handicap/{self.c.pk}/result", entry, headers=ZH)
        assert r.status_code == 400 and "不可能的结果" in r.content.decode()
        assert "该定约需要 13 墩中的 13 墩，不可能超墩" in r.content.decode()
        assert sv.state_of(self.c).played == {}
