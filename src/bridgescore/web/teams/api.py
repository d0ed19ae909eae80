"""This app's part of the JSON API (mounted at /api/ by bridgescore.web.api).

``GET /api/events/{id}/match``: a team event's matches board by board, totals, VPs and (a
round robin) standings and cross-table, as the caller may see them — the page's rules:
published results for anyone, otherwise the club's members; while the event is in play a
board is shown only once every table has played it (directors see everything)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.translation import get_language
from ninja import Router
from ninja.responses import Status

from ...i18n import Lang
from ..accounts import tokens
from ..core.errors import api_error
from ..events.models import Event
from . import services as teams

router = Router()


def _caller(request: HttpRequest) -> Any:
    """The signed-in user (session) or the bearer token's user; anonymous otherwise."""
    header = request.headers.get("Authorization", "")
    if header.lower().startswith("bearer "):
        user = tokens.user_for(header[7:].strip())
        if user is not None:
            return user
    return request.user


@router.get("/events/{event_id}/match", auth=None,
            response={200: dict[str, Any], 403: dict[str, Any], 404: dict[str, Any]},
            summary="A team event's matches, totals, VPs and standings")
def match(request: HttpRequest, event_id: int) -> Status[dict[str, Any]]:
    event = Event.objects.select_related("club").filter(pk=event_id).first()
    if event is None:
        return Status(404, api_error("not_found", f"no session {event_id}", f"没有第 {event_id} 场比赛"))
    if event.kind != Event.Kind.TEAMS:
        return Status(404, api_error("not_a_team_event", f"session {event_id} is not a team event",
                              f"第 {event_id} 场比赛不是队式赛"))
    user = _caller(request)
    if not teams.may_see(user, event):
        return Status(403, api_error("forbidden",
                              "Only the club's members see a session before it is published.",
                              "比赛结果发布前只有本俱乐部的会员可以查看。"))
    lang: Lang = "zh" if (get_language() or "en").startswith("zh") else "en"
    return Status(200, teams.scoreboard(event, user, lang))
