"""The web layer's refusals: one family, three kinds, mapped to a status in one place.

Every service of the platform refuses with a :class:`Refused` (a ``BridgeError``: English
and Chinese, and a ``code`` for programs) of one of three kinds:

- :class:`Forbidden`: the caller has no right to do this (403); its :class:`Missing`, what
  was named does not exist or the caller may not know of it (404);
- :class:`Conflict`: the state does not allow it now (409);
- :class:`Invalid`: the input is wrong (400, the API's documented status for bad input; 422
  stays the answer of a request the schema rejects).

:func:`status_of` is the one mapping.  The JSON API answers every ``Refused`` with one
handler (``web/api.py``: ``{"code", "message", "en", "zh"}``, :func:`api_body`); a page's
view lets a refusal go and :class:`~bridgescore.web.core.middleware.RefusalsMiddleware`
answers it (:func:`html_response`: a login page for a visitor who is not logged in, the
site's error page otherwise).

An app whose refusals carry their reason as a ``code`` (``GroupRefused(en, zh, "not_leader")``)
declares it a family (:func:`family`): the code says the kind (:func:`kind_of_code`), and the
instance made is the family's class of that kind.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.http import HttpRequest, HttpResponse

from ...core.errors import BridgeError

__all__ = ["RIGHTS_CODES", "Conflict", "Forbidden", "Invalid", "Missing", "Refused",
           "api_body", "family", "html_response", "kind_of", "kind_of_code", "status_of"]


class Refused(BridgeError):
    """A refusal of the platform: ``en``, ``zh`` and ``code``."""

    code: str = "refused"
    _members: ClassVar[dict[type[Refused], type[Refused]]]  # a family's root (``family``)

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        members = cls.__dict__.get("_members")
        if members is not None:  # a family's root: its member of the code's kind
            code = kwargs.get("code", args[2] if len(args) > 2 else None)
            cls = members[kind_of_code(code or cls.code)]
        return super().__new__(cls, *args, **kwargs)

    def __init__(self, en: str, zh: str | None = None, code: str | None = None) -> None:
        super().__init__(en, zh)
        self.code = code or type(self).code


class Forbidden(Refused):
    """The caller has no right to do this (403)."""

    code = "not_allowed"


class Missing(Forbidden):
    """What was named does not exist, or the caller may not know of it (404)."""

    code = "not_found"


class Conflict(Refused):
    """The state does not allow this now (409)."""

    code = "conflict"


class Invalid(Refused):
    """The input is wrong (400)."""

    code = "bad_input"


# The one mapping, most particular kind first.
_STATUS: tuple[tuple[type[Refused], int], ...] = (
    (Missing, 404), (Forbidden, 403), (Conflict, 409), (Invalid, 400))
KINDS = tuple(kind for kind, _ in _STATUS)


def kind_of(exc: BaseException) -> type[Refused] | None:
    """The kind of a refusal (``Missing``, ``Forbidden``, ``Conflict``, ``Invalid``)."""
    for kind in KINDS:
        if isinstance(exc, kind):
            return kind
    return None


def status_of(exc: BaseException) -> int:
    """The HTTP status that answers ``exc``: a refusal's by its kind, any other
    ``BridgeError`` (bad input the library found) 400."""
    for kind, status in _STATUS:
        if isinstance(exc, kind):
            return status
    if isinstance(exc, BridgeError):
        return 400
    raise TypeError(f"not a refusal: {exc!r}")


# The codes that say the caller has no right (the others a family uses say bad input).
RIGHTS_CODES = frozenset({"not_authenticated", "not_allowed", "not_member", "not_leader",
                          "not_yours", "not_director", "not_yourself"})


def kind_of_code(code: str) -> type[Refused]:
    """The kind of a family's refusal by its code."""
    if code == "not_found":
        return Missing
    return Forbidden if code in RIGHTS_CODES else Invalid


def family(root: type[Refused], **named: type[Refused]) -> None:
    """Make ``root`` a family: ``root(en, zh, code)`` is an instance of its class of the kind
    ``code`` says (:func:`kind_of_code`).  ``named`` gives a kind's class by the kind's name
    (``Missing=NotFound``, a subclass of ``root`` and of that kind); the others are made."""
    members: dict[type[Refused], type[Refused]] = {}
    for kind in KINDS:
        cls = named.get(kind.__name__)
        if cls is None:
            cls = type(f"{root.__name__}{kind.__name__}", (root, kind),
                       {"__module__": root.__module__, "__doc__": kind.__doc__})
        assert issubclass(cls, root) and issubclass(cls, kind), cls
        members[kind] = cls
    root._members = members


def api_body(exc: Refused | BridgeError, **extra: object) -> dict[str, object]:
    """The API's error shape for ``exc``: ``{"code", "message", "en", "zh"}`` (``message`` in
    the request's language), plus ``extra``."""
    from .errors import api_error

    code = getattr(exc, "code", None) or "bad_input"  # a library error's own, if it has one
    return api_error(code, exc.en, exc.zh, **extra)


def html_response(request: HttpRequest, exc: Refused) -> HttpResponse:
    """A page's answer to a refusal: a visitor who is not logged in is sent to log in (a
    right he may have once he is), otherwise the site's error page of ``status_of(exc)``."""
    from django.contrib.auth.views import redirect_to_login

    from . import views

    status = status_of(exc)
    user = getattr(request, "user", None)
    if status == 403 and not (user is not None and user.is_authenticated):
        return redirect_to_login(request.get_full_path())
    if status == 404:
        return views.page_not_found(request, exc)
    if status == 403:
        return views.permission_denied(request, exc)
    from django.shortcuts import render

    from .bilingual import lang
    from .errors import HTTP_TEXTS

    title = HTTP_TEXTS[status][1 if lang() == "zh" else 0]
    return render(request, "core/error.html",
                  {"status": status, "title": title, "text": exc.message(lang())}, status=status)
