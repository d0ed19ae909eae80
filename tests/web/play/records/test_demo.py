"""The vugraph's demo match: a team event whose open and closed rooms are tables of four
robots on one board set (made once), the closed room's boards played when it is made."""

from __future__ import annotations

from bridgescore.web.compete.demo import robots_at_once
from bridgescore.web.events.models import ResultEntry
from bridgescore.web.play import position
from bridgescore.web.play import robots as play_robots
from bridgescore.web.play.models import PlaySeat, PlayTable
from bridgescore.web.play.vugraph.demo import BOARDS, load_vugraph_match

from ...base import BaseTestCase


class VugraphDemoTest(BaseTestCase):
    def test_the_demo_match(self) -> None:
        event = load_vugraph_match(self.north, self.alice)
        self.assertEqual(load_vugraph_match(self.north, self.alice).pk, event.pk)
        tables = {t.room_label: t for t in event.play_tables.all()}
        self.assertEqual(set(tables), {"open", "closed"})
        o, c = tables["open"], tables["closed"]
        for t in (o, c):
            self.assertEqual((t.event_round, t.event_table, t.boards), (1, 1, BOARDS))
            self.assertTrue(t.spectators_see_hands)
            self.assertEqual(PlaySeat.objects.filter(table=t, robot=True).count(), 4)
        # The closed room is played already; the open room waits for the server, board 1
        # started, the same deal as the closed room's.
        self.assertEqual(c.status, PlayTable.Status.FINISHED)
        self.assertEqual(o.status, PlayTable.Status.PLAYING)
        closed = {b.number: b for b in c.played.all()}
        self.assertEqual(len(closed), BOARDS)
        self.assertTrue(all(b.finished is not None for b in closed.values()))
        bo = position.current_board(o)
        assert bo is not None
        self.assertEqual((bo.number, bo.deal), (1, closed[1].deal))
        # Each closed-room board is entered into the event, as the table's phone would.
        self.assertEqual(ResultEntry.objects.filter(event=event).count(), BOARDS)
        # Played out by the robots as the server would, the open room's scores are not the
        # closed room's card for card: the match is not a tie on every board.
        with robots_at_once():
            for _ in range(5000):
                if (play_robots.robot_turn(int(o.pk)) is None
                        and play_robots.wake(int(o.pk)) is None):
                    break
        opened = {b.number: b.score_ns for b in o.played.all()}
        self.assertEqual(len(opened), BOARDS)
        differ = [n for n in opened if opened[n] != closed[n].score_ns]
        self.assertGreaterEqual(len(differ), 2, (opened, {n: b.score_ns for n, b in closed.items()}))
        self.client.force_login(self.bob)
        text = self.client.get("/vugraph/").content.decode()
        self.assertIn(f"/vugraph/{event.pk}/1/1/", text)
        self.assertIn("Robot teams", text)
