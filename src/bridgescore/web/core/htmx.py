"""Whether htmx asked for a page: django-htmx's middleware reads the request's headers into
``request.htmx``; the views ask here rather than reading the raw ``HX-Request`` header, so a
fragment is told from a whole page in one way."""

from __future__ import annotations

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


def htmx_of(request: HttpRequest) -> HtmxDetails:
    """The request's htmx details (false when htmx did not make it)."""
    details = getattr(request, "htmx", None)
    # A request that did not pass through the middleware (a test's RequestFactory) is read
    # the same way rather than taken for a whole page.
    return details if isinstance(details, HtmxDetails) else HtmxDetails(request)
