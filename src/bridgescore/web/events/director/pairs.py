"""Who plays as each pair number: two players from the club's members, or guests.

A guest is a ``Player`` with no log-in, created here by a director.  Every change is audited
(the pair's players before and after, by name in both languages).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import connection, transaction
from django.db.models import F, Q, QuerySet

from ...accounts.models import Player
from ...clubs.models import Membership
from ...core import refusals
from .. import services as sv
from ..models import Entrant, Event, Seat
from ..teams.services import Guest

__all__ = ["Guest", "NoFreePair", "PairTaken", "add_pair", "choices", "guest", "seat",
           "seat_players"]

PAIR_SIZE = 2
NAME_LENGTH = 100  # Player.name_en / name_zh


class PairRefused(refusals.Invalid):
    """The players cannot make this pair (the same player twice, already in another pair)."""

    code = "pair_refused"


class PairTaken(refusals.Conflict):
    """The pair number asked for already has players (the API answers 409)."""

    code = "pair_taken"


class NoFreePair(refusals.Conflict):
    """Every pair number of the movement has players (the API answers 409)."""

    code = "no_free_pair"


def _names(entrant: Entrant) -> list[dict[str, str]]:
    return [{"en": s.player.name_en, "zh": s.player.name_zh}
            for s in entrant.seats.select_related("player").order_by("position")]


def choices(event: Event) -> QuerySet[Player]:
    """Whom a director may seat: the club's members, and the players already in this event
    (guests entered before)."""
    members = Membership.objects.filter(club=event.club).values("player_id")
    seated = Seat.objects.filter(entrant__event=event).values("player_id")
    return (Player.objects.filter(Q(pk__in=members) | Q(pk__in=seated))
            .order_by("name_en", "name_zh"))


def guest(name_en: str, name_zh: str) -> Player:
    """A player with no log-in (the check constraint wants at least one name)."""
    name_en, name_zh = name_en.strip(), name_zh.strip()
    if not name_en and not name_zh:
        raise PairRefused("give the guest's name in Chinese or in English (or both)",
                          "请填写来宾的中文名或英文名（或两者）")
    for name in (name_en, name_zh):
        if len(name) > NAME_LENGTH:
            raise PairRefused(f"the guest's name {name[:20]!r}… is too long: at most "
                              f"{NAME_LENGTH} characters",
                              f"来宾姓名 {name[:20]!r}… 过长：最多 {NAME_LENGTH} 个字符")
    return Player.objects.create(name_en=name_en, name_zh=name_zh)


def seat_players(event: Event, actor: sv.Actor, number: str,
                 players: Sequence[Player]) -> Entrant:
    """Pair ``number`` is now ``players`` (in seat order)."""
    sv._director(actor, event)
    entrant = Entrant.objects.filter(event=event, number=number).first()
    if entrant is None:
        raise PairRefused(f"there is no pair {number!r} in this session",
                          f"本场比赛没有第 {number!r} 对")
    ids = [p.pk for p in players]
    if len(set(ids)) != len(ids):
        raise PairRefused("the same player cannot sit twice in one pair",
                          "同一名选手不能在一对中出现两次")
    clash = (Seat.objects.filter(entrant__event=event, player_id__in=ids)
             .exclude(entrant=entrant).select_related("player", "entrant").first())
    if clash is not None:
        p = clash.player
        raise PairRefused(
            f"{p.name_in('en')} already plays in pair {clash.entrant.number}",
            f"{p.name_in('zh')}已在第 {clash.entrant.number} 对中")
    with transaction.atomic():
        before = _names(entrant)
        entrant.seats.all().delete()
        Seat.objects.bulk_create([Seat(entrant=entrant, player=p, position=i)
                                  for i, p in enumerate(players, 1)])
        after = _names(entrant)
        # The live state names no players, but the version tells caches and pages.
        Event.objects.filter(pk=event.pk).update(version=F("version") + 1)
        event.refresh_from_db(fields=["version"])
        sv.audit(event, actor, "entrant.change", f"pair {number}", before=before, after=after)
    return entrant


def seat(event: Event, actor: sv.Actor, number: str,
         seats: Sequence[Player | int | Guest]) -> Entrant:
    """Pair ``number`` is now these two: players the director may seat (``choices``: a
    club member, or a player already in this session) given as a player or its id, or new
    guests by name.  The guests are created in the same transaction as the seats, so a pair
    refused leaves no stray guest behind.  (The page and the API both come here.)"""
    sv._director(actor, event)
    if event.kind != Event.Kind.PAIRS:
        raise PairRefused("a team event's players are entered when it is created",
                          "队式赛的队员在创建比赛时录入")
    if len(seats) != PAIR_SIZE:
        raise PairRefused(f"a pair has {PAIR_SIZE} players, not {len(seats)}",
                          f"一对有 {PAIR_SIZE} 名选手，而不是 {len(seats)} 名")
    ids = [s.pk if isinstance(s, Player) else s for s in seats if not isinstance(s, Guest)]
    known = {p.pk: p for p in choices(event).filter(pk__in=ids)}
    for i in ids:
        if i not in known:
            raise PairRefused(
                f"player {i} is not a member of this club nor a player of this session",
                f"选手 {i} 不是本俱乐部会员，也不是本场比赛的选手")
    with transaction.atomic():
        players = [guest(s.name_en, s.name_zh) if isinstance(s, Guest)
                   else known[s.pk if isinstance(s, Player) else s] for s in seats]
        return seat_players(event, actor, number, players)


def _number_key(number: str) -> tuple[int, str]:
    return (int(number), "") if number.isdigit() else (10**9, number)


def add_pair(event: Event, actor: sv.Actor, seats: Sequence[Player | int | Guest],
             number: str | None = None) -> Entrant:
    """Seat a pair that arrives: at ``number`` if given (it must have nobody yet), else at
    the lowest pair number with nobody (and not withdrawn)."""
    sv._director(actor, event)
    with transaction.atomic():
        # Two scripts adding at once must not both take the same free number.
        if connection.features.has_select_for_update:
            Event.objects.select_for_update().filter(pk=event.pk).first()
        entrants = list(Entrant.objects.filter(event=event).prefetch_related("seats"))
        if number is not None:
            chosen = next((e for e in entrants if e.number == number), None)
            if chosen is None:
                raise PairRefused(f"there is no pair {number!r} in this session",
                                  f"本场比赛没有第 {number!r} 对")
            if chosen.seats.all():
                raise PairTaken(f"pair {number} already has players: change them instead",
                                f"第 {number} 对已有选手：请改为修改该对")
        else:
            free = sorted((e for e in entrants if not e.withdrawn and not e.seats.all()),
                          key=lambda e: _number_key(e.number))
            if not free:
                raise NoFreePair(f"every pair of this session has players ({len(entrants)} "
                                 "pairs)", f"本场比赛的每一对都已有选手（共 {len(entrants)} 对）")
            chosen = free[0]
        return seat(event, actor, chosen.number, seats)
