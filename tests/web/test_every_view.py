"""Every page of the site, read from the URL configuration (nothing listed by hand), answers
the three requests a view must refuse:

- **the wrong method**: ``PATCH``, which no page of ours serves, gets 405 (or the refusal that comes
  before it: the log-in page, 403, 404), never a page and never a server error;
- **the wrong role**: a player in no club asking for any page with an id in its path gets no
  page of a club's (a refusal, the log-in page, or 404);
- **another club's object**: the director of the South club, asking for the North club's
  unpublished session, its tables, its boards and its director's pages, gets a refusal or 404.

The API (``/api/…``, its own tests: ``test_rights_first.py``, ``test_api_errors.py``) and
Django's admin are left out.  A path parameter is filled with the North club's objects: its
slug, its running session, that session's first table and board.
"""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Iterator

from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from bridgescore.web.accounts.models import User
from bridgescore.web.events import services as sv

from .base import PASSWORD, BaseTestCase, tuesday_pairs

SKIP = re.compile(r"^(api/|admin/|i18n/|static/|healthz$)")
PARAM = re.compile(r"<(?:(\w+):)?(\w+)>")


def patterns() -> list[tuple[str, str]]:
    """(route, view module) of every page of the site."""
    out: list[tuple[str, str]] = []

    def walk(res: URLResolver, prefix: str) -> None:
        for p in res.url_patterns:
            if isinstance(p, URLResolver):
                walk(p, prefix + str(p.pattern))
            elif isinstance(p, URLPattern):
                route = prefix + str(p.pattern)
                if not SKIP.match(route) and not route.startswith("^"):
                    out.append((route, getattr(p.callback, "__module__", "")))

    walk(get_resolver(), "")
    return sorted(set(out))


ROUTES = patterns()
WITH_IDS = [r for r, _ in ROUTES if PARAM.search(r)]
# The site's own views (Django's password-reset pages answer an unknown link whatever the
# method, before they look at it).
OURS = [r for r, m in ROUTES if m.startswith("bridgescore.")]


def _declared_methods(callback: object) -> bool:
    """Whether the view function (under its decorators) is decorated with one of Django's
    ``require_…`` method decorators: read from its source, since a decorator leaves no mark
    on the function it wraps."""
    inner = callback
    while hasattr(inner, "__wrapped__"):
        inner = inner.__wrapped__
    name = getattr(inner, "__name__", "")
    source = inspect.getsource(inspect.getmodule(inner))  # type: ignore[arg-type]
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == name:
            return any("require_" in ast.unparse(d) for d in node.decorator_list)
    return True  # not a function of its module's top level (a class's view): its own rules


def test_every_view_of_ours_says_which_methods_it_serves() -> None:
    # Rights first, then the method: a view that has no object to look up still answers
    # PATCH with 405 whatever the ids in its path (the requests below use made-up ones).
    missing = []

    def walk(res: URLResolver, prefix: str) -> None:
        for p in res.url_patterns:
            if isinstance(p, URLResolver):
                walk(p, prefix + str(p.pattern))
            elif isinstance(p, URLPattern):
                route = prefix + str(p.pattern)
                module = getattr(p.callback, "__module__", "")
                if (module.startswith("bridgescore.web") and not SKIP.match(route)
                        and not _declared_methods(p.callback)):
                    missing.append(route)

    walk(get_resolver(), "")
    assert missing == [], missing


def test_the_site_s_pages_are_read() -> None:
    assert len(ROUTES) > 80 and len(WITH_IDS) > 50
    modules = {m for _, m in ROUTES}
    for app in ("events.director", "events.entry", "events.results", "events.files", "play",
                "play.vugraph", "compete", "compete.online", "compete.pool", "ratings",
                "clubs", "accounts"):
        assert any(m.startswith(f"bridgescore.web.{app}") for m in modules), app


class EveryViewTests(BaseTestCase):
    def setUp(self) -> None:
        self.event = tuesday_pairs(self.north, sv.Actor(self.alice))
        self.values = {"slug": self.north.slug, "club": self.north.slug,
                       "secret": "not-a-table-secret-0000"}

    def fill(self, route: str) -> str:
        def value(m: re.Match[str]) -> str:
            kind, name = m.group(1) or "str", m.group(2)
            if name in self.values:
                return self.values[name]
            if kind == "int":
                return str(self.event.pk if "event" in name else 1)
            return "x"
        return "/" + PARAM.sub(value, route)

    def as_user(self, user: User | None) -> Client:
        client = Client()
        if user is not None:
            assert client.login(username=user.username, password=PASSWORD)
        return client

    def requests(self, client: Client, method: str, routes: list[str]) -> Iterator[
            tuple[str, int]]:
        for route in routes:
            path = self.fill(route)
            response = client.generic(method, path)
            yield path, response.status_code

    def test_the_wrong_method_is_refused(self) -> None:
        for user in (None, self.alice):
            got = dict(self.requests(self.as_user(user), "PATCH", OURS))
            wrong = {p: s for p, s in got.items() if s not in (302, 403, 404, 405)}
            assert not wrong, (user, sorted(wrong))

    def test_the_wrong_role_gets_no_club_page(self) -> None:
        # charlie plays in no club: no page of the North club's session, tables or boards.
        got = dict(self.requests(self.as_user(self.charlie), "GET",
                                 [r for r in WITH_IDS if "event" in r or "table" in r]))
        served = {p: s for p, s in got.items() if s == 200 and self._private(p)}
        assert not served, served
        assert all(s < 500 for s in got.values()), got

    def test_another_club_s_director_gets_no_page_of_it(self) -> None:
        # dave directs the South club: the North club's running session is not his.
        got = dict(self.requests(self.as_user(self.dave), "GET", WITH_IDS))
        served = {p: s for p, s in got.items() if s == 200 and self._private(p)}
        assert not served, served
        assert all(s < 500 for s in got.values()), got

    def _private(self, path: str) -> bool:
        """A path of the North club's unpublished session (its pages are the director's and
        its players' until it is published) or of its director's console."""
        pk = self.event.pk
        return (path.startswith((f"/events/{pk}/", f"/vugraph/{pk}/")) or "/director" in path
                or path.endswith(("/settings/", "/new", "/sessions/new", "/matches/new"))
                or path.startswith("/compete/teams/new/"))
