"""The Rate's weekly close on the platform (web/ratings/weekly.py): a closed pool week rated
once, its figures against the library's ``rate_week`` on arrays built here by hand from the
known results; penalties (Rate 0 on the board, 16 off the week's points); weeks in order and
a server's catch-up; the recomputation's three answers; racing workers."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from django.db import connection
from django.db.models import Sum
from django.test import TestCase, TransactionTestCase

from bridgescore.cli import main
from bridgescore.ratings import RateSettings, Ratings, WeekResults, Window, rate_week
from bridgescore.web.compete import clock
from bridgescore.web.compete.models import PoolScore, PoolWeek
from bridgescore.web.compete.pool import services as pool
from bridgescore.web.ratings import weekly
from bridgescore.web.ratings.fill import disconnect, fill_week
from bridgescore.web.ratings.models import RatingHistory, RatingStanding, RatingWeek, RatingWindow

from ..compete.pool.helpers import T0, club_with, start
from ..racing import in_processes, in_threads

DAY = 86_400.0


Rows = list[tuple[int, list[int], int]]  # a week's results: board, the four players, NS score


def week_of(week: PoolWeek, ids: list[int], rng: random.Random, boards: int = 3,
            extra: list[int] | None = None) -> Rows:
    """Boards 1..``boards`` with six results each (24 different players a board), and board
    ``boards + 1`` with two results of ``extra`` only (below six: not rated); scores that
    the board's vulnerability allows."""
    lib = pool.pool_of(week)

    def score(b: int) -> int:
        return rng.choice(sorted(s for s in lib.board(b).scores if abs(s) <= 1500))

    out = []
    for b in range(1, boards + 1):
        who = rng.sample(ids, 24)
        for t in range(6):
            out.append((b, who[4 * t:4 * t + 4], score(b)))
    if extra:
        out += [(boards + 1, extra[:4], score(boards + 1)),
                (boards + 1, extra[4:8], score(boards + 1))]
    return out


def by_hand(rows: list[tuple[int, list[int], int]], zero: set[tuple[int, int]]) -> WeekResults:
    return WeekResults.of(board=[r[0] for r in rows], players=[r[1] for r in rows],
                          ns_score=[r[2] for r in rows],
                          rate_zero=[[(r[0], p) in zero for p in r[1]] for r in rows])


def snapshot() -> list[Any]:
    return [list(RatingWeek.objects.order_by("pk").values_list("pk", "number", "results")),
            list(RatingHistory.objects.order_by("pk").values_list()),
            list(RatingStanding.objects.order_by("pk").values_list())]


class Weekly:
    """Shared set-up: a club of 28 members and its pool (12 boards a week)."""

    def set_up(self) -> None:
        self.club, self.td, self.people = club_with(28)
        self.week = start(self.club, self.td, boards=12, days=7)
        self.ids = [int(u.pk) for u in self.people]
        self.rng = random.Random(7)

    @staticmethod
    def close_through(day: float) -> None:
        """The clock to ``day`` (days after T0), every pool week due closed."""
        clock.set(T0 + day * DAY)
        while pool.close_due():
            pass


class WeeklyTests(Weekly, TestCase):

    def two_weeks_played(self) -> tuple[Rows, PoolWeek, Rows]:
        """Week 1 played by the first 24 players and closed, week 2 played by players 5-28
        (open): week 1's results, week 2, week 2's results."""
        one = week_of(self.week, self.ids[:24], self.rng)
        fill_week(self.week, one)
        self.close_through(7.5)
        week2 = PoolWeek.objects.get(club=self.club, number=2)
        two = week_of(week2, self.ids[4:28], self.rng)
        fill_week(week2, two)
        return one, week2, two

    def setUp(self) -> None:
        self.addCleanup(clock.real)
        self.set_up()

    def test_a_closed_week_is_rated_once_as_the_library_rates_it(self) -> None:
        rows = week_of(self.week, self.ids[:24], self.rng, extra=self.ids[20:28])
        fill_week(self.week, rows)
        m1 = self.ids[0]
        on = next(r for r in rows if r[0] == 2 and m1 in r[1])
        disconnect(self.week, 2, m1)
        assert weekly.rate_due() == 0  # not closed yet
        self.close_through(7.5)
        assert weekly.rate_due() == 1
        st = RateSettings()
        want = rate_week(Ratings.empty(), by_hand(rows, {(2, m1)}), st)
        rw = RatingWeek.objects.get()
        assert (rw.week_id, rw.number, rw.results, rw.players) == (self.week.pk, 1, 20, 28)
        assert rw.settings == st.to_dict()
        hist = {h.player_id: h for h in RatingHistory.objects.filter(week=rw)}
        assert sorted(hist) == sorted(self.ids)
        rated = dict(zip(want.player.tolist(), zip(want.week_rate.tolist(), want.boards.tolist(),
                                                   strict=True), strict=True))
        for i, p in enumerate(want.ratings.player.tolist()):
            h = hist[p]
            assert h.rate == want.ratings.rate[i] and h.weight == want.ratings.weight[i]
            assert h.boards == want.ratings.boards[i]
            assert h.precision == want.precision[i]
            assert (h.week_rate, h.week_boards) == rated.get(p, (None, 0))
            played = sum(p in r[1] for r in rows)
            imps = PoolScore.objects.filter(week=self.week, player_id=p).aggregate(
                s=Sum("imps"))["s"]
            points = imps - (16 if p == m1 else 0)
            assert (h.played, h.points) == (played, points)
            assert h.average == points / played
        # Members 25–28 played only the board with two results: no rated board this week.
        assert all(hist[p].week_rate is None for p in self.ids[24:28])
        # The disconnected player's Rate on board 2 is 0: rated without the flag, they'd differ.
        other = rate_week(Ratings.empty(), by_hand(rows, set()), st)
        assert other.ratings.rate[list(other.ratings.player).index(m1)] != hist[m1].rate
        assert m1 in on[1]
        stand = {s.player_id: s for s in RatingStanding.objects.filter(club=self.club)}
        assert sorted(stand) == sorted(self.ids)
        for p, s in stand.items():
            assert (s.rate, s.weight, s.boards, s.week_id) == (hist[p].rate, hist[p].weight,
                                                              hist[p].boards, rw.pk)
            assert (s.played_total, s.last_average) == (hist[p].played, hist[p].average)
        # Rated twice changes nothing.
        before = snapshot()
        assert weekly.rate_due() == 0
        assert weekly.rate_week_of(self.week.pk) is False
        assert snapshot() == before

    def test_weeks_in_order_and_a_server_down_catches_up(self) -> None:
        one, _, two = self.two_weeks_played()
        # Down from day 7 to day 30: the pool closes weeks 2, 3 and 4 (one each sweep).
        self.close_through(30)
        closed = list(PoolWeek.objects.filter(club=self.club, closed=True)
                      .order_by("number").values_list("pk", flat=True))
        assert len(closed) == 4
        assert weekly.rate_week_of(closed[1]) is False  # week 1 first
        assert weekly.rate_due() == 4
        assert list(RatingWeek.objects.order_by("rated_at", "pk").values_list("number", flat=True)) \
            == [1, 2, 3, 4]
        st = RateSettings()
        # Each week with the last one's Rates and window, as the library is called.
        w1 = rate_week(Ratings.empty(), by_hand(one, set()), st)
        w2 = rate_week(w1.ratings, by_hand(two, set()), st, w1.window)
        w3 = rate_week(w2.ratings, WeekResults.empty(), st, w2.window)
        r4 = rate_week(w3.ratings, WeekResults.empty(), st, w3.window)
        stand = {s.player_id: s for s in RatingStanding.objects.filter(club=self.club)}
        assert sorted(stand) == r4.ratings.player.tolist()
        for i, p in enumerate(r4.ratings.player.tolist()):
            s = stand[p]
            assert (s.rate, s.weight, s.boards) == (r4.ratings.rate[i], r4.ratings.weight[i],
                                                   r4.ratings.boards[i])
            assert (s.anchor, s.anchor_weight) == (r4.ratings.anchor[i],
                                                   r4.ratings.anchor_weight[i])
            assert s.played_total == sum(p in r[1] for r in one + two)
            assert s.last_average is None  # week 4: nobody played
        assert RatingHistory.objects.filter(week__number__in=[3, 4]).count() == 0
        assert RatingHistory.objects.filter(week__number=2).count() == 24

    def test_recompute_the_same_a_tampered_row_and_bad_input(self) -> None:
        fill_week(self.week, week_of(self.week, self.ids[:24], self.rng))
        disconnect(self.week, 1, self.ids[3])
        self.close_through(7.5)
        week2 = PoolWeek.objects.get(club=self.club, number=2)
        fill_week(week2, week_of(week2, self.ids[2:26], self.rng))
        self.close_through(14.5)
        assert weekly.rate_due() == 2
        code = main(["web", "ratings", "recompute", "--club", "online"])
        assert code == 0
        assert main(["web", "ratings", "recompute", "--club", "online", "--week", "1"]) == 0
        h = RatingHistory.objects.filter(week__number=1).order_by("player_id")[5]
        RatingHistory.objects.filter(pk=h.pk).update(rate=np.nextafter(h.rate, 100.0))
        assert main(["web", "ratings", "recompute", "--club", "online"]) == 1
        s = RatingStanding.objects.order_by("player_id")[0]
        RatingHistory.objects.filter(pk=h.pk).update(rate=h.rate)
        assert main(["web", "ratings", "recompute", "--club", "online"]) == 0
        RatingStanding.objects.filter(pk=s.pk).update(played_total=s.played_total + 1)
        assert main(["web", "ratings", "recompute", "--club", "online"]) == 1

    def test_the_kept_window_is_the_stored_weeks_and_recompute_checks_it(self) -> None:
        """The close keeps its window (``RatingWindow``) for the next: the very window the
        stored weeks give (``Window.of``); a kept window that went wrong shows in the next
        close's figures, which the recomputation (reading the results back) finds."""
        _, week2, _ = self.two_weeks_played()
        self.close_through(14.5)
        assert weekly.rate_due() == 2
        st = RateSettings()
        kept = RatingWindow.objects.get(club=self.club)
        assert kept.number == 2 and kept.settings == st.to_dict()
        want = Window.of([weekly.read_week(self.week.pk)[0], weekly.read_week(week2.pk)[0]], st)
        got = Window.from_bytes(bytes(kept.data), st)
        for name in Window._ARRAYS:
            assert getattr(got, name).tobytes() == getattr(want, name).tobytes(), name
        # Spoil the kept window (one result's percentage), then close week 3.
        y = np.array(got.y)
        y[0] += 1.0
        spoiled = Window(got.ids, got.code, y, got.board_rows, got.week_rows, got.week_boards,
                         got.week_zeros, got.zero_code, got.key)
        RatingWindow.objects.filter(pk=kept.pk).update(data=spoiled.to_bytes())
        week3 = PoolWeek.objects.get(club=self.club, number=3)
        fill_week(week3, week_of(week3, self.ids[:24], self.rng))
        self.close_through(21.5)
        assert weekly.rate_due() == 1
        assert main(["web", "ratings", "recompute", "--club", "online"]) == 1

    def test_a_week_nobody_played_keeps_the_window_without_rewriting_it(self) -> None:
        """Weeks nobody played leave the kept window's bytes as they were (only its week
        number and count of idle weeks change); the next close reads back the very window
        the weeks give (``Window.of``, the empty weeks included), and its figures are those
        the recomputation finds from the stored results."""
        self.two_weeks_played()
        self.close_through(14.5)
        assert weekly.rate_due() == 2
        st = RateSettings()
        before = RatingWindow.objects.get(club=self.club)
        assert (before.number, before.weeks, before.idle) == (2, 2, 0)
        self.close_through(28.5)  # weeks 3 and 4: nobody played
        assert weekly.rate_due() == 2
        kept = RatingWindow.objects.get(club=self.club)
        assert (kept.number, kept.weeks, kept.idle) == (4, 2, 2)
        assert bytes(kept.data) == bytes(before.data)
        weeks = [weekly.read_week(w.pk)[0] for w in
                 PoolWeek.objects.filter(club=self.club, number__lte=4).order_by("number")]
        assert [len(w) for w in weeks[2:]] == [0, 0]
        want = Window.of(weeks, st)
        got = weekly.read_window(self.club.pk, 5, st)
        assert got.weeks == 4
        for name in Window._ARRAYS:
            assert getattr(got, name).tobytes() == getattr(want, name).tobytes(), name
        week5 = PoolWeek.objects.get(club=self.club, number=5)
        fill_week(week5, week_of(week5, self.ids[:24], self.rng))
        self.close_through(35.5)
        assert weekly.rate_due() == 1
        kept = RatingWindow.objects.get(club=self.club)
        assert (kept.number, kept.weeks, kept.idle) == (5, 5, 0)
        assert main(["web", "ratings", "recompute", "--club", "online"]) == 0

    def test_refit_rates_every_week_again_once_and_in_order(self) -> None:
        """The switch-over: weeks stored by other settings (here, as an earlier Rate would
        have left them: other figures) are rated again with today's, in order, and stored
        as the weekly close stores them; recompute then finds them the same."""
        fill_week(self.week, week_of(self.week, self.ids[:24], self.rng))
        self.close_through(7.5)
        week2 = PoolWeek.objects.get(club=self.club, number=2)
        fill_week(week2, week_of(week2, self.ids[2:26], self.rng))
        self.close_through(14.5)
        assert weekly.rate_due() == 2
        closed = snapshot()
        # Stored by "another Rate": settings it no longer reads, and other figures.
        RatingWeek.objects.update(settings={"type": "RateSettings", "version": 1, "passes": 2})
        RatingHistory.objects.update(rate=12.5)
        RatingStanding.objects.update(rate=12.5, played_total=0)
        assert main(["web", "ratings", "recompute", "--club", "online"]) == 2
        assert main(["web", "ratings", "recompute", "--club", "online", "--refit"]) == 0
        assert main(["web", "ratings", "recompute", "--club", "online"]) == 0
        # The very rows the weekly close wrote (new row ids: the history was rewritten).
        after = snapshot()
        assert after[0] == closed[0]
        assert [r[2:] for r in after[1]] == [r[2:] for r in closed[1]]
        assert [r[1:] for r in after[2]] == [r[1:] for r in closed[2]]
        assert all(w.settings == RateSettings().to_dict() for w in RatingWeek.objects.all())
        assert main(["web", "ratings", "recompute", "--club", "online", "--refit", "--week",
                     "1"]) == 2


@pytest.mark.django_db
def test_recompute_messages(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["web", "ratings", "recompute", "--club", "nowhere"]) == 2
    err = capsys.readouterr().err
    assert "no club 'nowhere'" in err and "Traceback" not in err
    assert main(["--lang", "zh", "web", "ratings", "recompute", "--club", "nowhere"]) == 2
    assert "没有俱乐部 'nowhere'" in capsys.readouterr().err
    club, td, people = club_with(24)
    week = start(club, td, boards=4)
    fill_week(week, week_of(week, [int(u.pk) for u in people], random.Random(1), boards=2))
    clock.set(T0 + 8 * DAY)
    try:
        pool.close_due()
        assert weekly.rate_due() == 1
    finally:
        clock.real()
    assert main(["web", "ratings", "recompute", "--club", "online", "--week", "7"]) == 2
    assert "club 'online' has no rated week 7" in capsys.readouterr().err
    assert main(["--lang", "zh", "web", "ratings", "recompute", "--club", "online",
                 "--week", "7"]) == 2
    assert "俱乐部 'online' 没有已计算的第 7 周" in capsys.readouterr().err
    assert main(["web", "ratings", "recompute", "--club", "online"]) == 0
    assert "1 week(s) recomputed" in capsys.readouterr().out
    RatingHistory.objects.filter(player=people[0]).update(points=999)
    assert main(["--lang", "zh", "web", "ratings", "recompute", "--club", "online"]) == 1
    out = capsys.readouterr().out
    assert f"牌手 {people[0].pk}，points：重算为" in out and "存储为 999" in out


WORKER = """
import sys, django
django.setup()
from django.db import connection
from bridgescore.web.ratings import weekly
connection.ensure_connection()
print("ready", flush=True)
sys.stdin.readline()  # go
print(weekly.rate_due(), flush=True)
"""


class RaceTests(Weekly, TransactionTestCase):
    def setUp(self) -> None:
        self.addCleanup(clock.real)
        self.set_up()
        fill_week(self.week, week_of(self.week, self.ids[:24], self.rng))
        self.close_through(7.5)

    def check_once(self) -> None:
        assert RatingWeek.objects.count() == 1
        assert RatingHistory.objects.count() == 24
        assert RatingStanding.objects.count() == 24
        assert set(RatingStanding.objects.values_list("played_total", flat=True)) == {3}

    def test_three_threads_rate_once(self) -> None:
        assert in_threads(weekly.rate_due) == [0, 0, 1]
        self.check_once()

    def test_three_processes_rate_once(self) -> None:
        if connection.vendor != "postgresql":
            self.skipTest("worker processes share a database server: PostgreSQL")
        assert in_processes(WORKER, [], Path(__file__).parent) == [0, 0, 1]
        self.check_once()

    def test_the_server_s_sweep_rates_the_week_in_a_thread(self) -> None:
        from bridgescore.web.play import live

        sweep = live._more_sweeps["ratings"]  # registered by the app, after the pool's
        names = list(live._more_sweeps)
        assert names.index("pool") < names.index("ratings")
        assert sweep() == 1
        weekly._worker[0].join(60)
        self.check_once()
        assert sweep() == 0  # nothing left to rate: no thread
