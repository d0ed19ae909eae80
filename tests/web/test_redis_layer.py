"""The Redis channel layer (REDIS_URL): messages cross between separate layer instances, as
between two app servers.  Needs Redis (marked `services`; run by `make web-test`)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.layers import channel_layers
from django.test import Client, override_settings

from bridgescore.web import config

pytestmark = pytest.mark.services


def layers(url: str) -> tuple[Any, Any]:
    """Two layers of one deployment (one prefix), as in two app servers."""
    from bridgescore.web.core.redislayer import SharingRedisPubSubLayer

    settings = config.channel_layers({"REDIS_URL": url})["default"]
    assert settings["BACKEND"] == "bridgescore.web.core.redislayer.SharingRedisPubSubLayer"
    kwargs = dict(settings["CONFIG"])  # type: ignore[call-overload]
    kwargs["prefix"] = f"test-{uuid.uuid4().hex[:8]}"
    return SharingRedisPubSubLayer(**kwargs), SharingRedisPubSubLayer(**kwargs)


def test_a_group_message_crosses_between_two_layers(services: tuple[str, str]) -> None:
    _, redis_url = services
    one, two = layers(redis_url)

    async def run() -> None:
        channel = await two.new_channel()
        await two.group_add("table.7", channel)
        await one.group_send("table.7", {"type": "result.entered", "board": 3})
        assert await two.receive(channel) == {"type": "result.entered", "board": 3}
        await two.group_discard("table.7", channel)
        await one.flush()
        await two.flush()

    async_to_sync(run)()


def test_a_table_bundle_is_unpacked_once_for_all_its_sockets(services: tuple[str, str]) -> None:
    _, redis_url = services
    one, two = layers(redis_url)
    bundle = {"type": "play.bundle", "parts": {"seat.N": {"payload": {"seq": 1}, "user": 4}}}
    other = {"type": "play.message", "group": "x", "payload": {"seq": 1}}

    async def run() -> None:
        a, b = await two.new_channel(), await two.new_channel()
        for c in (a, b):
            await two.group_add("play.7.all", c)
        await one.group_send("play.7.all", bundle)
        got_a, got_b = await two.receive(a), await two.receive(b)
        assert got_a == bundle and got_b is got_a  # one object for both sockets
        await one.group_send("play.7.all", other)
        got_a, got_b = await two.receive(a), await two.receive(b)
        assert got_a == other == got_b and got_a is not got_b  # anything else: each its own
        for c in (a, b):
            await two.group_discard("play.7.all", c)
        await one.flush()
        await two.flush()

    async_to_sync(run)()


@pytest.mark.django_db
def test_the_health_check_reports_redis(services: tuple[str, str]) -> None:
    _, redis_url = services
    with override_settings(CHANNEL_LAYERS=config.channel_layers({"REDIS_URL": redis_url})):
        channel_layers.backends.clear()
        try:
            r = Client().get("/healthz")
        finally:
            channel_layers.backends.clear()
    assert r.status_code == 200
    assert r.json()["channel_layer"]["backend"] == "SharingRedisPubSubLayer"


def test_a_socket_idle_past_the_blocking_pop_still_receives(services: tuple[str, str]) -> None:
    """redis-py 8 reads with a 5 s timeout unless told otherwise (channels_redis's list
    layer blocked 5 s in one BZPOPMIN: an idle consumer's receive died with "Timeout reading
    from …" and its socket closed).  A message sent after 7 s of silence must arrive."""
    import asyncio

    _, redis_url = services
    one, two = layers(redis_url)

    async def run() -> None:
        channel = await two.new_channel()
        waiting = asyncio.ensure_future(two.receive(channel))
        await asyncio.sleep(7)
        assert not waiting.done(), waiting
        await one.send(channel, {"type": "late", "n": 1})
        assert await asyncio.wait_for(waiting, 10) == {"type": "late", "n": 1}
        await one.flush()
        await two.flush()

    async_to_sync(run)()
