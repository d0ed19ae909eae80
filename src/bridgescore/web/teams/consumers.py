"""``/ws/events/<id>/match``: tells a team event's match pages what changed, so that they
fetch their live part again, exactly as ``results.consumers.EventConsumer`` does for the
pairs pages.  The push is the same: after every stored change the events services call the
results app's listener (``results.live.push``), which sends ``event.changed`` to the group
``event.<id>`` on every app server; this socket joins that group.

It sends numbers only (the entry sequence, the boards and the matches a page shows
differently), never a result, and a board only to a viewer who may see it: while the event
is in play a member sees a board once every table has played it (``teams.services``), so a
member hears nothing of a board still being played elsewhere, and hears of a board that it
may no longer see (an entry cancelled).  A changed status, publication or setting (the VP
scale, the bye) is ``status_changed``: the whole page is fetched again.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.contrib.auth.models import AnonymousUser

from ...errors import BridgeError
from ..events.models import Event
from ..results.live import group
from . import services as teams

CLOSE_NOT_ALLOWED = 4403
CLOSE_NOT_FOUND = 4404

_REFUSED = {
    CLOSE_NOT_ALLOWED: ("not_allowed",
                        "You may not follow this team event: before its results are published "
                        "it is for the club's members.",
                        "您无权查看此队式赛：成绩发布前仅限本俱乐部会员查看。"),
    CLOSE_NOT_FOUND: ("not_found", "No such team event.", "没有这场队式赛。"),
}


def _since(scope: Any) -> int:
    raw = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("since", ["0"])[0]
    return int(raw) if raw.isdigit() and len(raw) < 10 else 0


class MatchConsumer(AsyncJsonWebsocketConsumer):
    event_id: int = 0
    seen: int = 0
    joined: bool = False
    shown: frozenset[int] = frozenset()  # the boards this viewer's page could show
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
        what, en, zh = _REFUSED[code]
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
            what, en, zh = _REFUSED[answer]
            await self.send_json({"type": "error", "code": what, "en": en, "zh": zh})
            await self.close(code=answer)
            return
        await self.send_json({"type": "changed", **answer})

    def _look(self, *, first: bool) -> dict[str, Any] | int:
        """What this viewer may be told now, or the close code when nothing."""
        event = (Event.objects.select_related("club", "team_settings")
                 .filter(pk=self.event_id, kind=Event.Kind.TEAMS).first())
        if event is None:
            return CLOSE_NOT_FOUND
        user: Any = self.scope.get("user") or AnonymousUser()  # the lazy object is a User
        if not teams.may_see(user, event):
            return CLOSE_NOT_ALLOWED
        full = teams.sees_everything(user, event)
        rules = teams.rules_of(event)
        status = (event.status, bool(event.published), full, rules.vp_scale, rules.bye_vp)
        previous, self.status = self.status, status
        try:
            live = teams.live_of(event)
        except BridgeError:
            # The schedule makes no matches (its page says why): only the sequence is known.
            return {"seq": 0, "boards": [], "matches": [], "status": event.status,
                    "published": bool(event.published), "status_changed": not first}
        visible = None if full else live.played_everywhere()
        boards, matches = live.redraw(min(self.seen, live.seq),
                                      None if visible is None else visible.__contains__,
                                      self.shown)
        self.seen = live.seq
        self.shown = visible if visible is not None else frozenset()
        return {"seq": live.seq, "boards": list(boards), "matches": list(matches),
                "status": event.status, "published": bool(event.published),
                "status_changed": not first and previous != status}
