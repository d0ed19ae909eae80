"""The table API's fast path: SQL built once (``core.fastsql``), the requests answered on
the database threads (``core.pooled``, ``core.dbthreads``), and the live push handed to the
server's loop (``results.live``).  Each is checked against what the ORM or Django's own
ASGI handler gives, on SQLite here and on PostgreSQL in the second pass of ``make test``."""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import json
import threading
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import connection
from django.test import TransactionTestCase

from bridgescore.web.clubs.models import Club
from bridgescore.web.core import dbthreads, fastsql, pooled
from bridgescore.web.events import services as sv
from bridgescore.web.events import tables
from bridgescore.web.events.models import AuditRecord, Event, ResultEntry, Table
from bridgescore.web.events.results import live

from .base import make_user, tuesday_pairs


def _fields(obj: Any) -> dict[str, Any]:
    return {f.attname: getattr(obj, f.attname) for f in type(obj)._meta.concrete_fields}


class FastPathCase(TransactionTestCase):
    def setUp(self) -> None:
        self.alice = make_user("alice", "Alice Wang", "王爱丽")
        self.club = Club.objects.create(slug="north", name_en="North Club", name_zh="北方俱乐部")
        from bridgescore.web.clubs.models import Membership

        Membership.objects.create(club=self.club, player=self.alice.player, role="director")
        self.director = sv.Actor(self.alice)
        self.event = tuesday_pairs(self.club, self.director)
        self.t1 = self.event.table_set.get(number=1)
        self.secret = tables.secret(self.t1)

    # ------------------------------------------------------------------ fastsql

    def test_the_joined_select_gives_what_select_related_gives(self) -> None:
        orm = Table.objects.select_related("event", "event__club").get(pk=self.t1.pk)
        found = tables._BY_DIGEST.one(self.t1.token_digest)
        assert found is not None
        table, event, club = found
        assert isinstance(table, Table) and isinstance(event, Event)
        assert _fields(table) == _fields(orm)
        assert _fields(event) == _fields(orm.event)  # dates, datetimes, booleans, JSON
        assert _fields(club) == _fields(orm.event.club)
        assert table.event is event and event.club is club  # attached, no further query
        assert not table._state.adding and table._state.db == "default"
        assert tables._BY_DIGEST.one("0" * 64) is None
        # The secret opens its table; a closed event's secret opens nothing.
        opened = tables.table_for_token(self.secret)
        assert opened is not None and opened.pk == self.t1.pk
        assert tables.table_for_token("x" * tables.TOKEN_LENGTH) is None
        Event.objects.filter(pk=self.event.pk).update(status=Event.Status.CLOSED)
        assert tables.table_for_token(self.secret) is None

    def test_the_insert_stores_what_bulk_create_stores(self) -> None:
        before = {"seq": 1, "result": "4S N =", "名": "王爱丽"}
        ours = [ResultEntry(event=self.event, seq=1, kind="enter", round=1, table=1, board=1,
                            ns_pair="1", ew_pair="4", result="4S N =", lead="HK",
                            source="table", idempotency_key="k-1"),
                ResultEntry(event=self.event, seq=2, kind="enter", round=1, table=1, board=2,
                            ns_pair="1", ew_pair="4", result="3NT S -1", source="table")]
        audits = [AuditRecord(event=self.event, by_user=self.alice, action="result.enter",
                              subject="board 1", before=before, after={"n": [1, 2.5, None]})]
        fastsql.Insert(ResultEntry).rows(ours)
        fastsql.Insert(AuditRecord).rows(audits)
        assert all(r.pk is not None and not r._state.adding for r in [*ours, *audits])
        for row in ours:
            assert _fields(ResultEntry.objects.get(pk=row.pk)) == _fields(row)
        stored = AuditRecord.objects.get(pk=audits[0].pk)
        assert stored.before == before and stored.after == {"n": [1, 2.5, None]}
        assert isinstance(stored.at, datetime.datetime) and stored.at == audits[0].at
        # The same rows through the ORM compare equal field for field (but the keys).
        orm = ResultEntry(event=self.event, seq=3, kind="enter", round=1, table=2, board=3,
                          ns_pair="2", ew_pair="5", result="1NT N +1", source="table")
        ResultEntry.objects.bulk_create([orm])
        mine = ResultEntry(event=self.event, seq=4, kind="enter", round=1, table=2, board=3,
                           ns_pair="2", ew_pair="5", result="1NT N +1", source="table")
        fastsql.Insert(ResultEntry).rows([mine])
        a, b = (_fields(ResultEntry.objects.get(pk=r.pk)) for r in (orm, mine))
        for f in ("id", "seq", "created"):
            a.pop(f, None)
            b.pop(f, None)
        assert a == b

    # ------------------------------------------------------------------ the ASGI fast path

    def _call(self, path: str, body: bytes, *, lang: str = "en",
              chunks: int = 1) -> tuple[int, dict[str, str], bytes]:
        from bridgescore.web.asgi import application

        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
                 "method": "POST", "scheme": "http", "path": path, "raw_path": path.encode(),
                 "root_path": "", "query_string": b"", "client": ("127.0.0.1", 5000),
                 "server": ("127.0.0.1", 8000),
                 "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"application/json"),
                             (b"accept-language", lang.encode())]}
        size = max(1, -(-len(body) // chunks))
        parts = [body[i:i + size] for i in range(0, len(body), size)] or [b""]
        messages = [{"type": "http.request", "body": p, "more_body": i < len(parts) - 1}
                    for i, p in enumerate(parts)]
        sent: list[dict[str, Any]] = []

        async def receive() -> dict[str, Any]:
            return messages.pop(0) if messages else {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        async_to_sync(application)(scope, receive, send)
        start, *rest = sent
        headers = {k.decode().lower(): v.decode("latin1") for k, v in start["headers"]}
        return start["status"], headers, b"".join(m.get("body", b"") for m in rest)

    def test_an_entry_through_the_fast_path_is_stored_and_explained(self) -> None:
        assert pooled.handles({"type": "http", "path": f"/api/tables/{self.secret}/entries"})
        assert not pooled.handles({"type": "http", "path": "/api/events/1"})
        assert not pooled.handles({"type": "websocket", "path": "/api/tables/x"})
        body = json.dumps({"round": 1, "board": 1, "contract": "4S", "declarer": "N",
                           "lead": "HK", "result": "=", "idempotency_key": "fp-1"}).encode()
        status, headers, content = self._call(f"/api/tables/{self.secret}/entries", body,
                                              chunks=3)
        answer = json.loads(content)
        # Board 1, nobody vulnerable: 4 × 30 = 120 trick points + 300 game bonus = 420.
        assert status == 201 and answer["ns_score"] == 420 and answer["seq"] == 1
        assert answer["explanation"][0] == "NS score 4×30+300=420"
        assert headers["content-type"].startswith("application/json")
        assert headers["x-content-type-options"] == "nosniff"  # the middleware ran
        # The retry (same key) gets the stored row back: 200, nothing new.
        status, _, content = self._call(f"/api/tables/{self.secret}/entries", body, lang="zh")
        assert status == 200 and json.loads(content)["seq"] == 1
        assert ResultEntry.objects.filter(event=self.event).count() == 1

    def test_the_language_is_the_requests_own_on_a_shared_thread(self) -> None:
        dbthreads.shutdown()
        with self.settings(BRIDGESCORE_DB_THREADS=1):  # every request on the same thread
            wrong = json.dumps({"round": 1, "board": 1, "contract": "8S", "declarer": "N",
                                "result": "="}).encode()
            path = f"/api/tables/{self.secret}/entries"
            zh = json.loads(self._call(path, wrong, lang="zh-CN,zh;q=0.9")[2])
            en = json.loads(self._call(path, wrong, lang="en")[2])
            again = json.loads(self._call(path, wrong, lang="zh-hans")[2])
        dbthreads.shutdown()
        assert zh["code"] == en["code"] == "bad_entry"
        assert zh["message"] == zh["zh"] != zh["en"]
        assert en["message"] == en["en"]
        assert again["message"] == again["zh"]

    def test_answers_of_the_fast_path_for_bad_requests(self) -> None:
        entry = json.dumps({"round": 1, "board": 1, "contract": "pass"}).encode()
        status, _, content = self._call("/api/tables/wrong-secret-0000/entries", entry)
        assert status == 404 and json.loads(content)["code"] == "not_found"
        status, _, content = self._call(f"/api/tables/{self.secret}/entries", b"{not json")
        assert 400 <= status < 500 and "code" in json.loads(content)
        big = b"x" * (3 * 1024 * 1024)
        status, _, content = self._call(f"/api/tables/{self.secret}/entries", big, chunks=4)
        answer = json.loads(content)
        assert status == 413 and answer["code"] == "too_large" and answer["zh"] == "请求过大。"
        assert ResultEntry.objects.filter(event=self.event).count() == 0

    def test_a_database_thread_keeps_its_connection(self) -> None:
        dbthreads.shutdown()
        with self.settings(BRIDGESCORE_DB_THREADS=1):
            def ident() -> int:
                connection.ensure_connection()
                return id(connection.connection)

            first = dbthreads.submit(ident).result()
            # A response's close() sends request_finished, which closes connections past
            # CONN_MAX_AGE (0 here): the thread's connection must survive it.
            body = json.dumps({"round": 1, "board": 2, "contract": "pass"}).encode()
            assert self._call(f"/api/tables/{self.secret}/entries", body)[0] == 201
            assert dbthreads.submit(ident).result() == first
        dbthreads.shutdown()

    # ------------------------------------------------------------------ the live push

    def test_pushes_from_threads_reach_the_loop_once_for_a_burst(self) -> None:
        layer = get_channel_layer()
        assert layer is not None

        async def run() -> list[dict[str, Any]]:
            channel = await layer.new_channel()
            await layer.group_add(live.group(99), channel)
            live.remember_loop(asyncio.get_running_loop())
            try:
                # A burst from another thread while the loop is busy: one message covers it.
                def burst() -> None:
                    for version in range(1, 6):
                        live.push(99, version)
                worker = threading.Thread(target=burst)
                worker.start()
                worker.join()
                got = [await asyncio.wait_for(layer.receive(channel), 2)]
                # A change after that message went out gets a message of its own.
                await asyncio.sleep(0)
                live.push(99, 6)
                got.append(await asyncio.wait_for(layer.receive(channel), 2))
                with contextlib.suppress(TimeoutError):  # nothing more may come
                    got.append(await asyncio.wait_for(layer.receive(channel), 0.2))
                return got
            finally:
                live.remember_loop(None)
                await layer.group_discard(live.group(99), channel)

        got = async_to_sync(run)()
        assert [m["type"] for m in got] == ["event.changed", "event.changed"]
        assert got[0]["event"] == 99 and got[1]["version"] == 6
