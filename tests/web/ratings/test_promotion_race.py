"""A promotion is recorded exactly once, in the transaction of the award that made it.

- An automatic Swiss's last bell, swept by three threads at once (and on PostgreSQL by three
  worker processes): one set of awards, each promotion once.  The thresholds are set low
  (one rank a masterpoint) so that each award crosses several.
- Two competitions giving the same player masterpoints at the same moment (PostgreSQL: on
  SQLite one writer at a time makes it impossible): the second waits for the player's row,
  sees the first award, and records only the ranks it crosses itself.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from fractions import Fraction
from pathlib import Path

from django.db import connection, transaction
from django.test import TransactionTestCase, override_settings

from bridgescore.web.compete import clock, ledger
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.models import (
    Competition,
    MasterpointAward,
    MasterpointTotal,
    RankPromotion,
)

from ..compete.helpers import T0, club_with, pass_out, tables
from ..racing import in_threads
from .helpers import START, event

LOW = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
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


def _pg_url() -> str:
    s = connection.settings_dict
    return (f"postgres://{s['USER']}:{s['PASSWORD'] or ''}@{s['HOST'] or '127.0.0.1'}:"
            f"{s['PORT'] or 5432}/{s['NAME']}")


@override_settings(BRIDGESCORE_RANK_THRESHOLDS=LOW)
class SwissFinalRaceTests(TransactionTestCase):
    """Four pairs, two rounds of one board; the last bell at T0 + 1800 ranks them (all
    tied at 0: by boards, then registration) and gives 3 and 2 to the top half."""

    def setUp(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        self.club, self.td, self.people = club_with(8)
        self.c = sv.create_competition(
            self.club, self.td, kind="swiss", name_en="Swiss", name_zh="瑞士移位",
            settings={"start": T0 + 600, "rounds": 2, "boards_per_round": 1,
                      "round_minutes": 10, "completion": 0.0, "deal_seed": 3})
        for table, (a, b) in enumerate(zip(self.people[::2], self.people[1::2], strict=True), 1):
            for who, seat in ((a, "N"), (b, "S")):
                sv.act(self.c, {"type": "Sit", "player": str(who.pk), "table": table,
                                "seat": seat}, who)
            for who in (a, b):
                sv.act(self.c, {"type": "RaiseHand", "player": str(who.pk)}, who)
        for now in (T0 + 30.5, T0 + 600.2):
            clock.set(now)
            assert sv.sweep() == 1
        pass_out(tables(self.c, 1)[0].play_table)
        clock.set(T0 + 1200.7)
        assert sv.sweep() == 1  # round 2 drawn; the final is next, at T0 + 1800

    def check_once(self) -> None:
        u = [p.pk for p in self.people]
        awards = {(a.user_id, a.place, a.exact) for a in MasterpointAward.objects.all()}
        assert awards == {(u[0], 1, "3"), (u[1], 1, "3"), (u[2], 2, "2"), (u[3], 2, "2")}
        got = sorted((p.user_id, p.rank, p.before, p.after, p.award.place)
                     for p in RankPromotion.objects.select_related("award"))
        assert got == sorted([(u[i], r, "0", "3", 1) for i in (0, 1) for r in (1, 2, 3)]
                             + [(u[i], r, "0", "2", 2) for i in (2, 3) for r in (1, 2)])
        assert {p.promoted_at.timestamp() for p in RankPromotion.objects.all()} == {T0 + 1800}
        assert {(t.user_id, t.exact, t.awards) for t in MasterpointTotal.objects.all()} == {
            (u[0], "3", 1), (u[1], "3", 1), (u[2], "2", 1), (u[3], "2", 1)}
        # Sweeping again, a restarted server: nothing more.
        sv.forget()
        clock.set(T0 + 5000)
        assert sv.sweep() == 0
        assert RankPromotion.objects.count() == 10

    def test_three_threads_race_for_the_last_bell(self) -> None:
        clock.set(T0 + 1800.5)
        assert in_threads(sv.sweep) == [0, 0, 1]
        assert Competition.objects.get(pk=self.c.pk).status == "finished"
        self.check_once()

    def test_three_processes_race_for_the_last_bell(self) -> None:
        if connection.vendor != "postgresql":
            self.skipTest("worker processes share a database server: PostgreSQL (make web-test)")
        env = {**os.environ, "DATABASE_URL": _pg_url(),
               "DJANGO_SETTINGS_MODULE": "bridgescore.web.settings",
               "BRIDGESCORE_LOG_LEVEL": "WARNING",
               "BRIDGESCORE_RANK_THRESHOLDS": " ".join(map(str, LOW))}
        env.pop("BRIDGESCORE_TEST_PG_URL", None)
        procs = [subprocess.Popen([sys.executable, "-c", WORKER, str(T0 + 1800.5)], env=env,
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


class TwoCompetitionsAtOnceTests(TransactionTestCase):
    def test_the_second_award_sees_the_first(self) -> None:
        if connection.vendor != "postgresql":
            self.skipTest("two writers at once need PostgreSQL: SQLite has one writer at a time")
        club, td, people = club_with(1)
        player = people[0]
        c1, c2 = event(club, td, "Monday Swiss"), event(club, td, "Monday pairs")
        first_in = threading.Event()
        errors: list[BaseException] = []
        made: dict[str, list[tuple[int, str, str]]] = {}

        def give(name: str, c: Competition, hold: float) -> None:
            try:
                with transaction.atomic():
                    _, rows = ledger.give(c, player, 1, Fraction(3), START)
                    made[name] = [(p.rank, p.before, p.after) for p in rows]
                    first_in.set()
                    time.sleep(hold)  # the award is written, not yet committed
            except BaseException as e:  # reported below
                errors.append(e)
                first_in.set()
            finally:
                connection.close()

        a = threading.Thread(target=give, args=("first", c1, 0.5))
        a.start()
        assert first_in.wait(30)
        b = threading.Thread(target=give, args=("second", c2, 0.0))
        b.start()
        a.join(60)
        b.join(60)
        assert not errors, errors
        # 0 → 3: Ranked Player; then 3 → 6: Intermediate Player (5), not Ranked Player again.
        assert made == {"first": [(1, "0", "3")], "second": [(2, "3", "6")]}
        assert sorted(RankPromotion.objects.values_list("rank", "award__competition_id")) == [
            (1, c1.pk), (2, c2.pk)]
        assert ledger.total_of(player) == 6
        t = MasterpointTotal.objects.get(user=player)
        assert (t.exact, t.awards) == ("6", 2)
