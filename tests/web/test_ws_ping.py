"""The WebSocket skeleton: /ws/ping for signed-in users only, via Channels' communicator."""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client, TransactionTestCase

from bridgescore.web.accounts import tokens
from bridgescore.web.core.consumers import CLOSE_NOT_AUTHENTICATED

from .base import make_user

ORIGIN = (b"origin", b"http://localhost")


class PingTestCase(TransactionTestCase):
    def setUp(self) -> None:
        self.bob = make_user("bob", "Bob Li", "李博")
        self.carol = make_user("carol", "Carol Wu", "吴卡罗")

    def cookie(self, user: Any) -> tuple[bytes, bytes]:
        client = Client()
        client.force_login(user)
        session = client.cookies[settings.SESSION_COOKIE_NAME].value
        return (b"cookie", f"{settings.SESSION_COOKIE_NAME}={session}".encode())

    def socket(self, *headers: tuple[bytes, bytes]) -> WebsocketCommunicator:
        from bridgescore.web.asgi import application

        return WebsocketCommunicator(application, "/ws/ping", headers=[ORIGIN, *headers])

    def test_a_visitor_is_told_to_log_in_and_closed(self) -> None:
        async def run() -> None:
            ws = self.socket()
            connected, _ = await ws.connect()
            assert connected
            message = await ws.receive_json_from()
            assert message["code"] == "not_authenticated"
            assert message["zh"] == "请先登录。"
            closed = await ws.receive_output()
            assert closed == {"type": "websocket.close", "code": CLOSE_NOT_AUTHENTICATED}
        async_to_sync(run)()

    def test_a_logged_in_user_gets_pong(self) -> None:
        bob = self.cookie(self.bob)

        async def run() -> None:
            ws = self.socket(bob)
            connected, _ = await ws.connect()
            assert connected
            await ws.send_json_to({"type": "ping", "data": {"n": 1, "text": "六♠"}})
            assert await ws.receive_json_from() == {"type": "pong", "data": {"n": 1, "text": "六♠"}}
            await ws.disconnect()
        async_to_sync(run)()

    def test_a_bearer_token_works_and_a_wrong_one_does_not(self) -> None:
        raw = tokens.issue(self.bob, "script")
        bob = self.cookie(self.bob)

        async def run() -> None:
            ws = self.socket((b"authorization", f"Bearer {raw}".encode()))
            assert (await ws.connect())[0]
            await ws.send_json_to({"type": "ping", "data": 7})
            assert await ws.receive_json_from() == {"type": "pong", "data": 7}
            await ws.disconnect()
            # A wrong token is nobody, even with a logged-in session cookie alongside.
            ws = self.socket((b"authorization", b"Bearer bst_wrong"), bob)
            await ws.connect()
            assert (await ws.receive_json_from())["code"] == "not_authenticated"
        async_to_sync(run)()

    def test_publish_reaches_every_socket_of_that_user_and_nobody_else(self) -> None:
        bob, bob_again, carol = self.cookie(self.bob), self.cookie(self.bob), self.cookie(self.carol)

        async def run() -> None:
            phone, laptop, other = self.socket(bob), self.socket(bob_again), self.socket(carol)
            for ws in (phone, laptop, other):
                assert (await ws.connect())[0]
            await phone.send_json_to({"type": "publish", "data": "board 3 entered"})
            for ws in (phone, laptop):
                assert await ws.receive_json_from() == {"type": "published",
                                                        "data": "board 3 entered"}
            assert await other.receive_nothing(timeout=0.2)
            for ws in (phone, laptop, other):
                await ws.disconnect()
        async_to_sync(run)()

    def test_a_bad_message_gets_a_clear_answer(self) -> None:
        bob = self.cookie(self.bob)

        async def run() -> None:
            ws = self.socket(bob)
            await ws.connect()
            for bad in ("not json", '{"type": "shout"}', '["ping"]',
                        '{"type": "ping", "data": "' + "x" * 5000 + '"}'):
                await ws.send_to(text_data=bad)
                answer = await ws.receive_json_from()
                assert answer["code"] == "bad_message", bad
                assert "ping" in answer["en"] and "应为" in answer["zh"]
            await ws.send_json_to({"type": "ping", "data": 1})  # still open
            assert (await ws.receive_json_from())["type"] == "pong"
            await ws.disconnect()
        async_to_sync(run)()

    def test_another_site_cannot_connect(self) -> None:
        bob = self.cookie(self.bob)

        async def run() -> None:
            from bridgescore.web.asgi import application

            ws = WebsocketCommunicator(application, "/ws/ping",
                                       headers=[(b"origin", b"https://evil.example"), bob])
            connected, _ = await ws.connect()
            assert not connected
        async_to_sync(run)()
