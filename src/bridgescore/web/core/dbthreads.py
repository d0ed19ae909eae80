"""A few long-lived threads that run the hot API views' database work, each keeping its
database connection open between requests.

Under ASGI, Django runs every synchronous request in a thread of its own, and a thread's
connection dies with it: each request opens a database connection and closes it again.
For a phone's entry that is most of the work — SQLite registers its functions and, when the
last connection closes, checkpoints the write-ahead log; PostgreSQL forks a backend — and
with 200 tables at once it is also 200 connections, more than a PostgreSQL server allows.
So the table API's views run here instead: at most ``BRIDGESCORE_DB_THREADS`` at a time in
a process (the others queue, as they would for the event's writer anyway), each on the
connection its thread keeps.

The threads hold no state of their own beyond the connection (any app server answers any
request); a connection that fails is closed and the next request opens a new one.  Inside
a transaction of the caller's thread (a test's), the view runs inline, in that transaction.
"""

from __future__ import annotations

import contextvars
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connection, connections

T = TypeVar("T")

_executor: ThreadPoolExecutor | None = None
_executor_lock = threading.Lock()
_here = threading.local()  # ``on`` is set in the database threads
_started = 0  # threads the current executor has started
_wrappers: list[Any] = []  # each database thread's connection wrapper (Django's, per thread)


def _mark() -> None:
    global _started
    _here.on = True
    with _executor_lock:
        _started += 1
        _wrappers.append(connections[DEFAULT_DB_ALIAS])


def _pool() -> ThreadPoolExecutor:
    global _executor
    with _executor_lock:
        if _executor is None:
            _executor = ThreadPoolExecutor(
                max_workers=int(getattr(settings, "BRIDGESCORE_DB_THREADS", 16)),
                thread_name_prefix="bridgescore-db", initializer=_mark)
        return _executor


def _job(fn: Callable[..., T], *args: Any) -> T:
    if connection.connection is not None and connection.errors_occurred:
        # The last request saw a database error: keep the connection only if it answers.
        connection.close_if_unusable_or_obsolete()
    try:
        connection.ensure_connection()
        # Kept, whatever CONN_MAX_AGE says: the request_finished signal that a response's
        # close() sends would otherwise close it after every request.
        connection.close_at = None
    except DatabaseError:
        connection.close()  # the database is down: ``fn`` meets it and answers (a 503)
    try:
        return fn(*args)
    except DatabaseError:
        # Whatever went wrong (a restarted server, a lost socket), the next request starts
        # on a fresh connection.
        connection.close()
        raise
    finally:
        if connection.in_atomic_block:  # never left open by a view; if so, undo it
            connection.close()


def shutdown() -> None:
    """Close every thread's connection and stop the threads (the next request starts new
    ones, sized by the settings then).  A test run calls it before it drops its database,
    which refuses to go while a connection is open."""
    global _executor, _started
    with _executor_lock:
        executor, _executor = _executor, None
        _started = 0
        wrappers = list(_wrappers)
        _wrappers.clear()
    if executor is None:
        return
    # Every job finishes and every thread ends first; then each thread's connection is
    # closed from here.  (Closing them from inside the threads needed one job on each
    # thread at once, a barrier that broke when a thread was still busy with a live
    # table's job: a test run then failed, or left a connection open.)
    executor.shutdown(wait=True)
    for wrapper in wrappers:
        wrapper.inc_thread_sharing()  # its thread is gone: another may close it
        try:
            wrapper.close()
        finally:
            wrapper.dec_thread_sharing()


def submit(fn: Callable[..., T], *args: Any) -> Future[T]:
    """``fn(*args)`` on one of the database threads; its future."""
    return _pool().submit(_job, fn, *args)


def run(fn: Callable[[], T]) -> T:
    """``fn()`` on one of the database threads (with the caller's context: its language),
    or inline when the caller is one of them already or is inside a transaction."""
    if getattr(_here, "on", False) or connection.in_atomic_block:
        return fn()
    context = contextvars.copy_context()
    return _pool().submit(context.run, _job, fn).result()
