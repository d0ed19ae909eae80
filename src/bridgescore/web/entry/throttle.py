"""Rate limit on table secrets: N failed look-ups per client address per window.

A table secret has 96 random bits, so guessing one is hopeless anyway; the limit keeps a
scanner from even trying, and its count lives in the database (``SecretFailure``) so that
several app servers share it.  Only failures count: a table's phone opening its own page
hundreds of times in an evening never comes near the limit.  The limit and the window are
the settings ``TABLE_SECRET_FAILURE_LIMIT`` and ``TABLE_SECRET_FAILURE_WINDOW`` (seconds),
with generous defaults because a club's phones often share one public address.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from .models import SecretFailure

DEFAULT_LIMIT = 30
DEFAULT_WINDOW = 600


def limit() -> int:
    return int(getattr(settings, "TABLE_SECRET_FAILURE_LIMIT", DEFAULT_LIMIT))


def window() -> timedelta:
    return timedelta(seconds=int(getattr(settings, "TABLE_SECRET_FAILURE_WINDOW",
                                         DEFAULT_WINDOW)))


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
            return
        if row.window_start + window() <= now:
            row.failures, row.window_start = 1, now
        else:
            row.failures += 1
        row.save(update_fields=["failures", "window_start"])


def forget_expired() -> int:
    """Delete counts whose window has passed (housekeeping; returns how many)."""
    deleted, _ = SecretFailure.objects.filter(window_start__lt=timezone.now() - window()).delete()
    return deleted
