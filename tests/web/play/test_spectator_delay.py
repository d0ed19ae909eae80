"""The spectators' delay holds for every message of a late stream, the first one included
(issue 23, finding 18: the hello a socket got on connecting, and again after a seating
change, was the live position; only the updates were late).

The clock is the rows': a test ages a board's ``started`` and its moves' ``at`` instead of
waiting a minute, and waits for real only where the late stream's own timer is under test
(a delay of a second or two)."""

from __future__ import annotations

import asyncio
import datetime
from collections.abc import Iterable
from typing import Any

from asgiref.sync import async_to_sync
from django.test import TransactionTestCase, override_settings
from django.utils import timezone

from bridgescore.core.seat import Seat
from bridgescore.web.play import live, messages, services
from bridgescore.web.play.models import Move, PlayBoard, PlayTable

from .helpers import Socket, cookie, table, users

# North holds every top card: 7NT by North; East leads the spade ten, South is dummy.
GRAND = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
FAST = {"BRIDGESCORE_PLAY_ROBOT_SECONDS": 0, "BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS": 0,
        "BRIDGESCORE_PLAY_SWEEP_SECONDS": 0}
AUCTION = [("N", "7NT"), ("E", "P"), ("S", "P"), ("W", "P")]


def age(t: PlayTable, index: int, seconds: float, *, seqs: Iterable[int] = (),
        started: bool = False, finished: bool = False) -> None:
    """Board ``index`` of ``t`` as if its start, its end and its moves ``seqs`` were
    ``seconds`` ago."""
    when = timezone.now() - datetime.timedelta(seconds=seconds)
    board = PlayBoard.objects.get(table=t, index=index)
    if started:
        PlayBoard.objects.filter(pk=board.pk).update(started=when)
    if finished:
        PlayBoard.objects.filter(pk=board.pk).update(finished=when)
    Move.objects.filter(board=board, seq__in=list(seqs)).update(at=when)


def calls(view: dict[str, Any]) -> list[str]:
    return [c["call"] for c in view["auction"]]


@override_settings(**FAST)
class LateStreamTests(TransactionTestCase):
    def setUp(self) -> None:
        self.people = users("ann", "bob", "cat", "dan")
        self.watcher = users("eve")[0]

    def seated(self, **options: Any) -> PlayTable:
        t = table(self.people[0], spectators_see_hands=True, **options)
        for u, s in zip(self.people, Seat, strict=True):
            services.sit(t, u, s)
        PlayBoard.objects.filter(table=t, index=1).update(deal=GRAND)
        return t

    def by(self, seat: str) -> Any:
        return self.people["NESW".index(seat)]

    def move(self, t: PlayTable, seat: str, data: dict[str, Any]) -> None:
        services.act(t, self.by(seat), data)

    def spectator_hello(self, t: PlayTable) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """What a spectator who connects now is sent first, and in the next moments."""
        eve = cookie(self.watcher)

        async def run() -> tuple[dict[str, Any], list[dict[str, Any]]]:
            s = await Socket.open(t.pk, eve, "eve")
            hello = await s.next()
            more = await s.quiet(0.3)
            await s.close()
            return hello, more

        return async_to_sync(run)()

    # -- the first message -------------------------------------------------------------

    def test_a_late_spectator_connecting_mid_board_is_shown_the_position_a_delay_ago(
            self) -> None:
        t = self.seated(spectator_delay=60)
        # The board started a moment ago: nothing of it is a minute old.
        hello, more = self.spectator_hello(t)
        assert hello["type"] == "hello" and hello["you"]["sees_all"] is True
        assert (hello["board_index"], hello["seq"], hello["view"]) == (0, 0, None)
        assert hello["table"]["board_index"] == 0 and hello["table"]["status"] == "waiting"
        assert more == []

        # Two calls a delay ago, then the rest of the auction and the opening lead 8 s ago.
        for seat, call in AUCTION:
            self.move(t, seat, {"type": "call", "call": call})
        self.move(t, "E", {"type": "card", "card": "ST"})
        age(t, 1, 120, started=True)
        age(t, 1, 61, seqs=[1, 2])
        age(t, 1, 8, seqs=[3, 4, 5])
        hello, more = self.spectator_hello(t)
        assert (hello["board_index"], hello["seq"]) == (1, 2), hello
        shown = hello["view"]
        assert calls(shown) == ["7NT", "Pass"] and shown["phase"] == "auction"
        assert shown["moves"] == 2 and shown["next"] == "S"
        assert shown["counts"] == {"N": 13, "E": 13, "S": 13, "W": 13}
        assert sorted(shown["hands"]) == ["E", "N", "S", "W"]  # every hand: all 13 cards
        assert shown["tricks"] == [] and shown["contract"] is None
        assert hello["table"]["board_index"] == 1 and hello["table"]["status"] == "playing"
        assert more == []  # and nothing newer follows at once

        # A minute after the lead, the whole auction and the lead.
        age(t, 1, 61, seqs=[3, 4, 5])
        hello, _ = self.spectator_hello(t)
        assert hello["seq"] == 5 and hello["view"]["current"]["cards"] == ["ST"]

    def test_a_late_hello_shows_no_result_and_no_board_before_its_time(self) -> None:
        t = self.seated(boards=2, spectator_delay=60)
        for seat, call in AUCTION:
            self.move(t, seat, {"type": "call", "call": call})
        self.move(t, "E", {"type": "card", "card": "ST"})
        self.move(t, "N", {"type": "claim", "tricks": 13})
        self.move(t, "E", {"type": "claim_answer", "accept": True})
        self.move(t, "W", {"type": "claim_answer", "accept": True})  # board 1 over: 7NT =
        assert PlayBoard.objects.filter(table=t).count() == 2  # board 2 started at once
        # The claim was made and accepted 30 s ago, board 2 started 25 s ago.
        age(t, 1, 300, started=True)
        age(t, 1, 200, seqs=range(1, 6))
        age(t, 1, 30, seqs=[6, 7, 8], finished=True)
        age(t, 2, 25, started=True)
        hello, more = self.spectator_hello(t)
        assert (hello["board_index"], hello["seq"]) == (1, 5), hello
        assert hello["view"]["phase"] == "play" and hello["view"]["result"] is None
        assert hello["view"]["claim"] is None and hello["view"]["score_ns"] is None
        assert hello["table"]["board_index"] == 1 and hello["table"]["status"] == "playing"
        assert more == []

        # The claim a minute old, board 2 not yet: the result of board 1 and nothing more.
        age(t, 1, 100, seqs=[6, 7, 8], finished=True)
        hello, _ = self.spectator_hello(t)
        assert (hello["board_index"], hello["seq"]) == (1, 8)
        assert hello["view"]["result"] == "7NT N =" and hello["view"]["score_ns"] == 1520

        # Board 2 a minute old: its deal, as it started.
        age(t, 2, 90, started=True)
        hello, _ = self.spectator_hello(t)
        assert (hello["board_index"], hello["seq"]) == (2, 0)
        assert hello["view"]["moves"] == 0

    def test_the_players_hello_is_never_late(self) -> None:
        t = self.seated(spectator_delay=60)
        for seat, call in AUCTION:
            self.move(t, seat, {"type": "call", "call": call})
        age(t, 1, 120, started=True)
        auth = cookie(self.people[0])

        async def run() -> dict[str, Any]:
            s = await Socket.open(t.pk, auth, "N")
            hello = await s.next()
            await s.close()
            return hello

        hello = async_to_sync(run)()
        assert hello["you"]["seat"] == "N" and hello["seq"] == 4
        assert hello["view"]["contract"] == "7NT"

    # -- the hello after a seating change ----------------------------------------------

    def test_a_player_who_stands_up_mid_board_gets_a_late_hello(self) -> None:
        t = self.seated(spectator_delay=60)
        for seat, call in AUCTION:
            self.move(t, seat, {"type": "call", "call": call})
        age(t, 1, 120, started=True)
        age(t, 1, 61, seqs=[1, 2])
        age(t, 1, 5, seqs=[3, 4])
        west = cookie(self.by("W"))

        async def run() -> tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]]]:
            s = await Socket.open(t.pk, west, "W")
            first = await s.next()
            assert (await s.ask({"type": "stand", "id": "up"}))["type"] == "ack"
            again = await s.until(lambda m: m["type"] == "hello")
            more = await s.quiet(0.3)
            await s.close()
            return first, again, more

        first, again, more = async_to_sync(run)()
        assert first["you"]["seat"] == "W" and first["seq"] == 4  # a player: live
        # A spectator now, with every hand: the position of a minute ago, not now.
        assert again["you"] == {"seat": None, "host": False, "sees_all": True}
        assert (again["board_index"], again["seq"]) == (1, 2), again
        assert calls(again["view"]) == ["7NT", "Pass"] and again["view"]["contract"] is None
        assert again["table"]["board_index"] == 1
        assert [m for m in more if m.get("view") is not None] == []

    # -- what follows the first message -----------------------------------------------

    def test_the_moves_after_a_late_hello_arrive_as_they_come_of_age(self) -> None:
        delay = 2
        t = self.seated(spectator_delay=delay)
        age(t, 1, 100, started=True)
        auth = {s: cookie(self.by(s)) for s in "NESW"}
        eve = cookie(self.watcher)

        async def run() -> tuple[dict[str, Any], list[tuple[float, dict[str, Any]]], float]:
            loop = asyncio.get_running_loop()
            socks = {k: await Socket.open(t.pk, a, k) for k, a in auth.items()}
            for s in socks.values():
                await s.next()
            for i, (seat, call) in enumerate(AUCTION[:2]):
                assert (await socks[seat].ask({"type": "call", "call": call,
                                               "id": i}))["type"] == "ack"
            # The first two calls as if a delay old already; the next two now.
            await live.submit(lambda: age(t, 1, 60, seqs=[1, 2]))
            for i, (seat, call) in enumerate(AUCTION[2:], start=2):
                assert (await socks[seat].ask({"type": "call", "call": call,
                                               "id": i}))["type"] == "ack"
            made = loop.time()
            spectator = await Socket.open(t.pk, eve, "eve")
            hello = await spectator.next()
            got: list[tuple[float, dict[str, Any]]] = []
            while len(got) < 2:
                m = await spectator.until(lambda m: m["type"] in ("update", "board"))
                got.append((loop.time() - made, m))
            got += [(loop.time() - made, m) for m in await spectator.quiet(0.5)]
            for s in [*socks.values(), spectator]:
                await s.close()
            return hello, got, made

        hello, got, _ = async_to_sync(run)()
        assert (hello["board_index"], hello["seq"]) == (1, 2)
        assert calls(hello["view"]) == ["7NT", "Pass"]
        # Calls 3 and 4, each no sooner than the delay after it was made; calls 1 and 2
        # (whose own late copies went out after the hello) are not sent again.
        updates = [(waited, m) for waited, m in got if m["type"] == "update"]
        assert [m["seq"] for _, m in updates] == [3, 4]
        assert all(waited >= delay - 0.05 for waited, _ in updates), updates
        assert calls(updates[-1][1]["view"]) == ["7NT", "Pass", "Pass", "Pass"]

    def test_the_tables_end_reaches_a_late_spectator_after_its_last_move(self) -> None:
        t = self.seated(boards=1, spectator_delay=2)
        age(t, 1, 100, started=True)
        auth = {s: cookie(self.by(s)) for s in "NESW"}
        eve = cookie(self.watcher)

        async def run() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
            socks = {k: await Socket.open(t.pk, a, k) for k, a in auth.items()}
            spectator = await Socket.open(t.pk, eve, "eve")
            for s in [*socks.values(), spectator]:
                await s.next()
            for i, (seat, call) in enumerate(AUCTION):
                await socks[seat].ask({"type": "call", "call": call, "id": i})
            await socks["E"].ask({"type": "card", "card": "ST", "id": "lead"})
            await socks["N"].ask({"type": "claim", "tricks": 13, "id": "claim"})
            await socks["E"].ask({"type": "claim_answer", "accept": True, "id": "e"})
            await socks["W"].ask({"type": "claim_answer", "accept": True, "id": "w"})
            await socks["N"].until(lambda m: m["type"] == "finished")
            early = await spectator.quiet(0.3)  # the players know; the spectator not yet
            await spectator.until(lambda m: m["type"] == "finished")
            for s in [*socks.values(), spectator]:
                await s.close()
            return early, spectator.got

        early, got = async_to_sync(run)()
        assert [m["type"] for m in early if m["type"] == "finished"] == []
        assert all(m.get("view") is None or m["view"]["phase"] != "done" for m in early)
        kinds = [m["type"] for m in got]
        done = next(i for i, m in enumerate(got)
                    if m["type"] == "update" and m["view"]["phase"] == "done")
        assert kinds.index("finished") > done  # the result first, then the table's end
        assert kinds.count("finished") == 1


def test_a_late_streams_table_runs_no_further_than_its_position() -> None:
    info = {"id": 1, "status": "finished", "board_index": 4, "seats": []}
    assert messages.late_table(info, 3, over=False) == {**info, "status": "playing",
                                                        "board_index": 3}
    assert messages.late_table(info, 4, over=True) == info
    live = {**info, "status": "playing"}
    assert messages.late_table(live, 0, over=False)["status"] == "waiting"
    assert messages.late_table({**info, "status": "waiting", "board_index": 0}, 0,
                               over=False)["status"] == "waiting"
