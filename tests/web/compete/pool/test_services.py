"""The pool through the web layer (SQLite here, PostgreSQL in ``make web-test``): serving,
scoring at the 6th result against the pure library, retirement at 40, penalties, rights."""

from __future__ import annotations

import datetime
import random

import pytest
from django.test import TestCase, override_settings

from bridgescore.compete.pool import TableResult
from bridgescore.compete.pool_scores import PoolScores
from bridgescore.core.seat import Seat
from bridgescore.web.compete import clock
from bridgescore.web.compete.models import (
    PoolPenalty,
    PoolPlay,
    PoolResult,
    PoolScore,
)
from bridgescore.web.compete.pool import services as pool
from bridgescore.web.play import position as play_position
from bridgescore.web.play import presence as play_presence
from bridgescore.web.play import services as play
from bridgescore.web.play import tables as play_tables
from bridgescore.web.play.models import PlayTable

from ...base import make_user
from .helpers import club_with, play_out, seat_four, start


def library_week(week) -> PoolScores:  # type: ignore[no-untyped-def]
    """The stored results fed, in their order of arrival, to the pure library's scorer."""
    scores = PoolScores(pool.pool_of(week))
    for r in PoolResult.objects.filter(board__week=week).select_related("board").order_by("at", "pk"):
        n, e, s, w = (str(p) for p in r.player_ids)
        scores.add(TableResult(r.board.number, (n, e, s, w), r.ns_score))
    return scores


@override_settings(BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS=0)
class PoolFlowTests(TestCase):
    def setUp(self) -> None:
        self.addCleanup(clock.real)
        self.club, self.td, self.people = club_with(24)
        self.week = start(self.club, self.td, boards=30)
        self.rng = random.Random(11)

    def test_six_tables_on_one_board_the_sixth_scores_twenty_four_players(self) -> None:
        tables = [seat_four(self.club, self.people[4 * i:4 * i + 4]) for i in range(6)]
        # Board 1 is served to all six (1–5 results or tables first, the fullest first).
        assert [getattr(play_position.current_board(t), "number", None) for t in tables] == [1] * 6
        for i, t in enumerate(tables[:5]):
            play_out(t, self.rng)
            first = PoolScore.objects.filter(board__number=1)
            assert first.count() == 4 * (i + 1)
            assert all(r.provisional and r.imps == 0 for r in first)
        play_out(tables[5], self.rng)
        rows = list(PoolScore.objects.filter(board__number=1).select_related("result"))
        assert len(rows) == 24 and not any(r.provisional for r in rows)
        assert {r.scored_at for r in rows} == {6}
        lib = library_week(self.week)
        expected = {(s.arrival, p): (v, s.datum) for s in lib.scores(1) for p, v in s.per_player()}
        got = {(r.result.arrival, str(r.player_id)): (r.imps, r.datum) for r in rows}
        assert got == expected
        # The datum by hand: the six NS scores sorted, one dropped from each end.
        ns = sorted(r.ns_score for r in PoolResult.objects.filter(board__number=1))
        mean = sum(ns[1:5]) / 4
        datum = int(abs(mean) / 10 + 0.5) * 10 * (1 if mean >= 0 else -1)
        assert {r.datum for r in rows} == {datum}
        board = {r["player"]: r for r in pool.leaderboard(self.week)}
        for p, f in lib.figures().items():
            assert (board[int(p)]["points"], board[int(p)]["boards"]) == (f.points, f.boards)

    def test_serving_never_repeats_a_board_to_any_of_the_four(self) -> None:
        # Three rounds of six tables, the foursomes mixed each round; each table plays on
        # board after board (the next one served at once).
        seen: dict[int, list[int]] = {}
        for rnd in range(3):
            order = self.people[:]
            random.Random(rnd).shuffle(order)
            tables = [seat_four(self.club, order[4 * i:4 * i + 4]) for i in range(6)]
            for _ in range(2):
                for t in tables:
                    t.refresh_from_db()
                    if t.status != PlayTable.Status.FINISHED:
                        play_out(t, self.rng)
            for t in tables:
                play_tables.stop_table(int(t.pk), "test over", "测试结束")
            pool.release_stopped()
        for p in PoolPlay.objects.all():
            for uid in p.player_ids:
                seen.setdefault(uid, []).append(p.board.number)
        assert seen and all(len(b) == len(set(b)) for b in seen.values()), seen
        # What was served is what the rule gives: an index rebuilt from the rows agrees with
        # the literal rule for a new foursome.
        pool.forget()
        week = pool.current_week(self.club)
        assert week is not None
        four = [str(u.pk) for u in self.people[:4]]
        with pool._lock(int(week.pk)):
            index = pool._index(week)
            assert index.serve(four) == index.serve_by_scan(four)

    def test_a_table_with_a_robot_is_served_nothing(self) -> None:
        table = pool.open_table(self.club, self.people[0])
        for seat, u in zip(list(Seat)[:3], self.people[:3], strict=True):
            pool.sit(table, u, seat)
        with pytest.raises(play_tables.NoBoard) as e:
            play.seat_robot(table, self.td, Seat.WEST)
        assert "robots" in e.value.en and "机器人" in e.value.zh
        assert play_position.current_board(table) is None and not PoolPlay.objects.exists()


class RobotScoringTests(TestCase):
    def test_robots_at_a_pool_table_play_for_imps(self) -> None:
        from bridgescore.web.play import robots as play_robots

        self.addCleanup(clock.real)
        self.addCleanup(pool.forget)  # the week's cached index: the next test's week has its id
        club, td, people = club_with(4)
        start(club, td, boards=1)
        t = seat_four(club, people)
        assert play_robots.robot_scoring(t) == "imp"  # datum IMPs
        other = play_tables.create_table(t.room, None)
        assert play_robots.robot_scoring(other) == "mp"  # a table of the room, not the pool's


@override_settings(BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS=0)
class RetirementTests(TestCase):
    def test_a_board_is_retired_at_forty_results(self) -> None:
        self.addCleanup(clock.real)
        club, td, people = club_with(164)
        week = start(club, td, boards=1)
        rng = random.Random(3)
        tables = [seat_four(club, people[4 * i:4 * i + 4]) for i in range(40)]
        # Forty tables on it: full, so a 41st table is served nothing.
        with pytest.raises(play_tables.NoBoard):
            seat_four(club, people[160:164])
        for t in tables:
            play_out(t, rng)
        assert PoolResult.objects.filter(board__number=1).count() == 40
        assert pool.board_results(week, 1, td)["retired"]
        lib = library_week(week)
        got = {(r.result.arrival, str(r.player_id)): r.imps
               for r in PoolScore.objects.select_related("result")}
        assert got == {(s.arrival, p): v for s in lib.scores(1) for p, v in s.per_player()}
        # Every table has had the only board: none starts another.
        statuses = set(PlayTable.objects.filter(pk__in=[t.pk for t in tables])
                       .values_list("status", flat=True))
        assert statuses == {PlayTable.Status.FINISHED}


class PenaltyTests(TestCase):
    def test_a_disconnection_at_a_pool_table_costs_sixteen_and_the_board_rate(self) -> None:
        self.addCleanup(clock.real)
        self.addCleanup(pool.forget)  # the week's cached index: the next test's week has its id
        club, td, people = club_with(4)
        week = start(club, td)
        table = seat_four(club, people)
        board = play_position.current_board(table)
        assert board is not None
        from django.utils import timezone

        from bridgescore.web.play.models import PlaySeat
        PlaySeat.objects.filter(table=table, seat=1).update(
            away_since=timezone.now() - datetime.timedelta(seconds=120))
        play_presence.sweep()  # past the grace period mid-board: a robot stands in, a disconnection
        assert pool.record_penalties() == 1
        assert pool.record_penalties() == 0  # once
        pen = PoolPenalty.objects.get()
        assert pen.board is not None
        assert (pen.player_id, pen.points, pen.rate_zero, pen.board.number) == \
            (people[1].pk, -16, True, board.number)
        assert pool.rate_zero_boards(week, people[1]) == {board.number}
        play_out(table, random.Random(1))
        assert PoolScore.objects.get(player=people[1]).rate_zero
        rows = {r["player"]: r for r in pool.leaderboard(week)}
        assert rows[people[1].pk]["total"] == -16 and rows[people[1].pk]["penalty"] == -16
        assert rows[people[0].pk]["penalty"] == 0


class RightsTests(TestCase):
    def test_non_members_are_refused_in_both_languages(self) -> None:
        self.addCleanup(clock.real)
        club, td, people = club_with(3)
        week = start(club, td)
        stranger = make_user("zz", "Zed Stranger", "陌生人")
        with pytest.raises(pool.NotAllowed) as e:
            pool.open_table(club, stranger)
        assert e.value.code == "not_member" and "members" in e.value.en and "会员" in e.value.zh
        table = pool.open_table(club, people[0])
        with pytest.raises(pool.NotAllowed):
            pool.sit(table, stranger, Seat.NORTH)
        with pytest.raises(pool.NotAllowed):
            pool.board_list(week, stranger)
        with pytest.raises(pool.NotAllowed) as e:
            pool.start_pool(club, people[0])
        assert e.value.code == "not_director" and "裁判" in e.value.zh
        # A member may not see a board's results before having played it.
        assert not pool.can_see_board(week, 1, people[1]) and pool.can_see_board(week, 1, td)
        with pytest.raises(pool.NotAllowed) as e:
            pool.board_results(week, 1, people[1])
        assert e.value.code == "not_yet"
