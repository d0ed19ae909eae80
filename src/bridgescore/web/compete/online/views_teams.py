"""The VP team match's pages: the director's set-up, and the match page (the teams and
their players, both rooms live as the vugraph shows them, and the vugraph's comparison:
IMPs board by board, running totals, VPs — ``online.vugraph_source``, the same rule on both
pages).  Who may open it: whoever may open the competition (``compete.pages.may_open``)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from ....compete.teammatch import MATCH_LENGTHS, TeamMatchSettings
from ....core.errors import BridgeError
from ....scoring.vp import VP_SCALES
from ...clubs.models import Club, Membership
from ...clubs.roles import can_direct
from ...core.htmx import htmx_of
from ...play.vugraph import services as vg
from ...play.vugraph.views import _seats, _words
from .. import clock, pages
from .. import services as sv
from ..kinds import robot_id
from . import groups
from . import services as online
from .views_common import competition, lang, refused
from .vugraph_source import ONLINE

ROBOT = "robot"
# The library's defaults (compete.teammatch): the form's choice at first, and a field not sent.
DEFAULT = TeamMatchSettings()


def _members(club: Club) -> list[tuple[str, str]]:
    rows = (Membership.objects.filter(club=club).select_related("player__user")
            .order_by("player__name_en"))
    return [(str(m.player.user_id), m.player.name_in(lang()) or m.player.user.username)
            for m in rows if m.player.user is not None]


@login_required
@require_http_methods(["GET", "POST"])
def new_match(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    if not can_direct(request.user, club):
        raise PermissionDenied
    seats = [f"home{i}" for i in range(1, 5)] + [f"away{i}" for i in range(1, 5)]
    if request.method == "POST":
        p = request.POST
        players = [robot_id(name) if p.get(name) == ROBOT else p.get(name, "")
                   for name in seats]
        try:
            boards = int(p.get("boards", DEFAULT.boards))
            c = sv.create_competition(
                club, request.user, kind="teams", name_en=p.get("name_en", ""),
                name_zh=p.get("name_zh", ""), members_only=True,
                settings={"home": {"id": "home", "name_en": p.get("home_en", "") or "Home",
                                   "name_zh": p.get("home_zh", "") or "主队",
                                   "players": players[:4]},
                          "away": {"id": "away", "name_en": p.get("away_en", "") or "Away",
                                   "name_zh": p.get("away_zh", "") or "客队",
                                   "players": players[4:]},
                          "boards": boards, "vp_scale": p.get("vp_scale", DEFAULT.vp_scale),
                          "start_at": clock.now()})
        except (BridgeError, ValueError) as e:
            if isinstance(e, BridgeError):
                refused(request, e)
            return redirect(request.path)
        return redirect("online:match", pk=c.pk)
    return render(request, "online/match_new.html", {
        "club": club, "members": _members(club), "seats": seats, "lengths": MATCH_LENGTHS,
        "scales": [(k, v.title(lang())) for k, v in VP_SCALES.items()], "robot": ROBOT,
        "default": DEFAULT})


@require_safe
def match_page(request: HttpRequest, pk: int) -> HttpResponse:
    c = competition(request, pk, "teams")
    if not pages.may_open(request.user, c):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise PermissionDenied
    view = online.match_view(c, lang())
    ctx: dict[str, Any] = {"c": c, "name": c.name_in(lang()), **view,
                           "see_groups": groups.may_see(request.user, c.club)}
    signed_in = request.user.is_authenticated
    ctx["live_rooms"] = [
        {"table": ct.play_table, "label": _("Open room") if ct.room_label == "open"
         else _("Closed room"),
         "socket": f"/ws/play/tables/{ct.play_table_id}" if signed_in else None,
         "seats": _seats(ct.play_table, lang()), "seats_id": f"vg-seats-{ct.play_table_id}"}
        for ct in view["rooms"]]
    ctx["words"] = _words()
    # The comparison as the vugraph shows it to this reader (one rule for both pages).
    match = ONLINE.find((int(c.pk),))
    cmp = None if match is None else vg.comparison_of(match, request.user, lang())
    ctx["cmp"], ctx["vugraph"] = cmp, match
    if cmp is not None:
        ctx["m"], ctx["board"] = cmp.m, {"vp_scale_title": cmp.vp_scale_title}
    if request.GET.get("part") == "live" or htmx_of(request):
        response = render(request, "online/_comparison.html", ctx)
    else:
        response = render(request, "online/match.html", ctx)
    response["Cache-Control"] = "no-store"
    return response
