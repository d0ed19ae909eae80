"""The player groups' pages: a club's groups (``/clubs/<slug>/groups/``: the list, the
reader's invitations, a new group) and a group's own page (``/groups/<id>/``: members,
invitations, the leader's forms, its ladders, its ladder matches with the line-up form, its
log).  Every change is a POST to ``/groups/<id>/act`` (``do`` names it), done by
``groups`` (which checks the rights); the page comes back with a message, or with the
error beside the form and the input as typed.  Forms are plain HTML forms; with htmx the
page's main part is swapped in place (``hx-boost``), without it the browser loads the page.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from ....compete import teammatch as tm
from ....core.errors import BridgeError
from ...accounts.models import User
from ...clubs.models import Club
from ...clubs.roles import can_direct
from ...core.bilingual import pick
from ...core.confirm import Confirmation, ask_first
from ...core.htmx import htmx_of
from .. import services as sv
from ..models import Competition, GroupInvitation, PlayerGroup
from . import groups
from .views_common import lang

ACTIONS = ("rename", "invite", "withdraw", "accept", "decline", "remove", "leave",
           "transfer", "dissolve", "enter", "lineup")
SEATS = ("seat1", "seat2", "seat3", "seat4")


def seat_labels(side: str) -> list[str]:
    """What each place of a line-up is, for the home or the away team (``teammatch.seating``)."""
    if side == "home":
        return [_("Open room, North"), _("Open room, South"), _("Closed room, East"),
                _("Closed room, West")]
    return [_("Open room, East"), _("Open room, West"), _("Closed room, North"),
            _("Closed room, South")]


def _status(request: HttpRequest, failed: bool) -> int:
    # htmx swaps only a 2xx answer: a refused form comes back as 200 to it, 400 otherwise.
    return 200 if not failed or htmx_of(request) else 400


def _club(request: HttpRequest, slug: str) -> Club:
    club = get_object_or_404(Club, slug=slug)
    if not groups.may_see(request.user, club):
        raise PermissionDenied
    return club


def _group(request: HttpRequest, pk: int) -> PlayerGroup:
    g = get_object_or_404(PlayerGroup.objects.select_related("club", "leader__player"), pk=pk)
    if not groups.may_see(request.user, g.club):
        raise PermissionDenied
    return g


def _place_text(places: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [p for p in places if p["place"] is not None]


# ---------------------------------------------------------------------------- the list


@login_required
@require_http_methods(["GET", "POST"])
def club_groups(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(request, slug)
    lg = lang()
    errors: dict[str, str] = {}
    typed = {"kind": "team", "name_en": "", "name_zh": ""}
    if request.method == "POST":
        typed = {k: request.POST.get(k, "") for k in typed}
        try:
            g = groups.create(club, request.user, kind=typed["kind"], name_en=typed["name_en"],
                              name_zh=typed["name_zh"])
        except groups.GroupRefused as e:
            errors[e.field or "form"] = pick(e.en, e.zh, lg)
        else:
            messages.success(request, _("The group %(name)s is made: you lead it. Invite "
                                        "members next.") % {"name": g.name_in(lg)})
            return redirect("online:group", pk=g.pk)
    club_ladders = groups.ladders(club)
    rows = []
    mine = {g.pk for g in groups.groups_of(request.user, club)}
    for g in groups.active_groups(club).select_related("leader__player").order_by(
            "kind", "name_en", "name_zh", "pk"):
        ms = groups.members(g)
        rows.append({"g": g, "name": g.name_in(lg), "leader": groups.user_name(g.leader, lg),
                     "members": [groups.user_name(m.user, lg) for m in ms],
                     "places": _place_text(groups.places(g, club_ladders)), "mine": g.pk in mine})
    dissolved = list(PlayerGroup.objects.filter(club=club, dissolved__isnull=False)
                     .order_by("-dissolved")[:50])
    ctx = {"club": club, "club_name": club.name_in(lg), "rows": rows, "dissolved": dissolved,
           "invitations": _invitation_rows(groups.invitations_for(request.user, club), lg),
           "errors": errors, "typed": typed, "kinds": PlayerGroup.Kind.choices,
           "ladders": club_ladders, "limit": groups.per_player(),
           "may_create": len(mine) < groups.per_player(),
           "team_max": groups.max_size("team"), "club_max": groups.max_size("club")}
    return render(request, "online/groups.html", ctx, status=_status(request, bool(errors)))


def _invitation_rows(invs: list[GroupInvitation], lg: str) -> list[dict[str, Any]]:
    return [{"inv": i, "group": i.group, "name": i.group.name_in(lg),
             "kind": i.group.get_kind_display(), "by": groups.user_name(i.invited_by, lg),
             "leader": groups.user_name(i.group.leader, lg)} for i in invs]


# ---------------------------------------------------------------------------- a group


def _matches(g: PlayerGroup, me: Any, leader: bool, lg: str) -> list[dict[str, Any]]:
    out = []
    for m in groups.unfinished_matches(g):
        state = sv.state_of(m)
        side, players = groups.side_of(m, g)
        st = state.settings
        other = st.away if side == "home" else st.home
        people = {str(u.pk): groups.user_name(u, lg)
                  for u in User.objects.filter(pk__in=[int(p) for p in players
                                                              if p.isdigit()])
                  .select_related("player")}
        labels = seat_labels(side)
        ready = state.match.phase is tm.Phase.READY
        start = st.start_at
        out.append({"c": m, "name": m.name_in(lg), "side": side,
                    "opponent": pick(other.name_en, other.name_zh, lg), "ready": ready,
                    "starts": None if start is None else
                    datetime.datetime.fromtimestamp(start, datetime.UTC),
                    "seats": [{"label": labels[i], "field": SEATS[i], "player": players[i],
                               "name": people.get(players[i], players[i])}
                              for i in range(4)],
                    "may_choose": leader and ready})
    return out


def group_context(request: HttpRequest, g: PlayerGroup) -> dict[str, Any]:
    lg = lang()
    user = request.user
    me = user.pk if user.is_authenticated else None
    ms = groups.members(g)
    leader = g.leader_id == me and g.dissolved is None
    member_ids = {m.user_id for m in ms}
    pending = groups.pending_invitations(g) if g.dissolved is None else []
    invited = {i.user_id for i in pending}
    candidates = []
    if leader:
        candidates = [(u.pk, groups.user_name(u, lg)) for u in groups.club_members(g.club)
                      if u.pk not in member_ids and u.pk not in invited]
    mine = [i for i in pending if i.user_id == me]
    club_ladders = groups.ladders(g.club)
    places = groups.places(g, club_ladders)
    director = can_direct(user, g.club)
    return {
        "g": g, "name": g.name_in(lg), "club_name": g.club.name_in(lg),
        "leader_name": groups.user_name(g.leader, lg),
        "members": [{"m": m, "name": groups.user_name(m.user, lg),
                     "leader": m.user_id == g.leader_id} for m in ms],
        "size_max": groups.max_size(g.kind),
        "is_leader": leader, "is_member": me in member_ids, "director": director,
        "may_dissolve": g.dissolved is None and (leader or director),
        "pending": [{"inv": i, "name": groups.user_name(i.user, lg),
                     "by": groups.user_name(i.invited_by, lg)} for i in pending],
        "my_invitations": mine, "candidates": candidates,
        "transfer_to": [(m.user_id, groups.user_name(m.user, lg)) for m in ms
                        if m.user_id != g.leader_id],
        "places": places,
        "matches": _matches(g, me, leader, lg) if g.dissolved is None else [],
        "log": groups.log_rows(g, lg),
        "member_choices": [(str(m.user_id), groups.user_name(m.user, lg)) for m in ms],
        "errors": {}, "typed": {"name_en": g.name_en, "name_zh": g.name_zh},
        "busy": groups.busy(g) if g.dissolved is None else {},
    }


@login_required
@require_safe
def group_page(request: HttpRequest, pk: int) -> HttpResponse:
    g = _group(request, pk)
    response = render(request, "online/group.html", group_context(request, g))
    response["Cache-Control"] = "no-store"
    return response


def _number(value: str) -> int:
    value = value.strip()
    if not value.isdigit() or len(value) > 18:
        raise Http404
    return int(value)


@login_required
@require_POST
def group_act(request: HttpRequest, pk: int) -> HttpResponse:
    g = _group(request, pk)
    p = request.POST
    do = p.get("do", "")
    lg = lang()
    typed = {"name_en": p.get("name_en", ""), "name_zh": p.get("name_zh", "")}
    target = reverse("online:group", kwargs={"pk": g.pk})
    try:
        if do not in ACTIONS:
            raise groups.GroupRefused(f"unknown action {do[:20]!r}", f"未知的操作 {do[:20]!r}",
                                      "bad_action")
        if do == "rename":
            groups.rename(g, request.user, typed["name_en"], typed["name_zh"])
            done = _("The group is renamed.")
        elif do == "invite":
            inv = groups.invite(g, request.user, p.get("user", ""))
            done = _("%(name)s is invited: they join when they accept.") % {
                "name": groups.user_name(inv.user, lg)}
        elif do in ("withdraw", "accept", "decline"):
            inv_id = _number(p.get("invitation", ""))
            inv = get_object_or_404(GroupInvitation, pk=inv_id, group=g)
            if do == "withdraw":
                groups.withdraw(inv, request.user)
                done = _("The invitation is withdrawn.")
            else:
                groups.answer(inv, request.user, do == "accept")
                done = (_("Welcome to %(name)s.") % {"name": g.name_in(lg)} if do == "accept"
                        else _("You declined the invitation."))
                if do == "decline":
                    target = reverse("online:club_groups", kwargs={"slug": g.club.slug})
        elif do == "remove":
            groups.check_remove(g, request.user, p.get("user", ""))
            asked = ask_first(request, Confirmation(
                title=_("Remove a member"),
                does=[_("Remove %(name)s from %(group)s: they leave its line-ups and its "
                        "ladder places from now on; past results stay.") % {
                    "name": _member_name(g, p.get("user", ""), lg), "group": g.name_in(lg)}],
                undo=_("They can come back if you invite them again."), back=target,
                button=_("Remove")))
            if asked is not None:
                return asked
            groups.remove(g, request.user, p.get("user", ""))
            done = _("The member is removed.")
        elif do == "leave":
            groups.check_leave(g, request.user)
            asked = ask_first(request, Confirmation(
                title=_("Leave the group"),
                does=[_("Leave %(group)s: you leave its line-ups from now on; past results "
                        "stay.") % {"group": g.name_in(lg)}],
                undo=_("You can come back only if the group's leader invites you again."),
                back=target))
            if asked is not None:
                return asked
            groups.leave(g, request.user)
            done = _("You left %(name)s.") % {"name": g.name_in(lg)}
            target = reverse("online:club_groups", kwargs={"slug": g.club.slug})
        elif do == "transfer":
            new = groups.transfer(g, request.user, p.get("user", ""))
            done = _("%(name)s leads the group now.") % {
                "name": groups.user_name(new.leader, lg)}
        elif do == "dissolve":
            if p.get("confirm") != "yes":
                raise groups.GroupRefused("Tick the box to confirm that the group is to be "
                                          "dissolved.", "请勾选确认框以解散团体。", "confirm",
                                          "confirm")
            groups.dissolve(g, request.user)
            done = _("The group is dissolved; its history stays readable.")
        elif do == "enter":
            ladder = get_object_or_404(Competition, pk=_number(p.get("ladder", "")),
                                       kind="ladder", club=g.club)
            groups.enter_ladder(g, request.user, ladder)
            done = _("The group is entered on %(ladder)s, at the bottom.") % {
                "ladder": ladder.name_in(lg)}
        else:  # lineup
            match = get_object_or_404(Competition, pk=_number(p.get("match", "")),
                                      kind="teams", club=g.club)
            groups.choose_lineup(match, g, request.user, [p.get(s, "") for s in SEATS])
            done = _("The line-up for %(match)s is chosen.") % {"match": match.name_in(lg)}
            target += f"#match-{match.pk}"
    except groups.NotFound:
        raise Http404 from None
    except groups.GroupRefused as e:
        return _refused(request, g, do, e, typed)
    except sv.NotAllowed as e:  # the ladder's or the match's own refusals
        return _refused(request, g, do, groups.GroupRefused(e.en, e.zh, e.code), typed)
    except BridgeError as e:
        return _refused(request, g, do, groups.GroupRefused(e.en, e.zh, "refused"), typed)
    messages.success(request, done)
    return redirect(target)


def _member_name(g: PlayerGroup, user: str, lg: str) -> str:
    """The member's name for the question, or what was posted (the removal then refuses it)."""
    found = (g.members.filter(user_id=int(user)).select_related("user__player").first()
             if user.isdigit() and len(user) < 18 else None)
    return groups.user_name(found.user, lg) if found is not None else user[:40]


def _refused(request: HttpRequest, g: PlayerGroup, do: str, e: groups.GroupRefused,
             typed: dict[str, str]) -> HttpResponse:
    g = PlayerGroup.objects.select_related("club", "leader__player").get(pk=g.pk)
    ctx = group_context(request, g)
    text = pick(e.en, e.zh, lang())
    ctx["errors"] = {f"{do}:{e.field or 'form'}": text, do: text}
    if do == "rename":
        ctx["typed"] = typed
    if do == "lineup":
        ctx["lineup_typed"] = {s: request.POST.get(s, "") for s in SEATS}
        ctx["lineup_match"] = request.POST.get("match", "")
    messages.error(request, text)
    return render(request, "online/group.html", ctx, status=_status(request, True))

