from __future__ import annotations

from asgiref.sync import async_to_sync
from django.test import TransactionTestCase, override_settings

from bridgescore.seat import Seat
from bridgescore.web.play import services

from .helpers import Socket, cookie, table, users


@override_settings(BRIDGESCORE_PLAY_ROBOT_SECONDS=0, BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS=0,
                   BRIDGESCORE_PLAY_SWEEP_SECONDS=0)
class Smoke(TransactionTestCase):
    def test_four_people_play_a_board(self) -> None:
        people = users("ann", "bob", "cat", "dan")
        t = table(people[0], boards=1)
        for u, s in zip(people, Seat):
            services.sit(t, u, s)

        auth = [cookie(u) for u in people]

        async def run() -> None:
            socks = [await Socket.open(t.pk, a, u.username) for a, u in zip(auth, people)]
            hellos = [await s.next() for s in socks]
            assert all(h["type"] == "hello" for h in hellos), hellos
            n = 0
            while True:
                v = socks[0].view
                if v["phase"] == "done":
                    break
                actor = Seat.parse(v["to_act"][0]).value
                me = socks[actor].view
                n += 1
                if me["phase"] == "auction":
                    msg = {"type": "call", "call": "1C" if n == 1 else "P", "id": n}
                else:
                    msg = {"type": "card", "card": me["legal_cards"][0], "id": n}
                ack = await socks[actor].ask(msg)
                assert ack["type"] == "ack", ack
                for s in socks:
                    await s.until(lambda m: m["type"] == "update" and m["seq"] == n)
            print(socks[0].view["result"], n)
            for s in socks:
                await s.close()
        async_to_sync(run)()
