"""The table API shares the phone pages' throttle on wrong secrets (entry/throttle.py).

A wrong secret through ``/api/tables/…`` counts one failure for the client's address, in
the same ``SecretFailure`` row the pages count in; over the limit the answer is a 429 JSON
error in both languages with ``Retry-After``.  The throttle is asked only after a secret
opened nothing, so a valid secret costs no query of that table, and one address's failures
never refuse another address.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from typing import Any

from asgiref.sync import async_to_sync
from django.db import connection
from django.test import TransactionTestCase, override_settings
from django.test.client import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from bridgescore.web.clubs.models import Club, Membership
from bridgescore.web.core import dbthreads
from bridgescore.web.events import services as sv
from bridgescore.web.events import tables
from bridgescore.web.events.entry import throttle
from bridgescore.web.events.models import Event, ResultEntry, SecretFailure

from ...base import BaseTestCase, make_user, tuesday_pairs

FOUR_SPADES = {"round": 1, "board": 1, "contract": "4S", "declarer": "N", "lead": "HK",
               "result": "="}
GUESS = "guess00000000000"  # 16 characters: the length of a real secret
FAR = "10.0.0.9"


def post(client: Client, path: str, body: dict[str, Any], **headers: str) -> Any:
    return client.post(path, json.dumps(body), content_type="application/json",
                       headers=headers)


@override_settings(TABLE_SECRET_FAILURE_LIMIT=3, TABLE_SECRET_FAILURE_WINDOW=600)
class TableApiThrottleTest(BaseTestCase):
    def setUp(self) -> None:
        director = sv.Actor(self.alice)
        self.event = sv.create_event(self.north, director, name_en="Tuesday pairs",
                                     name_zh="周二双人赛", date=datetime.date(2026, 12, 1),
                                     movement="mitchell", tables=3, boards_per_round=2)
        sv.set_status(self.event, director, Event.Status.RUNNING)
        self.director = director
        self.t1 = self.event.table_set.get(number=1)
        self.url = f"/api/tables/{tables.secret(self.t1)}"

    def failures(self) -> int:
        row = SecretFailure.objects.first()
        return row.failures if row is not None else 0

    def assert_locked(self, r: Any, lang: str = "en") -> dict[str, Any]:
        assert r.status_code == 429, r.content
        assert r["Content-Type"].startswith("application/json")
        retry = int(r["Retry-After"])
        assert 590 <= retry <= 600
        body: dict[str, Any] = r.json()
        assert body["code"] == "too_many_wrong_secrets" and body["retry_after"] == retry
        assert "Too many wrong table secrets" in body["en"] and "10 min" in body["en"]
        assert "错误桌号密钥过多" in body["zh"] and "10 分钟" in body["zh"]
        assert body["message"] == body[lang]
        return body

    def test_every_wrong_secret_counts_and_over_the_limit_is_a_bilingual_429(self) -> None:
        wrong: list[Callable[[], Any]] = [lambda: self.client.get(f"/api/tables/{GUESS}"),
                 lambda: post(self.client, f"/api/tables/{GUESS}/entries", FOUR_SPADES),
                 lambda: post(self.client, "/api/tables/short/entries/1/correct",
                              {"result": "+1"})]
        for n, ask in enumerate(wrong, start=1):
            r = ask()
            assert r.status_code == 404 and r.json()["code"] == "not_found"
            assert self.failures() == n
        # The limit reached: the next wrong secret is refused without a count …
        self.assert_locked(self.client.get(f"/api/tables/{GUESS}"))
        self.assert_locked(post(self.client, f"/api/tables/{GUESS}/entries", FOUR_SPADES,
                                **self.zh()), lang="zh")
        assert self.failures() == 3
        # … from any app server: the count is in the database (a new client here).
        self.assert_locked(Client().get(f"/api/tables/{GUESS}"))
        # Another address is not locked: its own wrong secret is a plain 404.
        assert Client(REMOTE_ADDR=FAR).get(f"/api/tables/{GUESS}").status_code == 404

    def test_a_valid_secret_is_served_whatever_anyone_guessed(self) -> None:
        for _ in range(3):
            Client(REMOTE_ADDR=FAR).get(f"/api/tables/{GUESS}")
        self.assert_locked(Client(REMOTE_ADDR=FAR).get(f"/api/tables/{GUESS}"))
        # The phone at the table, from another address, enters as if nothing happened.
        assert self.client.get(self.url).status_code == 200
        r = post(self.client, self.url + "/entries", {**FOUR_SPADES, "idempotency_key": "k1"})
        assert r.status_code == 201, r.content
        # The API asks the throttle only about wrong secrets: a valid one is served even
        # from the locked address (the pages refuse it; their check comes first).
        far = Client(REMOTE_ADDR=FAR)
        assert far.get(self.url).status_code == 200
        assert far.get(f"/t/{tables.secret(self.t1)}/").status_code == 429
        assert ResultEntry.objects.filter(event=self.event).count() == 1

    def test_a_valid_secret_makes_no_query_of_the_throttle(self) -> None:
        # An address already counting failures: the count must not be read, nor written.
        Client().get(f"/api/tables/{GUESS}")
        table = SecretFailure._meta.db_table
        with CaptureQueriesContext(connection) as queries:
            assert self.client.get(self.url).status_code == 200
            r = post(self.client, self.url + "/entries", {**FOUR_SPADES, "idempotency_key": "k"})
            assert r.status_code == 201, r.content
            seq = r.json()["seq"]
            r = post(self.client, f"{self.url}/entries/{seq}/correct",
                     {**FOUR_SPADES, "result": "+1"})
            assert r.status_code == 201, r.content
        assert queries.captured_queries
        touched = [q["sql"] for q in queries.captured_queries if table in q["sql"]]
        assert touched == []
        assert self.failures() == 1

    def test_pages_and_api_count_together(self) -> None:
        assert self.client.get(f"/t/{GUESS}/").status_code == 404
        assert self.client.get(f"/api/tables/{GUESS}").status_code == 404
        assert self.client.get("/t/another-wrong-one/").status_code == 404
        assert self.failures() == 3
        self.assert_locked(self.client.get(f"/api/tables/{GUESS}"))
        assert self.client.get(f"/t/{GUESS}/").status_code == 429

    def test_a_closed_sessions_real_secret_is_no_guess(self) -> None:
        sv.set_status(self.event, self.director, Event.Status.CLOSED)
        for _ in range(5):
            r = self.client.get(self.url)
            assert r.status_code == 404 and r.json()["code"] == "not_found"
        assert not SecretFailure.objects.exists()

    def test_the_lock_ends_with_the_window(self) -> None:
        for _ in range(3):
            self.client.get(f"/api/tables/{GUESS}")
        self.assert_locked(self.client.get(f"/api/tables/{GUESS}"))
        SecretFailure.objects.update(window_start=timezone.now() - datetime.timedelta(seconds=601))
        assert self.client.get(f"/api/tables/{GUESS}").status_code == 404
        assert self.failures() == 1  # a new window
        assert throttle.seconds_locked("127.0.0.1") == 0

    def test_the_schema_names_the_429(self) -> None:
        paths = self.client.get("/api/openapi.json").json()["paths"]
        for path, method in (("/api/tables/{secret}", "get"),
                             ("/api/tables/{secret}/entries", "post"),
                             ("/api/tables/{secret}/entries/{seq}/correct", "post")):
            assert "429" in paths[path][method]["responses"], path


def asgi_get(path: str, address: str, lang: str = "en") -> tuple[int, dict[str, str], bytes]:
    """A GET through the server's ASGI application, from ``address``: the table API's
    requests take its fast path (core/pooled.py) there, not the test client's handler."""
    from bridgescore.web.asgi import application

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(),
             "root_path": "", "query_string": b"", "client": (address, 5000),
             "server": ("127.0.0.1", 8000),
             "headers": [(b"host", b"127.0.0.1"), (b"accept-language", lang.encode())]}
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    async_to_sync(application)(scope, receive, send)
    start, *rest = sent
    headers = {k.decode().lower(): v.decode("latin1") for k, v in start["headers"]}
    return start["status"], headers, b"".join(m.get("body", b"") for m in rest)


@override_settings(TABLE_SECRET_FAILURE_LIMIT=2, TABLE_SECRET_FAILURE_WINDOW=120)
class FastPathThrottleTest(TransactionTestCase):
    """The same answers through the ASGI fast path, which runs the view on the database
    threads with their own connections (hence a TransactionTestCase)."""

    def test_the_429_and_its_header_come_through_the_fast_path(self) -> None:
        self.addCleanup(dbthreads.shutdown)  # their connections, before the tables are flushed
        alice = make_user("alice", "Alice Wang", "王爱丽")
        club = Club.objects.create(slug="north", name_en="North Club", name_zh="北方俱乐部")
        Membership.objects.create(club=club, player=alice.player, role="director")
        event = tuesday_pairs(club, sv.Actor(alice))
        secret = tables.secret(event.table_set.get(number=1))
        for _ in range(2):
            assert asgi_get(f"/api/tables/{GUESS}", "192.0.2.7")[0] == 404
        status, headers, body = asgi_get(f"/api/tables/{GUESS}", "192.0.2.7", lang="zh-CN")
        answer = json.loads(body)
        assert status == 429 and 110 <= int(headers["retry-after"]) <= 120
        assert answer["code"] == "too_many_wrong_secrets" and answer["message"] == answer["zh"]
        assert "2 分钟" in answer["zh"] and "2 min" in answer["en"]
        # Counted by the client's address as the server saw it: another one is not locked,
        # and a valid secret is served to anyone.
        assert asgi_get(f"/api/tables/{GUESS}", "192.0.2.8")[0] == 404
        assert asgi_get(f"/api/tables/{secret}", "192.0.2.7")[0] == 200
