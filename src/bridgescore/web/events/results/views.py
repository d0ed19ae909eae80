"""The live results pages of a pairs event: the ranking, a board's traveller, a pair's
scorecard and the club room's big screen.

Each page is also its own fragment (``?part=…``): the page's script asks for it again when
the WebSocket says something changed (or every 10 s when the socket is down), through the
same view, so the same rights are checked every time.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from ....core.board import Board
from ....core.i18n import Lang
from ....sessions.live import LiveSession
from ...core.bilingual import lang as _lang
from ...core.refusals import Forbidden
from .. import replay
from ..models import Event
from . import data
from .access import Viewer, viewer
from .charts import running_svg

# Rows per page of the big screen (it shows one page at a time, cycling).
SCREEN_ROWS = 10


def _pairs_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A team event's results live on its match pages (the teams app, which checks rights):
    its address here leads there."""
    @functools.wraps(view)
    def wrapper(request: HttpRequest, event_id: int, *args: Any, **kwargs: Any) -> HttpResponse:
        if Event.objects.filter(pk=event_id, kind=Event.Kind.TEAMS).exists():
            return redirect("teams:match", event_id=event_id)
        return view(request, event_id, *args, **kwargs)
    return wrapper


def _load(request: HttpRequest, event_id: int) -> tuple[Event, Viewer, LiveSession]:
    """The pairs session and what the user may see of it (a refusal: core.refusals answers
    it, the login page for a visitor)."""
    event = get_object_or_404(Event.objects.select_related("club"), pk=event_id,
                              kind=Event.Kind.PAIRS)
    v = viewer(request.user, event, request.session)
    if not v.may_view(event):
        raise Forbidden("Only the club's members may follow this session while it is in "
                        "play; a session being set up only its directors.",
                        "比赛进行中仅限本俱乐部会员查看，筹备中仅限裁判查看。")
    return event, v, replay.state(event)


def _common(request: HttpRequest, event: Event, v: Viewer, live: LiveSession,
            lang: Lang) -> dict[str, Any]:
    published = event.published
    status = _("published") if published else event.get_status_display()
    return {
        "event": event, "name": event.name_in(lang), "viewer": v, "status": status,
        "pct": data.is_pct(event), "scoring": event.get_scoring_display(),
        "ws_path": f"/ws/events/{event.pk}", "progress": data.progress(live),
        "boards": list(live.boards or ()), "seq": live.seq,
        "value": _("MP") if data.is_pct(event) else _("IMPs"),
    }


def _page(request: HttpRequest, template: str, part: str, context: dict[str, Any]) -> HttpResponse:
    """The whole page, or only its live part when the script asks for it."""
    if request.GET.get("part") == part:
        response = render(request, f"results/_{part}.html", context)
    else:
        response = render(request, f"results/{template}.html", context)
    # A live page must never be served from a cache: it changes with every entry.
    response["Cache-Control"] = "no-store"
    return response


def _field_title(key: str) -> str:
    return {"NS": _("North–South"), "EW": _("East–West")}.get(key, _("Ranking"))


@require_GET
@_pairs_only
def ranking(request: HttpRequest, event_id: int) -> HttpResponse:
    event, v, live = _load(request, event_id)
    lang = _lang()
    context = _common(request, event, v, live, lang)
    context["visible_boards"] = {b for b in context["boards"]
                                 if v.may_see_board(event, live, b)}
    fields = data.ranking(event, live, lang, context["visible_boards"])
    context["fields"] = [(f, _field_title(f.key)) for f in fields]
    return _page(request, "ranking", "ranking", context)


@require_GET
@_pairs_only
def board(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    event, v, live = _load(request, event_id)
    if number not in (live.boards or ()):
        raise Http404(_("This session has no board %(n)s.") % {"n": number})
    lang = _lang()
    context = _common(request, event, v, live, lang)
    visible = v.may_see_board(event, live, number)
    boards = context["boards"]
    i = boards.index(number)
    context.update(
        number=number, visible=visible,
        traveller=data.traveller(event, live, number, lang) if visible else None,
        describe=Board(number).describe(lang),
        prev=boards[i - 1] if i > 0 else None,
        next=boards[i + 1] if i + 1 < len(boards) else None,
        why=_why_hidden(event))
    return _page(request, "board", "board", context)


def _why_hidden(event: Event) -> str:
    if event.travellers_live:
        return _("This board's results are shown once every table has played it.")
    return _("The boards' results are shown when the session is over.")


@require_GET
@_pairs_only
def pair(request: HttpRequest, event_id: int, number: str) -> HttpResponse:
    event, v, live = _load(request, event_id)
    if not event.entrants.filter(number=number).exists():
        raise Http404(_("This session has no pair %(p)s.") % {"p": number})
    lang = _lang()
    context = _common(request, event, v, live, lang)
    card = data.scorecard(event, live, number, lang, v)
    pct = data.is_pct(event)
    chart = running_svg(card.running, title=_("Running score by round") + (" (%)" if pct else
                                                                           " (IMPs)"),
                        axis=_("round"), percentage=pct)
    context.update(card=card, chart=mark_safe(chart),
                   hidden=any(r.played and not r.visible for r in card.rows),
                   why=_why_hidden(event))
    return _page(request, "pair", "card", context)


@require_GET
@_pairs_only
def screen(request: HttpRequest, event_id: int) -> HttpResponse:
    event, v, live = _load(request, event_id)
    lang = _lang()
    context = _common(request, event, v, live, lang)
    pages = []
    for f in data.ranking(event, live, lang):
        rows = list(f.rows)
        count = max(1, -(-len(rows) // SCREEN_ROWS))
        for i in range(count):
            title = _field_title(f.key)
            if count > 1:
                title = _("%(field)s (%(page)s of %(pages)s)") % {
                    "field": title, "page": i + 1, "pages": count}
            pages.append((title, rows[i * SCREEN_ROWS:(i + 1) * SCREEN_ROWS]))
    context["pages"] = pages
    return _page(request, "screen", "screen", context)
