"""The vugraph's demo match: a team event whose open and closed rooms are tables of four
robots on one board set (made once)."""

from __future__ import annotations

from bridgescore.web.play import services
from bridgescore.web.play.models import PlaySeat, PlayTable
from bridgescore.web.vugraph.demo import BOARDS, load_vugraph_match

from ..base import BaseTestCase


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
            self.assertEqual(t.status, PlayTable.Status.PLAYING)
        # The same deals in both rooms (the board set), board 1 started in each.
        bo, bc = services.current_board(o), services.current_board(c)
        assert bo is not None and bc is not None
        self.assertEqual((bo.number, bo.deal), (bc.number, bc.deal))
        self.client.force_login(self.bob)
        text = self.client.get("/vugraph/").content.decode()
        self.assertIn(f"/vugraph/{event.pk}/1/1/", text)
        self.assertIn("Robot teams", text)
