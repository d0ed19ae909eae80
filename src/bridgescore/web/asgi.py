"""The ASGI application: Django for HTTP, Channels for WebSockets.

WebSockets must come from one of ALLOWED_HOSTS (an Origin check against cross-site
WebSocket hijacking: the session cookie alone must not let another site connect).
"""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bridgescore.web.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from .core.wsauth import auth_stack  # noqa: E402
from .routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter({
    "http": django_asgi_app,
    "websocket": AllowedHostsOriginValidator(auth_stack(URLRouter(websocket_urlpatterns))),
})
