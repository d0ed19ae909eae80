"""The results API: a table's phone through its secret, and the director's endpoints.

A 3-table Mitchell of 2 boards a round: in round 1 table 1 seats pair 1 (NS) against pair 4
(EW) on boards 1 and 2.  Scores are worked out by hand from Law 77: board 1 (dealer North,
nobody vulnerable) 4♠ by North making is 4×30 = 120 trick points + 300 game bonus = 420.
"""

from __future__ import annotations

import datetime
import json
import logging
from typing import Any

from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase as HypothesisTestCase

from bridgescore.web.accounts import tokens
from bridgescore.web.events import entries as ev_entries
from bridgescore.web.events import services as sv
from bridgescore.web.events import tables
from bridgescore.web.events.entry.api import RedactSecrets, redact
from bridgescore.web.events.models import Event, ResultEntry

from ..base import BaseTestCase, tuesday_pairs

FOUR_SPADES = {"round": 1, "board": 1, "contract": "4S", "declarer": "N", "lead": "HK",
               "result": "="}


class TableApiCase(BaseTestCase):
    def setUp(self) -> None:
        self.director = sv.Actor(self.alice)
        self.event = tuesday_pairs(self.north, self.director)
        self.t1 = self.event.table_set.get(number=1)
        self.url = f"/api/tables/{tables.secret(self.t1)}"

    def post(self, path: str, body: dict[str, Any], **headers: str) -> Any:
        return self.client.post(path, json.dumps(body), content_type="application/json",
                                headers=headers)

    def enter(self, body: dict[str, Any], **headers: str) -> Any:
        return self.post(self.url + "/entries", body, **headers)


class TableEndpointsTest(TableApiCase):
    def test_the_table_sees_its_round_boards_pairs_dealer_and_vulnerability(self) -> None:
        got = self.client.get(self.url)
        assert got.status_code == 200
        body = got.json()
        assert body["event"]["name"] == "Tuesday pairs" and body["table"] == 1
        assert body["round"] == 1 and body["rounds"] == [1, 2, 3] and body["can_enter"]
        assert [(b["board"], b["ns_pair"], b["ew_pair"], b["dealer"], b["vulnerability"])
                for b in body["boards"]] == [(1, "1", "4", "N", "None"), (2, "1", "4", "E", "NS")]
        assert body["boards"][0]["entry"] is None and body["entries"] == []
        zh = self.client.get(self.url, headers=self.zh()).json()
        assert zh["event"]["name"] == "周二双人赛"
        assert zh["boards"][1]["description"] == "第2副：东发牌，南北有局"

    def test_an_entry_is_stored_scored_and_explained_in_the_readers_language(self) -> None:
        got = self.enter({**FOUR_SPADES, "idempotency_key": "k-1"}, **self.zh())
        assert got.status_code == 201, got.content
        row = got.json()
        assert (row["seq"], row["result"], row["lead"], row["ns_score"]) == (1, "4S N =", "HK", 420)
        assert row["explanation"][0] == "南北得 4×30+300=420分"
        assert row["in_force"] and row["source"] == "table"
        en = self.enter({**FOUR_SPADES, "idempotency_key": "k-1"})
        assert en.json()["explanation"][0] == "NS score 4×30+300=420"
        # Shown at the table afterwards.
        board1 = self.client.get(self.url).json()["boards"][0]
        assert board1["entry"]["seq"] == 1

    def test_chinese_notation_is_accepted(self) -> None:
        got = self.enter({"round": 1, "board": "第一副", "contract": "4黑桃", "declarer": "北",
                          "result": "正好"})
        assert got.status_code == 201, got.content
        assert got.json()["result"] == "4S N =" and got.json()["ns_score"] == 420

    def test_a_retry_with_the_same_key_gets_the_same_row_and_stores_nothing(self) -> None:
        first = self.enter({**FOUR_SPADES, "idempotency_key": "retry-me"})
        again = self.enter({**FOUR_SPADES, "idempotency_key": "retry-me"})
        assert (first.status_code, again.status_code) == (201, 200)
        assert again.json() == first.json()
        assert ResultEntry.objects.filter(event=self.event).count() == 1

    def test_a_second_result_for_the_board_is_a_conflict_showing_the_first(self) -> None:
        self.enter({**FOUR_SPADES, "idempotency_key": "a"})
        got = self.enter({**FOUR_SPADES, "result": "+1", "idempotency_key": "b"})
        assert got.status_code == 409
        body = got.json()
        assert body["code"] == "conflict" and body["existing"]["result"] == "4S N ="
        assert "already entered" in body["en"] and "已录入" in body["zh"]
        assert ResultEntry.objects.filter(event=self.event).count() == 1

    def test_bad_input_gets_every_field_error_in_both_languages(self) -> None:
        got = self.enter({"round": 1, "board": 1, "contract": "7NT", "declarer": "N",
                          "result": "+1", "lead": "SZ"}, **self.zh())
        assert got.status_code == 400
        body = got.json()
        assert body["code"] == "bad_entry"
        assert [(e["code"], e["field"]) for e in body["errors"]] == [
            ("lead.invalid", "lead"), ("result.impossible", "result")]
        lead = body["errors"][0]
        assert lead["params"] == {"text": "SZ"} and "'SZ'" in lead["en"] and "首攻" in lead["zh"]
        assert lead["message"] == lead["zh"] and body["message"] == body["zh"]
        other = self.enter({"round": 1, "board": 3, "contract": "4S", "declarer": "Q",
                            "result": "="}).json()
        assert [e["code"] for e in other["errors"]] == ["board.not_here", "declarer.invalid"]
        assert other["errors"][0]["en"] == (
            "board 3 is not played here in this round: expected 1, 2")
        assert not ResultEntry.objects.filter(event=self.event).exists()

    def test_a_round_the_table_does_not_play_and_malformed_json_are_4xx(self) -> None:
        got = self.enter({**FOUR_SPADES, "round": 9})
        assert got.status_code == 400 and "round 9" in got.json()["en"]
        bad = self.client.post(self.url + "/entries", "{not json",
                               content_type="application/json")
        assert bad.status_code in (400, 422) and {"en", "zh"} <= set(bad.json())
        long_key = self.enter({**FOUR_SPADES, "idempotency_key": "x" * 65})
        assert long_key.status_code == 422
        nul_key = self.enter({**FOUR_SPADES, "idempotency_key": "a\x00b"})
        assert nul_key.status_code == 422

    def test_a_closed_round_is_refused_and_the_director_may_still_correct(self) -> None:
        first = self.enter(FOUR_SPADES).json()
        sv.close_round(self.event, self.director, 1)
        got = self.enter({**FOUR_SPADES, "board": 2})
        assert got.status_code == 403 and got.json()["code"] == "not_allowed"
        fix = self.post(f"{self.url}/entries/{first['seq']}/correct",
                        {"contract": "4S", "declarer": "N", "result": "+1"})
        assert fix.status_code == 403
        # The table view moves on to round 2 once round 1 is closed.
        assert self.client.get(self.url).json()["round"] == 2

    def test_the_phone_page_and_the_api_show_the_same_round(self) -> None:
        """Round 1 closed with board 2 missing: both ways a phone reads its table show round
        2 (the page once showed the closed round 1, the API round 2); then, round 2's boards
        in, round 3; every board in, the API its last round and the page the same."""
        page = f"/t/{tables.secret(self.t1)}/"

        def rounds() -> tuple[int, int]:
            return (self.client.get(self.url).json()["round"],
                    self.client.get(page).context["round"])

        assert rounds() == (1, 1)
        self.enter(FOUR_SPADES)
        sv.close_round(self.event, self.director, 1)
        assert rounds() == (2, 2)
        # Round 2 at table 1: NS 1 against EW 6 (the EW pairs move up a table) on boards 5-6.
        two = self.client.get(self.url).json()["boards"]
        for b in two:
            assert self.enter({"round": 2, "board": b["board"], "contract": "3NT",
                               "declarer": "S", "result": "="}).status_code == 201
        assert rounds() == (3, 3)
        for b in self.client.get(self.url).json()["boards"]:
            assert self.enter({"round": 3, "board": b["board"], "contract": "3NT",
                               "declarer": "S", "result": "="}).status_code == 201
        assert rounds() == (3, 3)

    def test_the_table_corrects_its_own_entry(self) -> None:
        first = self.enter(FOUR_SPADES).json()
        got = self.post(f"{self.url}/entries/{first['seq']}/correct",
                        {"contract": "4S", "declarer": "N", "result": "+1", "reason": "typo"})
        assert got.status_code == 201, got.content
        row = got.json()
        # 4♠ +1, not vulnerable: 120 + 30 overtrick + 300 game = 450.
        assert (row["kind"], row["replaces"], row["ns_score"]) == ("correct", first["seq"], 450)
        view = self.client.get(self.url).json()
        assert [e["seq"] for e in view["entries"]] == [row["seq"]]
        missing = self.post(f"{self.url}/entries/99/correct",
                            {"contract": "4S", "declarer": "N", "result": "+1"})
        assert missing.status_code == 400

    def test_another_tables_entry_cannot_be_corrected_from_this_phone(self) -> None:
        t2 = self.event.table_set.get(number=2)
        other = ev_entries.enter(self.event, sv.Actor(table=t2), round=1, table=2,
                                 fields={"board": 3, "contract": "3NT", "declarer": "S",
                                         "result": "="}).row
        got = self.post(f"{self.url}/entries/{other.seq}/correct",
                        {"contract": "3NT", "declarer": "S", "result": "+1"})
        assert got.status_code == 403

    def test_an_unknown_or_closed_secret_is_not_found(self) -> None:
        for secret in ("x" * 16, "short", tables.secret(self.t1)[:-1] + "?"):
            got = self.client.get(f"/api/tables/{secret}")
            assert got.status_code == 404 and got.json()["code"] == "not_found"
        sv.set_status(self.event, self.director, Event.Status.CLOSED)
        assert self.client.get(self.url).status_code == 404
        assert self.enter(FOUR_SPADES).status_code == 404

    def test_a_session_not_in_play_refuses_entries(self) -> None:
        sv.set_status(self.event, self.director, Event.Status.SETUP)
        got = self.enter(FOUR_SPADES)
        assert got.status_code == 403 and "not in play" in got.json()["en"]
        assert not self.client.get(self.url).json()["can_enter"]

    def test_the_secret_stays_out_of_the_logs(self) -> None:
        secret = tables.secret(self.t1)
        assert redact(f'"GET /api/tables/{secret}/entries HTTP/1.1" 404') == (
            '"GET /api/tables/…/entries HTTP/1.1" 404')
        assert redact(f"/t/{secret}/") == "/t/…/"
        record = logging.LogRecord("uvicorn.access", logging.INFO, "", 0,
                                   '%s - "%s %s HTTP/%s" %d',
                                   ("127.0.0.1:5", "POST", f"/api/tables/{secret}", "1.1", 201),
                                   None)
        RedactSecrets().filter(record)
        assert secret not in record.getMessage() and "/api/tables/…" in record.getMessage()
        # Django's own warning for a refused request goes through the same filter.
        with self.assertLogs("django.request", logging.WARNING) as logs:
            self.client.get(f"/api/tables/{secret}X")
        assert logs.output and all(secret not in line for line in logs.output)


class DirectorEndpointsTest(TableApiCase):
    def setUp(self) -> None:
        super().setUp()
        self.auth = {"Authorization": f"Bearer {tokens.issue(self.alice, 'script')}"}
        self.base = f"/api/events/{self.event.pk}"

    def test_the_log_is_for_directors_only(self) -> None:
        self.enter(FOUR_SPADES)
        got = self.client.get(self.base + "/entries", headers=self.auth)
        assert got.status_code == 200
        assert [(r["seq"], r["result"], r["in_force"]) for r in got.json()] == [
            (1, "4S N =", True)]
        bob = {"Authorization": f"Bearer {tokens.issue(self.bob, 'script')}"}
        assert self.client.get(self.base + "/entries", headers=bob).status_code == 403
        assert self.client.get(self.base + "/entries").status_code == 401
        assert self.client.get("/api/events/999999/entries",
                               headers=self.auth).status_code == 404

    def test_enter_correct_cancel_and_adjust(self) -> None:
        entered = self.post(self.base + "/entries",
                            {**FOUR_SPADES, "table": 1, "idempotency_key": "d1"}, **self.auth)
        assert entered.status_code == 201, entered.content
        assert entered.json()["source"] == "api"
        seq = entered.json()["seq"]
        again = self.post(self.base + "/entries",
                          {**FOUR_SPADES, "table": 1, "idempotency_key": "d1"}, **self.auth)
        assert again.status_code == 200 and again.json()["seq"] == seq
        fixed = self.post(f"{self.base}/entries/{seq}/correct",
                          {"contract": "4S", "declarer": "N", "result": "-1",
                           "reason": "wrong card"}, **self.auth)
        # 4♠ −1 not vulnerable: 50 to EW, so NS −50.
        assert fixed.status_code == 201 and fixed.json()["ns_score"] == -50
        gone = self.post(f"{self.base}/entries/{fixed.json()['seq']}/cancel",
                         {"reason": "not played"}, **self.auth)
        assert gone.status_code == 201 and gone.json()["kind"] == "cancel"
        assert not gone.json()["in_force"]
        adjusted = self.post(self.base + "/adjust",
                             {"round": 1, "table": 1, "board": 1, "ns_award": "A+",
                              "ew_award": "A-", "reason": "slow play"}, **self.auth)
        assert adjusted.status_code == 201, adjusted.content
        assert adjusted.json()["ns_award"] == "A+"
        assert adjusted.json()["explanation"] == ["Adjusted score: NS A+, EW A-"]
        log = self.client.get(self.base + "/entries", headers=self.auth).json()
        assert [(r["kind"], r["in_force"]) for r in log] == [
            ("enter", False), ("correct", False), ("cancel", False), ("enter", True)]

    def test_another_clubs_director_and_bad_awards_are_refused(self) -> None:
        dave = {"Authorization": f"Bearer {tokens.issue(self.dave, 'script')}"}
        got = self.post(self.base + "/entries", {**FOUR_SPADES, "table": 1}, **dave)
        assert got.status_code == 403 and got.json()["code"] == "not_allowed"
        for path in ("/entries/1/cancel", "/adjust"):
            assert self.post(self.base + path, {"round": 1, "table": 1, "board": 1,
                                                "ns_award": "A", "ew_award": "A"},
                             **dave).status_code == 403
        bad = self.post(self.base + "/adjust", {"round": 1, "table": 1, "board": 1,
                                                "ns_award": "lots", "ew_award": "A"},
                        **self.auth)
        assert bad.status_code == 400 and {"en", "zh"} <= set(bad.json())
        assert not ResultEntry.objects.filter(event=self.event).exists()


# Whatever a phone sends, the answer is a 2xx or a JSON 4xx, never a 500.
_text = st.one_of(st.none(), st.text(max_size=12),
                  st.sampled_from(["4S", "3NT", "7NTXX", "pass", "N", "东", "=", "+1", "-13",
                                   "超1", "SA", "♠10", "9", "620", "-100"]))
_body = st.fixed_dictionaries({}, optional={
    "round": st.one_of(st.integers(-3, 5), st.text(max_size=3)),
    "board": st.one_of(st.integers(-3, 8), _text),
    "contract": _text, "declarer": _text, "lead": _text, "result": _text,
    "tricks": st.one_of(st.integers(-3, 20), _text), "score": st.one_of(st.integers(), _text),
    "idempotency_key": st.one_of(st.none(), st.text(max_size=70)),
})


class TableEntryFuzzTest(HypothesisTestCase, BaseTestCase):  # each example rolled back
    @given(body=_body)
    @settings(max_examples=120, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    def test_no_entry_gets_a_server_error(self, body: dict[str, Any]) -> None:
        event = sv.create_event(self.north, sv.Actor(self.alice), name_en="Fuzz",
                                date=datetime.date(2026, 12, 1), movement="mitchell",
                                tables=3, boards_per_round=2)
        sv.set_status(event, sv.Actor(self.alice), Event.Status.RUNNING)
        url = f"/api/tables/{tables.secret(event.table_set.get(number=1))}/entries"
        client = Client()
        for _ in range(2):  # the second time: a retry or a conflict
            got = client.post(url, json.dumps(body), content_type="application/json")
            assert got.status_code in (200, 201, 400, 403, 409, 422), got.content
            assert {"en", "zh"} <= set(got.json()) or got.status_code < 300
