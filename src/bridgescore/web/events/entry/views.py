"""The table's phone pages (``/t/<secret>/``): the Bridgemate job.

North enters a board (a bidding box of big buttons, or the result typed in either language);
the library reads and checks it (``entries.preview``); East checks the entry and its score,
with its arithmetic, and accepts it (``entries.enter``) or sends it back.  Every page works
as a plain form post and, with htmx, without reloading; ``static/entry/entry.js`` keeps an
accepted entry on the phone until the server has answered.

Every rule is the library's and every write goes through ``events.services`` (a result:
``events.entries``): this module only chooses what to show.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from uuid import uuid4

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import override
from django.views.decorators.http import require_GET, require_http_methods

from ....core.board import Board
from ....core.cards import Card
from ....core.errors import BridgeError
from ....core.i18n import is_zh
from ....core.result import Result
from ....core.seat import Seat
from ....sessions.assignment import Assignment
from ....sessions.entry import Entry
from ...accounts.throttle import client_address
from ...core.bilingual import lang as _lang
from .. import entries, replay, services, tables
from ..models import Entrant, Event, ResultEntry, Table
from ..results import access
from . import form as entry_form
from . import throttle
from .form import Given

Lang = str


def _other_language() -> str:
    return "en" if is_zh(_lang()) else "zh-hans"


# ---------------------------------------------------------------------------- answers


def _message(request: HttpRequest, status: int, texts: Callable[[], tuple[str, str]], *,
             table: Table | None = None, retry_after: int | None = None,
             extra: Mapping[str, Any] | None = None) -> HttpResponse:
    """A page with one message, in the reader's language and, below it, the other one (a
    table's phone may be set to a language its players do not read)."""
    title, text = texts()
    with override(_other_language()):
        other_title, other_text = texts()
    context = {"status": status, "title": title, "text": text, "other_title": other_title,
               "other_text": other_text,
               "other_lang": "en" if is_zh(_lang()) else "zh-Hans", "table": table,
               "secret": tables.secret(table) if table is not None else None, **(extra or {})}
    response = render(request, "entry/message.html", context, status=status)
    if retry_after is not None:
        response["Retry-After"] = str(retry_after)
    return response


def _error_texts(error: BridgeError, title: Callable[[], str]) -> Callable[[], tuple[str, str]]:
    # A library or services error carries its own English and Chinese text.
    return lambda: (title(), error.message(_lang()))


def _open(request: HttpRequest, secret: str) -> Table | HttpResponse:
    """The table this secret opens, or the answer to give instead (429, 404)."""
    address = client_address(request)
    locked = throttle.seconds_locked(address)
    if locked:
        return _message(request, 429, lambda: (
            _("Too many wrong table links"),
            _("This phone has tried too many table links that do not exist. Wait %(minutes)d "
              "minutes, then scan the table card again.") % {"minutes": -(-locked // 60)}),
            retry_after=locked)
    table = tables.table_for_token(secret)
    if table is not None:
        # The phone may follow this session's results (results.access, as far as the
        # director's settings show them to a member).
        access.remember_table(request.session, int(table.event_id), secret)
        return table
    if throttle.is_closed_table(secret):
        # A real secret of a closed session is no guess: it does not count against the phone.
        return _message(request, 404, lambda: (
            _("This session is closed"),
            _("Results can no longer be entered at this table: the session has been closed. "
              "Ask the director if a result is missing.")))
    throttle.record_failure(address)
    return _message(request, 404, lambda: (
        _("Unknown table link"),
        _("This address opens no table: the link may be mistyped, or the director has printed "
          "new table cards. Scan the QR code on your table card again.")))


# ---------------------------------------------------------------------------- what a page shows


@dataclass(frozen=True, slots=True)
class Shown:
    """A result as the page shows it: the notation with suit symbols, the NS score and the
    score's arithmetic (the library's explanation)."""

    text: str
    ns_score: int | None
    explain: str


def _shown(row: ResultEntry, lang: Lang) -> Shown:
    if row.ns_award:
        text = f"{_('adjusted')} {row.ns_award} / {row.ew_award}"
        return Shown(text, None, "")
    result = Result.parse(row.result)
    vul = Board(int(row.board or 1)).vulnerability
    return Shown(result.format(lang, symbols=True), result.ns_score(vul),  # type: ignore[arg-type]
                 result.explain(vul, lang)[0])  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class BoardLine:
    number: int
    row: ResultEntry | None
    shown: Shown | None


@dataclass(frozen=True, slots=True)
class BoardFacts:
    """Dealer and vulnerability of a board (the library's Board), for the compass."""

    number: int
    dealer: str
    dealer_seat: str
    vulnerability: str
    vulnerable: tuple[str, ...]  # the seats (N E S W) that are vulnerable

    @classmethod
    def of(cls, number: int, lang: Lang) -> BoardFacts:
        b = Board(number)
        vul = b.vulnerability
        return cls(number, b.dealer.name_in(lang), str(b.dealer),  # type: ignore[arg-type]
                   vul.describe(lang),  # type: ignore[arg-type]
                   tuple(s for s in "NESW" if (s in "NS" and str(vul) in ("NS", "Both"))
                         or (s in "EW" and str(vul) in ("EW", "Both"))))


def _names(event: Event) -> dict[str, Entrant]:
    return {e.number: e for e in event.entrants.prefetch_related("seats__player")}


def _pair(names: Mapping[str, Entrant], number: str, lang: Lang) -> dict[str, str]:
    e = names.get(number)
    return {"number": number, "name": e.name_in(lang) if e is not None else ""}


def _mine(event: Event, table: Table) -> list[Assignment]:
    return sorted((a for a in services.assignments_of(event) if a.table == table.number),
                  key=lambda a: a.round)


def _current_round(event: Event, table: Table) -> int | None:
    """The table's first open round with boards still to enter (the library's rule, as the
    phone API's)."""
    return replay.live_state(event).current_round(table.number, event.closed_round)


def _rows_at(event: Event, table: Table) -> dict[tuple[int, int], ResultEntry]:
    """(round, board) → the row in force for each board this table has entered."""
    seqs = {seq: (int(r.round or 0), r.board)
            for seq, r in replay.state(event).in_force().items() if r.table == table.number}
    return {seqs[row.seq]: row
            for row in ResultEntry.objects.filter(event=event, seq__in=list(seqs))}


def _int(value: object) -> int | None:
    try:
        return int(str(value))
    except (TypeError, ValueError):
        return None


def _table_context(table: Table, *, round_: int | None = None, board: int | None = None,
                   notice: str = "") -> dict[str, Any]:
    """Everything the table page shows around the form."""
    event = table.event
    lang = _lang()
    mine = _mine(event, table)
    by_round = {a.round: a for a in mine}
    current = _current_round(event, table)
    notices = [notice] if notice else []
    if round_ is not None and round_ not in by_round:
        notices.append(_("Table %(table)d does not play round %(round)d.")
                       % {"table": table.number, "round": round_})
        round_ = None
    chosen = round_ or current or (mine[-1].round if mine else None)
    rows = _rows_at(event, table)
    names = _names(event)
    a = by_round.get(chosen) if chosen is not None else None
    lines = []
    if a is not None:
        for b in a.boards:
            row = rows.get((a.round, b))
            lines.append(BoardLine(b, row, _shown(row, lang) if row is not None else None))
    open_boards = [line.number for line in lines if line.row is None]
    if board is not None and a is not None and board not in a.boards:
        notices.append(_("Board %(board)d is not played at this table in round %(round)d.")
                       % {"board": board, "round": a.round})
        board = None
    if board is None or board not in open_boards:
        board = open_boards[0] if open_boards else None
    closed = chosen is not None and chosen <= event.closed_round
    return {
        "table": table, "event": event, "secret": tables.secret(table),
        "session_name": event.name_in(lang), "rounds": [
            {"number": r.round, "closed": r.round <= event.closed_round,
             "current": r.round == chosen,
             "complete": all((r.round, b) in rows for b in r.boards)} for r in mine],
        "round": chosen, "current_round": current, "assignment": a, "lines": lines,
        "board": board, "facts": BoardFacts.of(board, lang) if board is not None else None,
        "ns": _pair(names, a.ns_pair, lang) if a is not None else None,
        "ew": _pair(names, a.ew_pair, lang) if a is not None else None,
        "closed": closed, "running": event.status == Event.Status.RUNNING,
        "all_done": current is None and bool(mine), "notices": notices,
    }


def _form_context(given: Given | None, errors: Mapping[str, list[str]] | None = None,
                  *, seq: int | None = None) -> dict[str, Any]:
    return {"given": given or Given.of({}), "errors": errors or {}, "seq": seq,
            "levels": entry_form.LEVELS, "strains": [(s, entry_form.STRAIN_SYMBOLS[s])
                                                     for s in entry_form.STRAINS],
            "doublings": entry_form.DOUBLINGS,
            "declarers": [(s, Seat.parse(s).name_in(_lang())) for s in entry_form.DECLARERS],
            "lead_suits": [(s, entry_form.STRAIN_SYMBOLS[s]) for s in entry_form.LEAD_SUITS],
            "lead_ranks": [(r, "10" if r == "T" else r) for r in entry_form.LEAD_RANKS],
            "result_rows": [[_result_button(v, given) for v in row]
                            for row in entry_form.RESULT_ROWS]}


def _result_button(value: str, given: Given | None) -> tuple[str, str, str, bool]:
    """A result button: its value, label, the levels it can happen at (the page's script
    turns it off at the others) and whether the level already chosen rules it out (the page
    as the server sends it, script or not)."""
    lo, hi = entry_form.levels_for(value)
    level, chosen = (given["level"], given["result"]) if given is not None else ("", "")
    # What was chosen stays chosen (the check then says why it cannot be): nothing is dropped.
    off = level.isdigit() and not lo <= int(level) <= hi and value != chosen
    return value, entry_form.result_label(value, _lang()), f"{lo}-{hi}", off


# Where a library field's errors are shown on the form.
_PLACE = {"board": "board", "contract": "contract", "declarer": "declarer", "lead": "lead",
          "tricks": "result", "result": "result", "score": "result"}


def _errors_of(preview: entries.Preview, given: Given) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for e in preview.errors:
        place = _PLACE.get(e.field, "general")
        if place == "contract" and given.typed_fields():
            place = "typed"
        out.setdefault(place, []).append(e.message(_lang()))
    return out


def _page(request: HttpRequest, table: Table, *, given: Given | None = None,
          errors: Mapping[str, list[str]] | None = None, round_: int | None = None,
          board: int | None = None, seq: int | None = None, status: int = 200,
          notice: str = "", stored: ResultEntry | None = None) -> HttpResponse:
    """The table page: where the table is, its boards, and the entry form."""
    context = _table_context(table, round_=round_, board=board, notice=notice)
    # The board the form was filled in for stays (a correction's board is entered already;
    # a board typed that is not in the round is shown with its error).
    given_board = _int(given["board"]) if given is not None else None
    if given_board is not None and 1 <= given_board <= 10_000:
        context.update(board=given_board, facts=BoardFacts.of(given_board, _lang()))
    context.update(_form_context(given, errors, seq=seq))
    # A board typed in that is no open board of the round stays on the form (with its error).
    open_boards = {str(line.number) for line in context["lines"] if line.row is None}
    if given is not None and given["board"] and given["board"] not in open_boards:
        context["extra_board"] = given["board"]
    if stored is not None:
        context["stored"] = stored
        context["stored_shown"] = _shown(stored, _lang())
    return render(request, "entry/table.html", context, status=status)


# ---------------------------------------------------------------------------- the pages


@require_GET
def table_page(request: HttpRequest, secret: str) -> HttpResponse:
    opened = _open(request, secret)
    if isinstance(opened, HttpResponse):
        return opened
    stored = None
    seq = _int(request.GET.get("stored"))
    if seq is not None:
        stored = ResultEntry.objects.filter(event=opened.event, seq=seq,
                                            table=opened.number).first()
    return _page(request, opened, round_=_int(request.GET.get("round")),
                 board=_int(request.GET.get("board")), stored=stored)


def _round_of(request: HttpRequest, table: Table) -> int | None:
    return _int(request.POST.get("round"))


def _back_to_table(secret: str) -> HttpResponse:
    # A GET of a form's address (a reload, the language switch after a post) is sent to
    # the table page rather than answered 405.
    response = HttpResponseRedirect(reverse("entry:table", args=[secret]))
    response.status_code = 303
    return response


def _posted(request: HttpRequest, secret: str) -> (
        HttpResponse | tuple[Table, Event, Given, int | None, int | None]):
    """What the check and the accept forms start from: the table, its event, what was
    given, the entry being corrected (if any) and the round; or the answer instead (an
    unknown secret, a GET of the form's address)."""
    opened = _open(request, secret)
    if isinstance(opened, HttpResponse):
        return opened
    if request.method != "POST":
        return _back_to_table(secret)
    return (opened, opened.event, Given.of(request.POST), _int(request.POST.get("seq")),
            _round_of(request, opened))


@require_http_methods(["GET", "POST"])
def check(request: HttpRequest, secret: str) -> HttpResponse:
    """Read the entry (the library's check): errors beside their fields, or East's check."""
    posted = _posted(request, secret)
    if isinstance(posted, HttpResponse):
        return posted
    table, event, given, seq, round_ = posted
    if request.POST.get("step") == "back":
        # East sent the entry back: the form again, as it was filled in.
        return _page(request, table, given=given, round_=round_, seq=seq)
    if event.status != Event.Status.RUNNING:
        return _not_in_play(request, table)
    if seq is not None:
        old = _own_row(table, seq)
        if old is None:
            return _no_such_entry(request, table, seq)
        given = Given.of({**given.values, "board": str(old.board)})
        round_ = int(old.round or 0)
        if round_ <= event.closed_round:
            return _closed_message(request, table, round_)
    if round_ is None:
        return _page(request, table, given=given, seq=seq, status=400, errors={
            "general": [_("The round is missing: open the table page again.")]})
    try:
        preview = entries.preview(event, round_, table.number, given.fields())
    except BridgeError as e:
        return _page(request, table, given=given, round_=round_, seq=seq, status=400,
                     errors={"general": [e.message(_lang())]})
    if not preview.ok or preview.entry is None:
        return _page(request, table, given=given, round_=round_, seq=seq, status=400,
                     errors=_errors_of(preview, given))
    entry = preview.entry
    if entry.result is None:  # a score alone: the table must say what happened
        return _page(request, table, given=given, round_=round_, seq=seq, status=400, errors={
            "result": [_("Give the contract, the declarer and the result.")]})
    return _verify(request, table, given, entry, round_, seq)


def _entry_shown(entry: Entry, lang: Lang) -> dict[str, Any]:
    assert entry.result is not None
    r = entry.result
    lead: Card | None = entry.lead
    return {
        "result": r.format(lang, symbols=True),  # type: ignore[arg-type]
        "contract": r.contract.format(lang, symbols=True),  # type: ignore[arg-type]
        "declarer": r.declarer.name_in(lang) if r.declarer else "",  # type: ignore[arg-type]
        "lead": lead.format(lang, symbols=True) if lead is not None else "",  # type: ignore[arg-type]
        "ns_score": entry.ns_score, "ew_score": entry.ew_score,
        "explain": entry.explain(lang),  # type: ignore[arg-type]
        "describe": entry.describe(lang),  # type: ignore[arg-type]
    }


def _verify(request: HttpRequest, table: Table, given: Given, entry: Entry, round_: int,
            seq: int | None) -> HttpResponse:
    """East's screen: the entry and its score with the arithmetic; accept or send back."""
    context = _table_context(table, round_=round_, board=entry.board.number)
    was: dict[str, Any] | None = None
    if seq is not None:
        # A correction: East checks what changes, the result in force and the new one.
        old = replay.state(table.event).in_force().get(seq)
        if old is not None and old.result is not None and old.score is not None:
            was = {"result": old.result.format(_lang(), symbols=True),
                   "ns_score": old.score, "ew_score": -old.score}
    context.update(board=entry.board.number, facts=BoardFacts.of(entry.board.number, _lang()),
                   was=was,
                   given=given, given_items=sorted(given.values.items()), seq=seq,
                   shown=_entry_shown(entry, _lang()),
                   # Without a script the form carries this key; the page's script makes its
                   # own when the entry is first accepted (and keeps it for the retries).
                   key=str(uuid4()), auto_accept=table.event.auto_accept_seconds)
    return render(request, "entry/verify.html", context)


def _own_row(table: Table, seq: int) -> ResultEntry | None:
    return ResultEntry.objects.filter(event=table.event, seq=seq, table=table.number).exclude(
        kind=ResultEntry.Kind.CANCEL).first()


def _no_such_entry(request: HttpRequest, table: Table, seq: int) -> HttpResponse:
    return _message(request, 404, lambda: (
        _("No such entry"),
        _("This table has no entry number %(seq)d.") % {"seq": seq}), table=table)


def _not_in_play(request: HttpRequest, table: Table) -> HttpResponse:
    return _message(request, 403, lambda: (
        _("The session is not in play"),
        _("Results can be entered once the director starts the session.")), table=table)


def _closed_message(request: HttpRequest, table: Table, round_: int) -> HttpResponse:
    return _message(request, 403, lambda: (
        _("Round %(round)d is closed") % {"round": round_},
        _("The director has closed round %(round)d: only the director can change its results "
          "now.") % {"round": round_}), table=table)


@require_http_methods(["GET", "POST"])
def accept(request: HttpRequest, secret: str) -> HttpResponse:
    """East accepted: store the entry (a retry with the same key stores nothing new)."""
    posted = _posted(request, secret)
    if isinstance(posted, HttpResponse):
        return posted
    table, event, given, seq, round_ = posted
    key = request.POST.get("key", "")
    if not entry_form.KEY_RE.fullmatch(key):
        return _message(request, 400, lambda: (
            _("The entry could not be sent"),
            _("The entry's key %(key)s is not one this page makes: open the table page again "
              "and enter the board once more.") % {"key": repr(key[:40])}), table=table)
    # A retry of an entry already stored gets it back, even if the round has been closed
    # since (the phone may have been offline until then).
    done = ResultEntry.objects.filter(event=event, idempotency_key=key).first()
    if done is not None:
        if done.table != table.number:
            return _message(request, 400, lambda: (
                _("The entry could not be sent"),
                _("This entry's key belongs to another table.")), table=table)
        return _after(table, done)
    actor = services.Actor(table=table)
    try:
        if seq is not None:
            old = _own_row(table, seq)
            if old is None:
                return _no_such_entry(request, table, seq)
            round_ = int(old.round or 0)
            given = Given.of({**given.values, "board": str(old.board)})
            fields = {k: v for k, v in given.fields().items() if k != "board"}
            stored = entries.correct(event, actor, seq, fields, reason="table", key=key)
        else:
            if round_ is None:
                return _page(request, table, given=given, status=400, errors={
                    "general": [_("The round is missing: open the table page again.")]})
            stored = entries.enter(event, actor, round=round_, table=table.number,
                                   fields=given.fields(), key=key)
    except entries.Conflict as e:
        return _conflict(request, table, e.existing)
    except services.NotAllowed as e:
        if event.status != Event.Status.RUNNING:
            return _not_in_play(request, table)
        if round_ is not None and round_ <= event.closed_round:
            return _closed_message(request, table, round_)
        return _message(request, 403, _error_texts(e, lambda: _("Not allowed")), table=table)
    except entries.EntryRefused as e:
        return _page(request, table, given=given, round_=round_, seq=seq, status=400,
                     errors=_errors_of(e.preview, given))
    except BridgeError as e:
        return _page(request, table, given=given, round_=round_, seq=seq, status=400,
                     errors={"general": [e.message(_lang())]})
    return _after(table, stored.row)


def _after(table: Table, row: ResultEntry) -> HttpResponse:
    """After acceptance: the board's traveller (a director's setting), else the next board."""
    secret = tables.secret(table)
    if table.event.traveller_at_table:
        return HttpResponseRedirect(reverse("entry:done", args=[secret, row.seq]), status=303)
    url = reverse("entry:table", args=[secret]) + f"?stored={row.seq}"
    response = HttpResponseRedirect(url)
    response.status_code = 303
    return response


def _conflict(request: HttpRequest, table: Table, existing: ResultEntry) -> HttpResponse:
    context = _table_context(table, round_=existing.round)
    context.update(existing=existing, existing_shown=_shown(existing, _lang()),
                   board=existing.board,
                   facts=BoardFacts.of(int(existing.board), _lang()) if existing.board else None,
                   may_correct=int(existing.round or 0) > table.event.closed_round
                   and existing.source == ResultEntry.Source.TABLE)
    return render(request, "entry/conflict.html", context, status=409)


@require_GET
def done(request: HttpRequest, secret: str, seq: int) -> HttpResponse:
    """An accepted entry, and the board's results so far when the director allows it."""
    opened = _open(request, secret)
    if isinstance(opened, HttpResponse):
        return opened
    table, event = opened, opened.event
    row = ResultEntry.objects.filter(event=event, seq=seq, table=table.number).first()
    if row is None:
        return _no_such_entry(request, table, seq)
    lang = _lang()
    context = _table_context(table, round_=row.round)
    # The header shows the board just entered (not the next one) with its traveller.
    context.update(stored=row, stored_shown=_shown(row, lang), board=row.board,
                   facts=BoardFacts.of(int(row.board), lang) if row.board else None)
    if event.traveller_at_table and row.board:
        context["traveller"] = _traveller(event, int(row.board), table, lang)
    return render(request, "entry/done.html", context)


def _traveller(event: Event, board: int, table: Table, lang: Lang) -> list[dict[str, Any]]:
    """The board's results so far, each with its score (the library's) and arithmetic."""
    try:
        scored = replay.state(event).board(board)
    except BridgeError:
        return []
    names = _names(event)
    vul = Board(board).vulnerability
    out = []
    for sr in scored.results:
        r = sr.result
        if r.result is not None:
            text = r.result.format(lang, symbols=True)  # type: ignore[arg-type]
            points: int | None = r.result.ns_score(vul)
            arithmetic = r.result.explain(vul, lang)[0]  # type: ignore[arg-type]
        else:
            text, points, arithmetic = (f"{r.ns_award or ''} / {r.ew_award or ''}", None, "")
        out.append({"ns": _pair(names, r.ns_pair, lang), "ew": _pair(names, r.ew_pair, lang),
                    "text": text, "points": points, "explain": arithmetic,
                    "ns_score": sr.ns, "ew_score": sr.ew, "counted": sr.counted,
                    "mine": r.table == table.number})
    return out


@require_GET
def correct(request: HttpRequest, secret: str, seq: int) -> HttpResponse:
    """The form again, filled with a stored entry, to correct it (until the round closes)."""
    opened = _open(request, secret)
    if isinstance(opened, HttpResponse):
        return opened
    table = opened
    row = _own_row(table, seq)
    if row is None or row.board is None:
        return _no_such_entry(request, table, seq)
    if int(row.round or 0) <= table.event.closed_round:
        return _closed_message(request, table, int(row.round or 0))
    if row.source != ResultEntry.Source.TABLE:
        return _message(request, 403, lambda: (
            _("Only the director can change this result"),
            _("The director entered this result, so only the director can change it.")),
            table=table)
    live = replay.state(table.event).in_force()
    if seq not in live:
        return _message(request, 404, lambda: (
            _("This entry has been replaced"),
            _("Entry %(seq)d has been corrected or withdrawn since: open the table page for the "
              "board's result now.") % {"seq": seq}), table=table)
    given = entry_form.given_from_row(int(row.board), row.result, row.lead)
    return _page(request, table, given=given, round_=int(row.round or 0), seq=seq)
