"""Rights first: the API's gate on a session's endpoints (``/api/events/<event_id>/…``).

Django Ninja reads and validates a request's body and parameters after authenticating its
caller and before calling the view, and every view checks its own rights; so a caller with
no business in a session learnt from the answers what the session holds ("no result number
99" for a valid body, 403 for an existing number; 422 for one body and 403 for another).
The gate runs inside the authentication step, once the caller is known and before anything
else is read: a session that is not there is a 404, and a caller who may not see the
session at all -- not its club's member or director, and the session not published -- is
refused at once, the same refusal whatever the ids after the session's and whatever the
body.  Whoever passes the gate may see the session; each view still checks the finer right
(a member may look, only a director may change)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja.errors import AuthenticationError

from ..events.models import Event
from ..events.results.access import viewer
from ..events.services import NotAllowed
from .refusals import Missing


class NoSuchSession(Missing):
    """The path names a session that is not there (the API answers 404)."""

    def __init__(self, event_id: object) -> None:
        super().__init__(f"There is no session {event_id}.", f"没有编号为 {event_id} 的比赛。")


def event_gate(request: HttpRequest, user: Any) -> None:
    """Raise ``NoSuchSession`` (404), ``AuthenticationError`` (401: a visitor, who might see
    it once logged in) or ``NotAllowed`` (403) before the request is read; nothing for a path
    that names no session."""
    match = getattr(request, "resolver_match", None)
    event_id = match.kwargs.get("event_id") if match is not None else None
    if not isinstance(event_id, int) and not (isinstance(event_id, str) and event_id.isdigit()):
        return  # none named, or not a number: the path's own check answers it
    if not 1 <= int(event_id) <= 2_147_483_647:
        return
    event = Event.objects.select_related("club").filter(pk=event_id).first()
    if event is None:
        raise NoSuchSession(event_id)
    if event.published:
        return
    if not getattr(user, "is_authenticated", False):
        raise AuthenticationError()
    seen = viewer(user, event)
    if not (seen.director or seen.member):
        raise NotAllowed(
            f"Session {event_id} belongs to another club and is not published: you may "
            f"not see it or act on it.",
            f"第 {event_id} 场比赛属于其他俱乐部且尚未发布：您不能查看或操作。")
