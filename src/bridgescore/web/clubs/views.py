"""Club pages.  Who sees what: anyone sees a club and its directors; its members see
the member list; its directors (and administrators) also see members' e-mail addresses."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from ...core.i18n import Lang
from ..events.models import Event
from ..ratings import figures
from .forms import ClubTimeZoneForm
from .models import Club, Membership
from .roles import can_direct, club_role, is_member


@require_safe
def club_list(request: HttpRequest) -> HttpResponse:
    return render(request, "clubs/list.html", {"clubs": Club.objects.order_by("slug")})


@require_safe
def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    people = (Membership.objects.filter(club=club).select_related("player__user")
              .order_by("role", "player__name_en", "player__name_zh"))  # directors first
    directors = [m for m in people if m.role == Membership.Role.DIRECTOR]
    members = list(people) if is_member(request.user, club) else None
    shown, cells = member_figures(members or [], club)
    return render(request, "clubs/detail.html", {
        "club": club,
        "directors": directors,
        "members": members,
        "figures": shown,
        "member_rows": [(m, cells.get(m.player.user_id) if m.player.user_id else None)
                        for m in members or []],
        "show_emails": can_direct(request.user, club),
        "my_role": club_role(request.user, club),
        "sessions": sessions(club, request),
        "directs": can_direct(request.user, club),
    })


@login_required
@require_http_methods(["GET", "POST"])
def club_settings(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's time zone, set by its directors (and administrators); anyone else is
    refused whatever they send."""
    club = get_object_or_404(Club, slug=slug)
    if not can_direct(request.user, club):
        raise PermissionDenied  # the site's 403 page, in the reader's language
    form = ClubTimeZoneForm(request.POST or None, instance=club)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("The club's time zone has been saved."))
        return redirect("clubs:settings", slug=club.slug)
    return render(request, "clubs/settings.html", {"club": club, "form": form})


def member_figures(members: list[Membership], club: Club) -> tuple[list[Any], dict[int, Any]]:
    """The figures each member carries in ``club`` (rank, masterpoints, the club's Rate and
    weekly figures; the ratings app's registry), for the members with an account (a guest a
    director entered plays no competition)."""
    lang: Lang = "zh" if (get_language() or "").startswith("zh") else "en"
    return figures.cells([m.player.user_id for m in members if m.player.user_id], lang,
                         club=club)


def sessions(club: Club, request: HttpRequest) -> list[dict[str, Any]]:
    """The club's sessions, newest first: all of them to its directors, the started or
    published ones to everyone else; the results page of each, and for directors the
    console (a team match's own page for team events)."""
    directs = can_direct(request.user, club)
    events = Event.objects.filter(club=club)
    if not directs:
        events = events.filter(~Q(status=Event.Status.SETUP) | Q(published=True))
    out = []
    for e in events.order_by("-date", "-id")[:100]:
        console = None
        if directs:
            console = (f"/events/{e.pk}/match/" if e.kind == Event.Kind.TEAMS
                       else reverse("director:console", args=[e.pk]))
        out.append({"event": e, "results": f"/events/{e.pk}/", "console": console})
    return out
