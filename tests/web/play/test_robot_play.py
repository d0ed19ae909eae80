"""Robots at the table (bridgescore.robots through robots.table): the server plays their seats
on its loop, through the same path as a person's moves (``Move.by_robot``); one person with
three robots plays whole boards; a player away past the grace period is played for by a
robot until they come back."""

from __future__ import annotations

import asyncio
import random

from asgiref.sync import async_to_sync
from django.test import TransactionTestCase, override_settings

from bridgescore.core.seat import Seat
from bridgescore.web.play import live, presence, services
from bridgescore.web.play import position as play_position
from bridgescore.web.play.models import Disconnection, Move, PlayBoard, PlaySeat, PlayTable

from .helpers import Socket, autoplay, cookie, table, users, watch
from .test_sockets import FAST

ROBOTS = {**FAST, "BRIDGESCORE_PLAY_ROBOT_SOLVER": "simple"}


@override_settings(**ROBOTS)
class RobotPlayTests(TransactionTestCase):
    def test_one_person_and_three_robots_play_three_boards(self) -> None:
        (ann, eve) = users("ann", "eve")
        t = table(ann, boards=3)
        services.sit(t, ann, Seat.SOUTH)
        me, spectator_auth = cookie(ann), cookie(eve)

        async def run() -> None:
            sock = await Socket.open(t.pk, me, "S")
            spectator = await Socket.open(t.pk, spectator_auth, "eve")
            await spectator.next()
            await sock.next()
            await sock.send({"type": "fill_robots", "id": "fill"})
            await asyncio.gather(autoplay(sock, "S", random.Random(1)), watch(spectator))
            await sock.close()
            await spectator.close()

        async_to_sync(run)()
        boards = list(PlayBoard.objects.filter(table=t).order_by("index"))
        assert [b.index for b in boards] == [1, 2, 3] and all(b.finished for b in boards)
        for b in boards:
            moves = list(Move.objects.filter(board=b))
            assert all(m.by_robot == (m.seat != Seat.SOUTH.value) for m in moves
                       if m.data["type"] == "call"), "robots call for N, E, W; ann for S"
            assert all(m.by_user_id == (ann.pk if not m.by_robot else None) for m in moves)
            assert play_position.state_of(b).phase.value == "done"
        assert PlayTable.objects.get(pk=t.pk).status == PlayTable.Status.FINISHED

    def test_a_robot_plays_for_a_player_away_past_the_grace_period(self) -> None:
        people = users("ann", "bob", "cat", "dan")
        # North deals: North away at once (grace 0), the others robots.
        t = table(people[1], grace_seconds=0, boards=2)
        services.sit(t, people[0], Seat.NORTH)
        north = cookie(people[0])

        async def run() -> None:
            sock = await Socket.open(t.pk, north, "N")
            await sock.next()
            await live.submit(services.fill_with_robots, t, people[1])
            await sock.until(lambda m: m["type"] == "board")
            await sock.close()
            await live.submit(presence.sweep)  # North is away past the grace: a robot calls
            # The robots call for all four (a limit, not a measure: 5 s was once too short on
            # a machine running four test processes on two cores).
            loop = asyncio.get_running_loop()
            end = loop.time() + 60
            while (moves := await live.submit(
                    lambda: Move.objects.filter(board__table=t).count())) < 4:
                assert loop.time() < end, f"the robots made {moves} moves in 60 s, not 4"
                await asyncio.sleep(0.05)
            seat = await live.submit(lambda: PlaySeat.objects.get(table=t, seat=0))
            assert seat.robot and seat.user_id == people[0].pk
            # North comes back: the seat is theirs again, and the hello is the position.
            again = await Socket.open(t.pk, north, "N again")
            hello = await again.next()
            assert {s["seat"]: s["robot"] for s in hello["table"]["seats"]}["N"] is False
            assert hello["view"]["you"] == "N" and hello["seq"] >= 4
            # The robots play on until the table waits for North (nothing left in flight):
            # when North is dummy that is the end of the table, a board and more of robots'
            # moves, each one written and sent (seconds on a loaded machine; the wait is a
            # limit, not a measure).
            if "N" not in hello["view"]["to_act"] and hello["table"]["status"] != "finished":
                await again.until(lambda m: m["type"] == "finished" or (
                    m["type"] in ("update", "board") and "N" in m["view"]["to_act"]), timeout=90)
            await again.close()

        async_to_sync(run)()
        first = Move.objects.filter(board__table=t, board__index=1, seq=1).get()
        assert first.seat == 0 and first.by_robot and first.by_user_id is None
        assert Disconnection.objects.filter(table=t, user=people[0]).count() == 1
