"""/ws/play/tables/<id> through Channels' communicator: four players play complete boards;
claims, undo, reconnection, and forged or malformed messages (which change nothing).

Runs on the test database of the run (SQLite, or PostgreSQL under ``make web-test``), the
channel layer of the settings (in-memory here; Redis in the two-server test)."""

from __future__ import annotations

import random
from typing import Any

from asgiref.sync import async_to_sync
from django.test import TransactionTestCase, override_settings

from bridgescore.core.seat import Seat
from bridgescore.web.clubs.models import Club
from bridgescore.web.play import position, services
from bridgescore.web.play import tables as play_tables
from bridgescore.web.play.consumers import (
    CLOSE_NOT_ALLOWED,
    CLOSE_NOT_AUTHENTICATED,
    CLOSE_NOT_FOUND,
    MAX_MESSAGE,
)
from bridgescore.web.play.models import Move, PlayBoard, PlayTable, Room

from .helpers import Socket, cookie, play_out, table, users

# North holds every top card: 7NT by North makes all thirteen (East leads, South is dummy).
GRAND = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
FAST = {"BRIDGESCORE_PLAY_ROBOT_SECONDS": 0, "BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS": 0,
        "BRIDGESCORE_PLAY_SWEEP_SECONDS": 0}


@override_settings(**FAST)
class TableSocketTests(TransactionTestCase):
    def setUp(self) -> None:
        self.people = users("ann", "bob", "cat", "dan")
        self.watcher, self.stranger = users("eve", "fay")

    def seated(self, *, deal: str | None = GRAND, **options: Any) -> PlayTable:
        t = table(self.people[0], **options)
        for u, s in zip(self.people, Seat, strict=False):
            services.sit(t, u, s)
        if deal is not None:
            PlayBoard.objects.filter(table=t, index=1).update(deal=deal)
        return t

    def auth(self) -> dict[str, tuple[bytes, bytes]]:
        return {s.letter: cookie(u) for u, s in zip(self.people, Seat, strict=False)}

    async def open_all(self, t: PlayTable, auth: dict[str, Any]) -> dict[str, Socket]:
        socks = {k: await Socket.open(t.pk, a, k) for k, a in auth.items()}
        for s in socks.values():
            assert (await s.next())["type"] == "hello"
        return socks

    async def grand(self, socks: dict[str, Socket]) -> None:
        """7NT by North, East's lead of the spade ten (dummy faced)."""
        for i, (seat, call) in enumerate([("N", "7NT"), ("E", "P"), ("S", "P"), ("W", "P")]):
            assert (await socks[seat].ask({"type": "call", "call": call, "id": i}))["type"] == "ack"
        assert (await socks["E"].ask({"type": "card", "card": "ST", "id": "lead"}))["type"] == "ack"
        for s in socks.values():
            await s.until(lambda m: m["type"] == "update" and m["seq"] == 5)

    # -- complete boards -----------------------------------------------------------------

    def test_four_players_play_two_boards_and_every_ack_is_a_stored_move(self) -> None:
        t = self.seated(deal=None, boards=2)
        auth = self.auth()

        async def run() -> list[int]:
            socks = await self.open_all(t, auth)
            rng = random.Random(7)
            counts = [await play_out(socks, [], rng)]
            for s in socks.values():  # the next board at once (no pause in tests)
                await s.until(lambda m: m["type"] == "board" and m["board_index"] == 2)
            counts.append(await play_out(socks, [], rng))
            for s in socks.values():
                await s.until(lambda m: m["type"] == "finished")
                await s.close()
            return counts

        counts = async_to_sync(run)()
        boards = list(PlayBoard.objects.filter(table=t).order_by("index"))
        assert [b.index for b in boards] == [1, 2]
        assert [b.number for b in boards] == [1, 2]
        for b, n in zip(boards, counts, strict=False):
            assert Move.objects.filter(board=b).count() == n
            assert list(Move.objects.filter(board=b).values_list("seq", flat=True)) == list(
                range(1, n + 1))
            assert b.finished is not None and b.result
            state = position.state_of(b)
            assert b.score_ns == state.score_ns
        t.refresh_from_db()
        assert t.status == PlayTable.Status.FINISHED and t.due is None

    def test_a_claim_accepted_by_both_defenders_ends_the_board(self) -> None:
        t = self.seated()
        auth = self.auth()

        async def run() -> None:
            socks = await self.open_all(t, auth)
            await self.grand(socks)
            # North claims the rest: both defenders decide, and see North's hand to decide.
            ack = await socks["N"].ask({"type": "claim", "tricks": 13, "statement": "all top",
                                        "id": "c"})
            assert ack["type"] == "ack"
            seen = {k: await s.until(lambda m: m["type"] == "update") for k, s in socks.items()}
            assert seen["E"]["view"]["claim"]["deciders"] == ["E", "W"]
            assert "N" in seen["E"]["view"]["hands"] and "N" in seen["W"]["view"]["hands"]
            assert "N" not in seen["S"]["view"]["hands"]  # dummy does not decide
            # The table stops: no card while the claim is open.
            err = await socks["N"].ask({"type": "card", "card": "S2", "id": "x"})
            assert err["code"] == "claim_pending"
            # Dummy may not answer, East accepts, West rejects: play goes on.
            assert (await socks["S"].ask({"type": "claim_answer", "accept": True,
                                          "id": 1}))["code"] == "not_a_decider"
            assert (await socks["E"].ask({"type": "claim_answer", "accept": True,
                                          "id": 2}))["type"] == "ack"
            assert (await socks["W"].ask({"type": "claim_answer", "accept": False,
                                          "id": 3}))["type"] == "ack"
            last = await socks["N"].until(lambda m: m["type"] == "update" and m["seq"] == 8)
            assert last["view"]["claim"] is None and last["view"]["phase"] == "play"
            assert [e["event"] for e in last["events"]] == ["ClaimRejected"]
            # Again, and both accept.
            await socks["N"].ask({"type": "claim", "tricks": 13, "id": "c2"})
            await socks["E"].ask({"type": "claim_answer", "accept": True, "id": 4})
            await socks["W"].ask({"type": "claim_answer", "accept": True, "id": 5})
            done = await socks["S"].until(lambda m: m["type"] == "update" and m["seq"] == 11)
            assert done["view"]["phase"] == "done" and done["view"]["result"] == "7NT N ="
            for s in socks.values():
                await s.close()

        async_to_sync(run)()
        board = PlayBoard.objects.get(table=t, index=1)
        assert board.result == "7NT N =" and board.score_ns == 1520
        kinds = list(Move.objects.filter(board=board).values_list("data__type", flat=True))
        assert kinds == ["call"] * 4 + ["card", "claim", "claim_answer", "claim_answer", "claim",
                                        "claim_answer", "claim_answer"]

    def test_undo_accepted_rejected_and_forbidden(self) -> None:
        t = self.seated()
        auth = self.auth()

        async def run() -> None:
            socks = await self.open_all(t, auth)
            await socks["N"].ask({"type": "call", "call": "1C", "id": 1})
            # East may not take back North's call; North asks, both opponents decide.
            assert (await socks["E"].ask({"type": "undo", "id": 2}))["code"] == "not_your_move"
            assert (await socks["N"].ask({"type": "undo", "id": 3}))["type"] == "ack"
            assert (await socks["S"].ask({"type": "undo_answer", "accept": True,
                                          "id": 4}))["code"] == "not_a_decider"
            await socks["E"].ask({"type": "undo_answer", "accept": False, "id": 5})
            rejected = await socks["N"].until(lambda m: m["type"] == "update" and m["seq"] == 3)
            assert rejected["view"]["auction"][0]["call"] == "1C"
            await socks["N"].ask({"type": "undo", "id": 6})
            await socks["E"].ask({"type": "undo_answer", "accept": True, "id": 7})
            await socks["W"].ask({"type": "undo_answer", "accept": True, "id": 8})
            back = await socks["N"].until(lambda m: m["type"] == "update" and m["seq"] == 6)
            assert back["view"]["auction"] == [] and back["view"]["next"] == "N"
            assert "MoveTakenBack" in [e["event"] for e in back["events"]]
            assert "7NT" in back["view"]["legal_calls"]
            for s in socks.values():
                await s.close()

        async_to_sync(run)()
        forbidden = self.seated(undo_allowed=False)

        async def run2() -> None:
            socks = await self.open_all(forbidden, auth)
            await socks["N"].ask({"type": "call", "call": "1C", "id": 1})
            err = await socks["N"].ask({"type": "undo", "id": 2})
            assert err["code"] == "undo_forbidden" and err["zh"] == "本桌不允许收回"
            for s in socks.values():
                await s.close()

        # One person cannot sit at two tables at once in the seating rules? They can: a new
        # table of the same four.
        async_to_sync(run2)()

    def test_a_player_who_reconnects_mid_board_gets_the_same_position(self) -> None:
        t = self.seated()
        auth = self.auth()

        async def run() -> None:
            socks = await self.open_all(t, auth)
            await self.grand(socks)
            # Declarer plays dummy's card (South is dummy), then South's socket drops.
            await socks["N"].ask({"type": "card", "card": "S3", "id": 9})
            for s in socks.values():
                await s.until(lambda m: m["type"] == "update" and m["seq"] == 6)
            before = socks["S"].view
            assert before is not None
            await socks["S"].close()
            await socks["W"].ask({"type": "card", "card": "S2", "id": 10})
            away = await socks["N"].until(lambda m: m["type"] == "seats")
            assert {s["seat"]: s["away"] for s in away["table"]["seats"]}["S"] is True
            again = await Socket.open(t.pk, auth["S"], "S2")
            hello = await again.next()
            assert hello["type"] == "hello" and hello["you"]["seat"] == "S"
            assert hello["seq"] == 7
            # Everything as it was, plus West's card.
            assert hello["view"]["hands"] == before["hands"] and "N" not in before["hands"]
            assert hello["view"]["current"]["cards"] == ["ST", "S3", "S2"]
            assert hello["view"]["next"] == "N" and hello["view"]["to_act"] == ["N"]
            seats = {s["seat"]: s for s in hello["table"]["seats"]}
            assert seats["S"]["away"] is False
            for s in [*socks.values(), again]:
                await s.close()

        async_to_sync(run)()

    # -- forged and malformed messages ---------------------------------------------------

    def test_forged_messages_change_nothing_and_get_an_error(self) -> None:
        t = self.seated()
        auth = self.auth()
        watcher = cookie(self.watcher)

        async def run() -> None:
            socks = await self.open_all(t, auth)
            spectator = await Socket.open(t.pk, watcher, "eve")
            assert (await spectator.next())["you"]["seat"] is None
            tries: list[tuple[Socket, dict[str, Any], str]] = [
                (socks["E"], {"type": "call", "call": "1C", "seat": "N"}, "not_your_turn"),
                (socks["N"], {"type": "card", "card": "SA"}, "not_play"),
                (socks["N"], {"type": "call", "call": "8NT"}, "illegal_call"),
                (socks["N"], {"type": "call", "call": "9ZZ"}, "bad_message"),
                (socks["N"], {"type": "call", "call": "X"}, "illegal_call"),
                (spectator, {"type": "call", "call": "1C"}, "not_seated"),
                (socks["N"], {"type": "robot", "seat": "E"}, "seat_taken"),
                (socks["E"], {"type": "remove", "seat": "N"}, "not_host"),
                (socks["N"], {"type": "teleport"}, "bad_message"),
                (socks["N"], {"type": "call", "call": ["1C"]}, "bad_message"),
                (socks["N"], {"type": "claim", "tricks": "13"}, "bad_message"),
            ]
            for i, (sock, msg, code) in enumerate(tries):
                err = await sock.ask({**msg, "id": i})
                assert err["type"] == "error" and err["code"] == code, (msg, err)
                assert err["en"] and err["zh"]
            await self.grand(socks)
            # Out of turn, a card not held (told illegal, never who holds it), dummy playing,
            # a spectator's card.
            more: list[tuple[Socket, dict[str, Any], str]] = [
                (socks["W"], {"type": "card", "card": "S2"}, "not_your_turn"),
                (socks["N"], {"type": "card", "card": "SA"}, "illegal_card"),  # not dummy's
                (socks["N"], {"type": "card", "card": "H8"}, "illegal_card"),  # a revoke
                (socks["S"], {"type": "card", "card": "S3"}, "dummy_plays_nothing"),
                (spectator, {"type": "card", "card": "S2"}, "not_seated"),
                (socks["S"], {"type": "claim", "tricks": 1}, "dummy_cannot_claim"),
                (socks["N"], {"type": "claim", "tricks": 14}, "bad_claim"),
            ]
            for i, (sock, msg, code) in enumerate(more):
                err = await sock.ask({**msg, "id": f"f{i}"})
                assert err["type"] == "error" and err["code"] == code, (msg, err)
            # Not JSON, not an object, too long: an error, and the socket still works.
            await socks["W"].ws.send_to(text_data="{not json")
            assert (await socks["W"].next())["code"] == "bad_message"
            await socks["W"].ws.send_to(text_data="[" * 2000 + "]" * 2000)  # deep, not long
            assert (await socks["W"].next())["code"] == "bad_message"
            await socks["W"].ws.send_to(text_data="[1, 2]")
            assert (await socks["W"].next())["code"] == "bad_message"
            await socks["W"].ws.send_to(text_data='{"type": "call", "alert": "' + "x" * MAX_MESSAGE
                                        + '"}')
            assert (await socks["W"].next())["code"] == "too_long"
            await socks["W"].send({"type": "ping", "id": "p"})
            assert (await socks["W"].next()) == {"type": "pong", "id": "p"}
            for s in [*socks.values(), spectator]:
                await s.quiet()
                await s.close()

        async_to_sync(run)()
        board = PlayBoard.objects.get(table=t, index=1)
        assert Move.objects.filter(board=board).count() == 5  # the grand slam's, nothing else

    def test_a_flood_of_messages_is_slowed_down(self) -> None:
        t = self.seated()
        auth = self.auth()

        async def run() -> None:
            socks = await self.open_all(t, auth)
            for i in range(80):
                await socks["E"].send({"type": "ping", "id": i})
            got = [await socks["E"].next() for _ in range(80)]
            limited = [m for m in got if m.get("code") == "rate_limited"]
            assert limited and limited[0]["zh"] and limited[0]["id"] is not None
            for s in socks.values():
                await s.close()

        async_to_sync(run)()

    # -- who may connect, and what they see ----------------------------------------------

    def test_who_may_connect(self) -> None:
        club = Club.objects.create(slug="north", name_en="North", name_zh="北方")
        closed = play_tables.create_table(Room.objects.create(club=club, name_en="Members"),
                                          self.people[0])
        private = table(self.people[0], spectators_allowed=False)
        stranger = cookie(self.stranger)
        host = cookie(self.people[0])

        async def run() -> None:
            for table_id, auth, code in [(private.pk, None, CLOSE_NOT_AUTHENTICATED),
                                         (999999, stranger, CLOSE_NOT_FOUND),
                                         (private.pk, stranger, CLOSE_NOT_ALLOWED),
                                         (closed.pk, stranger, CLOSE_NOT_ALLOWED)]:
                s = await Socket.open(table_id, auth)
                err = await s.next()
                assert err["type"] == "error" and err["zh"], err
                assert (await s.next()) == {"type": "closed", "code": code}
            s = await Socket.open(private.pk, host)  # the host may always look in
            hello = await s.next()
            assert hello["you"] == {"seat": None, "host": True, "sees_all": False}
            await s.close()

        async_to_sync(run)()

    def test_spectators_see_hands_only_where_the_table_allows(self) -> None:
        public = self.seated()
        auth = self.auth()
        watcher = cookie(self.watcher)

        async def run(t: PlayTable) -> tuple[dict[str, Any], dict[str, Any]]:
            socks = await self.open_all(t, auth)
            spectator = await Socket.open(t.pk, watcher, "eve")
            first = await spectator.next()
            await self.grand(socks)
            after = await spectator.until(lambda m: m["type"] == "update" and m["seq"] == 5)
            for s in [*socks.values(), spectator]:
                await s.close()
            return first, after

        first, after = async_to_sync(run)(public)
        assert first["view"]["hands"] == {} and first["you"]["sees_all"] is False
        assert sorted(after["view"]["hands"]) == ["S"]  # dummy, once faced
        for u in self.people:
            services.stand(public, u)
        shown = self.seated(spectators_see_hands=True)
        first, after = async_to_sync(run)(shown)
        assert sorted(first["view"]["hands"]) == ["E", "N", "S", "W"]
        assert first["you"]["sees_all"] is True

    @override_settings(**FAST)
    def test_the_all_hands_stream_is_delayed(self) -> None:
        t = self.seated(spectators_see_hands=True, spectator_delay=1)
        auth = self.auth()
        watcher = cookie(self.watcher)

        async def run() -> float:
            import asyncio

            socks = await self.open_all(t, auth)
            spectator = await Socket.open(t.pk, watcher, "eve")
            await spectator.next()
            loop = asyncio.get_running_loop()
            start = loop.time()
            await socks["N"].ask({"type": "call", "call": "7NT", "id": 1})
            await socks["E"].until(lambda m: m["type"] == "update")
            assert await spectator.quiet(0.5) == []  # not yet
            await spectator.until(lambda m: m["type"] == "update" and m["seq"] == 1)
            waited = loop.time() - start
            for s in [*socks.values(), spectator]:
                await s.close()
            return waited

        assert async_to_sync(run)() >= 0.95

    def test_a_spectator_who_sits_down_gets_no_more_hands(self) -> None:
        t = table(self.people[0], spectators_see_hands=True)
        for u, s in zip(self.people[:3], (Seat.NORTH, Seat.EAST, Seat.SOUTH), strict=True):
            services.sit(t, u, s)
        eve = cookie(self.watcher)
        auth = self.auth()

        async def run() -> list[dict[str, Any]]:
            socks = {k: await Socket.open(t.pk, auth[k], k) for k in "NES"}
            spectator = await Socket.open(t.pk, eve, "eve")
            assert (await spectator.next())["you"]["sees_all"] is True
            for s in socks.values():
                await s.next()
            # Eve takes West: the board starts, and eve is a player from then on.
            assert (await spectator.ask({"type": "sit", "seat": "W", "id": "sit"}))["type"] == "ack"
            hello = await spectator.until(lambda m: m["type"] == "hello")
            assert hello["you"] == {"seat": "W", "host": False, "sees_all": False}
            await socks["N"].ask({"type": "call", "call": "1NT", "id": 1})
            await spectator.until(lambda m: m["type"] == "update" and m["seq"] == 1)
            after = spectator.got  # (no board before she sat: any hand but hers is a leak)
            for s in [*socks.values(), spectator]:
                await s.close()
            return after

        for m in async_to_sync(run)():
            if m.get("view") is not None and m["view"]["phase"] != "done":
                assert sorted(m["view"]["hands"]) == ["W"], m
