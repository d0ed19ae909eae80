"""The vugraph: the team matches played online, and one match's open and closed rooms side
by side with the board-by-board comparison below — a club's team event's match and an
online competition's VP team match (a ladder's too) alike: the page asks the match's
source (``services.find``), never which kind it is.

While the match is played, the rooms are followed through the tables' own WebSocket
(``/ws/play/tables/<id>``) as any connection is: the server decides what each connection
sees (every hand for a spectator only where the table allows it, after its delay; a player
of the match never watches its other room).  This page asks for nothing more.  The sockets
are for signed-in users: an anonymous visitor of a running match is asked to sign in.

Once both rooms have finished, the rooms are shown from the record instead (no socket):
every board of each room as it ended, to pick from, each only if its record may be seen
(``play.records.may_see``: for an anonymous visitor, a published event's match or a finished
competition open to all).  A finished match can teach nobody a board they are yet to play.

The comparison is the teams app's scorecard (``teams/_scorecard.html``) filled by the
source, fetched again when the match's socket (a club event's ``/ws/events/<id>/match``)
says it changed, when a room's board ends, and (a source without a socket) every few
seconds while in play."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_safe

from ....core.i18n import Lang
from ....table.views import Viewer, view
from ...core.bilingual import lang as _lang
from ...core.htmx import htmx_of
from ...events.models import Event
from ...events.teams import services as teams_sv
from .. import position as play_position
from .. import records
from ..analysis import summaries
from ..models import PlayBoard, PlaySeat, PlayTable
from . import services as vg


def _phase(match: vg.VugraphMatch) -> str:
    """The match's state as its own pages say it (a club's team event: the match page's
    words, ``teams.phase_text``); an online match: finished once both rooms are."""
    if isinstance(match.holder, Event):
        return teams_sv.phase_text(match.holder)
    return _("finished") if match.finished else ""


@require_safe
def match_list(request: HttpRequest) -> HttpResponse:
    lang = _lang()
    rows = [{"m": m, "name": m.name_in(lang), "finished": m.finished, "url": m.url,
             "teams": vg.teams_of(m, lang), "label": m.source.label(m),
             "at": [play_position.current_board(t) for t in m.rooms]}
            for m in vg.matches(request.user)]
    return render(request, "vugraph/list.html", {
        "live": [r for r in rows if not r["finished"]],
        "done": [r for r in rows if r["finished"]]})


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
        "record": _("The match is over: each board as it ended."),
        "dd": _("Double dummy:"), "game_record": _("Game record"),
        "pick": _("Board shown"), "none_shown": _("No board of this room may be shown to you."),
        "lang": _lang(),
    }


def _record(table: PlayTable, user: Any) -> list[dict[str, Any]]:
    """The room's boards as they ended, those whose record ``user`` may see: the public
    view of a finished board (every hand as dealt, the auction, the play, the result)."""
    out = []
    boards = [b for b in (PlayBoard.objects.filter(table=table, finished__isnull=False)
                          .select_related("table__event__club", "table__room__club")
                          .order_by("index"))
              if records.may_see(user, b) is None]
    # each board's play against double dummy, once the background analysis has it
    analysed = summaries((b.pk for b in boards), _lang())
    for board in boards:
        state = play_position.state_of(board)
        out.append({"index": board.index, "number": board.number,
                    "view": view(state, Viewer(None, sees_all=False)),
                    "analysis": analysed.get(int(board.pk), ""),
                    "href": reverse("records:board", args=[board.pk])})
    return out


@require_safe
def event_match_page(request: HttpRequest, event_id: int, round: int,
                     table: int) -> HttpResponse:
    return _match_page(request, vg.find("event", (event_id, round, table)))


@require_safe
def source_match_page(request: HttpRequest, source: str, pk: int) -> HttpResponse:
    return _match_page(request, vg.find(source, (pk,)))


def _match_page(request: HttpRequest, match: vg.VugraphMatch | None) -> HttpResponse:
    if match is None:
        raise Http404
    if not match.source.may_see(request.user, match):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise PermissionDenied
    lang = _lang()
    user = request.user
    recorded = match.finished
    signed_in = user.is_authenticated
    rooms = []
    for t in match.rooms:
        room: dict[str, Any] = {
            "table": t, "label": _("Open room") if t == match.open else _("Closed room"),
            "seats": _seats(t, lang), "seats_id": f"vg-seats-{t.pk}",
            "socket": f"/ws/play/tables/{t.pk}" if signed_in and not recorded else None,
            "record": None, "record_id": f"vg-record-{t.pk}"}
        if recorded:
            room["record"] = _record(t, user)
        rooms.append(room)
    cmp = vg.comparison_of(match, user, lang)
    teams = vg.teams_of(match, lang)
    ctx: dict[str, Any] = {
        "match": match, "name": match.name_in(lang), "teams": teams, "rooms": rooms,
        "seated": vg.seated_in(match, user), "words": _words(), "cmp": cmp,
        "recorded": recorded, "signed_in": signed_in, "label": match.source.label(match),
        "seq": cmp.seq if cmp is not None else 0,
        "ws_path": cmp.socket if cmp is not None else None,
        "phase": _phase(match),
        # results/_live.html says a closed event's results are final (not "Live"), as the
        # event's own match page does; a competition's match has no event.
        "event": match.holder if isinstance(match.holder, Event) else None,
    }
    if cmp is not None:
        ctx["m"], ctx["board"] = cmp.m, {"vp_scale_title": cmp.vp_scale_title}
    if request.GET.get("part") == "live" or htmx_of(request):
        response = render(request, "vugraph/_comparison.html", ctx)
    else:
        response = render(request, "vugraph/match.html", ctx)
    response["Cache-Control"] = "no-store"
    return response
