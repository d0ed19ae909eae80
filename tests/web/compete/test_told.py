"""The players at a table the bell stops are told so on their socket, with the reason in
both languages, and the table then refuses their moves."""

from __future__ import annotations

from asgiref.sync import async_to_sync
from django.test import TransactionTestCase, override_settings

from bridgescore.web.compete import clock
from bridgescore.web.compete import services as sv
from bridgescore.web.play import live

from ..play.helpers import Socket, cookie
from ..play.test_sockets import FAST
from .helpers import T0, club_with, pairs_event, sign_up, tables


@override_settings(**FAST)
class ToldTests(TransactionTestCase):
    def test_the_bell_reaches_the_players(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        club, td, people = club_with(8)
        c = pairs_event(club, td)
        sign_up(c, people)
        clock.set(T0 + 100)
        sv.sweep()
        t = tables(c, 1)[0].play_table
        north = next(s.user for s in t.seats.select_related("user") if s.seat == 0)
        assert north is not None
        auth = cookie(north)

        async def run() -> None:
            sock = await Socket.open(t.pk, auth, "N")
            hello = await sock.next()
            assert hello["type"] == "hello" and hello["you"]["seat"] == "N"
            clock.set(T0 + 700)
            await live.submit(sv.sweep)
            told = await sock.until(lambda m: m["type"] == "finished")
            assert told["cut"] is True
            assert told["reason"] == {"en": sv.CUT_EN, "zh": sv.CUT_ZH}
            answer = await sock.ask({"type": "call", "call": "Pass", "id": "late"})
            assert answer["type"] == "error" and answer["code"] == "table_finished"
            await sock.close()

        async_to_sync(run)()
