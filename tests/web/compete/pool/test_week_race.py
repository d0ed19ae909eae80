"""The week closes and the next pool is made exactly once, however many workers sweep at
its end: three threads of one process, and on PostgreSQL three worker processes (the row
lock with ``skip_locked``, and ``unique(club, number)``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from django.db import connection
from django.test import TransactionTestCase

from bridgescore.web.compete import clock
from bridgescore.web.compete.models import PoolBoard, PoolWeek
from bridgescore.web.compete.pool import services as pool

from ...racing import in_threads
from .helpers import T0, club_with, start

DAY = 86_400.0
WORKER = """
import sys, django
django.setup()
from django.db import connection
from bridgescore.web.compete import clock
from bridgescore.web.compete.pool import services
clock.set(float(sys.argv[1]))
connection.ensure_connection()
print("ready", flush=True)
sys.stdin.readline()  # go
print(services.sweep(), flush=True)
"""


class WeekRaceTests(TransactionTestCase):
    def setUp(self) -> None:
        self.addCleanup(clock.real)
        self.club, self.td, _ = club_with(0)
        self.week = start(self.club, self.td, boards=12, days=7)

    def check_once(self) -> None:
        weeks = list(PoolWeek.objects.filter(club=self.club).order_by("number"))
        assert [(w.number, w.closed) for w in weeks] == [(1, True), (2, False)]
        assert weeks[1].start == weeks[0].end
        assert weeks[1].end.timestamp() == T0 + 14 * DAY
        assert PoolBoard.objects.filter(week=weeks[1]).count() == 12
        # Fresh deals, not last week's.
        assert set(PoolBoard.objects.filter(week=weeks[1]).values_list("deal", flat=True)) \
            != set(PoolBoard.objects.filter(week=weeks[0]).values_list("deal", flat=True))

    def test_nothing_before_the_end(self) -> None:
        clock.set(T0 + 7 * DAY - 1)
        assert pool.sweep() == 0
        assert PoolWeek.objects.count() == 1

    def test_three_threads_race_for_the_week_s_end(self) -> None:
        clock.set(T0 + 7 * DAY + 0.5)
        assert in_threads(pool.sweep) == [0, 0, 1]
        self.check_once()
        assert pool.sweep() == 0  # and never again

    def test_a_server_down_for_two_weeks_catches_up_week_by_week(self) -> None:
        clock.set(T0 + 15 * DAY)
        assert pool.sweep() == 1 and pool.sweep() == 1 and pool.sweep() == 0
        weeks = list(PoolWeek.objects.filter(club=self.club).order_by("number"))
        assert [(w.number, w.closed, w.start.timestamp()) for w in weeks] == [
            (1, True, T0), (2, True, T0 + 7 * DAY), (3, False, T0 + 14 * DAY)]

    def test_three_processes_race_for_the_week_s_end(self) -> None:
        if connection.vendor != "postgresql":
            self.skipTest("worker processes share a database server: PostgreSQL (make web-test)")
        s = connection.settings_dict
        url = (f"postgres://{s['USER']}:{s['PASSWORD'] or ''}@{s['HOST'] or '127.0.0.1'}:"
               f"{s['PORT'] or 5432}/{s['NAME']}")
        env = {**os.environ, "DATABASE_URL": url,
               "DJANGO_SETTINGS_MODULE": "bridgescore.web.settings",
               "BRIDGESCORE_LOG_LEVEL": "WARNING"}
        env.pop("BRIDGESCORE_TEST_PG_URL", None)
        procs = [subprocess.Popen([sys.executable, "-c", WORKER, str(T0 + 7 * DAY + 0.5)],
                                  env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, cwd=Path(__file__).parent)
                 for _ in range(3)]
        try:
            for p in procs:
                assert p.stdout is not None and p.stdout.readline().strip() == "ready"
            for p in procs:
                assert p.stdin is not None
                p.stdin.write("go\n")
                p.stdin.flush()
            counts = [int(p.communicate(timeout=60)[0].strip()) for p in procs]
        finally:
            for p in procs:
                if p.poll() is None:
                    p.kill()
        assert sorted(counts) == [0, 0, 1]
        assert all(p.returncode == 0 for p in procs)
        self.check_once()
