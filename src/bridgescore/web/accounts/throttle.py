"""Brute-force protection for log-in: N failures per (user name, address) per window.

The count lives in the database (``LoginFailure``) so that every app server behind a load
balancer shares it, and an attacker gains nothing by spreading attempts across servers.
A success clears the count.  The user name is folded (case) and hashed into the key.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone

from ..core import sweep
from .models import LoginFailure


def client_address(request: HttpRequest | None) -> str:
    # REMOTE_ADDR is the client as the ASGI server saw it; behind a reverse proxy the
    # server is started with --forwarded-allow-ips so that it is the real client's.
    if request is None:
        return ""
    return str(request.META.get("REMOTE_ADDR", ""))


def _key(username: str, address: str) -> str:
    return hashlib.sha256(f"{username.casefold()}\0{address}".encode()).hexdigest()


def _window() -> timedelta:
    return timedelta(seconds=settings.LOGIN_FAILURE_WINDOW)


def seconds_locked(username: str, address: str) -> int:
    """How long (whole seconds, rounded up) this pair stays locked out; 0 when it is not."""
    row = LoginFailure.objects.filter(key=_key(username, address)).first()
    if row is None or row.failures < settings.LOGIN_FAILURE_LIMIT:
        return 0
    left = (row.window_start + _window() - timezone.now()).total_seconds()
    return max(0, int(-(-left // 1)))


def record_failure(username: str, address: str) -> None:
    now = timezone.now()
    with transaction.atomic():
        row, created = LoginFailure.objects.select_for_update().get_or_create(
            key=_key(username, address), defaults={"failures": 1, "window_start": now}
        )
        if created:
            sweep.now_and_then("login", _window().total_seconds(), forget_expired)
            return
        if row.window_start + _window() <= now:
            row.failures, row.window_start = 1, now
        else:
            row.failures += 1
        row.save(update_fields=["failures", "window_start"])


def clear(username: str, address: str) -> None:
    LoginFailure.objects.filter(key=_key(username, address)).delete()


def forget_expired() -> int:
    """Delete counts whose window has passed (housekeeping; returns how many)."""
    deleted, _ = LoginFailure.objects.filter(window_start__lt=timezone.now() - _window()).delete()
    return deleted
