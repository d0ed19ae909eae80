"""Schemathesis against /api/openapi.json: no generated request may get a 500, and every
error answer is the API's JSON error in both languages.

(Schemathesis' own pytest plugin does not run on this pytest; its case generation does.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.core.result import Ok

from bridgescore.web.accounts import tokens

from .base import make_user


def errors_are_bilingual_json(ctx: Any, response: Any, case: Any) -> bool:
    if response.status_code >= 400:
        body = response.json()
        assert {"code", "message", "en", "zh"} <= set(body), body
    return True


@pytest.fixture
def keep_the_test_connection() -> Iterator[None]:
    # Called straight through WSGI (not Django's test client), a request's end would close
    # the connection that holds the test's transaction; the test client avoids it the same way.
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@pytest.mark.django_db
@pytest.mark.usefixtures("keep_the_test_connection")
def test_no_request_gets_a_server_error() -> None:
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", get_wsgi_application())
    operations = []
    for result in schema.get_all_operations():
        assert isinstance(result, Ok), result  # the schema itself is valid
        operations.append(result.ok())
    # The director's endpoints are fuzzed here too (with a token of no club: the rights'
    # answers), and against a real session by tests/web/test_director_api.py.
    assert {f"{op.method.upper()} {op.path}" for op in operations} >= {
        "GET /api/me", "GET /api/events", "POST /api/events",
        "PATCH /api/events/{event_id}/settings", "POST /api/events/{event_id}/pairs",
        "POST /api/events/{event_id}/movement/swap", "GET /api/events/{event_id}/audit"}
    token = tokens.issue(make_user("fuzz", "Fuzz", "模糊"), "fuzz")
    auth = st.sampled_from([{}, {"Authorization": f"Bearer {token}"},
                            {"Authorization": "Bearer bst_" + "x" * 43},
                            {"Authorization": "Basic Zm9vOmJhcg=="}])
    seen: set[int] = set()

    def check(case: Any, headers: dict[str, str]) -> None:
        response = case.call_and_validate(headers=headers, checks=[not_a_server_error],
                                          additional_checks=[errors_are_bilingual_json])
        seen.add(response.status_code)

    # Each operation gets its own examples: drawn from all at once, a new endpoint would
    # thin out every other's share (and the way in below might not be drawn at all).
    for op in operations:
        @given(case=op.as_strategy(), headers=auth)
        @settings(max_examples=30, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow])
        def fuzz(case: Any, headers: dict[str, str]) -> None:
            check(case, headers)

        fuzz()
    assert {200, 401} <= seen  # both the way in and the way out were exercised
