"""What the director's API keeps of its own: the idempotency keys of sessions created.

A script that creates a session and loses the answer sends the same request again with the
same key; the key finds the session the first request made instead of making a second."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models

from .session import Event


class CreateRequest(models.Model):
    """One ``POST /api/events`` with an idempotency key: who sent it, a digest of what it
    asked for (the same key with another request is refused), the session it made."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="+")
    key = models.CharField(max_length=64)
    digest = models.CharField(max_length=64)
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["user", "key"], name="director_create_key"),
        ]

    def __str__(self) -> str:
        return f"{self.key} → {self.event_id}"
