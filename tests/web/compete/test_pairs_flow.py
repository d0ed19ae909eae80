"""A pairs event run on the platform by its log: sign-up, the start by the clock, the
round's tables created and seated as the library's movement says, a board played at a
competition's table reaching the competition, the round end cutting what was not played,
and the log replayed to the same state after a restart."""

from __future__ import annotations

from django.test import TransactionTestCase

from bridgescore.compete.refusal import Refusal
from bridgescore.table.actions import TableActionError
from bridgescore.web.compete import clock
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.models import (
    Competition,
    CompetitionAction,
    CompetitionTable,
)
from bridgescore.web.play.models import PlayBoard, PlayTable

from .helpers import T0, club_with, pairs_event, pass_out, seated, sign_up, tables


class PairsFlowTests(TransactionTestCase):
    def setUp(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        self.club, self.td, self.people = club_with(8)
        self.c = pairs_event(self.club, self.td)
        sign_up(self.c, self.people)

    def test_sign_ups_are_the_log(self) -> None:
        rows = list(CompetitionAction.objects.filter(competition=self.c).order_by("seq"))
        assert [r.seq for r in rows] == [1, 2, 3, 4]
        assert rows[0].data == {"type": "signup", "now": T0,
                                "players": [str(self.people[0].pk), str(self.people[1].pk)]}
        assert all(r.by_user_id == self.people[2 * i].pk for i, r in enumerate(rows))
        c = Competition.objects.get(pk=self.c.pk)
        assert c.seq == 4 and c.status == "open"
        assert c.next_due is not None and c.next_due.timestamp() == T0 + 100
        with self.assertRaises(Refusal) as e:  # the library's refusal, bilingual
            sv.act(c, {"type": "signup", "players": [str(self.people[0].pk),
                                                     str(self.people[2].pk)]}, self.people[0])
        assert e.exception.code == "already_entered" and e.exception.zh
        assert Competition.objects.get(pk=c.pk).seq == 4  # nothing stored

    def test_start_by_the_clock_seats_the_howell(self) -> None:
        clock.set(T0 + 99.5)
        assert sv.sweep() == 0 and not CompetitionTable.objects.exists()
        clock.set(T0 + 100.4)  # the sweep comes within a second
        assert sv.sweep() == 1
        assert sv.sweep() == 0  # once
        c = Competition.objects.get(pk=self.c.pk)
        assert c.status == "running" and c.seq == 5
        # The deadline: start + round time, as scheduled (not the sweep's moment).
        assert c.next_due is not None and c.next_due.timestamp() == T0 + 100 + 600
        # Pairs by sign-up order (pair k = people 2k-2, 2k-1); the 2-table Howell's round 1
        # (the library's docstring): table 1 NS 4 v EW 1, table 2 NS 3 v EW 2.
        p = [u.pk for u in self.people]
        pair = {1: (p[0], p[1]), 2: (p[2], p[3]), 3: (p[4], p[5]), 4: (p[6], p[7])}
        r1 = tables(c, 1)
        assert [t.number for t in r1] == [1, 2]
        for t, (ns, ew) in zip(r1, [(4, 1), (3, 2)], strict=True):
            # N, E, S, W = NS pair's first, EW's first, NS's second, EW's second
            assert seated(t.play_table) == [pair[ns][0], pair[ew][0], pair[ns][1], pair[ew][1]]
            assert t.play_table.first_board == 1 and t.play_table.boards == 1
            assert t.play_table.board_set_id == c.board_set_id
        # One room for the round; the boards started (four filled seats); the same deal at
        # both tables (duplicate).
        assert r1[0].room_id == r1[1].room_id
        deals = {PlayBoard.objects.get(table=t.play_table).deal for t in r1}
        assert len(deals) == 1
        assert sv.seat_now(self.people[6]) == [{
            "competition": c.pk, "name_en": "Online pairs", "name_zh": "网上双人赛",
            "round": 1, "table": 1, "room_label": "", "play_table": r1[0].play_table_id,
            "seat": "N"}]
        summary = sv.summary(c)
        assert summary["round"] == 1 and summary["status"] == "running"
        assert [e["number"] for e in summary["entries"]] == [1, 2, 3, 4]

    def test_a_board_played_reaches_the_competition_and_the_round_moves_on(self) -> None:
        clock.set(T0 + 101)
        sv.sweep()
        r1 = tables(self.c, 1)
        pass_out(r1[0].play_table)
        results = sv.board_results(self.c)
        assert results == [{"round": 1, "table": 1, "board": 1, "ns": "4", "ew": "1",
                            "result": "pass", "score": 0, "cut": False}]
        # Table 1 is done; table 2 still plays: round 1 open.
        assert sv.state_of(self.c).event.round == 1
        pass_out(r1[1].play_table)
        # Both boards in: the round closed at once, round 2's tables exist and are seated.
        st = sv.state_of(self.c)
        assert st.event.round == 2 and not st.event.cut
        assert [t.number for t in tables(self.c, 2)] == [1, 2]
        assert all(CompetitionTable.objects.get(pk=t.pk).stopped for t in r1)
        # A second post of the same board changes nothing.
        board = PlayBoard.objects.get(table=r1[0].play_table)
        assert sv.post_board(board) is not None and sv.post_board(board).seq == 0  # type: ignore[union-attr]
        assert len(sv.board_results(self.c)) == 2

    def test_the_round_end_cuts_and_stops_the_tables(self) -> None:
        clock.set(T0 + 101)
        sv.sweep()
        r1 = tables(self.c, 1)
        pass_out(r1[0].play_table)
        clock.set(T0 + 700.9)
        assert sv.sweep() == 1
        st = sv.state_of(self.c)
        assert st.event.round == 2 and st.event.cut == frozenset({(1, 2, 1)})
        stopped = PlayTable.objects.get(pk=r1[1].play_table_id)
        assert stopped.status == PlayTable.Status.FINISHED and stopped.due is None
        cut_board = PlayBoard.objects.get(table=stopped)
        assert cut_board.finished is None  # never finished: never scored
        # The table refuses any further move.
        n = next(s.user for s in stopped.seats.select_related("user")
                 if s.seat == 0 and s.user is not None)
        with self.assertRaises(TableActionError) as e:
            from bridgescore.web.play import services as play

            play.act(stopped, n, {"type": "call", "call": "Pass"})
        assert e.exception.code == "table_finished"
        assert [r["cut"] for r in sv.board_results(self.c)] == [False, True]
        ends = [ev for h in sv.history(self.c) for ev in h["events"]
                if ev["type"] == "RoundClosed"]
        assert ends == [{"type": "RoundClosed", "round": 1, "at": T0 + 700}]

    def test_restart_after_two_round_ends(self) -> None:
        clock.set(T0 + 100)
        sv.sweep()
        sv.forget()  # a restarted server: no cached state
        clock.set(T0 + 100 + 600 * 2 + 30)  # down over the ends of rounds 1 and 2
        assert sv.sweep() == 1
        hist = sv.history(Competition.objects.get(pk=self.c.pk))
        tick = hist[-1]
        assert tick["action"] == {"type": "tick", "now": T0 + 1330}
        kinds = [(e["type"], e.get("round"), e["at"]) for e in tick["events"]]
        assert kinds == [("RoundClosed", 1, T0 + 700), ("RoundOpened", 2, T0 + 700),
                         ("RoundClosed", 2, T0 + 1300), ("RoundOpened", 3, T0 + 1300)]
        # Round 2's tables were made and stopped, round 3's are playing; nothing twice.
        assert [t.stopped for t in tables(self.c, 1)] == [True, True]
        assert [t.stopped for t in tables(self.c, 2)] == [True, True]
        assert [t.stopped for t in tables(self.c, 3)] == [False, False]
        assert sv.sweep() == 0
        c = Competition.objects.get(pk=self.c.pk)
        assert c.next_due is not None and c.next_due.timestamp() == T0 + 1900
        # The cached state and the log replayed from nothing agree.
        cached = sv.state_of(c)
        sv.forget()
        assert sv.state_of(c) == cached
