"""The Redis channel layer (publish/subscribe, ``channels_redis.pubsub``), deserializing a
shared message once per server.

A group message arrives from Redis once per server and is handed, as the same bytes, to every
local member; each member's ``receive`` then unpacks it again.  An online table's move is one
message with all six viewers' views (``play.bundle``, ~5 KB), unpacked by each of the table's
sockets: most of a move's channel-layer time.  Messages of the ``layers.SHARED`` types are
unpacked once and the same (never changed) object given to each receiver.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from channels_redis.pubsub import RedisPubSubChannelLayer

from .layers import SHARED

KEPT = 256  # recent messages remembered (a move's receivers take it within milliseconds)


class SharingRedisPubSubLayer(RedisPubSubChannelLayer):  # type: ignore[misc]
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._recent: OrderedDict[int, tuple[bytes, Any]] = OrderedDict()

    def deserialize(self, message: bytes) -> Any:
        # Keyed by the bytes object itself (its id, checked by identity): the same
        # published message, not merely equal bytes.
        hit = self._recent.get(id(message))
        if hit is not None and hit[0] is message:
            return hit[1]
        out = super().deserialize(message)
        if isinstance(out, dict) and out.get("type") in SHARED:
            self._recent[id(message)] = (message, out)
            if len(self._recent) > KEPT:
                self._recent.popitem(last=False)
        return out
