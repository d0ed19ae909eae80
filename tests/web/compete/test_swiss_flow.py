"""An automatic Swiss run by the clock alone: pairs register in the registration room by
raising hands, round 1's tables are created and seated at the start, the bell cuts what
was not played, the next round is drawn without a rematch, and at the end the seed's
masterpoints are awarded once."""

from __future__ import annotations

from decimal import Decimal

from django.test import TransactionTestCase

from bridgescore.web.compete import clock
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.models import Competition, MasterpointAward

from .helpers import T0, club_with, pass_out, seated, tables


class SwissFlowTests(TransactionTestCase):
    def setUp(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        self.club, self.td, self.people = club_with(8)
        # Round 1 at T0 + 600, 2 rounds of 1 board, 10 minutes each; every pair that plays
        # at all completes (completion 0), so the places and masterpoints are all given.
        self.c = sv.create_competition(
            self.club, self.td, kind="swiss", name_en="Swiss", name_zh="瑞士移位",
            settings={"start": T0 + 600, "rounds": 2, "boards_per_round": 1,
                      "round_minutes": 10, "completion": 0.0, "deal_seed": 3})

    def register(self) -> None:
        for table, (a, b) in enumerate(zip(self.people[::2], self.people[1::2],
                                           strict=True), 1):
            for who, seat in ((a, "N"), (b, "S")):
                sv.act(self.c, {"type": "Sit", "player": str(who.pk), "table": table,
                                "seat": seat}, who)
            for who in (a, b):
                sv.act(self.c, {"type": "RaiseHand", "player": str(who.pk)}, who)

    def test_a_whole_swiss_by_the_clock(self) -> None:
        self.register()
        c = Competition.objects.get(pk=self.c.pk)
        assert c.next_due is not None and c.next_due.timestamp() == T0 + 30  # the hold
        clock.set(T0 + 30.5)
        assert sv.sweep() == 1
        entries = sv.summary(self.c)["entries"]
        p = [str(u.pk) for u in self.people]
        assert [(e["number"], e["players"]) for e in entries] == [
            ("1", [p[0], p[1]]), ("2", [p[2], p[3]]), ("3", [p[4], p[5]]), ("4", [p[6], p[7]])]
        with self.assertRaises(sv.NotAllowed):  # nobody sits for someone else
            sv.act(self.c, {"type": "Sit", "player": p[0], "table": 9, "seat": "N"},
                   self.people[1])
        clock.set(T0 + 600.2)
        assert sv.sweep() == 1
        # Round 1 by registration order: 1 v 2, 3 v 4, the earlier pair North-South.
        r1 = tables(self.c, 1)
        u = [x.pk for x in self.people]
        assert [seated(t.play_table) for t in r1] == [[u[0], u[2], u[1], u[3]],
                                                      [u[4], u[6], u[5], u[7]]]
        pass_out(r1[0].play_table)  # table 2 does not finish
        assert [r["cut"] for r in sv.board_results(self.c)] == [False]
        clock.set(T0 + 1200.7)
        assert sv.sweep() == 1
        assert [r["cut"] for r in sv.board_results(self.c)] == [False, True]
        assert all(t.stopped for t in tables(self.c, 1))
        r2 = tables(self.c, 2)
        assert len(r2) == 2
        assert not any({u[0], u[2]} <= set(seated(t.play_table)) for t in r2), "no rematch"
        clock.set(T0 + 1800.3)
        assert sv.sweep() == 1
        c = Competition.objects.get(pk=self.c.pk)
        assert c.status == "finished" and c.next_due is None
        # Totals all 0 (one board played, passed out); ties: more boards first (pairs 1, 2),
        # then registration.  4 completed (< 20): the top half (2 places) get 3 and 2.
        standings = sv.standings(self.c)
        assert [(s["pair"], s["place"], s["masterpoints"]) for s in standings] == [
            ("1", 1, "3"), ("2", 2, "2"), ("3", 3, "0"), ("4", 4, "0")]
        awards = {(a.user_id, a.place, a.points) for a in MasterpointAward.objects.all()}
        assert awards == {(u[0], 1, Decimal(3)), (u[1], 1, Decimal(3)),
                          (u[2], 2, Decimal(2)), (u[3], 2, Decimal(2))}
        assert {a.awarded_at.timestamp() for a in MasterpointAward.objects.all()} == {T0 + 1800}
        # Never twice: more sweeps, a restarted server, a late board post.
        sv.forget()
        clock.set(T0 + 5000)
        assert sv.sweep() == 0
        assert MasterpointAward.objects.count() == 4
        finals = [e for h in sv.history(self.c) for e in h["events"] if e["type"] == "Final"]
        assert len(finals) == 1
