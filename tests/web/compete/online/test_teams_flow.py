"""A VP team match on the platform: set up by a director, started by the clock, the open and
the closed room made with their room labels and seated as the match says, every board of
both rooms played by robots through the play app, compared, and the VPs at the end —
checked against a recomputation from the stored boards with the IMP and VP scales alone."""

from __future__ import annotations

from django.test import TransactionTestCase

from bridgescore.scoring.imps import imps
from bridgescore.scoring.vp import get_vp_scale
from bridgescore.web.compete import clock
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.kinds import robot_id
from bridgescore.web.compete.models import Competition
from bridgescore.web.play.models import PlayBoard, PlayTable

from .helpers import FAST, T0, club_with, run_robots, tables_of, team_match


@FAST
class TeamMatchFlowTests(TransactionTestCase):
    def setUp(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        self.club, self.td, self.people = club_with(8)

    def test_set_up_seats_both_rooms(self) -> None:
        p = [str(u.pk) for u in self.people]
        c = team_match(self.club, self.td, p[:4], p[4:], start_at=T0 + 60)
        assert c.status == "open" and c.next_due is not None
        assert sv.sweep() == 0
        clock.set(T0 + 60.5)
        assert sv.sweep() == 1
        t = tables_of(c)
        assert [(x.number, x.room_label, x.play_table.room_label) for x in t] == [
            (1, "open", "open"), (2, "closed", "closed")]
        seats = [[s.user_id for s in x.play_table.seats.order_by("seat")] for x in t]
        u = [x.pk for x in self.people]
        # Open: home 1-2 NS, away 1-2 EW; closed: away 3-4 NS, home 3-4 EW.
        assert seats == [[u[0], u[4], u[1], u[5]], [u[6], u[2], u[7], u[3]]]
        assert all(x.play_table.boards == 8 and x.play_table.first_board == 1 for x in t)
        assert t[0].play_table.board_set_id == t[1].play_table.board_set_id

    def test_a_whole_match_by_robots(self) -> None:
        robots = [robot_id(f"r{i}") for i in range(8)]
        c = team_match(self.club, self.td, robots[:4], robots[4:])
        sv.act(c, {"type": "start"}, self.td)
        t = tables_of(c)
        assert all(all(s.robot for s in x.play_table.seats.all()) for x in t)
        run_robots([x.play_table_id for x in t])
        c = Competition.objects.get(pk=c.pk)
        assert c.status == "finished", c.status
        # The reference: both rooms' stored NS scores, IMPs of the difference, VPs.
        home = away = 0
        for n in range(1, 9):
            o = PlayBoard.objects.get(table_id=t[0].play_table_id, number=n)
            cl = PlayBoard.objects.get(table_id=t[1].play_table_id, number=n)
            assert o.deal == cl.deal  # the same boards in both rooms
            assert o.score_ns is not None and cl.score_ns is not None
            diff = o.score_ns - cl.score_ns
            won = imps(abs(diff))
            if diff > 0:
                home += won
            else:
                away += won
        vp = get_vp_scale("wbf").points(home - away, 8)
        standings = sv.standings(c)
        assert [s["imps"] for s in standings] == [home, away]
        assert [s["vp"] for s in standings] == [float(vp[0]), float(vp[1])]
        cmp = sv.kind_of(c).comparison(sv.state_of(c))  # type: ignore[attr-defined]
        assert len(cmp["rows"]) == 8 and cmp["outcome"]["vp"] == [float(vp[0]), float(vp[1])]
        assert cmp["rows"][-1]["home_running"] == home
        # The tables are stopped and no longer anyone's seat.
        assert all(x.stopped for x in tables_of(c))
        assert all(x.play_table.status == PlayTable.Status.FINISHED for x in tables_of(c))
