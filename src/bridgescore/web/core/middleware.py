"""Security headers Django does not set by itself."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse

from .errors import HTTP_TEXTS, api_error

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
