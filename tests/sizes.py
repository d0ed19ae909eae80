"""How big the long property runs are: quick by default (``make test`` on a laptop), full
under ``CI=true`` or ``BRIDGESCORE_TEST_FULL=1``.  The quick size still reaches every kind of
state the test was written to visit (every board of a 32-board set, every movement shape);
the full size adds repetitions, not kinds."""

from __future__ import annotations

import os

FULL = os.environ.get("CI") == "true" or os.environ.get("BRIDGESCORE_TEST_FULL") == "1"


def size(quick: int, full: int, variable: str | None = None) -> int:
    """``variable``'s value when it is set, else ``full`` or ``quick``."""
    if variable and os.environ.get(variable):
        return int(os.environ[variable])
    return full if FULL else quick

# The browser tests' screenshots (artefacts/web/, to look at the pages): written when
# BRIDGESCORE_TEST_SHOTS=1.  A full-page screenshot costs 0.7 s at 360 px and 2 s at 1280 px of
# a long page on this machine, and a run takes over 400; the checks made on each page (no
# horizontal scrolling, no console error, what it shows) run either way.
SHOTS = os.environ.get("BRIDGESCORE_TEST_SHOTS") == "1"
