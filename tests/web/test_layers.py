"""The lean in-memory channel layer: the same messages and groups as Channels' own, with
the expiry walk at most once every CLEAN_SECONDS."""

from __future__ import annotations

import asyncio

import pytest

from bridgescore.web.core import layers
from bridgescore.web.core.layers import LeanInMemoryChannelLayer


def test_messages_and_groups_go_through() -> None:
    async def run() -> None:
        layer = LeanInMemoryChannelLayer()
        await layer.group_add("g", "a.inmemory!x")
        await layer.group_add("g", "b.inmemory!y")
        await layer.group_send("g", {"type": "m", "n": 1})
        assert await layer.receive("a.inmemory!x") == {"type": "m", "n": 1}
        assert await layer.receive("b.inmemory!y") == {"type": "m", "n": 1}
        await layer.group_discard("g", "b.inmemory!y")
        await layer.group_send("g", {"type": "m", "n": 2})
        assert await layer.receive("a.inmemory!x") == {"type": "m", "n": 2}
        assert "b.inmemory!y" not in layer.channels
    asyncio.run(run())


def test_expired_messages_still_go_once_the_walk_is_due(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(layers, "CLEAN_SECONDS", 0.2)

    async def run() -> None:
        layer = LeanInMemoryChannelLayer(expiry=0.05)  # type: ignore[arg-type]  # any number
        await layer.group_add("g", "a.inmemory!x")
        await layer.group_send("g", {"type": "m"})  # walks now: nothing expired yet
        await asyncio.sleep(0.1)
        await layer.group_send("h", {"type": "m"})  # within CLEAN_SECONDS: no walk
        assert "a.inmemory!x" in layer.channels
        await asyncio.sleep(0.15)
        await layer.group_send("h", {"type": "m"})  # due: the expired message goes,
        assert "a.inmemory!x" not in layer.channels  # and its channel leaves its groups
        assert "a.inmemory!x" not in layer.groups.get("g", {})
    asyncio.run(run())


def test_a_table_bundle_is_shared_and_anything_else_copied() -> None:
    async def run() -> None:
        layer = LeanInMemoryChannelLayer()
        for c in ("a.inmemory!x", "b.inmemory!y"):
            await layer.group_add("play.7.all", c)
        bundle = {"type": "play.bundle", "parts": {"seat.N": {"payload": {"seq": 1}}}}
        await layer.group_send("play.7.all", bundle)
        a, b = await layer.receive("a.inmemory!x"), await layer.receive("b.inmemory!y")
        assert a is bundle and b is bundle
        other = {"type": "m", "data": {"n": 1}}
        await layer.group_send("play.7.all", other)
        await layer.send("a.inmemory!x", other)
        a, b = await layer.receive("a.inmemory!x"), await layer.receive("b.inmemory!y")
        direct = await layer.receive("a.inmemory!x")
        assert a == b == direct == other
        assert a is not other and b is not other and a is not b and direct is not other
        assert a["data"] is not other["data"]  # a deep copy, as Channels makes
    asyncio.run(run())
