"""Masterpoint awards are append-only: never changed, never deleted, never made twice for
one player and competition."""

from __future__ import annotations

import datetime
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.test import TransactionTestCase

from bridgescore.web.compete import clock
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.models.competition import AppendOnly, MasterpointAward

from .helpers import T0, club_with, pairs_event


class AppendOnlyTests(TransactionTestCase):
    def setUp(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        self.club, self.td, self.people = club_with(1)
        self.c = pairs_event(self.club, self.td)
        self.award = MasterpointAward.objects.create(
            user=self.people[0], competition=self.c, place=1, points=Decimal(3), exact="3",
            awarded_at=datetime.datetime(2030, 1, 1, tzinfo=datetime.UTC))

    def test_never_changed_or_deleted(self) -> None:
        a = MasterpointAward.objects.get(pk=self.award.pk)
        a.points = Decimal(30)
        with self.assertRaises(AppendOnly):
            a.save()
        with self.assertRaises(AppendOnly):
            a.delete()
        with self.assertRaises(AppendOnly):
            MasterpointAward.objects.filter(pk=a.pk).update(points=Decimal(30))
        with self.assertRaises(AppendOnly):
            MasterpointAward.objects.filter(pk=a.pk).delete()
        assert MasterpointAward.objects.get(pk=a.pk).points == Decimal(3)
        assert [x.pk for x in sv.masterpoints_of(self.people[0])] == [a.pk]

    def test_never_twice(self) -> None:
        with self.assertRaises(IntegrityError), transaction.atomic():
            MasterpointAward.objects.create(
                user=self.people[0], competition=self.c, place=2, points=Decimal(2),
                exact="2", awarded_at=datetime.datetime(2030, 1, 1, tzinfo=datetime.UTC))
        assert MasterpointAward.objects.count() == 1
