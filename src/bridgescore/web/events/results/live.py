"""The live push: after every stored change of an event (``services.on_change``), tell the
sockets of its results pages, on every app server, through the channel layer (Redis when
several servers share it).  The sockets then ask the database what changed
(``consumers.EventConsumer``): the message itself carries no result."""

from __future__ import annotations

import asyncio
import logging
import threading
from concurrent.futures import Future
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)
_connected = False
# The ASGI server's event loop (``remember_loop``): the channel layer's queues and
# connections belong to it, so a push from any thread is handed to it.
_loop: asyncio.AbstractEventLoop | None = None
_pending: set[int] = set()  # events with a message handed to the loop, not yet sent
_pending_lock = threading.Lock()


def remember_loop(loop: asyncio.AbstractEventLoop | None) -> None:
    global _loop
    _loop = loop


def group(event_id: int) -> str:
    return f"event.{event_id}"


def push(event_id: int, version: int) -> None:
    """Tell the event's sockets that it changed.  In a server, the message is handed to its
    event loop and the caller goes on (an entry's answer does not wait for the sockets);
    elsewhere (a command, a test without a server) it is sent before this returns."""
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "event.changed", "event": event_id, "version": version}
    loop = _loop
    if loop is not None and loop.is_running() and not loop.is_closed():
        with _pending_lock:
            if event_id in _pending:
                # A message for this event is on its way and not yet sent: the sockets ask
                # the database what changed when it arrives, so that one covers this change.
                return
            _pending.add(event_id)
        try:
            running: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            task = loop.create_task(_send(layer, event_id, message))
            task.add_done_callback(lambda t: _failed(event_id, t))
        else:
            future = asyncio.run_coroutine_threadsafe(_send(layer, event_id, message), loop)
            future.add_done_callback(lambda f: _failed(event_id, f))
        return
    try:
        async_to_sync(layer.group_send)(group(event_id), message)
    except Exception:
        _failed(event_id, None)


async def _send(layer: Any, event_id: int, message: dict[str, Any]) -> None:
    with _pending_lock:  # from here on, a new change needs a message of its own
        _pending.discard(event_id)
    await layer.group_send(group(event_id), message)


def _failed(event_id: int, done: Future[Any] | asyncio.Future[Any] | None) -> None:
    # The change is stored whatever happens here: a page that missed it catches up at its
    # next poll (every 10 s while its socket is down) or the next change.
    if done is None:
        log.exception("live push for event %s failed", event_id)
    elif not done.cancelled() and done.exception() is not None:
        log.error("live push for event %s failed", event_id, exc_info=done.exception())


def connect() -> None:
    """Register ``push`` once per process (AppConfig.ready may run more than once in tests)."""
    global _connected
    if _connected:
        return
    from .. import services

    services.on_change(push)
    _connected = True
