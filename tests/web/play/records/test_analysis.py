"""Every finished board analysed card by card in the background and shown on its game record
(``web.play.analysis``): once, as the library analyses it, never for a board in play, with the
reason for a board that cannot be analysed, and the page never waiting for it."""

from __future__ import annotations

import random
from itertools import pairwise
from typing import ClassVar

from django.test import override_settings

from bridgescore.core.contract import Contract
from bridgescore.core.seat import Seat
from bridgescore.core.strain import Strain
from bridgescore.deals.analysis import analyse_record
from bridgescore.table.state import Phase
from bridgescore.web.accounts.models import User
from bridgescore.web.events.models import Event
from bridgescore.web.play import analysis, position, records, services
from bridgescore.web.play.models import PlayBoard, PlayBoardAnalysis, PlayTable

from ...base import BaseTestCase
from .helpers import play_board, team_match

FAST = override_settings(BRIDGESCORE_PLAY_ROBOT_SECONDS=0, BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS=0)


def pass_out(table: PlayTable, players: list[User]) -> PlayBoard:
    board = position.current_board(table)
    assert board is not None
    for _ in range(4):
        seat = position.state_of(board).to_act[0]
        services.act(table, players[seat.value], {"type": "call", "call": "Pass"})
    board.refresh_from_db()
    return board


@FAST
class AnalysisTest(BaseTestCase):
    event: ClassVar[Event]
    open: ClassVar[PlayTable]
    closed: ClassVar[PlayTable]
    people: ClassVar[list[User]]
    played: ClassVar[PlayBoard]
    passed: ClassVar[PlayBoard]
    in_play: ClassVar[PlayBoard]

    @classmethod
    def setUpTestData(cls) -> None:
        super().setUpTestData()
        with FAST:
            cls.event, cls.open, cls.closed, cls.people = team_match(cls.north, cls.alice)
            # A board with cards played (the random auction may pass a board out: then
            # the table's second board).
            for seed in (1, 2):
                board = play_board(cls.open, cls.people[0:4], random.Random(seed))
                if board.result not in ("", "pass"):
                    cls.played = board
                    break
            else:
                raise AssertionError("both boards were passed out")
            cls.passed = pass_out(cls.closed, cls.people[4:8])
            cls.in_play = play_board(cls.closed, cls.people[4:8], random.Random(3),
                                     stop_after=6)

    def page(self, board: PlayBoard, zh: bool = False) -> str:
        self.client.force_login(self.people[0])
        r = self.client.get(f"/play/boards/{board.pk}/", headers=self.zh() if zh else {})
        self.assertEqual(r.status_code, 200)
        return r.content.decode()

    def test_a_finished_board_is_analysed_once_as_the_library_does(self) -> None:
        assert self.in_play.finished is None
        due = {b.pk for b in analysis.due(100)}
        assert self.played.pk in due and self.passed.pk in due and self.in_play.pk not in due
        stored = analysis.analyse_due(100)
        assert stored == len(due)
        assert analysis.analyse_due(100) == 0  # once
        assert not PlayBoardAnalysis.objects.filter(board=self.in_play).exists()
        row = PlayBoardAnalysis.objects.get(board=self.played)
        want = analyse_record(records.record_of(self.played))
        assert row.data is not None
        assert {k: v for k, v in row.data.items() if k != "par_text"} == want.to_dict()
        assert want.par is not None  # the board's number gives the dealer and vulnerability
        assert row.data["par_text"] == {"en": want.par.format("en", symbols=True),
                                        "zh": want.par.format("zh", symbols=True)}
        # Independent of the replay: the total before the lead is the double-dummy table's
        # entry for the contract's strain and declarer, and every card's total is the one
        # before the next card.
        state = position.state_of(self.played)
        contract, declarer = state.contract, state.declarer
        assert isinstance(contract, Contract) and isinstance(declarer, Seat)
        strain: Strain = contract.strain
        assert row.data["dd_start"] == row.data["dd_table"][strain.letter][declarer.letter]
        cards = row.data["cards"]
        assert state.play is not None
        assert len(cards) == sum(len(t.cards) for t in state.play.tricks) + len(
            state.play.current.cards)
        for a, b in pairwise(cards):
            assert a["dd_after"] == b["dd_before"]
            assert a["cost"] == (a["dd_before"] - a["dd_after"] if Seat.parse(a["seat"]).side
                                 is declarer.side else a["dd_after"] - a["dd_before"])
            assert bool(a["better"]) == bool(a["cost"])
        assert state.phase is Phase.DONE

    def test_a_board_that_cannot_be_analysed_says_why(self) -> None:
        analysis.analyse_due(100)
        row = PlayBoardAnalysis.objects.get(board=self.passed)
        assert row.data is None
        assert "passed out" in row.note_en and "四家不叫" in row.note_zh
        assert "passed out" in self.page(self.passed)
        assert "四家不叫" in self.page(self.passed, zh=True)

    def test_the_page_never_waits_and_then_shows_it_in_both_languages(self) -> None:
        text = self.page(self.played)
        assert "Double-dummy analysis" in text and "being analysed" in text
        assert "双明手分析" in self.page(self.played, zh=True)
        analysis.analyse_due(100)
        row = PlayBoardAnalysis.objects.get(board=self.played)
        assert row.data is not None
        en, zh = self.page(self.played), self.page(self.played, zh=True)
        assert "being analysed" not in en
        from django.utils.html import escape

        assert escape(row.data["summary"]["en"]) in en
        assert escape(row.data["summary"]["zh"]) in zh and "Double-dummy" not in zh
        for line in row.data["account"]["en"]:
            assert escape(line) in en
        assert en.count('class="cost"') == sum(1 for c in row.data["cards"] if c["cost"])
        assert "Double-dummy tricks by declarer" in en and "各家做庄的双明手墩数" in zh

    def test_the_sweep_starts_nothing_when_every_board_is_analysed(self) -> None:
        analysis.analyse_due(100)
        assert analysis.due(100) == []
        assert analysis.sweep() == 0
