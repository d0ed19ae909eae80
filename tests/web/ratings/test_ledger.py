"""The ledger on the platform (``compete.ledger``): an award writes the promotions it makes,
in its own transaction; totals and ranks are the exact sums of the ledger; the promotions,
shown and stored, are the dated ledger's whatever order the awards arrive in (issue 23,
finding 1); the platform's thresholds are a setting."""

from __future__ import annotations

import datetime
from decimal import Decimal
from fractions import Fraction
from itertools import permutations

from django.db import transaction
from django.test import TestCase, override_settings

from bridgescore.compete.ranks import Rank
from bridgescore.web.accounts.models import User
from bridgescore.web.compete import ledger
from bridgescore.web.compete.models import (
    MasterpointAward,
    MasterpointTotal,
    RankPromotion,
)

from ..base import BaseTestCase, make_user
from .helpers import DAY, START, award, event

Promoted = tuple[int, int, str, str, int]


def stored(user: User) -> list[Promoted]:
    """(rank, award's competition, before, after, threshold) of each promotion on record."""
    return [(p.rank, p.award.competition_id, p.before, p.after, p.threshold)
            for p in RankPromotion.objects.filter(user=user).select_related("award")]


def reached(user: User) -> list[Promoted]:
    """The same of each promotion the pages show (computed from the dated ledger), in
    order; the ones on record must be the same."""
    shown = [(p.rank.value, p.award.competition_id, ledger.exact_text(p.before),
              ledger.exact_text(p.after), p.threshold) for p in ledger.promotions_of(user)]
    assert stored(user) == shown
    return shown


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

    def test_the_promotions_follow_the_thresholds_of_the_day(self) -> None:
        low = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
        with self.settings(BRIDGESCORE_RANK_THRESHOLDS=low):
            award(self.bob, self.c[0], 3)  # ranks 1, 2, 3
        assert [p[0] for p in stored(self.bob)] == [1, 2, 3]
        # Back to the defaults: 3 is Ranked Player, and the pages say so at once.
        assert [p.rank.value for p in ledger.promotions_of(self.bob)] == [1]
        # The next award makes the record again: 3 → 6 reaches Intermediate (5) now, and
        # Advanced (3 under the old thresholds) is no longer reached.
        _, made = award(self.bob, self.c[1], 3, day=1)
        assert [(p.rank, p.before, p.after, p.threshold) for p in made] == [(2, "3", "6", 5)]
        assert reached(self.bob) == [(1, self.c[0].pk, "0", "3", 1),
                                     (2, self.c[1].pk, "3", "6", 5)]
        assert ledger.standing_of(self.bob).rank is Rank.INTERMEDIATE
        # rebuild_promotions() makes everyone's again (after a change of thresholds): under
        # the low ones, 6 is rank 6; ranks 2 and 3 at the first award, 4–6 at the second.
        with self.settings(BRIDGESCORE_RANK_THRESHOLDS=low):
            assert ledger.rebuild_promotions() == 1 + 5  # rank 2 moved; 3–6 new
            assert reached(self.bob) == [(1, self.c[0].pk, "0", "3", 1),
                                         (2, self.c[0].pk, "0", "3", 2),
                                         (3, self.c[0].pk, "0", "3", 3)] + [
                (k, self.c[1].pk, "3", "6", k) for k in (4, 5, 6)]
            assert ledger.rebuild_promotions() == 0

    def test_a_wrong_promotion_on_record_is_mended_from_the_ledger(self) -> None:
        # The rows are derived (the ledger is the truth): a row changed or lost some other
        # way is made right by the player's next award, and by rebuild_promotions().
        award(self.bob, self.c[0], 3)
        RankPromotion.objects.filter(user=self.bob).update(before="1", after="99")
        award(self.bob, self.c[1], 1, day=1)
        assert reached(self.bob) == [(1, self.c[0].pk, "0", "3", 1)]
        RankPromotion.objects.filter(user=self.bob).delete()
        RankPromotion.objects.create(user=self.bob, rank=9, award=MasterpointAward.objects.get(
            competition=self.c[1]), threshold=400, before="3", after="4", promoted_at=START)
        assert ledger.rebuild_promotions() == 2  # rank 9 gone, rank 1 back
        assert reached(self.bob) == [(1, self.c[0].pk, "0", "3", 1)]

    def test_a_backdated_award_moves_the_promotions_to_their_dates(self) -> None:
        # Stored first: 3 on day 14 (Ranked Player) and 3 on day 21 (Intermediate, 3 → 6).
        award(self.bob, self.c[0], 3, day=14)
        award(self.bob, self.c[1], 3, day=21)
        assert reached(self.bob) == [(1, self.c[0].pk, "0", "3", 1),
                                     (2, self.c[1].pk, "3", "6", 5)]
        # Then an award dated day 0 (a late correction): it comes first in the ledger, so
        # Ranked Player is its, Intermediate day 14's (3 → 6) and day 21's makes nothing.
        _, made = award(self.bob, self.c[2], 3, day=0)
        assert [(p.rank, p.award.competition_id, p.before, p.after) for p in made] == [
            (1, self.c[2].pk, "0", "3"), (2, self.c[0].pk, "3", "6")]
        assert reached(self.bob) == [(1, self.c[2].pk, "0", "3", 1),
                                     (2, self.c[0].pk, "3", "6", 5)]
        assert [p.promoted_at for p in RankPromotion.objects.filter(user=self.bob)] == [
            START, START + 14 * DAY]
        # A backdated award can also make a promotion earlier than the latest award: 10
        # on day 7 reaches Advanced (15) at 16, before day 14's and day 21's awards.
        award(self.bob, self.c[3], 10, day=7)
        assert reached(self.bob) == [(1, self.c[2].pk, "0", "3", 1),
                                     (2, self.c[3].pk, "3", "13", 5),
                                     (3, self.c[0].pk, "13", "16", 15)]
        assert [a.competition_id for a in ledger.ledger_of(self.bob)] == [
            self.c[2].pk, self.c[3].pk, self.c[0].pk, self.c[1].pk]
        assert ledger.standing_of(self.bob).rank is Rank.ADVANCED
        assert MasterpointTotal.objects.get(user=self.bob).exact == "19"

    def test_every_order_of_arrival_records_the_same_promotions(self) -> None:
        # Four awards, two on the same day (ordered by competition, never by arrival),
        # given to a new player in each of the 24 orders: the same record every time.
        plan = [(self.c[0], 3, 0), (self.c[1], 1, 7), (self.c[2], 1, 7), (self.c[3], 12, 14)]
        want = [(1, self.c[0].pk, "0", "3", 1), (2, self.c[2].pk, "4", "5", 5),
                (3, self.c[3].pk, "5", "17", 15)]
        for n, order in enumerate(permutations(plan)):
            player = make_user(f"p{n}", f"Player {n}", f"牌手{n}")
            for c, points, day in order:
                award(player, c, points, day=day)
            assert reached(player) == want, order
            assert [a.competition_id for a in ledger.ledger_of(player)] == [
                c.pk for c, _, _ in plan]

    def test_the_same_moment_is_ordered_by_competition(self) -> None:
        # The later competition's award stored first, both at the same moment.
        at = START + datetime.timedelta(hours=2)
        with transaction.atomic():
            ledger.give(self.c[1], self.bob, 1, Fraction(4), at)
        with transaction.atomic():
            _, made = ledger.give(self.c[0], self.bob, 5, Fraction(1), at)
        assert reached(self.bob) == [(1, self.c[0].pk, "0", "1", 1),
                                     (2, self.c[1].pk, "1", "5", 5)]
        assert {p.rank for p in made} == {1, 2}  # both moved by the one stored second

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


class NobodyTests(TestCase):
    def test_a_visitor_has_nothing(self) -> None:
        from django.contrib.auth.models import AnonymousUser

        nobody = AnonymousUser()
        assert ledger.total_of(nobody) == 0 and ledger.ledger_of(nobody) == []
        assert ledger.promotions_of(nobody) == [] and ledger.standing_of(nobody).rank is Rank.UNRANKED
