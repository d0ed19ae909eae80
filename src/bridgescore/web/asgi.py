"""The ASGI application: Django for HTTP, Channels for WebSockets.

WebSockets must come from one of ALLOWED_HOSTS (an Origin check against cross-site
WebSocket hijacking: the session cookie alone must not let another site connect).
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import Any

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bridgescore.web.settings")
django_asgi_app = get_asgi_application()

# `bridgescore web serve` refuses to start without them; an ASGI server started some other way
# says so in its log at least (the pages would open without htmx or their translations).
from .setup import missing_assets  # noqa: E402

for _en, _zh in missing_assets().values():
    logging.getLogger("bridgescore.web").error("%s / %s", _en, _zh)

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from .compete import services as _compete_services  # noqa: E402, F401  (the competitions' clock)
from .core import pooled  # noqa: E402
from .core.wsauth import auth_stack  # noqa: E402
from .play import live as play_live  # noqa: E402
from .play import presence as _play_presence  # noqa: E402, F401  (registers the wake-up and sweep)
from .results.live import remember_loop  # noqa: E402
from .routing import websocket_urlpatterns  # noqa: E402

router = ProtocolTypeRouter({
    "http": django_asgi_app,
    "websocket": AllowedHostsOriginValidator(auth_stack(URLRouter(websocket_urlpatterns))),
})


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    # The live push hands its messages to this loop, from whichever thread stored a change.
    remember_loop(asyncio.get_running_loop())
    play_live.remember_loop(asyncio.get_running_loop())  # and the tables' robots and sweep
    if scope["type"] == "lifespan":  # nothing to set up or tear down: say so at once
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return
    if pooled.handles(scope):  # the table API: one hop to a database thread
        await pooled.app(scope, receive, send)
        return
    await router(scope, receive, send)  # type: ignore[arg-type]
