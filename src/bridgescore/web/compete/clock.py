"""The competitions' clock: Unix seconds, which the services pass to the state machines.

The real clock is ``time.time()``.  A test sets a fake one (``set``/``advance``) and runs
time forward without sleeping; every service reads ``now()``, never the wall clock, so a
round's end, a registration's hold or the start happen when the test says.  The fake time
is per process (a worker started by a test is given its time on its command line).

A server has no fake clock, but it may be told to run ahead of the wall clock: the setting
``BRIDGESCORE_CLOCK_FILE`` names a file holding a number of seconds added to ``time.time()``
(read again whenever the file changes).  A test of a running server writes it to jump to a
round's start or end instead of waiting; a rehearsal can run a day's schedule in minutes.  A
missing or empty file adds nothing; the offset is meant only to grow (time never runs back).
"""

from __future__ import annotations

import datetime
import os
import threading
import time

_lock = threading.Lock()
_fake: list[float] = []  # empty: the real clock
# The offset file's name ("" when there is none), its last change and its seconds.
_offset: list[tuple[str, int, float]] = []


def _ahead() -> float:
    """Seconds the clock runs ahead of the wall clock (``BRIDGESCORE_CLOCK_FILE``)."""
    if not _offset:
        from django.conf import settings

        _offset.append((str(getattr(settings, "BRIDGESCORE_CLOCK_FILE", "") or ""), -1, 0.0))
    name, changed, seconds = _offset[0]
    if not name:
        return 0.0
    try:
        stamp = os.stat(name).st_mtime_ns
        if stamp != changed:
            with open(name, encoding="ascii") as f:
                text = f.read().strip()
            seconds = float(text) if text else 0.0
            _offset[0] = (name, stamp, seconds)
    except (OSError, ValueError):
        pass  # missing or half-written: the last figure read stands
    return seconds


def now() -> float:
    with _lock:
        return _fake[0] if _fake else time.time() + _ahead()


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
