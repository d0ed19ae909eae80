"""The tables' live side in a server: messages out through the channel layer, robots and
timers on the server's event loop, and the sweep every server runs.

``deliver`` takes what the services committed (an ``Outcome``): each group's message, made
once by the server that acted, goes to the group on every server (Redis when several share
it); the all-hands spectators' stream waits ``spectator_delay`` seconds; and if the table
is due to move on by itself (a robot's turn, the next board), a wake-up is scheduled on this
loop.  A process without a server loop (a command) sends the late stream nothing: never
early.  Whatever this process forgets (a restart, ``kill -9``), ``PlayTable.due`` remembers:
every server's sweep (each second) wakes the overdue tables.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.utils import timezone

from ..core import dbthreads

log = logging.getLogger(__name__)

_loop: asyncio.AbstractEventLoop | None = None
_sweepers: set[int] = set()  # id() of the loops a sweeper runs on
_state_lock = threading.Lock()
# (loop, table id) → its messages leave one delivery at a time
_order: dict[tuple[int, int], asyncio.Lock] = {}


_tasks: set[asyncio.Task[Any]] = set()  # kept until done (the loop holds tasks weakly)


def _spawn(loop: asyncio.AbstractEventLoop, coro: Any) -> None:
    task = loop.create_task(coro)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


_memory_lock = threading.Lock()


def _serialised(fn: Any, *args: Any) -> Any:
    # An in-memory SQLite database (the test run's) shares one cache between connections,
    # where a reader meets a writer's table lock at once (no busy timeout): there, the
    # tables' database work takes turns.  A real SQLite file (WAL) or PostgreSQL needs none.
    from django.db import connection

    if connection.vendor == "sqlite" and connection.is_in_memory_db():  # type: ignore[attr-defined]
        with _memory_lock:
            return fn(*args)
    return fn(*args)


def submit(fn: Any, *args: Any) -> Any:
    """``fn(*args)`` on a database thread (core.dbthreads: each keeps its connection); an
    awaitable of its result."""
    return asyncio.wrap_future(dbthreads.submit(_serialised, fn, *args))


def sweep_seconds() -> float:
    """How often a server sweeps (0: never; the tests sweep when they mean to)."""
    return float(getattr(settings, "BRIDGESCORE_PLAY_SWEEP_SECONDS", 1.0))


def remember_loop(loop: asyncio.AbstractEventLoop) -> None:
    """The server's loop: the channel layer's connections belong to it, so every thread hands
    its messages to it; its sweeper starts with it."""
    global _loop
    _loop = loop
    every = sweep_seconds()
    with _state_lock:
        if every <= 0 or id(loop) in _sweepers:
            return
        _sweepers.add(id(loop))
    loop.call_soon_threadsafe(lambda: _spawn(loop, _sweeper(loop, every)))


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def deliver(out: Any) -> None:
    """Send an outcome's messages and schedule its wake-up (see the module's docstring)."""
    loop = _loop
    if loop is not None and loop.is_running() and not loop.is_closed():
        if _running_loop() is loop:
            _spawn(loop, _deliver(out))
        else:
            asyncio.run_coroutine_threadsafe(_deliver(out), loop).add_done_callback(_failed)
        return
    # No server loop (a command, a test without sockets): sent now, nothing scheduled.
    try:
        async_to_sync(_send_all)(out, False)
    except Exception:
        log.exception("table %s: live messages failed", out.table_id)


def deliver_many(outs: list[Any]) -> None:
    """``deliver`` for each of ``outs`` in order (a round's 250 tables stopped at once): one
    hand-over to the loop, or one ``async_to_sync`` without one, not one a table."""
    loop = _loop
    if loop is not None and loop.is_running() and not loop.is_closed():
        for out in outs:
            deliver(out)
        return

    async def send() -> None:
        for out in outs:
            try:
                await _send_all(out, False)
            except Exception:
                log.exception("table %s: live messages failed", out.table_id)

    if any(out.messages for out in outs):
        async_to_sync(send)()


def _failed(done: Any) -> None:
    if not done.cancelled() and done.exception() is not None:
        log.error("live table messages failed", exc_info=done.exception())


def _wire(message: Any) -> dict[str, Any]:
    if message.parts is not None:
        return {"type": "play.bundle", "parts": message.parts}
    return {"type": "play.message", "group": message.group, "payload": message.payload,
            "user": message.user, "exclude": message.exclude, "skip": message.skip}


async def _send_in_order(layer: Any, messages: list[Any]) -> None:
    for m in messages:
        await layer.group_send(m.group, _wire(m))


async def _send_all(out: Any, schedule: bool) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    loop = asyncio.get_running_loop()
    late = [m for m in out.messages if m.delayed and out.delay > 0]
    for m in out.messages:
        if not (m.delayed and out.delay > 0):
            await layer.group_send(m.group, _wire(m))
    if not late:
        return
    if schedule:
        # One task for the outcome's late messages, in their order (the last update, then
        # the table's end), when they come of age.
        # (the coroutine made when due: a loop closed before then leaves none unawaited)
        loop.call_later(out.delay, lambda: _spawn(loop, _send_in_order(layer, late)))
    else:
        # No server loop to wait on (a command): the late stream's messages are not sent
        # at all rather than early; its sockets catch up with the next one (each view is
        # whole), or with a hello.
        log.debug("table %s: %d late message(s) not sent (no server loop)", out.table_id,
                  len(late))


async def _deliver(out: Any) -> None:
    # FIFO: one table's deliveries leave in the order they were handed (one small lock a
    # table, kept: a few hundred bytes each).
    lock = _order.setdefault((id(asyncio.get_running_loop()), out.table_id), asyncio.Lock())
    async with lock:
        await _send_all(out, True)
    if out.due is not None:
        schedule(out.table_id, out.due)


def schedule(table_id: int, due: Any) -> None:
    """Wake the table at ``due`` on this loop (the sweep catches it if this server dies)."""
    loop = asyncio.get_running_loop()
    delay = max(0.0, (due - timezone.now()).total_seconds())
    if delay <= 0:
        _spawn(loop, _wake(table_id))
    else:
        loop.call_later(delay, lambda: _spawn(loop, _wake(table_id)))


# The services' wake-up and sweep, registered by ``presence`` when it loads (it imports
# this one: the live layer never imports the services back).
_handlers: dict[str, Callable[..., Any]] = {}


_more_sweeps: dict[str, Callable[[], Any]] = {}


def register(*, wake: Callable[[int], Any], sweep: Callable[[], Any]) -> None:
    _handlers["wake"] = wake
    _handlers["sweep"] = sweep


def register_sweep(name: str, sweep: Callable[[], Any]) -> None:
    """Another app's work for the same sweeper, once a sweep (the competitions' clock:
    ``web.compete``); each runs on a database thread of its own, after the tables'."""
    _more_sweeps[name] = sweep


async def _wake(table_id: int) -> None:
    try:
        step = await submit(_handlers["wake"], table_id)
    except Exception:
        # Logged, not raised: the sweep tries again in a second.
        log.exception("table %s: could not move on", table_id)
        return
    if step is None or not hasattr(step, "think"):
        return
    # A robot's turn: it thinks in a worker process while this loop and the database
    # threads serve people; its action is stored afterwards only if the table is still
    # where it was read (web/play/robots.py).
    try:
        action = await asyncio.wrap_future(await submit(step.think))
    except Exception:
        log.exception("table %s: a robot could not decide", table_id)
        action = None  # finish(None) stores nothing and sets the table's timer again
    try:
        await submit(step.finish, action)
    except Exception:
        log.exception("table %s: could not move on", table_id)


async def _sweeper(loop: asyncio.AbstractEventLoop, every: float) -> None:
    while not loop.is_closed():
        try:
            await submit(_handlers["sweep"])
        except Exception:
            log.exception("the tables' sweep failed")
        for name, more in list(_more_sweeps.items()):
            try:
                await submit(more)
            except Exception:
                log.exception("the %s sweep failed", name)
        await asyncio.sleep(every)
