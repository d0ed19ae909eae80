"""One bearer-token log-in for the whole API (web/accounts/bearer.py): on every endpoint, a
token that is sent and is wrong is a 401, whatever else the request carries (a signed-in
session, no session at all), in the request's language; a live token is never refused as
unauthenticated; no token at all leaves the session's log-in (or a visitor) as it was."""

from __future__ import annotations

import json
import re
from typing import Any

from bridgescore.web.accounts import tokens
from bridgescore.web.api import api

from .base import BaseTestCase

WRONG = "bst_" + "x" * 43  # the token's shape, no such token
# The table's own endpoints take no account log-in: the table's secret in the path is what
# lets a phone in (web/events/entry/api.py); they never read an Authorization header.
TABLE = "/api/tables/"


def endpoints(tables: bool = False) -> list[tuple[str, str]]:
    """Every (method, path) of the API's schema, its path parameters filled with 1 (the
    table's secret-only endpoints with ``tables``)."""
    schema: dict[str, Any] = api.get_openapi_schema()
    out: list[tuple[str, str]] = []
    for path, ops in schema["paths"].items():
        concrete = re.sub(r"\{[^}]+\}", "1", path)
        if concrete.startswith(TABLE) and not tables:
            continue
        out.extend((m.upper(), concrete) for m in ops if m in ("get", "post", "put", "patch",
                                                                "delete"))
    return sorted(out)


class BearerTests(BaseTestCase):
    def call(self, method: str, path: str, **headers: Any) -> Any:
        return self.client.generic(method, path, data=json.dumps({}),
                                   content_type="application/json", **headers)

    def test_the_schema_has_the_routers_endpoints(self) -> None:
        # The check below is only as good as this list: every router is in it.
        paths = {p for _, p in endpoints()}
        for part in ("/api/me", "/api/events/1/entries", "/api/events/1/match",
                     "/api/leaderboards/1", "/api/events/1/ranking", "/api/groups/1",
                     "/api/events/1/entries/1/correct"):
            assert any(p.startswith(part) for p in paths), (part, sorted(paths)[:20])
        assert len(endpoints()) >= 40
        assert {p for _, p in endpoints(tables=True)} - paths == {
            "/api/tables/1", "/api/tables/1/entries", "/api/tables/1/entries/1/correct"}

    def test_a_wrong_token_is_401_everywhere_even_with_a_session(self) -> None:
        self.client.force_login(self.alice)  # a director: the session alone could do a lot
        for method, path in endpoints():
            r = self.call(method, path, HTTP_AUTHORIZATION=f"Bearer {WRONG}")
            assert r.status_code == 401, (method, path, r.status_code, r.content[:200])
            body = r.json()
            assert body["code"] == "not_authenticated", (method, path, body)
            assert r["WWW-Authenticate"].startswith("Bearer"), (method, path)

    def test_a_wrong_token_is_401_without_a_session_in_chinese_too(self) -> None:
        for method, path in endpoints():
            r = self.call(method, path, HTTP_AUTHORIZATION=f"bearer {WRONG}",
                          HTTP_ACCEPT_LANGUAGE="zh-CN,zh;q=0.9")
            assert r.status_code == 401, (method, path, r.status_code)
            assert r.json()["message"].startswith("需要身份验证"), (method, path)

    def test_a_live_token_is_never_unauthenticated(self) -> None:
        raw = tokens.issue(self.bob, "script")
        for method, path in endpoints():
            r = self.call(method, path, HTTP_AUTHORIZATION=f"Bearer {raw}")
            assert r.status_code != 401, (method, path, r.content[:200])

    def test_a_revoked_users_token_is_401_where_a_visitor_may_read(self) -> None:
        # Before: the results' and ratings' routers answered a wrong token with 401 and the
        # teams' router served it as a visitor; now every router answers alike.
        raw = tokens.issue(self.bob, "script")
        self.bob.is_active = False
        self.bob.save()
        for path in ("/api/events/1/match", "/api/events/1/ranking", "/api/leaderboards/1"):
            matching = [p for m, p in endpoints() if m == "GET" and p.startswith(path)]
            assert matching, path
            r = self.client.get(matching[0], HTTP_AUTHORIZATION=f"Bearer {raw}")
            assert r.status_code == 401, (matching[0], r.status_code)

    def test_no_token_leaves_the_session_as_it_was(self) -> None:
        self.client.force_login(self.bob)
        r = self.client.get("/api/me")
        assert r.status_code == 200 and r.json()["username"] == "bob", r.content
        self.client.logout()
        assert self.client.get("/api/me").status_code == 401
