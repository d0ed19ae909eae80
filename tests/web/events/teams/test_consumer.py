"""``/ws/events/<id>/match``: who may connect, and what each viewer of a team event is told
after an entry, a cancellation, a new setting or a change of status.

As in the pairs push's tests (``tests/web/events/results/test_consumer.py``), entries are made
through the services inside the test's event loop (database_sync_to_async), so that the push
registered in ResultsConfig.ready() runs after the real commit, as in a server.

A round robin of four teams, one board a round: in round 1 match 1 plays board 1 at tables
1 (open) and 2 (closed), match 2 at tables 3 and 4.
"""

from __future__ import annotations

import datetime
from typing import Any

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client, TransactionTestCase

from bridgescore.web.clubs.models import Club, Membership
from bridgescore.web.events import entries as ev_entries
from bridgescore.web.events import replay as ev_replay
from bridgescore.web.events import services as sv
from bridgescore.web.events.models import Event
from bridgescore.web.events.teams import services as teams
from bridgescore.web.events.teams.consumers import CLOSE_NOT_ALLOWED, CLOSE_NOT_FOUND

from ...base import make_user

ORIGIN = (b"origin", b"http://localhost")
T = 15  # generous: on a loaded machine a socket's first database query can take seconds


def _guests(prefix: str) -> tuple[teams.Guest, ...]:
    return tuple(teams.Guest(f"{prefix} {i}", "") for i in range(1, 5))


def enter(event: Event, table: int, result: str = "=") -> int:
    a = sv.assignment_at(event, 1, table)
    assert a is not None
    stored = ev_entries.enter(event, sv.Actor(table=event.table_set.get(number=table)), round=1,
                              table=table, fields={"board": 1, "contract": "4S", "declarer": "N",
                                                   "result": result})
    return int(stored.row.seq)


class MatchConsumerTest(TransactionTestCase):
    def setUp(self) -> None:
        self.north = Club.objects.create(slug="north", name_en="North Club", name_zh="北方俱乐部")
        self.alice = make_user("alice", "Alice Wang", "王爱丽")
        self.bob = make_user("bob", "Bob Li", "李博")
        self.charlie = make_user("charlie", "Charlie Zhang", "张查理")
        Membership.objects.create(club=self.north, player=self.alice.player, role="director")
        Membership.objects.create(club=self.north, player=self.bob.player, role="member")
        self.event = teams.create_team_event(
            self.north, sv.Actor(self.alice), name_en="Round robin",
            date=datetime.date(2026, 12, 1), movement="round-robin", boards=1,
            teams=[teams.TeamSpec(n, "", _guests(n)) for n in ("A", "B", "C", "D")])
        sv.set_status(self.event, sv.Actor(self.alice), Event.Status.RUNNING)
        ev_replay.forget(int(self.event.pk))

    def cookie(self, user: Any) -> tuple[bytes, bytes]:
        client = Client()
        client.force_login(user)
        session = client.cookies[settings.SESSION_COOKIE_NAME].value
        return (b"cookie", f"{settings.SESSION_COOKIE_NAME}={session}".encode())

    def socket(self, user: Any = None, event_id: int | None = None,
               since: int = 0) -> WebsocketCommunicator:
        from bridgescore.web.asgi import application

        headers = [ORIGIN] + ([self.cookie(user)] if user is not None else [])
        return WebsocketCommunicator(
            application, f"/ws/events/{event_id or self.event.pk}/match?since={since}",
            headers=headers)

    async def refused(self, ws: WebsocketCommunicator, code: int) -> dict[str, Any]:
        connected, _ = await ws.connect(timeout=T)
        assert connected  # accepted, told why, closed
        message = await ws.receive_json_from(timeout=T)
        assert message["type"] == "error"
        assert await ws.receive_output(timeout=T) == {"type": "websocket.close", "code": code}
        return message

    async def hello(self, *sockets: WebsocketCommunicator) -> None:
        for ws in sockets:
            connected, _ = await ws.connect(timeout=T)
            assert connected
            assert (await ws.receive_json_from(timeout=T))["type"] == "hello"

    def test_refused_to_visitors_outsiders_and_other_events(self) -> None:
        pairs = sv.create_event(self.north, sv.Actor(self.alice), name_en="Pairs",
                                date=datetime.date(2026, 12, 1), movement="mitchell",
                                tables=3, boards_per_round=2)
        visitor, charlie = self.socket(), self.socket(self.charlie)
        unknown, of_pairs = self.socket(self.bob, 999999), self.socket(self.alice, pairs.pk)

        async def run() -> None:
            m = await self.refused(visitor, CLOSE_NOT_ALLOWED)
            assert m["code"] == "not_allowed" and "会员" in m["zh"] and "members" in m["en"]
            await self.refused(charlie, CLOSE_NOT_ALLOWED)
            m = await self.refused(unknown, CLOSE_NOT_FOUND)
            assert m["code"] == "not_found" and m["zh"] == "没有这场队式赛。"
            await self.refused(of_pairs, CLOSE_NOT_FOUND)
        async_to_sync(run)()

    def test_each_viewer_hears_only_of_boards_it_may_see(self) -> None:
        bob, alice = self.socket(self.bob), self.socket(self.alice)
        put = database_sync_to_async(enter)

        async def run() -> None:
            await self.hello(bob, alice)
            await put(self.event, 1)
            # Board 1 is still to be played at three tables: the member is told that
            # something was stored (the sequence), not which board or match; the director
            # is told board 1 of match 1.
            assert await bob.receive_json_from(timeout=T) == {
                "type": "changed", "seq": 1, "boards": [], "matches": [], "status": "running",
                "published": False, "status_changed": False}
            to_alice = await alice.receive_json_from(timeout=T)
            assert (to_alice["boards"], to_alice["matches"], to_alice["seq"]) == ([1], [1], 1)
            await put(self.event, 3)
            assert (await alice.receive_json_from(timeout=T))["matches"] == [2]
            assert (await bob.receive_json_from(timeout=T))["boards"] == []
            await put(self.event, 2)
            await alice.receive_json_from(timeout=T)
            await bob.receive_json_from(timeout=T)
            last = await put(self.event, 4, "-1")
            # Played at every table: the member may see board 1 now, in both matches.
            to_bob = await bob.receive_json_from(timeout=T)
            assert (to_bob["boards"], to_bob["matches"], to_bob["seq"]) == ([1], [1, 2], 4)
            assert "4S" not in str(to_bob) and "420" not in str(to_bob)
            assert (await alice.receive_json_from(timeout=T))["matches"] == [2]
            # The director cancels the last entry: the member's pages must hide board 1.
            await database_sync_to_async(ev_entries.cancel)(self.event, sv.Actor(self.alice), last,
                                                            reason="wrong table")
            to_bob = await bob.receive_json_from(timeout=T)
            assert (to_bob["boards"], to_bob["matches"]) == ([1], [1, 2])
            assert (await alice.receive_json_from(timeout=T))["matches"] == [2]
            assert await bob.receive_nothing(timeout=0.5)
            await bob.disconnect()
            await alice.disconnect()
        async_to_sync(run)()

    def test_a_page_that_missed_entries_hears_of_them_on_connecting(self) -> None:
        enter(self.event, 1)
        enter(self.event, 2)
        alice = self.socket(self.alice, since=1)

        async def run() -> None:
            connected, _ = await alice.connect(timeout=T)
            assert connected
            hello = await alice.receive_json_from(timeout=T)
            assert (hello["type"], hello["seq"], hello["matches"]) == ("hello", 2, [1])
            await alice.disconnect()
        async_to_sync(run)()

    def test_a_new_vp_scale_or_status_redraws_every_page(self) -> None:
        bob = self.socket(self.bob)
        change = database_sync_to_async(teams.change_team_settings)
        status = database_sync_to_async(sv.set_status)

        async def run() -> None:
            await self.hello(bob)
            await change(self.event, sv.Actor(self.alice), vp_scale="acbl-20")
            m = await bob.receive_json_from(timeout=T)
            assert m["type"] == "changed" and m["status_changed"] is True
            await change(self.event, sv.Actor(self.alice), bye_vp=10.0)
            assert (await bob.receive_json_from(timeout=T))["status_changed"] is True
            await status(self.event, sv.Actor(self.alice), Event.Status.CLOSED)
            m = await bob.receive_json_from(timeout=T)
            assert m["status"] == "closed" and m["status_changed"] is True
            await bob.disconnect()
        async_to_sync(run)()

    def test_unpublishing_closes_a_visitor_s_socket(self) -> None:
        sv.publish(self.event, sv.Actor(self.alice))
        visitor = self.socket()
        publish = database_sync_to_async(sv.publish)

        async def run() -> None:
            await self.hello(visitor)
            await publish(self.event, sv.Actor(self.alice), False)
            m = await visitor.receive_json_from(timeout=T)
            assert m["type"] == "error" and m["code"] == "not_allowed"
            assert await visitor.receive_output(timeout=T) == {"type": "websocket.close",
                                                              "code": CLOSE_NOT_ALLOWED}
        async_to_sync(run)()
