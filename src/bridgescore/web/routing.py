"""WebSocket routes (the HTTP ones are in urls.py)."""

from __future__ import annotations

from typing import Any

from django.urls import path

from .core.consumers import PingConsumer
from .events.results.consumers import EventConsumer
from .events.teams.consumers import MatchConsumer
from .play.consumers import TableConsumer

# (django-stubs types path() for views only; Channels' URLRouter takes ASGI apps too.)
websocket_urlpatterns: list[Any] = [
    path("ws/ping", PingConsumer.as_asgi()),  # type: ignore[arg-type]
    path("ws/events/<int:event_id>", EventConsumer.as_asgi()),  # type: ignore[arg-type]
    path("ws/events/<int:event_id>/match", MatchConsumer.as_asgi()),  # type: ignore[arg-type]
    path("ws/play/tables/<int:table_id>", TableConsumer.as_asgi()),  # type: ignore[arg-type]
]
