"""Rate limit on table secrets: N failed look-ups per client address per window.

A table secret has 96 random bits, so guessing one is hopeless anyway; the limit keeps a
scanner from even trying, and its count lives in the database (``SecretFailure``) so that
several app servers share it.  Only failures count: a table's phone opening its own page
hundreds of times in an evening never comes near the limit.  The limit and the window are
the settings ``TABLE_SECRET_FAILURE_LIMIT`` and ``TABLE_SECRET_FAILURE_WINDOW`` (seconds,
from ``BRIDGESCORE_TABLE_SECRET_FAILURE_LIMIT`` / ``…_WINDOW``), with generous defaults because a
club's phones often share one public address.

The phone pages (``entry/views.py``) ask before they look a secret up, so a locked address is
refused even a real secret; the JSON API asks only after a secret opened nothing
(:func:`wrong_secret`), so that an entry with a valid secret costs no extra query.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from ...core import sweep
from .. import tables
from ..models import Event, SecretFailure, Table


def limit() -> int:
    return int(settings.TABLE_SECRET_FAILURE_LIMIT)


def window() -> timedelta:
    return timedelta(seconds=int(settings.TABLE_SECRET_FAILURE_WINDOW))


def _key(address: str) -> str:
    return hashlib.sha256(f"table-secret\0{address}".encode()).hexdigest()


def seconds_locked(address: str) -> int:
    """How long (whole seconds, rounded up) this address stays locked out; 0 when it is not."""
    row = SecretFailure.objects.filter(key=_key(address)).first()
    if row is None or row.failures < limit():
        return 0
    left = (row.window_start + window() - timezone.now()).total_seconds()
    return max(0, int(-(-left // 1)))


def record_failure(address: str) -> None:
    now = timezone.now()
    with transaction.atomic():
        row, created = SecretFailure.objects.select_for_update().get_or_create(
            key=_key(address), defaults={"failures": 1, "window_start": now})
        if created:
            sweep.now_and_then("table-secret", window().total_seconds(), forget_expired)
            return
        if row.window_start + window() <= now:
            row.failures, row.window_start = 1, now
        else:
            row.failures += 1
        row.save(update_fields=["failures", "window_start"])


class Locked(Exception):
    """This address has had too many wrong secrets: it is refused for ``seconds`` more."""

    def __init__(self, seconds: int) -> None:
        super().__init__(seconds)
        self.seconds = seconds


def is_closed_table(secret: str) -> bool:
    """A real secret of a table whose session is closed: no guess, so it counts nothing."""
    return len(secret) == tables.TOKEN_LENGTH and Table.objects.filter(
        token_digest=tables.digest(secret), event__status=Event.Status.CLOSED).exists()


def wrong_secret(address: str, secret: str) -> None:
    """A secret that opened no table, from this address: raises :class:`Locked` while the
    address is over the limit, else counts one failure (not for a closed session's secret)."""
    locked = seconds_locked(address)
    if locked:
        raise Locked(locked)
    if not is_closed_table(secret):
        record_failure(address)


def forget_expired() -> int:
    """Delete counts whose window has passed (housekeeping; returns how many)."""
    deleted, _ = SecretFailure.objects.filter(window_start__lt=timezone.now() - window()).delete()
    return deleted
