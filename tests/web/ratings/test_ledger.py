"""The ledger on the platform (``compete.ledger``): an award writes the promotions it makes,
in its own transaction; totals and ranks are the exact sums of the ledger; promotions are
append-only; the platform's thresholds are a setting."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from django.test import TestCase, override_settings

from bridgescore.compete.ranks import Rank
from bridgescore.web.compete import ledger
from bridgescore.web.compete.models import (
    AppendOnly,
    MasterpointAward,
    MasterpointTotal,
    RankPromotion,
)

from ..base import BaseTestCase
from .helpers import START, award, event


def reached(user: object) -> list[tuple[int, int, str, str, int]]:
    """(rank, award's competition, before, after, threshold) of each promotion, in order."""
    return [(p.rank, p.award.competition_id, p.before, p.after, p.threshold)
            for p in ledger.promotions_of(user)]


class LedgerTests(BaseTestCase):
    def setUp(self) -> None:
        self.c = [event(self.north, self.alice, f"Swiss {i}") for i in range(1, 6)]

    def test_each_award_writes_the_promotions_it_makes(self) -> None:
        # 0 → 3: Ranked Player (1).  3 → 5: Intermediate Player (5), the threshold itself.
        # 5 → 35: one award crosses two thresholds, 15 and 30: two promotions.
        a, made = award(self.bob, self.c[0], 3)
        assert [(p.rank, p.before, p.after, p.threshold) for p in made] == [(1, "0", "3", 1)]
        assert made[0].award == a and made[0].promoted_at == START
        award(self.bob, self.c[1], 2, place=2, day=7)
        award(self.bob, self.c[2], 30, day=14)
        assert reached(self.bob) == [
            (1, self.c[0].pk, "0", "3", 1), (2, self.c[1].pk, "3", "5", 5),
            (3, self.c[2].pk, "5", "35", 15), (4, self.c[2].pk, "5", "35", 30)]
        assert ledger.total_of(self.bob) == 35
        s = ledger.standing_of(self.bob)
        assert (s.rank, s.next, s.to_next) == (Rank.PEAK_ADEPT, Rank.PEAK_EXPERT, Fraction(25))
        # An award that crosses nothing writes no promotion.
        _, made = award(self.bob, self.c[3], 1, place=5, day=21)
        assert made == [] and RankPromotion.objects.filter(user=self.bob).count() == 4

    def test_fractions_add_up_exactly(self) -> None:
        # Three shares of 1/3 (a three-way tie for one point): exactly 1, a rank, although
        # the rounded column adds up to 0.9999.
        for i in range(3):
            _, made = award(self.bob, self.c[i], Fraction(1, 3), place=5, day=i)
            assert [p.rank for p in made] == ([1] if i == 2 else [])
        assert ledger.total_of(self.bob) == 1
        assert [a.exact for a in ledger.ledger_of(self.bob)] == ["1/3", "1/3", "1/3"]
        assert sum(a.points for a in MasterpointAward.objects.filter(user=self.bob)) \
            == Fraction(9999, 10000)
        assert reached(self.bob) == [(1, self.c[2].pk, "2/3", "1", 1)]
        award(self.bob, self.c[3], Fraction(3, 2), day=3)
        assert ledger.totals([self.bob.pk, self.charlie.pk]) == {
            self.bob.pk: Fraction(5, 2), self.charlie.pk: 0}

    @override_settings(BRIDGESCORE_RANK_THRESHOLDS=(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11))
    def test_the_platform_s_thresholds(self) -> None:
        _, made = award(self.bob, self.c[0], 3)
        assert [(p.rank, p.threshold) for p in made] == [(1, 1), (2, 2), (3, 3)]
        assert ledger.standing_of(self.bob).rank is Rank.ADVANCED
        _, made = award(self.bob, self.c[1], 20)
        assert [p.rank for p in made] == list(range(4, 12))
        s = ledger.standing_of(self.bob)
        assert (s.rank, s.next, s.to_next) == (Rank.PROFESSIONAL, None, None)

    def test_a_rank_recorded_under_other_thresholds_is_not_recorded_again(self) -> None:
        with self.settings(BRIDGESCORE_RANK_THRESHOLDS=(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)):
            award(self.bob, self.c[0], 3)  # ranks 1, 2, 3
        # Back to the defaults: 3 is Ranked Player; 3 → 6 crosses Intermediate (5), which
        # is on record already: nothing new, and no error.
        _, made = award(self.bob, self.c[1], 3)
        assert made == []
        assert [p.rank for p in ledger.promotions_of(self.bob)] == [1, 2, 3]
        assert ledger.standing_of(self.bob).rank is Rank.INTERMEDIATE  # the rank follows the total

    def test_promotions_are_never_changed_or_deleted(self) -> None:
        _, made = award(self.bob, self.c[0], 3)
        p = RankPromotion.objects.get(pk=made[0].pk)
        p.rank = 9
        with self.assertRaises(AppendOnly):
            p.save()
        with self.assertRaises(AppendOnly):
            p.delete()
        with self.assertRaises(AppendOnly):
            RankPromotion.objects.filter(pk=p.pk).update(rank=9)
        with self.assertRaises(AppendOnly):
            RankPromotion.objects.filter(pk=p.pk).delete()
        assert RankPromotion.objects.get(pk=p.pk).rank == 1

    def test_leaders_by_total_then_id(self) -> None:
        award(self.bob, self.c[0], 5)
        award(self.charlie, self.c[0], 3)
        award(self.alice, self.c[1], 3)
        award(self.dave, self.c[1], Fraction(1, 2))
        award(self.dave, self.c[2], Fraction(1, 2))
        rows = [(r.user_id, r.points, r.exact, r.awards) for r in ledger.leaders()]
        assert rows == [(self.bob.pk, Decimal(5), "5", 1), (self.alice.pk, Decimal(3), "3", 1),
                        (self.charlie.pk, Decimal(3), "3", 1), (self.dave.pk, Decimal(1), "1", 2)]
        north = [r.user_id for r in ledger.leaders(
            self.north.memberships.values("player__user_id"))]
        assert north == [self.bob.pk, self.alice.pk]

    def test_the_totals_are_the_ledger_s_sums_and_can_be_made_again(self) -> None:
        award(self.bob, self.c[0], Fraction(1, 3))
        award(self.bob, self.c[1], Fraction(1, 3))
        award(self.bob, self.c[2], Fraction(1, 3))
        award(self.alice, self.c[0], 2)
        t = MasterpointTotal.objects.get(user=self.bob)
        assert (t.exact, t.points, t.awards) == ("1", Decimal("1.0000"), 3)  # not 0.9999
        assert ledger.rebuild_totals() == 0  # nothing to mend
        # An award written some other way than give(): the total lags until made again.
        MasterpointAward.objects.create(user=self.charlie, competition=self.c[0], place=1,
                                        points=Decimal(3), exact="3", awarded_at=START)
        MasterpointTotal.objects.filter(user=self.alice).update(points=Decimal(9), exact="9")
        assert not MasterpointTotal.objects.filter(user=self.charlie).exists()
        assert ledger.rebuild_totals() == 2
        assert {(t.user_id, t.exact, t.points) for t in MasterpointTotal.objects.all()} == {
            (self.bob.pk, "1", Decimal(1)), (self.alice.pk, "2", Decimal(2)),
            (self.charlie.pk, "3", Decimal(3))}
        # The next award makes the player's total from the ledger, not from the old total.
        MasterpointTotal.objects.filter(user=self.alice).update(points=Decimal(9), exact="9")
        award(self.alice, self.c[1], 1)
        assert MasterpointTotal.objects.get(user=self.alice).exact == "3"

    def test_the_migration_makes_the_totals_of_the_awards_before_it(self) -> None:
        import importlib

        from django.apps import apps

        award(self.bob, self.c[0], 3)
        award(self.bob, self.c[1], Fraction(3, 2))
        MasterpointTotal.objects.all().delete()
        migration = importlib.import_module("bridgescore.web.compete.migrations.0002_ranks")
        migration.totals_from_the_ledger(apps, None)
        t = MasterpointTotal.objects.get(user=self.bob)
        assert (t.exact, t.points, t.awards) == ("9/2", Decimal("4.5"), 2)


class NobodyTests(TestCase):
    def test_a_visitor_has_nothing(self) -> None:
        from django.contrib.auth.models import AnonymousUser

        nobody = AnonymousUser()
        assert ledger.total_of(nobody) == 0 and ledger.ledger_of(nobody) == []
        assert ledger.promotions_of(nobody) == [] and ledger.standing_of(nobody).rank is Rank.UNRANKED
