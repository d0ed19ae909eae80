"""``/healthz``: is this app server able to serve?  For load balancers and the compose file.

It checks what a request needs: the database answers a query and the channel layer carries
a message to and back from this process.  200 with ``{"status": "ok", ...}`` or 503 naming
what failed; never a page that needs a log-in.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

TIMEOUT = 3.0
log = logging.getLogger(__name__)


def _failure(what: str, e: BaseException) -> str:
    # The details go to the log; the public answer names only the kind of failure.
    log.warning("healthz: %s failed: %r", what, e)
    return type(e).__name__


def _database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return str(connection.vendor)


async def _check_database() -> dict[str, object]:
    start = time.perf_counter()
    try:
        vendor = await asyncio.wait_for(sync_to_async(_database)(), TIMEOUT)
    except Exception as e:  # any failure is the answer, not a crash
        return {"ok": False, "error": _failure("database", e)}
    return {"ok": True, "backend": vendor, "ms": round((time.perf_counter() - start) * 1000, 1)}


async def _check_channel_layer() -> dict[str, object]:
    start = time.perf_counter()
    layer = get_channel_layer()
    if layer is None:
        return {"ok": False, "error": "no channel layer configured"}
    backend = type(layer).__name__
    try:
        name = await layer.new_channel()
        token = uuid.uuid4().hex
        await asyncio.wait_for(layer.send(name, {"type": "healthz", "token": token}), TIMEOUT)
        message = await asyncio.wait_for(layer.receive(name), TIMEOUT)
        if message.get("token") != token:
            return {"ok": False, "backend": backend, "error": "wrong message came back"}
    except Exception as e:
        return {"ok": False, "backend": backend, "error": _failure("channel layer", e)}
    return {"ok": True, "backend": backend,
            "ms": round((time.perf_counter() - start) * 1000, 1)}


@never_cache
@require_GET
async def healthz(request: HttpRequest) -> JsonResponse:
    database, channels = await asyncio.gather(_check_database(), _check_channel_layer())
    ok = bool(database["ok"]) and bool(channels["ok"])
    return JsonResponse(
        {"status": "ok" if ok else "fail", "database": database, "channel_layer": channels},
        status=200 if ok else 503,
    )
