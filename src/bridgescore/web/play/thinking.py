"""The robots' thinking, off the request path.

A fair robot's card (``solver="fair"``: layouts sampled and solved double dummy) takes tens
to hundreds of milliseconds of one core.  Done where people's moves are handled (the
database threads, under the table's lock), it would hold those back.  So a robot's decision
is a pure function of the table's position (:func:`bridgescore.robots.table.robot_action`
on a :class:`~bridgescore.table.state.TableState`) and runs in worker processes of its own:
``BRIDGESCORE_PLAY_ROBOT_WORKERS`` of them a server (default 1: one core of two stays with
the people; 0 decides in the calling thread, as the rule-of-thumb robot always does, since
its card costs microseconds).  Each worker lets the solver use one thread, so the time a
card is one core's.

The server reads the position without the table's lock, hands it here, and stores the
action through the ordinary path (``services._act``) with the position it read as the
expected one: if a person moved meanwhile, the robot's stale decision is dropped and the
table's timer asks again.  Workers start with ``spawn`` (a fresh interpreter that imports
the library only, never the server's threads and connections); one that dies is replaced
and the turn is decided in the calling thread instead.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from django.conf import settings

from ...core.seat import Seat
from ...table.actions import Action
from ...table.state import TableState

log = logging.getLogger(__name__)

__all__ = ["Job", "decide", "shutdown", "submit", "submit_inline", "workers"]


@dataclass(frozen=True)
class Job:
    """One robot decision: the position, the robot's seat, and how it plays."""

    state: TableState
    seat: Seat
    solver: str
    salt: str = ""
    scoring: str = "mp"


def decide(job: Job) -> Action | None:
    """The robot's action for ``job`` (run in a worker, or inline)."""
    from ...robots.table import robot_action

    return robot_action(job.state, job.seat, job.solver, salt=job.salt, scoring=job.scoring)


def _one_thread() -> None:
    # A worker's solver uses one thread: a card's time is one core's, and two workers
    # never fight over one core's threads.  And it thinks at a lower priority than the
    # server: when the robots have more to think than their core allows, people's moves
    # still get the processor first (a robot waits a little longer; nobody else does).
    with contextlib.suppress(OSError):  # not allowed here: the same priority as the server
        os.nice(NICE)
    with contextlib.suppress(ImportError):  # no solver: the rule-of-thumb robot needs none
        import endplay._dds as dds

        dds.SetMaxThreads(1)
    _leave_with_parent(os.getppid())


def _leave_with_parent(parent: int, every: float = 1.0) -> None:
    """End this worker when the server that started it has gone.  A server stopped by a
    signal runs no clean-up, and a worker waiting for its next job would wait for ever:
    an orphan holding memory.  Once the parent is gone the worker is someone else's child,
    so a changed parent id says so (a look a second, on a daemon thread)."""
    import threading
    import time

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(0)

    threading.Thread(target=watch, name="leave-with-parent", daemon=True).start()


NICE = 10  # how much lower the workers' priority is than the server's
_pool: ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()


def workers() -> int:
    return int(getattr(settings, "BRIDGESCORE_PLAY_ROBOT_WORKERS", 1))


def _executor() -> ProcessPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(max_workers=workers(), initializer=_one_thread,
                                        mp_context=multiprocessing.get_context("spawn"))
        return _pool


def _reset(broken: ProcessPoolExecutor) -> None:
    global _pool
    with _pool_lock:
        if _pool is broken:
            _pool = None
    broken.shutdown(wait=False, cancel_futures=True)


def submit(job: Job) -> Future[Action | None]:
    """The robot's action, as a future: from a worker process when the robot thinks (the
    fair and double-dummy solvers), at once otherwise."""
    if job.solver == "simple" or workers() <= 0:
        return submit_inline(job)
    pool = _executor()
    try:
        future = pool.submit(decide, job)
    except (BrokenProcessPool, RuntimeError):
        _reset(pool)
        return submit_inline(job)
    out: Future[Action | None] = Future()

    def relay(f: Future[Action | None]) -> None:
        exc = f.exception()
        if isinstance(exc, BrokenProcessPool):
            # A worker died (killed, out of memory): a new pool for the next turn, and this
            # one decided here, so the table never waits for nothing.
            log.warning("a robot worker died; deciding the turn in the server")
            _reset(pool)
            try:
                out.set_result(decide(job))
            except BaseException as e:
                out.set_exception(e)
        elif exc is not None:
            out.set_exception(exc)
        else:
            out.set_result(f.result())

    future.add_done_callback(relay)
    return out


def submit_inline(job: Job) -> Future[Action | None]:
    """``decide(job)`` in this thread, as a finished future."""
    done: Future[Action | None] = Future()
    try:
        done.set_result(decide(job))
    except BaseException as e:  # handed to whoever waits on it
        done.set_exception(e)
    return done


def shutdown() -> None:
    """Stop the workers (tests; a server's exit stops them by itself)."""
    global _pool
    with _pool_lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)
