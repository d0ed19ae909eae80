"""The security property (issue 10): over many complete boards, every message sent to every
seat and to the spectators contains no card that connection may not see at that moment.

Each message of an update, a new board or a hello names its position (board, seq); the
reference is the library's ``visible_cards`` for that viewer at that position, with the cards
already played, rebuilt here from the stored moves.  Every card-looking string anywhere in the
message counts (hands, legal cards, tricks, events).  Other messages (acks, errors, seats,
pongs) must name no card at all.  The view itself must be exactly the library's view for that
connection's viewer (never a view made for someone else).

Players here are scripted clients making random legal calls and cards (now and then a
claim); ``BRIDGESCORE_TEST_PLAY_BOARDS`` sets how many boards (200 by default)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import time

from asgiref.sync import async_to_sync
from django.test import TransactionTestCase, override_settings

from bridgescore.seat import Seat
from bridgescore.tablestate import TableState, Viewer, view, visible_cards
from bridgescore.web.play import services
from bridgescore.web.play.models import PlayBoard, PlayTable

from .helpers import Socket, cards_in, cookie, play_out, table, users
from .test_sockets import FAST

BOARDS = int(os.environ.get("BRIDGESCORE_TEST_PLAY_BOARDS", "200"))
TABLES = 4


@override_settings(**FAST)
class SecurityPropertyTests(TransactionTestCase):
    def test_no_connection_ever_gets_a_card_it_may_not_see(self) -> None:
        per_table = max(1, BOARDS // TABLES)
        tables: list[PlayTable] = []
        auth: list[dict[str, tuple[bytes, bytes]]] = []
        watch: list[tuple[bytes, bytes]] = []
        for i in range(TABLES):
            people = users(*(f"p{i}{s.letter.lower()}" for s in Seat))
            t = table(people[0], boards=per_table, spectators_see_hands=i % 2 == 1)
            for u, s in zip(people, Seat, strict=False):
                services.sit(t, u, s)
            tables.append(t)
            auth.append({s.letter: cookie(u) for u, s in zip(people, Seat, strict=False)})
            watch.append(cookie(users(f"w{i}")[0]))

        async def one(i: int) -> list[tuple[Viewer, Socket]]:
            t = tables[i]
            socks = {k: await Socket.open(t.pk, a, k) for k, a in auth[i].items()}
            spectator = await Socket.open(t.pk, watch[i], "spectator")
            for s in [*socks.values(), spectator]:
                await s.next()
            rng = random.Random(i)
            for index in range(1, per_table + 1):
                if index > 1:
                    for s in [*socks.values(), spectator]:
                        await s.until(lambda m, index=index: m["type"] == "board"
                                      and m["board_index"] == index)
                await play_out(socks, [spectator], rng, claims=True)
            for s in [*socks.values(), spectator]:
                await s.until(lambda m: m["type"] == "finished")
                await s.quiet()
                await s.close()
            viewers = [(Viewer(Seat.parse(k)), s) for k, s in socks.items()]
            return [*viewers, (Viewer(None, sees_all=t.spectators_see_hands), spectator)]

        async def run() -> list[list[tuple[Viewer, Socket]]]:
            return list(await asyncio.gather(*(one(i) for i in range(TABLES))))

        start = time.monotonic()
        connections = async_to_sync(run)()
        took = time.monotonic() - start
        checked = cards_seen = 0
        for t, conns in zip(tables, connections, strict=False):
            positions: dict[int, list[TableState]] = {
                b.index: list(services.states_of(b)) for b in PlayBoard.objects.filter(table=t)}
            assert len(positions) == per_table
            for viewer, sock in conns:
                for raw in sock.raw:
                    message = json.loads(raw)
                    cards = cards_in(raw)
                    checked += 1
                    if "view" not in message or message["view"] is None:
                        assert not cards, (sock.name, message)
                        continue
                    state = positions[message["board_index"]][message["seq"]]
                    allowed = {str(c) for c in visible_cards(state, viewer)}
                    allowed |= {str(c) for c in state.cards}
                    assert cards <= allowed, (sock.name, message["seq"], cards - allowed)
                    assert message["view"] == view(state, viewer), (sock.name, message["seq"])
                    cards_seen += len(cards)
        moves = sum(len(p) - 1 for t in tables
                    for p in [list(services.states_of(b)) for b in PlayBoard.objects.filter(table=t)])
        print(f"\n{per_table * TABLES} boards, {moves} moves, {checked} messages checked "
              f"({cards_seen} cards named) in {took:.1f} s")
        assert checked > per_table * TABLES * 40


@override_settings(**FAST, BRIDGESCORE_PLAY_ROBOT_SOLVER="simple")
class RobotTablesSecurityTests(TransactionTestCase):
    def test_with_robots_no_connection_gets_a_card_it_may_not_see(self) -> None:
        """Three robots and one person (South) at each table, a spectator watching: the
        person's and the spectator's every message checked as above."""
        from .helpers import autoplay, watch

        per_table = max(1, BOARDS // (2 * TABLES))
        tables, auth, watch_auth = [], [], []
        for i in range(2):
            person, spectator = users(f"r{i}", f"rw{i}")
            t = table(person, boards=per_table, spectators_see_hands=i == 1)
            services.sit(t, person, Seat.SOUTH)
            tables.append(t)
            auth.append(cookie(person))
            watch_auth.append(cookie(spectator))

        async def one(i: int) -> list[tuple[Viewer, Socket]]:
            t = tables[i]
            sock = await Socket.open(t.pk, auth[i], "S")
            spectator = await Socket.open(t.pk, watch_auth[i], "spectator")
            await spectator.next()
            await sock.next()
            await sock.send({"type": "fill_robots", "id": "fill"})
            await asyncio.gather(autoplay(sock, "S", random.Random(i)), watch(spectator))
            await sock.quiet()
            await spectator.quiet()
            await sock.close()
            await spectator.close()
            return [(Viewer(Seat.SOUTH), sock),
                    (Viewer(None, sees_all=t.spectators_see_hands), spectator)]

        async def run() -> list[list[tuple[Viewer, Socket]]]:
            return list(await asyncio.gather(*(one(i) for i in range(2))))

        connections = async_to_sync(run)()
        checked = 0
        for t, conns in zip(tables, connections, strict=False):
            positions = {b.index: list(services.states_of(b))
                         for b in PlayBoard.objects.filter(table=t)}
            assert len(positions) == per_table
            for viewer, sock in conns:
                for raw in sock.raw:
                    message = json.loads(raw)
                    cards = cards_in(raw)
                    checked += 1
                    if message.get("view") is None:
                        assert not cards, (sock.name, message)
                        continue
                    state = positions[message["board_index"]][message["seq"]]
                    allowed = {str(c) for c in visible_cards(state, viewer)}
                    allowed |= {str(c) for c in state.cards}
                    assert cards <= allowed, (sock.name, message["seq"], cards - allowed)
                    assert message["view"] == view(state, viewer)
        print(f"\n{per_table * 2} robot boards, {checked} messages checked")
