"""``/ws/play/tables/<id>``: a seat's or a spectator's socket at an online table
(docs/protocol.md).

Thin: who is this (the session's user, or a bearer token's), what may they see
(``access.viewer_for``), which groups carry that (their seat's, or the spectators' public
or all-hands stream; every socket of the table is in ``all`` for seating news), and every
message the client sends goes to ``services`` on a database thread, which checks it, stores
it and hands each group its own view to the live layer.  A socket never gets a view made for
another viewer: a seat group's message names the account it was made for, and a socket whose
user is not that account (any more) drops it and asks again who it is.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.db import DatabaseError

from ...core.errors import BridgeError
from ...core.seat import Seat
from ...table.actions import TableActionError
from ...table.seating import SeatingError
from ...table.views import Viewer
from ..accounts.models import User
from . import access, live, presence, services
from . import messages as play_messages
from .models import PlayTable

T = TypeVar("T")
log = logging.getLogger(__name__)

CLOSE_NOT_AUTHENTICATED = 4401
CLOSE_NOT_ALLOWED = 4403
CLOSE_NOT_FOUND = 4404
MAX_MESSAGE = 4096  # bytes of one client message
RATE = 20.0  # messages a second a socket may send, on average … (people send one or two)
BURST = 40.0  # … with this many at once

_NOT_JSON = object()

_REFUSED = {
    CLOSE_NOT_AUTHENTICATED: ("not_authenticated", "Log in first.", "请先登录。"),
    CLOSE_NOT_ALLOWED: ("not_allowed", "You may not watch this table.", "您无权观看此牌桌。"),
    CLOSE_NOT_FOUND: ("not_found", "No such table.", "没有这张牌桌。"),
}


async def _db(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` on a database thread (one that keeps its connection: core.dbthreads)."""
    return await live.submit(fn, *args)  # type: ignore[no-any-return]


def _error(code: str, en: str, zh: str, ident: Any = None) -> dict[str, Any]:
    return {"type": "error", "id": ident, "code": code, "en": en, "zh": zh}


def _ident(data: Any) -> Any:
    """The client's id of a message, echoed in its ack or error (short text or a number)."""
    raw = data.get("id") if isinstance(data, dict) else None
    if isinstance(raw, bool) or raw is None:
        return None
    if isinstance(raw, int) and abs(raw) < 2**53:
        return raw
    if isinstance(raw, str) and len(raw) <= 64:
        return raw
    return None


class TableConsumer(AsyncWebsocketConsumer):
    table_id: int = 0
    table: PlayTable | None = None
    user: Any = None
    viewer: Viewer | None = None
    parts: tuple[str, ...] = ()
    counted: bool = False
    allowance: float = BURST
    last: float = 0.0
    at: tuple[int, int] = (0, 0)  # (board index, seq) of the position last sent
    over: bool = False  # this socket was told the table's session is over

    async def dispatch(self, message: dict[str, Any]) -> None:
        # Channels' dispatch first runs close_old_connections on its one shared sync thread
        # for every message (each table update, to each socket): a thread hop per message
        # that queues behind every other socket's.  This consumer never uses that thread's
        # connection (its database work runs on core.dbthreads, which look after their own),
        # so the handler is called directly.
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    # -- opening and closing -----------------------------------------------------------

    async def connect(self) -> None:
        live.remember_loop(asyncio.get_running_loop())
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.user = self.scope.get("user")
        if self.user is None or not self.user.is_authenticated:
            await self._refuse(CLOSE_NOT_AUTHENTICATED)
            return
        found = await _db(self._who)
        if isinstance(found, int):
            await self._refuse(found)
            return
        # The groups first, then the position: an update older than the hello is dropped
        # (``at``), none is missed.
        await self._join(found)
        hello = await _db(self._open, found)
        self._sent(hello)
        await self.accept()
        await self.send_json(hello)

    def _who(self) -> Viewer | int:
        table = (PlayTable.objects.select_related("room", "room__club", "host")
                 .filter(pk=self.table_id).first())
        if table is None:
            return CLOSE_NOT_FOUND
        v = access.viewer_for(table, self.user)
        if v is None:
            return CLOSE_NOT_ALLOWED
        self.table = table
        return v

    def _open(self, v: Viewer) -> dict[str, Any]:
        assert self.table is not None
        presence.connected(self.table, self.user, self.channel_name)
        self.counted = True
        return play_messages.hello(self.table, self.user, v)

    async def _join(self, v: Viewer) -> None:
        parts = ("all", play_messages.viewer_part(v))
        for part in self.parts:
            if part not in parts:
                await self.channel_layer.group_discard(
                    play_messages.group_name(self.table_id, part), self.channel_name)
        for part in parts:
            if part not in self.parts:
                await self.channel_layer.group_add(play_messages.group_name(self.table_id, part),
                                                   self.channel_name)
        self.parts, self.viewer = parts, v

    def _sent(self, hello: dict[str, Any]) -> None:
        """What this socket has been shown, from its hello (a late stream's: as late)."""
        self.at = (hello["board_index"], hello["seq"])
        self.over = hello["table"]["status"] == "finished"

    def _late(self) -> bool:
        """This socket follows a late stream (the all-hands spectators' with a delay)."""
        return (self.table is not None and self.viewer is not None
                and play_messages.delay_of(self.table, self.viewer) > 0)

    async def _refuse(self, code: int) -> None:
        # Accept, say why, close: a refused handshake tells the browser nothing.
        what, en, zh = _REFUSED[code]
        await self.accept()
        await self.send_json(_error(what, en, zh))
        await self.close(code=code)

    async def disconnect(self, code: int) -> None:
        for part in self.parts:
            await self.channel_layer.group_discard(play_messages.group_name(self.table_id, part),
                                                   self.channel_name)
        self.parts = ()
        if self.counted:
            self.counted = False
            # If this fails, the sweep forgets the connection once it goes stale.
            with contextlib.suppress(Exception):
                await _db(presence.disconnected, self.table_id, int(self.user.pk),
                          self.channel_name)

    async def send_json(self, content: dict[str, Any]) -> None:
        await self.send(text_data=json.dumps(content, ensure_ascii=False,
                                             separators=(",", ":")))

    # -- what the client sends ---------------------------------------------------------

    def _allowed(self) -> bool:
        now = time.monotonic()
        self.allowance = min(BURST, self.allowance + (now - self.last) * RATE)
        self.last = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if self.table is None:
            return
        raw = text_data if text_data is not None else (bytes_data or b"").decode("utf-8", "replace")
        if len(raw.encode("utf-8")) > MAX_MESSAGE:
            await self.send_json(_error("too_long", f"a message has at most {MAX_MESSAGE} bytes",
                                        f"一条消息最多 {MAX_MESSAGE} 字节"))
            return
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):  # (RecursionError: '[[[[…' nested too deep)
            data = _NOT_JSON
        if not self._allowed():
            await self.send_json(_error("rate_limited", "too many messages: slow down",
                                        "消息太多：请放慢速度", _ident(data)))
            return
        if data is _NOT_JSON:
            await self.send_json(_error("bad_message", "a message is a JSON object such as "
                                        '{"type": "card", "card": "SA"}',
                                        '消息应为 JSON 对象，如 {"type": "card", "card": "SA"}'))
            return
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            await self.send_json(_error("bad_message", "a message is a JSON object with a "
                                        "'type'", "消息应为带 'type' 的 JSON 对象", _ident(data)))
            return
        ident = _ident(data)
        if data["type"] == "ping":
            await self.send_json({"type": "pong", "id": ident})
            return
        try:
            out = await _db(self._handle, data)
        except (TableActionError, SeatingError) as e:
            await self.send_json(_error(e.code, e.en, e.zh, ident))
            return
        except BridgeError as e:
            await self.send_json(_error("bad_message", e.en, e.zh, ident))
            return
        except DatabaseError:
            # Nothing was stored (the transaction rolled back): the player may send it again,
            # and the socket stays open (an exception here would close it).
            log.exception("table %s: a message could not be stored", self.table_id)
            await self.send_json(_error("busy", "the table could not store that just now: "
                                        "send it again", "牌桌暂时无法保存：请重新发送", ident))
            return
        await self.send_json({"type": "ack", "id": ident, "seq": out.seq})

    def _handle(self, data: dict[str, Any]) -> play_messages.Outcome:
        table = self.table
        assert table is not None
        kind = data["type"]
        if kind in services.TABLE_ACTIONS:
            return services.act(table, self.user, data)
        if kind == "sit":
            return services.sit(table, self.user, _seat(data))
        if kind == "stand":
            return services.stand(table, self.user)
        if kind == "robot":
            return services.seat_robot(table, self.user, _seat(data))
        if kind == "fill_robots":
            return services.fill_with_robots(table, self.user)
        if kind == "remove":
            return services.remove_player(table, self.user, _seat(data))
        if kind == "reserve":
            name = data.get("user")
            user = None
            if name is not None:
                if not isinstance(name, str) or len(name) > 150:
                    raise TableActionError("bad_message", "'user' is a user name or null",
                                           "'user' 应为用户名或 null")
                user = User.objects.filter(username=name, is_active=True).first()
                if user is None:
                    raise TableActionError("no_such_user", f"no user named {name!r}",
                                           f"没有用户名为 {name!r} 的用户")
            return services.reserve(table, self.user, _seat(data), user)
        raise TableActionError("bad_message", f"unknown message type {kind!r:.40}",
                               f"未知的消息类型 {kind!r:.40}")

    # -- what the table sends ----------------------------------------------------------

    async def play_bundle(self, message: dict[str, Any]) -> None:
        # A move's views for every viewer of the table: this socket forwards its own only.
        if len(self.parts) < 2:
            return
        part = self.parts[1]
        mine = message["parts"].get(part)
        if mine is not None:
            group = play_messages.group_name(self.table_id, part)
            await self.play_message({"group": group, **mine})

    async def play_message(self, message: dict[str, Any]) -> None:
        group = str(message.get("group", ""))
        payload = message["payload"]
        me = int(self.user.pk) if self.user is not None else None
        if ".seat." in group and message.get("user") != me:
            # Made for another account: this socket's user no longer holds that seat.
            await self._recheck()
            return
        if me in message.get("exclude", ()):
            # All hands, and this user now plays here (or in the other room): never.
            await self._recheck()
            return
        if len(self.parts) > 1 and self.parts[1] in message.get("skip", ()):
            return  # this socket's late stream brings its own copy when it comes of age
        kind = payload.get("type")
        if kind in ("update", "board"):
            at = (int(payload["board_index"]), int(payload["seq"]))
            if at <= self.at:
                return  # older than what this socket has (the hello came after it)
            self.at = at
        elif kind == "finished":
            self.over = True
        elif kind == "seats" and self._late():
            # The seats are news of now (who sits, who is away), but the table's board and
            # status stay where this socket's late position is.
            payload = {**payload, "table": play_messages.late_table(payload["table"], self.at[0],
                                                                    self.over)}
        await self.send_json(payload)
        if payload.get("type") == "seats":
            await self._recheck()

    async def _recheck(self) -> None:
        """Who this socket is now (after a seating change): other groups and a new hello if
        its view changed; closed if it may no longer watch."""
        found = await _db(self._who)
        if isinstance(found, int):
            for part in self.parts:
                await self.channel_layer.group_discard(
                    play_messages.group_name(self.table_id, part), self.channel_name)
            self.parts = ()
            what, en, zh = _REFUSED[found]
            await self.send_json(_error(what, en, zh))
            await self.close(code=found)
            return
        if found == self.viewer:
            return
        await self._join(found)
        assert self.table is not None
        hello = await _db(play_messages.hello, self.table, self.user, found)
        self._sent(hello)
        await self.send_json(hello)


def _seat(data: dict[str, Any]) -> Seat:
    raw = data.get("seat")
    if not isinstance(raw, str) or len(raw) > 10:
        raise TableActionError("bad_message", "'seat' is N, E, S or W", "'seat' 应为 N、E、S 或 W")
    try:
        return Seat.parse(raw)
    except BridgeError:
        raise TableActionError("bad_message", f"'seat' is N, E, S or W, not {raw!r}",
                               f"'seat' 应为 N、E、S 或 W，而不是 {raw!r}") from None
