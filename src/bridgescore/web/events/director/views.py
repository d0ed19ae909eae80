"""The director console's pages.  Each view reads a form, calls one service, and shows the
library's answer; the services check the rights again (a view cannot forget them)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Concatenate, Literal, ParamSpec

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from ....core.board import Board
from ....core.errors import BridgeError
from ....core.result import Result
from ....sessions.movements import Movement, howell, mitchell
from ...clubs.models import Club
from ...clubs.roles import can_direct
from ...core.bilingual import lang as _lang
from ...core.confirm import Confirmation, ask_first
from .. import entries as ev_entries
from .. import replay as ev_replay
from .. import services as sv
from .. import tables as table_secrets
from ..models import AuditRecord, Entrant, Event, ResultEntry
from . import forms as f
from . import moves, pairs, readable
from .grid import grid

P = ParamSpec("P")
View = Callable[Concatenate[HttpRequest, Event, P], HttpResponse]


def director_only(view: View[P]) -> Callable[Concatenate[HttpRequest, int, P], HttpResponse]:
    """Load the event; anyone but its club's directors (and administrators) gets the 403
    page (or the log-in page when not signed in)."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, event_id: int, *args: P.args,
                **kwargs: P.kwargs) -> HttpResponse:
        event = get_object_or_404(Event.objects.select_related("club"), pk=event_id)
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not sv.may_direct(request.user, event):
            raise PermissionDenied
        return view(request, event, *args, **kwargs)

    return wrapped  # type: ignore[return-value]


def _actor(request: HttpRequest) -> sv.Actor:
    return sv.Actor.of(request.user)


def _console(event: Event) -> str:
    return reverse("director:console", args=[event.pk])


# ---------------------------------------------------------------------------- create

VARIANTS = {
    "plain": gettext_lazy("plain"), "skip": gettext_lazy("skip (even tables)"),
    "relay": gettext_lazy("relay and share"), "complete": gettext_lazy("complete"),
    "partial": gettext_lazy("part of the complete movement"),
}


def _movement(data: dict[str, Any]) -> Movement:
    build = mitchell if data["movement"] == Event.Movement.MITCHELL else howell
    return build(data["tables"], boards_per_round=data["boards_per_round"],
                 rounds=data.get("rounds"))


@require_http_methods(["GET", "POST"])
def session_new(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not can_direct(request.user, club):
        raise PermissionDenied
    form = f.SessionForm(request.POST or None)
    movement = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            movement = _movement(data)
            if request.POST.get("do") == "create":
                event = sv.create_event(
                    club, _actor(request), name_en=data["name_en"].strip(),
                    name_zh=data["name_zh"].strip(), date=data["date"],
                    movement=data["movement"], tables=data["tables"],
                    boards_per_round=data["boards_per_round"], rounds=data.get("rounds"),
                    scoring=data["scoring"])
                messages.success(request, _("The session is created: now enter the pairs."))
                return redirect("director:pairs", event.pk)
        except sv.NotAllowed as e:
            raise PermissionDenied(say_en(e)) from None
        except BridgeError as e:
            form.add_error(None, f.say(e))
            movement = None
    return render(request, "director/new.html", {
        "club": club, "form": form, "movement": movement,
        "variant": VARIANTS.get(movement.variant, movement.variant) if movement else "",
    })


def say_en(e: BridgeError) -> str:
    return e.en


# ---------------------------------------------------------------------------- the console


def _links(event: Event) -> dict[str, str]:
    """Other helpers' pages for this event (they may not exist yet on this branch)."""
    base = f"/events/{event.pk}/"
    return {"results": base, "print": base + "print/", "screen": base + "screen/",
            "match": base + "match/", "match_settings": base + "match/settings",
            "import": base + "director/import",
            "export": base + "export/usebio"}


@director_only
@require_safe
def console(request: HttpRequest, event: Event) -> HttpResponse:
    context: dict[str, Any] = {"event": event, "links": _links(event),
                               "name": event.name_in(_lang())}
    if event.kind == Event.Kind.PAIRS:
        context.update(grid=grid(event), close_form=f.CloseRoundForm(
            initial={"round": min(event.closed_round + 1, event.rounds)}),
            tables=[(t.number, table_secrets.secret(t)) for t in event.table_set.all()])
    return render(request, "director/console.html", context)


@director_only
@require_safe
def grid_part(request: HttpRequest, event: Event) -> HttpResponse:
    """The grid alone: what the console's polling fetches every few seconds."""
    if event.kind != Event.Kind.PAIRS:
        raise Http404
    return render(request, "director/_grid.html", {"event": event, "grid": grid(event)})


@require_POST
@director_only
def status(request: HttpRequest, event: Event) -> HttpResponse:
    wanted = request.POST.get("status", "")
    if wanted not in Event.Status.values:
        messages.error(request, _("Unknown status %(value)r.") % {"value": wanted})
    else:
        if wanted == Event.Status.CLOSED and event.status == Event.Status.RUNNING:
            asked = ask_first(request, _closing(event))
            if asked is not None:
                return asked
        sv.set_status(event, _actor(request), wanted)
        messages.success(request, _("The session is now %(status)s.")
                         % {"status": event.get_status_display()})
    return redirect(_console(event))


def _closing(event: Event) -> Confirmation:
    g = grid(event)
    missing = g.expected - g.entered
    does = [_("Stop play: every table's phone stops taking and changing results at once.")]
    if missing:
        does.append(ngettext("One result of the session is still missing.",
                             "%(n)d results of the session are still missing.", missing)
                    % {"n": missing})
    else:
        does.append(_("Every result of the session is in."))
    return Confirmation(title=_("Close the session"), does=does,
                        undo=_("You can reopen the session afterwards: the phones take results "
                               "again and nothing entered is lost."),
                        back=_console(event))


def _closing_rounds(event: Event, upto: int) -> Confirmation:
    g = grid(event)
    missing = sum(len(c.missing) for row in g.rows for c in row.cells if c.round <= upto)
    does = [_("Close rounds up to %(round)s: the tables may no longer enter or correct results "
              "of these rounds; only a director may change them.") % {"round": upto}]
    if missing:
        does.append(ngettext("One result of these rounds is still missing.",
                             "%(n)d results of these rounds are still missing.", missing)
                    % {"n": missing})
    return Confirmation(title=_("Close rounds"), does=does,
                        undo=_("You can open the rounds again by closing fewer."),
                        back=_console(event), button=_("Close the rounds"))


@require_POST
@director_only
def publish(request: HttpRequest, event: Event) -> HttpResponse:
    on = request.POST.get("published") != "0"
    sv.publish(event, _actor(request), on)
    messages.success(request, _("The results are published.") if on
                     else _("The results are no longer published."))
    return redirect(_console(event))


@require_POST
@director_only
def close_round(request: HttpRequest, event: Event) -> HttpResponse:
    form = f.CloseRoundForm(request.POST)
    if form.is_valid() and form.cleaned_data["round"] <= event.rounds:
        wanted = form.cleaned_data["round"]
        if wanted > event.closed_round:  # closing more rounds; opening them again is not asked
            asked = ask_first(request, _closing_rounds(event, wanted))
            if asked is not None:
                return asked
        sv.close_round(event, _actor(request), form.cleaned_data["round"])
        messages.success(request, _("Rounds up to %(round)s are closed: only a director may "
                                    "change them now.") % {"round": event.closed_round})
    else:
        messages.error(request, _("%(value)s is not a round of this session: expected 0 to "
                                  "%(rounds)s.") % {"value": request.POST.get("round", ""),
                                                    "rounds": event.rounds})
    return redirect(_console(event))


# ---------------------------------------------------------------------------- settings


@director_only
@require_http_methods(["GET", "POST"])
def settings(request: HttpRequest, event: Event) -> HttpResponse:
    # The form works on a copy: the services compare the event before and after.
    copy = Event.objects.get(pk=event.pk)
    form = f.SettingsForm(request.POST or None, instance=copy)
    if request.method == "POST" and form.is_valid():
        changes = {k: form.cleaned_data[k] for k in form.Meta.fields}
        try:
            sv.change_settings(event, _actor(request), **changes)
        except BridgeError as e:
            form.add_error(None, f.say(e))
        else:
            messages.success(request, _("The settings are saved."))
            return redirect(_console(event))
    return render(request, "director/settings.html", {"event": event, "form": form})


# ---------------------------------------------------------------------------- pairs


@director_only
@require_safe
def pair_list(request: HttpRequest, event: Event) -> HttpResponse:
    entrants = sorted(sv.entrants(event), key=lambda e: _number_key(e.number))
    return render(request, "director/pairs.html", {"event": event, "entrants": entrants,
                                                   "match": event.kind == Event.Kind.TEAMS})


def _number_key(number: str) -> tuple[int, str]:
    return (int(number), "") if number.isdigit() else (10**9, number)


@director_only
@require_http_methods(["GET", "POST"])
def pair_edit(request: HttpRequest, event: Event, number: str) -> HttpResponse:
    entrant = get_object_or_404(Entrant, event=event, number=number)
    players = pairs.choices(event)
    seats = {s.position: s.player for s in entrant.seats.select_related("player")}
    post = request.POST if request.method == "POST" else None
    seat_forms = [f.SeatForm(post, prefix=f"p{i}", players=players,
                             initial={"player": seats.get(i)}) for i in (1, 2)]
    error = ""
    if post is not None and all(sf.is_valid() for sf in seat_forms):
        chosen = [sf.cleaned_data.get("player") or pairs.Guest(sf.cleaned_data["guest_en"],
                                                               sf.cleaned_data["guest_zh"])
                  for sf in seat_forms]
        try:
            pairs.seat(event, _actor(request), number, chosen)
        except BridgeError as e:
            error = f.say(e)
        else:
            messages.success(request, _("Pair %(number)s is saved.") % {"number": number})
            return redirect("director:pairs", event.pk)
    return render(request, "director/pair_edit.html", {
        "event": event, "entrant": entrant, "seat_forms": seat_forms, "error": error})


# ---------------------------------------------------------------------------- results


def _result_text(row: ResultEntry, lang: Literal["en", "zh"]) -> str:
    if row.ns_award:
        return f"{row.ns_award} / {row.ew_award}"
    if not row.result:
        return ""
    try:
        return Result.parse(row.result).format(lang, symbols=True)
    except BridgeError:
        return row.result


def _slots(event: Event, table: int | None, board: int | None,
           round: int | None = None) -> list[dict[str, Any]]:
    """Each (round, table, board) asked for: its result in force, score and arithmetic."""
    live = ev_replay.state(event)
    lang = _lang()
    in_force = {(r.round, r.table, r.board): (seq, r) for seq, r in live.in_force().items()}
    rows = {row.seq: row for row in ResultEntry.objects.filter(event=event)}
    out = []
    for a in sorted(sv.assignments_of(event), key=lambda a: (a.round, a.table)):
        if (table is not None and a.table != table) or (round is not None and a.round != round):
            continue
        for b in a.boards:
            if board is not None and b != board:
                continue
            seq, r = in_force.get((a.round, a.table, b), (None, None))
            row = rows.get(seq) if seq is not None else None
            score, arithmetic = None, []
            if r is not None and r.result is not None:
                vul = Board(b).vulnerability
                score = r.result.ns_score(vul)
                arithmetic = r.result.explain(vul, lang)
            out.append({"round": a.round, "table": a.table, "board": b, "ns": a.ns_pair,
                        "ew": a.ew_pair, "row": row,
                        "text": _result_text(row, lang) if row else "",
                        "score": score, "arithmetic": arithmetic})
    return out


@director_only
@require_safe
def results(request: HttpRequest, event: Event) -> HttpResponse:
    def number(name: str) -> int | None:
        value = request.GET.get(name, "")
        return int(value) if value.isdigit() else None

    table, board, round = number("table"), number("board"), number("round")
    boards = sorted({b for a in sv.assignments_of(event) for b in a.boards})
    return render(request, "director/results.html", {
        "event": event, "slots": _slots(event, table, board, round), "table": table,
        "board": board, "round": round, "table_numbers": range(1, event.tables + 1),
        "boards": boards})


@director_only
@require_http_methods(["GET", "POST"])
def slot(request: HttpRequest, event: Event, round: int, table: int,
         board: int) -> HttpResponse:
    """One board at one table in one round: every entry made for it, who made it, and the
    director's forms (enter or correct, adjusted score, cancel)."""
    a = sv.assignment_at(event, round, table)
    if a is None or board not in a.boards:
        raise Http404
    actor = _actor(request)
    current = ev_entries.live_row(event, round, table, board)
    do = request.POST.get("do", "") if request.method == "POST" else ""
    result_form = f.ResultForm(request.POST if do in ("check", "save") else None)
    # A correction says why; a result the director enters for a table need not.
    result_form.fields["reason"].required = current is not None
    adjust_form = f.AdjustForm(request.POST if do == "adjust" else None, prefix="adjust")
    cancel_form = f.ReasonForm(request.POST if do == "cancel" else None, prefix="cancel")
    preview = None
    if do in ("check", "save") and result_form.is_valid():
        fields = {"board": board, "contract": result_form.cleaned_data["result"],
                  "lead": result_form.cleaned_data["lead"]}
        try:
            p = ev_entries.preview(event, round, table, fields)
        except BridgeError as e:
            result_form.add_error(None, f.say(e))
            p = None
        if p is not None and not p.ok:
            for err in p.errors:
                result_form.add_error(None, err.message(_lang()))
        elif p is not None and p.entry is not None:
            got = p.entry
            preview = {"text": _("Board %(board)s (%(vul)s): %(result)s, NS %(score)s") % {
                "board": board, "vul": got.vulnerability.describe(_lang()),
                "result": got.result.format(_lang(), symbols=True) if got.result else "",
                "score": f"{got.ns_score:+d}" if got.ns_score else "0"},
                "arithmetic": got.explain(_lang())}
            if do == "save":
                reason = result_form.cleaned_data["reason"]
                try:
                    if current is None:
                        ev_entries.enter(event, actor, round=round, table=table, fields=fields,
                                         source=ResultEntry.Source.DIRECTOR)
                    else:
                        ev_entries.correct(event, actor, current.seq, fields, reason=reason)
                except BridgeError as e:
                    result_form.add_error(None, f.say(e))
                else:
                    messages.success(request, _("The result is saved."))
                    return redirect(request.path)
    elif do == "adjust" and adjust_form.is_valid():
        try:
            ev_entries.adjust(event, actor, round=round, table=table, board=board,
                              ns_award=adjust_form.cleaned_data["ns_award"],
                              ew_award=adjust_form.cleaned_data["ew_award"],
                              reason=adjust_form.cleaned_data["reason"])
        except BridgeError as e:
            adjust_form.add_error(None, f.say(e))
        else:
            messages.success(request, _("The adjusted score is saved."))
            return redirect(request.path)
    elif do == "cancel" and cancel_form.is_valid():
        if current is None:
            cancel_form.add_error(None, _("There is no result to cancel."))
        else:
            try:
                ev_entries.cancel(event, actor, current.seq,
                                  reason=cancel_form.cleaned_data["reason"])
            except BridgeError as e:
                cancel_form.add_error(None, f.say(e))
            else:
                messages.success(request, _("The result is cancelled: the board is "
                                            "outstanding again."))
                return redirect(request.path)
    history = (ResultEntry.objects.filter(event=event, round=round, table=table, board=board)
               .select_related("by_user").order_by("seq"))
    lang = _lang()
    info = next(iter(_slots(event, table, board, round)), None)
    return render(request, "director/slot.html", {
        "event": event, "a": a, "board": board, "current": current, "info": info,
        "history": [(row, _result_text(row, lang)) for row in history],
        "result_form": result_form, "adjust_form": adjust_form, "cancel_form": cancel_form,
        "preview": preview})


# ---------------------------------------------------------------------------- moves

MOVE_FORMS: dict[str, type[Any]] = {"swap": f.SwapForm, "sit_out": f.SitOutForm,
                                    "withdraw": f.WithdrawForm, "late": f.LatePairForm}


@director_only
@require_http_methods(["GET", "POST"])
def movement(request: HttpRequest, event: Event) -> HttpResponse:
    if event.kind != Event.Kind.PAIRS:
        raise Http404
    do = request.POST.get("do", "") if request.method == "POST" else ""
    bound = {name: cls(request.POST if do == name else None, prefix=name)
             for name, cls in MOVE_FORMS.items()}
    form = bound.get(do)
    if form is not None and form.is_valid():
        d = form.cleaned_data
        actor = _actor(request)
        try:
            if do == "swap":
                moves.swap(event, actor, d["round"], d["pair_a"], d["pair_b"], d["onward"])
            elif do == "sit_out":
                moves.sit_out(event, actor, d["pair"], d["round"])
            elif do == "withdraw":
                moves.withdraw(event, actor, d["pair"], d["from_round"])
            else:
                moves.late_pair(event, actor, d["pair"], d["from_round"])
        except BridgeError as e:
            form.add_error(None, f.say(e))
        else:
            messages.success(request, _("The movement is changed."))
            return redirect("director:movement", event.pk)
    lines = sorted(sv.assignments_of(event), key=lambda a: (a.round, a.table))
    by_round: dict[int, list[Any]] = {}
    for a in lines:
        by_round.setdefault(a.round, []).append(a)
    rounds = [(r, by_round.get(r, []), moves.sitting_out(event, r))
              for r in range(1, event.rounds + 1)]
    return render(request, "director/movement.html", {
        "event": event, "rounds": rounds, "forms": bound,
        "changed": event.assignments is not None})


# ---------------------------------------------------------------------------- audit


@director_only
@require_safe
def audit(request: HttpRequest, event: Event) -> HttpResponse:
    lang = _lang()
    records = []
    for rec in AuditRecord.objects.filter(event=event).select_related("by_user").order_by("-id"):
        before, after = readable.changed(rec.before, rec.after)
        records.append({"rec": rec, "action": readable.ACTIONS.get(rec.action, rec.action),
                        "subject": readable.text(rec.subject) if rec.subject else "",
                        "before": readable.value(rec.action, before, lang),
                        "after": readable.value(rec.action, after, lang)})
    return render(request, "director/audit.html", {"event": event, "records": records})
