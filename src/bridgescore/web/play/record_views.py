"""The pages of the boards played online: a board's game record (the seeds' 牌局 page, for the
screen), its PBN and LIN downloads, the replay card by card, and a table's session.

Every view asks ``records.may_see`` (or ``may_see_session``) first: a board in progress is
never shown, a competition's board not before no table can play it any more (a pool board
as the pool shows it), the other room of a match sees a board once it has played it too,
and the event's rules decide for everyone else."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from ...core.i18n import Lang
from ..core.bilingual import lang as _lang
from . import analysis, records
from .models import PlayBoard, PlayTable


def _refused(request: HttpRequest, why: records.Refusal) -> HttpResponse:
    if why is records.Refusal.LOG_IN:
        return redirect_to_login(request.get_full_path())
    if why is records.Refusal.IN_PROGRESS:
        title, text = (_("This board is still being played"),
                       _("A board's record is shown once the board is over."))
    elif why is records.Refusal.DELAY:
        title, text = (_("Not yet: this board is shown after the spectators' delay"),
                       _("The tables show spectators what happens after a delay; the board's "
                         "record follows it. Try again in a minute."))
    elif why is records.Refusal.NOT_YET:
        title, text = (_("Not yet: this board can still be played"),
                       _("A competition's board is shown once no table can play it any more "
                         "(a pool board once you have played it, or when the week is over)."))
    elif why is records.Refusal.OTHER_ROOM:
        title, text = (_("Not yet: the other room is still playing this board"),
                       _("A team match's board is shown once both rooms have finished it."))
    else:
        title, text = (_("Not allowed"),
                       _("This board's record is for the players and the event's readers."))
    return render(request, "core/error.html", {"status": 403, "title": title, "text": text},
                  status=403)


def _board(board_id: int) -> PlayBoard:
    return get_object_or_404(PlayBoard.objects.select_related("table__event__club",
                                                              "table__room__club"),
                             pk=board_id)


def _title(table: PlayTable, lang: Lang) -> str:
    name = records.event_name(table, lang)
    if table.room_label:
        room = _("open room") if table.room_label == PlayTable.RoomLabel.OPEN else _("closed room")
        return f"{name} · {room}"
    return name


@require_safe
def board_page(request: HttpRequest, board_id: int) -> HttpResponse:
    board = _board(board_id)
    why = records.may_see(request.user, board)
    if why is not None:
        return _refused(request, why)
    state = records.board_state(board)
    lang = _lang()
    ctx: dict[str, Any] = {"board": board, "table": board.table,
                           "title": _title(board.table, lang),
                           "r": records.record_view(board, state, lang),
                           "a": analysis.view(board, lang)}
    return render(request, "play/record.html", ctx)


@require_safe
def table_board(request: HttpRequest, table_id: int, index: int) -> HttpResponse:
    """A table's board by its place in the table's session (what the table page knows at the
    board's end): its game record, for whoever may see it."""
    # The rights decide first, as on the record's own page (a board still in play is
    # refused there): whether it is over is not told to someone who may not see it.
    found = PlayBoard.objects.filter(table_id=table_id, index=index).values_list(
        "pk", flat=True).first()
    if found is None:
        raise Http404
    board = _board(int(found))
    why = records.may_see(request.user, board)
    if why is not None:
        return _refused(request, why)
    return redirect("records:board", board_id=board.pk)


@require_safe
def board_download(request: HttpRequest, board_id: int, fmt: str) -> HttpResponse:
    board = _board(board_id)
    why = records.may_see(request.user, board)
    if why is not None:
        return _refused(request, why)
    if fmt == "pbn":
        text = records.pbn_text(board)
    elif fmt == "lin":
        text = records.lin_text(board)
    else:
        raise Http404
    # Plain text (neither format has a registered media type); saved, not shown.
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = (f'attachment; filename="table{board.table_id}-'
                                       f'board{board.number}.{fmt}"')
    return response


def _replay_page(request: HttpRequest, table: PlayTable, boards: list[PlayBoard],
                 start: PlayBoard | None) -> HttpResponse:
    lang = _lang()
    shown = [b for b in boards if records.may_see(request.user, b) is None]
    data = [{"id": b.pk, "index": b.index, **records.replay_data(records.board_state(b), lang)}
            for b in shown]
    first = next((i for i, b in enumerate(shown) if start is not None and b.pk == start.pk), 0)
    return render(request, "play/replay.html", {
        "table": table, "title": _title(table, lang), "boards": shown, "data": data,
        "first": first, "hidden": len(boards) - len(shown),
        "words": {"board": _("Board %(n)s"), "step": _("Step %(n)s of %(total)s"),
                  "auction": _("Auction"), "trick": _("Trick %(n)s"),
                  "won": _("won by %(seat)s"),
                  "tricks": _("Tricks: declarer %(d)s, defenders %(e)s"),
                  "claim": _("Claim: declarer takes %(n)s tricks in all"),
                  "start": _("The deal, before the first call")},
    })


@require_safe
def board_replay(request: HttpRequest, board_id: int) -> HttpResponse:
    board = _board(board_id)
    why = records.may_see(request.user, board)
    if why is not None:
        return _refused(request, why)
    boards = list(board.table.played.filter(finished__isnull=False).order_by("index"))
    return _replay_page(request, board.table, boards, board)


@require_safe
def table_replay(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(PlayTable.objects.select_related("event__club", "room__club"),
                              pk=table_id)
    why = records.may_see_session(request.user, table)
    if why is not None:
        return _refused(request, why)
    boards = list(table.played.filter(finished__isnull=False).order_by("index"))
    return _replay_page(request, table, boards, None)


@require_safe
def table_session(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(PlayTable.objects.select_related("event__club", "room__club"),
                              pk=table_id)
    why = records.may_see_session(request.user, table)
    if why is not None:
        return _refused(request, why)
    lang = _lang()
    rows = records.session_view(table, request.user, lang)
    return render(request, "play/session.html", {
        "table": table, "title": _title(table, lang), "rows": rows,
        "other": records.other_room(table),
    })
