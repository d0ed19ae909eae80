"""Rights first, on every endpoint of a session (``/api/events/<id>/…``, every router): an
outsider's request to a club's unpublished session gets one refusal, whatever the ids after
the session's and whatever the body, so that no answer tells an outsider what the session
holds (how many results, which pairs, which boards).  Before, ``…/entries/99/correct`` with a
valid body answered "no result number 99" (400) and ``…/entries/1/correct`` 403."""

from __future__ import annotations

import datetime
import json
import re
from typing import Any

from bridgescore.web.accounts import tokens
from bridgescore.web.accounts.models import User
from bridgescore.web.api import api
from bridgescore.web.events import services as sv

from .base import BaseTestCase

DAY = datetime.date(2026, 12, 1)
EVENT = re.compile(r"^/api/events/\{[^}]+\}")


def session_endpoints() -> list[tuple[str, str]]:
    """(method, path template) of every endpoint under a session's id."""
    out: list[tuple[str, str]] = []
    for path, ops in api.get_openapi_schema()["paths"].items():
        if EVENT.match(path):
            out.extend((m, path) for m in ops if m in ("get", "post", "put", "patch", "delete"))
    return sorted(out)


def fill(template: str, event: int, other: int) -> str:
    """The session's id first, every other path parameter ``other``."""
    head = EVENT.match(template)
    assert head is not None
    return f"/api/events/{event}" + re.sub(r"\{[^}]+\}", str(other), template[head.end():])


BODIES: list[Any] = [{}, {"seq": 1, "result": "4S N =", "junk": [1]}, "not json at all", []]


class RightsFirstTests(BaseTestCase):
    def setUp(self) -> None:
        self.event = sv.create_event(self.north, sv.Actor(self.alice), name_en="Quiet pairs",
                                     name_zh="安静的双人赛", date=DAY, movement="mitchell",
                                     tables=3, boards_per_round=2)

    def call(self, user: User, method: str, path: str, body: Any) -> Any:
        raw = body if isinstance(body, str) else json.dumps(body)
        return self.client.generic(method.upper(), path, data=raw,
                                   content_type="application/json",
                                   HTTP_AUTHORIZATION=f"Bearer {tokens.issue(user, 't')}")

    def test_there_are_session_endpoints_of_every_router(self) -> None:
        paths = {p for _, p in session_endpoints()}
        for part in ("/entries", "/settings", "/ranking", "/match", "/pairs", "/movement"):
            assert any(part in p for p in paths), part
        assert len(session_endpoints()) >= 20

    def test_an_outsider_gets_one_refusal_whatever_the_ids_and_the_body(self) -> None:
        # charlie is in no club; dave directs another club.
        wrong = []
        for user in (self.charlie, self.dave):
            for method, template in session_endpoints():
                seen = set()
                for other in (1, 2, 99_999):
                    for body in BODIES if method != "get" else [None]:
                        r = self.call(user, method, fill(template, self.event.pk, other),
                                      body if body is not None else {})
                        seen.add((r.status_code, r.json().get("code")))
                if len(seen) != 1 or next(iter(seen))[0] != 403:
                    wrong.append((user.username, method, template, sorted(seen)))
        assert not wrong, "\n".join(map(str, wrong))

    def test_a_missing_session_is_one_404(self) -> None:
        wrong = []
        for method, template in session_endpoints():
            seen = set()
            for other in (1, 99_999):
                for body in BODIES if method != "get" else [None]:
                    r = self.call(self.charlie, method, fill(template, 987_654, other),
                                  body if body is not None else {})
                    seen.add(r.status_code)
            if seen != {404}:
                wrong.append((method, template, sorted(seen)))
        assert not wrong, "\n".join(map(str, wrong))
