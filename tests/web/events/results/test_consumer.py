"""``/ws/events/<id>``: who may connect, and what each viewer is told after an entry.

Entries are made through the services inside the test's event loop (database_sync_to_async),
so that the push registered in ResultsConfig.ready() runs after the real commit, exactly as
in a server (TransactionTestCase: the commit happens).
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client, TransactionTestCase

from bridgescore.web.clubs.models import Club, Membership
from bridgescore.web.events import replay as ev_replay
from bridgescore.web.events import services as sv
from bridgescore.web.events.models import Event
from bridgescore.web.events.results.consumers import CLOSE_NOT_ALLOWED, CLOSE_NOT_FOUND

from ...base import make_user
from . import scenario as sc

ORIGIN = (b"origin", b"http://localhost")
# Generous: on a loaded machine a socket's first database query can take seconds.
T = 15


class ConsumerTest(TransactionTestCase):
    def setUp(self) -> None:
        self.north = Club.objects.create(slug="north", name_en="North Club", name_zh="北方俱乐部")
        self.alice = make_user("alice", "Alice Wang", "王爱丽")
        self.bob = make_user("bob", "Bob Li", "李博")
        self.charlie = make_user("charlie", "Charlie Zhang", "张查理")
        Membership.objects.create(club=self.north, player=self.alice.player, role="director")
        Membership.objects.create(club=self.north, player=self.bob.player, role="member")
        self.event = sc.make_event(self.north, self.alice, travellers_live=True)
        ev_replay.forget(int(self.event.pk))

    def cookie(self, user: Any) -> tuple[bytes, bytes]:
        client = Client()
        client.force_login(user)
        session = client.cookies[settings.SESSION_COOKIE_NAME].value
        return (b"cookie", f"{settings.SESSION_COOKIE_NAME}={session}".encode())

    def socket(self, user: Any = None, event_id: int | None = None) -> WebsocketCommunicator:
        from bridgescore.web.asgi import application

        headers = [ORIGIN] + ([self.cookie(user)] if user is not None else [])
        return WebsocketCommunicator(application, f"/ws/events/{event_id or self.event.pk}",
                                     headers=headers)

    async def refused(self, ws: WebsocketCommunicator, code: int) -> dict[str, Any]:
        connected, _ = await ws.connect(timeout=T)
        assert connected  # accepted, told why, closed
        message = await ws.receive_json_from(timeout=T)
        assert message["type"] == "error"
        assert await ws.receive_output(timeout=T) == {"type": "websocket.close", "code": code}
        return message

    def test_refused_to_visitors_outsiders_and_unknown_events(self) -> None:
        visitor, charlie = self.socket(), self.socket(self.charlie)
        unknown = self.socket(self.bob, event_id=999999)

        async def run() -> None:
            m = await self.refused(visitor, CLOSE_NOT_ALLOWED)
            assert m["code"] == "not_allowed" and "会员" in m["zh"]
            await self.refused(charlie, CLOSE_NOT_ALLOWED)
            m = await self.refused(unknown, CLOSE_NOT_FOUND)
            assert m["code"] == "not_found"
        async_to_sync(run)()

    def test_setup_is_for_directors_only(self) -> None:
        setup = sc.make_event(self.north, self.alice, status=Event.Status.SETUP)
        bob, alice = self.socket(self.bob, setup.pk), self.socket(self.alice, setup.pk)

        async def run() -> None:
            await self.refused(bob, CLOSE_NOT_ALLOWED)
            connected, _ = await alice.connect(timeout=T)
            assert connected and (await alice.receive_json_from(timeout=T))["type"] == "hello"
            await alice.disconnect()
        async_to_sync(run)()

    def test_each_viewer_hears_only_of_boards_it_may_see(self) -> None:
        bob, alice = self.socket(self.bob), self.socket(self.alice)
        enter = database_sync_to_async(sc.enter)

        async def run() -> None:
            for ws in (bob, alice):
                connected, _ = await ws.connect(timeout=T)
                assert connected
                hello = await ws.receive_json_from(timeout=T)
                assert hello["type"] == "hello" and hello["seq"] == 0
            await enter(self.event, self.alice, sc.BOARD1[:1])
            to_bob = await bob.receive_json_from(timeout=T)
            to_alice = await alice.receive_json_from(timeout=T)
            # Board 1 has one result of three: the member is told the ranking changed, not
            # which board; the director is told board 1.
            assert to_bob == {"type": "changed", "seq": 1, "boards": [], "pairs": to_bob["pairs"],
                              "status": "running", "published": False, "status_changed": False}
            # (the first result gives every pair a place: all six changed, the ranking is
            # what a member may see)
            assert {"1", "4"} <= set(to_bob["pairs"])
            assert to_alice["boards"] == [1] and to_alice["seq"] == 1
            await enter(self.event, self.alice, sc.BOARD1[1:2])
            assert (await bob.receive_json_from(timeout=T))["boards"] == []
            await alice.receive_json_from(timeout=T)
            # The third result: board 1 is played by all, so the member may see it now.
            await enter(self.event, self.alice, sc.BOARD1[2:])
            last = await bob.receive_json_from(timeout=T)
            assert last["boards"] == [1] and last["seq"] == 3
            assert "result" not in str(last) and "420" not in str(last)
            await alice.receive_json_from(timeout=T)
            assert await bob.receive_nothing(timeout=0.5)
            await bob.disconnect()
            await alice.disconnect()
        async_to_sync(run)()

    def test_unpublishing_closes_a_visitor_s_socket(self) -> None:
        sv.publish(self.event, sv.Actor(self.alice))
        visitor = self.socket()
        publish = database_sync_to_async(sv.publish)

        async def run() -> None:
            connected, _ = await visitor.connect(timeout=T)
            assert connected and (await visitor.receive_json_from(timeout=T))["type"] == "hello"
            await publish(self.event, sv.Actor(self.alice), False)
            m = await visitor.receive_json_from(timeout=T)
            assert m["type"] == "error" and m["code"] == "not_allowed"
            assert await visitor.receive_output(timeout=T) == {"type": "websocket.close",
                                                              "code": CLOSE_NOT_ALLOWED}
        async_to_sync(run)()

    def test_closing_the_session_says_the_status_changed(self) -> None:
        sc.enter(self.event, self.alice, sc.BOARD3_FIRST)
        bob = self.socket(self.bob)
        close = database_sync_to_async(sv.set_status)

        async def run() -> None:
            connected, _ = await bob.connect(timeout=T)
            assert connected and (await bob.receive_json_from(timeout=T))["seq"] == 1
            await close(self.event, sv.Actor(self.alice), Event.Status.CLOSED)
            m = await bob.receive_json_from(timeout=T)
            assert m["status"] == "closed" and m["status_changed"] is True
            await bob.disconnect()
        async_to_sync(run)()

    def test_turning_travellers_live_on_tells_the_pages(self) -> None:
        sv.change_settings(self.event, sv.Actor(self.alice), travellers_live=False)
        sc.enter(self.event, self.alice, sc.BOARD1)
        bob = self.socket(self.bob)
        change = database_sync_to_async(sv.change_settings)

        async def run() -> None:
            connected, _ = await bob.connect(timeout=T)
            assert connected and (await bob.receive_json_from(timeout=T))["type"] == "hello"
            await change(self.event, sv.Actor(self.alice), travellers_live=True)
            m = await bob.receive_json_from(timeout=T)
            assert m["type"] == "changed" and m["status_changed"] is True
            await bob.disconnect()
        async_to_sync(run)()
