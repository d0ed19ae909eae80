"""The ledger on the platform (``compete.ledger``): an award writes the promotions it makes,
in its own transaction; totals and ranks are the exact sums of the ledger; promotions are
append-only; the platform's thresholds are a setting."""

from __future__ import annotations

from fractions import Fraction

from django.test import TestCase, override_settings

from bridgescore.compete.ranks import Rank
from bridgescore.web.compete import ledger
from bridgescore.web.compete.models import AppendOnly, MasterpointAward, RankPromotion

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
        rows = [(r["user_id"], r["total"]) for r in ledger.leaders()]
        assert rows == [(self.bob.pk, 5), (self.alice.pk, 3), (self.charlie.pk, 3),
                        (self.dave.pk, 1)]
        north = [r["user_id"] for r in ledger.leaders(
            self.north.memberships.values("player__user_id"))]
        assert north == [self.bob.pk, self.alice.pk]


class NobodyTests(TestCase):
    def test_a_visitor_has_nothing(self) -> None:
        from django.contrib.auth.models import AnonymousUser

        nobody = AnonymousUser()
        assert ledger.total_of(nobody) == 0 and ledger.ledger_of(nobody) == []
        assert ledger.promotions_of(nobody) == [] and ledger.standing_of(nobody).rank is Rank.UNRANKED
