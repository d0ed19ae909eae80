"""The masterpoints ledger on the platform, and the ranks it gives (docs/ranks.md).

The ledger is ``MasterpointAward`` (append-only, one row per player and competition).  A
player's masterpoints are the exact sum of their awards (each row's ``exact`` fraction), and
their rank is the library's ``rank_of`` of that sum under the platform's thresholds
(``BRIDGESCORE_RANK_THRESHOLDS``).  The ledger is read in the order of the awards' dates,
ties by the competition's id (``awarded_at``, ``competition_id``: the library's
``dated_ledger``), never in the order the rows were stored: the running totals and the
promotions are a function of the dated ledger, whatever order the awards arrived in.

Written besides the award, in its own transaction, both derived from the whole dated ledger
again (never added to): the player's promotions (``RankPromotion``: a backdated award can
make a promotion earlier or move one to itself) and total (``MasterpointTotal``, the
leaderboards' index).

- ``give(competition, user, place, points, at)``: the award, and the player's promotions
  and total made again.  The caller's transaction must hold; the player's row is locked
  first (``lock_players`` takes several in one order), so two competitions ending at once
  for the same player read each other's award.
- ``totals(user_ids)``, ``total_of(user)``, ``standing_of(user)``: exact totals, ranks.
- ``history_of(user)``: the dated ledger with running totals, the ranks each award reached
  and the promotions, computed from the awards (what the pages and the API show);
  ``ledger_of(user)``, ``promotions_of(user)``: its awards and its promotions.
- ``leaders(user_ids=None)``: the players' ``MasterpointTotal`` rows, highest first, for the
  leaderboards: a derived index of the ledger's sums, written with each award from the
  ledger itself (``rebuild_totals()`` makes them all again; ``rebuild_promotions()`` the
  promotions, after the thresholds change or awards written some other way).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cache
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.db.models import QuerySet

from ...compete.ranks import (
    DatedAward,
    DatedLedger,
    Rank,
    RankProgress,
    RankSettings,
    dated_ledger,
    masterpoints,
    progress,
)
from ..accounts.models import User
from .models import Competition, MasterpointAward, MasterpointTotal, RankPromotion

__all__ = ["DATED_ORDER", "Entry", "History", "Reached", "exact_text", "give", "history_of",
           "leaders", "ledger_of", "lock_players", "promotions_of", "rank_settings",
           "rebuild_promotions", "rebuild_totals", "standing_of", "total_of", "totals"]

# The ledger's order (the library's dated_ledger: by date, ties by the award's key, here the
# competition: a player has one award per competition).  Never the row's id, which is only
# the order the awards happened to be stored in.
DATED_ORDER = ("awarded_at", "competition_id")


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


def _rounded(x: Fraction) -> Decimal:
    return (Decimal(x.numerator) / Decimal(x.denominator)).quantize(Decimal("0.0001"))


def _exact(text: str) -> Fraction:
    """A row's ``exact``: a whole number read as one (most awards; the ledger is read at
    every award and page), any other through the library's check."""
    if text.isascii() and text.isdigit() and len(text) <= 12:
        return Fraction(int(text))
    return masterpoints(text)


def _book(rows: Iterable[tuple[datetime.datetime, int, str]], s: RankSettings) -> DatedLedger:
    """The dated ledger of (awarded_at, competition_id, exact) rows."""
    return dated_ledger((DatedAward(at, cid, _exact(exact)) for at, cid, exact in rows), s)


_Fields = tuple[int, int, str, str, datetime.datetime]


def _fields(row: RankPromotion) -> _Fields:
    return (int(row.award_id), row.threshold, row.before, row.after, row.promoted_at)


def _wanted(user_id: int, book: DatedLedger, award_ids: dict[int, int]) -> list[RankPromotion]:
    """The player's promotion rows as the dated ledger makes them (``award_ids``: each
    competition's award row)."""
    return [RankPromotion(user_id=user_id, rank=p.rank.value, award_id=award_ids[p.award.key],
                          threshold=p.threshold, before=exact_text(p.before),
                          after=exact_text(p.after), promoted_at=p.at)
            for p in book.promotions]


def _mend(have: Iterable[RankPromotion], want: Iterable[RankPromotion]
          ) -> tuple[list[int], list[RankPromotion]]:
    """The stored rows to delete and the rows to write so that ``have`` becomes ``want``.
    A row already right stays as it is (its id too): only what the ledger moved changes."""
    wanted = {(int(r.user_id), r.rank): r for r in want}
    stale, kept = [], set()
    for row in have:
        key = (int(row.user_id), row.rank)
        w = wanted.get(key)
        if w is not None and _fields(row) == _fields(w):
            kept.add(key)
        else:
            stale.append(int(row.pk))
    return stale, [r for k, r in sorted(wanted.items()) if k not in kept]


def give(competition: Competition, user: User, place: int, points: Fraction,
         at: datetime.datetime) -> tuple[MasterpointAward, list[RankPromotion]]:
    """Write ``user``'s award, and make the player's total and promotions again from the
    dated ledger, in the caller's transaction.  Returns the award and the promotion rows
    written: the ranks it reached and, when it is dated before other awards, the earlier
    promotions it moved.  ``unique(user, competition)`` refuses a second award (and the
    transaction with it)."""
    lock_players([int(user.pk)])
    award = MasterpointAward.objects.create(
        user=user, competition=competition, place=place, exact=exact_text(points),
        points=_rounded(points), awarded_at=at)
    rows = list(MasterpointAward.objects.filter(user=user)
                .values_list("pk", "awarded_at", "competition_id", "exact"))
    s = rank_settings()
    book = _book(((at_, cid, exact) for _, at_, cid, exact in rows), s)
    # The leaderboards' index, made again from the ledger each time (never added to).
    MasterpointTotal.objects.update_or_create(
        user=user, defaults={"exact": exact_text(book.total), "points": _rounded(book.total),
                             "awards": len(rows)})
    # The promotions too: a backdated award reaches a rank at its own date, so a promotion
    # recorded at a later award moves to it (and its totals change), whatever the arrival.
    stale, made = _mend(RankPromotion.objects.filter(user=user),
                        _wanted(int(user.pk), book, {cid: pk for pk, _, cid, _ in rows}))
    if stale:
        RankPromotion.objects.filter(pk__in=stale).delete()
    for row in made:
        row.save()
    return award, made


def rebuild_promotions() -> int:
    """Make every player's promotion rows again from the dated ledger under the platform's
    thresholds (after the thresholds change, or awards written some other way than
    ``give``): the number of rows deleted and written."""
    s = rank_settings()
    with transaction.atomic():
        users = set(MasterpointAward.objects.values_list("user_id", flat=True))
        lock_players(users)  # no award is given meanwhile: it would mend rows of its own
        rows: dict[int, list[tuple[int, datetime.datetime, int, str]]] = {}
        for uid, pk, at, cid, exact in MasterpointAward.objects.values_list(
                "user_id", "pk", "awarded_at", "competition_id", "exact"):
            rows.setdefault(uid, []).append((pk, at, cid, exact))
        want = [r for uid, mine in rows.items()
                for r in _wanted(uid, _book(((at, cid, x) for _, at, cid, x in mine), s),
                                 {cid: pk for pk, _, cid, _ in mine})]
        stale, made = _mend(RankPromotion.objects.all(), want)
        RankPromotion.objects.filter(pk__in=stale).delete()
        RankPromotion.objects.bulk_create(made, batch_size=2000)
    return len(stale) + len(made)


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


@dataclass(frozen=True, slots=True)
class Entry:
    """An award in its place in the player's dated ledger."""

    award: MasterpointAward
    points: Fraction
    total: Fraction  # the running total after it
    reached: tuple[Rank, ...]  # the ranks it reached, lowest first


@dataclass(frozen=True, slots=True)
class Reached:
    """A promotion: the rank, the award whose running total first reached its threshold
    (the promotion's date is that award's), the threshold and the totals around the award."""

    rank: Rank
    award: MasterpointAward
    threshold: int
    before: Fraction
    after: Fraction

    @property
    def promoted_at(self) -> datetime.datetime:
        return self.award.awarded_at


@dataclass(frozen=True, slots=True)
class History:
    """A player's dated ledger: the awards oldest first, the promotions in the order they
    were reached, the total and the rank."""

    entries: tuple[Entry, ...]
    promotions: tuple[Reached, ...]
    total: Fraction
    rank: Rank


def ledger_of(user: Any) -> list[MasterpointAward]:
    """The player's awards in the ledger's dated order, oldest first."""
    if not getattr(user, "is_authenticated", False):
        return []
    return list(MasterpointAward.objects.filter(user_id=user.pk).select_related("competition")
                .order_by(*DATED_ORDER))


def history_of(user: Any) -> History:
    """The player's ledger as the library reads it, by date: each award with its running
    total and the ranks it reached, and the promotions.  Computed from the awards at each
    reading, so the marks and the totals shown are the same computation."""
    awards = ledger_of(user)
    book = _book(((a.awarded_at, int(a.competition_id), a.exact) for a in awards),
                 rank_settings())
    row = {int(a.competition_id): a for a in awards}
    return History(
        tuple(Entry(row[line.award.key], line.award.points, line.total, line.reached)
              for line in book.lines),
        tuple(Reached(p.rank, row[p.award.key], p.threshold, p.before, p.after)
              for p in book.promotions),
        book.total, book.rank)


def promotions_of(user: Any) -> list[Reached]:
    """The player's promotions, in the order reached (computed from the dated ledger)."""
    return list(history_of(user).promotions)


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
