"""WebSocket consumers.  Thin: authenticate, check the right, act, fan out.

``/ws/ping`` is the skeleton the live features grow from: only a signed-in user may
connect; ``{"type": "ping", "data": …}`` is answered with ``pong`` on the same socket,
``{"type": "publish", "data": …}`` is delivered to every socket of the same user, on
whichever app server it is connected (through the channel layer: Redis when shared).
"""

from __future__ import annotations

from typing import Any

from channels.generic.websocket import AsyncJsonWebsocketConsumer

# Close codes in the 4000–4999 range are the application's (RFC 6455 §7.4.2).
CLOSE_NOT_AUTHENTICATED = 4401
MAX_DATA = 4096


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


class PingConsumer(AsyncJsonWebsocketConsumer):
    group: str | None = None

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            # Accept-then-close so the client learns why (a refused handshake says nothing).
            await self.accept()
            await self.send_json({"type": "error", "code": "not_authenticated",
                                  "en": "Log in first.", "zh": "请先登录。"})
            await self.close(code=CLOSE_NOT_AUTHENTICATED)
            return
        self.group = user_group(int(user.pk))
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if self.group is None:
            return
        kind = content.get("type") if isinstance(content, dict) else None
        data = content.get("data") if isinstance(content, dict) else None
        if kind not in ("ping", "publish") or len(repr(data)) > MAX_DATA:
            await self.send_json({
                "type": "error", "code": "bad_message",
                "en": f"expected {{'type': 'ping'|'publish', 'data': …}} under {MAX_DATA} "
                      "characters",
                "zh": f"应为 {{'type': 'ping'|'publish', 'data': …}}，不超过 {MAX_DATA} 个字符",
            })
            return
        if kind == "ping":
            await self.send_json({"type": "pong", "data": data})
        else:
            await self.channel_layer.group_send(self.group, {"type": "user.published",
                                                             "data": data})

    async def user_published(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "published", "data": event["data"]})

    @classmethod
    async def decode_json(cls, text_data: str) -> Any:
        import json

        try:
            return json.loads(text_data)
        except ValueError:
            return None
