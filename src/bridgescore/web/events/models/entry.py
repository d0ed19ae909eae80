"""The entry app's own table: failed table-secret look-ups per client address."""

from __future__ import annotations

from django.db import models


class SecretFailure(models.Model):
    """Failed look-ups of a table secret from one address in the current window.

    In the database, not in process memory, so that every app server behind a load balancer
    counts the same failures (an attacker gains nothing by spreading guesses over servers).
    ``key`` is the SHA-256 of the address, so no address is stored as such.
    """

    key = models.CharField(max_length=64, unique=True)
    failures = models.PositiveIntegerField(default=0)
    window_start = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.key[:8]}… {self.failures}"
