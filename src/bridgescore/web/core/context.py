"""What every page's frame needs."""

from __future__ import annotations

from functools import lru_cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest

HTMX_PATH = "htmx.org/htmx.min.js"


@lru_cache(maxsize=1)
def htmx_installed() -> bool:
    """htmx comes from the npm registry (``make web-assets``); pages work without it."""
    return finders.find(HTMX_PATH) is not None


def site(request: HttpRequest) -> dict[str, object]:
    # The switch names each language in itself (not translated into the page's language).
    return {"htmx_js": HTMX_PATH if htmx_installed() else None,
            "site_languages": settings.LANGUAGES}
