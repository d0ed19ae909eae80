"""The 贴点 room's page: open a table (any signed-in player), the tables to sit at, and each
player's running total (less 20 a disconnection); a director records a board by hand there.

A result the points make unlikely (13 tricks at notrump with 13 HCP) is not refused: the
page shows why it is unlikely, in the reader's language, with what was entered kept, and
records it once the director ticks the confirmation (``confirm_unlikely``)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from ....core.errors import BridgeError
from ...clubs.roles import can_direct
from .. import services as sv
from ..models import Competition, CompetitionTable
from . import services as online
from .views_common import competition, lang, refused

ENTERED = ("table", "board", "result", "hcp")


def _page(request: HttpRequest, c: Competition, status: int = 200,
          **extra: Any) -> HttpResponse:
    tables = (CompetitionTable.objects.filter(competition=c).select_related("play_table")
              .order_by("-round"))
    state = sv.state_of(c)
    director = request.user.is_authenticated and can_direct(request.user, c.club)
    return render(request, "online/handicap.html", {
        "c": c, "name": c.name_in(lang()), "tables": tables[:50],
        "totals": online.handicap_totals(c, lang()), "method": state.settings.method,
        "boards": state.settings.boards_per_table, "scored": len(state.played),
        "director": director, "room_tables": sorted(state.tables),
        "entered": dict.fromkeys(ENTERED, ""), **extra}, status=status)


@require_safe
def handicap_page(request: HttpRequest, pk: int) -> HttpResponse:
    return _page(request, competition(request, pk, "handicap"))


@login_required
@require_POST
def record_board(request: HttpRequest, pk: int) -> HttpResponse:
    c = competition(request, pk, "handicap")
    if not can_direct(request.user, c.club):
        raise PermissionDenied
    entered = {k: request.POST.get(k, "").strip()[:200] for k in ENTERED}
    try:
        online.record_handicap_board(c, request.user, entered["table"], entered["board"],
                                     entered["result"], entered["hcp"],
                                     confirm_unlikely=request.POST.get("confirm_unlikely") == "on")
    except BridgeError as e:
        text = e.zh if lang() == "zh" else e.en
        if getattr(e, "code", None) == "unlikely_result":
            # Not an error: a question only the director can answer.  Nothing is recorded
            # until the same entry comes back with the confirmation ticked.
            return _page(request, c, entered=entered, unlikely=text)
        return _page(request, c, 400, entered=entered, error=text)
    messages.success(request, _("Board %(board)s of table %(table)s is recorded.")
                     % {"board": entered["board"], "table": entered["table"]})
    return redirect("online:handicap", pk=c.pk)


@login_required
@require_POST
def open_table(request: HttpRequest, pk: int) -> HttpResponse:
    c = competition(request, pk, "handicap")
    try:
        sv.act(c, {"type": "open_table", "player": str(request.user.pk)}, request.user)
    except BridgeError as e:
        refused(request, e)
        return redirect("online:handicap", pk=c.pk)
    ct = (CompetitionTable.objects.filter(competition=c).order_by("-round").first())
    if ct is None:
        return redirect("online:handicap", pk=c.pk)
    return redirect("play:table", table_id=ct.play_table_id)
