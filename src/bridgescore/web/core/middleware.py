"""Security headers Django does not set by itself; the API's errors as JSON; a page's
refusals answered (core.refusals); the user's local time."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone

from .errors import HTTP_TEXTS, api_error
from .refusals import Refused, html_response

# Our pages load nothing but our own files: no inline script or style, no other origin.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "object-src 'none'",
    ]
)
# Pages from other projects that bring inline code of their own (the admin, the API docs).
CSP_EXEMPT = ("/admin/", "/api/docs")


class SecurityHeadersMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not request.path.startswith(CSP_EXEMPT):
            response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.headers.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
        return response


class ApiErrorsMiddleware:
    """Under /api/, an error answer that is not JSON (a 405 from the router, a 413 from
    Django…) becomes the API's JSON error, so a script never has to parse HTML."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (response.status_code < 400 or not request.path.startswith("/api/")
                or response.headers.get("Content-Type", "").startswith("application/json")):
            return response
        en, zh = HTTP_TEXTS.get(response.status_code, ("Request refused", "请求被拒绝"))
        replacement = JsonResponse(api_error("http_error", en, zh), status=response.status_code)
        for header in ("Allow", "WWW-Authenticate", "Retry-After"):
            if header in response.headers:
                replacement[header] = response.headers[header]
        return replacement


class RefusalsMiddleware:
    """A page's view lets a service's refusal (``core.refusals.Refused``) go; it is answered
    here, the one way for every page (``refusals.html_response``: the login page for a
    visitor, else the error page of its status).  The API answers its own (``web/api.py``)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest,
                          exception: Exception) -> HttpResponse | None:
        if isinstance(exception, Refused):
            return html_response(request, exception)
        return None


def time_zone_of(user: Any) -> str:
    """The zone a user's pages show times in: their own choice, else ``club_zone_of``."""
    from ...core import timezones

    own = getattr(user, "time_zone", "") if getattr(user, "is_authenticated", False) else ""
    if own and timezones.is_zone(own):
        return str(own)
    return club_zone_of(user)


def club_zone_of(user: Any) -> str:
    """The zone of the club the user joined first, else the site's (``TIME_ZONE``): what a
    member who chose no zone of their own reads times in."""
    from django.conf import settings

    from ...core import timezones

    if getattr(user, "is_authenticated", False):
        from ..clubs.models import Membership

        club_zone = (Membership.objects.filter(player__user_id=user.pk)
                     .order_by("pk").values_list("club__time_zone", flat=True).first())
        if club_zone and timezones.is_zone(club_zone):
            return str(club_zone)
    return str(settings.TIME_ZONE)


class LocalTimeMiddleware:
    """Each request's times in the reader's zone (``time_zone_of``): templates' ``|date``
    and ``localtime``, and the forms that read a time, use the zone activated here."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        zone = time_zone_of(getattr(request, "user", None))
        timezone.activate(zoneinfo.ZoneInfo(zone))
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
