"""The competitions' pages: the home (竞赛), a director's new competition, an event's page
(the Swiss's registration room, then its rounds; a pairs event's sign-up and rounds), the
results home, an event's results and a board's comparison.

The event page's live part is the same view with ``?part=live``: the page asks for it every
few seconds (HTMX), so the same rights are checked each time.  Every action is a POST that
the services check (``services.act``); a refusal is shown in the reader's language.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ...core.errors import BridgeError
from ...core.i18n import Lang, pick
from ..accounts.models import User
from ..clubs.models import Club, Membership
from ..clubs.roles import can_direct, is_administrator
from ..core.bilingual import lang as _lang
from ..core.htmx import htmx_of
from ..core.refusals import Forbidden
from ..events.models import Event
from . import pages, privacy
from . import services as sv
from .forms import NewCompetitionForm
from .kinds import robot_id
from .models import Competition

LIVE_SECONDS = 3  # how often an event page asks for its live part


def _load(request: HttpRequest, cid: int) -> Competition:
    """The competition, if the user may open it (a refusal: core.refusals answers it, the
    login page for a visitor)."""
    c = get_object_or_404(Competition.objects.select_related("club"), pk=cid)
    if not pages.may_open(request.user, c):
        raise Forbidden("This competition is for its club's members only.",
                        "本比赛仅限本俱乐部会员。")
    return c


def _directed_clubs(user: Any) -> list[Club]:
    if not user.is_authenticated:
        return []
    if is_administrator(user):
        return list(Club.objects.order_by("slug"))
    ids = Membership.objects.filter(player__user_id=user.pk, role="director").values_list(
        "club_id", flat=True)
    return list(Club.objects.filter(pk__in=list(ids)).order_by("slug"))


def _no_store(response: HttpResponse) -> HttpResponse:
    response["Cache-Control"] = "no-store"
    return response


# ---------------------------------------------------------------------------- the home


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    lang = _lang()
    return _no_store(render(request, "compete/home.html", {
        "groups": pages.home_rows(request.user, lang),
        "may_create": bool(_directed_clubs(request.user)),
        "seats": sv.seat_now(request.user),
        # The player groups (teams and player clubs: a ladder's entrants) of the reader's
        # clubs: they are made and joined there.
        "group_clubs": _group_clubs(request.user, lang),
    }))


def _group_clubs(user: Any, lang: Lang) -> list[tuple[str, str]]:
    """(slug, name) of each club whose player groups the reader may see."""
    if not user.is_authenticated:
        return []
    from .online.groups import may_see

    ids = Membership.objects.filter(player__user_id=user.pk).values_list("club_id", flat=True)
    clubs = set(Club.objects.filter(pk__in=list(ids))) | set(_directed_clubs(user))
    return [(c.slug, c.name_in(lang)) for c in sorted(clubs, key=lambda c: c.slug)
            if may_see(user, c)]


@login_required
@require_http_methods(["GET", "POST"])
def new(request: HttpRequest) -> HttpResponse:
    clubs = _directed_clubs(request.user)
    if not clubs:
        raise PermissionDenied(_("Only a club's director may set up competitions."))
    form = NewCompetitionForm(request.POST or None, clubs=clubs,
                              initial={"kind": "swiss", "scoring": "ximp", "winners": "1",
                                       "pairs_scoring": "mp"})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            c = sv.create_competition(form.club_chosen(), request.user, kind=data["kind"],
                                      name_en=data["name_en"], name_zh=data["name_zh"],
                                      settings=form.kind_settings(),
                                      members_only=bool(data["members_only"]))
        except BridgeError as e:
            form.add_error(None, e.zh if _lang() == "zh" else e.en)
        else:
            messages.success(request, _("The competition is set up."))
            return redirect("compete:event", cid=c.pk)
    return render(request, "compete/new.html", {"form": form})


# ---------------------------------------------------------------------------- an event


def _event_context(request: HttpRequest, c: Competition) -> dict[str, Any]:
    lang = _lang()
    state = sv.state_of(c)
    c.refresh_from_db()
    kind = sv.kind_of(c)
    ctx: dict[str, Any] = {
        "c": c, "name": c.name_in(lang), "kind_label": pick(lang, kind.label_en, kind.label_zh), "director": request.user.is_authenticated
        and can_direct(request.user, c.club), "live_seconds": LIVE_SECONDS,
        "live_url": request.path + "?part=live", "settings": c.settings,
    }
    if c.kind == "swiss":
        ctx["live"] = pages.swiss_live(c, state, request.user, lang)
        if state.phase == "registration":
            ctx["room"] = pages.room_view(c, state, request.user, lang)
        ctx["scoring"] = dict(_scoring_names()).get(state.settings.scoring, "")
        ctx["st"] = state.settings
        ctx["completion"] = round(100 * state.settings.completion)
    else:
        ctx.update(_pairs_context(request, c, state, lang))
    return ctx


def _scoring_names() -> list[tuple[str, str]]:
    return [("ximp", _("cross-IMPs (XIMP)")), ("butler", _("total IMPs (against the datum)")),
            ("mp", _("matchpoints (MP)")), ("total", _("total points"))]


def _pairs_context(request: HttpRequest, c: Competition, state: Any,
                   lang: Lang) -> dict[str, Any]:
    kind = sv.kind_of(c)
    entries = kind.entries(state)
    who = pages.names_of([p for e in entries for p in e["players"]], lang)
    me = str(request.user.pk) if request.user.is_authenticated else ""
    # The totals and places are the director's until the administrator publishes them
    # (seed 002 §5); a player sees their own pair's progress.
    totals = privacy.totals_shown(c, state, request.user)
    standings = kind.standings(state) if totals else []
    who.update(pages.names_of([p for s in standings for p in s["players"]], lang))
    mine = next((e for e in entries if me in e["players"]), None)
    rounds = sv.rounds(c)
    my_table = next((t["play_table"] for r in rounds for t in r["tables"] if not t["stopped"]
                     and any(s["player"] and str(s["player"]["id"]) == me for s in t["seats"])),
                    None)
    partners: list[tuple[str, str]] = []
    if request.user.is_authenticated and mine is None and c.status == "open":
        taken = {p for e in entries for p in e["players"]}
        people = (User.objects.filter(player__memberships__club=c.club)
                  .exclude(pk=request.user.pk).select_related("player").order_by("username"))
        names = pages.names_of([str(u.pk) for u in people], lang)
        partners = [(str(u.pk), names[str(u.pk)]) for u in people if str(u.pk) not in taken]
    return {
        "entries": [(e["number"], pages.pair_name(e["players"], who, lang)) for e in entries],
        "mine": mine, "partners": partners, "my_table": my_table,
        "rounds": rounds, "round": kind.current_round(state),
        "standings": [{**s, "name": pages.pair_name(s["players"], who, lang),
                       "total_text": pages.text(s["exact"] or s["total"])} for s in standings],
        "totals_shown": totals,
        "progress": None if totals else pages.pairs_progress(state, request.user),
        "deadline_in": pages.left(getattr(state.event, "round_deadline", None)),
        "start_in": pages.left(state.start_at) if c.status == "open" and state.start_at else None,
    }


@require_GET
def event(request: HttpRequest, cid: int) -> HttpResponse:
    c = _load(request, cid)
    if sv.kind_of(c).page:
        return redirect(sv.kind_of(c).page, pk=c.pk)  # a kind with a page of its own
    ctx = _event_context(request, c)
    if request.GET.get("part") == "live":
        return _no_store(render(request, f"compete/_{c.kind}_live.html", ctx))
    return _no_store(render(request, "compete/event.html", ctx))


def _free_table(state: Any) -> int:
    taken = {t for t, _ in state.seats}
    return next(n for n in range(1, state.settings.registration_tables + 1) if n not in taken)


def _actions(request: HttpRequest, c: Competition) -> list[dict[str, Any]]:
    """The POST's action(s) as the services' plain data."""
    do = request.POST.get("do", "")
    me = str(request.user.pk)

    def whole(name: str) -> int:
        raw = request.POST.get(name, "")
        try:
            return int(raw)
        except ValueError:
            raise BridgeError(f"invalid {name} {raw[:20]!r}: expected a whole number",
                              f"无效的{ {'table': '桌号'}.get(name, name)} {raw[:20]!r}：应为整数") \
                from None

    if c.kind == "swiss":
        simple = {"leave": "Leave", "raise": "RaiseHand", "lower": "LowerHand"}
        if do in simple:
            return [{"type": simple[do], "player": me}]
        if do == "sit":
            return [{"type": "Sit", "player": me, "table": whole("table"),
                     "seat": request.POST.get("seat", "")}]
        if do in ("ask", "send_away"):
            return [{"type": "AskToLeave", "player": me, "force": do == "send_away"}]
        if do == "withdraw":
            pair = sv.state_of(c).pair_of.get(me)
            if pair is None:
                raise BridgeError("you are not registered in this event", "您没有报名本赛事")
            return [{"type": "Withdraw", "pair": pair}]
        if do == "robot_pair":
            state = sv.state_of(c)
            table = _free_table(state)
            a, b = robot_id(f"{table}n{state.seq}"), robot_id(f"{table}s{state.seq}")
            return [{"type": "Sit", "player": a, "table": table, "seat": "N"},
                    {"type": "Sit", "player": b, "table": table, "seat": "S"},
                    {"type": "RaiseHand", "player": a}, {"type": "RaiseHand", "player": b}]
    else:
        if do == "signup":
            return [{"type": "signup", "players": [me, request.POST.get("partner", "")]}]
        if do == "withdraw":
            return [{"type": "withdraw", "player": me}]
        if do in ("start", "close_round", "publish"):
            return [{"type": do}]
        if do == "robot_pair":
            n = sv.state_of(c).event.entries
            return [{"type": "signup", "players": [robot_id(f"{len(n) + 1}a"),
                                                   robot_id(f"{len(n) + 1}b")]}]
    raise BridgeError(f"unknown action {do[:20]!r}", f"未知的操作 {do[:20]!r}")


@require_POST
def act(request: HttpRequest, cid: int) -> HttpResponse:
    c = _load(request, cid)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    error = ""
    try:
        for data in _actions(request, c):
            sv.act(c, data, request.user)
    except BridgeError as e:
        error = e.zh if _lang() == "zh" else e.en
    if htmx_of(request):
        ctx = _event_context(request, c)
        ctx["error"] = error
        ctx["live_url"] = f"/compete/{c.pk}/?part=live"
        return _no_store(render(request, f"compete/_{c.kind}_live.html", ctx))
    if error:
        messages.error(request, error)
    return redirect("compete:event", cid=c.pk)


# ---------------------------------------------------------------------------- results


@require_GET
def results_home(request: HttpRequest) -> HttpResponse:
    lang = _lang()
    done = [c for c in sv.visible(request.user)
            if c.status in ("finished", "complete") and pages.may_open(request.user, c)
            and (c.status == "finished" or can_direct(request.user, c.club))]
    by_kind: dict[str, list[tuple[Competition, str]]] = {}
    for c in done[:60]:
        by_kind.setdefault(c.kind, []).append((c, c.name_in(lang)))
    kinds = [(pick(lang, sv.KINDS[k].label_en, sv.KINDS[k].label_zh), rows)
             for k, rows in sorted(by_kind.items()) if k in sv.KINDS]
    sessions = [(e, e.name_in(lang)) for e in Event.objects.filter(published=True)
                .exclude(kind=Event.Kind.TEAMS).order_by("-pk")[:20]]
    return _no_store(render(request, "compete/results_home.html",
                            {"kinds": kinds, "sessions": sessions}))


def value_label(scoring: str) -> str:
    """What a board's figure is called: matchpoints, IMPs or points."""
    return {"mp": _("MP"), "total": _("points")}.get(scoring, _("IMPs"))


@require_GET
def results(request: HttpRequest, cid: int) -> HttpResponse:
    c = _load(request, cid)
    if sv.kind_of(c).page:
        return redirect(sv.kind_of(c).page, pk=c.pk)  # a kind with a page of its own
    lang = _lang()
    state = sv.state_of(c)
    ctx: dict[str, Any] = {"c": c, "name": c.name_in(lang)}
    if c.kind == "swiss":
        fields, boards = pages.swiss_results(c, state, request.user, lang)
        ctx.update(final=state.final is not None, value=value_label(state.settings.scoring),
                   completion=round(100 * state.settings.completion), masterpoints=True)
    else:
        fields, boards = pages.pairs_results(c, state, request.user, lang)
        scoring = state.event.settings.scoring
        totals = privacy.totals_shown(c, state, request.user)
        ctx.update(value=value_label(scoring), percentage=scoring == "mp",
                   published=state.event.published is not None,
                   director=request.user.is_authenticated and can_direct(request.user, c.club),
                   totals_shown=totals,
                   progress=None if totals else pages.pairs_progress(state, request.user))
    # The board pages' address, written once for every cell (a big event has thousands).
    ctx.update(fields=fields, boards=boards,
               board_base=reverse("compete:board", args=[c.pk, 1]).removesuffix("1/"),
               columns=5 + bool(ctx.get("percentage")) + bool(ctx.get("masterpoints")))
    return _no_store(render(request, f"compete/results_{c.kind}.html", ctx))


@require_GET
def board(request: HttpRequest, cid: int, number: int) -> HttpResponse:
    c = _load(request, cid)
    lang = _lang()
    state = sv.state_of(c)
    b = pages.boards_of(c, state, request.user)
    if b is None:
        raise Http404(_("This competition shows no board comparisons."))
    why = b.reason(number)
    if why == "none":
        raise Http404(_("This competition has no board %(n)s yet.") % {"n": number})
    # A board's results and hands are shown once no table can play it any more (a table
    # still to play it would learn the others' results); a pairs event's before their
    # publication only to the director.
    if why == "round":
        raise PermissionDenied(_("This board's results are shown when its round is over."))
    if why == "play":
        raise PermissionDenied(_("This board's results are shown when every table has "
                                 "played it."))
    if why:
        raise PermissionDenied(_("This board's results are shown when the director "
                                 "publishes the results."))
    page = pages.board_view(c, b, number, lang)
    at = b.shown.index(number)
    return _no_store(render(request, "compete/board.html", {
        "c": c, "name": c.name_in(lang), "p": page,
        "hands_ctx": {"hands": page.hands, "vul_ns": page.vul_ns, "vul_ew": page.vul_ew,
                      "number": number},
        "value": value_label(b.scoring),
        "prev": b.shown[at - 1] if at > 0 else None,
        "next": b.shown[at + 1] if at + 1 < len(b.shown) else None}))
