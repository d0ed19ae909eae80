"""Moving pairs: the event's lines written through the library, refused when results no
longer fit, audited."""

from __future__ import annotations

import pytest

from bridgescore.web.events import entries as ev_entries
from bridgescore.web.events import services as sv
from bridgescore.web.events.director import moves
from bridgescore.web.events.models import AuditRecord, Entrant

from .test_console import ConsoleTestCase


def lines(event: object, round: int) -> list[tuple[int, str, str]]:
    return [(a.table, a.ns_pair, a.ew_pair) for a in sv.assignments_of(event)  # type: ignore[arg-type]
            if a.round == round]


class MovesTest(ConsoleTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.run_event()

    def test_swap_two_pairs_in_one_round(self) -> None:
        # 3-table Mitchell round 2: EW pairs move up one table: 1v6, 2v4, 3v5.
        assert lines(self.event, 2) == [(1, "1", "6"), (2, "2", "4"), (3, "3", "5")]
        version = self.event.version
        moves.swap(self.event, self.director, 2, "1", "2")
        assert lines(self.event, 2) == [(1, "2", "6"), (2, "1", "4"), (3, "3", "5")]
        assert lines(self.event, 3) == [(1, "1", "5"), (2, "2", "6"), (3, "3", "4")]
        assert self.event.version == version + 1
        rec = AuditRecord.objects.get(event=self.event, action="pairs.swap")
        assert rec.subject == "pairs 1 and 2, round 2" and rec.by_user == self.alice
        # Boards move down one table a round: in round 2 table 1 plays set 2 (boards 3-4),
        # table 2 set 3 (boards 5-6).
        assert rec.before == ["round 2, table 1: 1 v 6 (boards 3, 4)",
                              "round 2, table 2: 2 v 4 (boards 5, 6)"]
        assert rec.after == ["round 2, table 1: 2 v 6 (boards 3, 4)",
                             "round 2, table 2: 1 v 4 (boards 5, 6)"]
        # A table now enters for its new pairs; the library checks them.
        t1 = self.event.table_set.get(number=1)
        p = ev_entries.preview(self.event, 2, 1, {"board": 3, "contract": "3NT S ="})
        assert p.ok and p.entry is not None and p.entry.ns_pair == "2"
        ev_entries.enter(self.event, sv.Actor(table=t1), round=2, table=1,
                         fields={"board": 3, "contract": "3NT S ="})

    def test_a_swap_refused_when_results_no_longer_fit(self) -> None:
        self.phone_enter(1, 1, 1, "4S N =")
        before = self.event.assignments
        with pytest.raises(moves.MoveRefused) as got:
            moves.swap(self.event, self.director, 1, "1", "2")
        assert got.value.en.startswith("the results already entered no longer fit: board 1: "
                                       "pairs 1 v 4 are not at table 1 in round 1")
        assert got.value.zh.startswith("已录入的成绩与此更改不符：第1副：")
        self.event.refresh_from_db()
        assert self.event.assignments == before
        assert not AuditRecord.objects.filter(event=self.event, action="pairs.swap").exists()

    def test_sit_out_then_a_late_pair_takes_a_phantom_place(self) -> None:
        moves.sit_out(self.event, self.director, "4", 1)
        assert lines(self.event, 1) == [(2, "2", "5"), (3, "3", "6")]
        assert moves.sitting_out(self.event, 1) == ["1", "4"]
        moves.withdraw(self.event, self.director, "6", 2)
        assert Entrant.objects.get(event=self.event, number="6").withdrawn
        assert [t for t, *_ in lines(self.event, 2)] == [2, 3]
        moves.late_pair(self.event, self.director, "6", 3)
        assert (2, "2", "6") in lines(self.event, 3)
        assert not Entrant.objects.get(event=self.event, number="6").withdrawn
        assert [r.action for r in AuditRecord.objects.filter(event=self.event)][-3:] == [
            "pairs.sit_out", "pairs.withdraw", "pairs.late"]

    def test_bad_moves_say_why_in_both_languages(self) -> None:
        with pytest.raises(moves.MoveRefused) as got:
            moves.swap(self.event, self.director, 1, "1", "99")
        assert got.value.en == "there is no pair '99' in this session: pairs are 1, 2, 3, 4, 5, 6"
        assert got.value.zh == "本场比赛没有第 '99' 对：参赛对为 1, 2, 3, 4, 5, 6"
        with pytest.raises(moves.MoveRefused) as got:
            moves.sit_out(self.event, self.director, "1", 7)
        assert got.value.en == "there is no round 7: rounds are 1-3"
        with pytest.raises(moves.MoveRefused) as got:
            moves.late_pair(self.event, self.director, "1", 1)
        assert "has no free place" in got.value.en
        with pytest.raises(sv.NotAllowed):
            moves.swap(self.event, sv.Actor(self.bob), 1, "1", "2")
        assert self.event.assignments is None

    def test_the_page_shows_form_errors_and_changes_nothing(self) -> None:
        self.phone_enter(1, 1, 1, "4S N =")
        c = self.login(self.alice)
        url = self.url + "movement"
        r = c.post(url, {"do": "swap", "swap-round": "1", "swap-pair_a": "1",
                         "swap-pair_b": "2"})
        assert r.status_code == 200
        assert "the results already entered no longer fit" in r.content.decode()
        r = c.post(url, {"do": "swap", "swap-round": "1", "swap-pair_a": "1",
                         "swap-pair_b": "2"}, headers=self.zh())
        assert "已录入的成绩与此更改不符" in r.content.decode()
        self.event.refresh_from_db()
        assert self.event.assignments is None
        r = c.post(url, {"do": "sit_out", "sit_out-pair": "5", "sit_out-round": "2"})
        assert r.status_code == 302
        page = c.get(url).content.decode()
        assert "Sitting out:" in page
        self.event.refresh_from_db()
        assert (3, "3", "5") not in lines(self.event, 2)
