"""The director's part of the JSON API (mounted at /api/ by bridgescore.web.api).

Everything the console pages do, for a script with a bearer token (or a page's session):
sessions (list, create, settings, status, publication, closing rounds), pairs (list, seat,
change, and the movement changes of ``moves.py``), the tables' secrets (to print one's own
cards), the audit trail and the console's grid.  Each endpoint reads its request, calls
the same service the page calls (``events.services``, ``teams.services``, ``pairs``,
``moves``, which check the rights again) and writes the answer; nothing else happens here.

Answers: 200 (201 for something new), 400 with the library's or the service's words, 401
without a log-in, 403 for anyone but the club's directors and the site's administrators,
404 for an unknown session (the existing endpoints' rule: a session's number is not a
secret), 409 for a pair that has players already, 422 for a request the schema refuses.
Every error is ``{code, message, en, zh}``, the message in the request's language.
"""

from __future__ import annotations

import hashlib
import json
from typing import Annotated, Any

from django.db import IntegrityError, transaction
from django.http import HttpRequest, JsonResponse
from ninja import Query, Router
from ninja.responses import Status

from ....core.errors import BridgeError
from ...accounts.models import Player, User
from ...clubs.models import Club, Membership
from ...clubs.roles import can_direct, is_administrator
from ...core.bilingual import lang as _lang
from ...core.errors import api_error
from ...core.refusals import Missing
from .. import services as sv
from .. import tables as table_secrets
from ..models import AuditRecord, CreateRequest, Entrant, Event
from ..teams import services as teams
from . import moves, pairs, readable
from . import schemas as s
from .grid import grid as console_grid

router = Router()

_ERRORS: dict[int, type[s.ErrorOut]] = {400: s.ErrorOut, 403: s.ErrorOut, 404: s.ErrorOut}
_WRITE_ERRORS: dict[int, type[s.ErrorOut]] = {**_ERRORS, 409: s.ErrorOut}


def _error(status: int, code: str, en: str, zh: str) -> JsonResponse:
    return JsonResponse(api_error(code, en, zh), status=status,
                        json_dumps_params={"ensure_ascii": False})


def _actor(request: HttpRequest) -> sv.Actor:
    return sv.Actor.of(request.user)


def _event(event_id: int) -> Event:
    event = Event.objects.select_related("club").filter(pk=event_id).first()
    if event is None:
        raise Missing(f"There is no session {event_id}.", f"没有编号为 {event_id} 的比赛。")
    return event


def _directed(request: HttpRequest, event_id: int) -> tuple[Event, sv.Actor]:
    """The event, if the caller directs its club (the console pages' rule); the services
    that change something check it once more."""
    event = _event(event_id)
    if not sv.may_direct(request.user, event):
        raise sv.NotAllowed("Only a director of this club may do this.",
                            "只有本俱乐部的裁判可以执行此操作。")
    return event, _actor(request)


def _pairs_session(event: Event) -> None:
    # The grid and the movement are a pairs session's; a team event has its match page.
    if event.kind != Event.Kind.PAIRS:
        raise Missing(f"Session {event.pk} is a team event: it has no pairs movement.",
                       f"第 {event.pk} 场比赛是队式赛：没有双人赛移位。")


# ---------------------------------------------------------------------------- sessions


def event_out(event: Event) -> dict[str, Any]:
    results = (f"/events/{event.pk}/match/" if event.kind == Event.Kind.TEAMS
               else f"/events/{event.pk}/")
    return {"id": event.pk, "club": event.club.slug, "kind": event.kind,
            "name": event.name_in(_lang()), "name_en": event.name_en,
            "name_zh": event.name_zh, "date": event.date.isoformat(), "status": event.status,
            "published": event.published, "movement": event.movement,
            "scoring": event.scoring, "tables": event.tables, "rounds": event.rounds,
            "boards_per_round": event.boards_per_round, "closed_round": event.closed_round,
            "pages": {"console": f"/events/{event.pk}/director/", "results": results}}


@router.get("/events", response={200: list[s.EventOut], **_ERRORS},
            summary="The sessions of the clubs the caller directs (newest first)")
def event_list(request: HttpRequest, status: s.Status | None = None,
               kind: s.Kind | None = None,
               club: Annotated[str | None, Query(max_length=50, pattern=r"^[-a-zA-Z0-9_]+$")] = None,
               limit: Annotated[int, Query(ge=1, le=500)] = 100,
               offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0) -> Any:
    events = Event.objects.select_related("club")
    if not is_administrator(request.user):
        directed = Membership.objects.filter(player__user_id=int(request.user.pk or 0),
                                             role=Membership.Role.DIRECTOR)
        events = events.filter(club_id__in=directed.values("club_id"))
    if club is not None:
        found = Club.objects.filter(slug=club).first()
        if found is None:
            raise Missing(f"There is no club {club!r}.", f"没有俱乐部 {club!r}。")
        if not can_direct(request.user, found):
            raise sv.NotAllowed(f"Only a director of {club!r} may list its sessions here.",
                                f"只有 {club!r} 的裁判可以在此列出其比赛。")
        events = events.filter(club=found)
    if status is not None:
        events = events.filter(status=status)
    if kind is not None:
        events = events.filter(kind=kind)
    return [event_out(e) for e in events.order_by("-date", "-id")[offset:offset + limit]]


def _digest(data: s.NewPairsEvent | s.NewTeamsEvent) -> str:
    asked = data.model_dump(mode="json", exclude={"idempotency_key"})
    return hashlib.sha256(json.dumps(asked, sort_keys=True).encode()).hexdigest()


def _create(club: Club, actor: sv.Actor, data: s.NewPairsEvent | s.NewTeamsEvent) -> Event:
    names = {"name_en": data.name_en.strip(), "name_zh": data.name_zh.strip()}
    if isinstance(data, s.NewPairsEvent):
        return sv.create_event(club, actor, **names, date=data.date, movement=data.movement,
                               tables=data.tables, boards_per_round=data.boards_per_round,
                               rounds=data.rounds, scoring=data.scoring)
    ids = [p for t in data.teams for p in t.members]
    known = {p.pk: p for p in Player.objects.filter(pk__in=ids)}
    missing = next((p for p in ids if p not in known), None)
    if missing is not None:
        raise BridgeError(f"there is no player {missing}", f"没有编号为 {missing} 的选手")
    specs = [teams.TeamSpec(t.name_en.strip(), t.name_zh.strip(),
                            (*(known[p] for p in t.members),
                             *(teams.Guest(g.name_en.strip(), g.name_zh.strip())
                               for g in t.guests)))
             for t in data.teams]
    return teams.create_team_event(club, actor, **names, date=data.date,
                                   movement=data.movement, boards=data.boards,
                                   segments=data.segments if data.movement == "match" else 1,
                                   teams=specs, legs=data.legs, vp_scale=data.vp_scale,
                                   bye_vp=data.bye_vp)


def _retried(user: User, key: str, digest: str) -> Event | None:
    """The session a request with this key made before, or None; the same key for another
    request is refused (the script has a bug: a second session is not what it meant)."""
    done = CreateRequest.objects.select_related("event__club").filter(user=user, key=key).first()
    if done is None:
        return None
    if done.digest != digest:
        raise _KeyReused(f"the idempotency key {key!r} was used for another request "
                         f"(session {done.event_id}): use a new key",
                         f"幂等键 {key!r} 已用于另一个请求（第 {done.event_id} 场比赛）：请换一个新键")
    return done.event


class _KeyReused(BridgeError):
    """An idempotency key sent again with another request (answered 409, not a retry)."""


@router.post("/events", response={200: s.EventOut, 201: s.EventOut, **_WRITE_ERRORS},
             summary="Create a session: pairs (Mitchell or Howell) or teams (a match or a "
                     "round robin); a retry with the same idempotency key gets the first one")
def event_create(request: HttpRequest, data: s.NewEvent) -> Any:
    club = Club.objects.filter(slug=data.club).first()
    if club is None:
        raise Missing(f"There is no club {data.club!r}.", f"没有俱乐部 {data.club!r}。")
    actor = _actor(request)
    if actor.user is None or not can_direct(actor.user, club):
        raise sv.NotAllowed("Only a director of this club may create a session.",
                            "只有本俱乐部的裁判可以创建比赛。")
    key, digest = data.idempotency_key, _digest(data)
    try:
        if key is not None:
            before = _retried(actor.user, key, digest)
            if before is not None:
                return Status(200, event_out(before))
        try:
            with transaction.atomic():
                event = _create(club, actor, data)
                if key is not None:
                    CreateRequest.objects.create(user=actor.user, key=key, digest=digest,
                                                 event=event)
        except IntegrityError:
            # The same key came twice at once and the other request won: its session.
            if key is None:
                raise
            won = _retried(actor.user, key, digest)
            if won is None:
                raise
            return Status(200, event_out(won))
    except _KeyReused as e:
        return _error(409, "idempotency_key_reused", e.en, e.zh)
    return Status(201, event_out(event))


@router.get("/events/{event_id}/settings", response={200: s.SettingsOut, **_ERRORS},
            summary="A session's settings (names, date, auto-accept, travellers, leads)")
def settings_get(request: HttpRequest, event_id: s.EventId) -> Any:
    event = _directed(request, event_id)[0]
    return sv.settings_of(event)


@router.patch("/events/{event_id}/settings", response={200: s.SettingsOut, **_ERRORS},
              summary="Change some of a session's settings (only those given)")
def settings_patch(request: HttpRequest, event_id: s.EventId, data: s.SettingsIn) -> Any:
    event, actor = _directed(request, event_id)
    changes = {k: getattr(data, k) for k in data.model_fields_set}
    if not changes:
        raise BridgeError("give at least one setting to change",
                          "请至少给出一项要修改的设置")
    for name, value in changes.items():
        if value is None and name != "auto_accept_seconds":
            raise BridgeError(f"{name} cannot be null", f"{name} 不能为空值（null）")
    for name in ("name_en", "name_zh"):
        if name in changes:
            changes[name] = changes[name].strip()
    sv.change_settings(event, actor, **changes)
    return sv.settings_of(event)


@router.post("/events/{event_id}/status", response={200: s.EventOut, **_ERRORS},
             summary="Start (running), close (the table secrets stop working) or reopen")
def event_status(request: HttpRequest, event_id: s.EventId, data: s.StatusIn) -> Any:
    event, actor = _directed(request, event_id)
    return event_out(sv.set_status(event, actor, data.status))


@router.post("/events/{event_id}/publish", response={200: s.EventOut, **_ERRORS},
             summary="Publish the results (everyone may see them) or withdraw them")
def event_publish(request: HttpRequest, event_id: s.EventId, data: s.PublishIn) -> Any:
    event, actor = _directed(request, event_id)
    return event_out(sv.publish(event, actor, data.published))


@router.post("/events/{event_id}/close-round", response={200: s.EventOut, **_ERRORS},
             summary="Close the rounds up to N: only a director may change them then")
def event_close_round(request: HttpRequest, event_id: s.EventId, data: s.CloseRoundIn) -> Any:
    event, actor = _directed(request, event_id)
    return event_out(sv.close_round(event, actor, data.round))


# ---------------------------------------------------------------------------- pairs


def _sits_out(event: Event) -> dict[str, list[int]]:
    playing: dict[int, set[str]] = {}
    for a in sv.assignments_of(event):
        playing.setdefault(a.round, set()).update((a.ns_pair, a.ew_pair))
    numbers = Entrant.objects.filter(event=event).values_list("number", flat=True)
    return {n: [r for r in range(1, event.rounds + 1) if n not in playing.get(r, ())]
            for n in numbers}


def pair_out(e: Entrant, sits_out: list[int]) -> dict[str, Any]:
    lang = _lang()
    return {"number": e.number, "name": e.name_in(lang), "name_en": e.name_en,
            "name_zh": e.name_zh, "withdrawn": e.withdrawn, "sits_out": sits_out,
            "players": [{"id": x.player.pk, "name": x.player.name_in(lang),
                         "name_en": x.player.name_en, "name_zh": x.player.name_zh,
                         "guest": x.player.user_id is None} for x in e.seats.all()]}


def _number_key(number: str) -> tuple[int, str]:
    return (int(number), "") if number.isdigit() else (10**9, number)


def _one_pair(event: Event, number: str) -> dict[str, Any]:
    e = sv.entrants(event)
    found = next(x for x in e if x.number == number)
    return pair_out(found, _sits_out(event).get(number, []))


@router.get("/events/{event_id}/pairs", response={200: list[s.PairOut], **_ERRORS},
            summary="The pairs (or a team event's teams), their players and sit-outs")
def pair_list(request: HttpRequest, event_id: s.EventId) -> Any:
    event = _directed(request, event_id)[0]
    out = _sits_out(event)
    return [pair_out(e, out.get(e.number, []))
            for e in sorted(sv.entrants(event), key=lambda e: _number_key(e.number))]


def _seats(players: list[s.SeatIn]) -> list[int | pairs.Guest]:
    out: list[int | pairs.Guest] = []
    for i, p in enumerate(players, 1):
        named = bool(p.name_en.strip() or p.name_zh.strip())
        if p.player is not None and named:
            raise pairs.PairRefused(f"seat {i}: give a player or a guest's name, not both",
                                    f"第 {i} 个座位：请给出选手或来宾姓名，不能两者都给")
        if p.player is None and not named:
            raise pairs.PairRefused(f"seat {i}: give a player or a guest's name",
                                    f"第 {i} 个座位：请给出选手或来宾姓名")
        out.append(p.player if p.player is not None
                   else pairs.Guest(p.name_en.strip(), p.name_zh.strip()))
    return out


@router.post("/events/{event_id}/pairs", response={201: s.PairOut, **_WRITE_ERRORS},
             summary="Seat a pair that arrives: members (by id) or guests (names in Chinese "
                     "and/or English), at the given or the lowest free pair number")
def pair_add(request: HttpRequest, event_id: s.EventId, data: s.NewPairIn) -> Any:
    event, actor = _directed(request, event_id)
    entrant = pairs.add_pair(event, actor, _seats(data.players), data.number)
    return Status(201, _one_pair(event, entrant.number))


@router.patch("/events/{event_id}/pairs/{number}", response={200: s.PairOut, **_ERRORS},
              summary="Change a pair's players")
def pair_change(request: HttpRequest, event_id: s.EventId, number: s.PairPath,
                data: s.PairIn) -> Any:
    event, actor = _directed(request, event_id)
    pairs.seat(event, actor, number, _seats(data.players))
    return _one_pair(event, number)


# ---------------------------------------------------------------------------- the movement


def movement_out(event: Event) -> dict[str, Any]:
    by_round: dict[int, list[dict[str, Any]]] = {}
    for a in sorted(sv.assignments_of(event), key=lambda a: (a.round, a.table)):
        by_round.setdefault(a.round, []).append(
            {"table": a.table, "ns_pair": a.ns_pair, "ew_pair": a.ew_pair,
             "boards": list(a.boards)})
    return {"changed": event.assignments is not None,
            "rounds": [{"round": r, "lines": by_round.get(r, []),
                        "sitting_out": moves.sitting_out(event, r)}
                       for r in range(1, event.rounds + 1)]}


@router.get("/events/{event_id}/movement", response={200: s.MovementOut, **_ERRORS},
            summary="Who sits where, round by round, and who sits out")
def movement_get(request: HttpRequest, event_id: s.EventId) -> Any:
    event = _directed(request, event_id)[0]
    _pairs_session(event)
    return movement_out(event)


@router.post("/events/{event_id}/movement/swap", response={200: s.MovementOut, **_ERRORS},
             summary="Two pairs change places in a round (or from it on)")
def move_swap(request: HttpRequest, event_id: s.EventId, data: s.SwapIn) -> Any:
    event, actor = _directed(request, event_id)
    _pairs_session(event)
    return movement_out(moves.swap(event, actor, data.round, data.pair_a, data.pair_b,
                                   data.onward))


@router.post("/events/{event_id}/movement/sit-out", response={200: s.MovementOut, **_ERRORS},
             summary="A pair sits out a round (its opponents too)")
def move_sit_out(request: HttpRequest, event_id: s.EventId, data: s.SitOutIn) -> Any:
    event, actor = _directed(request, event_id)
    _pairs_session(event)
    return movement_out(moves.sit_out(event, actor, data.pair, data.round))


@router.post("/events/{event_id}/movement/withdraw", response={200: s.MovementOut, **_ERRORS},
             summary="Withdraw a pair from a round on (a phantom: its opponents sit out)")
def move_withdraw(request: HttpRequest, event_id: s.EventId, data: s.WithdrawIn) -> Any:
    event, actor = _directed(request, event_id)
    _pairs_session(event)
    return movement_out(moves.withdraw(event, actor, data.pair, data.from_round))


@router.post("/events/{event_id}/movement/late", response={200: s.MovementOut, **_ERRORS},
             summary="A late pair takes a phantom's or a withdrawn pair's place from a round on")
def move_late(request: HttpRequest, event_id: s.EventId, data: s.LateIn) -> Any:
    event, actor = _directed(request, event_id)
    _pairs_session(event)
    return movement_out(moves.late_pair(event, actor, data.pair, data.from_round))


# ---------------------------------------------------------------------------- tables, grid, audit


@router.get("/events/{event_id}/tables", response={200: list[s.TableOut], **_ERRORS},
            summary="Each table's secret and entry address (to print one's own table cards)")
def table_list(request: HttpRequest, event_id: s.EventId) -> Any:
    event = _directed(request, event_id)[0]
    active = event.status != Event.Status.CLOSED
    out = []
    for t in event.table_set.order_by("number"):
        secret = table_secrets.secret(t)
        out.append({"table": t.number, "secret": secret,
                    "url": request.build_absolute_uri(f"/t/{secret}/"),
                    "api": f"/api/tables/{secret}", "active": active})
    return out


@router.get("/events/{event_id}/grid", response={200: s.GridOut, **_ERRORS},
            summary="Tables × rounds: which results are in, each table's round, late tables")
def grid_get(request: HttpRequest, event_id: s.EventId) -> Any:
    event = _directed(request, event_id)[0]
    _pairs_session(event)
    g = console_grid(event)
    return {"rounds": list(g.rounds), "field_round": g.field_round, "entered": g.entered,
            "expected": g.expected, "late_tables": list(g.late_tables),
            "rows": [{"table": r.table, "current_round": r.current, "late": r.late,
                      "cells": [{"round": c.round, "plays": c.plays, "ns_pair": c.ns_pair,
                                 "ew_pair": c.ew_pair, "boards": list(c.boards),
                                 "missing": list(c.missing), "state": c.state}
                                for c in r.cells]} for r in g.rows]}


@router.get("/events/{event_id}/audit", response={200: list[s.AuditOut], **_ERRORS},
            summary="The audit trail, oldest first: who changed what, before and after")
def audit_list(request: HttpRequest, event_id: s.EventId,
               after: Annotated[int, Query(ge=0, le=2_147_483_647,
                                           description="Only records after this id.")] = 0,
               limit: Annotated[int, Query(ge=1, le=1000)] = 500) -> Any:
    event = _directed(request, event_id)[0]
    lang = _lang()
    records = (AuditRecord.objects.filter(event=event, id__gt=after).select_related("by_user")
               .order_by("id")[:limit])
    out = []
    for rec in records:
        before, after_ = readable.changed(rec.before, rec.after)
        out.append({"id": rec.pk, "at": rec.at.isoformat(),
                    "user": rec.by_user.get_username() if rec.by_user else None,
                    "table": rec.by_table, "action": rec.action,
                    "action_text": str(readable.ACTIONS.get(rec.action, rec.action)),
                    "subject": rec.subject,
                    "subject_text": readable.text(rec.subject) if rec.subject else "",
                    "before": rec.before, "after": rec.after,
                    "before_text": readable.value(rec.action, before, lang),
                    "after_text": readable.value(rec.action, after_, lang)})
    return out
