"""The live push: after every stored change of an event (``services.on_change``), tell the
sockets of its results pages, on every app server, through the channel layer (Redis when
several servers share it).  The sockets then ask the database what changed
(``consumers.EventConsumer``): the message itself carries no result."""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)
_connected = False


def group(event_id: int) -> str:
    return f"event.{event_id}"


def push(event_id: int, version: int) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group(event_id), {
            "type": "event.changed", "event": event_id, "version": version})
    except Exception:
        # The change is stored whatever happens here: a page that missed it catches up at
        # its next poll (every 10 s while its socket is down) or the next change.
        log.exception("live push for event %s failed", event_id)


def connect() -> None:
    """Register ``push`` once per process (AppConfig.ready may run more than once in tests)."""
    global _connected
    if _connected:
        return
    from ..events import services

    services.on_change(push)
    _connected = True
