"""The in-memory channel layer of a single server (no ``REDIS_URL``), made to scale with
the number of sockets.

Channels' ``InMemoryChannelLayer`` runs ``_clean_expired`` — a walk over every channel's
queue and every group's members — on each ``receive`` and each ``group_send``: with a
thousand sockets at 250 online tables that walk was most of the server's time (a move is
six group sends, each walking ~1,000 channels and ~1,750 groups: the load benchmark,
``benchmarks/bench_web_play.py``).  Here the walk runs at most once every ``CLEAN_SECONDS``;
an expired message or a group membership past its expiry therefore goes up to that much
later than it would have, which nothing relies on (messages expire after a minute, group
memberships after a day).
"""

from __future__ import annotations

import time

from channels.layers import InMemoryChannelLayer

CLEAN_SECONDS = 1.0


class LeanInMemoryChannelLayer(InMemoryChannelLayer):
    _cleaned = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._cleaned < CLEAN_SECONDS:
            return
        self._cleaned = now
        super()._clean_expired()  # type: ignore[misc]  # not in channels-stubs
