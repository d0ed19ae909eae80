"""The ladder's pages: the places (160 entrants and more on one page), the open
challenges, and the buttons of what the reader may do (a group's leader: join, challenge
within range, accept or decline, withdraw); the full history."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from ....core.errors import BridgeError
from .. import services as sv
from . import groups
from . import services as online
from .register import group_of
from .views_common import competition, lang, refused

ACTIONS = ("join", "challenge", "accept", "decline", "withdraw")


@require_safe
def ladder_page(request: HttpRequest, pk: int) -> HttpResponse:
    c = competition(request, pk, "ladder")
    view = online.ladder_view(c, request.user, lang())
    return render(request, "online/ladder.html", {
        "c": c, "name": c.name_in(lang()), "see_groups": groups.may_see(request.user, c.club),
        **view})


@require_safe
def ladder_history(request: HttpRequest, pk: int) -> HttpResponse:
    c = competition(request, pk, "ladder")
    return render(request, "online/ladder_history.html", {
        "c": c, "name": c.name_in(lang()), "events": online.ladder_history(c, lang())})


@login_required
@require_POST
def ladder_act(request: HttpRequest, pk: int) -> HttpResponse:
    c = competition(request, pk, "ladder")
    p = request.POST
    what = p.get("type", "")
    data: dict[str, Any] = {"type": what}
    if what == "join":
        data.update(entrant=p.get("entrant", ""), kind=p.get("kind", "team"),
                    captain=str(request.user.pk))
    elif what == "challenge":
        data.update(challenger=p.get("challenger", ""), defender=p.get("defender", ""))
    elif what in ("accept", "decline", "withdraw"):
        try:
            data.update(challenge=int(p.get("challenge", "")), by=p.get("by", ""))
        except ValueError:
            data.update(challenge=None, by="")
    try:
        if what not in ACTIONS:
            raise BridgeError(f"unknown action {what[:20]!r}", f"未知的操作 {what[:20]!r}")
        if what == "join":
            # Through the groups' service: the leader's right checked, the group's log kept.
            group = group_of(c.club, data["entrant"])
            if group is None:
                raise BridgeError(f"no player group {data['entrant'][:20]!r} in this club",
                                  f"本俱乐部没有 {data['entrant'][:20]!r} 这个牌手团体")
            groups.enter_ladder(group, request.user, c)
        else:
            sv.act(c, data, request.user)
    except BridgeError as e:
        refused(request, e)
    return redirect("online:ladder", pk=c.pk)
