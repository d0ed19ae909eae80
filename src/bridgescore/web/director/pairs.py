"""Who plays as each pair number: two players from the club's members, or guests.

A guest is a ``Player`` with no log-in, created here by a director.  Every change is audited
(the pair's players before and after, by name in both languages).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.db.models import F, Q, QuerySet

from ...errors import BridgeError
from ..accounts.models import Player
from ..clubs.models import Membership
from ..events import services as sv
from ..events.models import Entrant, Event, Seat

__all__ = ["choices", "guest", "seat_players"]


class PairRefused(BridgeError):
    """The players cannot make this pair (the same player twice, already in another pair)."""


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
