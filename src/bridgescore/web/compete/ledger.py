"""The masterpoints ledger on the platform, and the ranks it gives (docs/ranks.md).

The ledger is ``MasterpointAward`` (append-only, one row per player and competition).  A
player's masterpoints are the exact sum of their awards (each row's ``exact`` fraction), and
their rank is the library's ``rank_of`` of that sum under the platform's thresholds
(``BRIDGESCORE_RANK_THRESHOLDS``).  Written besides the award, in its own transaction: the
promotions it makes (``RankPromotion``, history) and the player's total for the leaderboards
(``MasterpointTotal``, an index made again from the ledger at every award).

- ``give(competition, user, place, points, at)``: the award and the promotions it makes.
  The caller's transaction must hold; the player's row is locked first (``lock_players``
  takes several in one order), so two competitions ending at once for the same player read
  each other's award: every promotion is recorded once, by the award that crossed it.
- ``totals(user_ids)``, ``total_of(user)``, ``standing_of(user)``: exact totals, ranks.
- ``ledger_of(user)``, ``promotions_of(user)``: the rows, oldest first.
- ``leaders(user_ids=None)``: the players' ``MasterpointTotal`` rows, highest first, for the
  leaderboards: a derived index of the ledger's sums, written with each award from the
  ledger itself (``rebuild_totals()`` makes them all again).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from functools import cache
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.db.models import QuerySet

from ...compete.ranks import RankProgress, RankSettings, masterpoints, progress, promotions
from ..accounts.models import User
from .models import Competition, MasterpointAward, MasterpointTotal, RankPromotion

__all__ = ["exact_text", "give", "leaders", "ledger_of", "lock_players", "promotions_of",
           "rank_settings", "rebuild_totals", "standing_of", "total_of", "totals"]


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


def _rounded(x: Fraction) -> Decimal:
    return (Decimal(x.numerator) / Decimal(x.denominator)).quantize(Decimal("0.0001"))


def give(competition: Competition, user: User, place: int, points: Fraction,
         at: datetime.datetime) -> tuple[MasterpointAward, list[RankPromotion]]:
    """Write ``user``'s award and the promotions it makes, in the caller's transaction.
    ``unique(user, competition)`` refuses a second award (and the transaction with it)."""
    lock_players([int(user.pk)])
    earlier = list(MasterpointAward.objects.filter(user=user).values_list("exact", flat=True))
    before = _sum(earlier)
    award = MasterpointAward.objects.create(
        user=user, competition=competition, place=place, exact=exact_text(points),
        points=_rounded(points), awarded_at=at)
    # The leaderboards' index, made again from the ledger each time (never added to).
    after = before + points
    MasterpointTotal.objects.update_or_create(
        user=user, defaults={"exact": exact_text(after), "points": _rounded(after),
                             "awards": len(earlier) + 1})
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
    """Each player's exact masterpoints (0 for a player with no award): whole awards added as
    whole numbers, the others as fractions."""
    ids = set(user_ids)
    whole = dict.fromkeys(ids, 0)
    parts: dict[int, Fraction] = {}
    for uid, exact in MasterpointAward.objects.filter(user_id__in=ids).values_list("user_id",
                                                                                   "exact"):
        if exact.isdigit() and exact.isascii() and len(exact) <= 12:
            whole[uid] += int(exact)
        else:
            parts[uid] = parts.get(uid, Fraction(0)) + masterpoints(exact)
    return {uid: whole[uid] + parts.get(uid, Fraction(0)) for uid in ids}


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


def leaders(user_ids: QuerySet[Any] | None = None) -> QuerySet[MasterpointTotal]:
    """The players with masterpoints (``MasterpointTotal`` rows), highest total first (then
    the lower user id), among ``user_ids`` when given (a subquery of ids)."""
    qs = MasterpointTotal.objects.filter(points__gt=0)
    if user_ids is not None:
        qs = qs.filter(user_id__in=user_ids)
    return qs.order_by("-points", "user_id")


def rebuild_totals() -> int:
    """Make every player's ``MasterpointTotal`` again from the ledger (after awards written
    some other way than ``give``, or to check): the number of rows that changed."""
    sums: dict[int, Fraction] = {}
    counts: dict[int, int] = {}
    for uid, exact in MasterpointAward.objects.values_list("user_id", "exact"):
        sums[uid] = sums.get(uid, Fraction(0)) + masterpoints(exact)
        counts[uid] = counts.get(uid, 0) + 1
    with transaction.atomic():
        have = {t.user_id: t for t in MasterpointTotal.objects.select_for_update()}
        gone = set(have) - set(sums)
        MasterpointTotal.objects.filter(user_id__in=gone).delete()
        new, mended = [], []
        for uid, x in sums.items():
            row = have.get(uid)
            want = (exact_text(x), _rounded(x), counts[uid])
            if row is None:
                new.append(MasterpointTotal(user_id=uid, exact=want[0], points=want[1],
                                            awards=want[2]))
            elif (row.exact, row.points, row.awards) != want:
                row.exact, row.points, row.awards = want
                mended.append(row)
        MasterpointTotal.objects.bulk_create(new, batch_size=2000)
        MasterpointTotal.objects.bulk_update(mended, ["exact", "points", "awards"], batch_size=2000)
    return len(gone) + len(new) + len(mended)
