"""``/ws/events/<id>``: tells a results page what changed, so that it fetches those parts
again.  It sends numbers only (the entry sequence, the boards and pairs whose scores
changed), never a result; and a board's number only to a viewer who may see that board
(``access.Viewer``), since even "board 5 changed" says that board 5 was played.

Every app server's listener (``live.push``) sends ``event.changed`` to the group
``event.<id>`` after each stored change; each socket then asks the database what changed
since the last sequence number it told its page about (so a missed or doubled message
costs nothing), and checks the viewer's right again: an event unpublished, or reopened
into setup, closes the sockets of those who may no longer see it.
"""

from __future__ import annotations

from typing import Any, ClassVar
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.contrib.auth.models import AnonymousUser

from .. import replay
from ..models import Event
from .access import viewer
from .live import group

CLOSE_NOT_ALLOWED = 4403
CLOSE_NOT_FOUND = 4404

_REFUSED = {
    CLOSE_NOT_ALLOWED: ("not_allowed",
                        "You may not follow this session: it is for the club's members while "
                        "in play, and for its directors while being set up.",
                        "您无权查看此比赛：比赛进行中仅限本俱乐部会员，筹备中仅限裁判。"),
    CLOSE_NOT_FOUND: ("not_found", "No such pairs session.", "没有这场双人赛。"),
}


def _since(scope: Any) -> int:
    raw = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("since", ["0"])[0]
    return int(raw) if raw.isdigit() and len(raw) < 10 else 0


class LiveEventConsumer(AsyncJsonWebsocketConsumer):
    """A live page's socket: joins the event's group, and at each ``event.changed`` asks
    ``_look`` (a subclass's) what this viewer may be told, or closes with the code
    ``_look`` gives and the reason from ``refusals``."""

    refusals: ClassVar[dict[int, tuple[str, str, str]]] = _REFUSED
    event_id: int = 0
    seen: int = 0
    joined: bool = False
    status: tuple[object, ...] | None = None  # what the last message saw

    async def connect(self) -> None:
        self.event_id = int(self.scope["url_route"]["kwargs"]["event_id"])
        self.seen = _since(self.scope)
        answer = await database_sync_to_async(self._look)(first=True)
        if isinstance(answer, int):
            await self._refuse(answer)
            return
        await self.channel_layer.group_add(group(self.event_id), self.channel_name)
        self.joined = True
        await self.accept()
        await self.send_json({"type": "hello", **answer})

    async def _refuse(self, code: int) -> None:
        # Accept, say why, close: a refused handshake tells the browser nothing.
        what, en, zh = self.refusals[code]
        await self.accept()
        await self.send_json({"type": "error", "code": what, "en": en, "zh": zh})
        await self.close(code=code)

    async def disconnect(self, code: int) -> None:
        if self.joined:
            await self.channel_layer.group_discard(group(self.event_id), self.channel_name)
            self.joined = False

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        """The page sends nothing; anything it does send is ignored (a ping keeps a proxy
        from closing an idle socket)."""

    @classmethod
    async def decode_json(cls, text_data: str) -> Any:
        import json

        try:
            return json.loads(text_data)
        except ValueError:
            return None

    async def event_changed(self, message: dict[str, Any]) -> None:
        answer = await database_sync_to_async(self._look)(first=False)
        if isinstance(answer, int):
            await self.channel_layer.group_discard(group(self.event_id), self.channel_name)
            self.joined = False
            what, en, zh = self.refusals[answer]
            await self.send_json({"type": "error", "code": what, "en": en, "zh": zh})
            await self.close(code=answer)
            return
        await self.send_json({"type": "changed", **answer})

    def _look(self, *, first: bool) -> dict[str, Any] | int:
        """What this viewer may be told now, or the close code (each page's socket says)."""
        raise NotImplementedError  # every subclass defines it: EventConsumer, MatchConsumer


class EventConsumer(LiveEventConsumer):
    """The pairs pages' socket."""

    def _look(self, *, first: bool) -> dict[str, Any] | int:
        """What this viewer may be told now, or the close code when nothing."""
        event = (Event.objects.select_related("club")
                 .filter(pk=self.event_id, kind=Event.Kind.PAIRS).first())
        if event is None:
            return CLOSE_NOT_FOUND
        user = self.scope.get("user") or AnonymousUser()
        v = viewer(user, event, self.scope.get("session"))  # type: ignore[arg-type]  # the lazy object is a User
        if not v.may_view(event):
            return CLOSE_NOT_ALLOWED
        live = replay.state(event)
        since = min(self.seen, live.seq)
        changes = live.changes_since(since)
        status = (event.status, bool(event.published), bool(event.travellers_live))
        previous, self.status = self.status, status
        self.seen = live.seq
        boards = [b for b in changes.boards if v.may_see_board(event, live, b)]
        return {"seq": live.seq, "boards": boards, "pairs": list(changes.pairs),
                "status": event.status, "published": bool(event.published),
                "status_changed": not first and previous != status}
