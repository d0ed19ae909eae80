"""The tables' requests — the table API and the phones' entry pages — answered by Django's
synchronous handler on the database threads (``core.dbthreads``) instead of Django's ASGI
handler.

Django's ASGI handler runs a synchronous view in a new thread for every request and hops
between that thread and the event loop for each step: for a phone's entry, which is a few
small queries, that machinery costs more CPU than the entry itself, and with 200 tables at
once it is the server's limit.  These requests are small (a JSON entry, a form of a few
fields) with small answers, so the ASGI side here only reads the body and writes the
answer; the whole request — every middleware (security headers, language, sessions, CSRF,
errors), django-ninja's validation, the view — runs as under a WSGI server, in one hop, on
a thread that keeps its database connection.  Every other request (the other pages,
uploads, streamed files, WebSockets) goes through Django's and Channels' handlers.
"""

from __future__ import annotations

import asyncio
import contextvars
import io
import json
import logging
import threading
from typing import Any

from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.core.handlers.base import BaseHandler
from django.db import reset_queries
from django.http import HttpResponse, HttpResponseBase
from django.urls import set_urlconf

from . import dbthreads

PREFIXES = ("/api/tables/", "/t/")  # the paths served here: the table API, the phone pages
log = logging.getLogger(__name__)


_handler: BaseHandler | None = None
_handler_lock = threading.Lock()


def _get_handler() -> BaseHandler:
    global _handler
    with _handler_lock:
        if _handler is None:
            handler = BaseHandler()
            handler.load_middleware(is_async=False)
            _handler = handler
        return _handler


def handles(scope: dict[str, Any]) -> bool:
    return scope["type"] == "http" and str(scope.get("path", "")).startswith(PREFIXES)


def _respond(scope: dict[str, Any], body: bytes) -> tuple[int, list[tuple[bytes, bytes]],
                                                          bytes]:
    """One request, start to finish, on a database thread: (status, headers, body)."""
    if settings.DEBUG:
        reset_queries()  # what the request_started signal does (the queries' log)
    set_urlconf(settings.ROOT_URLCONF)
    request = ASGIRequest(scope, io.BytesIO(body))
    response: HttpResponseBase = _get_handler().get_response(request)
    try:
        if response.streaming:  # not an answer of these views, but never half sent
            content = b"".join(response)
        else:
            assert isinstance(response, HttpResponse)
            content = response.content
        headers = [(k.encode("ascii"), v.encode("latin1")) for k, v in response.items()]
        headers += [(b"Set-Cookie", c.output(header="").encode("ascii").strip())
                    for c in response.cookies.values()]
        return response.status_code, headers, content
    finally:
        response.close()


def _json(status: int, code: str, en: str, zh: str) -> tuple[int, list[tuple[bytes, bytes]],
                                                              bytes]:
    body = json.dumps({"code": code, "message": en, "en": en, "zh": zh}, ensure_ascii=False)
    return status, [(b"Content-Type", b"application/json")], body.encode()


_TOO_LARGE = _json(413, "too_large", "The request is too large.", "请求过大。")
_BUSY = _json(503, "busy", "The server is busy: please send the entry again.",
              "服务器繁忙：请重新提交。")


async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """The ASGI side: read the whole body, answer on a database thread, send the answer."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 2_621_440
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return  # the phone gave up before sending its entry: nothing to do
        chunk = message.get("body", b"")
        size += len(chunk)
        if size <= limit:
            chunks.append(chunk)
        if not message.get("more_body", False):
            break
    if size > limit:
        status, headers, content = _TOO_LARGE
    else:
        # A fresh context each request: nothing (the language) carries from one to the next.
        context = contextvars.Context()
        try:
            status, headers, content = await asyncio.wrap_future(
                dbthreads.submit(context.run, _respond, scope, b"".join(chunks)))
        except Exception:
            # Django's handler turns a view's errors into answers; this is the rest (the
            # database gone between two steps): the phone sends it again, with its key.
            log.exception("table API request failed")
            status, headers, content = _BUSY
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": content})
