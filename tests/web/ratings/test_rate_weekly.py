"""A board's arithmetic on the profile against the weekly job's own rating (wip/rjob's
``weekly``): for every result of a rated week (its second, so the Rates it worked from are
not all the start's, and with a disconnection), the board rated alone from the stored
``pass_rate`` gives each player's Rate on the board as the whole week's rating did, to the
last digit."""

from __future__ import annotations

import math
import random

from django.test import TestCase

from bridgescore.ratings import rate_week
from bridgescore.web.compete import clock
from bridgescore.web.pool.models import PoolBoard, PoolWeek
from bridgescore.web.ratings import weekly
from bridgescore.web.ratings.fill import disconnect, fill_week
from bridgescore.web.ratings.rate_profile import board_rate

from ..pool.helpers import club_with, start
from .test_weekly import Weekly, week_of


class BoardArithmeticTests(TestCase):
    def test_each_board_s_rate_is_the_week_s(self) -> None:
        self.addCleanup(clock.real)
        club, td, people = club_with(28)
        first = start(club, td, boards=12, days=7)
        ids = [int(u.pk) for u in people]
        rng = random.Random(11)
        fill_week(first, week_of(first, ids[:24], rng))
        Weekly.close_through(7.5)
        assert weekly.rate_due() == 1
        second = PoolWeek.objects.get(club=club, number=2)
        rows = week_of(second, ids[4:28], rng, extra=ids[:8])
        fill_week(second, rows)
        disconnect(second, 2, ids[10])
        Weekly.close_through(14.5)
        want = rate_week(weekly.read_prior(club.pk), weekly.read_week(second.pk)[0],
                         weekly.rate_settings(), detail=True)
        assert weekly.rate_due() == 1
        d = want.detail
        assert d is not None
        boards = {int(b.pk): b for b in PoolBoard.objects.filter(week=second)}
        seen = set()
        for i in range(len(d)):
            b = boards[int(d.board[i])]
            for seat, p in enumerate(d.players[i].tolist()):
                got = board_rate(b, p, "en")
                assert got is not None
                stored = float(d.board_rate[i, seat])
                if math.isnan(stored):
                    assert got.rate is None and "not rated" in got.text
                    seen.add("not rated")
                else:
                    assert got.rate is not None
                    assert got.rate == stored, (b.number, p, got.rate, stored)
                    seen.add("disconnected" if stored == 0.0 and "disconnected" in got.text
                             else "rated")
        assert seen == {"rated", "not rated", "disconnected"}
