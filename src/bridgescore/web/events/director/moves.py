"""A director's changes to who sits where: the event's ``assignments`` override.

The movement's own lines (``services.assignments_of``) are the starting point; each change
here writes the whole new list of library ``Assignment`` lines to ``event.assignments``,
bumps ``event.version`` (so every process rebuilds its live state) and is audited.  Before
anything is stored the library's ``LiveSession`` is started on the new lines and every
stored result replayed on it: a line the library refuses, or a result that no longer fits
(a board entered for pairs who are no longer at that table), refuses the change with the
library's own words.  No rule about movements is made here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.db import transaction

from ....core.errors import BridgeError
from ....sessions.assignment import Assignment
from ....sessions.live import LiveSession
from ...core import refusals
from .. import replay as ev_replay
from .. import services as sv
from ..models import Entrant, Event, ResultEntry

__all__ = ["MoveRefused", "late_pair", "line_text", "sit_out", "swap", "withdraw"]


class MoveRefused(refusals.Invalid):
    """The change does not fit the movement or the results already entered."""

    code = "move_refused"


def line_text(a: Assignment) -> str:
    """One line as a person reads it in the audit trail: ``round 2, table 3: 1 v 4 (5-6)``."""
    return (f"round {a.round}, table {a.table}: {a.ns_pair} v {a.ew_pair} "
            f"(boards {_ranges(a.boards)})")


def _ranges(boards: Sequence[int]) -> str:
    return ", ".join(str(b) for b in boards) if len(boards) < 3 or list(boards) != list(
        range(boards[0], boards[0] + len(boards))) else f"{boards[0]}-{boards[-1]}"


def _pair(event: Event, pair: str) -> str:
    pair = str(pair).strip()
    if not Entrant.objects.filter(event=event, number=pair).exists():
        numbers = ", ".join(Entrant.objects.filter(event=event).values_list("number", flat=True))
        raise MoveRefused(f"there is no pair {pair!r} in this session: pairs are {numbers}",
                          f"本场比赛没有第 {pair!r} 对：参赛对为 {numbers}")
    return pair


def _round(event: Event, round: int) -> int:
    if not 1 <= round <= event.rounds:
        raise MoveRefused(f"there is no round {round}: rounds are 1-{event.rounds}",
                          f"没有第 {round} 轮：轮次为 1-{event.rounds}")
    return round


def _check(event: Event, lines: Sequence[Assignment]) -> None:
    """The library's word on the new lines: start a live session on them and replay every
    stored result (its errors become the director's answer)."""
    if not lines:
        raise MoveRefused("no table would play at all: the change is refused",
                          "这样将没有任何一桌比赛：拒绝此更改")
    try:
        live = LiveSession.start(list(lines), scoring=event.scoring,  # type: ignore[arg-type]
                                 name=event.name_en or event.name_zh)
        for row in ResultEntry.objects.filter(event=event).order_by("seq"):
            live, _ = live.apply(ev_replay.action_of(row))
    except BridgeError as e:
        raise MoveRefused(f"the results already entered no longer fit: {e.en}",
                          f"已录入的成绩与此更改不符：{e.zh}") from None


def _store(event: Event, actor: sv.Actor, action: str, subject: str,
           old: Sequence[Assignment], new: Sequence[Assignment],
           withdrawn: tuple[str, bool] | None = None) -> Event:
    """Store the new lines with their audit record; ``withdrawn`` (pair, flag) marks the
    pair in the same transaction, so the lines and the pair's flag never disagree."""
    removed = [line_text(a) for a in old if a not in new]
    added = [line_text(a) for a in new if a not in old]
    if not removed and not added:
        raise MoveRefused("this changes nothing", "此操作没有任何改变")
    with transaction.atomic():
        # One writer per event: results entered meanwhile are replayed under the lock.
        locked = Event.objects.select_for_update().get(pk=event.pk)
        if locked.version != event.version:
            raise MoveRefused("the session changed meanwhile: reload the page and try again",
                              "比赛在此期间已有改动：请刷新页面后重试")
        _check(event, new)
        locked.assignments = [a.to_dict() for a in sorted(new, key=lambda a: (a.round, a.table))]
        locked.version += 1
        locked.save(update_fields=["assignments", "version"])
        if withdrawn is not None:
            Entrant.objects.filter(event=event, number=withdrawn[0]).update(withdrawn=withdrawn[1])
        sv.audit(locked, actor, action, subject, before=removed, after=added)
    ev_replay.forget(int(event.pk))
    sv.notify(locked)
    event.assignments, event.version = locked.assignments, locked.version
    return event


def _lines(event: Event) -> list[Assignment]:
    return list(sv.assignments_of(event))


def swap(event: Event, actor: sv.Actor, round: int, a: str, b: str,
         onward: bool = False) -> Event:
    """Pairs ``a`` and ``b`` change places in ``round`` (and every later round if
    ``onward``): each takes the other's table, direction and boards."""
    sv._director(actor, event)
    a, b, round = _pair(event, a), _pair(event, b), _round(event, round)
    if a == b:
        raise MoveRefused(f"pair {a} cannot change places with itself",
                          f"第 {a} 对不能与自己交换位置")
    other = {a: b, b: a}
    old = _lines(event)
    new = [Assignment(x.round, x.table, other.get(x.ns_pair, x.ns_pair),
                      other.get(x.ew_pair, x.ew_pair), x.boards)
           if x.round == round or (onward and x.round > round) else x for x in old]
    when = f"round {round}" + (" onward" if onward else "")
    return _store(event, actor, "pairs.swap", f"pairs {a} and {b}, {when}", old, new)


def sit_out(event: Event, actor: sv.Actor, pair: str, round: int) -> Event:
    """``pair`` does not play in ``round``: its table is empty (its opponents sit out too)."""
    sv._director(actor, event)
    pair, round = _pair(event, pair), _round(event, round)
    old = _lines(event)
    new = [x for x in old if not (x.round == round and pair in (x.ns_pair, x.ew_pair))]
    if len(new) == len(old):
        raise MoveRefused(f"pair {pair} does not play in round {round}",
                          f"第 {pair} 对在第 {round} 轮没有比赛")
    return _store(event, actor, "pairs.sit_out", f"pair {pair}, round {round}", old, new)


def withdraw(event: Event, actor: sv.Actor, pair: str, from_round: int = 1) -> Event:
    """``pair`` plays no more from ``from_round`` on (a phantom: its opponents sit out)."""
    sv._director(actor, event)
    pair, from_round = _pair(event, pair), _round(event, from_round)
    old = _lines(event)
    new = [x for x in old if not (x.round >= from_round and pair in (x.ns_pair, x.ew_pair))]
    if len(new) == len(old):
        raise MoveRefused(f"pair {pair} plays no round from {from_round} on",
                          f"第 {pair} 对从第 {from_round} 轮起没有比赛")
    return _store(event, actor, "pairs.withdraw", f"pair {pair}, from round {from_round}", old,
                  new, withdrawn=(pair, True))


def late_pair(event: Event, actor: sv.Actor, pair: str, from_round: int) -> Event:
    """A late pair takes the place of pair number ``pair`` (a phantom, or a withdrawn pair)
    from ``from_round`` on: the movement's own lines for that number come back wherever
    the table is free and the opponent is not playing elsewhere in that round."""
    sv._director(actor, event)
    pair, from_round = _pair(event, pair), _round(event, from_round)
    movement = sv.movement_of(event)
    if movement is None:
        raise MoveRefused("a late pair needs a pairs movement", "迟到对只适用于双人赛移位")
    old = _lines(event)
    busy = {(x.round, p) for x in old for p in (x.ns_pair, x.ew_pair)}
    taken = {(x.round, x.table) for x in old}
    back = [x for x in movement.to_model() if x.round >= from_round
            and pair in (x.ns_pair, x.ew_pair) and (x.round, x.table) not in taken
            and (x.round, x.ns_pair) not in busy and (x.round, x.ew_pair) not in busy]
    if not back:
        raise MoveRefused(f"pair {pair} has no free place in the movement from round "
                          f"{from_round} on (it already plays, or its tables are taken)",
                          f"第 {pair} 对从第 {from_round} 轮起在移位中没有空位（已在比赛，或其桌已被占用）")
    new = [*old, *back]
    return _store(event, actor, "pairs.late", f"pair {pair}, from round {from_round}", old, new,
                  withdrawn=(pair, False))


def sitting_out(event: Event, round: int) -> list[str]:
    """The pairs with no table in ``round`` (a sit-out, a phantom, or a withdrawn pair)."""
    playing = {p for x in sv.assignments_of(event) if x.round == round
               for p in (x.ns_pair, x.ew_pair)}
    return [str(n) for n in Entrant.objects.filter(event=event).values_list("number", flat=True)
            if n not in playing]


def pairs_in(lines: Iterable[Assignment]) -> set[str]:
    return {p for x in lines for p in (x.ns_pair, x.ew_pair)}
