"""The vugraph: the live team matches, and one match's open and closed rooms side by side
with the board-by-board comparison below.

The rooms are followed through the tables' own WebSocket (``/ws/play/tables/<id>``) as
any connection is: the server decides what each connection sees (every hand for a spectator
only where the table allows it, after its delay; a player of either room never gets more
than a player's view).  This page asks for nothing more.  The comparison is the teams app's
(``teams/_scorecard.html``), fetched again when the match's socket (``/ws/events/<id>/match``)
says it changed, or when a room's board ends."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from ...i18n import Lang
from ..play import services
from ..play.models import PlaySeat, PlayTable
from ..teams import services as teams
from . import services as vg


def _lang() -> Lang:
    return "zh" if (get_language() or "en").startswith("zh") else "en"


def match_list(request: HttpRequest) -> HttpResponse:
    found = vg.matches(request.user)
    lang = _lang()
    rows = [{"m": m, "name": m.event.name_in(lang), "finished": m.finished,
             "teams": vg.teams_of(m, lang),
             "at": [services.current_board(t) for t in m.rooms]} for m in found]
    # Other apps' matches (the online competitions' VP team matches, ``web.online``, whose
    # own page shows both rooms the same way), registered by them: this app imports none.
    online = [row for source in _SOURCES for row in source(request.user)]
    return render(request, "vugraph/list.html", {
        "live": [r for r in rows if not r["finished"]],
        "done": [r for r in rows if r["finished"]], "online": online})


_SOURCES: list[Callable[[Any], list[dict[str, Any]]]] = []


def register_source(source: Callable[[Any], list[dict[str, Any]]]) -> None:
    """Another app's matches for the list: ``source(user)`` gives rows with ``c`` (the
    competition), ``name`` and ``finished``."""
    if source not in _SOURCES:
        _SOURCES.append(source)


def _seats(table: PlayTable, lang: Lang) -> list[dict[str, Any]]:
    by_seat = {ps.seat: ps for ps in PlaySeat.objects.filter(table=table)
               .select_related("user__player")}
    out = []
    for n, letter in enumerate("NESW"):
        ps = by_seat.get(n)
        name = ""
        if ps is not None and ps.user is not None:
            player = getattr(ps.user, "player", None)
            name = player.name_in(lang) if player is not None else ps.user.get_username()
        elif ps is not None and ps.robot:
            name = _("Robot")
        out.append({"seat": letter, "name": name})
    return out


def _words() -> dict[str, Any]:
    """Everything the page's script says, in the reader's language."""
    return {
        "N": _("North"), "E": _("East"), "S": _("South"), "W": _("West"),
        "board": _("Board %(n)s"), "dealer": _("Dealer %(seat)s"),
        "vul": {"None": _("None vulnerable"), "NS": _("NS vulnerable"),
                "EW": _("EW vulnerable"), "Both": _("Both vulnerable")},
        "X": pgettext("call", "X"), "XX": pgettext("call", "XX"),
        "NT": pgettext("strain", "NT"),
        "contract": _("Contract"), "by": _("%(contract)s by %(seat)s"),
        "tricks": _("Declarer %(d)s, defenders %(e)s"),
        "result": _("Result %(result)s, NS %(score)s"),
        "waiting": _("Waiting for the table to start."),
        "connecting": _("Connecting…"), "live": _("Live"),
        "lost": _("Connection lost: trying again…"),
        "finished": _("The session at this table is over."),
        "refused": _("You may not watch this table."),
        "hidden": _("%(n)s cards"), "robot": _("Robot"),
        "auction": _("Auction"), "pass": _("Pass"), "to_act": _("To act: %(seat)s"),
        "passed": _("Passed out"), "claim": _("Claim: %(n)s tricks"),
        "lang": _lang(),
    }


def match_page(request: HttpRequest, event_id: int, round: int, table: int) -> HttpResponse:
    match = vg.match_at(event_id, round, table)
    if match is None:
        raise Http404
    event = match.event
    if not teams.may_see(request.user, event):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise PermissionDenied
    lang = _lang()
    seated = request.user.is_authenticated and PlaySeat.objects.filter(
        table__in=match.rooms, user_id=request.user.pk).exists()
    ctx: dict[str, Any] = {
        "match": match, "event": event, "name": event.name_in(lang),
        "rooms": [{"table": t, "label": _("Open room") if t == match.open else _("Closed room"),
                   "socket": f"/ws/play/tables/{t.pk}", "seats": _seats(t, lang),
                   "seats_id": f"vg-seats-{t.pk}"}
                  for t in match.rooms],
        "seated": seated, "words": _words(),
        "ws_path": f"/ws/events/{event.pk}/match",
    }
    cmp = vg.comparison(match, request.user, lang)
    ctx["cmp"] = cmp
    ctx["seq"] = cmp["seq"] if cmp else 0
    if cmp is not None:
        ctx["board"], ctx["m"], ctx["director"] = cmp["board"], cmp["m"], cmp["director"]
        ctx["live"] = event.status == event.Status.RUNNING
    if request.GET.get("part") == "live" or request.headers.get("HX-Request"):
        response = render(request, "vugraph/_comparison.html", ctx)
    else:
        response = render(request, "vugraph/match.html", ctx)
    response["Cache-Control"] = "no-store"
    return response
