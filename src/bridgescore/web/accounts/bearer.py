"""The API's one bearer-token log-in: ``Authorization: Bearer bst_…`` (docs/api.md).

Every router of the API knows its caller through this module, whichever way it asks:

- ``BearerToken``: the API's default authentication, beside the session's; an endpoint that
  needs a signed-in caller gets the token's user;
- ``who_asks``: for the endpoints anyone may call (published results, leaderboards): the
  token's user, else the session's, else a visitor.

Either way **a token that is sent and is wrong is a 401**, never a quiet fall-back to the
session or to a visitor: a script whose token was revoked must learn it, not be served what a
visitor sees (or, in a browser signed in as someone else, what that person may see).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from ninja.errors import AuthenticationError
from ninja.security import HttpBearer, SessionAuth

from . import tokens


def sent_token(request: HttpRequest) -> str | None:
    """The token of an ``Authorization: Bearer`` header (the scheme in any case), or None
    when the request sends none."""
    header = request.headers.get("Authorization", "")
    if header[:7].lower() != "bearer ":
        return None
    return header[7:].strip()


def token_user(request: HttpRequest) -> Any:
    """The user of the token the request sends, set as ``request.user``; None when it sends
    none; a 401 (``AuthenticationError``) when the token is not a live one."""
    raw = sent_token(request)
    if raw is None:
        return None
    user = tokens.user_for(raw)
    if user is None:
        raise AuthenticationError()
    request.user = user
    return user


def _gated(request: HttpRequest, user: Any) -> Any:
    """``user``, once the gate of a session's endpoints let them in (web/core/gate.py: rights
    before the request is read)."""
    if user:
        from ..core.gate import event_gate  # the events app's models: not at import time

        event_gate(request, user)
    return user


class BearerToken(HttpBearer):
    """The API's default authentication (with ``SessionGated`` after it)."""

    openapi_scheme = "bearer"

    def __call__(self, request: HttpRequest) -> Any:
        # HttpBearer would answer None for a wrong token and let the session's log-in be
        # tried next; a wrong token must stop here.
        return _gated(request, token_user(request))

    def authenticate(self, request: HttpRequest, token: str) -> Any:  # pragma: no cover
        # Not reached (``__call__`` reads the header itself); kept for HttpBearer's contract.
        return token_user(request)


class SessionGated(SessionAuth):
    """Django's session log-in (pages calling the API, with their CSRF token), gated."""

    def __call__(self, request: HttpRequest) -> Any:
        return _gated(request, super().__call__(request))


def who_asks(request: HttpRequest) -> Any:
    """The token's user, else the session's, else a visitor (always truthy: each endpoint
    checks its own rights), gated.  A wrong token is a 401, never a visitor."""
    user = token_user(request)
    if user is None:
        user = getattr(request, "user", None) or AnonymousUser()
    return _gated(request, user)
