"""The JSON API at ``/api/`` (OpenAPI schema at ``/api/openapi.json``, docs at ``/api/docs``).

Scripts authenticate with ``Authorization: Bearer bst_…`` (tokens from ``bridgescore web
createuser`` or the account's token page); pages may call it with their session (and CSRF).
Every error is JSON: ``{"code", "message", "en", "zh"}`` with a 4xx status, the message in
the request's language.  Each app adds its own router here.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, AuthorizationError, HttpError, ValidationError

from ..core.errors import BridgeError
from .accounts.api import router as accounts_router
from .accounts.bearer import BearerToken, SessionGated
from .compete.online.api import router as groups_router
from .core.errors import HTTP_TEXTS, api_error
from .core.refusals import Refused, api_body, status_of
from .events.director.api import router as director_router
from .events.entry.api import router as entry_router
from .events.entry.throttle import Locked
from .events.files.api import router as files_router
from .events.results.api import router as results_router
from .events.teams.api import router as teams_router
from .ratings.api import router as ratings_router

api = NinjaAPI(
    title="bridgescore",
    version="1",
    description="Contract-bridge scoring platform API. 桥牌记分平台接口。",
    auth=[BearerToken(), SessionGated()],
    openapi_url="/openapi.json",
    docs_url="/docs",
    urls_namespace="api",
)
api.add_router("/", accounts_router, tags=["accounts"])
api.add_router("/", entry_router, tags=["table entry"])
api.add_router("/", director_router, tags=["director"])
api.add_router("/", results_router, tags=["results"])
api.add_router("/", files_router, tags=["files"])
api.add_router("/", teams_router, tags=["teams"])
api.add_router("/", ratings_router, tags=["ratings"])
api.add_router("/", groups_router, tags=["player groups"])


def _json(request: HttpRequest, status: int, body: dict[str, object],
          headers: dict[str, str] | None = None) -> HttpResponse:
    response = api.create_response(request, body, status=status)
    for name, value in (headers or {}).items():
        response[name] = value
    return response


@api.exception_handler(AuthenticationError)
def not_authenticated(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
    return _json(request, 401, api_error(
        "not_authenticated",
        "Authentication needed: send 'Authorization: Bearer <token>' or log in.",
        "需要身份验证：请发送 'Authorization: Bearer <令牌>' 或先登录。",
    ), {"WWW-Authenticate": 'Bearer realm="bridgescore"'})


@api.exception_handler(AuthorizationError)
def forbidden(request: HttpRequest, exc: AuthorizationError) -> HttpResponse:
    return _json(request, 403, api_error("forbidden", "You may not do this.",
                                         "您没有权限执行此操作。"))


@api.exception_handler(ValidationError)
def invalid_input(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    return _json(request, 422, api_error(
        "invalid_input", "The request's data is not valid: see 'errors'.",
        "请求数据无效：详见 'errors'。", errors=exc.errors,
    ))


@api.exception_handler(BridgeError)
def bridge_error(request: HttpRequest, exc: BridgeError) -> HttpResponse:
    return _json(request, status_of(exc), api_body(exc))


@api.exception_handler(Refused)
def refused(request: HttpRequest, exc: Refused) -> HttpResponse:
    # Every service's refusal (core/refusals.py): its status by its kind, its own code.
    return _json(request, status_of(exc), api_body(exc))


@api.exception_handler(Http404)
def not_found(request: HttpRequest, exc: Http404) -> HttpResponse:
    return _json(request, 404, api_error("not_found", "Not found.", "未找到。"))


@api.exception_handler(Locked)
def too_many_wrong_secrets(request: HttpRequest, exc: Locked) -> HttpResponse:
    minutes = -(-exc.seconds // 60)
    return _json(request, 429, api_error(
        "too_many_wrong_secrets",
        f"Too many wrong table secrets from this address: try again in {minutes} min.",
        f"此地址尝试的错误桌号密钥过多：请 {minutes} 分钟后再试。",
        retry_after=exc.seconds,
    ), {"Retry-After": str(exc.seconds)})


@api.exception_handler(HttpError)
def http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    en, zh = HTTP_TEXTS.get(exc.status_code, ("Request refused", "请求被拒绝"))
    detail = str(exc)
    if detail and detail != en:
        en, zh = f"{en}: {detail}", f"{zh}：{detail}"
    return _json(request, exc.status_code, api_error("http_error", en, zh))
