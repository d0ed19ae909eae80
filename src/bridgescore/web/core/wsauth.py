"""WebSocket authentication: the session cookie (pages), or a bearer token (scripts)."""

from __future__ import annotations

from typing import Any

from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async


@database_sync_to_async
def _user_for(raw: str) -> Any:
    from ..accounts.tokens import user_for

    return user_for(raw)


class BearerTokenMiddleware:
    """Replaces the session's user by the token's when ``Authorization: Bearer`` is sent.

    A wrong token means no user at all (not the session's): a script that sends a token
    wants to be that token's user or nobody.
    """

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        for name, value in scope.get("headers", []):
            if name == b"authorization" and value[:7].lower() == b"bearer ":
                user = await _user_for(value[7:].decode("latin-1").strip())
                if user is not None:
                    scope = dict(scope, user=user)
                else:
                    from django.contrib.auth.models import AnonymousUser

                    scope = dict(scope, user=AnonymousUser())
                break
        return await self.inner(scope, receive, send)


def auth_stack(inner: Any) -> Any:
    return AuthMiddlewareStack(BearerTokenMiddleware(inner))
