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

Channels also deep-copies a message for every receiver, and starts a task for each member of
a group.  An online table's move is one message holding every viewer's view
(``play.bundle``), read by each of the table's sockets and changed by none: such messages
(``SHARED``) reach every receiver as the one object, and a group's members get their copies
in one pass, with no task each.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from copy import deepcopy
from typing import Any

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

CLEAN_SECONDS = 1.0
# Message types that no receiver changes (play.consumers only reads a bundle): shared, not
# copied.
SHARED = frozenset({"play.bundle"})


class LeanInMemoryChannelLayer(InMemoryChannelLayer):
    _cleaned = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._cleaned < CLEAN_SECONDS:
            return
        self._cleaned = now
        super()._clean_expired()  # type: ignore[misc]  # not in channels-stubs

    def _put(self, channel: str, message: dict[str, Any]) -> None:
        queue = self.channels.setdefault(
            channel, asyncio.Queue(maxsize=self.get_capacity(channel)))
        try:
            queue.put_nowait((time.time() + self.expiry, message))
        except asyncio.QueueFull:
            raise ChannelFull(channel) from None

    async def send(self, channel: str, message: dict[str, Any]) -> None:
        if message.get("type") not in SHARED:
            await super().send(channel, message)
            return
        self.require_valid_channel_name(channel)
        self._put(channel, message)

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        shared = message.get("type") in SHARED
        for channel in list(self.groups.get(group, ())):
            # As Channels does, a full channel misses the message.
            with contextlib.suppress(ChannelFull):
                self._put(channel, message if shared else deepcopy(message))
