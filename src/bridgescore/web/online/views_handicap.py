"""The 贴点 room's page: open a table (any signed-in player), the tables to sit at, and each
player's running total (less 20 a disconnection)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from ...errors import BridgeError
from ..compete import services as sv
from ..compete.models import CompetitionTable
from . import services as online
from .views_common import competition, lang, refused


def handicap_page(request: HttpRequest, pk: int) -> HttpResponse:
    c = competition(request, pk, "handicap")
    tables = (CompetitionTable.objects.filter(competition=c).select_related("play_table")
              .order_by("-round"))
    state = sv.state_of(c)
    return render(request, "online/handicap.html", {
        "c": c, "name": c.name_in(lang()), "tables": tables[:50],
        "totals": online.handicap_totals(c, lang()), "method": state.settings.method,
        "boards": state.settings.boards_per_table, "scored": len(state.played)})


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
