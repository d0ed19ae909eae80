"""The event services: entering, retrying, correcting, adjusting, rights and the audit trail.

Expected scores are worked out by hand from Law 77 (not by the code under test)."""

from __future__ import annotations

import pytest

from bridgescore.web.events import entries as ev_entries
from bridgescore.web.events import replay as ev_replay
from bridgescore.web.events import services as sv
from bridgescore.web.events import tables
from bridgescore.web.events.models import AuditRecord, Event, ResultEntry

from ..base import BaseTestCase, tuesday_pairs


class EventServicesTest(BaseTestCase):
    def setUp(self) -> None:
        self.director = sv.Actor(self.alice)
        self.event = tuesday_pairs(self.north, self.director)
        self.t1 = self.event.table_set.get(number=1)
        self.phone = sv.Actor(table=self.t1)

    def test_created_from_the_library_movement(self) -> None:
        # A 3-table Mitchell: 3 rounds of 2 boards, pairs 1-3 NS and 4-6 EW.
        assert (self.event.rounds, self.event.tables) == (3, 3)
        assert sorted(self.event.entrants.values_list("number", flat=True)) == list("123456")
        a = sv.assignment_at(self.event, 1, 1)
        assert a is not None and (a.ns_pair, a.ew_pair, a.boards) == ("1", "4", (1, 2))

    def test_table_secret_opens_only_its_table_and_stops_when_closed(self) -> None:
        token = tables.secret(self.t1)
        assert tables.table_for_token(token) == self.t1
        assert tables.table_for_token(token[:-1] + ("A" if token[-1] != "A" else "B")) is None
        assert tables.table_for_token("") is None
        sv.set_status(self.event, self.director, Event.Status.CLOSED)
        assert tables.table_for_token(token) is None

    def test_enter_scores_with_the_library_and_a_retry_is_one_entry(self) -> None:
        # Board 1: nobody vulnerable.  4S by N making: 4×30 = 120 trick score, + 300 for a
        # non-vulnerable game = 420.
        fields = {"board": 1, "contract": "4S", "declarer": "N", "lead": "HK", "result": "="}
        p = ev_entries.preview(self.event, 1, 1, fields)
        assert p.ok and p.entry is not None and p.entry.ns_score == 420
        first = ev_entries.enter(self.event, self.phone, round=1, table=1, fields=fields, key="k1")
        again = ev_entries.enter(self.event, self.phone, round=1, table=1, fields=fields, key="k1")
        assert first.created and not again.created and again.row.pk == first.row.pk
        assert ResultEntry.objects.filter(event=self.event).count() == 1
        assert first.row.result == "4S N =" and first.row.lead == "HK"

    def test_second_entry_for_the_board_is_a_conflict_showing_the_first(self) -> None:
        ev_entries.enter(self.event, self.phone, round=1, table=1,
                         fields={"board": 1, "contract": "3NT", "declarer": "S", "result": "+1"})
        with pytest.raises(ev_entries.Conflict) as got:
            ev_entries.enter(self.event, self.phone, round=1, table=1,
                             fields={"board": 1, "contract": "4S", "declarer": "N", "result": "="})
        assert got.value.existing.result == "3NT S +1"
        assert "already entered" in got.value.en and "已录入" in got.value.zh

    def test_board_not_in_round_and_impossible_result_are_refused(self) -> None:
        with pytest.raises(ev_entries.EntryRefused) as got:
            ev_entries.enter(self.event, self.phone, round=1, table=1,
                             fields={"board": 3, "contract": "4S", "declarer": "N", "result": "="})
        assert got.value.en == "board 3 is not played here in this round: expected 1, 2"
        assert got.value.zh == "本轮这里不打第3副：应为 1, 2"
        with pytest.raises(ev_entries.EntryRefused):
            ev_entries.enter(self.event, self.phone, round=1, table=1,
                             fields={"board": 1, "contract": "7NT", "declarer": "N",
                                     "result": "+1"})
        assert not ResultEntry.objects.filter(event=self.event).exists()

    def test_a_phone_reaches_only_its_own_table(self) -> None:
        with pytest.raises(sv.NotAllowed):
            ev_entries.enter(self.event, self.phone, round=1, table=2,
                             fields={"board": 3, "contract": "4S", "declarer": "N", "result": "="})
        with pytest.raises(sv.NotAllowed):  # a member who is no director
            ev_entries.enter(self.event, sv.Actor(self.bob), round=1, table=2,
                             fields={"board": 3, "contract": "4S", "declarer": "N", "result": "="})

    def test_table_corrects_until_the_round_is_closed_then_only_the_director(self) -> None:
        s = ev_entries.enter(self.event, self.phone, round=1, table=1,
                             fields={"board": 2, "contract": "2H", "declarer": "E", "result": "="})
        # Board 2: dealer E, NS vulnerable; 2H by E making: 60+50 = 110 to EW.
        fixed = ev_entries.correct(self.event, self.phone, s.row.seq,
                                   {"contract": "2H", "declarer": "E", "result": "+1"})
        assert fixed.row.kind == "correct" and fixed.row.replaces == s.row.seq
        sv.close_round(self.event, self.director, 1)
        with pytest.raises(sv.NotAllowed):
            ev_entries.correct(self.event, self.phone, fixed.row.seq,
                               {"contract": "2H", "declarer": "E", "result": "-1"})
        ev_entries.correct(self.event, self.director, fixed.row.seq,
                           {"contract": "2H", "declarer": "E", "result": "-1"}, reason="wrong card")
        live = ev_replay.state(self.event)
        (r,) = live.in_force().values()
        assert str(r.result) == "2H E -1"
        # Nothing was deleted: three rows, the first two superseded.
        assert ResultEntry.objects.filter(event=self.event).count() == 3

    def test_adjusted_score_and_audit_trail(self) -> None:
        ev_entries.adjust(self.event, self.director, round=1, table=1, board=1, ns_award="A+",
                          ew_award="A-", reason="slow play")
        rec = AuditRecord.objects.filter(event=self.event, action="result.enter").get()
        assert rec.by_user == self.alice and rec.after is not None
        assert rec.after["ns_award"] == "A+"
        actions = list(AuditRecord.objects.filter(event=self.event)
                       .values_list("action", flat=True))
        assert actions == ["event.create", "event.status", "result.enter"]

    def test_state_rebuilt_from_rows_equals_the_incremental_one(self) -> None:
        for board, contract in ((1, "4S"), (2, "3NT")):
            ev_entries.enter(self.event, self.phone, round=1, table=1,
                             fields={"board": board, "contract": contract, "declarer": "N",
                                     "result": "="})
        incremental = ev_replay.state(self.event)
        ev_replay.forget(int(self.event.pk))
        rebuilt = ev_replay.state(self.event)
        assert rebuilt.results() == incremental.results()
        assert [(p.pair, p.place) for p in rebuilt.standings()] == [
            (p.pair, p.place) for p in incremental.standings()]
