"""Sweeping expired throttle counts while a server runs.

The log-in and table-secret throttles keep a row per (name and) address that failed; a
row is useless once its window has passed.  ``bridgescore web prepare`` and ``web serve``
sweep them at start, and a server that runs for months sweeps here too: when a failure
makes a new row, and the last sweep in this process is a window old, the expired rows go.
So the table holds the addresses of about the last two windows, with no timer to run.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

_last: dict[str, float] = {}
_lock = threading.Lock()


def now_and_then(name: str, every_seconds: float, sweep: Callable[[], int]) -> bool:
    """Run ``sweep`` if this process has not run the sweep ``name`` for ``every_seconds``
    (nor ever: a new process sweeps at its first new row); whether it ran."""
    now = time.monotonic()
    with _lock:
        last = _last.get(name)
        if last is not None and now - last < every_seconds:
            return False
        _last[name] = now
    sweep()
    return True


def forget(name: str) -> None:
    """Forget when ``name`` last ran (the tests start from a process that never swept)."""
    with _lock:
        _last.pop(name, None)
