"""A running server sweeps the throttles' expired counts itself (``core.sweep``): when a
failure makes a new row and this process has not swept for a window."""

from __future__ import annotations

import datetime

from django.test import TestCase, override_settings
from django.utils import timezone

from bridgescore.web.accounts import throttle as login
from bridgescore.web.accounts.models import LoginFailure
from bridgescore.web.core import sweep
from bridgescore.web.events.entry import throttle as secrets
from bridgescore.web.events.models import SecretFailure


@override_settings(TABLE_SECRET_FAILURE_WINDOW=600, LOGIN_FAILURE_WINDOW=900)
class SweepTest(TestCase):
    def setUp(self) -> None:
        sweep.forget("table-secret")
        sweep.forget("login")

    def old(self, seconds: int) -> datetime.datetime:
        return timezone.now() - datetime.timedelta(seconds=seconds)

    def test_a_new_address_sweeps_the_expired_table_secret_counts_once_a_window(self) -> None:
        SecretFailure.objects.create(key="expired", failures=3, window_start=self.old(601))
        SecretFailure.objects.create(key="current", failures=3, window_start=self.old(599))
        secrets.record_failure("198.51.100.1")  # a new row: the process's first sweep
        assert set(SecretFailure.objects.values_list("key", flat=True)) == {
            "current", secrets._key("198.51.100.1")}
        # Within the window no sweep runs again, whatever expires meanwhile.
        SecretFailure.objects.create(key="expired-2", failures=1, window_start=self.old(700))
        secrets.record_failure("198.51.100.2")
        assert SecretFailure.objects.filter(key="expired-2").exists()
        # A failure of a known address makes no row and sweeps nothing.
        sweep.forget("table-secret")
        secrets.record_failure("198.51.100.2")
        assert SecretFailure.objects.filter(key="expired-2").exists()
        # The next new address, a window later, sweeps.
        secrets.record_failure("198.51.100.3")
        assert not SecretFailure.objects.filter(key="expired-2").exists()
        assert SecretFailure.objects.get(key=secrets._key("198.51.100.2")).failures == 2

    def test_the_log_in_counts_likewise(self) -> None:
        LoginFailure.objects.create(key="expired", failures=5, window_start=self.old(901))
        LoginFailure.objects.create(key="current", failures=5, window_start=self.old(100))
        login.record_failure("bob", "198.51.100.7")
        keys = set(LoginFailure.objects.values_list("key", flat=True))
        assert keys == {"current", login._key("bob", "198.51.100.7")}
        # The current count still locks; the sweep took only what had expired.
        with self.settings(LOGIN_FAILURE_LIMIT=5):
            assert LoginFailure.objects.get(key="current").failures == 5

    def test_now_and_then_runs_at_most_once_a_period(self) -> None:
        runs: list[int] = []

        def run(n: int) -> int:
            runs.append(n)
            return 0

        sweep.forget("x")
        assert sweep.now_and_then("x", 3600, lambda: run(1))
        assert not sweep.now_and_then("x", 3600, lambda: run(2))
        assert sweep.now_and_then("x", 0, lambda: run(3))
        assert runs == [1, 3]
        sweep.forget("x")
