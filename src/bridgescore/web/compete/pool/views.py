"""The duplicate pool's pages (both languages, desktop and phone): the room, the player's
board list (refreshed by htmx every few seconds), the week's leaderboard and a board's
results.  Every write goes through ``services``, which checks the rights again."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from ....core.errors import BridgeError
from ....core.i18n import is_zh
from ....core.seat import Seat
from ...accounts.models import User
from ...clubs.models import Club
from ...clubs.roles import can_direct, is_member
from ...core.bilingual import lang as _lang
from ...play.models import PlayTable
from ..models import PoolRoom, PoolWeek
from . import services

LIVE_SECONDS = 3  # how often htmx refreshes the room and the board list


def _user(request: HttpRequest) -> User:
    user = request.user
    assert isinstance(user, User)  # every view here is behind login_required
    return user


def _club(request: HttpRequest, slug: str) -> Club:
    club = get_object_or_404(Club, slug=slug)
    if not is_member(_user(request), club):
        raise PermissionDenied
    return club


def _week(club: Club, number: int | None = None) -> PoolWeek:
    qs = PoolWeek.objects.filter(club=club).select_related("club")
    week = (qs.filter(number=number).first() if number is not None
            else qs.filter(closed=False).order_by("-number").first()
            or qs.order_by("-number").first())
    if week is None:
        raise Http404
    return week


def _name(d: dict[str, str] | None) -> str:
    if d is None:
        return "—"
    return d["zh"] if _lang() == "zh" else d["en"]


@login_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    user = _user(request)
    rooms = [r for r in PoolRoom.objects.select_related("club").order_by("club__slug")
             if is_member(user, r.club)]
    return render(request, "pool/index.html", {
        "rooms": [{"club": r.club, "name": r.club.name_in(_lang()),
                   "week": services.current_week(r.club)} for r in rooms]})


def _room_context(request: HttpRequest, club: Club) -> dict[str, Any]:
    user = _user(request)
    tables = services.room_tables(club, user)
    for t in tables:
        for s in t["seats"]:
            s["name"] = _name(s["player"]) if s["player"] else ""
            s["label"] = Seat.parse(s["seat"]).name_in(_lang())
    return {"club": club, "tables": tables, "mine": [t for t in tables if t["mine"]],
            "week": services.current_week(club)}


@login_required
@require_GET
def room(request: HttpRequest, club: str) -> HttpResponse:
    c = _club(request, club)
    context = _room_context(request, c)
    context.update(live_url=reverse("pool:room_live", args=[c.slug]),
                   name=c.name_in(_lang()), can_direct=can_direct(_user(request), c),
                   every=LIVE_SECONDS)
    return render(request, "pool/room.html", context)


@login_required
@require_GET
def room_live(request: HttpRequest, club: str) -> HttpResponse:
    return render(request, "pool/_tables.html", _room_context(request, _club(request, club)))


def _error(request: HttpRequest, e: Exception) -> None:
    if isinstance(e, BridgeError):
        messages.error(request, e.message(_lang()))
    else:
        raise PermissionDenied


@login_required
@require_POST
def new_table(request: HttpRequest, club: str) -> HttpResponse:
    c = _club(request, club)
    try:
        table = services.open_table(c, _user(request))
        services.sit(table, _user(request), Seat.NORTH)
    except BridgeError as e:
        _error(request, e)
    return HttpResponseRedirect(reverse("pool:room", args=[c.slug]))


@login_required
@require_POST
def sit(request: HttpRequest, club: str, table_id: int) -> HttpResponse:
    c = _club(request, club)
    table = get_object_or_404(PlayTable, pk=table_id, pool_table__club=c)
    letter = request.POST.get("seat", "")
    if letter not in ("N", "E", "S", "W"):
        raise Http404
    try:
        services.sit(table, _user(request), Seat.parse(letter))
    except BridgeError as e:
        _error(request, e)
        return HttpResponseRedirect(reverse("pool:room", args=[c.slug]))
    table.refresh_from_db()
    if table.status == PlayTable.Status.PLAYING:
        return HttpResponseRedirect(reverse("play:table", args=[table.pk]))
    return HttpResponseRedirect(reverse("pool:room", args=[c.slug]))


def _boards_context(request: HttpRequest, c: Club) -> dict[str, Any]:
    number = request.GET.get("week", "")
    week = _week(c, int(number) if number.isascii() and number.isdigit() else None)
    rows = services.board_list(week, _user(request))
    total = sum(r["imps"] for r in rows)
    penalty = sum(r["penalty"] for r in services.leaderboard(week)
                  if r["player"] == _user(request).pk)
    return {"club": c, "week": week, "rows": rows, "points": total + penalty,
            "penalty": penalty, "boards": len(rows),
            "provisional": sum(1 for r in rows if r["provisional"]),
            "live_url": reverse("pool:boards_live", args=[c.slug]) + f"?week={week.number}"}


@login_required
@require_GET
def my_boards(request: HttpRequest, club: str) -> HttpResponse:
    c = _club(request, club)
    context = _boards_context(request, c)
    context["every"] = LIVE_SECONDS
    return render(request, "pool/boards.html", context)


@login_required
@require_GET
def my_boards_live(request: HttpRequest, club: str) -> HttpResponse:
    return render(request, "pool/_boards.html", _boards_context(request, _club(request, club)))


@login_required
@require_GET
def week(request: HttpRequest, club: str, number: int) -> HttpResponse:
    c = _club(request, club)
    w = _week(c, number)
    rows = services.leaderboard(w)
    for r in rows:
        r["shown"] = _name(r["name"])
    return render(request, "pool/week.html", {"club": c, "week": w, "rows": rows,
                                              "me": _user(request).pk})


@login_required
@require_GET
def board(request: HttpRequest, club: str, number: int, board: int) -> HttpResponse:
    c = _club(request, club)
    w = _week(c, number)
    try:
        data = services.board_results(w, board, _user(request))
    except services.NotAllowed as e:
        if e.code == "not_found":
            raise Http404 from None
        return render(request, "pool/board_hidden.html",
                      {"club": c, "week": w, "board": board, "reason": e.message(_lang())},
                      status=403)
    lang = _lang()
    for r in data["results"]:
        r["names"] = [_name(p) for p in r["players"]]
        r["analysis_text"] = r["analysis"].get("zh" if is_zh(lang) else "en", "")
    hands = [(s.name_in(lang), data["deal"].hands[s.value].format(lang)) for s in Seat]
    return render(request, "pool/board.html", {
        "club": c, "week": w, "data": data, "hands": hands,
        "dealer": data["dealer"].name_in(lang),
        "vulnerability": data["vulnerability"].name_in(lang)})
