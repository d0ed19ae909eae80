"""The robots' thinking off the request path (web/play/thinking.py, robots.py): a fair
robot decides in a worker process exactly what the library decides; a dead worker is
replaced and the turn still decided; a decision read before the table moved on is dropped;
and at tables where people play with fair robots thinking in a worker, no connection gets
a card it may not see."""

from __future__ import annotations

import contextlib
import os
import signal
import time

from django.test import SimpleTestCase, TransactionTestCase, override_settings

from bridgescore.core.seat import Seat
from bridgescore.robots.table import robot_action
from bridgescore.table.actions import PlayCard
from bridgescore.table.state import Phase
from bridgescore.web.play import robots as play_robots
from bridgescore.web.play import services, thinking
from bridgescore.web.play.models import Move, PlaySeat, PlayTable
from tests.robots.test_fair import position
from tests.solver import needs_endplay

from .helpers import table, users
from .test_security import robot_tables
from .test_sockets import FAST

FAIR = {**FAST, "BRIDGESCORE_PLAY_ROBOT_SOLVER": "fair", "BRIDGESCORE_PLAY_ROBOT_WORKERS": 1}


def a_play_job(seed: int = 3) -> thinking.Job:
    state = None
    while state is None or state.phase is not Phase.PLAY:
        seed += 1
        state = position(seed, 9)
    return thinking.Job(state, state.to_act[0], "fair", salt="t", scoring="imp")


def worker_pids() -> set[int]:
    pool = thinking._pool
    assert pool is not None
    return {int(p.pid or 0) for p in pool._processes.values()}


def four_robots_turn() -> tuple[PlayTable, play_robots.Turn]:
    """A table of four robots (no one waits on them) and its first robot turn, read."""
    (ann,) = users("ann")
    t = table(ann, boards=1)
    services.sit(t, ann, Seat.SOUTH)
    services.fill_with_robots(t, ann)
    PlaySeat.objects.filter(table=t).update(robot=True)
    for _ in range(50):  # the robots' pause (none here) and the first board's start
        turn = play_robots.read_turn(t.pk)
        if turn is not None:
            return t, turn
        time.sleep(0.05)
    raise AssertionError("no robot's turn to read")


@needs_endplay
@override_settings(**FAIR)
class WorkerTests(SimpleTestCase):
    def tearDown(self) -> None:
        thinking.shutdown()

    def test_a_fair_robot_decides_in_a_worker_what_the_library_decides(self) -> None:
        job = a_play_job()
        got = thinking.submit(job).result(timeout=120)
        assert got == robot_action(job.state, job.seat, "fair", salt="t", scoring="imp")
        assert isinstance(got, PlayCard)
        pids = worker_pids()
        assert pids and os.getpid() not in pids  # another process thought

    def test_a_dead_worker_is_replaced_and_the_turn_still_decided(self) -> None:
        job = a_play_job(20)
        expected = robot_action(job.state, job.seat, "fair", salt="t", scoring="imp")
        thinking.submit(job).result(timeout=120)
        first = thinking._pool
        for pid in worker_pids():
            os.kill(pid, signal.SIGKILL)
        time.sleep(0.5)
        assert thinking.submit(job).result(timeout=120) == expected
        assert thinking.submit(job).result(timeout=120) == expected
        assert thinking._pool is not first  # a new pool for the turns after

    @override_settings(BRIDGESCORE_PLAY_ROBOT_SOLVER="simple")
    def test_a_worker_ends_when_its_server_is_killed(self) -> None:
        """A server stopped by SIGKILL runs no clean-up: its worker must not outlive it."""
        import subprocess
        import sys

        server = subprocess.Popen(
            [sys.executable, "-c",
             "import concurrent.futures as f, multiprocessing as m, os, time\n"
             "from bridgescore.web.play import thinking\n"
             "pool = f.ProcessPoolExecutor(1, initializer=thinking._one_thread,\n"
             "                             mp_context=m.get_context('spawn'))\n"
             "print(pool.submit(os.getpid).result(), flush=True)\n"
             "time.sleep(60)\n"],
            stdout=subprocess.PIPE, text=True)
        assert server.stdout is not None
        worker = int(server.stdout.readline())
        os.kill(worker, 0)  # alive while its server is
        server.kill()
        server.wait()
        for _ in range(100):
            try:
                os.kill(worker, 0)
            except ProcessLookupError:
                return
            with contextlib.suppress(ChildProcessError):
                os.waitpid(worker, os.WNOHANG)
            time.sleep(0.05)
        os.kill(worker, signal.SIGKILL)
        raise AssertionError("the worker outlived its server by five seconds")

    def test_rule_of_thumb_robots_decide_at_once_without_a_worker(self) -> None:
        job = a_play_job()
        simple = thinking.Job(job.state, job.seat, "simple")
        done = thinking.submit(simple)
        assert done.done() and thinking._pool is None
        assert done.result() == robot_action(job.state, job.seat, "simple")


@needs_endplay
@override_settings(**FAIR)
class TurnTests(TransactionTestCase):
    def tearDown(self) -> None:
        thinking.shutdown()

    def test_the_platform_robot_is_the_fair_one_and_plays_for_imps_in_a_team_room(self) -> None:
        with override_settings(BRIDGESCORE_PLAY_ROBOT_SOLVER="auto"):
            assert play_robots.robot_solver() == "fair"
        t = table(None)
        assert play_robots.robot_scoring(t) == "mp"
        t.room_label = "open"
        assert play_robots.robot_scoring(t) == "imp"

    def test_a_decision_read_before_the_table_moved_on_stores_nothing(self) -> None:
        t, turn = four_robots_turn()
        stale = turn.think().result(timeout=120)
        assert play_robots.robot_turn(t.pk) is not None  # the table moves on meanwhile
        moves = Move.objects.filter(board__table=t).count()
        assert play_robots.finish_turn(turn, stale) is None
        assert Move.objects.filter(board__table=t).count() == moves

    def test_the_sweep_leaves_a_turn_already_in_hand(self) -> None:
        t, turn = four_robots_turn()
        moves = Move.objects.filter(board__table=t).count()
        # A robot with work queued before it: the sweep does not queue the same turn again.
        assert play_robots.wake(t.pk, sweeping=True) is None
        assert Move.objects.filter(board__table=t).count() == moves
        assert play_robots.finish_turn(turn, turn.think().result(timeout=120)) is not None
        assert Move.objects.filter(board__table=t).count() == moves + 1
        # Stored: no longer in hand, so the sweep may wake the table again.
        assert t.pk not in play_robots._in_hand


@needs_endplay
@override_settings(**FAIR)
class FairRobotTablesTests(TransactionTestCase):
    def tearDown(self) -> None:
        thinking.shutdown()

    def test_people_with_fair_robots_get_no_card_they_may_not_see(self) -> None:
        """One person (South) and three fair robots thinking in a worker at each of two
        tables, a spectator at each: a board played out, every message checked."""
        for t in robot_tables("f", 1):
            robot_moves = Move.objects.filter(board__table=t, by_robot=True)
            assert robot_moves.exists()
            assert all(m.seat != Seat.SOUTH.value for m in robot_moves)
