"""The results part of the JSON API: a table's phone (or a script at the table) and the
director's scripts.

- ``/api/tables/{secret}…``: the table's secret in the path is the credential (no log-in);
  it reaches only its own table of a session that is not closed.  The secret never reaches
  a log: :class:`RedactSecrets` blanks it in the ASGI server's and Django's request logs.
- ``/api/events/{id}/…``: a director of the event's club, with a bearer token (or a session).

Every action is a call into ``bridgescore.web.events.services`` or, for a result,
``bridgescore.web.events.entries`` (which check the rights and store what the library
accepted); this module only reads requests and writes answers.
Answers: 201 for a new row, 200 for a retry the server already had (same idempotency key),
400 with every field error of the entry, 403 when the actor may not, 404 for an unknown
secret or event, 409 with the result already there, 429 (with ``Retry-After``) for an
address that has sent too many wrong secrets (the pages' throttle, ``throttle.py``).
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Callable
from typing import Annotated, Any

from django.db import OperationalError, connection
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from ninja import Field, Path, Query, Router, Schema

from ....core.board import Board
from ....core.errors import BridgeError
from ....core.i18n import is_zh
from ....core.result import Result
from ....sessions.model import parse_award
from ...accounts.models import User
from ...accounts.throttle import client_address
from ...core import dbthreads
from ...core.bilingual import lang as _lang
from ...core.errors import api_error
from ...core.refusals import api_body, status_of
from .. import entries as ev_entries
from .. import replay, services
from .. import tables as table_secrets
from ..models import Event, ResultEntry, Table
from . import throttle

router = Router()

# ---------------------------------------------------------------------------- the secret in logs

_SECRET_IN_PATH = re.compile(r"(/(?:api/tables|t)/)[^/?#\s\"']+")


def redact(text: str) -> str:
    """``/api/tables/AbC…/entries`` → ``/api/tables/…/entries`` (also the pages' ``/t/…``)."""
    return _SECRET_IN_PATH.sub(r"\1…", text)


class RedactSecrets(logging.Filter):
    """Blanks table secrets in a log record's message and arguments (the ASGI server's access
    log and Django's "Not Found: /api/tables/…" lines both carry the path)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: redact(v) if isinstance(v, str) else v
                           for k, v in record.args.items()}
        return True


# Loggers that write a request's path: uvicorn's access log, Django's 4xx/5xx warnings.
for _name in ("uvicorn.access", "django.request", "django.server"):
    _logger = logging.getLogger(_name)
    if not any(isinstance(f, RedactSecrets) for f in _logger.filters):
        _logger.addFilter(RedactSecrets())


# ---------------------------------------------------------------------------- schemas

# Keys are printable ASCII: they are stored and compared, and a database refuses NUL.
IdempotencyKey = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[!-~]+$",
                                      description="The client's key for this one entry: a "
                                      "retry with the same key gets the first answer back.")]
# A reason is stored as given: one line of text, no control characters.
Reason = Annotated[str, Field(max_length=300, pattern=r"^[^\x00-\x1f\x7f]*$")]
Text = Annotated[str, Field(max_length=100)]
Number = Annotated[int, Field(ge=1, le=1_000_000)]
Id = Annotated[int, Path(ge=1, le=2_147_483_647)]


class ResultFields(Schema):
    """What the table reports: contract, declarer, lead and one of result, tricks or score
    (English or Chinese notation: ``4S``/``4♠``/``4黑桃``, ``N``/``北``, ``+1``/``超1``)."""

    contract: Text | None = None
    declarer: Text | None = None
    lead: Text | None = None
    result: Text | None = None
    tricks: int | Text | None = None
    score: int | Text | None = None

    def fields(self) -> dict[str, object]:
        return {k: getattr(self, k) for k in ("contract", "declarer", "lead", "result",
                                              "tricks", "score")}


class TableEntryIn(ResultFields):
    round: Number
    board: int | Text
    idempotency_key: IdempotencyKey | None = None


class DirectorEntryIn(TableEntryIn):
    table: Number


class CorrectIn(ResultFields):
    reason: Reason = ""
    idempotency_key: IdempotencyKey | None = None


class CancelIn(Schema):
    reason: Reason = ""


class AdjustIn(Schema):
    round: Number
    table: Number
    board: Number
    ns_award: Annotated[str, Field(max_length=8, description="A+, A, A- or a percentage")]
    ew_award: Annotated[str, Field(max_length=8, description="A+, A, A- or a percentage")]
    reason: Reason = ""


class EntryOut(Schema):
    seq: int
    kind: str
    replaces: int | None
    in_force: bool
    round: int | None
    table: int | None
    board: int | None
    ns_pair: str
    ew_pair: str
    result: str
    lead: str
    ns_award: str
    ew_award: str
    source: str
    ns_score: int | None
    explanation: list[str]


class BoardOut(Schema):
    board: int
    ns_pair: str
    ew_pair: str
    dealer: str
    vulnerability: str
    description: str
    entry: EntryOut | None


class EventOut(Schema):
    id: int
    name: str
    name_en: str
    name_zh: str
    date: str
    status: str
    scoring: str
    movement: str
    tables: int
    rounds: int
    boards_per_round: int
    closed_round: int


class TableOut(Schema):
    event: EventOut
    table: int
    round: int | None
    rounds: list[int]
    can_enter: bool
    boards: list[BoardOut]
    entries: list[EntryOut]


class FieldErrorOut(Schema):
    code: str
    field: str
    params: dict[str, Any]
    message: str
    en: str
    zh: str


class ErrorOut(Schema):
    code: str
    message: str
    en: str
    zh: str


class EntryErrorOut(ErrorOut):
    errors: list[FieldErrorOut]


class ConflictOut(ErrorOut):
    existing: EntryOut


# ---------------------------------------------------------------------------- answers


def entry_out(row: ResultEntry, in_force: bool | None = None) -> dict[str, Any]:
    """A stored row with its NS score and the score's arithmetic in the reader's language."""
    lang = _lang()
    ns_score: int | None = None
    explanation: list[str] = []
    if row.result and row.board:
        vul = Board(int(row.board)).vulnerability
        result = Result.parse(row.result)
        ns_score = result.ns_score(vul)
        explanation = result.explain(vul, lang)
    elif row.ns_award:
        from ....sessions.adjusted import award_text

        ns, ew = award_text(parse_award(row.ns_award)), award_text(parse_award(row.ew_award))
        explanation = [f"调整分：南北 {ns}，东西 {ew}" if is_zh(lang)
                       else f"Adjusted score: NS {ns}, EW {ew}"]
    if in_force is None:
        in_force = row.seq in replay.in_force(row.event).values()
    return {**ev_entries.row_dict(row), "in_force": in_force, "ns_score": ns_score,
            "explanation": explanation}


def _answer(request: HttpRequest, status: int, body: dict[str, Any]) -> HttpResponse:
    return JsonResponse(body, status=status, json_dumps_params={"ensure_ascii": False})


def _error(request: HttpRequest, status: int, code: str, en: str, zh: str,
           **extra: Any) -> HttpResponse:
    return _answer(request, status, api_error(code, en, zh, **extra))


def _refused(request: HttpRequest, exc: BridgeError, **extra: Any) -> HttpResponse:
    """A service's refusal, its status and body as every API answers one (core.refusals),
    with what this API adds to it."""
    return _answer(request, status_of(exc), api_body(exc, **extra))


def _entry_errors(exc: ev_entries.EntryRefused) -> list[dict[str, Any]]:
    lang = _lang()
    return [{**e.to_dict(), "message": e.message(lang),
             "en": e.message("en"), "zh": e.message("zh")} for e in exc.preview.errors]


def _one_at_a_time(view: Callable[..., Any]) -> Callable[..., Any]:
    """Run the view on the database threads (``core.dbthreads``: a kept connection, a
    bounded number at a time); a database that refuses or times out is a 503."""
    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        def call() -> Any:
            try:
                return view(request, *args, **kwargs)
            except OperationalError:
                # The database refused a connection or timed out: say so, the phone retries
                # (with its idempotency key), and nothing was stored half.
                connection.close()
                return _error(request, 503, "busy",
                              "The server is busy: please send the entry again.",
                              "服务器繁忙：请重新提交。")
        return dbthreads.run(call)
    return wrapper


def _stored(request: HttpRequest, event: Event, act: Any) -> HttpResponse:
    """Run one service action; its row (201 new, 200 a retry) or the error it raised."""
    try:
        stored = act()
    except ev_entries.Conflict as e:
        return _refused(request, e, existing=entry_out(e.existing))
    except ev_entries.EntryRefused as e:
        return _refused(request, e, errors=_entry_errors(e))
    except BridgeError as e:
        return _refused(request, e)
    row = stored.row
    # A row this call stored is in force unless it is a cancellation; a retry's may not be.
    in_force = row.kind != ResultEntry.Kind.CANCEL if stored.created else None
    return _answer(request, 201 if stored.created else 200, entry_out(row, in_force))


def _table(request: HttpRequest, secret: str) -> Table:
    table = table_secrets.table_for_token(secret)
    if table is None:
        # The pages' throttle, asked only now: a valid secret pays no extra query.  Over
        # the limit this raises throttle.Locked (a 429, ../api.py); else the failure counts.
        throttle.wrong_secret(client_address(request), secret)
        raise Http404
    return table


def _event(request: HttpRequest, event_id: int) -> tuple[Event, services.Actor]:
    event = Event.objects.select_related("club").filter(pk=event_id).first()
    if event is None:
        raise Http404
    user = request.user
    return event, services.Actor(user=user if isinstance(user, User) and user.is_authenticated
                                 else None)


def _rounds_of(event: Event, table: int) -> list[int]:
    return sorted({a.round for a in services.assignments_of(event) if a.table == table})


def _current_round(event: Event, table: int, rounds: list[int]) -> int | None:
    """The table's first open round with a board to enter (the library's rule, as the phone
    page's); with none, its last round."""
    current = replay.live_state(event).current_round(table, event.closed_round)
    return current if current is not None else (rounds[-1] if rounds else None)


_ERRORS: dict[int, type[Schema]] = {400: EntryErrorOut, 403: ErrorOut, 404: ErrorOut,
                                    409: ConflictOut, 422: ErrorOut, 429: ErrorOut,
                                    503: ErrorOut}


# ---------------------------------------------------------------------------- the table's phone


@router.get("/tables/{secret}", auth=None, response={200: TableOut, 404: ErrorOut, 429: ErrorOut,
                                             503: ErrorOut},
            summary="A table's round: its boards, pairs, dealer, vulnerability and entries")
@_one_at_a_time
def table_view(request: HttpRequest, secret: str,
               round: Annotated[int | None, Query(ge=1, le=1_000_000)] = None) -> dict[str, Any]:
    table = _table(request, secret)
    event = table.event
    held = replay.in_force(event)
    rows = {r.seq: r for r in ResultEntry.objects.filter(
        event=event, table=table.number,
        seq__in=[seq for (_, t, _), seq in held.items() if t == table.number])}
    by_slot = {(r.round, r.board): r for r in rows.values()}
    rounds = _rounds_of(event, table.number)
    shown = round if round is not None else _current_round(event, table.number, rounds)
    lang = _lang()
    boards = []
    a = services.assignment_at(event, shown, table.number) if shown is not None else None
    for b in a.boards if a is not None else ():
        board = Board(b)
        row = by_slot.get((shown, b))
        boards.append({
            "board": b, "ns_pair": a.ns_pair if a else "", "ew_pair": a.ew_pair if a else "",
            "dealer": board.dealer.letter, "vulnerability": str(board.vulnerability),
            "description": board.describe(lang),
            "entry": entry_out(row, True) if row is not None else None})
    return {
        "event": {"id": event.pk, "name": event.name_in(lang), "name_en": event.name_en,
                  "name_zh": event.name_zh, "date": event.date.isoformat(),
                  "status": event.status, "scoring": event.scoring,
                  "movement": event.movement, "tables": event.tables, "rounds": event.rounds,
                  "boards_per_round": event.boards_per_round,
                  "closed_round": event.closed_round},
        "table": table.number,
        "round": shown,
        "rounds": rounds,
        "can_enter": (event.status == Event.Status.RUNNING and shown is not None
                      and shown > event.closed_round),
        "boards": boards,
        "entries": [entry_out(r, True) for _, r in sorted(rows.items())],
    }


@router.post("/tables/{secret}/entries", auth=None,
             response={200: EntryOut, 201: EntryOut, **_ERRORS},
             summary="Enter a board's result at the table (a retry with the same key is "
                     "answered with the stored row)")
@_one_at_a_time
def table_enter(request: HttpRequest, secret: str, data: TableEntryIn) -> HttpResponse:
    table = _table(request, secret)
    fields = {**data.fields(), "board": data.board}
    return _stored(request, table.event, lambda: ev_entries.enter(
        table.event, services.Actor(table=table), round=data.round, table=table.number,
        fields=fields, key=data.idempotency_key))


@router.post("/tables/{secret}/entries/{seq}/correct", auth=None,
             response={200: EntryOut, 201: EntryOut, **_ERRORS},
             summary="Correct the table's own entry (until its round is closed)")
@_one_at_a_time
def table_correct(request: HttpRequest, secret: str, seq: Id, data: CorrectIn) -> HttpResponse:
    table = _table(request, secret)
    return _stored(request, table.event, lambda: ev_entries.correct(
        table.event, services.Actor(table=table), seq, data.fields(), reason=data.reason,
        key=data.idempotency_key))


# ---------------------------------------------------------------------------- the director


@router.get("/events/{event_id}/entries", response={200: list[EntryOut], 403: ErrorOut,
                                                    404: ErrorOut},
            summary="The event's whole log of results (directors)")
@_one_at_a_time
def event_log(request: HttpRequest, event_id: Id) -> Any:
    event, actor = _event(request, event_id)
    try:
        rows = ev_entries.log(event, actor)
    except services.NotAllowed as e:
        return _refused(request, e)
    current = set(replay.in_force(event).values())
    return [entry_out(r, r.seq in current) for r in rows]


@router.post("/events/{event_id}/entries",
             response={200: EntryOut, 201: EntryOut, **_ERRORS},
             summary="Enter a result for any table (directors)")
@_one_at_a_time
def event_enter(request: HttpRequest, event_id: Id, data: DirectorEntryIn) -> HttpResponse:
    event, actor = _event(request, event_id)
    fields = {**data.fields(), "board": data.board}
    return _stored(request, event, lambda: ev_entries.enter(
        event, actor, round=data.round, table=data.table, fields=fields,
        key=data.idempotency_key, source=ResultEntry.Source.API))


@router.post("/events/{event_id}/entries/{seq}/correct",
             response={200: EntryOut, 201: EntryOut, **_ERRORS},
             summary="Correct any result (directors)")
@_one_at_a_time
def event_correct(request: HttpRequest, event_id: Id, seq: Id, data: CorrectIn) -> HttpResponse:
    event, actor = _event(request, event_id)
    return _stored(request, event, lambda: ev_entries.correct(
        event, actor, seq, data.fields(), reason=data.reason, key=data.idempotency_key))


@router.post("/events/{event_id}/entries/{seq}/cancel",
             response={201: EntryOut, **_ERRORS},
             summary="Withdraw a result: the board is outstanding again (directors)")
@_one_at_a_time
def event_cancel(request: HttpRequest, event_id: Id, seq: Id, data: CancelIn) -> HttpResponse:
    event, actor = _event(request, event_id)
    return _stored(request, event, lambda: ev_entries.cancel(event, actor, seq, data.reason))


@router.post("/events/{event_id}/adjust", response={201: EntryOut, **_ERRORS},
             summary="An adjusted score (A+/A/A− or percentages) for one board (directors)")
@_one_at_a_time
def event_adjust(request: HttpRequest, event_id: Id, data: AdjustIn) -> HttpResponse:
    event, actor = _event(request, event_id)
    return _stored(request, event, lambda: ev_entries.adjust(
        event, actor, round=data.round, table=data.table, board=data.board,
        ns_award=data.ns_award, ew_award=data.ew_award, reason=data.reason))
