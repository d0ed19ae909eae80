"""The pages people play on: the lobby (rooms, tables, seats), one room, and the table.

The table page is a frame: ``static/play/table.js`` connects to the table's WebSocket
(``consumers.py``) and draws only what the server's view says.  Every write here goes
through ``services`` (which checks the rules and the rights again); this module chooses
what to show and who may open which page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch, Q, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET, require_POST

from ...core.errors import BridgeError
from ...core.law77 import breakdown
from ...core.seat import Seat
from ..accounts.models import User
from ..clubs.roles import is_administrator
from ..core.bilingual import lang as _lang
from ..events.models import BoardSet
from .access import may_enter_room
from .forms import SeatForm, TableForm, room_name
from .models import PlaySeat, PlayTable, Room

SITE_ROOM = ("Open room", "公共房间")
_NUMBER = re.compile(r"[0-9]{1,9}")  # ASCII digits only: "²".isdigit() is true, int("²") fails
LIVE_SHOWN = 60  # a room's tables in play or waiting, oldest first (a lobby, not an archive)
FINISHED_SHOWN = 3  # a room's finished tables listed under its live ones


def _user(request: HttpRequest) -> User:
    user = request.user
    assert isinstance(user, User)  # every view here is behind login_required
    return user


def _error_text(error: Exception) -> str:
    if isinstance(error, BridgeError):
        return error.message(_lang())
    return _("You may not do this at this table.")


# ---------------------------------------------------------------------- rooms and rights


def site_room() -> Room:
    """The room every signed-in player may use (made the first time the lobby opens)."""
    room = Room.objects.filter(club=None).order_by("pk").first()
    if room is None:
        room = Room.objects.create(name_en=SITE_ROOM[0], name_zh=SITE_ROOM[1])
    return room


def rooms_for(user: User) -> QuerySet[Room]:
    """The site's rooms and the rooms of the user's clubs (every room for an administrator)."""
    rooms = Room.objects.all()
    if not is_administrator(user):
        rooms = rooms.filter(Q(club=None) | Q(club__memberships__player__user=user))
    return rooms.select_related("club").distinct().order_by("club_id", "pk")


def _board_sets(user: User) -> QuerySet[BoardSet]:
    clubs = rooms_for(user).exclude(club=None).values("club_id")
    return BoardSet.objects.filter(club_id__in=clubs).order_by("club_id", "-created")


def _table_form(request: HttpRequest, data: Any = None,
                room: Room | None = None) -> TableForm:
    user = _user(request)
    rooms = rooms_for(user)
    sets = _board_sets(user)
    if room is not None:
        rooms = rooms.filter(pk=room.pk)
        sets = sets.filter(club_id=room.club_id) if room.club_id else sets.none()
    first = room if room is not None else rooms.filter(club=None).first() or rooms.first()
    initial = {"room": first.pk} if first is not None else None
    return TableForm(data, rooms=rooms, board_sets=sets, lang=_lang(), initial=initial)


# ---------------------------------------------------------------------- what the lobby shows


@dataclass
class SeatRow:
    letter: str
    label: str
    name: str | None  # who sits (None: nobody, or a robot)
    robot: bool
    away: bool
    reserved_for: str | None
    mine: bool

    @property
    def empty(self) -> bool:
        return self.name is None and not self.robot


def _player_name(user: User | None, lang: str) -> str | None:
    if user is None:
        return None
    player = getattr(user, "player", None)
    return player.name_in(lang) if player is not None else user.get_username()


def seat_rows(table: PlayTable, user: User, lang: str) -> list[SeatRow]:
    by_seat: dict[int, PlaySeat] = {s.seat: s for s in table.seats.all()}
    rows = []
    for seat in Seat:
        ps = by_seat.get(seat.value)
        who = ps.user if ps is not None else None
        rows.append(SeatRow(
            letter=seat.letter, label=seat.name_in(lang),  # type: ignore[arg-type]
            name=_player_name(who, lang), robot=bool(ps and ps.robot and who is None),
            away=bool(ps and ps.away_since is not None),
            reserved_for=_player_name(ps.reserved_for, lang) if ps is not None else None,
            mine=who is not None and who.pk == user.pk))
    return rows


@dataclass
class TableRow:
    table: PlayTable
    seats: list[SeatRow]
    mine: bool  # the user sits here
    host: bool
    can_watch: bool

    @property
    def label(self) -> str:
        return self.table.name or _("Table %(n)d") % {"n": self.table.pk}


def table_rows(room: Room, user: User, lang: str) -> list[TableRow]:
    from . import access
    seats = Prefetch("seats", queryset=PlaySeat.objects.select_related(
        "user__player", "reserved_for__player").order_by("seat"))
    live = list(room.tables.exclude(status=PlayTable.Status.FINISHED)
                .prefetch_related(seats).order_by("pk")[:LIVE_SHOWN])
    done = list(room.tables.filter(status=PlayTable.Status.FINISHED)
                .prefetch_related(seats).order_by("-pk")[:FINISHED_SHOWN])
    out = []
    for t in live + done:
        rows = seat_rows(t, user, lang)
        mine = any(r.mine for r in rows)
        # The table page's own rule (access.viewer_for), so that no link leads to a 403: a
        # player of the match's other room, a player the competition keeps out, may not watch.
        out.append(TableRow(t, rows, mine, t.host_id == user.pk,
                            mine or access.viewer_for(t, user) is not None))
    return out


def _rooms_context(request: HttpRequest, only: Room | None = None) -> dict[str, Any]:
    user, lang = _user(request), _lang()
    rooms = [only] if only is not None else list(rooms_for(user))
    return {"rooms": [{"room": r, "name": room_name(r, lang),
                       "club": r.club.name_in(lang) if r.club else None,
                       "tables": table_rows(r, user, lang)} for r in rooms]}


@login_required
@require_GET
def lobby(request: HttpRequest) -> HttpResponse:
    site_room()
    context = _rooms_context(request)
    context["form"] = _table_form(request)
    context["live_url"] = reverse("play:lobby_live")
    return render(request, "play/lobby.html", context)


@login_required
@require_GET
def lobby_live(request: HttpRequest) -> HttpResponse:
    """The rooms' part of the lobby, which htmx asks for every few seconds."""
    room_id = request.GET.get("room")
    only = None
    if room_id:
        only = get_object_or_404(Room, pk=int(room_id) if _NUMBER.fullmatch(room_id) else 0)
        if not may_enter_room(_user(request), only):
            raise PermissionDenied
    return render(request, "play/_rooms.html", _rooms_context(request, only))


@login_required
@require_GET
def room_page(request: HttpRequest, room_id: int) -> HttpResponse:
    room = get_object_or_404(Room.objects.select_related("club"), pk=room_id)
    if not may_enter_room(_user(request), room):
        raise PermissionDenied
    context = _rooms_context(request, room)
    context.update(room=room, room_name=room_name(room, _lang()),
                   form=_table_form(request, room=room),
                   live_url=reverse("play:lobby_live") + f"?room={room.pk}")
    return render(request, "play/room.html", context)


# ---------------------------------------------------------------------- lobby actions


def _back(request: HttpRequest) -> HttpResponseRedirect:
    """Back to where the form was (the lobby or a room page), never to another site."""
    target = request.POST.get("next", "")
    if not target.startswith("/play/") or target.startswith("//"):
        target = reverse("play:lobby")
    return HttpResponseRedirect(target)


@login_required
@require_POST
def create_table(request: HttpRequest) -> HttpResponse:
    from . import services
    from . import tables as play_tables

    user = _user(request)
    form = _table_form(request, request.POST)
    if not form.is_valid():
        context = _rooms_context(request)
        context.update(form=form, live_url=reverse("play:lobby_live"), form_open=True)
        return render(request, "play/lobby.html", context, status=400)
    d = form.cleaned_data
    try:
        table = play_tables.create_table(
            d["room"], user, name=d["name"], boards=d["boards"], board_set=d["board_set"],
            first_board=d["first_board"], undo_allowed=d["undo_allowed"],
            spectators_allowed=d["spectators_allowed"],
            spectators_see_hands=d["spectators_see_hands"],
            spectator_delay=d["spectator_delay"], grace_seconds=d["grace_seconds"])
        if d["seat"]:
            services.sit(table, user, Seat.parse(d["seat"]))
    except (BridgeError, PermissionDenied) as e:
        messages.error(request, _error_text(e))
        return _back(request)
    return HttpResponseRedirect(reverse("play:table", args=[table.pk]))


@login_required
@require_POST
def practise(request: HttpRequest) -> HttpResponse:
    """One click: a table in the open room, the user at South, robots in the other seats."""
    from . import services
    from . import tables as play_tables

    user = _user(request)
    try:
        table = play_tables.create_table(site_room(), user, name=_("Practice"), boards=4)
        services.sit(table, user, Seat.SOUTH)
        services.fill_with_robots(table, user)
    except (BridgeError, PermissionDenied) as e:
        messages.error(request, _error_text(e))
        return _back(request)
    return HttpResponseRedirect(reverse("play:table", args=[table.pk]))


def _table_for(request: HttpRequest, table_id: int) -> PlayTable:
    table = get_object_or_404(PlayTable.objects.select_related("room__club"), pk=table_id)
    if not may_enter_room(_user(request), table.room):
        raise PermissionDenied
    return table


@login_required
@require_POST
def sit(request: HttpRequest, table_id: int) -> HttpResponse:
    from . import services

    table = _table_for(request, table_id)
    form = SeatForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a seat: N, E, S or W."))
        return _back(request)
    try:
        services.sit(table, _user(request), Seat.parse(form.cleaned_data["seat"]))
    except (BridgeError, PermissionDenied) as e:
        messages.error(request, _error_text(e))
        return _back(request)
    return HttpResponseRedirect(reverse("play:table", args=[table.pk]))


@login_required
@require_POST
def stand(request: HttpRequest, table_id: int) -> HttpResponse:
    from . import services

    table = _table_for(request, table_id)
    try:
        services.stand(table, _user(request))
    except (BridgeError, PermissionDenied) as e:
        messages.error(request, _error_text(e))
    return _back(request)


# ---------------------------------------------------------------------- the table


@login_required
@require_GET
def table_page(request: HttpRequest, table_id: int) -> HttpResponse:
    from . import access

    table = _table_for(request, table_id)
    if access.viewer_for(table, _user(request)) is None:
        raise PermissionDenied
    lang = _lang()
    return render(request, "play/table.html", {
        "table": table, "label": table.name or _("Table %(n)d") % {"n": table.pk},
        "room_name": room_name(table.room, lang),
        "client": {"ws": f"/ws/play/tables/{table.pk}", "lang": lang,
                   "score_url": reverse("play:score"), "lobby": reverse("play:lobby"),
                   # A finished board's game record: this path and the board's index.
                   "records": f"/play/tables/{table.pk}/boards/",
                   "user": _user(request).pk,
                   "strings": js_strings()},
    })


@login_required
@require_GET
def score(request: HttpRequest) -> JsonResponse:
    """A result's score and how it is made up (Law 77), for the table page's last word:
    ``?contract=4HX&tricks=8&vulnerable=1`` → ``{"expression": "200+300", "total": 500,
    "declarer_score": -500}``.  Pure arithmetic on public facts: no table is looked up."""
    contract = request.GET.get("contract", "")
    tricks = request.GET.get("tricks", "")
    vulnerable = request.GET.get("vulnerable", "")
    if not _NUMBER.fullmatch(tricks) or vulnerable not in ("0", "1") or not 0 < len(contract) <= 8:
        return JsonResponse({"type": "error", "code": "bad_request",
                             "en": f"expected contract, tricks 0-13 and vulnerable 0 or 1, "
                                   f"not {contract!r:.20} {tricks!r:.8} {vulnerable!r:.8}",
                             "zh": f"应提供定约、墩数（0-13）和局况（0 或 1），而不是 "
                                   f"{contract!r:.20} {tricks!r:.8} {vulnerable!r:.8}"},
                            status=400)
    try:
        b = breakdown(contract, int(tricks), vulnerable == "1")
    except BridgeError as e:
        return JsonResponse({"type": "error", "code": "bad_request", "en": e.en, "zh": e.zh},
                            status=400)
    return JsonResponse({"expression": b.expression, "total": b.total,
                         "declarer_score": b.declarer_score, "made": b.made})


def js_strings() -> dict[str, str]:
    """Every text table.js shows, in the page's language (the script has none of its own).
    One context ("play table") for them all: other apps translate "X" or "Board" otherwise."""
    return {
        "N": pgettext("play table", "North"),
        "E": pgettext("play table", "East"),
        "S": pgettext("play table", "South"),
        "W": pgettext("play table", "West"),
        "N1": pgettext("play table", "N"),
        "E1": pgettext("play table", "E"),
        "S1": pgettext("play table", "S"),
        "W1": pgettext("play table", "W"),
        "NT": pgettext("play table", "NT"),
        "Pass": pgettext("play table", "Pass"),
        "X": pgettext("play table", "X"),
        "XX": pgettext("play table", "XX"),
        "connecting": pgettext("play table", "Connecting…"),
        "reconnecting": pgettext("play table", "Reconnecting…"),
        "connected": pgettext("play table", "Connected"),
        "closed": pgettext("play table", "The table closed the connection."),
        "refused": pgettext("play table", "You may not watch or play at this table."),
        "board": pgettext("play table", "Board"),
        "dealer": pgettext("play table", "Dealer"),
        "vul": pgettext("play table", "Vulnerable"),
        "vul_None": pgettext("play table", "None"),
        "vul_NS": pgettext("play table", "N-S"),
        "vul_EW": pgettext("play table", "E-W"),
        "vul_Both": pgettext("play table", "Both"),
        "contract": pgettext("play table", "Contract"),
        "declarer": pgettext("play table", "Declarer"),
        "by": pgettext("play table", "by"),
        "tricks_decl": pgettext("play table", "Declarer's tricks"),
        "tricks_def": pgettext("play table", "Defenders' tricks"),
        "your_turn": pgettext("play table", "Your turn"),
        "waiting_for": pgettext("play table", "Waiting for %(seat)s"),
        "waiting_players": pgettext("play table", "Waiting for players: the board starts "
                                    "when all four seats are taken."),
        "passed_out": pgettext("play table", "Passed out"),
        "result": pgettext("play table", "Result"),
        "score_ns": pgettext("play table", "Score (N-S)"),
        "arithmetic": pgettext("play table", "How the score is made up"),
        "alert": pgettext("play table", "Alert / explanation (optional)"),
        "alerted": pgettext("play table", "Alerted"),
        "no_explanation": pgettext("play table", "(no explanation)"),
        "last_trick": pgettext("play table", "Last trick"),
        "hide_last_trick": pgettext("play table", "Hide the last trick"),
        "claim": pgettext("play table", "Claim"),
        "claim_tricks": pgettext("play table", "Tricks you claim of the remaining ones"),
        "claim_statement": pgettext("play table", "Statement (how you will play)"),
        "send_claim": pgettext("play table", "Send the claim"),
        "cancel": pgettext("play table", "Cancel"),
        "claim_by": pgettext("play table", "%(seat)s claims %(tricks)s of the remaining tricks"),
        "claim_hand": pgettext("play table", "The claimer's hand"),
        "accept": pgettext("play table", "Accept"),
        "reject": pgettext("play table", "Reject"),
        "withdraw": pgettext("play table", "Withdraw"),
        "claim_waiting": pgettext("play table", "Waiting for the opponents' answer"),
        "answer_waiting": pgettext("play table", "Play stops until the question is answered."),
        "undo": pgettext("play table", "Ask to undo"),
        "undo_by": pgettext("play table", "%(seat)s asks to take back the last %(kind)s"),
        "undo_call": pgettext("play table", "call"),
        "undo_card": pgettext("play table", "card"),
        "host": pgettext("play table", "Host"),
        "host_controls": pgettext("play table", "Host controls"),
        "seat_robot": pgettext("play table", "Seat a robot"),
        "fill_robots": pgettext("play table", "Robots in every empty seat"),
        "remove": pgettext("play table", "Remove the player"),
        "remove_robot": pgettext("play table", "Remove the robot"),
        "reserve": pgettext("play table", "Reserve for (user name)"),
        "reserve_send": pgettext("play table", "Reserve"),
        "robot": pgettext("play table", "Robot"),
        "away": pgettext("play table", "away"),
        "robot_in": pgettext("play table", "robot stands in"),
        "empty": pgettext("play table", "empty"),
        "reserved": pgettext("play table", "reserved"),
        "sit_here": pgettext("play table", "Sit here"),
        "stand": pgettext("play table", "Stand up"),
        "you": pgettext("play table", "you"),
        "spectator": pgettext("play table", "You are watching."),
        "finished": pgettext("play table", "The session is over."),
        "next_board": pgettext("play table", "The next board follows."),
        "game_record": pgettext("play table", "This board's game record"),
        "bid": pgettext("play table", "Bid"),
        "play": pgettext("play table", "Play"),
        "bidding_box": pgettext("play table", "Bidding box"),
        "auction": pgettext("play table", "Auction"),
        "trick": pgettext("play table", "Current trick"),
        "hand_of": pgettext("play table", "%(seat)s's hand"),
        "cards_left": pgettext("play table", "%(n)s cards"),
        "keys": pgettext("play table", "Keys"),
        "made": pgettext("play table", "made"),
        "down": pgettext("play table", "down"),
        "error": pgettext("play table", "Refused"),
        "lobby": pgettext("play table", "Back to the lobby"),
        "typed": pgettext("play table", "Typed"),
        # Between a label and its value (Chinese has its own colon, and no space after it).
        "colon": pgettext("play table", ": "),
    }
