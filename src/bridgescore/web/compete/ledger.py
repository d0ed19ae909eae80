"""The masterpoints ledger on the platform, and the ranks it gives (docs/ranks.md).

The ledger is ``MasterpointAward`` (append-only, one row per player and competition).  A
player's masterpoints are the exact sum of their awards (each row's ``exact`` fraction), and
their rank is the library's ``rank_of`` of that sum under the platform's thresholds
(``BRIDGESCORE_RANK_THRESHOLDS``): nothing else is stored, so a total or a rank cannot
drift from the ledger.  The one thing written besides the award is the history of
promotions (``RankPromotion``), in the award's own transaction.

- ``give(competition, user, place, points, at)``: the award and the promotions it makes.
  The caller's transaction must hold; the player's row is locked first (``lock_players``
  takes several in one order), so two competitions ending at once for the same player read
  each other's award: every promotion is recorded once, by the award that crossed it.
- ``totals(user_ids)``, ``total_of(user)``, ``standing_of(user)``: exact totals, ranks.
- ``ledger_of(user)``, ``promotions_of(user)``: the rows, oldest first.
- ``leaders(user_ids=None)``: a queryset of ``(user_id, total)`` ordered by total, for the
  leaderboards (the sum of the rounded ``points`` column, exact for every Swiss award:
  they are whole).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from functools import cache
from typing import Any

from django.conf import settings
from django.db import connection
from django.db.models import QuerySet, Sum

from ...compete.ranks import RankProgress, RankSettings, masterpoints, progress, promotions
from ..accounts.models import User
from .models import Competition, MasterpointAward, RankPromotion

__all__ = ["exact_text", "give", "leaders", "ledger_of", "lock_players", "promotions_of",
           "rank_settings", "standing_of", "total_of", "totals"]


@cache
def _settings(thresholds: tuple[int, ...]) -> RankSettings:
    return RankSettings(thresholds)


def rank_settings() -> RankSettings:
    """The platform's thresholds (checked when the settings load)."""
    return _settings(tuple(settings.BRIDGESCORE_RANK_THRESHOLDS))


def exact_text(x: Fraction) -> str:
    """A fraction as the ledger writes it: ``"3"``, ``"3/2"``."""
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def lock_players(user_ids: Iterable[int]) -> None:
    """Lock the players' rows until the transaction ends, in the order of their ids (two
    transactions locking overlapping sets never wait for each other in a circle).  SQLite
    has one writer at a time: nothing to do there."""
    ids = sorted(set(user_ids))
    if ids and connection.features.has_select_for_update:
        list(User.objects.select_for_update().filter(pk__in=ids).order_by("pk")
             .values_list("pk", flat=True))


def _sum(rows: Iterable[str]) -> Fraction:
    return sum((masterpoints(x) for x in rows), start=Fraction(0))


def give(competition: Competition, user: User, place: int, points: Fraction,
         at: datetime.datetime) -> tuple[MasterpointAward, list[RankPromotion]]:
    """Write ``user``'s award and the promotions it makes, in the caller's transaction.
    ``unique(user, competition)`` refuses a second award (and the transaction with it)."""
    lock_players([int(user.pk)])
    before = _sum(MasterpointAward.objects.filter(user=user).values_list("exact", flat=True))
    award = MasterpointAward.objects.create(
        user=user, competition=competition, place=place, exact=exact_text(points),
        points=(Decimal(points.numerator) / Decimal(points.denominator)).quantize(
            Decimal("0.0001")),
        awarded_at=at)
    s = rank_settings()
    # A rank recorded already (the thresholds were changed since) is not recorded again.
    held = set(RankPromotion.objects.filter(user=user).values_list("rank", flat=True))
    made = [RankPromotion(user=user, rank=p.rank.value, award=award, threshold=s.threshold(p.rank),
                          before=exact_text(p.before), after=exact_text(p.after), promoted_at=at)
            for p in promotions([points], s, start=before) if p.rank.value not in held]
    for row in made:
        row.save()
    return award, made


def totals(user_ids: Iterable[int]) -> dict[int, Fraction]:
    """Each player's exact masterpoints (0 for a player with no award)."""
    ids = set(user_ids)
    out = dict.fromkeys(ids, Fraction(0))
    for uid, exact in MasterpointAward.objects.filter(user_id__in=ids).values_list("user_id",
                                                                                   "exact"):
        out[uid] += masterpoints(exact)
    return out


def total_of(user: Any) -> Fraction:
    if not getattr(user, "is_authenticated", False):
        return Fraction(0)
    return totals([int(user.pk)])[int(user.pk)]


def standing_of(user: Any) -> RankProgress:
    """The player's masterpoints, rank and the way to the next."""
    return progress(total_of(user), rank_settings())


def ledger_of(user: Any) -> list[MasterpointAward]:
    if not getattr(user, "is_authenticated", False):
        return []
    return list(MasterpointAward.objects.filter(user_id=user.pk).select_related("competition")
                .order_by("awarded_at", "id"))


def promotions_of(user: Any) -> list[RankPromotion]:
    if not getattr(user, "is_authenticated", False):
        return []
    return list(RankPromotion.objects.filter(user_id=user.pk)
                .select_related("award__competition").order_by("promoted_at", "rank"))


def leaders(user_ids: QuerySet[Any] | None = None) -> QuerySet[Any]:
    """``{"user_id", "total"}`` rows, highest total first (then the lower user id), of the
    players with masterpoints, among ``user_ids`` when given (a subquery of ids)."""
    qs = MasterpointAward.objects.all()
    if user_ids is not None:
        qs = qs.filter(user_id__in=user_ids)
    return (qs.values("user_id").annotate(total=Sum("points")).filter(total__gt=0)
            .order_by("-total", "user_id"))
