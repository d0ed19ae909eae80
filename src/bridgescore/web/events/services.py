"""What pages, the API and the table phones do with an event: one function per action.

Every rule is the library's: the movement (``sessions.movements``), the entry check
(``entry.check_entry``), the live log and its scores (``sessions.live.LiveSession``).  These
modules only store what the library accepted, in one transaction with its audit record, and
tell the live pages.  The caller passes who acts (``Actor``); the right to act is checked
here, so no view can forget it.

This module: who acts and who may direct, the event's lines (who sits where), its audit
trail, creating it and changing its settings, status and rounds, and the live pages' push
(``on_change``, ``notify``).  Beside it, importing only what comes before: ``replay`` (the
stored log replayed per process: the live state and which row holds each board), then
``entries`` (a table's result checked, entered, corrected, cancelled or adjusted).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from ...core.errors import BridgeError
from ...sessions.assignment import Assignment
from ...sessions.movements import Movement, howell, mitchell
from ..accounts.models import User
from ..clubs.models import Club
from ..clubs.roles import AnyUser, can_direct
from ..core import refusals
from . import tables as table_secrets
from .models import AuditRecord, Entrant, Event, Table

# ---------------------------------------------------------------------------- who acts


@dataclass(frozen=True, slots=True)
class Actor:
    """A signed-in user, or a table's phone (``table`` set, no user)."""

    user: User | None = None
    table: Table | None = None

    @classmethod
    def of(cls, user: AnyUser) -> Actor:
        return cls(user=user if isinstance(user, User) and user.is_authenticated else None)


class NotAllowed(refusals.Forbidden):
    """The actor may not do this (a view answers 403)."""


def _director(actor: Actor, event: Event) -> None:
    if actor.user is None or not can_direct(actor.user, event.club):
        raise NotAllowed("Only a director of this club may do this.",
                         "只有本俱乐部的裁判可以执行此操作。")


def may_direct(user: AnyUser, event: Event) -> bool:
    return can_direct(user, event.club)


# ---------------------------------------------------------------------------- the movement


def movement_of(event: Event) -> Movement | None:
    """The library movement an event was created with (None for teams)."""
    if event.movement == Event.Movement.MITCHELL:
        return mitchell(event.tables, boards_per_round=event.boards_per_round,
                        rounds=event.rounds)
    if event.movement == Event.Movement.HOWELL:
        return howell(event.tables, boards_per_round=event.boards_per_round,
                      rounds=event.rounds)
    return None


# Event id → (stamp, its lines, the line of each (round, table)).  Building a 50-table
# Mitchell takes the library ~25 ms: once per event version, not once per entry.
_lines: dict[int, tuple[tuple[int, str], tuple[Assignment, ...],
                        dict[tuple[int, int], Assignment]]] = {}


def _stamp(event: Event) -> tuple[int, str]:
    # What an event's cached state is built for (its lines here, its live state and index in
    # ``replay``): its version and creation time, so a changed event, or a new one that got
    # a reused id, is rebuilt.
    return (event.version, event.created.isoformat() if event.created else "")


def assignments_of(event: Event) -> tuple[Assignment, ...]:
    """Who sits where: the director's lines when changed, else the movement's."""
    return _lines_of(event)[0]


def _lines_of(event: Event) -> tuple[tuple[Assignment, ...], dict[tuple[int, int], Assignment]]:
    cached = _lines.get(int(event.pk)) if event.pk is not None else None
    if cached is not None and cached[0] == _stamp(event):
        return cached[1], cached[2]
    if event.assignments is not None:
        lines = tuple(Assignment.from_dict(a) for a in event.assignments)
    else:
        movement = movement_of(event)
        lines = tuple(movement.to_model()) if movement is not None else ()
    at: dict[tuple[int, int], Assignment] = {}
    for a in lines:
        at.setdefault((a.round, a.table), a)
    if event.pk is not None:
        _lines[int(event.pk)] = (_stamp(event), lines, at)
    return lines, at


def assignment_at(event: Event, round: int, table: int) -> Assignment | None:
    return _lines_of(event)[1].get((round, table))


# ---------------------------------------------------------------------------- audit


def audit(event: Event, actor: Actor, action: str, subject: str = "",
          before: Any = None, after: Any = None) -> AuditRecord:
    return AuditRecord.objects.create(
        event=event, by_user=actor.user, by_table=actor.table.number if actor.table else None,
        action=action, subject=subject, before=before, after=after)


# ---------------------------------------------------------------------------- create


def create_event(club: Club, actor: Actor, *, name_en: str = "", name_zh: str = "",
                 date: datetime.date, movement: str, tables: int, boards_per_round: int,
                 rounds: int | None = None, scoring: str = "mp") -> Event:
    """A new pairs event with its tables and numbered pairs (players entered later)."""
    if actor.user is None or not can_direct(actor.user, club):
        raise NotAllowed("Only a director of this club may create a session.",
                         "只有本俱乐部的裁判可以创建比赛。")
    check_names(name_en, name_zh)
    if movement not in (Event.Movement.MITCHELL, Event.Movement.HOWELL):
        raise BridgeError(f"unknown movement {movement!r}: expected mitchell or howell",
                          f"未知的移位 {movement!r}：应为 mitchell（米切尔）或 howell（豪威尔）")
    if scoring not in ("mp", "ximp", "butler"):
        raise BridgeError(f"unknown scoring {scoring!r}: expected mp, ximp or butler",
                          f"未知的记分方法 {scoring!r}：应为 mp、ximp 或 butler")
    # The library builds (and checks) the movement; its errors are the user's answer.
    build = mitchell if movement == Event.Movement.MITCHELL else howell
    m = build(tables, boards_per_round=boards_per_round, rounds=rounds)
    with transaction.atomic():
        event = Event.objects.create(
            club=club, name_en=name_en, name_zh=name_zh, date=date, kind=Event.Kind.PAIRS,
            movement=movement, tables=m.tables, boards_per_round=m.boards_per_round,
            rounds=m.rounds, scoring=scoring, created_by=actor.user)
        Table.objects.bulk_create([table_secrets.make_table(event, t)
                                   for t in range(1, m.tables + 1)])
        Entrant.objects.bulk_create([Entrant(event=event, number=str(p)) for p in m.pairs])
        audit(event, actor, "event.create", after=settings_of(event))
    return event


SETTINGS = ("auto_accept_seconds", "traveller_at_table", "travellers_live", "check_leads",
            "name_en", "name_zh", "date")


def settings_of(event: Event) -> dict[str, Any]:
    out = {name: getattr(event, name) for name in SETTINGS}
    out["date"] = event.date.isoformat() if event.date else None
    out.update(movement=event.movement, tables=event.tables, rounds=event.rounds,
               boards_per_round=event.boards_per_round, scoring=event.scoring)
    return out


# An entry is accepted by itself after this many seconds at the soonest and the latest.
AUTO_ACCEPT_SECONDS = (5, 3600)
NAME_LENGTH = 200


def check_names(name_en: str, name_zh: str) -> None:
    """A session has a name in at least one language, and each fits its column."""
    if not (name_en.strip() or name_zh.strip()):
        raise BridgeError("give the session a name in Chinese or in English",
                          "请填写比赛的中文名或英文名")
    for n in (name_en, name_zh):
        if len(n) > NAME_LENGTH:
            raise BridgeError(f"the name {n[:20]!r}… is too long: at most {NAME_LENGTH} characters",
                              f"名称 {n[:20]!r}… 过长：最多 {NAME_LENGTH} 个字符")


def check_settings(event: Event, changes: Mapping[str, Any]) -> None:
    """What the settings form checks, for every caller (the API too): the session keeps a
    name, names fit, auto-accept is off or 5–3600 seconds."""
    check_names(*(str(changes.get(k, getattr(event, k)) or "") for k in ("name_en", "name_zh")))
    seconds = changes.get("auto_accept_seconds")
    low, high = AUTO_ACCEPT_SECONDS
    if seconds is not None and not low <= seconds <= high:
        raise BridgeError(f"auto-accept after {seconds} seconds: expected {low} to {high}, "
                          "or none", f"{seconds} 秒后自动确认：应为 {low} 到 {high} 秒，或不设")


def change_settings(event: Event, actor: Actor, **changes: Any) -> Event:
    _director(actor, event)
    unknown = set(changes) - set(SETTINGS)
    if unknown:
        raise BridgeError(f"unknown settings: {', '.join(sorted(unknown))}",
                          f"未知的设置：{'、'.join(sorted(unknown))}")
    check_settings(event, changes)
    with transaction.atomic():
        before = settings_of(event)
        for name, value in changes.items():
            setattr(event, name, value)
        event.version += 1
        event.save()
        audit(event, actor, "event.settings", before=before, after=settings_of(event))
    notify(event)  # e.g. travellers_live: the live pages may now show more (or less)
    return event


def set_status(event: Event, actor: Actor, status: str) -> Event:
    """Start, close (table secrets stop working) or reopen an event."""
    _director(actor, event)
    if status not in Event.Status.values:
        raise BridgeError(f"unknown status {status!r}", f"未知的状态 {status!r}")
    with transaction.atomic():
        before = event.status
        event.status = status
        event.save(update_fields=["status"])
        audit(event, actor, "event.status", before=before, after=status)
    notify(event)
    return event


def publish(event: Event, actor: Actor, published: bool = True) -> Event:
    _director(actor, event)
    with transaction.atomic():
        before = event.published
        event.published = published
        event.save(update_fields=["published"])
        audit(event, actor, "event.publish", before=before, after=published)
    notify(event)
    return event


def close_round(event: Event, actor: Actor, round: int) -> Event:
    """End the rounds up to ``round``: from now on only a director corrects them."""
    _director(actor, event)
    if not 0 <= round <= event.rounds:
        raise BridgeError(f"{round} is not a round of this session: expected 0 to {event.rounds}",
                          f"{round} 不是本场比赛的轮次：应为 0 到 {event.rounds}")
    with transaction.atomic():
        before = event.closed_round
        event.closed_round = round
        event.save(update_fields=["closed_round"])
        audit(event, actor, "event.close_round", before=before, after=event.closed_round)
    return event


# ---------------------------------------------------------------------------- live pages

Listener = Callable[[int, int], None]
_listeners: list[Listener] = []


def on_change(listener: Listener) -> None:
    """Call ``listener(event_id, version)`` after every stored change (the live pages' push
    registers here; see ``live.py``)."""
    _listeners.append(listener)


def notify(event: Event) -> None:
    def fire() -> None:
        for listener in list(_listeners):
            listener(int(event.pk), event.version)

    transaction.on_commit(fire)


def entrants(event: Event) -> Iterable[Entrant]:
    return event.entrants.prefetch_related("seats__player")
