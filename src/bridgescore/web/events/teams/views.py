"""Team event pages: a director's new match or round robin, its VP scale and bye, and the
live match pages.

The match pages update as the pairs results pages do: a WebSocket (``/ws/events/<id>/match``,
``consumers.MatchConsumer``) says which matches changed and the page fetches its live part
again (``?part=live``, through the same view and rights); with the socket down it asks every
10 seconds instead (the results app's ``live.js``)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from ....core.errors import BridgeError
from ...clubs.models import Club
from ...clubs.roles import can_direct
from ...core.bilingual import lang as _lang
from ...core.htmx import htmx_of
from .. import replay as ev_replay
from .. import services as sv
from ..models import Event
from . import services as teams
from .forms import DOUBLE, MatchForm, SettingsForm, TeamForm, TeamFormSet


@require_http_methods(["GET", "POST"])
def new_match(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not can_direct(request.user, club):
        raise PermissionDenied
    movement = request.POST.get("movement", "match") if request.method == "POST" else "match"
    if request.method == "POST":
        form = MatchForm(request.POST)
        formset = TeamFormSet(request.POST, club=club, movement=movement, prefix="team")
        if form.is_valid() and formset.is_valid():
            d = form.cleaned_data
            specs = [teams.TeamSpec(f.cleaned_data["name_en"], f.cleaned_data["name_zh"],
                                    (*f.cleaned_data["members"], *f.cleaned_data["guests"]))
                     for f in formset.forms if isinstance(f, TeamForm) and f.used]
            double = d["movement"] == DOUBLE
            try:
                event = teams.create_team_event(
                    club, sv.Actor.of(request.user), name_en=d["name_en"].strip(),
                    name_zh=d["name_zh"].strip(), date=d["date"],
                    movement=Event.Movement.ROUND_ROBIN if double else d["movement"],
                    boards=d["boards"], segments=d["segments"] if movement == "match" else 1,
                    teams=specs, legs=2 if double else 1, vp_scale=d["vp_scale"],
                    bye_vp=d["bye_vp"])
            except BridgeError as e:
                form.add_error(None, e.zh if _lang() == "zh" else e.en)
            else:
                messages.success(request, _("The session is set up: start it from the "
                                            "director's console when the players sit down."))
                return redirect("teams:match", event_id=event.pk)
    else:
        form = MatchForm()
        formset = TeamFormSet(club=club, prefix="team")
    return render(request, "teams/new.html", {"club": club, "form": form, "formset": formset})


def _event(request: HttpRequest, event_id: int) -> Event:
    event = get_object_or_404(Event.objects.select_related("club"), pk=event_id)
    if event.kind != Event.Kind.TEAMS:
        raise Http404
    if not teams.may_see(request.user, event):
        raise PermissionDenied
    return event


def _context(request: HttpRequest, event: Event) -> dict[str, Any]:
    ctx: dict[str, Any] = {"event": event, "live": event.status == Event.Status.RUNNING,
                           "director": can_direct(request.user, event.club),
                           "ws_path": f"/ws/events/{event.pk}/match"}
    try:
        ctx["board"] = teams.scoreboard(event, request.user, _lang())
    except BridgeError as e:
        # The schedule no longer makes matches (a director changed its lines): say why,
        # in the reader's language, rather than fail.
        ctx["problem"] = e.zh if _lang() == "zh" else e.en
        ctx["board"] = {"name": event.name_in(_lang()), "matches": [], "full": True, "seq": 0}
    ctx["seq"] = ctx["board"]["seq"]
    ctx["phase"] = teams.phase_text(event)
    return ctx


def _page(request: HttpRequest, template: str, part: str, ctx: dict[str, Any]) -> HttpResponse:
    """The whole page, or only its live part when the page's script asks for it."""
    wanted = request.GET.get("part") == "live" or htmx_of(request)
    response = render(request, part if wanted else template, ctx)
    response["Cache-Control"] = "no-store"  # it changes with every entry
    return response


@require_safe
def match_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """The match scorecard (one match), or the round robin's standings and cross-table."""
    event = _event(request, event_id)
    ctx = _context(request, event)
    return _page(request, "teams/match.html", "teams/_live.html", ctx)


@require_safe
def match_detail(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """One match of a round robin, board by board."""
    event = _event(request, event_id)
    ctx = _context(request, event)
    found = [m for m in ctx["board"]["matches"] if m["number"] == number]
    if not found:
        if "problem" in ctx:
            return render(request, "teams/match.html", ctx)
        raise Http404
    ctx["match"] = found[0]
    return _page(request, "teams/detail.html", "teams/_detail_live.html", ctx)


@require_http_methods(["GET", "POST"])
def settings_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """The director's VP scale and bye for a team event (a change re-scores it, audited)."""
    event = get_object_or_404(Event.objects.select_related("club"), pk=event_id,
                              kind=Event.Kind.TEAMS)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not can_direct(request.user, event.club):
        raise PermissionDenied
    rules = teams.rules_of(event)
    if request.method == "POST":
        form = SettingsForm(request.POST)
        if form.is_valid():
            d = form.cleaned_data
            try:
                teams.change_team_settings(event, sv.Actor.of(request.user),
                                           vp_scale=d["vp_scale"], bye_vp=d["bye_vp"])
            except BridgeError as e:
                form.add_error("vp_scale", e.zh if _lang() == "zh" else e.en)
            else:
                messages.success(request, _("The settings are saved: every match is scored "
                                            "on them now."))
                return redirect("teams:match", event_id=event.pk)
    else:
        form = SettingsForm(initial={"vp_scale": rules.vp_scale, "bye_vp": rules.bye_vp})
    played = ev_replay.team_state(event).seq > 0
    return render(request, "teams/settings.html", {"event": event, "form": form,
                                                   "name": event.name_in(_lang()),
                                                   "played": played})
