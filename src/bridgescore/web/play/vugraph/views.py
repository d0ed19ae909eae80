"""The vugraph: the team matches played online, and one match's open and closed rooms side
by side with the board-by-board comparison below — a club's team event's match and an
online competition's VP team match (a ladder's too) alike: the page asks the match's
source (``services.find``), never which kind it is.

While the match is played, the rooms are followed through the tables' own WebSocket
(``/ws/play/tables/<id>``) as any connection is: the server decides what each connection
sees (every hand for a spectator only where the table allows it, after its delay; a player
of the match never watches its other room).  This page asks for nothing more.  The sockets
are for signed-in users: an anonymous visitor of a running match is asked to sign in.
Under each room, the page lists the room's finished boards, newest first, from the match's
``boards/`` (JSON, :func:`_boards`): the boards whose record the reader may see, each with
its result, its play against double dummy once the background has analysed it (the page
never waits for it: "being analysed" until then) and its game record.

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
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_safe

from ....core.i18n import Lang
from ....table.views import Viewer, view
from ...core.bilingual import lang as _lang
from ...core.errors import api_error
from ...core.htmx import htmx_of
from ...events.models import Event
from ...events.teams import services as teams_sv
from .. import position as play_position
from .. import records
from ..analysis import pending, summaries
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
        "game_record": _("Game record"),
        "pick": _("Board shown"), "none_shown": _("No board of this room may be shown to you."),
        "analysing": _("Being analysed…"), "dd_line": _("Double dummy: %(summary)s"),
        "done_none": _("No finished board of this room may be shown yet."),
        "lang": _lang(),
    }


def _shown(table: PlayTable, user: Any, lang: Lang) -> list[tuple[PlayBoard, dict[str, Any]]]:
    """The room's finished boards whose record ``user`` may see (``records.may_see``: never
    a board before both rooms have ended it and the spectators' delay has passed), in
    order, each with what a page shows under it: its number, its play against double dummy
    (``analysis``: the summary in ``lang`` once the background has it, else ""; ``pending``:
    the background has not looked at it yet) and the address of its game record."""
    boards = [b for b in (PlayBoard.objects.filter(table=table, finished__isnull=False)
                          .select_related("table__event__club", "table__room__club")
                          .order_by("index"))
              if records.may_see(user, b) is None]
    ids = [int(b.pk) for b in boards]
    analysed = summaries(ids, lang)  # read, never worked out here: the page never waits
    waiting = pending(ids)
    return [(b, {"index": b.index, "number": b.number, "analysis": analysed.get(int(b.pk), ""),
                 "pending": int(b.pk) in waiting,
                 "href": reverse("records:board", args=[b.pk])}) for b in boards]


def _record(table: PlayTable, user: Any) -> list[dict[str, Any]]:
    """The room's boards as they ended, those whose record ``user`` may see: the public
    view of a finished board (every hand as dealt, the auction, the play, the result)."""
    out = []
    for board, row in _shown(table, user, _lang()):
        state = play_position.state_of(board)
        out.append({**row, "view": view(state, Viewer(None, sees_all=False))})
    return out


def _error(status: int, code: str, en: str, zh: str) -> JsonResponse:
    response = JsonResponse(api_error(code, en, zh), status=status,
                            json_dumps_params={"ensure_ascii": False})
    response["Cache-Control"] = "no-store"
    return response


@require_safe
def event_match_boards(request: HttpRequest, event_id: int, round: int,
                       table: int) -> JsonResponse:
    return _boards(request, _find("event", (event_id, round, table)))


@require_safe
def source_match_boards(request: HttpRequest, source: str, pk: int) -> JsonResponse:
    return _boards(request, _find(source, (pk,)))


def _boards(request: HttpRequest, match: vg.VugraphMatch | None) -> JsonResponse:
    """A match's finished boards, each room's newest first, as JSON: what a live match's
    page lists under each room (its script asks when the page loads, when a room moves on
    to another board or ends, and again a few times while a board waits for its analysis).
    The match page's rights, and only the boards whose record the reader may see."""
    if match is None:
        return _error(404, "not_found", "No such vugraph match.", "没有这场转播比赛。")
    user = request.user
    if not match.source.may_see(user, match):
        if not user.is_authenticated:
            return _error(401, "log_in", "Log in to follow this match.",
                          "请登录后观看这场比赛。")
        return _error(403, "not_allowed", "You may not follow this match.",
                      "您无权观看这场比赛。")
    lang = _lang()
    rooms = []
    for t in match.rooms:
        boards = [{**row, "result": records.result_text(b.result, lang),
                   "passed": b.result == "pass", "score_ns": b.score_ns}
                  for b, row in reversed(_shown(t, user, lang))]
        rooms.append({"table": t.pk, "boards": boards})
    response = JsonResponse({"finished": match.finished, "rooms": rooms},
                            json_dumps_params={"ensure_ascii": False})
    response["Cache-Control"] = "no-store"
    return response


KEY_MAX = 2**63 - 1  # a database key (an event's, a competition's)
NUMBER_MAX = 2**31 - 1  # an event's round and table number


def _find(source: str, key: tuple[int, ...]) -> vg.VugraphMatch | None:
    """The match an address names; None for a number the database cannot hold (an address
    made up by hand is a 404, never a server error)."""
    limits = (KEY_MAX, NUMBER_MAX, NUMBER_MAX) if source == "event" else (KEY_MAX,) * len(key)
    if any(k > most for k, most in zip(key, limits, strict=True)):
        return None
    return vg.find(source, key)


@require_safe
def event_match_page(request: HttpRequest, event_id: int, round: int,
                     table: int) -> HttpResponse:
    return _match_page(request, _find("event", (event_id, round, table)))


@require_safe
def source_match_page(request: HttpRequest, source: str, pk: int) -> HttpResponse:
    return _match_page(request, _find(source, (pk,)))


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
        # a live match: the finished boards under each room, from this JSON (see _boards)
        "boards_url": None if recorded else match.url + "boards/",
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
