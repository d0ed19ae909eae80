"""The director's paper and files for a session: table cards with their QR codes, the
movement and the pairs' guide cards, the board set and its hand records, and results files
in and out (USEBIO, PBN, CSV).

Every page is for the directors of the event's club only (``clubs.roles.can_direct``): anyone
else signed in gets 403, someone not signed in the log-in page.  Every rule is the library's:
the movement cards (``render.movement_cards``), the hand record (``render.handrecord``), the PBN and
results readers and writers (``boardset``, ``sessions.files.any_format``); results come in only through
``events.entries`` (``enter``/``adjust``), so the checks and the audit trail apply.
"""

from __future__ import annotations

import base64
import hashlib
import re
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from ....core.errors import BridgeError
from ....core.figures import runs
from ....deals.boardset import BoardSetFile, read_board_set
from ....render.handrecord import render_handrecord
from ....render.movement_cards import boards_text, pair_card_rows, table_card_rows
from ....sessions.files.any_format import FORMATS, Format, dumps_results
from ...clubs.roles import can_direct
from ...core.bilingual import lang
from .. import replay, services
from .. import tables as table_secrets
from ..models import BoardSet, Event, Table
from . import imports
from .forms import BoardSetForm, ResultsImportForm
from .qr import qr_svg


def directed_event(request: HttpRequest, event_id: int) -> Event:
    """The event, if the user directs its club (else 403)."""
    event = get_object_or_404(Event.objects.select_related("club", "board_set"), pk=event_id)
    if not can_direct(request.user, event.club):
        raise PermissionDenied(_("Only a director of this club may do this."))
    return event


def _names(event: Event) -> dict[str, str]:
    code = get_language() or "en"
    return {e.number: e.name_in(code) for e in services.entrants(event)}


# ---------------------------------------------------------------------------- table cards


@login_required
@require_safe
def table_cards(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_event(request, event_id)
    names = _names(event)
    by_table: dict[int, list[dict[str, Any]]] = {}
    for a in sorted(services.assignments_of(event), key=lambda a: (a.table, a.round)):
        by_table.setdefault(a.table, []).append({
            "round": a.round, "ns": a.ns_pair, "ew": a.ew_pair,
            "ns_name": names.get(a.ns_pair, ""), "ew_name": names.get(a.ew_pair, ""),
            "boards": boards_text(a.boards, lang())})
    cards = []
    for table in Table.objects.filter(event=event).order_by("number"):
        url = request.build_absolute_uri(f"/t/{table_secrets.secret(table)}/")
        title = _("Table %(n)s: the score entry page") % {"n": table.number}
        cards.append({"number": table.number, "url": url, "qr": qr_svg(url, title),
                      "rounds": by_table.get(table.number, [])})
    return render(request, "files/table_cards.html", {
        "event": event, "cards": cards, "closed": event.status == Event.Status.CLOSED})


@login_required
@require_POST
def renew_table(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """A new secret for one table (its old card and any phone bound to it stop working)."""
    event = directed_event(request, event_id)
    table = get_object_or_404(Table, event=event, number=number)
    with transaction.atomic():
        table_secrets.renew(table)
        # The audit says that the secret changed, never what it is.
        services.audit(event, services.Actor.of(request.user), "table.renew",
                       f"table {number}", after={"table": number})
    messages.success(request, _("Table %(n)s has a new secret: print its card again; the old "
                                "card no longer opens the entry page.") % {"n": number})
    return redirect("files:table_cards", event_id=event.pk)


# ---------------------------------------------------------------------------- the movement


@login_required
@require_safe
def movement(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_event(request, event_id)
    mv = services.movement_of(event)
    context: dict[str, Any] = {"event": event, "movement": mv,
                               "changed": event.assignments is not None}
    if mv is not None:
        ln = lang()
        context.update(
            description=mv.describe(ln),
            tables=[(t, table_card_rows(mv, t, ln)) for t in range(1, mv.tables + 1)],
            pairs=[(p, pair_card_rows(mv, p, ln)) for p in mv.pairs],
            names=_names(event))
    return render(request, "files/movement.html", context)


# ---------------------------------------------------------------------------- board set


def _event_boards(event: Event) -> list[int]:
    return sorted({b for a in services.assignments_of(event) for b in a.boards})


@login_required
@require_http_methods(["GET", "POST"])
def board_set(request: HttpRequest, event_id: int) -> HttpResponse:
    """Upload the session's deals (PBN) and turn lead checking on or off."""
    event = directed_event(request, event_id)
    actor = services.Actor.of(request.user)
    form = BoardSetForm()
    if request.method == "POST" and "check_leads" in request.POST:
        on = request.POST.get("check_leads") == "on"
        services.change_settings(event, actor, check_leads=on)
        messages.success(request, _("Entered leads are now checked against the hand records.")
                         if on else _("Entered leads are no longer checked."))
        return redirect("files:board_set", event_id=event.pk)
    if request.method == "POST":
        form = BoardSetForm(request.POST, request.FILES)
        if form.is_valid():
            upload = form.cleaned_data["file"]
            try:
                read = read_board_set(upload.read(), name=upload.name)
            except BridgeError as e:
                form.add_error("file", e.message(lang()))
            else:
                _store_board_set(event, actor, read, upload.name)
                imports.start_solving(list(read.boards))
                messages.success(request, _("Board set loaded: %(n)s boards.")
                                 % {"n": len(read.boards)})
                return redirect("files:board_set", event_id=event.pk)
    missing: list[int] = []
    count = 0
    if event.board_set is not None:
        deals = read_board_set(event.board_set.pbn).deals
        count = len(deals)
        missing = [b for b in _event_boards(event) if b not in deals]
    return render(request, "files/board_set.html", {
        "event": event, "form": form, "count": count,
        "missing": ", ".join(runs(missing)) if missing else ""})


def _store_board_set(event: Event, actor: services.Actor, read: BoardSetFile,
                     name: str) -> None:
    with transaction.atomic():
        before = event.board_set_id
        bs = BoardSet.objects.create(club=event.club, name=name[:200] or str(event),
                                     pbn=read.text, boards=len(read.boards),
                                     uploaded_by=actor.user)
        event.board_set = bs
        event.save(update_fields=["board_set"])
        services.audit(event, actor, "event.board_set", name[:100],
                       before={"board_set": before},
                       after={"board_set": bs.pk, "boards": len(read.boards),
                              "encoding": read.encoding})


# ---------------------------------------------------------------------------- hand records

_STYLE_RE = re.compile(r"<style>(.*?)</style>", re.DOTALL)


def _with_own_styles(html: str) -> HttpResponse:
    """The library's stand-alone page, allowed its own style sheet by hash (the site forbids
    inline styles otherwise) and nothing else inline; with the site's icon (else the browser
    asks for /favicon.ico, which is not there)."""
    icon = f'<link rel="icon" href="{static("bridgescore/favicon.svg")}" type="image/svg+xml">'
    html = html.replace("</head>", icon + "\n</head>", 1)
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(m.encode()).digest()).decode() + "'"
        for m in _STYLE_RE.findall(html))
    response = HttpResponse(html)
    response["Content-Security-Policy"] = (
        f"default-src 'self'; style-src 'self' {hashes}; img-src 'self' data:; "
        "script-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
        "form-action 'none'")
    return response


@login_required
@require_safe
def hand_records(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_event(request, event_id)
    if event.board_set is None:
        messages.info(request, _("Load the board set first."))
        return redirect("files:board_set", event_id=event.pk)
    ln = lang()
    boards = list(read_board_set(event.board_set.pbn).boards)
    boards.sort(key=lambda b: b.number)
    boards, note = imports.with_double_dummy(boards, ln)
    per_page = request.GET.get("per_page", "4")
    per = int(per_page) if per_page in ("1", "2", "4", "6", "8") else 4
    date = event.date.isoformat() if event.date else ""
    subtitle = " · ".join(x for x in (date, event.club.name_in(get_language() or "en"), note)
                          if x)
    return _with_own_styles(render_handrecord(boards, ln, event.name_in(get_language() or "en"),
                                              per, subtitle))


# ---------------------------------------------------------------------------- export

_TYPES: dict[str, tuple[str, str]] = {
    "usebio": ("application/xml; charset=utf-8", "xml"),
    "pbn": ("text/plain; charset=utf-8", "pbn"),
    "csv": ("text/csv; charset=utf-8", "csv"),
}


def export_name(event: Event, fmt: str) -> str:
    date = event.date.isoformat() if event.date else "undated"
    return f"{event.club.slug}-{date}-{event.pk}.{_TYPES[fmt][1]}"


@login_required
@require_safe
def export(request: HttpRequest, event_id: int, fmt: str) -> HttpResponse:
    event = directed_event(request, event_id)
    if fmt not in FORMATS:
        return HttpResponse(_("Unknown format %(fmt)s: expected usebio, pbn or csv.")
                            % {"fmt": fmt[:20]}, status=404, content_type="text/plain")
    kind: Format = fmt  # type: ignore[assignment]  # checked against FORMATS just above
    try:
        # A team event's results are its match pages' (replay.state refuses it, in both
        # languages): said on the page, not a server error.
        live = replay.state(event)
        text = dumps_results(live.scores() if kind != "csv" else live.session(), kind)
    except BridgeError as e:
        messages.error(request, e.message(lang()))
        return redirect("files:import_results", event_id=event.pk)
    response = HttpResponse(text, content_type=_TYPES[kind][0])
    response["Content-Disposition"] = f'attachment; filename="{export_name(event, kind)}"'
    return response


# ---------------------------------------------------------------------------- import


@login_required
@require_http_methods(["GET", "POST"])
def import_results(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_event(request, event_id)
    form = ResultsImportForm()
    if request.method == "POST":
        form = ResultsImportForm(request.POST, request.FILES)
        if form.is_valid():
            upload = form.cleaned_data["file"]
            try:
                count = imports.import_results(event, services.Actor.of(request.user),
                                               upload.read(), upload.name)
            except BridgeError as e:
                form.add_error("file", e.message(lang()))
            else:
                messages.success(request, _("%(n)s results imported.") % {"n": count})
                return redirect("files:import_results", event_id=event.pk)
    return render(request, "files/import.html", {
        "event": event, "form": form, "formats": [(f, export_name(event, f)) for f in FORMATS],
        "closed": event.status == Event.Status.CLOSED})
