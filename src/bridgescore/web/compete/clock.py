"""The competitions' clock: Unix seconds, which the services pass to the state machines.

The real clock is ``time.time()``.  A test sets a fake one (``set``/``advance``) and runs
time forward without sleeping; every service reads ``now()``, never the wall clock, so a
round's end, a registration's hold or the start happen when the test says.  The fake time
is per process (a worker started by a test is given its time on its command line).
"""

from __future__ import annotations

import datetime
import threading
import time

_lock = threading.Lock()
_fake: list[float] = []  # empty: the real clock


def now() -> float:
    with _lock:
        return _fake[0] if _fake else time.time()


def moment(seconds: float | None = None) -> datetime.datetime:
    """``seconds`` (default: now) as an aware UTC datetime, as the database stores it."""
    return datetime.datetime.fromtimestamp(now() if seconds is None else seconds, datetime.UTC)


def seconds(moment: datetime.datetime) -> float:
    return moment.timestamp()


def set(seconds: float) -> None:
    """Stop the clock at ``seconds`` (a test's fake time)."""
    with _lock:
        _fake[:] = [float(seconds)]


def advance(by: float) -> float:
    """Move the fake clock on by ``by`` seconds (it must be set); the new time."""
    with _lock:
        if not _fake:
            raise RuntimeError("the clock is real: set() it first")
        _fake[0] += float(by)
        return _fake[0]


def real() -> None:
    """Back to the wall clock."""
    with _lock:
        _fake.clear()
