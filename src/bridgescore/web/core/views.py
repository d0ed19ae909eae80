"""The home page and the error pages (in the visitor's language, JSON under /api/)."""

from __future__ import annotations

from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.translation import get_language, override
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from ...core.text import excerpt
from .errors import api_error


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "core/home.html")


def _error_page(request: HttpRequest, status: int, code: str, title: str, text: str,
                en: tuple[str, str], zh: tuple[str, str]) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse(api_error(code, en[1], zh[1]), status=status)
    return render(request, "core/error.html", {"status": status, "title": title, "text": text},
                  status=status)


def _stylesheet() -> str | None:
    """The site's stylesheet, when the static files are there to name it."""
    try:
        return static("bridgescore/site.css")
    except ValueError:  # the manifest storage, with nothing collected (yet)
        return None


def disallowed_host(request: HttpRequest) -> HttpResponse:
    """The 400 for a Host the site does not answer to (``ALLOWED_HOSTS``).

    Drawn without the site's frame: that needs the static files' manifest, which a server
    started before anything was collected (a health check's first question) has not got,
    and it would fail again (a 500).  The name is quoted (escaped, cut) and never looked up.
    """
    host = excerpt(str(request.META.get("HTTP_HOST") or request.META.get("SERVER_NAME", "")))
    en = ("Unknown site name",
          f"This server does not answer to the name {host}: open the site by its own address.")
    zh = ("未知的网站名称", f"本服务器不响应名称 {host}：请使用本网站自己的网址访问。")
    if request.path.startswith("/api/"):
        return JsonResponse(api_error("disallowed_host", en[1], zh[1]), status=400)
    texts = [{"lang": "en", "title": en[0], "text": en[1]},
             {"lang": "zh-Hans", "title": zh[0], "text": zh[1]}]
    if (get_language() or "en").startswith("zh"):
        texts.reverse()
    return render(request, "core/plain_error.html",
                  {"status": 400, "lang": texts[0]["lang"], "texts": texts,
                   "stylesheet": _stylesheet()}, status=400)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if isinstance(exception, DisallowedHost):
        return disallowed_host(request)
    return _error_page(
        request, 400, "bad_request", _("Bad request"),
        _("The request could not be understood."),
        ("Bad request", "The request could not be understood."),
        ("请求有误", "无法理解此请求。"),
    )


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _error_page(
        request, 403, "forbidden", _("Not allowed"),
        _("You do not have permission to see this page."),
        ("Not allowed", "You do not have permission to do this."),
        ("没有权限", "您没有权限执行此操作。"),
    )


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _error_page(
        request, 404, "not_found", _("Page not found"),
        _("There is no page at this address."),
        ("Not found", "There is nothing at this address."),
        ("未找到", "此地址没有内容。"),
    )


def server_error(request: HttpRequest) -> HttpResponse:
    # No template logic that could fail again: a plain page in both languages.
    if request.path.startswith("/api/"):
        return JsonResponse(api_error("server_error", "Something went wrong on the server.",
                                      "服务器出错了。"), status=500)
    return HttpResponse(
        "<!doctype html><html lang=en><meta charset=utf-8><title>500</title>"
        "<h1>Server error · 服务器错误</h1><p>Something went wrong on our side; please try "
        "again. 服务器出错了，请稍后再试。</p>",
        status=500,
    )


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse(api_error(
            "csrf_failed", "The form's security check (CSRF) failed: reload the page.",
            "表单安全校验（CSRF）失败：请刷新页面后重试。"), status=403)
    with override(request.LANGUAGE_CODE if hasattr(request, "LANGUAGE_CODE") else None):
        return render(request, "core/error.html", {
            "status": 403,
            "title": _("The form has expired"),
            "text": _("The form's security check failed. Go back, reload the page and try "
                      "again (cookies must be allowed)."),
        }, status=403)
