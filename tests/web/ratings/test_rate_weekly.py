"""A board's share on the profile against the weekly job's own fit: for every result of a
rated week (its second, so the window holds two weeks and the Rates are not all the start's,
and with a disconnection), the share worked out from the stored rows alone (the board's
results, the fitted Rates and the precision in ``RatingHistory``) is the share worked out from
the library's own fit of the week, to the last digit."""

from __future__ import annotations

import random

from django.test import TestCase

from bridgescore.ratings import board_share, rate_week
from bridgescore.web.compete import clock
from bridgescore.web.compete.models import PoolBoard, PoolWeek
from bridgescore.web.ratings import weekly
from bridgescore.web.ratings.fill import disconnect, fill_week
from bridgescore.web.ratings.rate_profile import board_rate

from ..compete.pool.helpers import club_with, start
from .test_weekly import Weekly, week_of


class BoardArithmeticTests(TestCase):
    def test_each_board_s_share_is_the_week_s(self) -> None:
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
        st = weekly.rate_settings()
        week = weekly.read_week(second.pk)[0]
        want = rate_week(weekly.read_prior(club.pk), week, st,
                         weekly.read_window(club.pk, 2, st))
        assert want.window.weeks == 2
        assert weekly.rate_due() == 1
        boards = {int(b.pk): b for b in PoolBoard.objects.filter(week=second)}
        seen = set()
        for i in range(len(week)):
            b = boards[int(week.board[i])]
            sub = week.take(week.board == week.board[i])
            for p in week.players[i].tolist():
                got = board_rate(b, p, "en")
                assert got is not None
                k = int(want.ratings.index([p])[0])
                lib = board_share(sub, want.ratings, float(want.precision[k]), p, st)
                if not lib.rated:
                    assert got.share is None and "not rated" in got.text
                    seen.add("not rated")
                elif lib.disconnected:
                    assert got.share == lib.share and "disconnected" in got.text
                    seen.add("disconnected")
                elif not lib.counted:
                    assert got.share is None and "left out of the fit" in got.text
                    seen.add("table left out")
                else:
                    assert got.share == lib.share, (b.number, p, got.share, lib.share)
                    seen.add("rated")
        assert seen == {"rated", "not rated", "disconnected", "table left out"}
