"""WSGI entry (HTTP only, no WebSockets): for tools that want one; serve with ASGI."""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bridgescore.web.settings")
application = get_wsgi_application()
