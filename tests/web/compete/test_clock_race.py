"""A round's end happens exactly once, however many workers sweep at that moment: three
threads of one process (the in-process lock), and on PostgreSQL three worker processes
(the row lock with ``skip_locked``), each sweeping as a server's 1 s sweeper does."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from django.db import connection
from django.test import TransactionTestCase

from bridgescore.web.compete import clock
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.models import (
    Competition,
    CompetitionAction,
    CompetitionTable,
)

from ..racing import in_threads
from .helpers import T0, club_with, pairs_event, sign_up, tables

WORKER = """
import sys, django
django.setup()
from django.db import connection
from bridgescore.web.compete import clock, services
clock.set(float(sys.argv[1]))
connection.ensure_connection()
print("ready", flush=True)
sys.stdin.readline()  # go
print(services.sweep(), flush=True)
"""


class ClockRaceTests(TransactionTestCase):
    def setUp(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        self.club, self.td, self.people = club_with(8)
        self.c = pairs_event(self.club, self.td)
        sign_up(self.c, self.people)
        clock.set(T0 + 100)
        assert sv.sweep() == 1  # round 1 started

    def check_once(self) -> None:
        ticks = CompetitionAction.objects.filter(competition=self.c, data__type="tick")
        assert ticks.count() == 2  # the start, and round 1's end
        assert CompetitionTable.objects.filter(competition=self.c, round=2).count() == 2
        assert [t.stopped for t in tables(self.c, 1)] == [True, True]
        ends = [e for h in sv.history(self.c) for e in h["events"] if e["type"] == "RoundClosed"]
        assert ends == [{"type": "RoundClosed", "round": 1, "at": T0 + 700}]
        c = Competition.objects.get(pk=self.c.pk)
        assert c.seq == 6 and c.next_due is not None and c.next_due.timestamp() == T0 + 1300

    def test_three_threads_race_for_the_round_end(self) -> None:
        clock.set(T0 + 700.5)
        assert in_threads(sv.sweep) == [0, 0, 1]
        self.check_once()

    def test_three_processes_race_for_the_round_end(self) -> None:
        if connection.vendor != "postgresql":
            self.skipTest("worker processes share a database server: PostgreSQL (make web-test)")
        s = connection.settings_dict
        url = (f"postgres://{s['USER']}:{s['PASSWORD'] or ''}@{s['HOST'] or '127.0.0.1'}:"
               f"{s['PORT'] or 5432}/{s['NAME']}")
        env = {**os.environ, "DATABASE_URL": url,
               "DJANGO_SETTINGS_MODULE": "bridgescore.web.settings",
               "BRIDGESCORE_LOG_LEVEL": "WARNING"}
        env.pop("BRIDGESCORE_TEST_PG_URL", None)
        procs = [subprocess.Popen([sys.executable, "-c", WORKER, str(T0 + 700.5)], env=env,
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                  cwd=Path(__file__).parent)
                 for _ in range(3)]
        try:
            for p in procs:
                assert p.stdout is not None and p.stdout.readline().strip() == "ready"
            for p in procs:  # as close together as three pipes allow
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
