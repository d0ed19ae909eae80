"""Live results in the JSON API (mounted at /api/ by bridgescore.web.api).

``GET /api/events/{id}`` (the event, its settings, its progress), ``…/ranking`` and
``…/boards/{n}`` (one board's traveller): the pages' rules (``access.Viewer``) decide who
may read what.  A published event needs no log-in; a token (``Authorization: Bearer``) or
the page's session says who asks otherwise.  A wrong token is a 401, never a visitor.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from ninja import Router
from ninja.errors import AuthenticationError

from ....core.board import Board
from ....core.figures import json_number
from ....sessions.live import LiveSession
from ...accounts.bearer import who_asks
from ...core.bilingual import lang as _lang
from ...core.errors import api_error
from .. import replay, services
from ..models import Event
from . import data
from .access import Viewer, viewer

router = Router(auth=who_asks)


def _error(status: int, code: str, en: str, zh: str) -> JsonResponse:
    return JsonResponse(api_error(code, en, zh), status=status,
                        json_dumps_params={"ensure_ascii": False})


def _load(request: HttpRequest, event_id: int) -> tuple[Event, Viewer, LiveSession] | JsonResponse:
    event = (Event.objects.select_related("club")
             .filter(pk=event_id, kind=Event.Kind.PAIRS).first())
    if event is None:
        return _error(404, "not_found", f"No pairs session {event_id}.",
                      f"没有编号为 {event_id} 的双人赛。")
    v = viewer(request.user, event)
    if not v.may_view(event):
        if not request.user.is_authenticated:
            raise AuthenticationError()
        return _error(403, "not_allowed",
                      "Only the club's members may follow this session while it is in play; "
                      "a session being set up only its directors.",
                      "比赛进行中仅限本俱乐部会员查看，筹备中仅限裁判查看。")
    return event, v, replay.state(event)


@router.get("/events/{event_id}", summary="A pairs session: settings and progress")
def event_detail(request: HttpRequest, event_id: int) -> Any:
    loaded = _load(request, event_id)
    if isinstance(loaded, HttpResponse):
        return loaded
    event, v, live = loaded
    p = data.progress(live)
    return {
        "id": event.pk, "club": event.club.slug, "name_en": event.name_en,
        "name_zh": event.name_zh, "name": event.name_in(_lang()), "kind": event.kind,
        "status": event.status, "published": event.published,
        "settings": services.settings_of(event), "seq": live.seq,
        "progress": {"played": p.played, "total": p.total,
                     "rounds": [{"round": r, "played": n, "total": of}
                                for r, n, of in p.rounds],
                     "boards_played_by_all": list(p.boards_done)},
        "boards": list(live.boards or ()),
        "boards_shown": [b for b in live.boards or () if v.may_see_board(event, live, b)],
        "pages": {"ranking": f"/events/{event.pk}/", "screen": f"/events/{event.pk}/screen/"},
    }


@router.get("/events/{event_id}/ranking", summary="A pairs session's ranking now")
def event_ranking(request: HttpRequest, event_id: int) -> Any:
    loaded = _load(request, event_id)
    if isinstance(loaded, HttpResponse):
        return loaded
    event, _v, live = loaded
    fields = data.ranking(event, live, _lang())
    pct = data.is_pct(event)
    return {
        "id": event.pk, "scoring": event.scoring, "seq": live.seq,
        "unit": "matchpoints" if pct else "IMPs",
        "fields": [{"field": f.key or None, "rows": [
            {"place": r.place, "pair": r.pair, "name": r.name, "total": json_number(r.total_value),
             "percentage": None if r.pct_value is None else json_number(r.pct_value),
             "boards": r.boards} for r in f.rows]} for f in fields],
    }


@router.get("/events/{event_id}/boards/{number}", summary="One board's results (traveller)")
def event_board(request: HttpRequest, event_id: int, number: int) -> Any:
    loaded = _load(request, event_id)
    if isinstance(loaded, HttpResponse):
        return loaded
    event, v, live = loaded
    if number not in (live.boards or ()):
        return _error(404, "not_found", f"This session has no board {number}.",
                      f"本场比赛没有第{number}副。")
    if not v.may_see_board(event, live, number):
        en = ("This board's results are shown once every table has played it."
              if event.travellers_live else
              "The boards' results are shown when the session is over.")
        zh = ("每张桌都打完这副牌后才显示其成绩。" if event.travellers_live
              else "比赛结束后才显示各副牌的成绩。")
        return _error(403, "not_yet", en, zh)
    t = data.traveller(event, live, number, _lang())
    b = Board(number)
    return {
        "id": event.pk, "board": number, "dealer": b.dealer.letter,
        "vulnerability": b.vulnerability.describe("en"), "describe": t.describe,
        "top": None if t.top_value is None else json_number(t.top_value),
        "datum": None if t.datum_value is None else json_number(t.datum_value), "seq": live.seq,
        "results": [dict(r.raw, ns_name=r.ns_name, ew_name=r.ew_name) for r in t.rows],
    }
